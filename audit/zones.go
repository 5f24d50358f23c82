package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// zoneSwapped returns a time zone the claim names ([time-zones]: "UK
// time", "hora de Canarias", "GMT") where the chunk names another and not
// it ("CET", "hora peninsular"): the claim's hour is another; "" for
// none. Zones that may name the same hour are one zone in the tables.
func zoneSwapped(l *lang.Language, c *claim, chunk string) string {
	cw := claimWords(c, l)
	type named struct {
		zone   string
		at, of int
	}
	var claimed []named
	for i := 0; i < len(cw); i++ {
		if z, n := l.ZoneAt(cw, i); n > 0 {
			claimed = append(claimed, named{z, i, n})
			i += n - 1
		}
	}
	if len(claimed) == 0 {
		return ""
	}
	ws := normalisedWords(l, chunk)
	inChunk := map[string]bool{}
	for i := range ws {
		if z, n := l.ZoneAt(ws, i); n > 0 {
			inChunk[z] = true
		}
	}
	if len(inChunk) == 0 {
		return ""
	}
	for _, x := range claimed {
		if !inChunk[x.zone] {
			phrase := strings.Join(cw[x.at:x.at+x.of], " ")
			if k := strings.Index(strings.ToLower(c.plain), phrase); k >= 0 && len(strings.ToLower(c.plain)) == len(c.plain) {
				return c.plain[k : k+len(phrase)] // as written: "UK time"
			}
			return phrase
		}
	}
	return ""
}

// zoneNamedIn reports whether name, a name of the claim, is a time zone
// ("CET") that chunk names in other words ("Central European Time"):
// the chunk mentions it.
func zoneNamedIn(c *claim, name, chunk string) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || chunk == "" {
		return false
	}
	zone, n := l.ZoneAt([]string{l.Normalize(name)}, 0)
	if n == 0 {
		return false
	}
	ws := normalisedWords(l, chunk)
	for i := range ws {
		if z, _ := l.ZoneAt(ws, i); z == zone {
			return true
		}
	}
	return false
}
