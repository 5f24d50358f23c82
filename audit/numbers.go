package audit

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// quantity is a number, amount, percentage or date found in a text, with a
// normalised key: "15%" and "15 percent" share the key "p:15", "€127.50" and
// "127.50 EUR" share "m:EUR:127.5", "1,000" is "n:1000", and "12 May 2026"
// and "May 12, 2026" share "d:2026-05-12".
type quantity struct {
	Raw   string
	Kind  string // number, percent, money, date
	Key   string
	Start int    // byte offset in the text
	Unit  string // canonical unit of a plain number ("time:day"), or ""
	// AltKey is a second reading of an ambiguous amount ("€1.200" is
	// 1,200 or 1.2); either key matches.
	AltKey   string
	Negative bool // written with a minus sign ("-5 °C", "−$200", "minus 5")
	// Weak: a word that is also an article, read as the number one before
	// a unit ("ein Jahr", "un an", "an einem Werktag"): held to the chunk
	// only where it states another number of that unit (weaklyMissing).
	Weak bool
	// Alts are the other keys a share in words may be stated by, joined
	// by "|" ("a third": "p:33|p:33.33"; fractions.go); a string keeps a
	// quantity comparable.
	Alts string
}

// value is the number q's key ends in ("m:EUR:12.5": 12.5); ok is false
// for a key that ends in none.
func (q quantity) value() (float64, bool) {
	v, err := strconv.ParseFloat(q.Key[strings.LastIndexByte(q.Key, ':')+1:], 64)
	return v, err == nil
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

// findQuantities extracts the quantities of text in order of appearance. It is a
// single left-to-right scan without regular expressions: it runs over every
// cited chunk, and regular expressions made it the audit's hottest spot.
func findQuantities(text string) []quantity {
	var out []quantity
	scanQuantities(text, func(f found) { out = append(out, f.quantity(text)) })
	slices.SortStableFunc(out, func(a, b quantity) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// found is a quantity as the scan reads it, its key still in parts:
// findQuantities joins them into strings, quantityIndexOf only hashes them.
type found struct {
	number          // a number, percentage or amount; of a date or time only start and end
	date    bool    // a date, of the parts below
	y, m, d string  // "2026", "05", "12"; d is "" for a month ("May 2026"), y "" for a day of a month ("12. Mai")
	clock   string  // a time of day, "14:00"; "" for none
	phone   keyHash // of a phone number, the hash of its key (phones.go); 0 for none
}

func (f *found) quantity(text string) quantity {
	q := quantity{Raw: text[f.start:f.end], Kind: "number", Start: f.start}
	switch {
	case f.phone != 0:
		q.Kind, q.Key = "phone", "tel:"+phoneDigits(q.Raw)
		return q
	case f.clock != "":
		q.Kind, q.Key = "time", "t:"+f.clock
		return q
	case f.date && f.y == "": // a day and month without a year ("am 12. Mai"; English reads none)
		q.Kind, q.Key = "date", "md:"+f.m+"-"+f.d
		return q
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
	case f.ordinal == ordinalWord:
		q.Kind, q.Key, q.Weak, q.Unit = "ordinal", "o:"+f.value.String(), true, "ord:"+f.ordOf
		return q
	default:
		q.Key = "n:" + f.value.String()
	}
	q.Unit, q.Negative, q.Weak = f.unit, f.negative, f.weak
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
			if versionMark(text, i) { // "v2.3" is a version, never a date
				n := parseNumber(text, i)
				emit(found{number: n})
				i = n.end - 1
				continue
			}
			// Glued to a word ("mp3", "B2B"): skip the whole token.
			for i < len(text) && (isDigit(text[i]) || isLetter(text[i])) {
				i++
			}
			continue
		}
		if end, ok := phoneAt(text, i); ok {
			emit(found{number: number{start: i, end: end}, phone: phoneHash(text[i:end])})
			i = end - 1
			continue
		}
		if start, end, y, m, d, ok := parseDate(text, i); ok {
			emit(found{number: number{start: start, end: end}, date: true, y: y, m: m, d: d})
			i = end - 1
			continue
		}
		if hh, mm, end, ok := parseTime(text, i); ok {
			emit(found{number: number{start: i, end: end}, clock: hh + ":" + mm})
			i = end - 1
			continue
		}
		n := parseNumber(text, i)
		emit(found{number: n})
		i = n.end - 1
	}
	scanWordNumbersAndOnes(text, func(start, end, n int, ordinal bool) {
		num := number{start: start, end: end, value: decimal{whole: strconv.Itoa(n)}}
		if ordinal {
			if ordinalWordCounts(text, start, end, isEnglishMonth) {
				num.ordinal, num.ordOf = ordinalWord, ordinalOf(text, end)
				emit(found{number: num})
			}
			return
		}
		// "two million euros", "three thousand dollars": the multiplier
		// and the currency named after it, as after digits.
		if m, e, ok := multiplierAfter(text, end, false); ok && m >= 1e3 {
			num.value, num.end = decimal{whole: strconv.FormatFloat(float64(n)*m, 'f', 0, 64)}, e
			if cur, k := currencyNamedAfter(text, e); cur != "" {
				num.currency, num.end = cur, k
			}
			emit(found{number: num})
			return
		}
		if u, e := unitAfter(text, end); u != "" { // "three months"
			num.unit, num.end = u, e
		}
		emit(found{number: num})
	}, func(start, end int, unit string) { // "within a week"
		emit(found{number: number{start: start, end: end, value: decimal{whole: "1"}, unit: unit, weak: true}})
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
	weak       bool   // an article read as one (quantity.Weak)
	ordinal    uint8  // notOrdinal, ordinalDigit or ordinalWord (ordinals.go)
	ordOf      string // of an ordinal, the word after it, lowercased ("floor" of "third floor")
	label      bool   // of a plain number in a chunk, a label ("Artikel 75"; labelled)
}

// parseNumber reads the number whose digits start at text[i].
func parseNumber(text string, i int) number {
	n := number{start: i}
	d := readDigits(text, i)
	commaCents(text, i, &d)
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
		if strings.HasSuffix(text[:e], permille) {
			n.value = tenth(n.value)
		}
	}
	if cur, k := currencyNamedAfter(text, j); cur != "" {
		n.currency, end = cur, k
	}
	if !plainEnd && mult == 1 && !n.percent && n.currency == "" {
		n.ordinal, n.ordOf = ordinalDigit, ordinalOf(text, end)
	}
	if n.currency == "" && prefixCur != "" {
		n.currency = prefixCur
	}
	if mult == 1 {
		n.alt = oneDotAlt(d, &n)
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
	// only where a text states the value with one sign alone (supports).
	if p := signBefore(text, n.start); p >= 0 && n.value != (decimal{whole: "0"}) && (n.currency == "" && !n.percent || !deducted(text, p)) {
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
// commaCents reads the decimal comma of an amount written the European
// way in an English text: "€4,95", "4,95 EUR". A comma with two digits
// after it, beside a currency, is a decimal in any language (no grouping
// of thousands has two digits).
func commaCents(text string, i int, d *digits) {
	k := d.end
	if d.frac != "" || len(d.intPart) > 3 || k-i != len(d.intPart) || k+3 > len(text) || text[k] != ',' ||
		!isDigit(text[k+1]) || !isDigit(text[k+2]) || k+3 < len(text) && isDigit(text[k+3]) {
		return
	}
	if cur, _ := currencyBefore(text, i); cur == "" {
		if cur, _ := currencyNamedAfter(text, k+3); cur == "" {
			return
		}
	}
	d.frac, d.oneDotGroup, d.end = strings.TrimRight(text[k+1:k+3], "0"), "", k+3
}

// currencyNamedAfter is the currency named after a number ("127.50 EUR",
// "5 million dollars") and where its name ends, or "".
func currencyNamedAfter(text string, j int) (string, int) {
	if w, k := wordAt(text, j, true); w != "" {
		if cur, ok := currencySymbols[w]; ok && len(w) >= 3 && w != "rs" {
			return cur, k
		}
	}
	return "", 0
}

// oneDotAlt is the other reading of an amount with one dot group: "€1.200"
// is 1,200 in the notation of most of Europe, and 1.2 in English (a fuel
// price may have three decimals): either reading matches. "$3.499" and
// "€0.005" have only the English one.
func oneDotAlt(d digits, n *number) string {
	if d.oneDotGroup != "" && (n.currency == "EUR" || n.currency == "CHF") && !n.percent && d.intPart[0] != '0' {
		return trimLeadingZeros(d.intPart + d.oneDotGroup)
	}
	return ""
}

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
// points", and the per-mille sign ("2‰", read as 0.2 percent by the
// caller, tenth). It returns where it ends.
func percentAfter(text string, j int) (int, bool) {
	k := j
	if k < len(text) && text[k] == ' ' {
		k++
	}
	if k < len(text) && text[k] == '%' {
		return k + 1, true
	}
	if strings.HasPrefix(text[k:], permille) {
		return k + len(permille), true
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

// permille is the per-mille sign: "2‰" is 0.2 %, and not the "2%" of a
// chunk.
const permille = "\u2030"

// tenth is d divided by ten ("2" → "0.2", "12.5" → "1.25"), for a
// per-mille figure read as percent.
func tenth(d decimal) decimal {
	w := "0" + d.whole
	frac := strings.TrimRight(w[len(w)-1:]+d.frac, "0")
	return decimal{whole: trimLeadingZeros(w[:len(w)-1]), frac: frac}
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

// deducted reports whether the minus word at text[p] follows a content
// word or a comma, making an amount after it a deduction ("the fare minus
// €20"), not a negative amount ("a balance of minus €20").
func deducted(text string, p int) bool {
	if !strings.HasPrefix(strings.ToLower(text[p:]), "minus ") {
		return false
	}
	if afterComma(text, p) {
		return true // "the full amount back, minus €15"
	}
	_, w := wordBefore(text, p)
	return w != "" && !nounphrase.IsStopword(strings.ToLower(w))
}

// afterComma reports whether a comma ends the text before text[p], spaces
// between: an amount after ", minus" or ", min" is deducted from what the
// clause before names.
func afterComma(text string, p int) bool {
	b := strings.TrimRight(text[:p], " ")
	return b != "" && b[len(b)-1] == ','
}

// versionMark reports whether the letter before the digits at text[i] is
// a lone "v" marking a version ("v2.3", read as 2.3, as "Version 2.3"
// is): not a word's last letter ("dev2", "Nov2026").
func versionMark(text string, i int) bool {
	return i >= 1 && text[i-1]|0x20 == 'v' && (i == 1 || !isLetter(text[i-2]) && text[i-2] < utf8.RuneSelf)
}
