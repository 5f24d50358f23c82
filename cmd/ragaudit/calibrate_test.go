package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// reviewedSample draws n citations of the bundled HAGRID logs and labels
// them with its human labels, as ragaudit review would.
func reviewedSample(t *testing.T, n, seed string) string {
	t.Helper()
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", n, "--seed", seed, "-o", sample, hagridLogs); r.code != exitPass {
		t.Fatalf("sample exit %d: %s", r.code, r.stderr)
	}
	labels, _ := simulateReview(t, sample)
	return labels
}

// agreeingReview labels a sample of the HAGRID logs as the machine judged
// each citation.
func agreeingReview(t *testing.T, n, seed string) string {
	t.Helper()
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", n, "--seed", seed, "-o", sample, hagridLogs); r.code != exitPass {
		t.Fatalf("sample exit %d: %s", r.code, r.stderr)
	}
	audited := runCLI(t, "", "audit", "-q", "--no-project", "--bar", "0", hagridLogs)
	if audited.code != exitPass {
		t.Fatalf("audit exit %d: %s", audited.code, audited.stderr)
	}
	key := func(d map[string]any) string {
		b, _ := json.Marshal([]any{d["conversation_id"], d["message_index"], d["char_start"], d["char_end"], d["citation"]})
		return string(b)
	}
	machine := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(audited.out, "findings.jsonl")))), "\n") {
		var f map[string]any
		json.Unmarshal([]byte(l), &f)
		machine[key(f)], _ = f["verdict"].(string)
	}
	path := filepath.Join(t.TempDir(), "labels.jsonl")
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, sample))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		v, ok := machine[key(d)]
		if !ok {
			t.Fatalf("no finding for sampled citation %s", key(d))
		}
		if v != "supported" {
			v = "unsupported"
		}
		d["label"], d["reviewer"] = v, "agrees with the machine"
		line, _ := json.Marshal(d)
		b.Write(append(line, '\n'))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// machineRate is the share of citations a run calls supported.
func machineRate(t *testing.T, r runResult) float64 {
	by := counts(t, r)["citations_by_verdict"].(map[string]any)
	var all float64
	for _, v := range []string{"supported", "unsupported", "fabricated"} {
		if n, ok := by[v].(float64); ok {
			all += n
		}
	}
	return by["supported"].(float64) / all
}

