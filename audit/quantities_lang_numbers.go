package audit

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// digitsIn is a number in digits as a language writes it.
type digitsIn struct {
	value decimal
	// alt is the number in the other notation ("." and "," swapped) where
	// that reading is plausible too: "1,500" is 1.5 or 1,500 written the
	// English way, "1.799" 1799 or 1.799; "1.200" is not 1.2, as nobody
	// writes the zeros of 1.2. "" for none. Only amounts keep it.
	alt   string
	end   int
	plain bool // digits alone, no separator read
}

// readDigits reads the number in digits at text[i] with the language's
// separators: "127,50", "1.234,56", "1 234,56", "1’234", and the English
// "1,234,567.89" and "127.50", which the language's notation cannot mean
// otherwise.
func (s *langScan) readDigits(i int) digitsIn {
	j := s.digitEnd(i)
	lead := s.text[i:j]
	if j-i <= 3 && lead[0] != '0' {
		for _, sep := range s.w.thousands {
			if g, e := s.groups(j, sep); g > 0 {
				return s.afterGroups(i, e, sep, g)
			}
		}
	}
	dec, other := s.w.dec, s.w.other
	switch r := s.sepDigits(j, dec); {
	case r == 3 && j-i <= 3 && lead[0] != '0':
		g, e := s.groups(j, dec)
		if fr := s.sepDigits(e, other); g >= 2 || fr > 0 { // "1,234,567", "1,234.56": the English notation
			d := digitsIn{value: decimal{whole: trimLeadingZeros(strings.ReplaceAll(s.text[i:e], dec, ""))}, end: e}
			if fr > 0 {
				d.value.frac, d.end = strings.TrimRight(s.text[e+1:e+1+fr], "0"), e+1+fr
			}
			return d
		}
		return digitsIn{value: decimal{whole: trimLeadingZeros(lead), frac: strings.TrimRight(s.text[j+1:j+4], "0")},
			alt: trimLeadingZeros(lead + s.text[j+1:j+4]), end: j + 4}
	case r > 0:
		return digitsIn{value: decimal{whole: trimLeadingZeros(lead), frac: strings.TrimRight(s.text[j+1:j+1+r], "0")}, end: j + 1 + r}
	}
	if r := s.sepDigits(j, other); r > 0 { // "127.50", "3.5": an English decimal
		return digitsIn{value: decimal{whole: trimLeadingZeros(lead), frac: strings.TrimRight(s.text[j+1:j+1+r], "0")}, end: j + 1 + r}
	}
	return digitsIn{value: decimal{whole: trimLeadingZeros(lead)}, end: s.dashZeros(j), plain: true}
}

// afterGroups reads the rest of a number whose digits text[i:e] are
// grouped by g separators sep: a fraction, or the ambiguity of one group
// after a full stop ("1.200").
func (s *langScan) afterGroups(i, e int, sep string, g int) digitsIn {
	d := digitsIn{value: decimal{whole: trimLeadingZeros(strings.ReplaceAll(s.text[i:e], sep, ""))}, end: e}
	fr := s.sepDigits(e, s.w.dec)
	if fr == 0 && sep != s.w.other {
		fr = s.sepDigits(e, s.w.other) // "1’234.50", as Switzerland writes it
	}
	switch {
	case fr > 0:
		d.value.frac, d.end = strings.TrimRight(s.text[e+1:e+1+fr], "0"), e+1+fr
	case g == 1 && sep == s.w.other && s.text[e-1] != '0':
		d.alt = s.text[i:e-4] + "." + s.text[e-3:e]
		d.end = s.dashZeros(e)
	default:
		d.end = s.dashZeros(e)
	}
	return d
}

// groups counts the groups of three digits after separators sep at
// text[j:] ("1.234.567"), and returns where they end.
func (s *langScan) groups(j int, sep string) (n, end int) {
	for strings.HasPrefix(s.text[j:], sep) {
		k := j + len(sep)
		if k+3 > len(s.text) || !isDigit(s.text[k]) || !isDigit(s.text[k+1]) || !isDigit(s.text[k+2]) ||
			k+3 < len(s.text) && isDigit(s.text[k+3]) {
			break
		}
		n, j = n+1, k+3
	}
	return n, j
}

