package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// leadTime reports whether q, a period in text, is a lead time: the word
// after it is one of [lead-before] ("48 hours before departure", "24
// horas antes de la salida"). "At least 48 hours before", "up to 48 hours
// before" and "48 hours before at the latest" name one deadline.
func leadTime(l *lang.Language, text string, q quantity) bool {
	if !strings.HasPrefix(q.Unit, "time:") {
		return false
	}
	if l == nil {
		l = englishTables()
	}
	end := q.Start + len(q.Raw)
	next := tokens(text[end:min(len(text), end+24)])
	return len(next) > 0 && l.IsLeadBefore(strings.ToLower(next[0]))
}

// leadAgrees reports whether the claim's lead time q agrees with the
// chunk's same lead time bounded by b, lower or upper: the claim gives q
// as a deadline too, bare or with a lower or an upper bound, never "less
// than" or "within" it.
func (c *claim) leadAgrees(q quantity, b bound, chunkLead bool) bool {
	if b != boundLower && b != boundUpper || !chunkLead || !leadTime(c.tongue.l, c.plain, q) {
		return false
	}
	if !c.boundsRead {
		c.bounds, c.boundsRead = boundsOf(c.tongue.l, c.plain), true
	}
	for _, f := range c.bounds {
		if f.key == q.Key && f.start == q.Start {
			return f.b == boundExact || f.b == boundLower || f.b == boundUpper
		}
	}
	return true
}

// leadWordAt reports whether the normalised word ws[i] bounds a lead time
// written right after it, a word at most between: "least" of "at least 48
// hours before", "tot" of "tot 48 uur voor", "tard" of "au plus tard 48
// heures avant". Bounds of one deadline oppose nothing there.
func leadWordAt(l *lang.Language, ws []string, i int) bool {
	for k := i + 1; k <= i+2 && k+2 < len(ws); k++ {
		if isFigure(l, ws[k]) {
			u, ok := l.Unit(ws[k+1])
			return ok && strings.HasPrefix(u, "time:") && l.IsLeadBefore(ws[k+2])
		}
	}
	return false
}
