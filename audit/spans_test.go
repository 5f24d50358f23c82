package audit

import (
	"slices"
	"testing"
)

func TestCitationSpans(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string // the claims' texts
	}{
		{"a factual sentence joins the citation after it", "A 1991 survey found that 18 percent of children spoke Navajo. However, schools punished them for it [1].",
			[]string{"A 1991 survey found that 18 percent of children spoke Navajo. However, schools punished them for it [1]."}},
		{"each citation covers its own clause", "Israel's area is about 20,770 square kilometers [1], and Israel stretches 470 kilometers from north to south [2].",
			[]string{"Israel's area is about 20,770 square kilometers [1],", "and Israel stretches 470 kilometers from north to south [2]."}},
		{"markers that close the sentence cover all of it", "The bridge opened in 1932 [1][2].", []string{"The bridge opened in 1932 [1][2]."}},
		{"a question joins nothing", "Where is the museum? The museum opened in 1932 in Leeds [1].",
			[]string{"Where is the museum?", "The museum opened in 1932 in Leeds [1]."}},
		{"a new paragraph starts anew", "The museum opened in 1932 in Leeds.\n\nIt holds 3,000 paintings by local artists [1].",
			[]string{"The museum opened in 1932 in Leeds.", "It holds 3,000 paintings by local artists [1]."}},
		{"list items stay claims of their own", "Opening hours:\n- The museum opens at 9 am every day.\n- Entry costs 5 euros for adults [1].",
			[]string{"Opening hours:", "- The museum opens at 9 am every day.", "- Entry costs 5 euros for adults [1]."}},
		{"a sentence no citation follows stays uncited", "The museum opened in 1932 [1]. It holds 3,000 paintings by local artists.",
			[]string{"The museum opened in 1932 [1].", "It holds 3,000 paintings by local artists."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for i, s := range citationSpans(tc.in, testSplitter.splitAnswer(tc.in, nil), func(s sentence) bool { return testAuditor.isFactual(s, english) }) {
				got = append(got, s.Text)
				if tc.in[s.Start:s.End] != s.Text || s.Index != i {
					t.Errorf("claim %d: span or index wrong: %+v", i, s)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("claims\n %q\nwant\n %q", got, tc.want)
			}
		})
	}
	// A clause's plain text has no markers, and its citation its own ids.
	in := "The area is 20,770 km² [1], and it is 470 km long [2]."
	spans := citationSpans(in, testSplitter.splitAnswer(in, nil), func(s sentence) bool { return testAuditor.isFactual(s, english) })
	if len(spans) != 2 || spans[0].Plain != "The area is 20,770 km²," || spans[1].Plain != "and it is 470 km long." ||
		spans[1].Markers[0].IDs[0] != "2" {
		t.Errorf("clauses: %+v", spans)
	}
}
