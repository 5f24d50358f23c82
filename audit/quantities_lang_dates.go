package audit

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// dateAt reads a date around the digits at text[i]: "2026-05-12"; in the
// order the language writes them in digits (NumericDates) "12.05.2026",
// "12/05/2026", "12-05-2026"; a day and a month name with or without a
// year ("12. Mai 2026", "12 mei", "1er mai 2026", "12 de mayo de 2026");
// a month and a year ("Mai 2026", "mayo de 2026").
func (s *langScan) dateAt(i int) (found, bool) {
	j := s.digitEnd(i)
	if f, ok := s.isoDate(i, j); ok {
		return f, true
	}
	if f, ok := s.numericDate(i, j); ok {
		return f, true
	}
	if f, ok := s.dayMonth(i, j); ok {
		return f, true
	}
	return s.monthYear(i, j)
}

func date(start, end int, y, m, d string) found {
	return found{number: number{start: start, end: end}, date: true, y: y, m: m, d: d}
}

// isoDate reads "2026-05-12", as the English scan does.
func (s *langScan) isoDate(i, j int) (found, bool) {
	t := s.text
	if j-i == 4 && j+6 <= len(t) && t[j] == '-' && isDigit(t[j+1]) && isDigit(t[j+2]) && t[j+3] == '-' &&
		isDigit(t[j+4]) && isDigit(t[j+5]) && (j+6 == len(t) || !isDigit(t[j+6])) {
		return date(i, j+6, t[i:j], t[j+1:j+3], t[j+4:j+6]), true
	}
	return found{}, false
}

// numericDate reads a date in digits in the order of NumericDates
// ("DMY": "12.05.2026", "1/5/2026", "12-05-2026"): three runs of digits
// joined by one separator, the year of four digits.
func (s *langScan) numericDate(i, j int) (found, bool) {
	order, t := s.l.NumericDates, s.text
	if len(order) != 3 || j >= len(t) || !strings.ContainsRune("./-", rune(t[j])) {
		return found{}, false
	}
	sep := t[j]
	runs := [3]string{t[i:j]}
	end := j
	for k := 1; k < 3; k++ {
		if end >= len(t) || t[end] != sep {
			return found{}, false
		}
		if k == 2 && sep == '.' && s.l.OrdinalDot && order[2] == 'Y' && (end+1 == len(t) || !isDigit(t[end+1])) {
			return s.dayMonthDots(i, end+1, runs[0], runs[1])
		}
		e := s.digitEnd(end + 1)
		runs[k], end = t[end+1:e], e
	}
	if end < len(t) && (isDigit(t[end]) || s.letterAt(end) > 0 || t[end] == sep && end+1 < len(t) && isDigit(t[end+1])) {
		return found{}, false
	}
	var y, m, d string
	for k, c := range order {
		switch c {
		case 'Y':
			y = runs[k]
		case 'M':
			m = runs[k]
		case 'D':
			d = runs[k]
		}
	}
	mon, day, ok := monthDay(m, d)
	if !ok || len(y) != 4 {
		return found{}, false
	}
	return date(i, end, y, pad2(mon), pad2(day)), true
}

// dayMonthDots reads a day and month written in digits with their
// ordinal dots, ending at text[end] ("bis 31.12.", "am 1.5."), in the
// order of NumericDates: a day of a month without a year.
func (s *langScan) dayMonthDots(i, end int, a, b string) (found, bool) {
	m, d := b, a
	if s.l.NumericDates[0] == 'M' {
		m, d = a, b
	}
	mon, day, ok := monthDay(m, d)
	if !ok {
		return found{}, false
	}
	return date(i, end, "", pad2(mon), pad2(day)), true
}

// monthDay reads a month (1–12) and a day (1–31) of one or two digits.
func monthDay(m, d string) (mon, day int, ok bool) {
	if len(m) == 0 || len(m) > 2 || len(d) == 0 || len(d) > 2 {
		return 0, 0, false
	}
	mon, _ = strconv.Atoi(m)
	day, _ = strconv.Atoi(d)
	return mon, day, mon >= 1 && mon <= 12 && day >= 1 && day <= 31
}

