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
	l, ok := lang.Get(c.tongue.code)
	if !ok || q.Negative {
		return false
	}
	v, ok := centsValue(q)
	if !ok {
		return false
	}
	switch {
	case q.Kind == "number" && centsAfter(l, plainSpaces(c.plain), q):
		return ev.statesMoney(v / 100)
	case q.Kind == "money":
		return ev.statesCents(l, v*100)
	}
	return false
}

// centsValue is q's value: of a number or an amount ("m:EUR:0.29").
func centsValue(q quantity) (float64, bool) {
	if q.Kind != "number" && q.Kind != "money" {
		return 0, false
	}
	v, err := strconv.ParseFloat(q.Key[strings.LastIndexByte(q.Key, ':')+1:], 64)
	return v, err == nil
}

// centsAfter reports whether a word of [cent-words] follows q in text.
func centsAfter(l *lang.Language, text string, q quantity) bool {
	end := q.Start + len(q.Raw)
	if end > len(text) || text[q.Start:end] != q.Raw {
		return false
	}
	w, _ := wordAfterPos(text, end)
	return w != "" && l.IsCentWord(w)
}

// statesMoney reports whether the chunk states an amount of value v, in
// any currency.
func (ev *evidence) statesMoney(v float64) bool {
	for i := range ev.found {
		f := &ev.found[i]
		if f.currency == "" {
			continue
		}
		if w, ok := centsValue(f.quantity(ev.scanned)); ok && sameAmount(w, v) {
			return true
		}
	}
	return false
}

// statesCents reports whether the chunk states n cents: a number of value
// n before a word of [cent-words].
func (ev *evidence) statesCents(l *lang.Language, n float64) bool {
	for i := range ev.found {
		f := &ev.found[i]
		if f.currency != "" || f.percent || f.date || f.clock != "" || f.phone != 0 {
			continue
		}
		k := f.quantity(ev.scanned)
		if w, ok := centsValue(k); ok && sameAmount(w, n) && centsAfter(l, ev.scanned, k) {
			return true
		}
	}
	return false
}

// sameAmount compares two amounts to a thousandth of a cent.
func sameAmount(a, b float64) bool { return math.Abs(a-b) < 1e-5 }

// centsConfused reports whether q is stated only in the other unit of
// money: "€12" where the chunk's 12 is "12 cents", "12 cents" where its
// 12 is "€12". The figure matches by value, the amount does not.
func (ev *evidence) centsConfused(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || q.Kind != "money" && q.Kind != "number" {
		return false
	}
	v, ok := centsValue(q)
	if !ok {
		return false
	}
	claimCents := q.Kind == "number" && centsAfter(l, plainSpaces(c.plain), q)
	if q.Kind == "number" && !claimCents {
		return false
	}
	other := false // a figure of the value in the other unit
	for i := range ev.found {
		f := &ev.found[i]
		if f.percent || f.date || f.clock != "" || f.phone != 0 {
			continue
		}
		k := f.quantity(ev.scanned)
		if w, ok := centsValue(k); !ok || !sameAmount(w, v) {
			continue
		}
		chunkCents := f.currency == "" && centsAfter(l, ev.scanned, k)
		switch {
		case claimCents && f.currency != "" || !claimCents && chunkCents:
			other = true
		case claimCents && chunkCents || !claimCents && f.currency != "":
			return false // stated in the same unit too
		}
	}
	return other
}
