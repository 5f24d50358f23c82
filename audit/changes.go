package audit

import (
	"slices"
	"strings"
	"unicode"

	"github.com/ragaudit/ragaudit/lang"
)

// changeRole is what figure q of text is to a value said to change
// ([change-verbs]): 'f' where it starts ("rises from €29.99 to €34.99",
// "steigt ab Juli von 5 % auf 10 %"), 't' where it ends ("to €34.99",
// "rises to €34.99"), 'b' what it changes by ("steigt um 5 %", "augmente
// de 5 %"); 0 for a figure no verb of change governs. A start needs its
// end after it, and an end without a start a verb right before its link,
// so "from €9.99" of a price list stays a lower bound and "3 to 5 days"
// a range.
func changeRole(l *lang.Language, text string, q quantity) byte {
	if last := boundWordsBefore(text, q.Start, 1); len(last) == 0 || l.ChangeLink(last[0]) == 0 {
		return 0 // most figures: no link of change before them
	}
	before := changeWordsBefore(l, text, q.Start)
	link := before[len(before)-1]
	verbWithin := func(ws []string, n int) bool {
		return slices.ContainsFunc(ws[max(0, len(ws)-n):], l.IsChangeVerb)
	}
	after := boundWordsAfter(text, q.Start+len(q.Raw), 3)
	endFollows := len(after) >= 2 && l.ChangeLink(after[0]) == 't' && figureWord(after[1])
	switch l.ChangeLink(link) {
	case 'f':
		if endFollows && verbWithin(before[:len(before)-1], 8) {
			return 'f'
		}
		if l.IsChangeBy(link) && !endFollows && verbWithin(before[:len(before)-1], 2) {
			return 'b' // French "augmente de 5 %"
		}
	case 't':
		rest := before[:len(before)-1]
		// "from €29.99 to": the figure before, after its own link.
		k := len(rest) - 1
		for k >= 0 && figurePart(rest[k]) {
			k--
		}
		if k >= 0 && k < len(rest)-1 && l.ChangeLink(rest[k]) == 'f' && verbWithin(rest[:k], 8) {
			return 't'
		}
		if verbWithin(rest, 2) {
			return 't'
		}
	case 'b':
		if verbWithin(before[:len(before)-1], 4) { // "steigt Ihr Treuerabatt um"
			return 'b'
		}
		if slices.ContainsFunc(after, l.IsChangeVerb) { // "met 14 dagen worden verlengd"
			return 'b'
		}
	}
	return 0
}

// changeWordsBefore are up to ten words of text before i, read across
// the full stop of a date ("steigt ab dem 1. Juli 2026 von"), which
// clauseWords cut at.
func changeWordsBefore(l *lang.Language, text string, i int) []string {
	ws := normalisedWords(l, wholeWordsBefore(text, i, 120))
	return ws[max(0, len(ws)-10):]
}

// figureWord reports whether w, a lower-cased word, opens a figure: a
// digit or a currency sign first.
func figureWord(w string) bool {
	r := []rune(w)
	return len(r) > 0 && (unicode.IsDigit(r[0]) || unicode.Is(unicode.Sc, r[0]) || len(r) > 1 && (r[0] == '-' || r[0] == '+') && unicode.IsDigit(r[1]))
}

// figurePart reports whether w is part of a figure as words cut it: a
// number, a currency or percent sign, a currency's name.
func figurePart(w string) bool {
	if figureWord(w) || w == "%" || currencySymbols[w] != "" {
		return true
	}
	return strings.IndexFunc(w, unicode.IsLetter) < 0 && strings.IndexFunc(w, unicode.IsDigit) >= 0
}

// changeSwapped is the claim's figures given a part in a change that the
// chunk gives them only in other parts: "steigt um 5 %" (what it changes
// by) or "rises to €29.99" (where it ends) against "von 5 % auf 10 %",
// "from €29.99 to €34.99" (where it starts). A chunk stating the figure
// plainly anywhere states it.
func changeSwapped(l *lang.Language, c *claim, chunk string) []string {
	c.changeRoles(l)
	var out []string
	var chunkQs []quantity
	for i, q := range c.quantities {
		role := c.changes[i]
		if role == 0 {
			continue
		}
		if chunkQs == nil {
			chunkQs = findQuantitiesIn(l, chunk)
		}
		seen, same := false, false
		for _, w := range chunkQs {
			if !sameValue(q, w) {
				continue
			}
			seen = true
			if r := changeRole(l, chunk, w); r == 0 || r == role {
				same = true
				break
			}
		}
		if seen && !same {
			out = append(out, q.Raw)
		}
	}
	return out
}

// changedByOnly is a claim's figure that no verb of change governs and
// that the chunk gives only as what a value changes by: "The free trial
// lasts 14 days" against "… a free trial of 30 days … can be extended
// once by 14 days", "De proefperiode kan één keer met 14 dagen worden
// verlengd". "" for none.
func changedByOnly(l *lang.Language, c *claim, ev *evidence) string {
	var roles []byte
	for i, q := range c.quantities {
		if q.Weak || q.Kind != "money" && q.Kind != "percent" && q.Kind != "number" {
			continue // a date or a time is no amount of change
		}
		if roles == nil {
			roles = c.changeRoles(l)
		}
		if roles[i] == 0 && ev.onlyChangedBy(q.Key) {
			return q.Raw
		}
	}
	return ""
}

// onlyChangedBy reports whether the chunk gives a figure of this key, and
// each one only as what a value changes by; read for a key the first time
// a claim asks, not for every figure of the chunk.
func (ev *evidence) onlyChangedBy(key string) bool {
	if by, ok := ev.changedBy[key]; ok {
		return by
	}
	if ev.changedBy == nil {
		ev.changedBy = map[string]bool{}
	}
	by := func() bool {
		seen := false
		for _, fs := range ev.figureSets() {
			fl := fs.l
			if fl == nil {
				fl = englishTables() // the chunk's figures are read with English's tables
			}
			for i := range fs.found {
				if q := fs.at(i); q.Key == key {
					if changeRole(fl, fs.text, *q) != 'b' {
						return false
					}
					seen = true
				}
			}
		}
		return seen
	}()
	ev.changedBy[key] = by
	return by
}

// changeRoles is changeRole of each of the claim's quantities (0 for a
// weak one), read once a claim.
func (c *claim) changeRoles(l *lang.Language) []byte {
	if c.changes == nil {
		c.changes = make([]byte, len(c.quantities))
		for i, q := range c.quantities {
			if !q.Weak {
				c.changes[i] = changeRole(l, c.plain, q)
			}
		}
	}
	return c.changes
}
