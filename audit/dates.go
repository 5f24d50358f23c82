package audit

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dates and years a chunk states only in parts. Pages give a date's day
// and month in the text and its year in a date line ("By … on February
// 22, 2011" … "the rematch on April 9"), or name a month and leave the
// year to the page ("to screen in the U.S. in May"), and ranges drop the
// century of their second year ("the 2018–19 season"). Human raters read
// them whole; the number check does too:
//
//	md:MM-DD  a day and month, with or without a year ("Nov. 2", "2 November 2004")
//	mo:MM     a month named as a time ("in May", "May 2018", "Nov. 2")
//	n:YYYY    the second year of a range ("2018–19" states 2019)

// appendPartKeys appends the keys of what a quantity the scan found
// states in parts: a date's day and month and its month; a day and month
// without a year; the second year of a range.
func appendPartKeys(keys []uint64, text string, f found) []uint64 {
	return appendParts(keys, text, f, true)
}

// appendParts is appendPartKeys, reading a day and month around a number
// the English way only when englishDays: the other languages' scan reads
// them as dates of their own (quantities_lang.go).
func appendParts(keys []uint64, text string, f found, englishDays bool) []uint64 {
	set := func(h keyHash) { keys = append(keys, h.key()|qPresent) }
	if f.date {
		set(keyHashStart.add("mo:").add(f.m))
		if f.d != "" {
			set(keyHashStart.add("md:").add(f.m).add("-").add(f.d))
		}
		return keys
	}
	i := f.start
	for i < f.end && !isDigit(text[i]) { // past a sign or currency
		i++
	}
	j := i
	for j < f.end && isDigit(text[j]) {
		j++
	}
	if i == j {
		return keys // a number in words
	}
	if englishDays {
		if mon, day, ok := dayAndMonth(text, i, j); ok {
			set(keyHashStart.add("md:").add(pad2(mon)).add("-").add(pad2(day)))
			set(keyHashStart.add("mo:").add(pad2(mon)))
		}
	}
	if y2, ok := rangeSecondYear(text, i, j); ok {
		set(keyHashStart.add("n:").add(y2))
	}
	return keys
}

// appendNamedMonths appends the keys of the months text names as a time.
func appendNamedMonths(keys []uint64, text string) []uint64 {
	for _, m := range monthsNamed(text) {
		keys = append(keys, keyHashStart.add("mo:").add(pad2(m)).key()|qPresent)
	}
	return keys
}

// statesInParts reports whether the chunk states the date of key
// ("d:2004-11-02", "d:2018-05") in parts: its day and month (or its
// month) somewhere, and its year somewhere.
func (idx quantityIndex) statesInParts(key string) bool {
	y, md, ok := strings.Cut(strings.TrimPrefix(key, "d:"), "-")
	if !ok || idx.flags(keyHashStart.add("n:").add(y))&qPresent == 0 {
		return false
	}
	if len(md) == len("05") {
		return idx.flags(keyHashStart.add("mo:").add(md))&qPresent != 0
	}
	return idx.flags(keyHashStart.add("md:").add(md))&qPresent != 0
}

// dayAndMonth reads a day and a capitalised month around the digits
// text[i:j], with or without a year: "Nov. 2", "April 9th", "2 November",
// "9th of April".
func dayAndMonth(text string, i, j int) (month, day int, ok bool) {
	if j-i > 2 {
		return 0, 0, false
	}
	day = int(text[i] - '0')
	if j-i == 2 {
		day = day*10 + int(text[i+1]-'0')
	}
	if day < 1 || day > 31 {
		return 0, 0, false
	}
	if m, start := monthBefore(text, i); m > 0 && isUpper(text[start]) {
		return m, day, true
	}
	k := skipOrdinal(text, j)
	if k < len(text) && text[k] == ' ' {
		k++
		if w, e := wordAt(text, k, false); w == "of" && e < len(text) && text[e] == ' ' {
			k = e + 1
		}
		if w, _ := wordAt(text, k, false); months[w] > 0 && isUpper(text[k]) {
			return months[w], day, true
		}
	}
	return 0, 0, false
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// rangeSecondYear reads the second year of a range whose first year is
// the digits text[i:j] and whose second drops the century: "2018–19",
// "1999-2000" needs no reading, "1992–93" gives 1993, "1999–00" 2000.
func rangeSecondYear(text string, i, j int) (string, bool) {
	if j-i != 4 || text[i] != '1' && text[i] != '2' {
		return "", false
	}
	k := j
	switch {
	case strings.HasPrefix(text[k:], "–"), strings.HasPrefix(text[k:], "—"):
		k += len("–")
	case k < len(text) && (text[k] == '-' || text[k] == '/'):
		k++
	default:
		return "", false
	}
	if k+2 > len(text) || !isDigit(text[k]) || !isDigit(text[k+1]) || k+2 < len(text) && (isDigit(text[k+2]) || isLetter(text[k+2])) {
		return "", false
	}
	first := int(text[i]-'0')*1000 + int(text[i+1]-'0')*100 + int(text[i+2]-'0')*10 + int(text[i+3]-'0')
	second := first/100*100 + int(text[k]-'0')*10 + int(text[k+1]-'0')
	if second <= first {
		second += 100
	}
	return strings.TrimLeft(formatFloat(float64(second)), "0"), true
}

// timeWords precede a month named as a time ("in May", "since March").
var timeWords = map[string]bool{"in": true, "of": true, "since": true, "until": true, "till": true, "from": true,
	"to": true, "by": true, "during": true, "early": true, "late": true, "mid": true, "through": true,
	"last": true, "next": true, "this": true, "that": true, "each": true, "every": true, "before": true, "after": true}

var monthNames = []string{"January", "February", "March", "April", "May", "June", "July", "August",
	"September", "October", "November", "December"}

// monthsNamed returns the months text names as a time: a capitalised
// month name after a time word ("in May", "early March"); "May" alone is
// also a verb and a name.
func monthsNamed(text string) []int {
	var named [12]bool
	for i := 0; i < len(text); i++ { // one pass: the names open with a capital
		if b := text[i]; b < 'A' || b > 'Z' {
			continue
		}
		for m, name := range monthNames {
			if named[m] || !strings.HasPrefix(text[i:], name) {
				continue
			}
			if end := i + len(name); (end >= len(text) || !isLetter(text[end])) && timeWordBefore(text[:i]) {
				named[m] = true
			}
		}
	}
	var out []int
	for m, ok := range named {
		if ok {
			out = append(out, m+1)
		}
	}
	return out
}

// timeWordBefore reports whether text ends in a time word and a space
// ("… released in ").
func timeWordBefore(text string) bool {
	t := strings.TrimRight(text, " -")
	if len(t) == len(text) {
		return false
	}
	i := strings.LastIndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) })
	if i >= 0 {
		_, size := utf8.DecodeRuneInString(t[i:])
		i += size - 1
	}
	return timeWords[strings.ToLower(t[i+1:])]
}
