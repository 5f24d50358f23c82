package report

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
)

// DefaultMachineFalseAlarms is the share of the supported citations the
// machine is taken to call not supported at most when a run without
// labels would fail on its verdicts: in months people wrote to test it,
// faithful sentences written as paraphrases failed up to 22 % of the time
// (8 of 36 in one English set; 4–19 % in the others, in five languages), and on the public
// labelled sets 3 % (BEGIN) to 18 % (WiCE) of the supported citations fail
// out of sample, and 62 % of ExpertQA's long answers (docs/estimate.md §8).
const DefaultMachineFalseAlarms = 0.22

// MachineCeiling is the highest true rate the machine's verdicts leave
// possible, were up to FalseAlarms of the supported citations called not
// supported by it: a run fails on the machine's verdicts only where it is
// below the bar. Of a run that checked too few citations, those not
// checked count as supported, as the status line says.
type MachineCeiling struct {
	FalseAlarms float64 `json:"false_alarms"`
	Rate        float64 `json:"rate"`
}

// machineCeiling is the highest true rate of the citations checked that
// the machine's verdicts allow. A fabricated citation is certain; the
// share the machine judged unsupported holds at most falseAlarms of the
// supported ones, so at least (judged − f·(1 − fabricated))/(1 − f) of
// the citations are truly unsupported. Misses only make the ceiling lower.
// It is of the rate as measured, as a failure is (a pass needs the bottom
// of its interval to clear the bar): with f = 0 it is the machine's rate.
func (s *Summary) machineCeiling() float64 {
	by := s.Counts.CitationsByVerdict
	n := by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated]
	if n == 0 {
		return 1
	}
	f := s.machineFalseAlarms
	fab := float64(by[audit.Fabricated]) / float64(n)
	judged := max(0, 1-s.CitationAccuracy-fab)
	if f >= 1 {
		return round6(1 - fab)
	}
	return round6(1 - fab - max(0, (judged-f*(1-fab))/(1-f)))
}

// machineFailureDoubt is why a machine's rate below the bar does not fail
// the run ("" when it does): were the machine to call up to
// --machine-false-alarms of the supported citations not supported, the
// true rate could clear the bar. With too few citations checked, the
// others count as supported, as rateFailure counts them.
func (s *Summary) machineFailureDoubt() string {
	ceiling := s.ceilingOverAll()
	if ceiling < s.Bar {
		return ""
	}
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	seen := ""
	if s.machineFalseAlarms == DefaultMachineFalseAlarms {
		seen = ", as it did to faithful paraphrases people wrote"
	}
	return fmt.Sprintf("the machine's rate %s is below the bar %s, but it is the machine's verdicts, not a verified rate: were it to call up to %s of the supported citations not supported (--machine-false-alarms)%s, the true rate could be as high as %s; %s, or set --machine-false-alarms to what a reviewed sample of your own logs measures (audit --labels says it)",
		rate, bar, pct(s.machineFalseAlarms), seen, pct(ceiling), verifyWith(s))
}

// inconclusiveBelowBar reports whether the run is INCONCLUSIVE with the
// rate it rests on below the bar (exit 6): with labels the verified
// estimate, without them the machine's rate, within its false alarms. CI
// that lets an undecided pass through (exit 3) still stops on it.
func (s *Summary) inconclusiveBelowBar() bool {
	if s.Status != StatusInconclusive || s.Bar == 0 {
		return false
	}
	if v := s.Verified; v != nil {
		return float64(v.Rate) < s.Bar // NaN (no estimate): false
	}
	return !s.machinePass()
}

// ceilingOverAll is machineCeiling, and of a run that checked too few,
// with every citation not checked counted supported.
func (s *Summary) ceilingOverAll() float64 {
	ceiling := s.machineCeiling()
	if c := s.Coverage; s.CheckedTooFew() && c.Checked+c.NotChecked > 0 {
		ceiling = (ceiling*float64(c.Checked) + float64(c.NotChecked)) / float64(c.Checked+c.NotChecked)
	}
	return round6(ceiling)
}

// ceilingClause is what a failure on the machine's verdicts rests on:
// ", and would be at most … were …"; "" where no false alarm is allowed.
func ceilingClause(s *Summary) string {
	c := s.MachineCeiling
	if c == nil || c.FalseAlarms == 0 {
		return ""
	}
	return fmt.Sprintf(", and would be at most %s were the machine to call up to %s of the supported citations not supported (--machine-false-alarms)", pct(c.Rate), pct(c.FalseAlarms))
}
