package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// eval --lodo fits on the bundled HAGRID labels to score the ExpertQA
// sample and the reverse, the rule beside the verdict, and checks the
// targets: a minimum it misses fails the run, an aim it misses does not.
func TestEvalLeaveOneDatasetOut(t *testing.T) {
	args := []string{"eval", "-q", "--json", "--lodo", "--labels", hagridLabels, "--labels", expertqaLabels, hagridLogs, expertqaLogs}
	r := runCLI(t, "", args...)
	if r.code != exitPass {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var out struct {
		LODO struct {
			Rows []struct {
				Set         string `json:"set"`
				Scope       string `json:"scope"`
				Rule, Model struct {
					N   int     `json:"n"`
					AUC float64 `json:"auc"`
				}
			} `json:"rows"`
		} `json:"leave_one_dataset_out"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, row := range out.LODO.Rows {
		seen[row.Set+" "+row.Scope] = true
		if row.Rule.N != row.Model.N || row.Model.N == 0 {
			t.Errorf("%s %s: the rule scored %d items, the verdict %d", row.Set, row.Scope, row.Rule.N, row.Model.N)
		}
	}
	for _, want := range []string{hagridLabels + " citation", hagridLabels + " joint", expertqaLabels + " citation"} {
		if !seen[want] {
			t.Errorf("no row %q in %v", want, seen)
		}
	}

	missed := runCLI(t, "", slices.Concat(args[:2], []string{"--min-ba", "hagrid/citation=0.99"}, args[2:])...)
	if missed.code != exitFail || !strings.Contains(missed.stderr, "target is not met") {
		t.Errorf("a missed minimum: exit %d, %s", missed.code, missed.stderr)
	}
	aimed := runCLI(t, "", slices.Concat(args[:2], []string{"--aim-ba", "hagrid/citation=0.99"}, args[2:])...)
	if aimed.code != exitPass {
		t.Errorf("a missed aim: exit %d, %s", aimed.code, aimed.stderr)
	}
	if bad := runCLI(t, "", "eval", "--min-ba", "hagrid=2", "--lodo", "--labels", hagridLabels, hagridLogs); bad.code != exitUsage {
		t.Errorf("a malformed --min-ba: exit %d", bad.code)
	}
}
