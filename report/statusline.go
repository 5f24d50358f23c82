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
// the same way ("STATUS: detail; the rate … (…)").
func StatusLine(s *Summary) string {
	switch {
	case s.Status == StatusNoData:
		return StatusNoData + ": nothing to measure: " + s.StatusDetail
	case s.Status == StatusIncomplete:
		return StatusIncomplete + ": " + s.StatusDetail
	case s.Status == StatusPass || s.StatusDetail == "":
		return s.Status + ": " + passDetail(s) + " (" + volume(s) + ")"
	case s.BelowBar():
		return s.Status + ": " + s.StatusDetail + " (" + volume(s) + ")"
	}
	// The detail names something other than the rate (a failed gate, an
	// undecided estimate): the rate follows.
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	if v := s.Verified; v != nil {
		return fmt.Sprintf("%s: %s; verified citation accuracy %s, bar %s (%s)", s.Status, s.StatusDetail, pctN(v.Rate), pct(s.Bar), volume(s))
	}
	if s.Status == StatusFail && s.CheckedTooFew() { // the rest may change the rate, not the failure
		return fmt.Sprintf("%s: %s; citation accuracy %s over the citations checked only, bar %s (%s)", s.Status, s.StatusDetail, rate, bar, volume(s))
	}
	if s.Status == StatusFail { // not on the rate: it cleared the bar
		return fmt.Sprintf("%s: %s; citation accuracy %s is at or above the bar %s (%s)", s.Status, s.StatusDetail, rate, bar, volume(s))
	}
	return fmt.Sprintf("%s: %s; citation accuracy %s, bar %s (%s)", s.Status, s.StatusDetail, rate, bar, volume(s))
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

// volume is what the figure rests on: "21 citations", with labels "150
// labels, 2100 citations"; of a run that checked too few, how many were
// checked and why the others could not be.
func volume(s *Summary) string {
	by := s.Counts.CitationsByVerdict
	out := fmt.Sprintf("%d citations", by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated])
	if s.CheckedTooFew() {
		out = s.Coverage.Sentence()
	}
	if v := s.Verified; v != nil {
		l := v.Labels
		out = fmt.Sprintf("%d labels, %s", l.Supported+l.Partial+l.Unsupported, out)
	}
	return out
}
