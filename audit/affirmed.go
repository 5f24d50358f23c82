package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// affirmedApart reports whether the window's sentence affirms for the
// claim's case, in a part of its own that ends with a word of
// [affirm-particles], what another part denies ("Voor een dakkapel aan de
// achterkant is geen vergunning nodig; aan de voorkant wel"): the claim
// holds a content word of that part which the denying parts lack, and
// lacks one of theirs (their case: "achterkant").
func affirmedApart(l *lang.Language, c *claim, sentence string) bool {
	if !l.MayAffirmApart(sentence) {
		return false
	}
	cw := claimWords(c, l)
	parts := strings.FieldsFunc(sentence, func(r rune) bool { return r == ';' || r == ',' })
	for k, p := range parts {
		ws := normalisedWords(l, p)
		if len(ws) < 2 || !l.IsAffirmParticle(ws[len(ws)-1]) {
			continue
		}
		var others []string
		for m, q := range parts {
			if m != k {
				others = append(others, normalisedWords(l, q)...)
			}
		}
		own := slices.ContainsFunc(ws, func(w string) bool { return contentWord(l, w) && inClause(l, w, cw) && !inClause(l, w, others) })
		// A claim holding every word of the denying parts is about their case.
		theirs := !slices.ContainsFunc(others, func(w string) bool { return contentWord(l, w) && !l.IsNegationWord(w) && !inClause(l, w, cw) })
		if own && !theirs {
			return true
		}
	}
	return false
}
