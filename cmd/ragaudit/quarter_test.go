package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// splitLogs writes the lines of a JSONL log into n files of consecutive
// lines ("months"), in dir.
func splitLogs(t *testing.T, log, dir string, n int) []string {
	t.Helper()
	lines := strings.SplitAfter(strings.TrimSpace(string(readFile(t, log))), "\n")
	var out []string
	for k := range n {
		path := filepath.Join(dir, fmt.Sprintf("month-%d.jsonl", k+1))
		part := lines[k*len(lines)/n : (k+1)*len(lines)/n]
		if err := os.WriteFile(path, []byte(strings.TrimSuffix(strings.Join(part, ""), "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, path)
	}
	return out
}

// Three months, each sampled and reviewed in its month, verify the
// quarter: each month's labels stand for its own citations (strata of
// logs × tenant × verdict), and the interval covers the rate of the whole
// quarter labelled by the same people. Logs a sample needs left out, or a
// log no sample was drawn from, are refused by name.
func TestMonthlySamplesVerifyTheQuarter(t *testing.T) {
	dir := t.TempDir()
	months := splitLogs(t, hagridLogs, dir, 3)
	var labelArgs []string
	for k, m := range months {
		sample := filepath.Join(dir, fmt.Sprintf("sample-%d.jsonl", k+1))
		if r := runCLI(t, "", "sample", "-q", "-n", "60", "--seed", fmt.Sprint(20+k), "-o", sample, m); r.code != exitPass {
			t.Fatalf("sample of %s: exit %d %s", m, r.code, r.stderr)
		}
		labels, _ := simulateReview(t, sample)
		labelArgs = append(labelArgs, "--labels", labels)
	}
	r := runCLI(t, "", append(append([]string{"audit", "-q", "--bar", "0.2"}, labelArgs...), months...)...)
	if r.code != exitPass {
		t.Fatalf("the quarter with its three months' labels: exit %d %s %s", r.code, r.stdout, r.stderr)
	}
	v := summaryOf(t, r)["verified"].(map[string]any)
	if v["samples"] != float64(3) || !strings.Contains(v["design"].(string), "3 samples drawn by ragaudit sample, each of its own logs") || strings.Contains(r.stdout, "taken as random") {
		t.Errorf("the design does not name the three samples: samples %v, %q; %q", v["samples"], v["design"], r.stdout)
	}
	// Every citation of the quarter labelled by the same reviewers (a
	// census) gives the rate the interval must cover.
	census := filepath.Join(dir, "census.jsonl")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, hagridLabels))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		b, _ := json.Marshal(map[string]any{"conversation_id": d["conversation_id"], "message_index": d["message_index"], "char_start": d["char_start"],
			"char_end": d["char_end"], "citation_marker": d["citation_marker"], "label": d["label"]})
		lines = append(lines, string(b))
	}
	os.WriteFile(census, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	truth := summaryOf(t, runCLI(t, "", append([]string{"audit", "-q", "--labels", census}, months...)...))["verified"].(map[string]any)["estimate"].(float64)
	if lo, hi := v["ci95_low"].(float64), v["ci95_high"].(float64); !(lo <= truth && truth <= hi) {
		t.Errorf("the quarter's interval %.3f–%.3f misses the rate of all its citations labelled, %.3f", lo, hi, truth)
	}
	// Past one machine: the months' units audited as shards and merged
	// with the same label files give the same verified figures.
	plan, run := filepath.Join(dir, "plan.json"), filepath.Join(dir, "run")
	if code, se := ragaudit(t, append([]string{"plan", "--shards", "2", "-o", plan}, months...)...); code != 0 {
		t.Fatalf("plan: %d %s", code, se)
	}
	for i := range 2 {
		if code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", fmt.Sprintf("%d/2", i), "--out", run); code != 0 {
			t.Fatalf("shard %d: %d %s", i, code, se)
		}
	}
	merged := filepath.Join(dir, "merged")
	if code, se := ragaudit(t, append(append([]string{"merge", "-q", "--bar", "0.2", "--out", merged}, labelArgs...), run)...); code != exitPass {
		t.Fatalf("merge with the months' labels: exit %d %s", code, se)
	}
	var m struct{ Verified map[string]any }
	json.Unmarshal(readFile(t, filepath.Join(merged, "summary.json")), &m)
	if m.Verified["estimate"] != v["estimate"] || m.Verified["ci95_low"] != v["ci95_low"] || m.Verified["samples"] != float64(3) {
		t.Errorf("merged: %v; one machine: %v", m.Verified["estimate"], v["estimate"])
	}
	for _, tc := range []struct {
		name string
		logs []string
		want string
	}{
		{"a month left out", months[:2], "is not among these logs"},
		{"a log no sample was drawn from", append(append([]string{}, months...), filepath.Join(testdata, "example.jsonl")), "none of them was drawn from it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append(append([]string{"audit", "-q"}, labelArgs...), tc.logs...)...)
			if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
				t.Errorf("exit %d %q, want exit %d naming %q", r.code, r.stderr, exitUsage, tc.want)
			}
		})
	}
}

