package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// introPriceGiven reports whether the claim's words cw give as the price
// the one that closest, the normalised words of the window's sentence the
// claim follows, gives only for an introductory period ("€9.99 per month
// for the first 6 months, then €39.99"; "Im ersten Jahr kostet … 19,99 €,
// danach 34,99 €"): the sentence opens a period with a word of
// [introductory] before a unit of time and gives two different prices
// (figures or words of [free-words]) besides the period's own figure; the claim holds
// the one nearest the period, and neither the period's word nor its
// figure.
func introPriceGiven(l *lang.Language, cw, closest []string) bool {
	cue, unit := -1, -1
	for i := range closest {
		if l.IntroductoryAt(closest, i) == 0 {
			continue
		}
		for k := i + 1; k < len(closest) && k <= i+introUnitReach; k++ {
			if u, ok := l.Unit(closest[k]); ok && strings.HasPrefix(u, "time:") {
				cue, unit = i, k
				break
			}
		}
		if cue >= 0 {
			break
		}
	}
	if cue < 0 {
		return false
	}
	var periodFigures, prices []string
	nearest, dist := -1, 0
	for k, w := range closest {
		price := l.IsFreeWord(w)
		if _, article, _ := l.NumberWord(w); !price && isFigure(l, w) && !article { // "een vaste prijs": an article, no price
			if k >= cue-2 && k <= unit {
				periodFigures = append(periodFigures, w) // "first 6 months", "les 3 premiers mois"
				continue
			}
			// A figure before a unit of time is another period, no price.
			u, ok := "", false
			if k+1 < len(closest) {
				u, ok = l.Unit(closest[k+1])
			}
			price = !ok || !strings.HasPrefix(u, "time:")
		}
		if !price {
			continue
		}
		if !slices.Contains(prices, w) {
			prices = append(prices, w)
		}
		if d := max(k-cue, cue-k); nearest < 0 || d < dist {
			nearest, dist = k, d
		}
	}
	if len(prices) < 2 {
		return false // one price, however often written ("100 % wind power, a bonus of €100")
	}
	given := closest[nearest]
	if l.IsFreeWord(given) {
		if !slices.ContainsFunc(cw, l.IsFreeWord) {
			return false
		}
	} else if !slices.Contains(cw, given) {
		return false
	}
	for k := range cw {
		if l.IntroductoryAt(cw, k) > 0 || slices.Contains(periodFigures, cw[k]) {
			return false
		}
	}
	return true
}

// introUnitReach is how many words after its word an introductory period
// names its unit ("first 6 months", "ersten Jahr", "primeros seis meses").
const introUnitReach = 2
