package report

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
)

// Statuses of a run, in summary.json ("status") and the text summary.
const (
	StatusPass   = "PASS"
	StatusFail   = "FAIL"    // below the bar, or a --fail-on gate failed
	StatusNoData = "NO_DATA" // nothing to measure: a data problem, not a quality failure
)

// Decide sets the run's status and, when it is not a pass, why in one
// line. Call it once the gates and baseline are in.
func (s *Summary) Decide() {
	if cause := noDataCause(s.Counts); cause != "" {
		s.Status, s.StatusDetail = StatusNoData, cause
		return
	}
	if !s.Pass {
		s.Status = StatusFail
		s.StatusDetail = fmt.Sprintf("citation accuracy %s is below the bar %s", pct(s.CitationAccuracy), pct(s.Bar))
		return
	}
	for _, g := range s.Gates {
		if !g.Pass {
			s.Status, s.StatusDetail = StatusFail, fmt.Sprintf("--fail-on %s failed: %s", g.Spec, g.Detail)
			return
		}
	}
	s.Status, s.StatusDetail = StatusPass, ""
}

// noDataCause says why there is nothing to measure ("" when there is).
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
	case by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] > 0:
		return ""
	case c.Answers == 0:
		return fmt.Sprintf("none of the %d audited record(s) has an assistant answer", c.RecordsAudited)
	case c.Citations == 0:
		return fmt.Sprintf("none of the %d answer(s) cites anything: no citation marker such as [1] or [doc2], and no structured citation", c.Answers)
	default:
		return fmt.Sprintf("none of the %d citation(s) can be audited: their chunks have no text to check (web citations, absent, truncated or redacted text)", c.Citations)
	}
}