// sepDigits returns how many digits follow the separator sep at text[j],
// 0 when there is no such separator or no digit after it.
func (s *langScan) sepDigits(j int, sep string) int {
	if !strings.HasPrefix(s.text[j:], sep) {
		return 0
	}
	return s.digitEnd(j+len(sep)) - j - len(sep)
}

// dashZeros returns where a dash for zero cents ends ("15,- €", "20.–"),
// or j.
func (s *langScan) dashZeros(j int) int {
	if j >= len(s.text) || s.text[j] != ',' && s.text[j] != '.' {
		return j
	}
	for _, d := range []string{"-", "–", "—"} {
		if e := j + 1 + len(d); strings.HasPrefix(s.text[j+1:], d) && (e == len(s.text) || !isDigit(s.text[e])) {
			return e
		}
	}
	return j
}

// numberAt reads the number whose digits start at text[i], with what is
// around it: a currency before or after, an ordinal suffix, a multiplier,
// percent, a unit, a sign.
func (s *langScan) numberAt(i int) number {
	d := s.readDigits(i)
	n := number{start: i, end: d.end, value: d.value}
	e, ordinal := s.ordinalAfter(d.end, d.plain)
	n.end = e
	mult := 1.0
	if !ordinal {
		mult, _ = s.suffixes(&n)
	} else {
		n.ordinal, n.ordOf = ordinalDigit, ordinalOf(s.text, e)
	}
	cur, curStart := s.currencyBefore(i)
	if curStart < s.lastEnd {
		cur, curStart = "", i
	}
	if n.currency == "" {
		n.currency = cur
	}
	if cur != "" {
		n.start = curStart
	}
	if n.currency != "" && !n.percent && mult == 1 && d.alt != "" {
		n.alt = d.alt
	}
	if !ordinal && mult == 1 && !n.percent && n.currency == "" {
		if u, e := s.unitAfter(n.end); u != "" {
			n.unit, n.end = u, e
		}
	}
	if p := s.signBefore(n.start, n.currency != "" || n.percent); p >= s.lastEnd && p >= 0 && n.value != (decimal{whole: "0"}) {
		n.negative, n.start = true, p
	}
	return n
}

// ordinalAfter reads an ordinal's mark after digits ending at text[j]: a
// suffix ("1er", "2e", "3º", "1.º", "8ste") or, where the language writes one, a
// full stop before a word that makes it an ordinal ("19. Jahrhundert",
// "am 3. und 4."). It returns where the ordinal ends.
func (s *langScan) ordinalAfter(j int, plain bool) (int, bool) {
	if e := s.ordinalEnd(j); e > j {
		return e, true
	}
	if s.letterAt(j) > 0 {
		return j, false
	}
	if plain && s.l.OrdinalDot && j < len(s.text) && s.text[j] == '.' {
		if k := s.skipSpaces(j + 1); k > j+1 {
			if e := s.wordEnd(k, false); e > k && s.l.OrdinalBefore(s.text[k:e]) {
				return j + 1, true
			}
		}
	}
	return j, false
}

// suffixes reads what may follow a number ending at n.end: a multiplier
// ("Mio.", "Milliarden", "mil millones"), then percent or a currency. It
// returns the multiplier (1 for none) and whether it read anything.
func (s *langScan) suffixes(n *number) (mult float64, read bool) {
	var after wordsAfter
	mult, j := 1, n.end
	after.read(s, j)
	if m, e := s.multiplierAfter(&after); m > 0 {
		if f, err := strconv.ParseFloat(n.value.String(), 64); err == nil {
			whole, frac, _ := strings.Cut(formatFloat(f*m), ".")
			n.value = decimal{whole: whole, frac: frac}
		}
		mult, n.end, j, read = m, e, e, true
		after.read(s, j)
	}
	if e, ok := s.percentAfter(j, &after); ok {
		n.percent, n.end = true, e
		if strings.HasSuffix(s.text[:e], permille) {
			n.value = tenth(n.value)
		}
		return mult, true
	}
	if c, e := s.currencyAfter(j, mult != 1); c != "" && !(mult == 1 && yearLike(n.value) && s.digitAfter(e)) {
		n.currency, n.end = c, e
		return mult, true
	}
	return mult, read
}

