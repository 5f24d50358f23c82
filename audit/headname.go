package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// headNameSwapped returns "X H" where the sentence names a thing with a
// capitalised word X before a common noun H and the window names another
// of the same kind, "Y H", while the chunk never says X: "included in the
// Team plan" against "only included in the Business plan". A common word
// made a name ("Team") is no proper noun to the English tagger, which
// reads it as a common noun (claim.commonCaps), so the names check alone
// lets it pass; an adjective ("Dutch time", "European warehouse") is no
// name. A sentence that names Y itself, a Y of a name of several words
// ("New York time"), a time zone, words the tables oppose to each other
// (weekdays) and two months are left to their checks; outside English the
// names check reads every capitalised word.
func headNameSwapped(c *claim, ev *evidence, window string) string {
	l, ok := lang.Get(c.tongue.code)
	if !ok || len(c.commonCaps) == 0 {
		return "" // the names check reads every other capitalised word: a tagger's proper noun, or any outside English
	}
	sw := strings.Fields(c.plain)
	var ww []string // the window's words, split once a candidate is found
	for i := 1; i+1 < len(sw); i++ {
		x, h := sw[i], strings.TrimRight(sw[i+1], ".,;:!?)")
		if strings.ContainsAny(sw[i-1][len(sw[i-1])-1:], ".!?:") || !slices.Contains(c.commonCaps, x) || !isWord(x) || !isWord(h) || initialCapital(h) {
			continue // "Dutch time", "European warehouse": adjectives, no names
		}
		lx, lh := l.Normalize(x), l.Normalize(h)
		if lx == "" || lh == "" || l.IsStopword(lx) || l.IsStopword(lh) || slices.ContainsFunc(c.entities, func(e string) bool { return strings.Contains(e, x) }) ||
			entityIn(keysIn(l, x), ev) {
			continue
		}
		if zone, _ := l.ZoneAt(normalisedWords(l, x+" "+h), 0); zone != "" {
			continue // "UK time": the time zone check's
		}
		if ww == nil {
			ww = strings.Fields(window)
		}
		if otherNameOf(l, ww, sw, x, lx, lh) {
			return x + " " + h
		}
	}
	return ""
}

// initialCapital reports whether w opens with a capital letter.
func initialCapital(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// otherNameOf reports whether the window's words ww name another thing of
// the kind the sentence's words sw name x (normalised lx) of: a
// capitalised Y before a word of head lh's stem, which the sentence does
// not say, neither a month against a month nor a word the tables oppose
// to x. A name of several words ("New York time") is the names check's.
func otherNameOf(l *lang.Language, ww, sw []string, x, lx, lh string) bool {
	for j := 0; j+1 < len(ww); j++ {
		y := ww[j]
		if !initialCapital(y) || !isWord(y) || strings.EqualFold(y, x) || l.Stem(l.Normalize(strings.TrimRight(ww[j+1], ".,;:!?)"))) != l.Stem(lh) ||
			j > 0 && initialCapital(ww[j-1]) && isWord(ww[j-1]) {
			continue
		}
		if ly := l.Normalize(y); ly != "" && !l.IsStopword(ly) && !(isMonth(l, []string{lx}) && isMonth(l, []string{ly})) && !l.Opposes(lx, ly) && !hasFold(sw, y) {
			return true
		}
	}
	return false
}
