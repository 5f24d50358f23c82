package report

import (
	"slices"

	"github.com/ragaudit/ragaudit/audit"
)

// The failing cards of report.html are capped (--html-max-failures), and
// each reason's count links to its cards. Were the cap filled with the
// worst alone, a reason whose rows are all less severe than the cap's
// (30 low-similarity citations behind 2,000 fabricated ones) would open an
// empty list. So each reason gets a share of the cap, its worst rows, and
// the worst rows of any reason fill the rest.

// failingVerdicts are the verdicts of failing rows, in the order the page
// counts them.
var failingVerdicts = []string{audit.Fabricated, audit.Unsupported, audit.Uncited}

// unsupportedReasons are the reasons of unsupported citations the page
// counts and filters by (audit.Reasons; refinements such as partly_stated
// are counted within theirs).
func unsupportedReasons() []audit.Reason {
	var out []audit.Reason
	for _, r := range audit.Reasons {
		if r.Verdict == audit.Unsupported && r.Of == "" {
			out = append(out, r)
		}
	}
	return out
}

// filterCodes are the reasons the cards are filtered by, each with a count
// on the page: the failing verdicts, then why citations are unsupported.
func filterCodes() []string {
	codes := slices.Clone(failingVerdicts)
	for _, r := range unsupportedReasons() {
		codes = append(codes, r.Code)
	}
	return codes
}

// hasCode reports whether a card shows under the filter code.
func hasCode(f *audit.Finding, code string) bool {
	return f.Verdict == code || slices.Contains(f.Reasons, code)
}

// reasonShare is how many of its worst rows each of n filter codes is
// sure to have listed: an equal share of the cap (at least one).
func reasonShare(capacity, n int) int { return max(1, capacity/max(1, n)) }

// selected returns the cards to list, worst first: each reason's share of
// its worst rows, then the worst rows of any reason, up to the cap.
func (h *HTMLCollector) selected() []Failure {
	chosen := map[int]bool{}
	var out []Failure
	take := func(fs []Failure) {
		for _, fl := range fs {
			if len(out) == h.failures.n {
				return
			}
			if !chosen[fl.seq] {
				chosen[fl.seq] = true
				out = append(out, fl)
			}
		}
	}
	for i := range h.byReason {
		take(h.byReason[i].sorted())
	}
	take(h.failures.sorted())
	slices.SortFunc(out, func(a, b Failure) int {
		if Worse(&a.F, &b.F, a.seq, b.seq) {
			return -1
		}
		return 1
	})
	return out
}
