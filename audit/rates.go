package audit

import (
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// statesAsInterval reports whether q, a count of times per period in the
// claim ("deux fois par an", "four times a year", "dos veces al año"), is
// the interval the chunk states: that period split evenly, as a duration
// ("tous les six mois", "alle sechs Monate") or a period it names in one
// word ("every quarter", where it states no other duration of that unit:
// namesPeriod). A year splits into months, a week into days.
func (ev *evidence) statesAsInterval(c *claim, q quantity) bool {
	iv, ok := intervalOf(c, q)
	return ok && (ev.quantities.supports(iv) || ev.namesPeriod(c, iv))
}

// intervalOf is the duration between the times of a count of times per
// period ("four times a year": three months); false when q is none or
// the period does not split evenly.
func intervalOf(c *claim, q quantity) (quantity, bool) {
	l, ok := lang.Get(c.tongue.code)
	n, err := strconv.Atoi(strings.TrimPrefix(q.Key, "n:"))
	if !ok || q.Kind != "number" || q.Negative || err != nil || n < 2 || q.Start+len(q.Raw) > len(c.plain) {
		return quantity{}, false
	}
	ws := normalisedWords(l, c.plain[q.Start+len(q.Raw):])
	k := 0
	switch {
	case q.Unit == "count:times":
	case q.Unit == "" && len(ws) > 0 && (ws[0] == "time" || ws[0] == "times" || ws[0] == "x"): // English reads no unit of times
		k = 1
	default:
		return quantity{}, false
	}
	var period string
	if unit, m := l.PerPhraseAt(ws, k); m > 0 {
		period, _ = l.Unit(unit)
	} else if k+1 < len(ws) && l.IsPerWord(ws[k]) {
		period, _ = l.Unit(ws[k+1])
	}
	in, whole := map[string]string{"time:year": "time:month", "time:week": "time:day"}[period], map[string]int{"time:year": 12, "time:week": 7}[period]
	if in == "" || whole%n != 0 {
		return quantity{}, false
	}
	v := strconv.Itoa(whole / n)
	return quantity{Raw: v, Kind: "number", Key: "n:" + v, Unit: in, Start: q.Start}, true
}
