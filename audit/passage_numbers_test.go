package audit

import (
	"slices"
	"testing"
)

// A value the chunk states of something else is no support: the chunk's
// sentence about what the claim is about states another value instead.
func TestPassageNumbers(t *testing.T) {
	runPassageCases(t, []passageCase{
		{"a price stated of another plan fails",
			"Das Pro-Abo kostet 9,90 € im Monat [1].",
			"Das Basis-Abo kostet 9,90 € im Monat. Das Pro-Abo kostet 19,90 € im Monat.",
			[]string{"9,90 €"}, "Das Pro-Abo kostet 19,90 € im Monat."},
		{"a period stated of another step fails",
			"Refunds are paid within 30 days [1].",
			"Returns are accepted within 30 days of delivery. Refunds are paid within 14 days of receiving the return.",
			[]string{"30 days"}, "Refunds are paid within 14 days of receiving the return."},
		{"a duration in another unit rivals it",
			"De garantie op accu's is twee jaar [1].",
			"Op elektrische apparaten geldt een garantie van 24 maanden. De garantie op accu's is zes maanden.",
			[]string{"twee jaar"}, "De garantie op accu's is zes maanden."},
		{"the same value in the sentence about it passes",
			"Das Pro-Abo kostet 19,90 € im Monat [1].",
			"Das Basis-Abo kostet 9,90 € im Monat. Das Pro-Abo kostet 19,90 € im Monat.",
			nil, ""},
		{"a claim's two dates, each in its own sentence, pass",
			"The show debuted on October 4, 1957 and ended its run on June 20, 1963 [1].",
			"The show debuted on October 4, 1957. The show ended its run on June 20, 1963.",
			nil, ""},
		{"a value of another kind in the sentence about it is no rival",
			"The Pro plan costs €19.90 a month [1].",
			"The Pro plan costs €19.90 a month. The Pro plan includes 5 seats and 30 days of history.",
			nil, ""},
		{"a claim with one word besides its value is not held to a sentence",
			"Maintenance is on 19 May 2026 [1].",
			"Planned maintenance takes place on 12 May 2026. The new version ships on 19 May 2026.",
			nil, ""},
	})
}

// passageCase is a sentence citing one chunk, and what the numbers check
// should say of it.
type passageCase struct {
	name, answer, chunk string
	missing             []string // want numbers_missing
	shows               string   // want matched_text, when missing
}

func runPassageCases(t *testing.T, cases []passageCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := auditOneChunk(t, tc.answer, tc.chunk)
			var f *Finding
			for i := range res.Findings {
				if res.Findings[i].Citation == "1" {
					f = &res.Findings[i]
				}
			}
			if f == nil {
				t.Fatalf("no finding for [1]: %+v", res.Findings)
			}
			if !slices.Equal(f.NumbersMissing, tc.missing) {
				t.Errorf("numbers_missing %q, want %q (verdict %s)", f.NumbersMissing, tc.missing, f.Verdict)
			}
			if tc.missing != nil && (f.Verdict != Unsupported || f.MatchedText != tc.shows) {
				t.Errorf("verdict %s showing %q, want unsupported showing %q", f.Verdict, f.MatchedText, tc.shows)
			}
		})
	}
}
