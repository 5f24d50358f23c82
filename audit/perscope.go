package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// perSwapped reports whether the claim gives a rate of another unit than
// the window's: "€12 per account per month" against "€12 per user per
// month", "pro Buchung" against "pro Person", "par an" against "par
// voyage". A distributive of [distributives] within three words after a
// number is a rate's; the claim's thing after it must be one the window
// does not say, and the window's one the claim does not say, after the
// same number. "per month" against "per month" is the same rate.
func perSwapped(l *lang.Language, cw, ww []string) bool {
	if !slices.ContainsFunc(cw, l.IsDistributive) || !slices.ContainsFunc(ww, l.IsDistributive) {
		return false // most claims: no rate
	}
	for i, d := range cw {
		if !l.IsDistributive(d) {
			continue
		}
		n, x := rateAt(l, cw, i)
		if n == "" || slices.ContainsFunc(ww, func(w string) bool { return sameWordRoot(l, w, x) }) {
			continue
		}
		for j, e := range ww {
			if !l.IsDistributive(e) {
				continue
			}
			m, y := rateAt(l, ww, j)
			if m == n && !slices.ContainsFunc(cw, func(w string) bool { return sameWordRoot(l, w, y) }) {
				return true
			}
		}
	}
	return false
}

// rateAt returns the number a distributive at ws[i] follows (within
// three words, over other rates: "12 per account per month") and the
// content word after it, or "" when it follows none.
func rateAt(l *lang.Language, ws []string, i int) (number, thing string) {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		if w := ws[k]; w != "" && w[0] >= '0' && w[0] <= '9' {
			number = w
			break
		}
	}
	if number == "" {
		return "", ""
	}
	for k := i + 1; k < len(ws) && k <= i+2; k++ {
		if !l.IsStopword(ws[k]) && !l.IsDistributive(ws[k]) && !strings.HasSuffix(ws[k], "'") {
			return number, ws[k]
		}
	}
	return "", ""
}

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
