package audit

import (
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// everyOther returns the claim's "every <unit of time>" ("every week")
// where the window's sentence closest to it says it every n of that unit,
// n not one: "every two weeks", "alle zwei Wochen", "tous les deux ans",
// "cada dos semanas", "om de twee weken", "every other week". The claim
// states no number, so the number check does not see it; "" for none.
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
			if !l.OpensEveryN(ww[j]) { // "every", "om" of "om de twee weken"
				continue
			}
			m := j + 1
			for m < len(ww) && m <= j+2 && l.IsStopword(ww[m]) { // "tous les deux ans"
				if _, ok := countOf(l, ww[m]); ok || l.IsEveryOther(ww[m]) {
					break
				}
				m++
			}
			if m+1 >= len(ww) {
				continue
			}
			if n, ok := countOf(l, ww[m]); (!ok || n == 1) && !l.IsEveryOther(ww[m]) { // "every other week"
				continue
			}
			if v, ok := l.Unit(ww[m+1]); ok && v == u {
				return cw[i] + " " + cw[k]
			}
		}
	}
	return ""
}

// countOf is the whole number w writes, in digits or in words.
func countOf(l *lang.Language, w string) (int, bool) {
	if n, err := strconv.Atoi(w); err == nil {
		return n, true
	}
	n, _, ok := l.NumberWord(w)
	return n, ok
}
