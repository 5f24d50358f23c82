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

// FitModel fits the shipped procedure on the single citations the labels
// judge and makes a model file the audit reads back; a label file
// matching no finding is an error naming it.
func TestFitModelWritesAModelTheAuditReads(t *testing.T) {
	a := auditLogs(t, hagridLogs)
	mf, err := FitModel(a, FitModelOptions{Labels: []string{hagridLabels}, Model: audit.WithoutEmbedder, Name: "calibrated:none",
		Embedder: "none", Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if mf.FittedOn[0].Pairs < 150 || len(mf.FittedOn[0].SHA256) != 64 || mf.Calibration != nil {
		t.Errorf("fitted on %+v, calibration %v", mf.FittedOn, mf.Calibration)
	}
	path := filepath.Join(t.TempDir(), "config.json")
	if err := WriteModelFile(path, mf); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	back, err := audit.ParseModelFile(b)
	if err != nil || back.Embedder != "none" || back.Model.Name != "calibrated:none" || len(back.Model.HardFail) != len(audit.Decisive()) {
		t.Errorf("config %+v: %v", back, err)
	}
	if _, err := FitModel(a, FitModelOptions{Labels: []string{expertqaLabels}, Model: audit.WithoutEmbedder}); err == nil ||
		!strings.Contains(err.Error(), expertqaLabels) {
		t.Errorf("labels of other logs: %v", err)
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
