package report

import (
	"fmt"
	"maps"
	"slices"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
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
		if c := s.Coverage; c != nil && c.RecordsSkipped > 0 && s.StatusDetail != s.strictDetail() { // their reasons, as on every status line
			return StatusIncomplete + ": " + s.StatusDetail + "; " + skippedNote(s)
		}
		return StatusIncomplete + ": " + s.StatusDetail
	case s.machinePassed():
		return shownStatus(s) + ": " + passDetail(s) + " (" + volume(s) + ")"
	case s.Status == StatusPass || s.StatusDetail == "":
		return shownStatus(s) + ": " + passDetail(s) + " (" + volume(s) + ")"
	case s.BelowBar() && s.Verified == nil: // the machine's rate reads as measured unless it says whose it is
		return s.Status + ": " + s.StatusDetail + " (" + volume(s) + "; machine verdicts, not verified)"
	case s.BelowBar() && s.Status == StatusFail:
		return shownStatus(s) + ": " + s.StatusDetail + " (" + volume(s) + ")"
	case s.BelowBar():
		return s.Status + ": " + s.StatusDetail + " (" + volume(s) + ")"
	}
	// The detail names something other than the rate (a failed gate, an
	// undecided estimate): the rate follows.
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	if v := s.Verified; v != nil {
		of := "" // the estimate leaves out drawn citations not judged: it may be theirs that fail
		switch {
		case v.Unsampled > 0:
			of = " of the groups labelled"
		case v.Labels.CannotJudge > 0:
			of = " of the citations judged"
		}
		return fmt.Sprintf("%s: %s; verified citation accuracy%s %s, bar %s (%s)", s.Status, s.StatusDetail, of, pctN(v.Rate), pct(s.Bar), volume(s))
	}
	if s.Status == StatusFail && s.CheckedTooFew() { // the rest may change the rate, not the failure
		return fmt.Sprintf("%s: %s; citation accuracy %s over the citations checked only, bar %s (%s)", s.Status, s.StatusDetail, rate, bar, volume(s))
	}
	if s.Status == StatusFail { // not on the rate
		by := s.Counts.CitationsByVerdict
		switch {
		case by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] == 0: // no rate, not a rate of 0
			return fmt.Sprintf("%s: %s (%s)", s.Status, s.StatusDetail, volume(s))
		case s.machinePass():
			return fmt.Sprintf("%s: %s; citation accuracy %s is at or above the bar %s (%s)", s.Status, s.StatusDetail, rate, bar, volume(s))
		}
		// below the bar, but within the machine's false alarms
		return fmt.Sprintf("%s: %s; citation accuracy %s is below the bar %s, but within the machine's false alarms (%s; machine verdicts, not verified)", s.Status, s.StatusDetail, rate, bar, volume(s))
	}
	return fmt.Sprintf("%s: %s; citation accuracy %s, bar %s (%s)", s.Status, s.StatusDetail, rate, bar, volume(s))
}

// machinePassed reports whether the run passed on the machine's verdicts
// alone (--accept-machine, or a bar of 0).
func (s *Summary) machinePassed() bool { return s.Status == StatusPass && s.Verified == nil }

// shownStatus is the status as every headline writes it (the status line,
// JUnit, GitHub's annotation and job summary): a pass on the machine's
// verdicts alone says so, so no reader takes it for a verified one.
func shownStatus(s *Summary) string {
	if s.machinePassed() {
		return s.Status + " (machine verdicts, not verified)"
	}
	if s.InconclusiveBelowBar && s.Verified != nil && s.Verified.Unsampled > 0 {
		return s.Status + " (may be below the bar)"
	}
	if s.InconclusiveBelowBar {
		return s.Status + " (below the bar)"
	}
	if v := s.Verified; v != nil && v.SelfChosen && (s.Status == StatusPass || s.Status == StatusFail) {
		// Three months' labels with their sample fields dropped, pooled
		// over the quarter, had passed a quarter below the bar.
		return s.Status + " (labels not drawn by ragaudit sample, taken as random)"
	}
	return s.Status
}

// passDetail says why the rate passes: at or above the bar, or, with
// labels, the verified lower bound clearing it.
func passDetail(s *Summary) string {
	if v := s.Verified; v != nil {
		return fmt.Sprintf("verified citation accuracy %s: its one-sided 95%% lower bound %s clears the bar %s", pctN(v.Rate), pctN(v.Lower), pct(s.Bar))
	}
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	return fmt.Sprintf("citation accuracy %s is at or above the bar %s", rate, bar) + floorClause(s)
}

// floorClause is what an accepted machine rate rests on (--accept-machine
// with a recall below 1): ", and would be at least …"; "" otherwise.
func floorClause(s *Summary) string {
	f := s.MachineFloor // nil with labels
	if !s.acceptMachine || s.Bar == 0 || f == nil || f.Recall >= 1 {
		return ""
	}
	return fmt.Sprintf(", and would be at least %s were the machine to catch only %s of the unsupported citations (--machine-recall)", pct(f.Rate), pct(f.Recall))
}

// volume is what the figure rests on: "21 citations", with labels "150
// labels, 2100 citations"; of a run that checked too few, how many were
// checked and why the others could not be. Records that could not be read
// are named even when too few to stop a pass ("49 citations; 1 record
// skipped: missing_content"), and so are citations not checked: a CI log
// never shows a bare PASS over records or citations it never saw.
func volume(s *Summary) string {
	by := s.Counts.CitationsByVerdict
	out := fmt.Sprintf("%d citations", by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated])
	if s.CheckedTooFew() {
		out = s.Coverage.Sentence()
	} else if c := s.Coverage; c != nil {
		// Citations not checked are named even when too few to stop a
		// pass: "150 citations; 6 not checked: 6 language not supported".
		if c.NotChecked > 0 {
			out += fmt.Sprintf("; %d not checked: %s", c.NotChecked, c.causesShort())
		}
		if c.RecordsSkipped > 0 {
			out += "; " + skippedNote(s)
		}
	}
	if v := s.Verified; v != nil {
		l := v.Labels
		if l.CannotJudge > 0 {
			out = fmt.Sprintf("%d not judged, %s", l.CannotJudge, out)
		}
		out = fmt.Sprintf("%d labels, %s", l.Supported+l.Partial+l.Unsupported, out)
	}
	return out
}

// skippedNote names the records read but not audited, whose citations
// were never seen, with their reasons: "2 records skipped: missing_content"
// or "3 records skipped: missing_content 2, malformed_json 1". Duplicates
// (audited once) and guard decisions never served are not among them.
func skippedNote(s *Summary) string {
	var reasons []string
	for _, r := range slices.Sorted(maps.Keys(s.Counts.SkippedByReason)) {
		if r != readers.ReasonDuplicate && r != readers.ReasonNotServed {
			reasons = append(reasons, r)
		}
	}
	n := s.Coverage.RecordsSkipped
	out := fmt.Sprintf("%d records skipped: ", n)
	if n == 1 {
		out = "1 record skipped: "
	}
	if len(reasons) == 1 {
		return out + reasons[0]
	}
	for i, r := range reasons {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%s %d", r, s.Counts.SkippedByReason[r])
	}
	return out
}
