package audit

import (
	"strings"
	"testing"
)

func TestEachTableRowOfAnAnswerIsAClaimOfItsOwn(t *testing.T) {
	cases := []struct {
		name   string
		answer string
		plains []string // each sentence's Plain, in order
		cites  []int    // the markers of each sentence
	}{
		{"two rows citing one chunk are two claims, each with its marker",
			"| Plan | Storage |\n|---|---|\n| Basic | 10 GB [1] |\n| Plus | 100 GB [1] |",
			[]string{"Plan Basic; Storage: 10 GB", "Plan Plus; Storage: 100 GB"}, []int{1, 1}},
		{"an intro paragraph stays a sentence before the rows",
			"Here are the plans.\n\n| Plan | Price |\n|:--|--:|\n| Basic | €5 [1] |",
			[]string{"Here are the plans.", "Plan Basic; Price: €5"}, []int{0, 1}},
		{"a row with markers in two cells keeps both",
			"| Plan | Storage | Price |\n|---|---|---|\n| Basic | 10 GB [1] | €5 [2] |",
			[]string{"Plan Basic; Storage: 10 GB; Price: €5"}, []int{2}},
		{"an empty cell is left out and a cell past the header is read alone",
			"| Plan | Storage |\n|---|---|\n| Basic | | extra [1] |",
			[]string{"Plan Basic; extra"}, []int{1}},
		{"pipes without a delimiter line are no table",
			"Choose A | B [1].",
			[]string{"Choose A | B."}, []int{1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := testSplitter.splitAnswer(tc.answer, nil)
			if len(got) != len(tc.plains) {
				t.Fatalf("%d sentences %q, want %d", len(got), plainsOf(got), len(tc.plains))
			}
			for i, s := range got {
				if s.Plain != tc.plains[i] || len(s.Markers) != tc.cites[i] {
					t.Errorf("sentence %d = %q with %d markers, want %q with %d", i, s.Plain, len(s.Markers), tc.plains[i], tc.cites[i])
				}
				if tc.answer[s.Start:s.End] != s.Text {
					t.Errorf("sentence %d: offsets [%d,%d) do not give its text %q", i, s.Start, s.End, s.Text)
				}
				if s.TableRow && (!strings.HasPrefix(s.Text, "|") || strings.Contains(s.Text, "\n")) {
					t.Errorf("row %d spans %q, not its line", i, s.Text)
				}
			}
		})
	}
}

func plainsOf(ss []sentence) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Plain)
	}
	return out
}
