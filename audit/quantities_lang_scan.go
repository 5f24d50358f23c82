package audit

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// langScan reads the quantities of one text in one language, left to
// right: at digits a date, a time of day or a number; at a word a number
// in words. It looks around the digits in the text itself, as the English
// scan does, rather than splitting the text into tokens first.
type langScan struct {
	l    *lang.Language
	w    *langWords
	text string
	emit func(found)
	// month receives the months named as a time ("im Mai", "en mars"),
	// which a chunk's index holds; nil when no one asks.
	month func(m int)
	// lastClock is where the last time of day read ends (-1: none), so that
	// the second of "9h–18h" is a time too.
	lastClock int
	inRange   bool // reading the other end of a range (clockAfter)
	// lastEnd is where the last quantity read ends: the next one starts
	// after it ("127,50 EUR 12" does not read EUR twice).
	lastEnd int
	buf     [64]byte // a word lowercased
}

func newLangScan(l *lang.Language, text string, emit func(found)) langScan {
	return langScan{l: l, w: wordsOf(l), text: text, emit: emit, lastClock: -1}
}

// scan calls s.emit for each quantity of s.text.
func (s *langScan) scan() {
	text := s.text
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case isDigit(c):
			i = s.atDigits(i)
		case c < utf8.RuneSelf && !isLetter(c):
			i++
		case s.letterAt(i) > 0:
			i = s.atWord(i)
		default:
			_, n := utf8.DecodeRuneInString(text[i:])
			i += n
		}
	}
}

// atDigits reads the quantity whose digits start at text[i] and returns
// where the scan goes on.
func (s *langScan) atDigits(i int) int {
	if s.letterBefore(i) > 0 {
		if versionMark(s.text, i) { // "v2.3." is a version, never a date
			return s.put(found{number: s.numberAt(i)})
		}
		j := i // glued to a word ("mp3", "B2B"): skip the whole token
		for j < len(s.text) && (isDigit(s.text[j]) || s.letterAt(j) > 0) {
			j += max(1, s.letterAt(j))
		}
		return j
	}
	if end, ok := phoneAt(s.text, i); ok {
		return s.put(found{number: number{start: i, end: end}, phone: phoneHash(s.text[i:end])})
	}
	if f, ok := s.dateAt(i); ok {
		return s.put(f)
	}
	if f, ok := s.timeAt(i); ok {
		s.lastClock = f.end
		return s.put(f)
	}
	return s.put(found{number: s.numberAt(i)})
}

// put emits f and returns where the scan goes on.
func (s *langScan) put(f found) int {
	s.emit(f)
	s.lastEnd = f.end
	return f.end
}

// atWord reads the word starting at text[i]: a number in words, or a word
// before a month named as a time. It returns where the scan goes on.
func (s *langScan) atWord(i int) int {
	e := s.wordEnd(i, false)
	if c := s.text[i]; c < utf8.RuneSelf && (e == i+1 || s.text[i+1] < utf8.RuneSelf) {
		// Most words are turned away on their first two letters, ASCII
		// lowercased in place; the others are lowercased whole.
		b := [2]byte{c | 0x20, 0}
		if e > i+1 {
			b[1] = s.text[i+1] | 0x20
		}
		if !s.w.mayBe(b[:min(e-i, 2)]) {
			return e
		}
	}
	lw := lowerInto(s.buf[:0], s.text[i:e])
	if !s.w.mayBe(lw) {
		return e
	}
	if s.w.numberFirst[string(lw)] || s.w.gluedNumber(lw) {
		if n, ok := s.wordNumber(i); ok {
			return s.put(found{number: n})
		}
	}
	if v, ok := s.w.ordinals[string(lw)]; ok {
		if s.ordinalCounts(i, e) {
			return s.put(found{number: number{start: i, end: e, value: decimal{whole: strconv.Itoa(v)}, ordinal: ordinalWord, ordOf: ordinalOf(s.text, e)}})
		}
		return e
	}
	if s.month != nil && s.w.timeWords[string(lw)] {
		s.namedMonth(e)
	}
	return e
}

// wordNumber reads a number in words at text[i] ("drei", "vingt et un",
// "quatre-vingt-dix", "treinta y cinco") with what follows it: a
// multiplier, percent, a currency or a unit. A form that is also an
// article or another word ("ein", "een", "un", "uno", "neuf") and a
// hundred or thousand alone count only with one of them after: "ein
// Jahr", "un an", "een jaar", "un millón", but not "ein Kunde"; the
// numbers above a hundred count alone ("dreihundert Kunden").
func (s *langScan) wordNumber(i int) (number, bool) {
	var words [8]string
	var ends [8]int
	k := 0
	for j := i; k < min(s.w.maxNumber, len(words)); k++ {
		e := s.wordEnd(j, false)
		if e == j {
			break
		}
		words[k], ends[k] = s.text[j:e], e
		if e+1 >= len(s.text) || (s.text[e] != ' ' && s.text[e] != '-') || s.letterAt(e+1) == 0 {
			k++
			break
		}
		j = e + 1
	}
	v, nw, ambiguous := s.l.NumberAt(words[:k], 0)
	if nw == 0 {
		return number{}, false
	}
	n := number{start: i, end: ends[nw-1], value: decimal{whole: strconv.Itoa(v)}}
	mult, context := s.suffixes(&n)
	if mult == 1 && !context {
		if u, e := s.unitAfter(n.end); u != "" {
			n.unit, n.end, context = u, e, true
		}
	}
	if ambiguous && !context {
		return number{}, false
	}
	// An article before a multiplier is the number itself: "un million",
	// "eine Million", "een miljoen" state 1,000,000 as "1 million" does.
	n.weak = ambiguous && v == 1 && mult == 1
	return n, true
}