// Labels not drawn by ragaudit sample (the sample's fields dropped) that
// are no census say in every headline that they were taken as random: a
// quarter's labels pooled so had passed below the bar.
func TestSelfChosenLabelsSayTheirAssumption(t *testing.T) {
	// HAGRID's human labels but one: no census, no sample's fields
	lines := strings.Split(strings.TrimSpace(string(readFile(t, hagridLabels))), "\n")[1:]
	labels := filepath.Join(t.TempDir(), "labels.jsonl")
	os.WriteFile(labels, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r := runCLI(t, "", "audit", "-q", "--bar", "0.2", "--labels", labels, hagridLogs)
	const said = "labels not drawn by ragaudit sample, taken as random"
	if v := summaryOf(t, r)["verified"].(map[string]any); v["self_chosen"] != true || !strings.HasPrefix(r.stdout, "PASS ("+said+"): ") {
		t.Errorf("self_chosen %v, status %q", v["self_chosen"], r.stdout)
	}
	if html := string(readFile(t, filepath.Join(r.out, "report.html"))); !strings.Contains(html, `id="self-chosen">`+said) {
		t.Error("report.html's headline does not say the labels were taken as random")
	}
}

// A review stopped part way through its sample is told to review the
// rest of the sample, not to draw a larger one: the citations drawn and
// not labelled yet are the next to judge.
func TestAReviewStoppedEarlyIsToldToReviewTheRest(t *testing.T) {
	sample := filepath.Join(t.TempDir(), "sample.jsonl")
	if r := runCLI(t, "", "sample", "-q", "-n", "150", "--seed", "5", "-o", sample, hagridLogs); r.code != exitPass {
		t.Fatalf("sample: exit %d %s", r.code, r.stderr)
	}
	// The reviewer labels the first 110 lines in review order (every
	// seventh unsupported), then stops.
	var lines []string
	for i, l := range strings.Split(strings.TrimSpace(string(readFile(t, sample))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		d["label"], d["reviewer"] = "supported", "anna"
		if i%7 == 3 {
			d["label"] = "unsupported"
		}
		b, _ := json.Marshal(d)
		lines = append(lines, string(b))
	}
	labels := filepath.Join(t.TempDir(), "labels.jsonl")
	os.WriteFile(labels, []byte(strings.Join(lines[:110], "\n")+"\n"), 0o644)
	r := runCLI(t, "", "audit", "-q", "--bar", "0.5", "--labels", labels, hagridLogs)
	bar := summaryOf(t, r)["verified"].(map[string]any)["estimate"].(float64)
	r = runCLI(t, "", "audit", "-q", "--bar", fmt.Sprint(bar), "--labels", labels, hagridLogs)
	if want := fmt.Sprintf("the sample drawn holds %d citations not labelled yet; review them", len(lines)-110); r.code != exitInconclusive && r.code != exitInconclusiveBelow || !strings.Contains(r.stdout, want) {
		t.Errorf("exit %d, want the advice %q: %s", r.code, want, r.stdout)
	}
}

// Labels chosen only among the citations the machine passes leave the
// machine's failures without a label: their rate is bounded, not
// estimated, so the run is never INCONCLUSIVE above the bar (exit 3,
// which CI recipes let through), and the status says which groups lack
// labels.
func TestLabelsOfOneVerdictGroupDoNotPassAsAbove(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", hagridLogs)
	passed := map[string]bool{}
	for _, f := range findingsOf(t, r) {
		if f.Verdict == "supported" {
			b, _ := json.Marshal([]any{f.ConversationID, f.MessageIndex, f.CharStart, f.CharEnd, f.Marker})
			passed[string(b)] = true
		}
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, hagridLabels))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		b, _ := json.Marshal([]any{d["conversation_id"], d["message_index"], d["char_start"], d["char_end"], d["citation_marker"]})
		if passed[string(b)] {
			d["label"] = "supported" // a reviewer who saw only what passed, and agreed
			b, _ := json.Marshal(d)
			lines = append(lines, string(b))
		}
	}
	labels := filepath.Join(t.TempDir(), "labels.jsonl")
	os.WriteFile(labels, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r = runCLI(t, "", "audit", "-q", "--bar", "0.8", "--labels", labels, hagridLogs)
	v := summaryOf(t, r)["verified"].(map[string]any)
	if v["unsampled"].(float64) == 0 || r.code != exitInconclusiveBelow || !strings.Contains(r.stdout, "of tenant and verdict groups without a label") ||
		!strings.Contains(r.stdout, "verified citation accuracy of the groups labelled") {
		t.Errorf("%d labels, unsampled %v: exit %d, %q", len(lines), v["unsampled"], r.code, r.stdout)
	}
}

// Labels not drawn by ragaudit sample that label one log file closely and
// another sparsely are refused, naming both files and their shares:
// taken as one random sample, the first file's labels would stand for the
// second's citations.
func TestSelfChosenLabelsOfFilesAtVeryDifferentSharesAreRefused(t *testing.T) {
	dir := t.TempDir()
	months := splitLogs(t, hagridLogs, dir, 2)
	inFirst := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, months[0]))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		inFirst[d["conversation_id"].(string)] = true
	}
	var lines []string
	second := 0
	for _, l := range strings.Split(strings.TrimSpace(string(readFile(t, hagridLabels))), "\n") {
		var d map[string]any
		json.Unmarshal([]byte(l), &d)
		if !inFirst[d["conversation_id"].(string)] {
			if second++; second%10 != 0 { // a tenth of the second month's
				continue
			}
		}
		b, _ := json.Marshal(map[string]any{"conversation_id": d["conversation_id"], "message_index": d["message_index"], "char_start": d["char_start"],
			"char_end": d["char_end"], "citation_marker": d["citation_marker"], "label": d["label"]})
		lines = append(lines, string(b))
	}
	labels := filepath.Join(dir, "labels.jsonl")
	os.WriteFile(labels, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	r := runCLI(t, "", append([]string{"audit", "-q", "--labels", labels}, months...)...)
	if r.code != exitUsage || !strings.Contains(r.stderr, "no random sample labels files so unevenly") || !strings.Contains(r.stderr, months[0]) || !strings.Contains(r.stderr, months[1]) {
		t.Errorf("exit %d %q", r.code, r.stderr)
	}
}

// An INCOMPLETE run with labels (a log cut short) still shows what the
// labels say in summary.txt, which its worst failures point to.
func TestIncompleteRunShowsTheVerifiedRate(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(readFile(t, hagridLogs))
	zw.Close()
	cut := filepath.Join(t.TempDir(), "cut.jsonl.gz")
	os.WriteFile(cut, buf.Bytes()[:buf.Len()-200], 0o644)
	r := runCLI(t, "", "audit", "-q", "--bar", "0.3", "--labels", hagridLabels, cut)
	if r.code != exitIncomplete || !strings.Contains(r.text, "Verified citation accuracy: ") || !strings.Contains(r.text, "the reviewers' are listed above") {
		t.Errorf("exit %d:\n%s", r.code, r.text)
	}
}