// dayMonth reads a day at the digits text[i:j] and a month name after it,
// with its ordinal mark ("12. Mai", "1er mai", "1º de mayo") and a date
// connector ("12 de mayo"), and a year if one follows ("12 mei 2026", "12
// de mayo de 2026"): a date, or a day of a month without a year.
func (s *langScan) dayMonth(i, j int) (found, bool) {
	if j-i > 2 {
		return found{}, false
	}
	k := s.ordinalEnd(j)
	if k == j && s.l.OrdinalDot && k < len(s.text) && s.text[k] == '.' {
		k++
	}
	ws := s.skipSpaces(k)
	if ws == k {
		return found{}, false
	}
	we := s.wordEnd(ws, false)
	if we > ws && s.l.IsDateConnector(s.text[ws:we]) {
		if ws = s.skipSpaces(we); ws == we {
			return found{}, false
		}
		we = s.wordEnd(ws, false)
	}
	if we == ws {
		return found{}, false
	}
	m, ok := s.l.Month(s.text[ws:we])
	_, day, dayOK := monthDay("1", s.text[i:j])
	if !ok || !dayOK {
		return found{}, false
	}
	if y, end, ok := s.yearAfter(we); ok {
		return date(i, end, y, pad2(m), pad2(day)), true
	}
	return date(i, we, "", pad2(m), pad2(day)), true
}

// yearAfter reads a year after a month name ending at text[k]: after a
// full stop or comma, spaces and a date connector ("févr. 2026", "mayo de
// 2026"), four digits that end the number.
func (s *langScan) yearAfter(k int) (string, int, bool) {
	if k < len(s.text) && (s.text[k] == '.' || s.text[k] == ',') {
		k++
	}
	ys := s.skipSpaces(k)
	if ys == k {
		return "", 0, false
	}
	if e := s.wordEnd(ys, false); e > ys && s.l.IsDateConnector(s.text[ys:e]) {
		if ys = s.skipSpaces(e); ys == e {
			return "", 0, false
		}
	}
	e := s.digitEnd(ys)
	if e-ys != 4 || s.letterAt(e) > 0 || s.sepDigits(e, ",") > 0 || s.sepDigits(e, ".") > 0 {
		return "", 0, false
	}
	return s.text[ys:e], e, true
}

// monthYear reads a month named before the four digits text[i:j] ("Mai
// 2026", "mayo de 2026", "Sept. 2026"), and, where the language writes
// the month first, a day and year after it ("May 12, 2026").
func (s *langScan) monthYear(i, j int) (found, bool) {
	p := s.skipSpacesBack(i)
	if p == i {
		return found{}, false
	}
	if p > 0 && s.text[p-1] == '.' {
		p--
	}
	ws, we := s.prevWord(p)
	if ws < we && we == p && s.l.IsDateConnector(s.text[ws:we]) {
		ws, we = s.prevWord(ws)
	}
	if ws == we || ws < s.lastEnd {
		return found{}, false
	}
	m, ok := s.l.Month(s.text[ws:we])
	if !ok {
		return found{}, false
	}
	if j-i == 4 && s.letterAt(j) == 0 && s.sepDigits(j, ",") == 0 && s.sepDigits(j, ".") == 0 {
		return date(ws, j, s.text[i:j], pad2(m), ""), true
	}
	if _, day, ok := monthDay("1", s.text[i:j]); ok && s.l.MonthFirst {
		if y, end, ok := s.yearAfter(s.ordinalEnd(j)); ok {
			return date(ws, end, y, pad2(m), pad2(day)), true
		}
	}
	return found{}, false
}

// ordinalEnd returns where an ordinal suffix glued to digits ending at
// text[j] ends ("12th", "1er", "3º", and Spain's "1.º"), or j.
func (s *langScan) ordinalEnd(j int) int {
	k := j
	if k < len(s.text) && s.text[k] == '.' {
		k++
	}
	if e := s.wordEnd(k, false); e > k && s.l.IsOrdinalSuffix(s.text[k:e]) {
		return e
	}
	return j
}

