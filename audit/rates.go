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
	if !ok {
		return quantity{}, false
	}
	return intervalIn(l, c.plain, q)
}

// intervalIn is intervalOf of q, a quantity of text in language l.
func intervalIn(l *lang.Language, text string, q quantity) (quantity, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(q.Key, "n:"))
	if q.Kind != "number" || q.Negative || err != nil || n < 2 || q.Start+len(q.Raw) > len(text) {
		return quantity{}, false
	}
	end := q.Start + len(q.Raw)
	ws := normalisedWords(l, text[end:min(end+40, len(text))]) // the few words after it
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

// statesAsCount reports whether q, a duration of the claim ("tous les six
// mois", "elk half jaar"), is the interval of a count of times per period
// the chunk states ("deux fois par an", "twee keer per jaar"): the
// reverse of statesAsInterval. Read only for a duration the chunk lacks.
func (ev *evidence) statesAsCount(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	months, days := inMonthsOrDays(q)
	if !ok || months == 0 && days == 0 {
		return false
	}
	for i := range ev.found {
		f := &ev.found[i]
		if f.date || f.clock != "" || f.phone != 0 || f.percent || f.currency != "" || f.unit != "count:times" && (f.unit != "" || ev.tongue.l != nil) {
			continue // no count of times (English reads no unit of times)
		}
		if iv, ok := intervalIn(l, ev.scanned, f.quantity(ev.scanned)); ok {
			if m, d := inMonthsOrDays(iv); m == months && d == days {
				return true
			}
		}
	}
	return false
}

// inMonthsOrDays is a duration in months (of months or years) or in days
// (of days or weeks); 0, 0 for another quantity or a part of a unit.
func inMonthsOrDays(q quantity) (months, days float64) {
	v, err := strconv.ParseFloat(strings.TrimPrefix(q.Key, "n:"), 64)
	if q.Kind != "number" || err != nil || v <= 0 {
		return 0, 0
	}
	switch q.Unit {
	case "time:year":
		return v * 12, 0
	case "time:month":
		return v, 0
	case "time:week":
		return 0, v * 7
	case "time:day":
		return 0, v
	}
	return 0, 0
}