// calibrate fits the operating point on a reviewed sample; the file it
// writes records why, and audit with it calls as many citations supported
// as calibrate said it would. A calibration the labels do not show better
// is not written, and the command exits 1 saying so.
func TestCalibrateWritesOnlyABetterOperatingPoint(t *testing.T) {
	labels := reviewedSample(t, "300", "3")
	model := filepath.Join(t.TempDir(), "model.json")
	r := runCLI(t, "", "calibrate", "--no-project", "--labels", labels, "-o", model, hagridLogs)
	if r.code != exitPass {
		t.Fatalf("exit %d: %s\n%s", r.code, r.stderr, r.stdout)
	}
	for _, want := range []string{"calibrated on ", "ragaudit sample ", "human rate from the labels: ", "word-overlap rule, same fit", "wrote " + model} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("calibrate does not say %q:\n%s", want, r.stdout)
		}
	}
	b, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	mf, err := audit.ParseModelFile(b)
	if err != nil || mf.Calibration == nil || mf.Calibration.Sample == "" || mf.Calibration.Before.Threshold != audit.DefaultModelNoEmbed().Threshold {
		t.Fatalf("model file %s: %v", b, err)
	}
	before := runCLI(t, "", "audit", "-q", "--no-project", "--bar", "0", hagridLogs)
	after := runCLI(t, "", "audit", "-q", "--no-project", "--bar", "0", "--config", model, hagridLogs)
	if got, want := machineRate(t, after), mf.Calibration.MachineRate[1]; abs(got-want) > 1e-6 || abs(machineRate(t, before)-mf.Calibration.MachineRate[0]) > 1e-6 {
		t.Errorf("machine rate with the file %.6f, calibrate said %.6f (before %.6f, said %.6f)", got, want, machineRate(t, before), mf.Calibration.MachineRate[0])
	}
	if !strings.HasPrefix(mf.Model.Name, "calibrated:none @ sample ") || !reflect.DeepEqual(mf.Model.Weights, audit.DefaultModelNoEmbed().Weights) {
		t.Errorf("model %q: want the shipped weights under a name that says where its threshold comes from", mf.Model.Name)
	}
	// The next sample is drawn under the calibrated model.
	next := filepath.Join(t.TempDir(), "next.jsonl")
	if r := runCLI(t, "", "sample", "-q", "--no-project", "--config", model, "-n", "50", "--seed", "5", "-o", next, hagridLogs); r.code != exitPass ||
		!strings.Contains(string(readFile(t, next)), mf.Model.Name) {
		t.Errorf("sample --config: exit %d %s", r.code, r.stderr)
	}
	// --weights refits the weights too, tested the same way.
	weighted := filepath.Join(t.TempDir(), "weighted.json")
	if r := runCLI(t, "", "calibrate", "--no-project", "--weights", "--labels", labels, "-o", weighted, hagridLogs); r.code != exitPass {
		t.Fatalf("--weights: exit %d: %s\n%s", r.code, r.stderr, r.stdout)
	}
	var wf audit.ModelFile
	json.Unmarshal(readFile(t, weighted), &wf)
	if !strings.HasPrefix(wf.Model.Name, "weights refitted @ sample ") || reflect.DeepEqual(wf.Model.Weights, audit.DefaultModelNoEmbed().Weights) ||
		wf.Model.Weights["embed_sim"] != 0 {
		t.Errorf("--weights wrote %q with weights %v", wf.Model.Name, wf.Model.Weights)
	}
	// A reviewer who agrees with the machine on every citation: the
	// shipped operating point cannot be bettered, so nothing is written.
	// (A real sample near that edge tipped either way with one verdict.)
	few := agreeingReview(t, "120", "9")
	none := filepath.Join(t.TempDir(), "none.json")
	r = runCLI(t, "", "calibrate", "--no-project", "--labels", few, "-o", none, hagridLogs)
	if r.code != exitFail || !strings.Contains(r.stdout, "NOT written") || !strings.Contains(r.stderr, "was not written") {
		t.Errorf("few labels: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(none); err == nil {
		t.Error("a calibration that is not better was written")
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Labels drawn under one configuration do not calibrate another (their
// strata are another machine's verdicts), and a label file of other logs
// is refused.
func TestCalibrateRefusesLabelsOfAnotherConfiguration(t *testing.T) {
	labels := reviewedSample(t, "100", "4")
	r := runCLI(t, "", "calibrate", "--no-project", "--threshold", "0.7", "--labels", labels, "-o", filepath.Join(t.TempDir(), "m.json"), hagridLogs)
	if r.code != exitUsage || !strings.Contains(r.stderr, "drawn under another audit configuration") {
		t.Errorf("another threshold: exit %d %s", r.code, r.stderr)
	}
	r = runCLI(t, "", "calibrate", "--no-project", "--labels", labels, "-o", filepath.Join(t.TempDir(), "m.json"), testdata+"/example.jsonl")
	if r.code != exitUsage || !strings.Contains(r.stderr, "no label judges a citation of these logs") {
		t.Errorf("other logs: exit %d %s", r.code, r.stderr)
	}
}

// The guard reads the file calibrate writes: a tenant's calibrated
// threshold decides its answers in check as in audit.
func TestGuardUsesTheCalibratedModelFile(t *testing.T) {
	labels := reviewedSample(t, "300", "3")
	model := filepath.Join(t.TempDir(), "model.json")
	if r := runCLI(t, "", "calibrate", "--no-project", "--labels", labels, "-o", model, hagridLogs); r.code != exitPass {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var mf audit.ModelFile
	json.Unmarshal(readFile(t, model), &mf)
	input := checkInput("Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]. Our loyalty programme rewards frequent buyers generously [ref-5e6f7a8b].")
	decision := func(args ...string) string {
		r := runCLI(t, input, append(append([]string{"check", "--no-project"}, args...), "-")...)
		var d struct {
			Action string `json:"action"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &d); err != nil {
			t.Fatalf("exit %d: %s %s", r.code, r.stdout, r.stderr)
		}
		return d.Action
	}
	if got := decision("--config", model); got != "annotate" {
		t.Errorf("with the calibrated file as written: %s, want annotate (the loyalty claim fails)", got)
	}
	mf.Model.TenantThresholds = map[string]float64{"acme": 0.01}
	b, _ := json.Marshal(mf)
	lenient := filepath.Join(t.TempDir(), "lenient.json")
	os.WriteFile(lenient, b, 0o644)
	if got := decision("--config", lenient); got != "pass" {
		t.Errorf("with acme's threshold at 0.01: %s, want pass", got)
	}
}

// audit --labels --calibrate fits on the same labels and writes the file
// for the next runs; the run's verified rate is the same as without it
// (the estimate uses the configuration the sample was drawn under), and
// --calibrate without labels is a usage error.
func TestAuditCalibrateKeepsTheVerifiedRate(t *testing.T) {
	labels := reviewedSample(t, "300", "3")
	model := filepath.Join(t.TempDir(), "model.json")
	plain := runCLI(t, "", "audit", "-q", "--no-project", "--labels", labels, hagridLogs)
	r := runCLI(t, "", "audit", "--no-project", "--labels", labels, "--calibrate", "--config-out", model, hagridLogs)
	v, cal := summaryOf(t, r)["verified"].(map[string]any), map[string]any(nil)
	if v != nil {
		cal, _ = v["calibration"].(map[string]any)
	}
	if cal == nil || cal["written"] != true || !strings.Contains(r.stdout, "Wrote "+model+" for the next runs") {
		t.Fatalf("exit %d, calibration %v:\n%s", r.code, cal, r.stdout)
	}
	pv := summaryOf(t, plain)["verified"].(map[string]any)
	for _, k := range []string{"estimate", "ci95_low", "ci95_high", "decision"} {
		if pv[k] != v[k] {
			t.Errorf("verified %s is %v with --calibrate, %v without", k, v[k], pv[k])
		}
	}
	if r.code != plain.code {
		t.Errorf("exit %d with --calibrate, %d without", r.code, plain.code)
	}
	if _, err := os.Stat(model); err != nil {
		t.Errorf("model file: %v", err)
	}
	// The calibrating labels do not verify the calibrated configuration,
	// and the refusal says what to do instead.
	if r := runCLI(t, "", "audit", "-q", "--no-project", "--config", model, "--labels", labels, hagridLogs); r.code != exitUsage ||
		!strings.Contains(r.stderr, "these labels are the sample --config was calibrated on") {
		t.Errorf("the calibrating labels with the calibrated config: exit %d %s", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "--no-project", "--calibrate", hagridLogs); r.code != exitUsage || !strings.Contains(r.stderr, "--calibrate needs --labels") {
		t.Errorf("--calibrate without labels: exit %d %s", r.code, r.stderr)
	}
}

// A small sample whose labels fit no threshold (fewer than 10 of a
// verdict) leaves audit --calibrate its report and exit code, with a
// warning; calibrate alone fails on it.
func TestAuditCalibrateWithTooFewLabelsKeepsTheAudit(t *testing.T) {
	labels := reviewedSample(t, "12", "5")
	model := filepath.Join(t.TempDir(), "model.json")
	plain := runCLI(t, "", "audit", "-q", "--no-project", "--labels", labels, hagridLogs)
	r := runCLI(t, "", "audit", "-q", "--no-project", "--labels", labels, "--calibrate", "--config-out", model, hagridLogs)
	if r.code != plain.code || !strings.Contains(r.stderr, "--calibrate: no threshold fitted") {
		t.Fatalf("exit %d (without --calibrate %d): %s", r.code, plain.code, r.stderr)
	}
	if _, err := os.Stat(filepath.Join(r.out, "summary.json")); err != nil {
		t.Errorf("no report: %v", err)
	}
	if _, err := os.Stat(model); err == nil {
		t.Errorf("%s written from labels that fit nothing", model)
	}
	if c := runCLI(t, "", "calibrate", "--no-project", "--labels", labels, "-o", model, hagridLogs); c.code != exitUsage || !strings.Contains(c.stderr, "a threshold needs at least 10 of each") {
		t.Errorf("calibrate: exit %d: %s", c.code, c.stderr)
	}
}