// timeAt reads a time of day at the digits text[i:]: "17:00", "17:00
// Uhr", "17.30 uur", "17 Uhr", "17h30", "17 h 30", "9u30"; in a context
// that makes it one ("à 17h", "om 17 uur", "a las 17 horas", "um 17.30",
// "9h–18h") "17h" and "17 uur", which are durations elsewhere ("24h",
// "binnen 24 uur").
func (s *langScan) timeAt(i int) (found, bool) {
	j := s.digitEnd(i)
	h, _ := strconv.Atoi(s.text[i:j])
	if j-i > 2 || h > 24 {
		return found{}, false
	}
	m, end, ok := s.clockAt(i, j, h)
	if !ok && h >= 1 && h <= 11 && s.clockBefore(i) {
		// an hour after a clock word, with the part of the day after it,
		// is a time without a mark: "a las 10 de la noche" ("2 de la
		// tarde" of "3 visitas: 1 de la mañana y 2 de la tarde" counts)
		if h2, e := s.daytimeAfter(h, j); e > j {
			return found{number: number{start: i, end: e}, clock: pad2(h2%24) + ":00"}, true
		}
	}
	if !ok {
		return found{}, false
	}
	if h >= 1 && h <= 11 { // 12 is noon or midnight by the phrase: left as written
		h, end = s.daytimeAfter(h, end)
	}
	return found{number: number{start: i, end: end}, clock: pad2(h%24) + ":" + pad2(m)}, true
}

// daytimeAfter reads the part of the day after a time of day ending at
// end ("9 h du soir", "10:30 de la noche" are 21:00 and 22:30): the hour
// and where the time ends.
func (s *langScan) daytimeAfter(h, end int) (int, int) {
	k := s.skipSpaces(end)
	if k > end && k < len(s.text) && (s.text[k] == '\'' || strings.HasPrefix(s.text[k:], "’")) {
		_, size := utf8.DecodeRuneInString(s.text[k:])
		k += size // "'s avonds"
	}
	if k == end || k >= len(s.text) || s.letterAt(k) == 0 {
		return h, end // no word right after the time
	}
	if !s.l.MayOpenDaytime(strings.ToLower(s.text[k:s.wordEnd(k, false)])) {
		return h, end // most words after a number open no part of the day
	}
	words := letterWords(s.text[k:min(len(s.text), k+32)])
	add, n := s.l.DaytimeAt(wordStrings(words), 0)
	if n == 0 {
		return h, end
	}
	if add == "12" {
		h += 12
	}
	return h, k + words[n-1].end
}

// clockAt reads the time of day whose hour h is written text[i:j]: its
// minutes and where it ends.
func (s *langScan) clockAt(i, j, h int) (m, end int, ok bool) {
	if m, e, ok := s.minutes(j, ":"); ok {
		return m, s.clockWordEnd(e), true
	}
	k := s.skipSpaces(j)
	we := s.wordEnd(k, false)
	w := s.text[k:we]
	// An hour of the afternoon or evening with its mark alone is a time
	// ("17h"); a smaller one only in context ("24h" is a duration). An hour
	// word is a time only in context ("om 17 uur", "van 9 tot 17 uur"):
	// "binnen 14 uur" read as 14:00 would be held to a chunk's "14:00".
	evening := h >= 13 && h <= 23
	if we > k && s.l.IsClockMark(w) {
		m, e, ok, dur := s.minutesAfterMark(we)
		switch {
		case ok:
			return m, e, true
		case !dur && (evening || s.clockBefore(i) || s.clockAfter(we, true)):
			return 0, we, true
		}
		return 0, 0, false
	}
	if m, e, ok := s.minutes(j, "."); ok && s.w.dec != "." {
		if end := s.clockWordEnd(e); end > e || s.clockBefore(i) || s.clockAfter(e, false) {
			return m, end, true
		}
	}
	// "7 uur 's ochtends": the part of the day after the hour word makes
	// it a time too
	daytime := func() bool { _, e := s.daytimeAfter(h, we); return h <= 11 && e > we }
	if we > k && (s.l.IsClockWord(w) || s.l.IsClockHour(w) && h <= 23 && (s.clockBefore(i) || evening && (s.rangeEnd(i) || s.betweenEnd(i) || s.clockBeforeLate(i)) || s.betweenClock(i, j) || daytime())) {
		if m, e, ok, _ := s.minutesAfterMark(we); ok { // "17 Uhr 30", "17 heures 30"
			return m, e, true
		}
		return 0, we, true
	}
	if s.clockAfter(j, false) || s.betweenClock(i, j) { // "9–18 Uhr", "9 - 18:00", "zwischen 8 und 18 Uhr"
		return 0, j, true
	}
	return 0, 0, false
}

