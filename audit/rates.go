package audit

import (
	"math"
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// statesAsInterval reports whether q, a count of times per period in the
// claim ("deux fois par an", "four times a year", "dos veces al año"), is
// the interval the chunk states: that period split evenly, as a duration
// ("tous les six mois", "alle sechs Monate") or a period it names in one
// word ("every quarter", where it states no other duration of that unit:
// namesPeriod). A year splits into months, a week into days, a day into
// hours ("dos veces al día" of "cada 12 horas").
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
	period, _ := periodAt(l, ws, k)
	in, whole := map[string]string{"time:year": "time:month", "time:week": "time:day", "time:day": "time:hour"}[period], map[string]int{"time:year": 12, "time:week": 7, "time:day": 24}[period]
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
	if _, _, duration := durationDays(1, q.Unit); !ok || q.Kind != "number" || !duration {
		return false
	}
	for i := range ev.found {
		f := &ev.found[i]
		if f.date || f.clock != "" || f.phone != 0 || f.percent || f.currency != "" || f.unit != "count:times" && (f.unit != "" || ev.tongue.l != nil) {
			continue // no count of times (English reads no unit of times)
		}
		iv, ok := intervalIn(l, ev.scanned, f.quantity(ev.scanned))
		if !ok {
			continue
		}
		// The interval and the claim's duration compare as any two
		// durations do ("six mois" of "half jaar"): statesMeasure.
		v, _ := strconv.ParseFloat(strings.TrimPrefix(iv.Key, "n:"), 64)
		if ms, n := measuresOf(v, iv.Unit); statesMeasure(ms[:n], q) {
			return true
		}
	}
	return false
}

// timesInWord reports whether q, a count of times the claim writes with
// a number ("zwei Mal im Jahr", "twee keer per jaar", "two times a
// year"), is one the chunk writes in one word for the same period
// ([times-words]: "zweimal im Jahr", "tweemaal per jaar", "twice a
// year"); a claim that names no period takes the chunk's. A count of
// things for a period ("drei Abhebungen pro Monat") is as many times for
// it ("dreimal pro Monat").
func (ev *evidence) timesInWord(c *claim, q quantity) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok || q.Kind != "number" {
		return false
	}
	n, err := strconv.Atoi(strings.TrimPrefix(q.Key, "n:"))
	if err != nil || n < 1 {
		return false
	}
	says := func(w string) bool { return ev.words.has(hashWord(w)) }
	cw := claimWords(c, l)
	if q.Unit == "" && n >= 2 && l.SaysTimesInWord(n, says) {
		return ev.timesForPeriod(l, cw, n) // "drei Abhebungen pro Monat" of "dreimal pro Monat"
	}
	if !c.countsTimes(l, cw) || !l.SaysTimesInWord(n, says) {
		return false
	}
	var ws []string // the chunk's words, read for the first count of the claim's
	for i := range cw {
		k, next := timesAt(l, cw, i)
		if _, word := l.TimesWord(cw[i]); k != n || word {
			continue // the claim's count with a number ("two times") is q
		}
		period, _ := periodAt(l, cw, next)
		if ws == nil {
			ws = normalisedWords(l, ev.scanned)
		}
		for j := range ws {
			if m, ok := l.TimesWord(ws[j]); ok && m == n {
				if p, _ := periodAt(l, ws, j+1); period == "" || p == period {
					return true
				}
			}
		}
	}
	return false
}

// timesForPeriod reports whether the chunk says n times in one word for a
// period the claim words cw name too ("dreimal pro Monat" of "drei
// Abhebungen pro Monat"): as many things as times in the same period,
// not a count of something else ("Kontoauszüge dreimal im Jahr").
func (ev *evidence) timesForPeriod(l *lang.Language, cw []string, n int) bool {
	ws := normalisedWords(l, ev.scanned)
	for j := range ws {
		if m, ok := l.TimesWord(ws[j]); !ok || m != n {
			continue
		}
		p, _ := periodAt(l, ws, j+1)
		if p == "" {
			continue
		}
		for i := range cw {
			if cp, _ := periodAt(l, cw, i); cp == p {
				return true
			}
		}
	}
	return false
}

// rateAt finds the claim's count of times per period ("twice a day",
// "zweimal täglich", "trois fois par jour") where the window's sentence
// closest to it, ww, says the thing every n units ("every two days",
// "alle zwei Tage") or another count for the period ("three times a day")
// and so at another rate; it returns the span of cw the count and period
// take, -1 for none. A count of times
// is a word of [times-words], or a number before a word of the unit
// count:times (English: "times"); its period a phrase of [per-phrases] or
// a [per-words] word and a unit of time after it.
func rateAt(l *lang.Language, cw, ww []string) (at, end int) {
	for i := range cw {
		k, next := timesAt(l, cw, i)
		if k == 0 {
			continue
		}
		period, _ := periodAt(l, cw, next)
		days, next := periodDays(l, cw, next)
		if days == 0 {
			continue
		}
		if every := everyInterval(l, ww); every > 0 && !closeTo(days/float64(k), every) {
			return i, next
		}
		// "twice a day" where the window says "three times a day" and not
		// twice: English reads no number in "twice".
		if n, ok := timesPer(l, ww, period); ok && n != k {
			return i, next
		}
		// "once a month" where it says "at most once per quarter": the one
		// rate the window's sentence gives, for another period.
		if n, d, ok := onlyRate(l, ww); ok && !closeTo(days/float64(k), d/float64(n)) {
			return i, next
		}
	}
	return -1, -1
}

