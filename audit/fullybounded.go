package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// fullyBounded reports whether the claim says a thing is whole where the
// window's sentence bounds it from above: "Hearing aids are fully
// covered" against "Hearing aids are covered up to 75 % of the cost",
// "volledig vergoed" against "vergoed tot maximaal €100". A word beside
// the claim's [full-words] word must stand in the sentence, which lacks
// the full word itself; a bound of time ("up to 24 hours before") bounds
// when, not how much.
func fullyBounded(l *lang.Language, cw, ws []string) bool {
	if !slices.ContainsFunc(cw, l.IsFullWord) || upperBound(l, cw) {
		return false // "fully reimbursed up to €100" keeps the bound
	}
	for i, x := range cw {
		if !l.IsFullWord(x) || slices.Contains(ws, x) {
			continue
		}
		beside := false
		for _, k := range [...]int{i - 2, i - 1, i + 1, i + 2} {
			if k >= 0 && k < len(cw) && !l.IsStopword(cw[k]) &&
				slices.ContainsFunc(ws, func(y string) bool { return sameWordRoot(l, cw[k], y) }) {
				beside = true
			}
		}
		if !beside {
			continue
		}
		for k, w := range ws {
			if w == "" || w[0] < '0' || w[0] > '9' || l.BoundBefore(ws[:k]) != lang.Upper {
				continue
			}
			// A bound of time bounds when, not how much: "fully
			// refundable up to 24 hours before departure".
			if u, ok := l.Unit(ws[min(k+1, len(ws)-1)]); !ok || !strings.HasPrefix(u, "time:") {
				return true
			}
		}
	}
	return false
}

// upperBound reports whether ws bound a number from above ("up to €100").
func upperBound(l *lang.Language, ws []string) bool {
	for k, w := range ws {
		if w != "" && w[0] >= '0' && w[0] <= '9' && l.BoundBefore(ws[:k]) == lang.Upper {
			return true
		}
	}
	return false
}