// minutes reads the minutes after an hour ending at text[j]: sep and two
// digits (0–59) that end the number.
func (s *langScan) minutes(j int, sep string) (m, end int, ok bool) {
	t := s.text
	k := j + len(sep)
	if !strings.HasPrefix(t[j:], sep) || k+2 > len(t) || !isDigit(t[k]) || !isDigit(t[k+1]) ||
		k+2 < len(t) && (isDigit(t[k+2]) || strings.HasPrefix(t[k+2:], sep) && k+3 < len(t) && isDigit(t[k+3])) {
		return 0, 0, false
	}
	m = int(t[k]-'0')*10 + int(t[k+1]-'0')
	return m, k + 2, m <= 59
}

// minutesAfterMark reads the minutes after an hour's mark ending at
// text[we] ("17h30", "17 h 30"); dur reports minutes with their unit,
// which make a duration ("5 h 30 min").
func (s *langScan) minutesAfterMark(we int) (m, end int, ok, dur bool) {
	t := s.text
	k := s.skipSpaces(we)
	if k+2 > len(t) || !isDigit(t[k]) || !isDigit(t[k+1]) || k+2 < len(t) && isDigit(t[k+2]) {
		return 0, 0, false, false
	}
	if u, _ := s.unitAfter(k + 2); u == "time:minute" {
		return 0, 0, false, true
	}
	m = int(t[k]-'0')*10 + int(t[k+1]-'0')
	return m, k + 2, m <= 59 && s.letterAt(k+2) == 0, false
}

// clockWordEnd returns where a word after a time ending at text[e] that
// names it one ends ("17:00 Uhr", "17.30 uur", "17:00 h"), or e.
func (s *langScan) clockWordEnd(e int) int {
	k := s.skipSpaces(e)
	if we := s.wordEnd(k, false); we > k {
		if w := s.text[k:we]; s.l.IsClockWord(w) || s.l.IsClockHour(w) || s.l.IsClockMark(w) {
			return we
		}
	}
	return e
}

// clockBefore reports whether the words before the hour at text[i] make
// it a time of day ("om 17 uur", "a las 17 horas", "à 11 h"; not "de 2 à
// 3 heures", where "à" closes a range), or it ends a range whose start was
// one ("9h–18h", "de 9h à 18h").
func (s *langScan) clockBefore(i int) bool {
	if b, ok := s.wordsBefore(i); ok && s.l.ClockBefore(b[:]) {
		return true
	}
	if s.lastClock < 0 || s.lastClock > i || i-s.lastClock > 16 { // a dash or a word between: "9h – 18h", "9h à 18h"
		return false
	}
	mid := strings.TrimSpace(s.text[s.lastClock:i])
	return mid == "-" || mid == "–" || mid == "—" || mid != "" && (s.l.IsRangeWord(mid) || s.l.ClockBefore([]string{mid}))
}

// wordsBefore returns the three words before the hour at text[i], the
// last next to it, for Language.ClockBefore and ClockBeforeLate ("om",
// "a las", "antes de las"); not ok when there is no word right before
// it, or it is a range word right after a number, which is the range's,
// not the hour's ("de 2 à 3 heures").
func (s *langScan) wordsBefore(i int) (words [3]string, ok bool) {
	ws, we := s.prevWord(i)
	if ws >= we || we >= i {
		return words, false
	}
	if b := s.skipSpacesBack(ws); b > 0 && isDigit(s.text[b-1]) && s.l.IsRangeWord(s.text[ws:we]) {
		return words, false
	}
	bs, be := s.prevWord(ws)
	as, ae := s.prevWord(bs)
	return [3]string{s.text[as:ae], s.text[bs:be], s.text[ws:we]}, true
}

// clockBeforeLate reports whether the words before the hour at text[i]
// make an hour from 13 to 23 a time of day ("voor 22 uur").
func (s *langScan) clockBeforeLate(i int) bool {
	b, ok := s.wordsBefore(i)
	return ok && s.l.ClockBeforeLate(b[:])
}

