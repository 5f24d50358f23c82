package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// fullyBounded reports whether the claim says a thing is whole or has no
// limit where the window's sentence bounds it from above: "Hearing aids
// are fully covered" against "Hearing aids are covered up to 75 % of the
// cost", "volledig vergoed" against "vergoed tot maximaal €100", "an
// unlimited number of devices" against "up to four devices". A word near
// the claim's word must stand in the sentence, which lacks the word
// itself. A bound of time ("fully refundable up to 24 hours before")
// bounds when a thing is whole, not how much; it does limit what is said
// to be unlimited ("unbegrenzt telefonieren" against "bis zu 500
// Minuten"). An amount of the thing called unlimited bounds it without a
// bound word ("unlimited calls" against "60 minutes of calls").
func fullyBounded(l *lang.Language, cw, ws []string) bool {
	if !slices.ContainsFunc(cw, l.SaysWhole) || upperBound(l, cw) {
		return false // "fully reimbursed up to €100" keeps the bound
	}
	for i, x := range cw {
		if !l.SaysWhole(x) || slices.Contains(ws, x) {
			continue
		}
		unlimited := l.IsUnlimited(x)
		reach := 2
		if unlimited {
			reach = 3 // "an unlimited number of devices"
		}
		var beside []string // the claim's words near x that the sentence says
		for k := max(i-reach, 0); k <= min(i+reach, len(cw)-1); k++ {
			if _, unit := l.Unit(cw[k]); k != i && !l.IsStopword(cw[k]) && !isFigure(l, cw[k]) && !unit && slices.ContainsFunc(ws, func(y string) bool { return sameWordRoot(l, cw[k], y) }) {
				beside = append(beside, cw[k])
			}
		}
		if len(beside) == 0 {
			continue
		}
		for k, w := range ws {
			if !isFigure(l, w) {
				continue
			}
			u, hasUnit := l.Unit(ws[min(k+1, len(ws)-1)])
			if l.BoundBefore(ws[:k]) == lang.Upper {
				if unlimited || !hasUnit || !strings.HasPrefix(u, "time:") {
					return true
				}
				continue
			}
			// An amount of the thing the claim calls unlimited, without a
			// bound word: "60 minutes of calls" against "unlimited calls";
			// "12 months of streaming" says how long, not how much.
			if lo, _, ok := durationDays(1, u); hasUnit && ok && lo >= 1 || !unlimited {
				continue
			}
			if slices.ContainsFunc(ws[k+1:min(k+4, len(ws))], func(y string) bool {
				return slices.ContainsFunc(beside, func(b string) bool { return sameWordRoot(l, b, y) })
			}) {
				return true
			}
		}
	}
	return false
}

// upperBound reports whether ws bound a number from above ("up to €100").
func upperBound(l *lang.Language, ws []string) bool {
	for k, w := range ws {
		if isFigure(l, w) && l.BoundBefore(ws[:k]) == lang.Upper {
			return true
		}
	}
	return false
}
