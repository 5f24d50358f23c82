package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// A reason is one row of audit.Reasons: its label, its tile, its place in
// the text's "Unsupported because" line and its words in Explain all come
// from the row.
func TestReasonWordsComeFromTheTable(t *testing.T) {
	saved := audit.Reasons
	t.Cleanup(func() { audit.Reasons = saved })
	audit.Reasons = append(slices.Clone(saved), audit.Reason{Code: "made_up", Verdict: audit.Unsupported, Label: "made up",
		Doc: "the chunk was invented", Says: "{chunk} was made up"})
	one := "1"
	f := audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"made_up"}}
	if got := Explain(&f); got != "chunk 1 was made up" {
		t.Errorf("Explain = %q", got)
	}
	if got := reasonLabel("made_up"); got != "made up" {
		t.Errorf("label %q", got)
	}
	if got := unsupportedBecause(map[string]int{"made_up": 3}); !strings.Contains(got, "0 weak co-citation, 3 made up; 0 misattributed") {
		t.Errorf("text line %q", got)
	}
	d := htmlData{S: &Summary{Counts: audit.Counts{ByReason: map[string]int{"made_up": 3}}}}
	d.tiles([]Failure{{F: f}})
	if !slices.Contains(d.Reasons, tile{Code: "made_up", Label: "made up", Count: 3, Listed: 1}) || !slices.ContainsFunc(d.Filter, func(t tile) bool { return t.Code == "made_up" }) {
		t.Errorf("tiles %v, filter %v", d.Reasons, d.Filter)
	}
}

// The signal_ columns of findings.csv are the table of signals, in order.
func TestSignalColumnsAreTheTable(t *testing.T) {
	cols := signalColumns()
	if len(cols) != len(audit.Signals) {
		t.Fatalf("%d columns for %d signals", len(cols), len(audit.Signals))
	}
	for i, s := range audit.Signals {
		if cols[i] != "signal_"+s.Name {
			t.Errorf("column %d is %s, want signal_%s", i, cols[i], s.Name)
		}
	}
}