// rangeEnd reports whether the hour at text[i] ends a range of hours ("9
// tot 17 uur", "14–18 heures").
func (s *langScan) rangeEnd(i int) bool {
	p := s.skipSpacesBack(i)
	if ws, we := s.prevWord(i); ws < we && s.l.IsRangeWord(s.text[ws:we]) {
		p = s.skipSpacesBack(ws)
	} else if strings.HasSuffix(s.text[:p], "-") || strings.HasSuffix(s.text[:p], "–") || strings.HasSuffix(s.text[:p], "—") {
		_, n := utf8.DecodeLastRuneInString(s.text[:p])
		p = s.skipSpacesBack(p - n)
	} else {
		return false
	}
	return p > 0 && isDigit(s.text[p-1])
}

// clockAfter reports whether an hour ending at text[e] opens a range whose
// other end is a time of day: "8 bis 20 Uhr", "9.00 tot 17.30 uur", "de
// 9 h à 18 h", "9 - 18:00"; with marked, an hour with its mark, also
// before another one ("9h–11h"). "2-3 h" and "de 2 à 3 heures" are
// durations.
func (s *langScan) clockAfter(e int, marked bool) bool {
	k := s.skipSpaces(e)
	switch we := s.wordEnd(k, false); {
	case we > k && s.l.IsRangeWord(s.text[k:we]):
		k = we
	case strings.HasPrefix(s.text[k:], "-"):
		k++
	case strings.HasPrefix(s.text[k:], "–"), strings.HasPrefix(s.text[k:], "—"):
		k += len("–")
	default:
		return false
	}
	k = s.skipSpaces(k)
	d := s.digitEnd(k)
	if d == k || d-k > 2 {
		return false
	}
	if s.otherEndIsTime(k) {
		return true
	}
	m := s.skipSpaces(d)
	we := s.wordEnd(m, false)
	return marked && we > m && s.l.IsClockMark(s.text[m:we])
}

// betweenClock reports whether the hour text[i:j] opens a "between …
// and" range ([bound-between]) whose other end is a time of day:
// "tussen 8 uur en 18 uur", "zwischen 8 und 18 Uhr", "entre 8 et 18
// heures". "Tussen 2 en 4 uur" is a duration: its other end is none.
func (s *langScan) betweenClock(i, j int) bool {
	ws, we := s.prevWord(i)
	if ws >= we {
		return false
	}
	k := s.skipSpaces(j)
	if e := s.wordEnd(k, false); e > k && s.l.IsClockHour(s.text[k:e]) { // "8 uur en 18 uur"
		k = s.skipSpaces(e)
	}
	je := s.wordEnd(k, false)
	if je == k || !s.l.OpensRange(s.text[ws:we], s.text[k:je]) {
		return false
	}
	k = s.skipSpaces(je)
	if d := s.digitEnd(k); d == k || d-k > 2 {
		return false
	}
	return s.otherEndIsTime(k)
}

// otherEndIsTime reports whether the hour at text[k], a range's other
// end, is a time by itself; read once, not once per number of a chain
// ("1-2-3-…").
func (s *langScan) otherEndIsTime(k int) bool {
	if s.inRange {
		return false
	}
	s.inRange = true
	_, ok := s.timeAt(k)
	s.inRange = false
	return ok
}

// betweenEnd reports whether the hour at text[i] ends a "between … and"
// range: the joiner before it, a number (with its hour word) before
// that, and the opener before the number.
func (s *langScan) betweenEnd(i int) bool {
	js, je := s.prevWord(i)
	if js >= je {
		return false
	}
	p := s.skipSpacesBack(js)
	if ws, we := s.prevWord(js); ws < we && s.l.IsClockHour(s.text[ws:we]) {
		p = s.skipSpacesBack(ws)
	}
	d := p
	for d > 0 && isDigit(s.text[d-1]) {
		d--
	}
	if d == p || p-d > 2 {
		return false
	}
	os, oe := s.prevWord(d)
	return os < oe && s.l.OpensRange(s.text[os:oe], s.text[js:je])
}
