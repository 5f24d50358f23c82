package eval

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
)

// The bundled real labelled logs (HAGRID dev, 40 ExpertQA dev
// conversations; see their READMEs).
var (
	hagridLogs, hagridLabels     = filepath.Join("..", "testdata", "hagrid", "dev.jsonl"), filepath.Join("..", "testdata", "hagrid", "dev.labels.jsonl")
	expertqaLogs, expertqaLabels = filepath.Join("..", "testdata", "expertqa", "sample.jsonl"), filepath.Join("..", "testdata", "expertqa", "sample.labels.jsonl")
)

// auditLogs audits logs as eval and calibrate do, with the default
// configuration (no embedder).
func auditLogs(t *testing.T, logs ...string) *Audited {
	t.Helper()
	cfg := audit.DefaultConfig()
	cfg.Model = audit.DefaultModelNoEmbed()
	var a Audited
	if _, err := pipeline.Run(context.Background(), pipeline.Options{Files: logs, Audit: cfg, Embed: pipeline.Embedding{Kind: pipeline.EmbedNone}, Workers: 2}, &a); err != nil {
		t.Fatal(err)
	}
	return &a
}

// Calibrate fits on the single citations the labels judge and writes a
// config file the audit reads back; a label file matching no finding is
// an error naming it.
func TestCalibrateWritesAModelTheAuditReads(t *testing.T) {
	a := auditLogs(t, hagridLogs)
	cal, err := Calibrate(a, CalibrateOptions{Labels: []string{hagridLabels}, Model: audit.WithoutEmbedder, Name: "calibrated:none",
		Embedder: "none", Version: "test", MinTenantLabels: 60, Folds: 5})
	if err != nil {
		t.Fatal(err)
	}
	if cal.Fitted < 150 || len(cal.CV) == 0 || cal.File.FittedOn[0].Pairs != cal.Fitted || len(cal.File.FittedOn[0].SHA256) != 64 {
		t.Errorf("fitted on %d, %d CV rows, %+v", cal.Fitted, len(cal.CV), cal.File.FittedOn)
	}
	path := filepath.Join(t.TempDir(), "config.json")
	if err := cal.Write(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mf, err := audit.ParseModelFile(b)
	if err != nil || mf.Embedder != "none" || mf.Model.Name != "calibrated:none" || len(mf.Model.HardFail) != len(audit.Decisive()) {
		t.Errorf("config %+v: %v", mf, err)
	}
	if _, err := Calibrate(a, CalibrateOptions{Labels: []string{expertqaLabels}, Model: audit.WithoutEmbedder}); err == nil ||
		!strings.Contains(err.Error(), expertqaLabels) {
		t.Errorf("labels of other logs: %v", err)
	}
}

// A tenant gets its own threshold only with enough labels of each class.
func TestTenantThresholdsNeedEnoughLabels(t *testing.T) {
	m := audit.Model{Bias: -1, Weights: map[string]float64{"plain_overlap": 2}, Threshold: 0.5}
	var items []item
	add := func(tenant string, n int) {
		for i := range n {
			sup := i%2 == 0
			plain := 0.2 + 0.1*float64(i%3)
			if sup {
				plain += 0.4
			}
			items = append(items, item{Tenant: tenant, Supported: sup, Features: vec(map[string]float64{"plain_overlap": plain})})
		}
	}
	add("big", 60)
	add("small", 40)
	got := tenantThresholds(m, items, 60)
	if _, ok := got["big"]; !ok || len(got) != 1 {
		t.Errorf("thresholds %v: want one for big only", got)
	}
	if got := tenantThresholds(m, items, 0); got != nil {
		t.Errorf("with no minimum set: %v", got)
	}
}

// Evaluate scores each label file, leaves each data set out in turn, and
// a minimum it misses is a target missed.
func TestEvaluateHoldsEachDataSetOut(t *testing.T) {
	a := auditLogs(t, hagridLogs, expertqaLogs)
	o := Options{Labels: []string{hagridLabels, expertqaLabels}, LODO: true, Procedure: Shipped(audit.WithoutEmbedder),
		MinBA: map[string]float64{"hagrid/citation": 0.99}}
	rep, err := Evaluate(a, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Sets) != 2 || rep.LODO == nil || len(rep.LODO.Rows) < 3 || !rep.Missed() {
		t.Errorf("sets %d, lodo %+v, missed %v", len(rep.Sets), rep.LODO, rep.Missed())
	}
	var text strings.Builder
	if err := WriteText(&text, rep); err != nil || !strings.Contains(text.String(), "leave-one-dataset-out") ||
		!strings.Contains(text.String(), "NOT MET (must)") {
		t.Errorf("text %q: %v", text.String(), err)
	}
}
