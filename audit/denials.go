package audit

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// Denials read in other words than a cue of [negation]: a phrase cue
// the other side says in its own word, "X-free", and "not … unless".

// absenceSaid reports whether a cue of several words holds a long
// content word whose stem the other text holds: "bij afwezigheid van de
// leidinggevende" against "is de leidinggevende afwezig", "en l'absence
// de" against "absent". The other text says the cue in its own words.
func absenceSaid(l *lang.Language, cue []string, about func(string) bool) bool {
	if len(cue) < 2 {
		return false
	}
	for _, w := range cue {
		if utf8.RuneCountInString(w) >= 7 && !l.IsStopword(w) && about(l.Stem(w)) {
			return true
		}
	}
	return false
}

// reFreeOf is an English word that says "without" its first part:
// "interest-free", "fee-free", "cost-free".
var reFreeOf = regexp.MustCompile(`(?i)\b([a-z]{3,})-free\b`)

// freeOf is English text with each "X-free" read as "no X", a denial of
// X: "interest-free instalments" says what "with no interest" says.
func freeOf(text string) string {
	if !strings.Contains(text, "-free") && !strings.Contains(text, "-Free") {
		return text // most texts: no such word
	}
	return reFreeOf.ReplaceAllString(text, "no $1")
}

// deniedUnlessDropped reports whether sentence denies the claim's words
// but for an "unless" condition the claim leaves out, saying it with no
// conditional of its own: "Accidental damage is covered" against
// "Accidental damage is not covered unless you add Device Care", where
// the two cues cancel and the sentence reads as affirming.
func deniedUnlessDropped(l *lang.Language, c *claim, sentence string, ofClaim func(string) bool) bool {
	cond, had := l.UnlessClause(sentence)
	if !had || restated(l, normalisedWords(l, cond), ofClaim) || l.HasConditional(claimWords(c, l)) {
		return false
	}
	w, _ := l.WithoutUnless(sentence)
	return negates(c.tongue, w, ofClaim)
}

// restated reports whether the claim holds two thirds or more of the
// content words of a condition (numbers and their units aside: "7 dagen"
// is the number check's, which reads "een week" as the same), so it says
// the condition in other words. A verb is held in another person too
// ("opzegt" of "opzeggen", lang.VerbRoot).
func restated(l *lang.Language, cond []string, ofClaim func(string) bool) bool {
	n, held := 0, 0
	for i, w := range cond {
		if l.IsStopword(w) || startsWithDigitOrSign(w) || strings.HasSuffix(w, "'") {
			continue
		}
		if _, unit := l.Unit(w); unit && i > 0 && startsWithDigitOrSign(cond[i-1]) {
			continue
		}
		n++
		if ofClaim(l.Stem(w)) {
			held++
		} else if v := l.VerbRoot(w, w); v != "" && ofClaim(l.Stem(v)) {
			held++
		}
	}
	return n > 0 && 3*held >= 2*n
}

// unlessRestated is whether text denies outside its [unless] clause, when
// it has one, the other side may read it (may), and the other side
// restates the clause's condition (restated, by of: the other side's
// words); ok is false otherwise and text's polarity stands.
func unlessRestated(l *lang.Language, t tongue, text string, of func(string) bool, may bool) (denies, ok bool) {
	cond, had := l.UnlessClause(text)
	if !had || !may || !restated(l, normalisedWords(l, cond), of) {
		return false, false
	}
	w, _ := l.WithoutUnless(text)
	return negates(t, w, of) || crossed(w), true
}

// beyondConditions is text without what it says only under a condition
// where the claim states none of its own (no "unless", no word of
// [conditionals], no opening "without"): its [unless] cues made clause breaks, and each clause
// cut where a condition opens ("if", "wenn", "si"). A denial there ("unless
// you cancel", "wenn Sie nicht … kündigen") is the condition's, no denial
// of the claim's words in other words: "is not renewed automatically"
// still contradicts "is renewed automatically every month, unless you
// cancel". Otherwise it is text itself.
func beyondConditions(l *lang.Language, c *claim, text string) string {
	// "Without a reading …, your consumption is estimated" states a
	// condition with the "without" it opens with, as "if we do not
	// receive …" does ("open a chargeback straight away, without
	// contacting the merchant" states none).
	cw := claimWords(c, l)
	if _, own := l.UnlessClause(c.plain); own || l.HasConditional(cw) || len(cw) > 0 && l.IsWithout(cw[0]) {
		return text
	}
	text, _ = l.WithoutUnless(text)
	var b strings.Builder
	for _, clause := range punctClauses(text) {
		ws := normalisedWords(l, clause)
		for i := range ws {
			if l.ConditionAt(ws, i) > 0 {
				ws = ws[:i]
				break
			}
		}
		b.WriteString(strings.Join(ws, " "))
		b.WriteString(". ")
	}
	return b.String()
}

// punctClauses cuts text at the punctuation that ends a clause
// (".,;:!?()"), as the denial reads do.
func punctClauses(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(".,;:!?()", r) })
}

// atClauses is text with a clause break before each word that opens a
// clause of its own (lang.ClauseOpeners: "but", "aber", "who", "qui"):
// "covers batteries but not water damage" denies water damage in a
// clause of its own, not the batteries; "free for guests who do not
// arrive by car" denies the arriving, not the free.
func atClauses(l *lang.Language, text string) string {
	spans := l.ClauseOpeners(text)
	if len(spans) == 0 {
		return text
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(text[last:sp[0]])
		b.WriteString(". ")
		last = sp[0]
	}
	b.WriteString(text[last:])
	return b.String()
}

// oneStatement reports whether text makes one statement: no semicolon
// parts it and no phrase of [exceptions] takes something out of it.
func oneStatement(l *lang.Language, text string) bool {
	return strings.IndexByte(text, ';') < 0 && !l.MayHoldException(text)
}

// requirementModal tells, of a stem, whether it is of a word of
// [requirement-modals] and text holds one too: the two say the same
// requirement, so a denial of one ("do not need to be in their original
// packaging") is about the other ("must be … in their original
// packaging"). text's words are read once asked, and only for such a
// stem.
func requirementModal(c *claim, text string) func(string) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return func(string) bool { return false }
	}
	holds := -1 // not read yet
	return func(st string) bool {
		if !l.IsRequirementModalStem(st) {
			return false
		}
		if holds < 0 {
			holds = 0
			for _, w := range normalisedWords(l, text) {
				if l.IsRequirementModalStem(l.Stem(w)) {
					holds = 1
					break
				}
			}
		}
		return holds == 1
	}
}

// obligationAsPermission reports whether the claim says with a word of
// [possibility] ("you can file", "vous pouvez porter plainte") what the
// window's sentence it follows says is obligatory with a word of
// [obligatory-words] ("is mandatory", "est obligatoire"; not "must",
// which also sets a deadline's terms: "must be returned within 30 days"):
// neither side denies or says a requirement, and the window says no
// possibility of its own.
func obligationAsPermission(l *lang.Language, cw, ww []string) bool {
	if !slices.ContainsFunc(ww, l.IsObligatoryWord) {
		return false
	}
	required := func(ws []string) bool {
		return slices.ContainsFunc(ws, func(w string) bool { return l.IsRequirementModalStem(l.Stem(w)) })
	}
	denies := func(ws []string) bool { return slices.ContainsFunc(ws, l.IsNegationWord) }
	return l.Possible(cw) && !required(cw) && !denies(cw) && required(ww) && !l.Possible(ww) && !denies(ww)
}
