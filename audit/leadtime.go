package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// leadTime reports whether q, a period in text, is a lead time: the word
// after it, or after a stopword after it, is one of [lead-before] ("48
// hours before departure", "24 horas antes de la salida", "einen Monat im
// Voraus"). "At least 48 hours before" and "no later
// than 48 hours before" name one deadline.
func leadTime(l *lang.Language, text string, q quantity) bool {
	if !strings.HasPrefix(q.Unit, "time:") {
		return false
	}
	if l == nil {
		l = englishTables()
	}
	end := q.Start + len(q.Raw)
	next := tokens(text[end:min(len(text), end+24)])
	if len(next) == 0 {
		return false
	}
	first := strings.ToLower(next[0])
	if l.IsLeadBefore(l.StripElision(first)) {
		return true
	}
	// after a stopword: "einen Monat im Voraus", "48 uur van tevoren",
	// "48 horas de antelación", "48 hours in advance"
	return len(next) > 1 && l.IsStopword(first) && l.IsLeadBefore(l.StripElision(strings.ToLower(next[1])))
}

// leadAgrees reports whether the claim's lead time q agrees with the
// chunk's same lead time bounded by b, lower or upper: the claim gives q
// as a deadline too, bare or with a lower or an upper bound, never "less
// than" or "within" it.
func (c *claim) leadAgrees(q quantity, b bound, chunk *figures, at *quantity) bool {
	if !deadlineBound(chunk.l, chunk.text, *at, b) || !leadTime(chunk.l, chunk.text, *at) || !leadTime(c.tongue.l, c.plain, q) {
		return false
	}
	if !c.boundsRead {
		c.bounds, c.boundsRead = boundsOf(c.tongue.l, c.plain), true
	}
	for _, f := range c.bounds {
		if f.key == q.Key && f.start == q.Start {
			return f.b == boundExact || deadlineBound(c.tongue.l, c.plain, q, f.b)
		}
	}
	return true
}

// deadlineBound reports whether bound b of figure q in text gives a lead
// time as a deadline: a lower bound ("at least 48 hours before"), or an
// upper one after a phrase of [lead-until] ("no later than 48 hours
// before"); a cap ("höchstens einen Monat vor") is none.
func deadlineBound(l *lang.Language, text string, q quantity, b bound) bool {
	if l == nil {
		l = englishTables()
	}
	switch b {
	case boundLower:
		return true
	case boundUpper:
		return l.LeadUntil(strings.Fields(strings.ToLower(wholeWordsBefore(text, q.Start, 32))))
	}
	return false
}

// leadWordAt reports whether the normalised word ws[i] is of a phrase
// that gives the lead time right after it, two words at most between, as
// a deadline: "least" of "at least 48 hours before", "uiterlijk" of
// "uiterlijk 48 uur voor", "tard" of "au plus tard 48 heures avant";
// "free" of "free up to 48 hours before" is of none. Bounds of one
// deadline oppose nothing there.
func leadWordAt(l *lang.Language, ws []string, i int) bool {
	for k := i + 1; k <= i+3 && k+2 < len(ws); k++ {
		if isFigure(l, ws[k]) {
			u, ok := l.Unit(ws[k+1])
			deadline := func(ws []string) bool { return l.BoundBefore(ws) == lang.Lower || l.LeadUntil(ws) }                  // "höchstens einen Monat vor" caps it
			return ok && strings.HasPrefix(u, "time:") && l.IsLeadBefore(ws[k+2]) && deadline(ws[:k]) && !deadline(ws[i+1:k]) // ws[i] is of the phrase
		}
	}
	return false
}
