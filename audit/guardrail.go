package audit

import (
	"math"

	"github.com/ragaudit/ragaudit/readers"
)

// GuardClaims are one answer's findings as a guard logs them: each claim
// with its span, verdict and citations' verdicts and scores (4 decimals,
// as findings write them). The one projection for the guard, which logs
// it, and for the audit of its log, which recomputes it to compare.
func GuardClaims(fs []Finding) []readers.GuardClaim {
	out := []readers.GuardClaim{}
	for i := range fs {
		f := &fs[i]
		if n := len(out); n == 0 || out[n-1].Index != f.SentenceIndex {
			out = append(out, readers.GuardClaim{Index: f.SentenceIndex, Span: [2]int{f.CharStart, f.CharEnd},
				Verdict: f.SentenceVerdict, Citations: []readers.GuardCitation{}})
		}
		if !f.Cited() {
			continue
		}
		c := readers.GuardCitation{Citation: f.Citation, ChunkID: f.ChunkID, Verdict: f.Verdict}
		if f.SupportScore != nil {
			v := math.Round(float64(*f.SupportScore)*1e4) / 1e4
			c.SupportScore = &v
		}
		last := &out[len(out)-1]
		last.Citations = append(last.Citations, c)
	}
	return out
}
