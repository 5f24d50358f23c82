package report

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
)

// StatusLine is the run's verdict in one line, the first a person needs:
// "FAIL: citation accuracy 71.4% is below the bar 90.0% (21 citations)".
// The text summary starts its verdict with it and audit -q prints it
// alone, so the two never word it differently. It reads the status and
// its detail as Decide set them; a status it does not know is written
// the same way ("STATUS: detail (…)").
func StatusLine(s *Summary) string {
	if s.Status == StatusNoData {
		return StatusNoData + ": nothing to measure: " + s.StatusDetail
	}
	detail, statesRate := s.StatusDetail, s.BelowBar()
	if s.Status == StatusPass || detail == "" {
		detail, statesRate = passDetail(s), true
	}
	return s.Status + ": " + detail + " (" + volume(s, statesRate) + ")"
}

// passDetail says why the rate passes: at or above the bar, or, with
// labels, the verified lower bound clearing it.
func passDetail(s *Summary) string {
	if v := s.Verified; v != nil {
		return fmt.Sprintf("verified citation accuracy %s: its one-sided 95%% lower bound %s clears the bar %s", pctN(v.Rate), pctN(v.Lower), pct(s.Bar))
	}
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	return fmt.Sprintf("citation accuracy %s is at or above the bar %s", rate, bar)
}

// volume is what the figure rests on, and the rate and bar when the
// detail before it does not state them (a failed gate, say).
func volume(s *Summary, statesRate bool) string {
	by := s.Counts.CitationsByVerdict
	auditable := by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated]
	out := fmt.Sprintf("%d citations", auditable)
	if v := s.Verified; v != nil {
		l := v.Labels
		out = fmt.Sprintf("%d labels, %s", l.Supported+l.Partial+l.Unsupported, out)
		if !statesRate {
			out = fmt.Sprintf("verified citation accuracy %s, bar %s; %s", pctN(v.Rate), pct(s.Bar), out)
		}
		return out
	}
	if !statesRate {
		rate, bar := pctPair(s.CitationAccuracy, s.Bar)
		out = fmt.Sprintf("citation accuracy %s, bar %s, %s", rate, bar, out)
	}
	return out
}
