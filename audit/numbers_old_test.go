package audit

// The implementation of Quantities and IndexQuantities before quantity keys
// were hashed (commit d9b6799), kept as the oracle of the differential
// tests in numbers_diff_test.go: old and new must agree on every quantity
// and every Supports answer. Leaf helpers the change left as they were
// (trimLeadingZeros, formatFloat) are called, not copied.

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// oldQuantities extracts the quantities of text in order of appearance. It is a
// single left-to-right scan without regular expressions: it runs over every
// cited chunk, and regular expressions made it the audit's hottest spot.
func oldQuantities(text string) []quantity {
	out := oldUnsortedQuantities(text)
	slices.SortStableFunc(out, func(a, b quantity) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// oldUnsortedQuantities are the quantities of text, numbers in digits first,
// then numbers in words.
func oldUnsortedQuantities(text string) []quantity {
	var out []quantity
	for i := 0; i < len(text); i++ {
		if i = oldNextDigit(text, i); i == len(text) {
			break
		}
		if i > 0 && isLetter(text[i-1]) {
			// Glued to a word ("mp3", "B2B"): skip the whole token.
			for i < len(text) && (isDigit(text[i]) || isLetter(text[i])) {
				i++
			}
			continue
		}
		if start, end, key, ok := oldParseDate(text, i); ok {
			out = append(out, quantity{Raw: text[start:end], Kind: "date", Key: key, Start: start})
			i = end - 1
			continue
		}
		n := oldParseNumber(text, i)
		q := quantity{Raw: text[n.start:n.end], Kind: "number", Key: "n:" + n.value, Start: n.start, Unit: n.unit, Negative: n.negative}
		switch {
		case n.percent:
			q.Kind, q.Key = "percent", "p:"+n.value
		case n.currency != "":
			q.Kind, q.Key = "money", "m:"+n.currency+":"+n.value
			if n.alt != "" {
				q.AltKey = "m:" + n.currency + ":" + n.alt
			}
		}
		out = append(out, q)
		i = n.end - 1
	}
	return oldAppendWordQuantities(out, text)
}

// oldNextDigit returns the index of the first ASCII digit of text at or after
// i, or len(text). Chunks are mostly letters: eight bytes at a time are
// tested for a byte in '0'..'9' (Anderson's hasbetween; no carry crosses
// bytes) before any is looked at.
func oldNextDigit(text string, i int) int {
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

// oldParseDate reads a date around the digits at text[i]: 2026-05-12,
// May 12, 2026, 12th of May 2026, May 2026.
func oldParseDate(text string, i int) (start, end int, key string, ok bool) {
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	run := j - i
	// ISO 8601.
	if run == 4 && j+6 <= len(text) && text[j] == '-' && isDigit(text[j+1]) && isDigit(text[j+2]) &&
		text[j+3] == '-' && isDigit(text[j+4]) && isDigit(text[j+5]) && (j+6 == len(text) || !isDigit(text[j+6])) {
		return i, j + 6, "d:" + text[i:j+6], true
	}
	// Month before the digits: "May 12, 2026", "May 2026".
	if mon, mStart := oldMonthBefore(text, i); mon > 0 {
		if run <= 2 {
			if y, yEnd, ok := oldYearAfter(text, oldSkipOrdinal(text, j)); ok {
				d, _ := strconv.Atoi(text[i:j])
				return mStart, yEnd, "d:" + y + "-" + oldPad2(mon) + "-" + oldPad2(d), true
			}
		}
		if run == 4 && (j == len(text) || !isLetter(text[j]) && !isDigit(text[j])) {
			return mStart, j, "d:" + text[i:j] + "-" + oldPad2(mon), true
		}
	}
	// Day before the month: "12 May 2026", "12th of May, 2026".
	if run <= 2 {
		k := oldSkipOrdinal(text, j)
		if k < len(text) && text[k] == ' ' {
			k++
			if w, e := oldWordAt(text, k, false); w == "of" && e < len(text) && text[e] == ' ' {
				k = e + 1
			}
			if w, e := oldWordAt(text, k, false); months[w] > 0 {
				if e < len(text) && text[e] == '.' {
					e++
				}
				if y, yEnd, ok := oldYearAfter(text, e); ok {
					d, _ := strconv.Atoi(text[i:j])
					return i, yEnd, "d:" + y + "-" + oldPad2(months[w]) + "-" + oldPad2(d), true
				}
			}
		}
	}
	return 0, 0, "", false
}

// oldMonthBefore finds a month name just before text[i], separated by spaces
// and optionally "of", a full stop or a comma: "May 2026", "Sept. 12".
func oldMonthBefore(text string, i int) (month, start int) {
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
	return months[strings.ToLower(text[k:e])], k
}

// oldYearAfter reads ", 2026" or " 2026" at text[k:].
func oldYearAfter(text string, k int) (year string, end int, ok bool) {
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

func oldSkipOrdinal(text string, j int) int {
	if w, k := oldWordAt(text, j, false); w == "st" || w == "nd" || w == "rd" || w == "th" {
		return k
	}
	return j
}

// oldNumber is a parsed numeric expression: [currency] digits [.frac]
// [ordinal] [multiplier] [percent] [currency].
type oldNumber struct {
	start, end int
	value      string // normalised: no grouping commas, no trailing zeros, multiplier applied
	currency   string // ISO code, or ""
	percent    bool
	unit       string // of a plain number: units[...] of the word after it, or ""
	alt        string // another reading of value ("€1.200": 1200 beside 1.2), or ""
	negative   bool   // written with a minus sign
}

// oldParseNumber reads the number whose digits start at text[i].
func oldParseNumber(text string, i int) oldNumber {
	n := oldNumber{start: i}
	j := i
	for j < len(text) && isDigit(text[j]) {
		j++
	}
	intPart := text[i:j]
	// Thousands separators: 1,000 and 20,770,000.
	if j-i <= 3 {
		for j+4 <= len(text) && text[j] == ',' && isDigit(text[j+1]) && isDigit(text[j+2]) && isDigit(text[j+3]) &&
			(j+4 == len(text) || !isDigit(text[j+4])) {
			intPart += text[j+1 : j+4]
			j += 4
		}
	}
	frac, grouped := "", len(intPart) > j-i // 1,000 groups with commas
	// "1.200.000": two or more full stops grouping thousands (European
	// notation; no decimal reads so), ending where the number ends.
	if !grouped && j-i <= 3 {
		q, groups := j, intPart
		for q+4 <= len(text) && text[q] == '.' && isDigit(text[q+1]) && isDigit(text[q+2]) && isDigit(text[q+3]) &&
			(q+4 == len(text) || !isDigit(text[q+4])) {
			groups += text[q+1 : q+4]
			q += 4
		}
		if q-j >= 8 && !(q+1 < len(text) && text[q] == '.' && isDigit(text[q+1])) {
			intPart, j = groups, q
		}
	}
	oneDotGroup := "" // "1.200": 1.2, or 1200 when it is an amount (below)
	if j+1 < len(text) && text[j] == '.' && isDigit(text[j+1]) {
		k := j + 1
		for k < len(text) && isDigit(text[k]) {
			k++
		}
		if !grouped && k-j == 4 && j-i <= 3 {
			oneDotGroup = text[j+1 : k]
		}
		frac = strings.TrimRight(text[j+1:k], "0")
		j = k
	}
	digitsEnd := j
	n.value = trimLeadingZeros(intPart)
	if frac != "" {
		n.value += "." + frac
	}
	end := digitsEnd
	plainEnd := true // a plain number ends at its digits
	if w, k := oldWordAt(text, j, false); w == "st" || w == "nd" || w == "rd" || w == "th" {
		end, j, plainEnd = k, k, false
	}

	// Currency before the digits: "€127.50", "€ 127", "US$5", "EUR 127".
	p := i
	if p > 0 && text[p-1] == ' ' {
		p--
	}
	prefixCur, prefixStart := "", i
	for _, sym := range []string{"US$", "us$", "€", "$", "£", "¥", "₹"} {
		if strings.HasSuffix(text[:p], sym) {
			prefixCur, prefixStart = currencySymbols[strings.ToLower(sym)], p-len(sym)
			break
		}
	}
	if prefixCur == "" {
		q := p
		if q > 0 && text[q-1] == '.' { // "Rs. 500"
			q--
		}
		k := q
		for k > 0 && isLetter(text[k-1]) {
			k--
		}
		if code := strings.ToLower(text[k:q]); q-k >= 2 && q-k <= 3 {
			if cur, ok := currencySymbols[code]; ok && code != "euro" {
				prefixCur, prefixStart = cur, k
			}
		}
	}

	// Multiplier: "1.5 million", "$5m" (a bare "m" only with a currency: metres).
	mult := 1.0
	if w, k := oldWordAt(text, j, true); w != "" {
		if m, ok := multipliers[w]; ok && (w != "m" || prefixCur != "" || oldCurrencyAfter(text, k)) {
			if f, err := strconv.ParseFloat(n.value, 64); err == nil {
				n.value = formatFloat(f * m)
			}
			mult, end, j, plainEnd = m, k, k, false
		}
	}
	// Percent: "15%", "15 %", "15 percent", "15 per cent", "3 percentage points".
	k := j
	if k < len(text) && text[k] == ' ' {
		k++
	}
	switch {
	case k < len(text) && text[k] == '%':
		n.percent, end = true, k+1
	default:
		if w, e := oldWordAt(text, j, true); w == "percent" {
			n.percent, end = true, e
		} else if w == "percentage" {
			if w2, e2 := oldWordAt(text, e, true); w2 == "point" || w2 == "points" {
				n.percent, end = true, e2
			}
		} else if w == "per" {
			if w2, e2 := oldWordAt(text, e, true); w2 == "cent" {
				n.percent, end = true, e2
			}
		}
	}
	if n.percent {
		j = end
	}
	// Currency after: "127.50 EUR", "5 million dollars".
	if w, k := oldWordAt(text, j, true); w != "" {
		if cur, ok := currencySymbols[w]; ok && len(w) >= 3 && w != "rs" {
			n.currency, end = cur, k
		}
	}
	if n.currency == "" && prefixCur != "" {
		n.currency = prefixCur
	}
	if oneDotGroup != "" && (n.currency == "EUR" || n.currency == "CHF") && !n.percent && mult == 1 && intPart[0] != '0' {
		// "€1.200" is 1,200 in the notation of most of Europe, and 1.2 in
		// English (a fuel price may have three decimals): either reading
		// matches. "$3.499" and "€0.005" have only the English one.
		n.alt = trimLeadingZeros(intPart + oneDotGroup)
	}
	if prefixCur != "" {
		n.start = prefixStart
	}
	if plainEnd && !n.percent && n.currency == "" {
		end = digitsEnd
		if u, e := oldUnitAfter(text, end); u != "" {
			n.unit, end = u, e
		}
	}
	// The sign is kept apart from the value: "-5 °C" and "5 °C" disagree
	// only where a text states the value with one sign alone (Supports).
	if p := oldSignBefore(text, n.start); p >= 0 && n.value != "0" {
		n.negative, n.start = true, p
	}
	n.end = end
	return n
}

// oldWordAt returns the lowercased letters word at text[j:] (after one
// optional space when space is true) and where it ends; "" if none or if
// it runs into digits.
func oldWordAt(text string, j int, space bool) (string, int) {
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

func oldCurrencyAfter(text string, j int) bool {
	w, _ := oldWordAt(text, j, true)
	_, ok := currencySymbols[w]
	return ok && len(w) >= 3
}

// oldAppendWordQuantities appends the numbers written as words
// ("thirty-five", "two"), with a plain word scan: a regular expression
// over whole chunks was the audit's hottest spot.
func oldAppendWordQuantities(out []quantity, text string) []quantity {
	for i := 0; i < len(text); {
		if !isLetter(text[i]) || (i > 0 && isLetter(text[i-1])) {
			i++
			continue
		}
		j := i
		for j < len(text) && isLetter(text[j]) {
			j++
		}
		n, ok := oldNumberWord(text[i:j])
		if !ok || n == 100 || n == 1000 { // "hundred" alone is no quantity
			i = j
			continue
		}
		end := j
		// "thirty-five", "thirty five"
		if n >= 20 && n%10 == 0 && j+1 < len(text) && (text[j] == '-' || text[j] == ' ') {
			k := j + 1
			for k < len(text) && isLetter(text[k]) {
				k++
			}
			if u, ok := oldNumberWord(text[j+1 : k]); ok && u < 10 {
				n, end = n+u, k
			} else if strings.EqualFold(text[j+1:k], "one") {
				n, end = n+1, k
			}
		}
		out = append(out, quantity{Raw: text[i:end], Kind: "number", Key: "n:" + strconv.Itoa(n), Start: i})
		i = end
	}
	return out
}

func oldNumberWord(w string) (int, bool) {
	if len(w) < 3 || len(w) > 9 {
		return 0, false
	}
	// Every number word starts with one of these: most words are turned
	// away at once (this runs for every word of every cited chunk).
	switch w[0] | 0x20 {
	case 't', 'f', 's', 'e', 'n', 'h':
	default:
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
	// A switch (by length, then bytes): a map lookup here was a fortieth
	// of the audit.
	switch string(buf[:len(w)]) {
	case "two":
		return 2, true
	case "three":
		return 3, true
	case "four":
		return 4, true
	case "five":
		return 5, true
	case "six":
		return 6, true
	case "seven":
		return 7, true
	case "eight":
		return 8, true
	case "nine":
		return 9, true
	case "ten":
		return 10, true
	case "eleven":
		return 11, true
	case "twelve":
		return 12, true
	case "thirteen":
		return 13, true
	case "fourteen":
		return 14, true
	case "fifteen":
		return 15, true
	case "sixteen":
		return 16, true
	case "seventeen":
		return 17, true
	case "eighteen":
		return 18, true
	case "nineteen":
		return 19, true
	case "twenty":
		return 20, true
	case "thirty":
		return 30, true
	case "forty":
		return 40, true
	case "fifty":
		return 50, true
	case "sixty":
		return 60, true
	case "seventy":
		return 70, true
	case "eighty":
		return 80, true
	case "ninety":
		return 90, true
	case "hundred":
		return 100, true
	case "thousand":
		return 1000, true
	}
	return 0, false
}

// oldQuantityIndex maps the quantity keys a chunk supports to what is known
// of them (the q* flags): a flag set, not extra keys, so that indexing a
// chunk makes no strings beyond its keys.
type oldQuantityIndex map[string]uint8

const (
	oldQPresent  uint8 = 1 << iota // the chunk states the key
	oldQPositive                   // written without a sign somewhere
	oldQNegative                   // written with a minus sign somewhere
	oldQPlain                      // a plain number (not part of an amount, date or percentage)
	oldQNoUnit                     // a plain number without a unit somewhere
)

// oldIndexQuantities indexes the quantities of a chunk. A dated chunk also
// supports its bare year and month, and an amount supports its bare value.
func oldIndexQuantities(text string) oldQuantityIndex {
	idx := oldQuantityIndex{}
	for _, q := range oldUnsortedQuantities(text) { // a set: in any order
		sign := oldQPositive
		if q.Negative {
			sign = oldQNegative
		}
		idx[q.Key] |= oldQPresent | sign
		if q.AltKey != "" {
			idx[q.AltKey] |= oldQPresent | sign
		}
		switch q.Kind {
		case "date":
			parts := strings.Split(strings.TrimPrefix(q.Key, "d:"), "-")
			idx["n:"+parts[0]] |= oldQPresent
			if len(parts) == 3 {
				idx["d:"+parts[0]+"-"+parts[1]] |= oldQPresent
				idx["n:"+trimLeadingZeros(parts[2])] |= oldQPresent
			}
		case "money":
			val := q.Key[strings.LastIndexByte(q.Key, ':')+1:]
			idx["n:"+val] |= oldQPresent
		case "percent":
			idx["n:"+strings.TrimPrefix(q.Key, "p:")] |= oldQPresent
		case "number":
			idx[q.Key] |= oldQPlain
			if q.Unit != "" {
				idx["u:"+strings.TrimPrefix(q.Key, "n:")+":"+q.Unit] |= oldQPresent
			} else {
				idx[q.Key] |= oldQNoUnit
			}
		}
	}
	return idx
}

// merge adds the quantities of o to idx.
func (idx oldQuantityIndex) merge(o oldQuantityIndex) {
	for k, f := range o {
		idx[k] |= f
	}
}

// Supports reports whether the chunk states quantity q. An amount is
// supported by the same amount, or by the bare number when the chunk names
// no currency for it.
func (idx oldQuantityIndex) Supports(q quantity) bool {
	if q.AltKey != "" && idx[q.AltKey]&oldQPresent != 0 {
		return idx.Supports(quantity{Kind: q.Kind, Key: q.AltKey, Negative: q.Negative})
	}
	if f := idx[q.Key]; f&oldQPresent != 0 {
		// A sign disagrees only where the chunk writes the value with the
		// other sign alone: "-5 °C" against "5 °C" (a list's "-5 days"
		// bullet beside "5 days" elsewhere does not count).
		if q.Negative && f&(oldQPositive|oldQNegative) == oldQPositive || !q.Negative && f&(oldQPositive|oldQNegative) == oldQNegative {
			return false
		}
		if q.Unit == "" {
			return true
		}
		// "10 months" needs 10 months, or a 10 whose unit the chunk leaves
		// open ("between 10 and 15 months"); 10 years is a different claim.
		return f&oldQNoUnit != 0 || idx["u:"+strings.TrimPrefix(q.Key, "n:")+":"+q.Unit]&oldQPresent != 0
	}
	if q.Kind == "money" {
		return idx["n:"+q.Key[strings.LastIndexByte(q.Key, ':')+1:]]&oldQPlain != 0
	}
	return false
}

func oldPad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// oldUnitAfter reads the unit written after a number ending at text[j]:
// "30 days", "30-day", "5mg", "5 °C", "5 degrees Celsius". It returns the
// canonical unit and where it ends, or "" when none follows.
func oldUnitAfter(text string, j int) (unit string, end int) {
	k := j
	if k < len(text) && (text[k] == ' ' || text[k] == '-') {
		k++
	}
	// Temperatures: "°C", "° F", "ºC", "degrees Celsius".
	for _, deg := range []string{"°", "º"} {
		if strings.HasPrefix(text[k:], deg) {
			e := k + len(deg)
			if e < len(text) && text[e] == ' ' {
				e++
			}
			if e < len(text) && (text[e] == 'C' || text[e] == 'F') && (e+1 == len(text) || !isLetter(text[e+1])) {
				return "temp:" + strings.ToLower(text[e:e+1]), e + 1
			}
			return "", j
		}
	}
	w, e := oldWordAt(text, k, false)
	if w == "" {
		return "", j
	}
	if w == "degrees" || w == "degree" {
		if w2, e2 := oldWordAt(text, e, true); w2 == "celsius" || w2 == "fahrenheit" || w2 == "centigrade" {
			return "temp:" + w2[:1], e2
		}
		return "", j
	}
	if dayQualifiers[w] {
		if w2, e2 := oldWordAt(text, e, true); units[w2] == "time:day" {
			return "time:day", e2
		}
		return "", j
	}
	if u, ok := units[w]; ok {
		// A one-letter unit must stand alone ("5 g"), not open a word.
		return u, e
	}
	return "", j
}

// oldSignBefore returns where the minus sign of the number (or amount)
// starting at text[start] begins, or -1: "−5 °C" (U+2212) and "minus 5"
// always; an ASCII hyphen only after a space or "(" in running text: not
// after a word or digit ("COVID-19", "10-15", "10 -15") and not at the
// start of a line, where it is a list bullet ("-5 days for standard").
func oldSignBefore(text string, start int) int {
	switch p := start; {
	case p >= 3 && text[p-3:p] == "\u2212":
		return p - 3
	case p >= 6 && strings.EqualFold(text[p-6:p], "minus ") && (p == 6 || !isLetter(text[p-7])):
		return p - 6
	case p >= 2 && text[p-1] == '-' && (text[p-2] == ' ' || text[p-2] == '('):
		q := p - 2
		for q >= 0 && (text[q] == ' ' || text[q] == '\t' || text[q] == '(') {
			q--
		}
		if q < 0 || text[q] == '\n' || text[q] == '\r' || isDigit(text[q]) {
			return -1
		}
		return p - 1
	}
	return -1
}
