package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// restrictionDropped reports whether the claim says without its limit what
// a part of the window's sentence says only under one: a word of
// [restrictors] and, within three words, one of [limit-opens] ("die
// Rücksendekosten trägt der Händler nur bei mangelhafter Ware", "the seller
// pays return shipping only for faulty goods"). The claim holds every
// content word of the part before the restrictor (two or more) and none
// after the opener, and limits nothing itself: no restrictor, no
// conditional. A claim that rewords the limit ("for faulty goods only") or
// states another is left to the other checks.
func restrictionDropped(l *lang.Language, c *claim, sentence string) bool {
	if !l.MayRestrict(sentence) {
		return false
	}
	cw := claimWords(c, l)
	if slices.ContainsFunc(cw, l.IsRestrictor) || l.HasConditional(cw) {
		return false
	}
	held := func(x string) bool { return contentWord(l, x) && inClause(l, x, cw) }
	for _, p := range claimParts(l, c, sentence) {
		ws := p.words
		for j, w := range ws {
			if !l.IsRestrictor(w) {
				continue
			}
			open, n := -1, 0
			for k := j + 1; k < len(ws) && k <= j+3 && open < 0; k++ {
				if n = l.LimitOpensAt(ws, k); n > 0 {
					open = k
				}
			}
			if open < 0 {
				continue
			}
			before, after := ws[:j], ws[open+n:]
			subject := 0
			for _, x := range before {
				if contentWord(l, x) {
					if !held(x) {
						return false
					}
					subject++
				}
			}
			limit := slices.ContainsFunc(after, func(x string) bool { return contentWord(l, x) })
			return subject >= 2 && limit && !slices.ContainsFunc(after, held)
		}
	}
	return false
}
