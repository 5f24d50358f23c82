package lang

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// minPart is the fewest letters a part of a compound has ("Tag", "dag").
const minPart = 3

// Compound reports whether word, in a language that writes compounds
// (Compounds), splits into two or three parts that known accepts, the
// parts joined directly or by one of the language's linking elements
// ("Garantiezeit" = Garantie + Zeit, "Lieferungszeit" = Lieferung + s +
// Zeit, "retourtermijn" = retour + termijn, "Kundendienstnummer" = Kunde +
// n + Dienst + Nummer). known is asked about stems (Stem of each part as
// written, lowercased), as the audit holds the other text's words. Parts
// are at least three letters and not stopwords. It is false in languages
// without compounds.
func (l *Language) Compound(word string, known func(stem string) bool) bool {
	if !l.Compounds {
		return false
	}
	return l.splits(strings.ToLower(word), known, 3)
}

// splits reports whether w is a head and a tail that known accepts, the
// tail itself splitting once more when parts > 2.
func (l *Language) splits(w string, known func(string) bool, parts int) bool {
	for i := range w {
		if utf8.RuneCountInString(w[:i]) < minPart {
			continue
		}
		tail := w[i:]
		if utf8.RuneCountInString(tail) < minPart {
			break
		}
		if !l.part(tail, known) && !(parts > 2 && l.splits(tail, known, parts-1)) {
			continue
		}
		if l.head(w[:i], known) {
			return true
		}
	}
	return false
}

// head reports whether the first part of a compound, with or without a
// linking element at its end, is known.
func (l *Language) head(h string, known func(string) bool) bool {
	if l.part(h, known) {
		return true
	}
	for _, e := range l.linking {
		if base, ok := strings.CutSuffix(h, e); ok && utf8.RuneCountInString(base) >= minPart && l.part(base, known) {
			return true
		}
	}
	return false
}

// part reports whether p is a content word known accepts.
func (l *Language) part(p string, known func(string) bool) bool {
	return !l.IsStopword(p) && known(l.Stem(p))
}

// opposesUnlinked reports whether two compounds' first parts oppose once
// a linking element ([linking]) is taken off either: "monat" and "jahre"
// of "monatsabo" and "jahresabo", whose shared ending "sabo" took the
// one's "s".
func (l *Language) opposesUnlinked(pa, pb string) bool {
	for _, x := range append([]string{""}, l.linking...) {
		for _, y := range append([]string{""}, l.linking...) {
			a, okA := strings.CutSuffix(pa, x)
			b, okB := strings.CutSuffix(pb, y)
			if (x == "" || okA) && (y == "" || okB) && (x != "" || y != "") && a != "" && b != "" && l.Opposes(a, b) {
				return true
			}
		}
	}
	return false
}

// headOpposes reports whether compound b's head, an ending of four bytes
// or more after a first part of four or more, is a period of [opposites]
// (a form marked "~") that word a opposes: "kalenderjaar" against "maand",
// "Kalenderjahr" against "Monat". Heads of other groups are left alone:
// "bruingele" is brown and yellow, no yellow against brown.
func (l *Language) headOpposes(a, b string) bool {
	for k := 4; k+4 <= len(b); k++ {
		h := b[k:]
		if !utf8.RuneStart(h[0]) || !slices.ContainsFunc(l.opposites[h], func(o opposite) bool { return o.rate }) {
			continue
		}
		if l.Opposes(a, h) {
			return true
		}
	}
	return false
}
