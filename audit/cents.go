package audit

import (
	"math"
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// inCents reports whether the chunk states q, a figure of the claim, in
// the other unit of money: "29 céntimos" of "0,29 €", "0,325 €" of "32,5
// Cent" ([cent-words]). The currency of the cents is the chunk's, as a
// reader takes it.
func (ev *evidence) inCents(c *claim, q quantity) bool {
	l, v, claimCents, ok := centsOf(c, q)
	switch {
	case !ok || q.Negative:
		return false
	case claimCents:
		money, _ := ev.moneyForms(l, v/100)
		return money
	case q.Kind == "money":
		_, cents := ev.moneyForms(l, v*100)
		return cents
	}
	return false
}

// centsConfused reports whether q is stated only in the other unit of
// money: "€12" where the chunk's 12 is "12 cents", "12 cents" where its
// 12 is "€12". The figure matches by value, the amount does not.
func (ev *evidence) centsConfused(c *claim, q quantity) bool {
	l, v, claimCents, ok := centsOf(c, q)
	if !ok || q.Kind == "number" && !claimCents {
		return false
	}
	money, cents := ev.moneyForms(l, v)
	if claimCents {
		return money && !cents
	}
	return cents && !money
}

// centsOf reads q, a figure of the claim, for the comparisons of money:
// the claim's language, q's value, and whether q is a number of cents
// ("29 céntimos"); false for a figure that is neither a number nor an
// amount.
func centsOf(c *claim, q quantity) (l *lang.Language, v float64, cents, ok bool) {
	if q.Kind != "number" && q.Kind != "money" {
		return nil, 0, false, false
	}
	if l, ok = lang.Get(c.tongue.code); !ok {
		return nil, 0, false, false
	}
	if v, ok = q.value(); !ok {
		return nil, 0, false, false
	}
	return l, v, q.Kind == "number" && centsAfter(l, plainSpaces(c.plain), q), true
}

// moneyForms reports how the chunk writes the value v: as an amount with
// a currency, and as a number of cents (a number before a word of
// [cent-words]).
func (ev *evidence) moneyForms(l *lang.Language, v float64) (money, cents bool) {
	for i := range ev.found {
		f := &ev.found[i]
		if f.percent || f.date || f.clock != "" || f.phone != 0 {
			continue
		}
		k := f.quantity(ev.scanned)
		w, err := strconv.ParseFloat(k.Key[strings.LastIndexByte(k.Key, ':')+1:], 64)
		if err != nil || k.Kind != "number" && k.Kind != "money" || !sameAmount(w, v) {
			continue
		}
		switch {
		case f.currency != "":
			money = true
		case centsAfter(l, ev.scanned, k):
			cents = true
		}
	}
	return money, cents
}

// centsAfter reports whether a word of [cent-words] follows q in text.
func centsAfter(l *lang.Language, text string, q quantity) bool {
	end := q.Start + len(q.Raw)
	if end > len(text) || text[q.Start:end] != q.Raw {
		return false
	}
	w, _ := wordAfterPos(text, end)
	if w == "" { // glued to the number: "70p"
		w = text[end:lettersEnd(text, end)]
	}
	return w != "" && l.IsCentWord(w)
}

// sameAmount compares two amounts to a thousandth of a cent.
func sameAmount(a, b float64) bool { return math.Abs(a-b) < 1e-5 }
