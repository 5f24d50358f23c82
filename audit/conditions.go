package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// conditionOmitted reports whether the claim says what a part (between
// semicolons) of sentence, the window's sentence it follows, says only
// under a condition, without the condition: every content word of the
// part outside its condition is the claim's, no content word of the
// condition is, and the claim states no condition of its own.
// "Valuables are covered up to €3,000" against "… if they are kept in a
// safe"; "La cuenta Online no tiene comisión de mantenimiento" against
// "… si domicilia una nómina". A condition is cut from a word of
// [conditionals] or a phrase of [condition-phrases] to the end of its
// clause (a comma ends it), or is the clause it opens before a comma;
// one opening the part with a word of [condition-times] ("When you
// cancel, …") tells a sequence and is passed over. Numbers are left to
// the number check, but a figure of the condition the claim states keeps
// the condition.
func conditionOmitted(l *lang.Language, c *claim, closest []string, sentence string) bool {
	cw := claimWords(c, l)
	if !conditional(l, closest) || conditional(l, cw) {
		return false
	}
	held := func(w string) bool { return inClause(l, w, cw) } // a form of it: stems alike (verbForm)
	content := func(w string) bool { return contentWord(l, w) && !isFigure(l, w) }
	for part := range strings.SplitSeq(sentence, ";") {
		cond, main, first, ok := conditionIn(l, part)
		if !ok || !slices.ContainsFunc(cond, content) || first && l.IsConditionTime(cond[0]) {
			continue // "When you cancel, we stop …" tells a sequence
		}
		said := slices.DeleteFunc(main, func(w string) bool { return !content(w) })
		// A figure of the condition the claim states keeps it in other
		// words ("hecha antes de las 15:00" of "si se ordenan antes de
		// las 15:00").
		kept := func(w string) bool { return (content(w) || isFigure(l, w)) && held(w) }
		if len(said) >= 2 && allOf(said, held) && !slices.ContainsFunc(cond, kept) {
			return true
		}
	}
	return false
}

// conditionIn cuts the first condition out of a clause run (a sentence
// or a part of one): its normalised words from the word or phrase that
// opens it to the next comma, the words of the rest, and whether it
// opens the run.
func conditionIn(l *lang.Language, text string) (cond, rest []string, first, ok bool) {
	for piece := range strings.SplitSeq(text, ",") {
		ws := normalisedWords(l, piece)
		if ok && len(ws) > 0 && l.OtherwiseAt(ws, 0) > 0 {
			break // the alternative ("…, otherwise it costs €15"): no part of what is said under the condition
		}
		at := -1
		for i := range ws {
			if !ok && l.ConditionAt(ws, i) > 0 {
				at = i
				break
			}
		}
		if at < 0 {
			rest = append(rest, ws...)
			continue
		}
		cond, ok, first = ws[at:], true, at == 0 && len(rest) == 0
		rest = append(rest, ws[:at]...)
	}
	return cond, rest, first, ok
}

// conditional reports whether ws (normalised words) open a condition.
func conditional(l *lang.Language, ws []string) bool {
	for i := range ws {
		if l.ConditionAt(ws, i) > 0 {
			return true
		}
	}
	return false
}

// requirementDropped reports whether the claim's condition says only one
// of two requirements a part (between semicolons) of sentence, the
// window's sentence it follows, joins in its condition: joined by a word
// of [list-joins] that is not one of [or-words], both are needed ("si el
// beneficiario tiene cargas familiares y sus ingresos son bajos" against
// "… si el beneficiario tiene cargas familiares"); joined by one of
// [or-words], either will do, so only a claim limiting with a word of
// [restrictors] ("nur …, wenn … ein Kind erzieht" against "wenn … 47
// Jahre alt ist oder ein Kind erzieht") says less than the chunk. Every
// content word of the claim's condition is the part's condition's, its
// other content words are the sentence's, and the claim says all of one
// side's content words and not most of the other's.
func requirementDropped(l *lang.Language, c *claim, sentence string) bool {
	cw := claimWords(c, l)
	at := -1
	for i := range cw {
		if l.ConditionAt(cw, i) > 0 {
			at = i
			break
		}
	}
	if at < 0 {
		return false
	}
	content := func(w string) bool { return contentWord(l, w) && !isFigure(l, w) && !l.IsRestrictor(w) }
	only := slices.ContainsFunc(cw[:at], l.IsRestrictor)
	held := func(ws []string) func(string) bool {
		return func(w string) bool { return !content(w) || inClause(l, w, ws) }
	}
	if !allOf(cw[:at], held(normalisedWords(l, sentence))) {
		return false
	}
	for part := range strings.SplitSeq(sentence, ";") {
		cond, _, _, ok := conditionIn(l, part)
		if !ok || !allOf(cw[at:], held(cond)) {
			continue
		}
		for k, j := range cond {
			if !l.IsListJoin(j) || l.IsOrWord(j) && !only {
				continue
			}
			a, b := cond[:k], cond[k+1:]
			if saysOnly(l, cw[at:], a, b, content) || saysOnly(l, cw[at:], b, a, content) {
				return true
			}
		}
	}
	return false
}

// saysOnly reports whether the claim's words cw say every content word
// of one (one or more) and not most of other's, which has one or more the
// claim does not say.
func saysOnly(l *lang.Language, cw, one, other []string, content func(string) bool) bool {
	in := func(w string) bool { return inClause(l, w, cw) }
	said := func(w string) bool { return !content(w) || in(w) }
	if !slices.ContainsFunc(one, content) || !allOf(one, said) {
		return false
	}
	// Most of the other's content words unsaid: a claim saying all but an
	// auxiliary of it ("angeordnet hat" for "angeordnet wurde") keeps it.
	n, unsaid := 0, 0
	for _, w := range other {
		if content(w) {
			n++
			if !in(w) {
				unsaid++
			}
		}
	}
	return unsaid > 0 && 2*unsaid > n
}

// allOf reports whether every word of ws passes ok.
func allOf(ws []string, ok func(string) bool) bool {
	for _, w := range ws {
		if !ok(w) {
			return false
		}
	}
	return true
}