// ordinalCounts reports whether the ordinal word at text[i:e] is read
// as one (ordinalWordCounts).
func (s *langScan) ordinalCounts(i, e int) bool {
	return ordinalWordCounts(s.text, i, e, func(w string) bool { _, ok := s.l.Month(w); return ok })
}

// namedMonth reports to s.month a month named after a time word ending at
// text[j] ("im Mai", "sinds maart", "en mars", "desde marzo"), capitalised
// where the language writes months so.
func (s *langScan) namedMonth(j int) {
	k := s.skipSpaces(j)
	if k == j {
		return
	}
	e := s.wordEnd(k, false)
	if e == k || s.l.MonthsCapitalised && !unicode.IsUpper(firstRune(s.text[k:e])) {
		return
	}
	if m, ok := s.l.Month(s.text[k:e]); ok {
		s.month(m)
	}
}

// The text around a position: spaces, letters, words. Methods, not
// functions, to keep the package's names free.

// spaceAt returns the length of the space at text[i] (a space, or a
// no-break, narrow no-break, thin or figure space), 0 if none.
func (s *langScan) spaceAt(i int) int {
	if i >= len(s.text) || s.text[i] != ' ' && s.text[i] < utf8.RuneSelf {
		return 0
	}
	if s.text[i] == ' ' {
		return 1
	}
	for _, sp := range oddSpaces {
		if strings.HasPrefix(s.text[i:], sp) {
			return len(sp)
		}
	}
	return 0
}

// skipSpaces returns where the spaces at text[i] end.
func (s *langScan) skipSpaces(i int) int {
	for n := s.spaceAt(i); n > 0; n = s.spaceAt(i) {
		i += n
	}
	return i
}

// skipSpacesBack returns where the spaces ending at text[i] start.
func (s *langScan) skipSpacesBack(i int) int {
	for n := s.spaceBefore(i); n > 0; n = s.spaceBefore(i) {
		i -= n
	}
	return i
}

// letterAt returns the length of the letter at text[i], 0 if none.
func (s *langScan) letterAt(i int) int {
	if i >= len(s.text) {
		return 0
	}
	if c := s.text[i]; c < utf8.RuneSelf {
		if isLetter(c) {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeRuneInString(s.text[i:])
	if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
		return n
	}
	return 0
}

// letterBefore returns the length of the letter ending at text[i], 0 if
// none.
func (s *langScan) letterBefore(i int) int {
	if i == 0 {
		return 0
	}
	if c := s.text[i-1]; c < utf8.RuneSelf {
		if isLetter(c) {
			return 1
		}
		return 0
	}
	r, n := utf8.DecodeLastRuneInString(s.text[:i])
	if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
		return n
	}
	return 0
}

// wordEnd returns where the word of letters starting at text[i] ends (i
// when none); with apos, an apostrophe between letters is part of it
// ("kilo's", "d'euros").
func (s *langScan) wordEnd(i int, apos bool) int {
	for {
		for i < len(s.text) && isLetter(s.text[i]) {
			i++
		}
		if n := s.letterAt(i); n > 0 {
			i += n
			continue
		}
		if a := s.apostropheAt(i); apos && a > 0 && s.letterBefore(i) > 0 && s.letterAt(i+a) > 0 {
			i += a
			continue
		}
		return i
	}
}

func (s *langScan) apostropheAt(i int) int {
	switch {
	case i < len(s.text) && s.text[i] == '\'':
		return 1
	case strings.HasPrefix(s.text[i:], "’"):
		return len("’")
	}
	return 0
}

// prevWord returns the word of letters that ends, past spaces, at
// text[i]: its start and end, equal when there is none.
func (s *langScan) prevWord(i int) (start, end int) {
	end = s.skipSpacesBack(i)
	start = end
	for n := s.letterBefore(start); n > 0; n = s.letterBefore(start) {
		start -= n
	}
	return start, end
}

// wordsAfter returns up to len(words) words after text[j], each after
// spaces (the first may be glued to what is before j), and where each
// ends; n is how many.
func (s *langScan) wordsAfter(j int, words []string, ends []int) (n int) {
	for n < len(words) {
		k := s.skipSpaces(j)
		if k == j && n > 0 {
			break
		}
		e := s.wordEnd(k, false)
		if e == k {
			break
		}
		words[n], ends[n], j = s.text[k:e], e, e
		n++
	}
	return n
}

// digitEnd returns where the digits at text[i] end.
func (s *langScan) digitEnd(i int) int {
	for i < len(s.text) && isDigit(s.text[i]) {
		i++
	}
	return i
}

// lowerInto appends w lowercased to dst.
func lowerInto(dst []byte, w string) []byte {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			for _, r := range w[i:] {
				dst = utf8.AppendRune(dst, unicode.ToLower(r))
			}
			return dst
		}
		c := w[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

func firstRune(w string) rune {
	r, _ := utf8.DecodeRuneInString(w)
	return r
}
