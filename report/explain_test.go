package report

import (
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

func TestExplainSaysWhyInWords(t *testing.T) {
	one := "1"
	p := audit.Score(0.21)
	cases := []struct {
		name string
		f    audit.Finding
		want string
	}{
		{"a number the passage states otherwise is named beside it",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"30 days"},
				MatchedText: "Chat transcripts are deleted after 90 days."},
			`chunk 1 says "90 days"; the sentence says "30 days"`},
		{"a comma after a figure is no part of it, nor the word after it a unit",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"€6"},
				MatchedText: "Adults pay €12, children nothing."},
			`chunk 1 says "€12"; the sentence says "€6"`},
		{"a figure the passage writes itself has no counterpart: it is shown where it stands",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"€6"},
				MatchedText: "Adults pay €12, children pay €6."},
			`chunk 1 gives "€6" otherwise: "…€12, children pay €6."`},
		{"nor has the end of a range another figure of its unit for counterpart",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"3,500 km"},
				MatchedText: "£220 for flights up to 1,500 km, £350 for flights between 1,500 and 3,500 km, and £520 for longer flights."},
			`chunk 1 gives "3,500 km" otherwise: "…between 1,500 and 3,500 km, and…"`},
		{"two candidates in the passage: no guess",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"€15.00"},
				MatchedText: "Express shipping costs €12.50. Orders over €50 ship free."},
			`"€15.00" is not in chunk 1`},
		{"a figure the passage gives with a bound is quoted as written, not said missing",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"€600"},
				MatchedText: "The insurance covers up to €600 of dental costs per year."},
			`chunk 1 gives "€600" otherwise: "…covers up to €600 of dental…"`},
		{"the figure itself with another sign is quoted as written, not another figure of its unit",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"10 per cent"},
				MatchedText: "You pay the remaining monthly fees minus 10 per cent. Prices rise each April by CPI plus 3.9 per cent."},
			`chunk 1 gives "10 per cent" otherwise: "…monthly fees minus 10 per cent. Prices…"`},
		{"a figure inside a longer number is not the figure: no quote cut inside it",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"5%"},
				MatchedText: "From 1 July 2026 the annual billing discount rises from 15% to 20%."},
			`"5%" is not in chunk 1`},
		{"a bare number is only said missing",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"2021"},
				MatchedText: "It opened in 2019."},
			`"2021" is not in chunk 1`},
		{"a figure the chunk writes of something else is never said missing from it",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"2 %"}, NumbersElsewhere: []string{"2 %"},
				MatchedText: "En la Hipoteca Mixta es del 0,25 % durante los 3 primeros años y del 0 % después."},
			`chunk 1 states "2 %" only of something else than the sentence does`},
		{"of two figures, the one written elsewhere is said apart",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"number_mismatch"}, NumbersMissing: []string{"€15", "2 %"}, NumbersElsewhere: []string{"2 %"},
				MatchedText: "Express shipping costs €12.50. Orders over €50 ship free."},
			`"€15" is not in chunk 1; it states "2 %" only of something else than the sentence does`},
		{"a negation flip",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"negation_mismatch"}},
			"chunk 1 says otherwise (a negation or an opposite word, sides swapped, or a condition, event, party or group it gives otherwise)"},
		{"low similarity names the missing phrases",
			audit.Finding{Verdict: audit.Unsupported, ChunkID: &one, Reasons: []string{"low_similarity"}, NPMissing: []string{"store credit"}, SupportScore: &p},
			`chunk 1 does not mention "store credit"`},
		{"a fabricated citation", audit.Finding{Verdict: audit.Fabricated, Marker: "[9]", Citation: "9"}, "matches no retrieved chunk"},
		{"an uncited sentence", audit.Finding{Verdict: audit.Uncited}, "a factual sentence with no citation"},
		{"a supported citation has no reason", audit.Finding{Verdict: audit.Supported}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Explain(&tc.f); got != tc.want {
				t.Errorf("Explain = %q, want %q", got, tc.want)
			}
		})
	}
}