// periodDays is periodAt in days, a word of [period-words] after a word
// of [per-words] too ("per quarter", "pro Quartal": 90 days); 0 and k
// for none.
func periodDays(l *lang.Language, ws []string, k int) (days float64, next int) {
	if p, next := periodAt(l, ws, k); daysIn[p] > 0 {
		return daysIn[p], next
	}
	if k+1 < len(ws) && l.IsPerWord(ws[k]) {
		if unit, n, ok := l.PeriodOf(ws[k+1]); ok && daysIn[unit] > 0 {
			return float64(n) * daysIn[unit], k + 2
		}
	}
	return 0, k
}

// onlyRate is the count of times per period ws state, in days, when they
// state one rate only ("at most once per quarter": 1 in 90 days).
func onlyRate(l *lang.Language, ws []string) (n int, days float64, ok bool) {
	for i := range ws {
		k, next := timesAt(l, ws, i)
		if k == 0 {
			continue
		}
		d, _ := periodDays(l, ws, next)
		if d == 0 {
			continue
		}
		if ok && !closeTo(days/float64(n), d/float64(k)) {
			return 0, 0, false // two rates: "once a week, twice in December"
		}
		n, days, ok = k, d, true
	}
	return n, days, ok
}

// rawRate is the claim's text from its word first to its word last
// ("three times a day" of the words "three … day"), "" when the claim's
// text cannot be read so.
func rawRate(plain, first, last string) string {
	lower := strings.ToLower(plain)
	if len(lower) != len(plain) {
		return ""
	}
	a := strings.Index(lower, first)
	if a < 0 {
		return ""
	}
	b := strings.Index(lower[a:], last)
	if b < 0 {
		return ""
	}
	end := a + b + len(last)
	for end < len(plain) && isLetter(plain[end]) {
		end++
	}
	return plain[a:end]
}

// countsTimes is countsTimes of the claim's words cw, read once a claim.
func (c *claim) countsTimes(l *lang.Language, cw []string) bool {
	if c.times == 0 {
		c.times = -1
		if countsTimes(l, cw) {
			c.times = 1
		}
	}
	return c.times > 0
}

// countsTimes reports whether ws hold a count of times (timesAt): what
// rateAgainstEvery needs of a claim before its window is read.
func countsTimes(l *lang.Language, ws []string) bool {
	for i := range ws {
		if n, _ := timesAt(l, ws, i); n > 0 {
			return true
		}
	}
	return false
}

// timesAt reads a count of times at ws[i] and the index after it; 0 for
// none.
func timesAt(l *lang.Language, ws []string, i int) (count, next int) {
	if n, ok := l.TimesWord(ws[i]); ok {
		return n, i + 1
	}
	if i+1 >= len(ws) {
		return 0, 0
	}
	n, ok := countOf(l, ws[i])
	if !ok || n < 1 {
		return 0, 0
	}
	if u, ok := l.Unit(ws[i+1]); ok && u == "count:times" || l.Code == "en" && (ws[i+1] == "time" || ws[i+1] == "times") {
		return n, i + 2
	}
	return 0, 0
}

// periodAt reads the period a count is per at ws[k]: a phrase of
// [per-phrases] ("a day", "täglich") or a [per-words] word and a unit
// ("par an"); its unit of time ("time:day") and the index after it, or
// "" and k.
func periodAt(l *lang.Language, ws []string, k int) (period string, next int) {
	if unit, m := l.PerPhraseAt(ws, k); m > 0 {
		period, _ = l.Unit(unit)
		return period, k + m
	}
	if k+1 < len(ws) && l.IsPerWord(ws[k]) {
		period, _ = l.Unit(ws[k+1])
		return period, k + 2
	}
	return "", k
}

// timesPer is the count of times per period the window states, when it
// states one and only one count for that period ("three times a day");
// false otherwise.
func timesPer(l *lang.Language, ws []string, period string) (int, bool) {
	count := 0
	for i := range ws {
		k, next := timesAt(l, ws, i)
		if k == 0 {
			continue
		}
		if p, _ := periodAt(l, ws, next); p != period {
			continue
		}
		if count != 0 && count != k {
			return 0, false // two counts: "once or twice a day"
		}
		count = k
	}
	return count, count > 0
}

// everyInterval is the interval in days of the first "every n units" of
// ws (everyNAt: "every two days", "alle zwei Tage", "every other day");
// 0 for none.
func everyInterval(l *lang.Language, ws []string) float64 {
	for j := 0; j+2 < len(ws); j++ {
		if n, v, ok := everyNAt(l, ws, j); ok && n >= 1 && daysIn[v] > 0 {
			return float64(n) * daysIn[v]
		}
	}
	return 0
}

// closeTo reports whether two intervals in days are the same within a
// tenth ("every 30 days" is monthly).
func closeTo(a, b float64) bool { return math.Abs(a-b) <= 0.1*math.Max(a, b) }
