package audit

import (
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// everyOther returns the claim's "every <unit of time>" ("every week")
// where the window's sentence closest to it says it every n of that unit,
// n not one: "every two weeks", "alle zwei Wochen", "tous les deux ans",
// "cada dos semanas", "om de twee weken", "every other week", or every n
// of another unit that is another period ("tous les quinze jours" for
// "chaque semaine"; "every 7 days" is every week). The claim states no
// number, so the number check does not see it; "" for none.
func everyOther(l *lang.Language, cw, ww []string) string {
	for i := 0; i+1 < len(cw); i++ {
		if !l.IsUniversal(cw[i]) {
			continue
		}
		k := i + 1
		for k < len(cw) && k <= i+2 && l.IsStopword(cw[k]) && !l.IsEveryOther(cw[k]) { // "tous les mois"
			k++
		}
		if k >= len(cw) || l.IsEveryOther(cw[k]) { // the claim's "every other week" is no "every week"
			continue
		}
		u, ok := l.Unit(cw[k])
		if !ok || !strings.HasPrefix(u, "time:") {
			continue
		}
		for j := 0; j+2 < len(ww); j++ {
			if n, v, ok := everyNAt(l, ww, j); ok && (v == u && n != 1 || v != u && otherPeriod(n, v, u)) {
				return cw[i] + " " + cw[k]
			}
		}
	}
	return ""
}

// everyNAt reads "every n units" opening at ws[j] ("every two weeks",
// "om de twee weken", "tous les deux ans", "every other week" as every 2):
// n and the unit word's unit; false for none.
func everyNAt(l *lang.Language, ws []string, j int) (n int, unit string, ok bool) {
	if !l.OpensEveryN(ws[j]) { // "every", "om" of "om de twee weken"
		return 0, "", false
	}
	m := j + 1
	for m < len(ws) && m <= j+2 && l.IsStopword(ws[m]) { // "tous les deux ans"
		if _, ok := countOf(l, ws[m]); ok || l.IsEveryOther(ws[m]) {
			break
		}
		m++
	}
	if m+1 >= len(ws) {
		return 0, "", false
	}
	n, counted := countOf(l, ws[m])
	if l.IsEveryOther(ws[m]) { // "every other week"
		n, counted = 2, true
	}
	if !counted {
		return 0, "", false
	}
	unit, ok = l.Unit(ws[m+1])
	return n, unit, ok
}

// countOf is the whole number w writes, in digits or in words ("7",
// "seven", "sieben").
func countOf(l *lang.Language, w string) (int, bool) {
	if n, err := strconv.Atoi(w); err == nil {
		return n, true
	}
	n, _, ok := l.NumberWord(w)
	return n, ok
}

// daysIn is the length of a unit of time in days, roughly; 0 for a unit
// that is not one.
var daysIn = map[string]float64{"time:hour": 1.0 / 24, "time:day": 1, "time:week": 7, "time:month": 30, "time:year": 365}

// otherPeriod reports whether every n units v is another period than
// every unit u: more than half as long again or shorter by as much
// ("15 days" against a week; "4 weeks" is a month).
func otherPeriod(n int, v, u string) bool {
	a, b := float64(n)*daysIn[v], daysIn[u]
	return a > 0 && b > 0 && (a > 1.5*b || b > 1.5*a)
}
