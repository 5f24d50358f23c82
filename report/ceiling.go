package report

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
)

// DefaultMachineFalseAlarms is the share of the supported citations the
// machine is taken to call not supported at most when --accept-machine
// lets its verdicts fail a run: above the most people have seen it fail
// of faithful sentences they wrote as paraphrases (Spanish 10 of 13,
// German 12 of 17 in a bank's set; a month of a German and Spanish bank
// with every citation correct read 44.7 %; 4–45 % in the other sets).
// On the public labelled sets 3 % (BEGIN) to 18 % (WiCE) of the
// supported citations fail out of sample, and 62 % of ExpertQA's long
// answers (docs/estimate.md §8).
const DefaultMachineFalseAlarms = 0.80

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
// the machine's verdicts allow were it to call up to f of the supported
// citations not supported. A fabricated citation is certain; the share
// the machine judged unsupported holds at most f of the supported ones, so
// at least (judged − f·(1 − fabricated))/(1 − f) of the citations are
// truly unsupported. Misses only make the ceiling lower. It is of the rate
// as measured, as a failure is (a pass needs the bottom of its interval to
// clear the bar): at f = 0 it is the machine's rate, at f = 1 all but the
// fabricated citations.
func (s *Summary) machineCeiling(f float64) float64 {
	by := s.Counts.CitationsByVerdict
	n := by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated]
	if n == 0 {
		return 1
	}
	fab := float64(by[audit.Fabricated]) / float64(n)
	judged := max(0, 1-s.CitationAccuracy-fab)
	if f >= 1 {
		return round6(1 - fab)
	}
	return round6(1 - fab - max(0, (judged-f*(1-fab))/(1-f)))
}

// machineFails reports whether the machine's verdicts fail a run without
// labels: only where what is certain fails it (the fabricated citations
// alone), or, under --accept-machine, where the rate would be below the
// bar even were up to --machine-false-alarms of the supported citations
// among those it calls not supported: its false alarms on faithful
// paraphrases have been seen from 4 % to 77 %, so no share holds for
// every log. With too few citations checked, the others count as
// supported, as rateFailure counts them.
func (s *Summary) machineFails() bool {
	return s.ceilingOverAll(1) < s.Bar || s.acceptMachine && s.ceilingOverAll(s.machineFalseAlarms) < s.Bar
}

// machineFailureDoubt is why a machine's rate below the bar does not fail
// the run ("" when it does: machineFails).
func (s *Summary) machineFailureDoubt() string {
	if s.machineFails() {
		return ""
	}
	ceiling := s.ceilingOverAll(s.machineFalseAlarms)
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	high := "the true rate could be as high as " + pct(ceiling)
	if ceiling >= 1 {
		// Nothing certain fails and every citation it fails may be a false
		// alarm: "as high as 100.0%" says nothing, this says why.
		high = "every citation it calls unsupported here could be a false alarm, so its verdicts alone set no ceiling on the true rate"
	}
	accept := fmt.Sprintf("--accept-machine would not fail it either: were the machine to call up to %s of the supported citations not supported (--machine-false-alarms), %s", pct(s.machineFalseAlarms), high)
	if ceiling < s.Bar {
		accept = fmt.Sprintf("or let the machine's verdicts fail it with --accept-machine: were it to call up to %s of the supported citations not supported (--machine-false-alarms), the true rate would still be at most %s", pct(s.machineFalseAlarms), pct(ceiling))
	}
	if s.acceptMachine {
		accept = fmt.Sprintf("were it to call up to %s of the supported citations not supported (--machine-false-alarms), %s, so even --accept-machine does not fail it; or set --machine-false-alarms to what a reviewed sample of your own logs measures (audit --labels says it)", pct(s.machineFalseAlarms), high)
	}
	return fmt.Sprintf("the machine's rate %s is below the bar %s, but it is the machine's verdicts, not a verified rate: they fail faithful paraphrases too, so the true rate can be higher; %s; %s",
		rate, bar, verifyWith(s), accept)
}

// ceilingOverAll is machineCeiling at f, and of a run that checked too
// few, with every citation not checked counted supported.
func (s *Summary) ceilingOverAll(f float64) float64 {
	ceiling := s.machineCeiling(f)
	if c := s.Coverage; s.CheckedTooFew() && c.Checked+c.NotChecked > 0 {
		ceiling = (ceiling*float64(c.Checked) + float64(c.NotChecked)) / float64(c.Checked+c.NotChecked)
	}
	return round6(ceiling)
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
		// Citations of groups without a label are bounded, not
		// estimated: the estimate assumes them like the others (a
		// reviewer who labelled only what the machine passed read 99 %
		// on a month at 69 %), so it cannot put the rate above the bar.
		return float64(v.Rate) < s.Bar || v.Unsampled > 0 // NaN (no estimate): false
	}
	return !s.machinePass()
}
