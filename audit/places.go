package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// placeSwapped returns the place the claim names, as written, where the
// chunk names it in none of its forms and the window's sentence closest
// to the claim names another place in its stead, beside a word both
// share: "Nach Österreich ist der Versand ab 50 € kostenlos" against "Der
// Versand innerhalb Deutschlands ist ab 50 € kostenlos", "Irish
// customers" against "British customers". Places are [places] (countries
// with what their people, language and things are called), so that a
// country is a name in German too, where every noun is capitalised. ""
// for none.
func placeSwapped(c *claim, ev *evidence, window string) string {
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return ""
	}
	if c.words == nil {
		c.words = normalisedWords(l, c.plain)
	}
	cw := c.words
	// The claim's places the chunk does not name, before the window is
	// read: most claims name none, or only places the chunk names.
	var unnamed []int
	for i, x := range cw {
		if l.IsPlace(x) && !placeIn(l, x, ev) {
			unnamed = append(unnamed, i)
		}
	}
	if len(unnamed) == 0 {
		return ""
	}
	closest, _ := closestAndAll(l, cw, window)
	for _, i := range unnamed {
		x := cw[i]
		for j, y := range closest {
			if l.OtherPlace(x, y) && !l.SaysPlace(y, cw) && shareNeighbour(l, cw, i, closest, j) {
				return asWritten(l, c.plain, x)
			}
		}
	}
	return ""
}

// placeIn reports whether the chunk names the place x names, in any of
// its forms.
func placeIn(l *lang.Language, x string, ev *evidence) bool {
	for _, f := range l.PlaceForms(x) {
		if keys := keysIn(l, f); len(keys) > 0 && entityIn(keys, ev) {
			return true
		}
	}
	return false
}

// asWritten is the word of text that normalises to w, as text writes it.
func asWritten(l *lang.Language, text, w string) string {
	for f := range strings.FieldsFuncSeq(text, wordBreak) {
		if raw := trimToWord(f); l.Normalize(strings.ToLower(raw)) == w {
			return raw
		}
	}
	return w
}
