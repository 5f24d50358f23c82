package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// percentRoleSwapped returns the claim's percentage that the window gives
// with the opposite price: "betaalt 40 % van de normale prijs" against
// "40 % korting", "25% discount" against "pay 25% of the price". Where the
// window also gives it as the claim does, or as neither, it is stated; 50 %
// is both; "" for none.
func percentRoleSwapped(l *lang.Language, c *claim, window string) string {
	var windowQs []quantity // read once a claim gives a percentage with a role
	for _, q := range c.quantities {
		if q.Kind != "percent" || q.Key == "p:50" {
			continue
		}
		r := percentRole(l, c.plain, q.Start, q.Start+len(q.Raw))
		if r == 0 {
			continue
		}
		if windowQs == nil {
			windowQs = findQuantitiesIn(l, window)
		}
		opposite, alike := false, false
		for _, p := range windowQs {
			if p.Kind != "percent" || p.Key != q.Key {
				continue
			}
			switch percentRole(l, window, p.Start, p.Start+len(p.Raw)) {
			case -r:
				opposite = true
			default:
				alike = true
			}
		}
		if opposite && !alike {
			return q.Raw
		}
	}
	return ""
}

// percentRole is +1 where the percentage text[start:end] is taken off a
// price ("40 % korting", "a discount of 25%", "25 % de réduction"), -1
// where it is a share of a price ("40 % van de normale prijs", "25 % du
// prix"), 0 where its words say neither.
func percentRole(l *lang.Language, text string, start, end int) int {
	after := tokens(text[end:min(len(text), end+80)])
	before := tokens(text[max(0, start-60):start])
	for k := 0; k < len(after) && k < 2; k++ { // "25 % de réduction"
		if w := strings.ToLower(after[k]); l.IsDiscountWord(w) {
			return 1
		} else if !l.IsStopword(w) {
			break
		}
	}
	for k := len(before) - 1; k >= 0 && k >= len(before)-3; k-- { // "korting van 40 %"
		if w := strings.ToLower(before[k]); l.IsDiscountWord(w) {
			return 1
		} else if !l.IsStopword(w) {
			break
		}
	}
	if len(after) > 0 && l.IsPercentOf(strings.ToLower(after[0])) {
		for k := 1; k < len(after) && k <= 3; k++ { // "van de volle prijs"
			if l.IsPriceWord(strings.ToLower(after[k])) {
				return -1
			}
		}
	}
	return 0
}
