package audit

import (
	"cmp"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Quantity is a number, amount, percentage or date found in a text, with a
// normalised key: "15%" and "15 percent" share the key "p:15", "€127.50" and
// "127.50 EUR" share "m:EUR:127.5", "1,000" is "n:1000", and "12 May 2026"
// and "May 12, 2026" share "d:2026-05-12".
type Quantity struct {
	Raw   string
	Kind  string // number, percent, money, date
	Key   string
	Start int    // byte offset in the text
	Unit  string // canonical unit of a plain number ("time:day"), or ""
	// AltKey is a second reading of an ambiguous amount ("€1.200" is
	// 1,200 or 1.2); either key matches.
	AltKey   string
	Negative bool // written with a minus sign ("-5 °C", "−$200", "minus 5")
}

var currencySymbols = map[string]string{
	"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "us$": "USD", "usd": "USD", "eur": "EUR",
	"gbp": "GBP", "jpy": "JPY", "chf": "CHF", "euro": "EUR", "euros": "EUR", "dollar": "USD",
	"dollars": "USD", "pound": "GBP", "pounds": "GBP", "cad": "CAD", "aud": "AUD", "inr": "INR",
	"rs": "INR", "₹": "INR",
}

var months = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
	"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
	"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

var multipliers = map[string]float64{
	"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12,
	"k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9,
}

// Quantities extracts the quantities of text in order of appearance. It is a
// single left-to-right scan without regular expressions: it runs over every
// cited chunk, and regular expressions made it the audit's hottest spot.
func Quantities(text string) []Quantity {
	var out []Quantity
	scanQuantities(text, func(f found) { out = append(out, f.quantity(text)) })
	slices.SortStableFunc(out, func(a, b Quantity) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// found is a quantity as the scan reads it, its key still in parts:
// Quantities joins them into strings, IndexQuantities only hashes them.
type found struct {
	number         // a number, percentage or amount; of a date only start and end
	date    bool   // a date, of the parts below
	y, m, d string // "2026", "05", "12"; d is "" for a month ("May 2026")
}

func (f *found) quantity(text string) Quantity {
	q := Quantity{Raw: text[f.start:f.end], Kind: "number", Start: f.start}
	switch {
	case f.date && f.d == "":
		q.Kind, q.Key = "date", "d:"+f.y+"-"+f.m
		return q
	case f.date:
		q.Kind, q.Key = "date", "d:"+f.y+"-"+f.m+"-"+f.d
		return q
	case f.percent:
		q.Kind, q.Key = "percent", "p:"+f.value.String()
	case f.currency != "":
		q.Kind, q.Key = "money", "m:"+f.currency+":"+f.value.String()
		if f.alt != "" {
			q.AltKey = "m:" + f.currency + ":" + f.alt
		}
	default:
		q.Key = "n:" + f.value.String()
	}
	q.Unit, q.Negative = f.unit, f.negative
	return q
}

// scanQuantities calls emit for each quantity of text, numbers in digits
// first, then numbers in words.
func scanQuantities(text string, emit func(f found)) {
	for i := 0; i < len(text); i++ {
		if i = nextDigit(text, i); i == len(text) {
			break
		}
		if i > 0 && isLetter(text[i-1]) {
			// Glued to a word ("mp3", "B2B"): skip the whole token.
			for i < len(text) && (isDigit(text[i]) || isLetter(text[i])) {
				i++
			}
			continue
		}
		if start, end, y, m, d, ok := parseDate(text, i); ok {
			emit(found{number: number{start: start, end: end}, date: true, y: y, m: m, d: d})
			i = end - 1
			continue
		}
		n := parseNumber(text, i)
		emit(found{number: n})
		i = n.end - 1
	}
	scanWordNumbers(text, func(start, end, n int) {
		emit(found{number: number{start: start, end: end, value: decimal{whole: strconv.Itoa(n)}}})
	})
}

// nextDigit returns the index of the first ASCII digit of text at or after
// i, or len(text). Chunks are mostly letters: eight bytes at a time are
// tested for a byte in '0'..'9' (Anderson's hasbetween; no carry crosses
// bytes) before any is looked at.
func nextDigit(text string, i int) int {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(text); i += 8 {
		b := text[i : i+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		low := x & (ones * 127)
		if (ones*(127+'9'+1)-low)&^x&(low+ones*(127-('0'-1)))&high != 0 {
			break
		}
	}
	for ; i < len(text); i++ {
		if isDigit(text[i]) {
			return i
		}
	}
	return i
}

// parseDate reads a date around the digits at text[i]: 2026-05-12,
// May 12, 2026, 12th of May 2026, May 2026. Its key is "d:y-m-d", or
// "d:y-m" when d is "".
func parseDate(text string, i int) (start, end int, y, m, d string, ok bool) {
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	run := j - i
	// ISO 8601.
	if run == 4 && j+6 <= len(text) && text[j] == '-' && isDigit(text[j+1]) && isDigit(text[j+2]) &&
		text[j+3] == '-' && isDigit(text[j+4]) && isDigit(text[j+5]) && (j+6 == len(text) || !isDigit(text[j+6])) {
		return i, j + 6, text[i:j], text[j+1 : j+3], text[j+4 : j+6], true
	}
	// Month before the digits: "May 12, 2026", "May 2026".
	if mon, mStart := monthBefore(text, i); mon > 0 {
		if run <= 2 {
			if y, yEnd, ok := yearAfter(text, skipOrdinal(text, j)); ok {
				d, _ := strconv.Atoi(text[i:j])
				return mStart, yEnd, y, pad2(mon), pad2(d), true
			}
		}
		if run == 4 && (j == len(text) || !isLetter(text[j]) && !isDigit(text[j])) {
			return mStart, j, text[i:j], pad2(mon), "", true
		}
	}
	// Day before the month: "12 May 2026", "12th of May, 2026".
	if run <= 2 {
		k := skipOrdinal(text, j)
		if k < len(text) && text[k] == ' ' {
			k++
			if w, e := wordAt(text, k, false); w == "of" && e < len(text) && text[e] == ' ' {
				k = e + 1
			}
			if w, e := wordAt(text, k, false); months[w] > 0 {
				if e < len(text) && text[e] == '.' {
					e++
				}
				if y, yEnd, ok := yearAfter(text, e); ok {
					d, _ := strconv.Atoi(text[i:j])
					return i, yEnd, y, pad2(months[w]), pad2(d), true
				}
			}
		}
	}
	return 0, 0, "", "", "", false
}

// monthBefore finds a month name just before text[i], separated by spaces
// and optionally "of", a full stop or a comma: "May 2026", "Sept. 12".
func monthBefore(text string, i int) (month, start int) {
	k := i
	if k == 0 || text[k-1] != ' ' {
		return 0, 0
	}
	for k > 0 && text[k-1] == ' ' {
		k--
	}
	if k >= 3 && strings.EqualFold(text[k-3:k], " of") {
		k -= 3
		for k > 0 && text[k-1] == ' ' {
			k--
		}
	}
	if k > 0 && (text[k-1] == '.' || text[k-1] == ',') {
		k--
	}
	e := k
	for k > 0 && isLetter(text[k-1]) {
		k--
	}
	if e-k < 3 || e-k > 9 || (k > 0 && isDigit(text[k-1])) {
		return 0, 0
	}
	var buf [9]byte // "May" is lowercased without a string: one per date
	return months[string(lowerASCII(buf[:0], text[k:e]))], k
}

// lowerASCII appends s to dst with ASCII letters lowercased.
func lowerASCII(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// yearAfter reads ", 2026" or " 2026" at text[k:].
func yearAfter(text string, k int) (year string, end int, ok bool) {
	if k < len(text) && text[k] == ',' {
		k++
	}
	if k >= len(text) || text[k] != ' ' {
		return "", 0, false
	}
	for k < len(text) && text[k] == ' ' {
		k++
	}
	e := k
	for e < len(text) && isDigit(text[e]) {
		e++
	}
	if e-k != 4 || (e < len(text) && isLetter(text[e])) {
		return "", 0, false
	}
	return text[k:e], e, true
}

func skipOrdinal(text string, j int) int {
	if w, k := wordAt(text, j, false); w == "st" || w == "nd" || w == "rd" || w == "th" {
		return k
	}
	return j
}

// number is a parsed numeric expression: [currency] digits [.frac]
// [ordinal] [multiplier] [percent] [currency].
type number struct {
	start, end int
	value      decimal // normalised: no grouping commas, no trailing zeros, multiplier applied
	currency   string  // ISO code, or ""
	percent    bool
	unit       string // of a plain number: units[...] of the word after it, or ""
	alt        string // another reading of value ("€1.200": 1200 beside 1.2), or ""
	negative   bool   // written with a minus sign
}

// parseNumber reads the number whose digits start at text[i].
func parseNumber(text string, i int) number {
	n := number{start: i}
	d := readDigits(text, i)
	j, digitsEnd := d.end, d.end
	n.value = decimal{whole: trimLeadingZeros(d.intPart), frac: d.frac}
	end := digitsEnd
	plainEnd := true // a plain number ends at its digits
	if w, k := wordAt(text, j, false); w == "st" || w == "nd" || w == "rd" || w == "th" {
		end, j, plainEnd = k, k, false
	}
	prefixCur, prefixStart := currencyBefore(text, i)

	mult := 1.0
	if m, k, ok := multiplierAfter(text, j, prefixCur != ""); ok {
		if f, err := strconv.ParseFloat(n.value.String(), 64); err == nil {
			whole, frac, _ := strings.Cut(formatFloat(f*m), ".")
			n.value = decimal{whole: whole, frac: frac}
		}
		mult, end, j, plainEnd = m, k, k, false
	}
	if e, ok := percentAfter(text, j); ok {
		n.percent, end, j = true, e, e
	}
	// Currency after: "127.50 EUR", "5 million dollars".
	if w, k := wordAt(text, j, true); w != "" {
		if cur, ok := currencySymbols[w]; ok && len(w) >= 3 && w != "rs" {
			n.currency, end = cur, k
		}
	}
	if n.currency == "" && prefixCur != "" {
		n.currency = prefixCur
	}
	if d.oneDotGroup != "" && (n.currency == "EUR" || n.currency == "CHF") && !n.percent && mult == 1 && d.intPart[0] != '0' {
		// "€1.200" is 1,200 in the notation of most of Europe, and 1.2 in
		// English (a fuel price may have three decimals): either reading
		// matches. "$3.499" and "€0.005" have only the English one.
		n.alt = trimLeadingZeros(d.intPart + d.oneDotGroup)
	}
	if prefixCur != "" {
		n.start = prefixStart
	}
	if plainEnd && !n.percent && n.currency == "" {
		end = digitsEnd
		if u, e := unitAfter(text, end); u != "" {
			n.unit, end = u, e
		}
	}
	// The sign is kept apart from the value: "-5 °C" and "5 °C" disagree
	// only where a text states the value with one sign alone (Supports).
	if p := signBefore(text, n.start); p >= 0 && n.value != (decimal{whole: "0"}) {
		n.negative, n.start = true, p
	}
	n.end = end
	return n
}

// digits are the digits of a number as written: its integer part without
// grouping, its fraction without trailing zeros, and where they end.
type digits struct {
	intPart, frac string
	// oneDotGroup: "1.200" read as 1.2 may be 1200 in an amount (the three
	// digits after its one full stop), or "".
	oneDotGroup string
	end         int
}

// readDigits reads the digits of the number at text[i]: "20,770,000",
// "1.200.000" (two or more full stops grouping thousands, as much of
// Europe writes them; no decimal reads so), "127.50".
func readDigits(text string, i int) digits {
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	intPart := text[i:j]
	if j-i <= 3 { // thousands separators: 1,000 and 20,770,000
		for j+4 <= len(text) && text[j] == ',' && isDigit(text[j+1]) && isDigit(text[j+2]) && isDigit(text[j+3]) &&
			(j+4 == len(text) || !isDigit(text[j+4])) {
			intPart += text[j+1 : j+4]
			j += 4
		}
	}
	d := digits{}
	grouped := len(intPart) > j-i // 1,000 groups with commas
	if !grouped && j-i <= 3 {
		intPart, j = dotGroups(text, intPart, j)
	}
	if j+1 < len(text) && text[j] == '.' && isDigit(text[j+1]) {
		k := j + 1
		for k < len(text) && isDigit(text[k]) {
			k++
		}
		if !grouped && k-j == 4 && j-i <= 3 {
			d.oneDotGroup = text[j+1 : k]
		}
		d.frac = strings.TrimRight(text[j+1:k], "0")
		j = k
	}
	d.intPart, d.end = intPart, j
	return d
}

// dotGroups extends the integer part intPart, whose digits end at
// text[j], over two or more groups of thousands after full stops
// ("1.200.000"), ending where the number ends; else it returns them as
// they were.
func dotGroups(text, intPart string, j int) (string, int) {
	q, groups := j, intPart
	for q+4 <= len(text) && text[q] == '.' && isDigit(text[q+1]) && isDigit(text[q+2]) && isDigit(text[q+3]) &&
		(q+4 == len(text) || !isDigit(text[q+4])) {
		groups += text[q+1 : q+4]
		q += 4
	}
	if q-j >= 8 && !(q+1 < len(text) && text[q] == '.' && isDigit(text[q+1])) {
		return groups, q
	}
	return intPart, j
}

// currencyBefore reads a currency written before the digits at text[i]:
// "€127.50", "€ 127", "US$5", "EUR 127", "Rs. 500". It returns its ISO code
// ("" for none) and where it starts.
func currencyBefore(text string, i int) (string, int) {
	p := i
	if p > 0 && text[p-1] == ' ' {
		p--
	}
	for _, sym := range []string{"US$", "us$", "€", "$", "£", "¥", "₹"} {
		if strings.HasSuffix(text[:p], sym) {
			return currencySymbols[strings.ToLower(sym)], p - len(sym)
		}
	}
	q := p
	if q > 0 && text[q-1] == '.' { // "Rs. 500"
		q--
	}
	k := q
	for k > 0 && isLetter(text[k-1]) {
		k--
	}
	// The length first: most numbers follow a longer word.
	if q-k >= 2 && q-k <= 3 {
		if cur, ok := currencySymbols[strings.ToLower(text[k:q])]; ok {
			return cur, k
		}
	}
	return "", i
}

// multiplierAfter reads a multiplier after a number ending at text[j]:
// "1.5 million", "$5m" (a bare "m" only with a currency, before or after
// it: else it is metres). It returns the factor and where it ends.
func multiplierAfter(text string, j int, currencyBefore bool) (float64, int, bool) {
	w, k := wordAt(text, j, true)
	m, ok := multipliers[w]
	if w == "" || !ok || w == "m" && !currencyBefore && !currencyAfter(text, k) {
		return 0, 0, false
	}
	return m, k, true
}

// percentAfter reads a percent sign or word after a number ending at
// text[j]: "15%", "15 %", "15 percent", "15 per cent", "3 percentage
// points". It returns where it ends.
func percentAfter(text string, j int) (int, bool) {
	k := j
	if k < len(text) && text[k] == ' ' {
		k++
	}
	if k < len(text) && text[k] == '%' {
		return k + 1, true
	}
	switch w, e := wordAt(text, j, true); w {
	case "percent":
		return e, true
	case "percentage":
		if w2, e2 := wordAt(text, e, true); w2 == "point" || w2 == "points" {
			return e2, true
		}
	case "per":
		if w2, e2 := wordAt(text, e, true); w2 == "cent" {
			return e2, true
		}
	}
	return 0, false
}

// wordAt returns the lowercased letters word at text[j:] (after one
// optional space when space is true) and where it ends; "" if none or if
// it runs into digits.
func wordAt(text string, j int, space bool) (string, int) {
	if space && j < len(text) && text[j] == ' ' {
		j++
	}
	k := j
	for k < len(text) && isLetter(text[k]) {
		k++
	}
	if k == j || k-j > 12 || (k < len(text) && isDigit(text[k])) {
		return "", j
	}
	return strings.ToLower(text[j:k]), k
}

func currencyAfter(text string, j int) bool {
	w, _ := wordAt(text, j, true)
	_, ok := currencySymbols[w]
	return ok && len(w) >= 3
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// decimal is a normalised number value: "127.5" is {"127", "5"}. The parts
// stay apart so that reading a number makes no string.
type decimal struct{ whole, frac string }

func (d decimal) String() string {
	if d.frac == "" {
		return d.whole
	}
	return d.whole + "." + d.frac
}

// scanWordNumbers calls emit for each number written as words
// ("thirty-five", "two"). It runs over every cited chunk: words are found
// on a bitmask of the letters of 64 bytes at a time, and most are turned
// away on their first two letters, without a branch per letter.
func scanWordNumbers(text string, emit func(start, end, n int)) {
	next := 0         // where the next word may start: after the last one read
	var before uint64 // 1 when the byte before the block is a letter
	for base := 0; base < len(text); base += 64 {
		letters := letterBits(text[base:min(base+64, len(text))])
		starts := letters &^ (letters<<1 | before)
		before = letters >> 63
		for ; starts != 0; starts &= starts - 1 {
			i := base + bits.TrailingZeros64(starts)
			if i < next || i+1 == len(text) || !isLetter(text[i+1]) ||
				numberWordLengths[int((text[i]|0x20)-'a')*26+int((text[i+1]|0x20)-'a')] == 0 {
				continue
			}
			j := i + 2
			for j < len(text) && isLetter(text[j]) {
				j++
			}
			n, ok := numberWord(text[i:j])
			if !ok || n == 100 || n == 1000 { // "hundred" alone is no quantity
				continue
			}
			end := j
			// "thirty-five", "thirty five"
			if n >= 20 && n%10 == 0 && j+1 < len(text) && (text[j] == '-' || text[j] == ' ') {
				k := j + 1
				for k < len(text) && isLetter(text[k]) {
					k++
				}
				if u, ok := numberWord(text[j+1 : k]); ok && u < 10 {
					n, end = n+u, k
				} else if strings.EqualFold(text[j+1:k], "one") {
					n, end = n+1, k
				}
			}
			emit(i, end, n)
			next = end
		}
	}
}

// letterBits returns a bitmask of the ASCII letters of s (at most 64
// bytes): bit k for s[k]. Eight bytes at a time, as in nextDigit.
func letterBits(s string) uint64 {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	var m uint64
	k := 0
	for ; k+8 <= len(s); k += 8 {
		b := s[k : k+8]
		x := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		low := (x | ones*0x20) &^ high // lowercased, the top bit apart: no carry below
		l := (low + ones*(0x80-'a')) &^ (low + ones*(0x80-'z'-1)) &^ x & high
		// The top bit of byte i goes to bit 56+i, the others below it.
		m |= (l >> 7 * 0x0102040810204080 >> 56) << k
	}
	for ; k < len(s); k++ {
		if isLetter(s[k]) {
			m |= 1 << k
		}
	}
	return m
}

// numberWordList is the number words numberWord reads, with their values.
var numberWordList = []struct {
	word  string
	value int
}{
	{"two", 2}, {"three", 3}, {"four", 4}, {"five", 5}, {"six", 6}, {"seven", 7}, {"eight", 8}, {"nine", 9},
	{"ten", 10}, {"eleven", 11}, {"twelve", 12}, {"thirteen", 13}, {"fourteen", 14}, {"fifteen", 15},
	{"sixteen", 16}, {"seventeen", 17}, {"eighteen", 18}, {"nineteen", 19}, {"twenty", 20}, {"thirty", 30},
	{"forty", 40}, {"fifty", 50}, {"sixty", 60}, {"seventy", 70}, {"eighty", 80}, {"ninety", 90},
	{"hundred", 100}, {"thousand", 1000},
}

// numberWordSlots holds, by first two letters and length, the indices + 1
// of the number words of that shape (at most two: "thirteen", "thousand"):
// a word is looked up without hashing it, as this runs for every word of
// every cited chunk (a map lookup was a fortieth of the audit).
var numberWordSlots = func() (t [26 * 26 * 10][2]uint8) {
	for i, nw := range numberWordList {
		slot := &t[(int(nw.word[0]-'a')*26+int(nw.word[1]-'a'))*10+len(nw.word)]
		if slot[0] == 0 {
			slot[0] = uint8(i + 1)
		} else {
			slot[1] = uint8(i + 1)
		}
	}
	return t
}()

// numberWordLengths holds, by their first two letters, the lengths of the
// number words ("th": 5, 6, 8): most words are turned away on it alone.
var numberWordLengths = func() (t [26 * 26]uint16) {
	for _, nw := range numberWordList {
		t[int(nw.word[0]-'a')*26+int(nw.word[1]-'a')] |= 1 << len(nw.word)
	}
	return t
}()

// numberWord returns the value of a number word, in any case.
func numberWord(w string) (int, bool) {
	if len(w) < 3 || len(w) > 9 {
		return 0, false
	}
	a, b := uint((w[0]|0x20)-'a'), uint((w[1]|0x20)-'a')
	if a >= 26 || b >= 26 || numberWordLengths[a*26+b]&(1<<len(w)) == 0 {
		return 0, false
	}
	var buf [9]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	for _, k := range numberWordSlots[(a*26+b)*10+uint(len(w))] {
		if k > 0 && string(buf[:len(w)]) == numberWordList[k-1].word {
			return numberWordList[k-1].value, true
		}
	}
	return 0, false
}

// QuantityIndex is the set of quantity keys a chunk supports, each with
// what is known of it (the q* flags). A chunk has few quantities: a sorted
// slice of key hashes, flags in the low bits, is smaller and quicker to
// build than a map of key strings, and its zero value is an empty index.
type QuantityIndex struct {
	keys []uint64 // hash&^qFlags | flags, sorted, one per key
}

const (
	qPresent  uint64 = 1 << iota // the chunk states the key
	qPositive                    // written without a sign somewhere
	qNegative                    // written with a minus sign somewhere
	qPlain                       // a plain number (not part of an amount, date or percentage)
	qNoUnit                      // a plain number without a unit somewhere

	qFlags = 1<<iota - 1
)

// keyHash is the 64-bit FNV-1a hash of a key string, fed in parts so
// that no key string is built; the index keeps its high 59 bits (FNV's low
// bits are its weakest), and it is deterministic, so reports stay
// reproducible.
// Collisions: a chunk has at most a few hundred keys, so a key matches another with odds under 1e-15 (n/2^59) per lookup.
type keyHash uint64

const keyHashStart keyHash = 14695981039346656037

func (h keyHash) add(s string) keyHash {
	for i := 0; i < len(s); i++ {
		h ^= keyHash(s[i])
		h *= 1099511628211
	}
	return h
}

func (h keyHash) addDecimal(d decimal) keyHash {
	if h = h.add(d.whole); d.frac != "" {
		h = h.add(".").add(d.frac)
	}
	return h
}

func (h keyHash) key() uint64 { return uint64(h) &^ qFlags }

// IndexQuantities indexes the quantities of a chunk. A dated chunk also
// supports its bare year and month, and an amount supports its bare value;
// what it states only in parts (a date without its year, the second year
// of a range) is indexed too (dates.go).
func IndexQuantities(text string) QuantityIndex {
	return indexQuantities(plainSpaces(text), true)
}

// plainSpaces turns the no-break and thin spaces that pages write inside
// quantities ("10\u00a0June 1865", "5\u202fkg") into plain spaces, which
// the quantity scan reads.
func plainSpaces(text string) string {
	for _, sp := range oddSpaces {
		if strings.Contains(text, sp) {
			return spaces.Replace(text)
		}
	}
	return text
}

var oddSpaces = []string{"\u00a0", "\u202f", "\u2009", "\u2007"}

var spaces = strings.NewReplacer(oddSpaces[0], " ", oddSpaces[1], " ", oddSpaces[2], " ", oddSpaces[3], " ")

// indexQuantities indexes the quantities Quantities reads and, with
// parts, what text states of them in parts (dates.go).
func indexQuantities(text string, parts bool) QuantityIndex {
	var buf [64]uint64 // a chunk's keys, before they are sorted and copied
	keys := buf[:0]
	set := func(h keyHash, flags uint64) { keys = append(keys, h.key()|flags) }
	n := keyHashStart.add("n:")
	scanQuantities(text, func(f found) {
		sign := qPositive
		if f.negative {
			sign = qNegative
		}
		if parts {
			keys = appendPartKeys(keys, text, f)
		}
		switch {
		case f.date:
			month := keyHashStart.add("d:").add(f.y).add("-").add(f.m)
			set(n.add(f.y), qPresent)
			if f.d == "" {
				set(month, qPresent|qPositive)
				break
			}
			set(month.add("-").add(f.d), qPresent|qPositive)
			set(month, qPresent)
			set(n.add(trimLeadingZeros(f.d)), qPresent)
		case f.percent:
			set(keyHashStart.add("p:").addDecimal(f.value), qPresent|sign)
			set(n.addDecimal(f.value), qPresent)
		case f.currency != "":
			money := keyHashStart.add("m:").add(f.currency).add(":")
			set(money.addDecimal(f.value), qPresent|sign)
			if f.alt != "" {
				set(money.add(f.alt), qPresent|sign)
			}
			set(n.addDecimal(f.value), qPresent)
		case f.unit != "":
			set(n.addDecimal(f.value), qPresent|sign|qPlain)
			set(keyHashStart.add("u:").addDecimal(f.value).add(":").add(f.unit), qPresent)
		default:
			set(n.addDecimal(f.value), qPresent|sign|qPlain|qNoUnit)
		}
	})
	if parts {
		keys = appendNamedMonths(keys, text)
	}
	if len(keys) == 0 {
		return QuantityIndex{}
	}
	keys = compactKeys(keys)
	return QuantityIndex{keys: append(make([]uint64, 0, len(keys)), keys...)}
}

// compactKeys sorts keys and joins the flags of equal hashes.
func compactKeys(keys []uint64) []uint64 {
	slices.Sort(keys)
	out := keys[:0]
	for _, k := range keys {
		if last := len(out) - 1; last >= 0 && out[last]&^qFlags == k&^qFlags {
			out[last] |= k
		} else {
			out = append(out, k)
		}
	}
	return out
}

// merge adds the quantities of o to idx.
func (idx *QuantityIndex) merge(o QuantityIndex) {
	keys := make([]uint64, 0, len(idx.keys)+len(o.keys)) // o's slice is never written
	idx.keys = compactKeys(append(append(keys, idx.keys...), o.keys...))
}

// flags returns the flags of the key of hash h, 0 if idx lacks it.
func (idx QuantityIndex) flags(h keyHash) uint64 {
	k := h.key()
	if i, _ := slices.BinarySearch(idx.keys, k); i < len(idx.keys) && idx.keys[i]&^qFlags == k {
		return idx.keys[i] & qFlags
	}
	return 0
}

// Supports reports whether the chunk states quantity q. An amount is
// supported by the same amount, or by the bare number when the chunk names
// no currency for it.
func (idx QuantityIndex) Supports(q Quantity) bool {
	if q.AltKey != "" && idx.flags(keyHashStart.add(q.AltKey))&qPresent != 0 {
		return idx.Supports(Quantity{Kind: q.Kind, Key: q.AltKey, Negative: q.Negative})
	}
	if f := idx.flags(keyHashStart.add(q.Key)); f&qPresent != 0 {
		// A sign disagrees only where the chunk writes the value with the
		// other sign alone: "-5 °C" against "5 °C" (a list's "-5 days"
		// bullet beside "5 days" elsewhere does not count).
		if q.Negative && f&(qPositive|qNegative) == qPositive || !q.Negative && f&(qPositive|qNegative) == qNegative {
			return false
		}
		if q.Unit == "" {
			return true
		}
		// "10 months" needs 10 months, or a 10 whose unit the chunk leaves
		// open ("between 10 and 15 months"); 10 years is a different claim.
		return f&qNoUnit != 0 ||
			idx.flags(keyHashStart.add("u:").add(strings.TrimPrefix(q.Key, "n:")).add(":").add(q.Unit))&qPresent != 0
	}
	if q.Kind == "money" {
		return idx.flags(keyHashStart.add("n:").add(q.Key[strings.LastIndexByte(q.Key, ':')+1:]))&qPlain != 0
	}
	if q.Kind == "date" {
		return idx.statesInParts(q.Key)
	}
	return false
}

// pad2 formats 0 ≤ n < 100 in two digits, without making a string.
func pad2(n int) string { return twoDigits[2*n : 2*n+2] }

const twoDigits = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

func trimLeadingZeros(s string) string {
	t := strings.TrimLeft(s, "0")
	if t == "" || t[0] == '.' {
		return "0" + t
	}
	return t
}

func formatFloat(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// isLetter reports whether c is an ASCII letter, in one comparison: c|0x20
// lowercases a capital and maps no other byte into 'a'..'z'.
func isLetter(c byte) bool { return (c|0x20)-'a' < 26 }
