package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// onlyWidened reports whether the claim says of another name what the
// window's sentence says of one name only: "Dental illness is covered on
// the Plus and Lifetime plans" against "Only Lifetime covers dental
// illness", "el plan Completo incluye la vacunación anual" against "Solo
// el Premium incluye la vacunación anual". A window sentence's [restrictors]
// word stands before a capitalised name; the claim, without a restrictor
// of its own, holds every content word after that name (two or more) and
// a capitalised word past its first that the sentence lacks: a name the
// chunk gives elsewhere, or, where nouns are not capitalised, one it
// nowhere gives.
func onlyWidened(l *lang.Language, c *claim, window, chunk string) bool {
	if !l.MayRestrict(window) {
		return false
	}
	for _, sentence := range windowSentences(window) {
		if onlyWidenedIn(l, c, sentence, chunk) {
			return true
		}
	}
	return false
}

// onlyWidenedIn is onlyWidened of one sentence of the window.
func onlyWidenedIn(l *lang.Language, c *claim, sentence, chunk string) bool {
	st := tokensOf(sentence)
	r := slices.IndexFunc(st, func(t token) bool { return l.IsRestrictor(t.lower) })
	if r < 0 {
		return false
	}
	name := r + 1
	for name < len(st) && l.IsStopword(st[name].lower) {
		name++
	}
	if name >= len(st) || !st[name].capital {
		return false
	}
	ct := tokensOf(c.plain)
	if slices.ContainsFunc(ct, func(t token) bool { return l.IsRestrictor(t.lower) }) {
		return false
	}
	held := 0
	for _, t := range st[name+1:] {
		if l.IsStopword(t.lower) || startsWithDigitOrSign(t.lower) {
			continue
		}
		if !slices.ContainsFunc(ct, func(x token) bool { return sameWordRoot(l, x.lower, t.lower) }) {
			return false
		}
		held++
	}
	if held < 2 {
		return false
	}
	var chunkTokens []token // read once a candidate name is found
	for k, x := range ct {
		if k == 0 || !x.capital || l.IsStopword(x.lower) || slices.ContainsFunc(st, func(t token) bool { return t.lower == x.lower }) {
			continue
		}
		if chunkTokens == nil {
			chunkTokens = tokensOf(chunk)
		}
		named := slices.ContainsFunc(chunkTokens, func(t token) bool { return t.capital && t.lower == x.lower })
		if named || !l.NounsCapitalised && !slices.ContainsFunc(chunkTokens, func(t token) bool { return t.lower == x.lower }) {
			return true
		}
	}
	return false
}

// onlyGroupOpposed reports whether the claim gives a group what the
// window's closest sentence gives only its opposite: "Los adultos también
// tienen un 20 % de descuento en ortodoncia" against "Las ortodoncias
// están cubiertas solo para menores de 16 años, con un descuento del 20
// %". The sentence's [restrictors] word stands within three words before
// a word of [opposites]; the claim, without a restrictor or that word,
// says another member of its group and two or more of the sentence's
// content words besides.
func onlyGroupOpposed(l *lang.Language, cw, closest []string) bool {
	if !slices.ContainsFunc(closest, l.IsRestrictor) || slices.ContainsFunc(cw, l.IsRestrictor) {
		return false
	}
	for j, r := range closest {
		if !l.IsRestrictor(r) {
			continue
		}
		for k := j + 1; k < len(closest) && k <= j+3; k++ {
			y := closest[k]
			if !l.OpposesPlainly(y) || slices.Contains(cw, y) {
				continue
			}
			if slices.ContainsFunc(cw, func(x string) bool { return x != y && l.Opposes(x, y) }) && sharedContent(l, cw, closest) >= 2 {
				return true
			}
		}
	}
	return false
}

// sharedContent is how many content words of cw closest holds in a form
// of them.
func sharedContent(l *lang.Language, cw, closest []string) int {
	n := 0
	for _, w := range cw {
		if contentWord(l, w) && !l.InOpposites(w) && inClause(l, w, closest) {
			n++
		}
	}
	return n
}