// yearLike reports whether v is a whole number from 1900 to 2099: before
// a currency sign and another number ("in 2025 € 385") a year, the sign
// the next amount's.
func yearLike(v decimal) bool {
	return v.frac == "" && len(v.whole) == 4 && v.whole >= "1900" && v.whole <= "2099"
}

// digitAfter reports whether a digit follows text[:e], past spaces.
func (s *langScan) digitAfter(e int) bool {
	k := s.skipSpaces(e)
	return k < len(s.text) && isDigit(s.text[k])
}

// wordsAfter are the words after a number, read once for the multiplier
// and percent that may follow it.
type wordsAfter struct {
	words [3]string
	ends  [3]int
	n     int
}

func (a *wordsAfter) read(s *langScan, j int) { a.n = s.wordsAfter(j, a.words[:], a.ends[:]) }

// multiplierAfter reads a multiplier in the words after a number, with
// the full stop of its abbreviation ("Mio.", "mld."): its factor (0 for
// none) and where it ends.
func (s *langScan) multiplierAfter(a *wordsAfter) (float64, int) {
	m, k := s.l.MultiplierAt(a.words[:a.n], 0)
	if k == 0 {
		return 0, 0
	}
	e := a.ends[k-1]
	if e < len(s.text) && s.text[e] == '.' && len(a.words[k-1]) <= 4 {
		e++
	}
	return m, e
}

// percentAfter reads percent after a number ending at text[j], whose
// words after are a: "%", "15 %", "Prozent", "pour cent", "puntos
// porcentuales".
func (s *langScan) percentAfter(j int, a *wordsAfter) (int, bool) {
	if k := s.skipSpaces(j); k < len(s.text) && s.text[k] == '%' {
		return k + 1, true
	} else if strings.HasPrefix(s.text[k:], permille) {
		return k + len(permille), true
	}
	if k := s.l.PercentAt(a.words[:a.n], 0); k > 0 {
		return a.ends[k-1], true
	}
	return 0, false
}

// currencyAfter reads a currency after an amount ending at text[j]: a
// symbol ("127,50 €"), a code or a word ("127,50 EUR", "127,50 Euro",
// "20 dólares"); after a multiplier also with a connector ("5 millions
// d'euros", "2 millones de euros"). It returns the ISO code ("" for none)
// and where it ends.
func (s *langScan) currencyAfter(j int, afterMult bool) (string, int) {
	k := s.skipSpaces(j)
	if k >= len(s.text) {
		return "", j
	}
	if r, n := utf8.DecodeRuneInString(s.text[k:]); unicode.IsSymbol(r) {
		if c, ok := s.l.Currency(s.text[k : k+n]); ok {
			return c, k + n
		}
		return "", j
	}
	e := s.wordEnd(k, true)
	if e == k {
		return "", j
	}
	if c, end := s.currencyWord(k, e); c != "" {
		return c, end
	}
	if !afterMult {
		return "", j
	}
	w := s.text[k:e]
	if a := strings.IndexAny(w, "'’"); a > 0 { // "d'euros"
		if _, size := utf8.DecodeRuneInString(w[a:]); s.l.IsCurrencyConnector(w[:a+size]) {
			if c, end := s.currencyWord(k+a+size, e); c != "" {
				return c, end
			}
		}
		return "", j
	}
	if s.l.IsCurrencyConnector(w) {
		if k2 := s.skipSpaces(e); k2 > e {
			if c, end := s.currencyWord(k2, s.wordEnd(k2, true)); c != "" {
				return c, end
			}
		}
	}
	return "", j
}

// currencyWord returns the ISO code of the currency word text[k:e] and
// where it ends: a word of three letters or more, or of two with a full
// stop ("Fr."); "" for none.
func (s *langScan) currencyWord(k, e int) (string, int) {
	c, ok := s.l.Currency(s.text[k:e])
	switch {
	case !ok:
		return "", e
	case utf8.RuneCountInString(s.text[k:e]) >= 3:
		return c, e
	case e < len(s.text) && s.text[e] == '.':
		return c, e + 1
	}
	return "", e
}

