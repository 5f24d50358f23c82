package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
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

// deniesSubject reports whether text denies the claim's first content
// word, its subject or actor, in a clause of its own: "… by the sender,
// not by the recipient" denies "The recipient files the damage claim"
// whichever of the window's sentences the claim follows most.
func deniesSubject(c *claim, text string) bool {
	if len(c.content) == 0 || c.content[0] == "" || isDigit(c.content[0][0]) {
		return false
	}
	var subject string
	switch {
	case c.tongue.l == nil:
		subject = nounphrase.StemWord(c.content[0]) // as negates stems English
	case len(c.stemForms) > 0:
		subject = c.stemForms[0]
	default:
		return false
	}
	isSubject := func(st string) bool { return st == subject }
	// Only an elliptic denial, a clause of nothing but the subject and its
	// cue ("not by the recipient"): "we issue store credit instead of a
	// refund" denies no refund of "Refunds within 30 days".
	for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(".,;:!?", r) }) {
		if negates(c.tongue, clause, isSubject) && onlyWordIs(c, clause, subject) {
			return true
		}
	}
	return false
}

// onlyWordIs reports whether the only content word of clause, past
// stopwords and negation cues, stems to stem.
func onlyWordIs(c *claim, clause, stem string) bool {
	l, _ := lang.Get(c.tongue.code)
	for _, w := range strings.Fields(strings.ToLower(clause)) {
		w = strings.Trim(w, "\"'()")
		if w == "" || l.IsStopword(w) || l.IsNegationWord(w) {
			continue
		}
		st := nounphrase.StemWord(w)
		if c.tongue.l != nil {
			st = l.Stem(w)
		}
		if st != stem {
			return false
		}
	}
	return true
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
