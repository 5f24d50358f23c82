package report

import (
	"fmt"
	"math"

	"github.com/ragaudit/ragaudit/estimate"

	"github.com/ragaudit/ragaudit/audit"
)

// Statuses of a run, in summary.json ("status") and the text summary.
const (
	StatusPass         = "PASS"
	StatusFail         = "FAIL"         // below the bar, or a --fail-on gate failed
	StatusInconclusive = "INCONCLUSIVE" // verified: the labels do not yet decide at the bar
	StatusNoData       = "NO_DATA"      // nothing to measure: a data problem, not a quality failure
	// StatusIncomplete: fewer citations than --min-checked could be
	// checked, so the rate speaks for too few of them to pass or fail.
	StatusIncomplete = "INCOMPLETE"
)

// Decide sets the run's status and, when it is not a pass, why in one
// line; Pass is then whether the status is PASS. With labels, the verified
// estimate's decision rules, not the machine's rate. Call it once the
// gates, baseline and verified estimate are in.
func (s *Summary) Decide() {
	s.Status, s.StatusDetail = s.decide()
	s.Pass = s.Status == StatusPass
}

// BelowBar reports whether the run failed on its rate (the verified one
// with labels), rather than on a --fail-on gate.
func (s *Summary) BelowBar() bool {
	if s.Status != StatusFail {
		return false
	}
	if s.Verified != nil {
		return s.Verified.Decision == estimate.Fail
	}
	return !s.machinePass()
}

func (s *Summary) decide() (status, detail string) {
	if cause := s.noData(); cause != "" {
		return StatusNoData, cause
	}
	if c := s.Coverage; c != nil && !c.Enough() {
		return StatusIncomplete, c.incompleteDetail()
	}
	if why := s.guardFailure(); why != "" {
		return StatusFail, why
	}
	v := s.Verified
	switch {
	case v != nil && v.Decision == estimate.Fail:
		return StatusFail, fmt.Sprintf("verified citation accuracy %s: its one-sided 95%% upper bound %s is below the bar %s", pctN(v.Rate), pctN(v.Upper), pct(s.Bar))
	case v == nil && !s.machinePass():
		rate, bar := pctPair(s.CitationAccuracy, s.Bar) // never "90.0% is below the bar 90.0%"
		return StatusFail, fmt.Sprintf("citation accuracy %s is below the bar %s", rate, bar)
	}
	// A failed gate is a failure whatever more labels would say of the rate.
	for _, g := range s.Gates {
		if !g.Pass {
			return StatusFail, fmt.Sprintf("--fail-on %s failed: %s", g.Spec, g.Detail)
		}
	}
	if v != nil && v.Decision == estimate.Inconclusive {
		more := ""
		if v.LabelsToDecide > 0 {
			more = fmt.Sprintf("; about %d more labels are expected to decide", v.LabelsToDecide)
			if v.SampleSize > 0 {
				more += fmt.Sprintf(": draw a larger sample of the same seed over the one reviewed (ragaudit sample -n %d --seed %d -o SAMPLE --force, SAMPLE being the sample file reviewed: --force because it holds the smaller sample; a new -o file needs none) and review it with the same label file, whose labels carry over",
					v.SampleSize+v.LabelsToDecide, v.Seed)
			}
		}
		return StatusInconclusive, fmt.Sprintf("the bar %s lies between the verified one-sided 95%% bounds %s and %s%s", pct(s.Bar), pctN(v.Lower), pctN(v.Upper), more)
	}
	return StatusPass, ""
}

// machinePass: the machine's rate, as reported (six decimals), is at or
// above the bar, so that summary.json never shows a rate equal to the bar
// and a FAIL.
func (s *Summary) machinePass() bool {
	by := s.Counts.CitationsByVerdict
	return by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] > 0 && s.CitationAccuracy >= s.Bar
}

// noDataCause says why there is nothing to measure ("" when there is).
// noData says why the run has nothing to measure ("" when it has): then
// its rate of 0 is no rate.
// Citations that cannot be checked (no retrieval logged, no chunk text)
// are no "nothing to measure": the run is INCOMPLETE, naming the cause.
func (s *Summary) noData() string {
	return noDataCause(s.Counts)
}

func noDataCause(c audit.Counts) string {
	by := c.CitationsByVerdict
	readable := c.RecordsRead - c.RecordsSkipped
	switch {
	case c.RecordsRead == 0:
		return "the input holds no record (an empty file, or nothing on stdin)"
	case c.RecordsAudited == 0 && readable > 0 && c.RecordsFiltered == readable:
		return fmt.Sprintf("no record to audit: all %d readable record(s) were filtered out by --tenant/--agent/--last", c.RecordsFiltered)
	case c.RecordsAudited == 0:
		return fmt.Sprintf("no record could be read: all %d were skipped (see skipped.jsonl)", c.RecordsSkipped)
	case by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] > 0 || c.Citations > 0:
		return ""
	case c.Answers == 0:
		return fmt.Sprintf("none of the %d audited record(s) has an assistant answer", c.RecordsAudited)
	default:
		return fmt.Sprintf("none of the %d answer(s) cites anything: no citation marker such as [1] or [doc2], and no structured citation", c.Answers)
	}
}

func pctN(x estimate.Number) string {
	if math.IsNaN(float64(x)) {
		return "n/a"
	}
	return pct(float64(x))
}
