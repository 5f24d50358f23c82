package audit

import (
	"slices"
	"strings"
	"sync"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// irregularStems maps the English stem of an irregular verb form to its
// base's ("sent" → "send", "paid" → "pay"), from [irregular-verbs]: the
// negation check reads "cannot be sent" as a denial of "you can send".
var irregularStems = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	l, _ := lang.Get("en")
	for form, base := range l.IrregularForms() {
		if f, b := nounphrase.StemWord(form), nounphrase.StemWord(base); f != b {
			out[f] = b
		}
	}
	return out
})

// baseStem is the stem of an irregular form's base, or st itself.
func baseStem(st string) string {
	if b, ok := irregularStems()[st]; ok {
		return b
	}
	return st
}

// englishRoots tells, for an English claim, whether a stem is the start
// of a stem of text or the reverse: English's light stemmer parts forms of
// one verb ("deliver" and "delivered" stem to "deliv" and "deliver"), and
// a negation about one of them is about the other. An irregular form is
// read as its base ("sent" as "send", "paid" as "pay", matched whole
// where it is short). A stopword of text counts by its whole stem:
// "include" is a stopword, "not included" is about it. Other languages
// match stems by their prefixes already (stemPrefix).
func englishRoots(c *claim, text string) func(string) bool {
	if c.tongue.l != nil {
		return func(string) bool { return false }
	}
	var stems, stops, bases []string
	return func(st string) bool {
		if stems == nil {
			stems = []string{}
			for _, w := range nounphrase.Words(text) {
				x := nounphrase.StemWord(w)
				if b := baseStem(x); b != x || len(x) < minRoot {
					bases = append(bases, b) // "sent" of "send", and "pay" for a "paid"
				}
				switch x = baseStem(x); {
				case len(x) < minRoot:
				case nounphrase.IsStopword(w):
					stops = append(stops, x)
				default:
					stems = append(stems, x)
				}
			}
		}
		if b := baseStem(st); b != st {
			return slices.Contains(bases, b) || slices.Contains(stems, b)
		}
		if len(st) < minRoot {
			return false
		}
		for _, x := range stems {
			if strings.HasPrefix(x, st) || strings.HasPrefix(st, x) {
				return true
			}
		}
		return slices.Contains(stops, st)
	}
}

// minRoot is the shortest English stem matched as the start of another.
const minRoot = 4
