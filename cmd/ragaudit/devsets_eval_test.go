//go:build eval

// Tests on the full labelled development sets, run by make eval: they need
// the data sets outside the repository (RAGAUDIT_DATA, default
// ../shared/data beside the project root). They fail, never skip, when the
// data is missing.
package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/internal/devdata"
)

// Every development set audits with no skipped record, and every label
// line is scored or accounted for, none left unmatched.
func TestDevSetsAuditCleanlyAndEveryLabelMatches(t *testing.T) {
	dir := devdata.Dir(t, "hagrid/dev.jsonl")
	cases := []struct {
		logs, labels  string
		conversations int
	}{
		{"hagrid/dev.jsonl", "hagrid/dev.labels.jsonl", 180},
		{"expertqa/dev.jsonl", "expertqa/dev.labels.jsonl", 97},
		{"wice/dev.jsonl", "wice/dev.labels.jsonl", 349},
		{"wice/dev.chunked.jsonl", "wice/dev.chunked.labels.jsonl", 349},
		{"begin/dev.jsonl", "begin/dev.labels.jsonl", 734},
	}
	for _, tc := range cases {
		t.Run(tc.logs, func(t *testing.T) {
			logs, labels := filepath.Join(dir, tc.logs), filepath.Join(dir, tc.labels)
			// --strict skips no record; a page the scraper cut ("…",
			// "(...)") is not checked, one in ExpertQA and WiCE's chunks.
			r := runCLI(t, "", "audit", "-q", "--strict", "--min-checked", "99%", "--bar", "0", logs)
			if r.code != exitPass {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			c := counts(t, r)
			if c["records_skipped"].(float64) != 0 || int(c["records_audited"].(float64)) != tc.conversations {
				t.Errorf("counts %v", c)
			}
			e := runCLI(t, "", "eval", "--json", "--partial", "unsupported", "--labels", labels, logs)
			if e.code != exitPass {
				t.Fatalf("eval exit %d: %s", e.code, e.stderr)
			}
			var out struct {
				Sets map[string]struct {
					Unmatched int `json:"unmatched_labels"`
				} `json:"sets"`
			}
			if err := json.Unmarshal([]byte(e.stdout), &out); err != nil {
				t.Fatal(err)
			}
			if rep, ok := out.Sets[labels]; !ok || rep.Unmatched != 0 {
				t.Errorf("unmatched labels: %+v", out.Sets)
			}
		})
	}
}

// A Parquet copy of a full development set audits exactly as its JSONL.
func TestDevSetParquetGivesTheSameFindings(t *testing.T) {
	dir := devdata.Dir(t, "hagrid/dev.jsonl")
	logs := filepath.Join(dir, "expertqa", "dev.jsonl")
	pq := filepath.Join(t.TempDir(), "dev.parquet")
	if c := runCLI(t, "", "convert", "-q", "-o", pq, logs); c.code != exitPass {
		t.Fatalf("convert exit %d: %s", c.code, c.stderr)
	}
	a := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", logs)
	b := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", pq)
	if a.code != exitPass || b.code != exitPass {
		t.Fatalf("exit %d and %d: %s %s", a.code, b.code, a.stderr, b.stderr)
	}
	fa := strings.ReplaceAll(string(readFile(t, filepath.Join(a.out, "findings.jsonl"))), logs+":", "LOG:")
	fb := strings.ReplaceAll(string(readFile(t, filepath.Join(b.out, "findings.jsonl"))), pq+":", "LOG:")
	if fa != fb {
		t.Error("findings.jsonl differs between JSONL and Parquet")
	}
}