// currencyBefore reads a currency written before the digits at text[i]:
// a symbol ("€127,50", "€ 127,50", "US$5") or a code of three capitals
// ("EUR 127,50", "CHF 20"); not a shorter word, which is a weekday as
// often ("Mo–Fr 9–18 Uhr"). It returns its ISO code ("" for none) and
// where it starts.
func (s *langScan) currencyBefore(i int) (string, int) {
	p := i
	if n := s.spaceBefore(p); n > 0 {
		p -= n
	}
	r, n := utf8.DecodeLastRuneInString(s.text[:p])
	if unicode.IsSymbol(r) {
		q := p - n
		k := q
		for k > 0 && isLetter(s.text[k-1]) {
			k--
		}
		if c, ok := s.l.Currency(s.text[k:p]); ok && k < q {
			return c, k
		}
		if c, ok := s.l.Currency(s.text[q:p]); ok {
			return c, q
		}
		return "", i
	}
	k := p
	for k > 0 && isUpper(s.text[k-1]) {
		k--
	}
	if p-k == 3 && s.letterBefore(k) == 0 {
		if c, ok := s.l.Currency(s.text[k:p]); ok {
			return c, k
		}
	}
	return "", i
}

// spaceBefore returns the length of the space ending at text[i], 0 if
// none.
func (s *langScan) spaceBefore(i int) int {
	for n := 1; n <= 3 && n <= i; n++ {
		if s.spaceAt(i-n) == n {
			return n
		}
	}
	return 0
}

// unitAfter reads the unit after a number ending at text[j], after a space
// or a hyphen: "30 Tage", "30-tägige", "5mg", "5 °C", "5 Grad Celsius",
// "24 uur". It returns the canonical unit and where it ends, or "".
func (s *langScan) unitAfter(j int) (string, int) {
	k := s.skipSpaces(j)
	if k == j && k < len(s.text) && s.text[k] == '-' {
		k++
	}
	for _, deg := range []string{"°", "º"} {
		if strings.HasPrefix(s.text[k:], deg) {
			e := s.skipSpaces(k + len(deg))
			if e < len(s.text) && (s.text[e] == 'C' || s.text[e] == 'F') && s.letterAt(e+1) == 0 {
				return "temp:" + strings.ToLower(s.text[e:e+1]), e + 1
			}
			return "", j
		}
	}
	e := s.wordEnd(k, true)
	if e == k || e < len(s.text) && isDigit(s.text[e]) {
		return "", j
	}
	w := s.text[k:e]
	if s.l.IsDegreeWord(w) {
		if k2 := s.skipSpaces(e); k2 > e {
			if e2 := s.wordEnd(k2, false); e2 > k2 {
				if u, ok := s.l.Scale(s.text[k2:e2]); ok {
					return u, e2
				}
			}
		}
		return "", j
	}
	if s.l.IsDayQualifier(w) {
		if k2 := s.skipSpaces(e); k2 > e {
			if e2 := s.wordEnd(k2, true); e2 > k2 {
				if u, _ := s.l.Unit(s.text[k2:e2]); u == "time:day" {
					return u, e2
				}
			}
		}
		return "", j
	}
	if u, ok := s.l.Unit(w); ok && letterUnit(w, k > j) {
		return u, e
	}
	return "", j
}

// signBefore returns where the minus sign of the number starting at
// text[start] begins, or -1: a minus sign or hyphen as English reads them
// (signBefore), or a minus word of the language right before it ("minus 5
// Grad", "moins 5 degrés"), unless a number precedes the word ("10 min 5
// s" is a unit and a number) or, before an amount of money, a content
// word or a comma does: "les frais moins 150 €" and "het volledige bedrag
// terug, min € 15" deduct the amount.
func (s *langScan) signBefore(start int, money bool) int {
	if p := signBefore(s.text, start); p >= 0 {
		return p
	}
	ws, we := s.prevWord(start)
	if ws == we || we == start {
		return -1
	}
	if b := s.skipSpacesBack(ws); b > 0 && isDigit(s.text[b-1]) {
		return -1
	}
	bs, be := s.prevWord(ws)
	if money && (be > bs && !s.l.IsStopword(s.l.Normalize(s.text[bs:be])) || afterComma(s.text, ws)) {
		return -1
	}
	if s.l.IsMinus(s.text[bs:be], s.text[ws:we]) {
		return ws
	}
	return -1
}
