package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// turnedWord reports whether the claim is the window's closest sentence
// with one word turned into its opposite: every content word of the claim
// but words of [opposites] is in that sentence, two at least, and opposes finds the
// turn ("Your card has been permanently blocked" against "Your card has
// been temporarily blocked for security reasons"). It reads a window the
// claim does not follow closely by 4-grams, as one long word swapped in a
// short sentence, or a window with a clause more, lowers them below
// closeMatch; the claim's words all standing in the sentence keep it to
// the same statement.
func turnedWord(l *lang.Language, cw []string, window string) bool {
	if !slices.ContainsFunc(cw, l.InOpposites) {
		return false // most claims: no word that can be turned
	}
	closest := closestSentence(l, cw, window)
	kept := 0
	for _, x := range cw {
		if l.IsStopword(x) || strings.HasSuffix(x, "'") || strings.HasSuffix(x, "’") {
			continue
		}
		switch {
		case slices.ContainsFunc(closest, func(y string) bool { return sameWordRoot(l, x, y) }):
			kept++
		case !l.InOpposites(x):
			return false
		}
	}
	return kept >= 2 && opposes(l, cw, closest)
}
