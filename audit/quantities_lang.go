package audit

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/ragaudit/ragaudit/lang"
)

// Quantities of a text in a language other than English: the same found
// values and keys as the English scan (numbers.go), read with the tables
// of lang, so that "127,50 €" and "€127.50" share "m:EUR:127.5", "12. Mai
// 2026" and "May 12, 2026" share "d:2026-05-12", and a German claim is
// held to an English chunk and back. English keeps its own scan: its
// figures must not move, and the English tables of lang are its copies.
//
// Files: quantities_lang.go (the functions the audit calls and what they
// share with English), quantities_lang_scan.go (the scan and its words),
// quantities_lang_numbers.go (numbers in digits, amounts, units, signs),
// quantities_lang_dates.go (dates and times of day).

// findQuantitiesIn is findQuantities for text in language l.
func findQuantitiesIn(l *lang.Language, text string) []quantity {
	if readsEnglish(l) {
		return findQuantities(text)
	}
	var out []quantity
	scanQuantitiesIn(l, text, func(f found) { out = append(out, f.quantity(text)) })
	slices.SortStableFunc(out, func(a, b quantity) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// claimQuantitiesIn is claimQuantities for a sentence in language l: its
// quantities less the conversions in parentheses after them.
func claimQuantitiesIn(l *lang.Language, text string) []quantity {
	if readsEnglish(l) {
		return withFractions(englishTables(), plainSpaces(text), claimQuantities(text))
	}
	text = plainSpaces(text)
	return withFractions(l, text, claimed(text, findQuantitiesIn(l, text), func(w string) bool {
		_, ok := l.Unit(w)
		return ok || isEnglishUnit(w)
	}))
}

// quantityIndexIn is quantityIndexOf for a chunk in language l: what it
// states, with the dates and months it states in parts. Its keys are the
// English scan's, so a claim in any language is held to it.
func quantityIndexIn(l *lang.Language, text string) quantityIndex {
	return indexQuantitiesIn(l, plainSpaces(text), true, nil)
}

// scannedIn is what one scan of text in language l gives: the
// quantities findQuantitiesIn reads and the index quantityIndexIn makes.
func scannedIn(l *lang.Language, text string) ([]quantity, quantityIndex) {
	text = plainSpaces(text)
	var fs []found
	idx := indexQuantitiesIn(l, text, true, &fs)
	return quantitiesFound(text, fs), idx
}

// quantitiesFound are the quantities of the scan's finds fs in text, in
// order of appearance (as findQuantitiesIn gives them).
func quantitiesFound(text string, fs []found) []quantity {
	var out []quantity
	for i := range fs {
		out = append(out, fs[i].quantity(text))
	}
	slices.SortStableFunc(out, func(a, b quantity) int { return cmp.Compare(a.Start, b.Start) })
	return out
}

// indexQuantitiesIn is indexQuantities for text in language l (kept as
// there).
func indexQuantitiesIn(l *lang.Language, text string, parts bool, kept *[]found) quantityIndex {
	if readsEnglish(l) {
		return indexQuantities(text, parts, kept)
	}
	var buf [64]uint64
	keys := buf[:0]
	var meas []measure
	s := newLangScan(l, text, func(f found) {
		if kept != nil {
			*kept = append(*kept, f)
		}
		if parts {
			keys = appendParts(keys, text, f, false)
		}
		f.label = labelled(l, text, f.start)
		if l.InsteadBefore(text[:f.start]) {
			return // "30 % au lieu de 70 %": 70 % does not apply
		}
		keys, meas = appendKeys(keys, meas, &f)
	})
	if parts {
		s.month = func(m int) { keys = append(keys, keyHashStart.add("mo:").add(pad2(m)).key()|qPresent) }
	}
	s.scan()
	return newQuantityIndex(keys, meas)
}

// scanQuantitiesIn calls emit for each quantity of text in language l, in
// order of appearance: numbers in digits and in words, amounts,
// percentages, dates, times of day, with their units and signs.
func scanQuantitiesIn(l *lang.Language, text string, emit func(f found)) {
	if readsEnglish(l) {
		scanQuantities(text, emit)
		return
	}
	s := newLangScan(l, text, emit)
	s.scan()
}

// readsEnglish reports whether l is read by the English scan: English
// itself, whose scan is the audit's own (as lang keeps nounphrase's stems
// for it), and no language (nil), as the audit read every text before.
func readsEnglish(l *lang.Language) bool { return l == nil || l == englishTables() }

var englishTables = sync.OnceValue(func() *lang.Language {
	l, _ := lang.Get("en")
	return l
})

// langWords are what the scan of a language looks up for every word of a
// text, built once from its tables: sets of lowercased words, looked up
// without making a string, behind a filter on their first two bytes that
// turns most words away.
type langWords struct {
	numberFirst map[string]bool // the first words of the number forms ("vingt" of "vingt et un")
	ordinals    map[string]int  // the ordinal words ("dritten": 3)
	maxNumber   int             // the most words of a number form
	glued       []string        // the parts of 100 and 1000 a compounding language glues into numbers ("hundert")
	timeWords   map[string]bool // words before a month named as a time ("im Mai")
	// dec is the decimal separator, other the one of "." and "," that is
	// not; thousands the separators of thousands, as written.
	dec, other string
	thousands  []string
	first2     [1 << 16 / 64]uint64
}

var wordTables sync.Map // *lang.Language → *langWords

func wordsOf(l *lang.Language) *langWords {
	if w, ok := wordTables.Load(l); ok {
		return w.(*langWords)
	}
	w := &langWords{numberFirst: map[string]bool{}, timeWords: map[string]bool{}, dec: string(l.DecimalSeparator), other: "."}
	if w.dec == "." {
		w.other = ","
	}
	for _, r := range l.ThousandsSeparators {
		w.thousands = append(w.thousands, string(r))
	}
	for _, f := range l.NumberForms() {
		ws := strings.Fields(strings.ReplaceAll(f.Form, "-", " "))
		w.numberFirst[ws[0]] = true
		w.maxNumber = max(w.maxNumber, len(ws))
		w.mark(ws[0])
	}
	if l.HasHundreds() {
		w.maxNumber = lang.MaxNumberWords // "deux mille cinq cent vingt et un"
	}
	w.glued = l.GluedParts()
	w.ordinals = l.OrdinalForms()
	for o := range w.ordinals {
		w.mark(o)
	}
	for _, t := range l.MonthTimeWords() {
		w.timeWords[t] = true
		w.mark(t)
	}
	v, _ := wordTables.LoadOrStore(l, w)
	return v.(*langWords)
}

func (w *langWords) mark(lower string) {
	k := first2(lower)
	w.first2[k/64] |= 1 << (k % 64)
}

// gluedNumber reports whether a lowercased word may be a number written
// as one word with its hundreds or thousands ("dreihundertfünfzig"): it
// holds one of their parts. Few words are this long.
func (w *langWords) gluedNumber(lower []byte) bool {
	if len(lower) < 7 || len(w.glued) == 0 {
		return false
	}
	for _, p := range w.glued {
		if bytes.Contains(lower, []byte(p)) {
			return true
		}
	}
	return false
}

// mayBe reports whether a lowercased word may be in one of the sets.
func (w *langWords) mayBe(lower []byte) bool {
	k := first2(lower)
	return w.first2[k/64]&(1<<(k%64)) != 0
}

// first2 is a word's first two bytes, the key of langWords' filter.
func first2[T string | []byte](lower T) uint32 {
	switch len(lower) {
	case 0:
		return 0
	case 1:
		return uint32(lower[0]) << 8
	}
	return uint32(lower[0])<<8 | uint32(lower[1])
}
