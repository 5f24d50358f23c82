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
// made a name ("Team", "Family") is no proper noun to the English tagger,
// so the names check alone lets it pass. A sentence that names Y itself,
// an X the names check reads, words the tables oppose to each other
// (weekdays) and two months are left to their checks; where every noun is
// capitalised (German) a capital marks no name.
func headNameSwapped(c *claim, ev *evidence, window string) string {
	l, ok := lang.Get(c.tongue.code)
	if !ok || l.NounsCapitalised {
		return ""
	}
	sw := strings.Fields(c.plain)
	var ww []string // the window's words, split once a candidate is found
	for i := 1; i+1 < len(sw); i++ {
		x, h := sw[i], strings.TrimRight(sw[i+1], ".,;:!?)")
		if strings.ContainsAny(sw[i-1][len(sw[i-1])-1:], ".!?:") || !initialCapital(x) || !isWord(x) || !isWord(h) || initialCapital(h) {
			continue
		}
		lx, lh := l.Normalize(x), l.Normalize(h)
		if lx == "" || lh == "" || l.IsStopword(lx) || l.IsStopword(lh) || slices.ContainsFunc(c.entities, func(e string) bool { return strings.Contains(e, x) }) ||
			entityIn(keysIn(l, x), ev) {
			continue
		}
		if ww == nil {
			ww = strings.Fields(window)
		}
		for j := 0; j+1 < len(ww); j++ {
			y := ww[j]
			if !initialCapital(y) || !isWord(y) || strings.EqualFold(y, x) || l.Stem(l.Normalize(strings.TrimRight(ww[j+1], ".,;:!?)"))) != l.Stem(lh) {
				continue
			}
			if ly := l.Normalize(y); ly != "" && !l.IsStopword(ly) && !(namesMonth(l, lx) && namesMonth(l, ly)) && !l.Opposes(lx, ly) && !hasFold(sw, y) {
				return x + " " + h
			}
		}
	}
	return ""
}

func initialCapital(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

func namesMonth(l *lang.Language, w string) bool {
	_, ok := l.Month(w)
	return ok
}
