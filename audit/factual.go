package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// askedOrLeading reports whether a sentence (trimmed) is a question or
// leads into what follows ("…:"), in any language: it claims nothing.
func askedOrLeading(p string) bool {
	return strings.HasSuffix(p, "?") || strings.HasSuffix(p, ":")
}

// isFactual reports whether an uncited sentence states something that needs
// a source: it is not a question or a courtesy, and it has a verb and a noun
// or a number.
func (a *Auditor) isFactual(s sentence, t tongue) bool {
	if !t.ok {
		return false // a language the checks do not read: it cannot be told
	}
	p := strings.TrimSpace(s.Plain)
	if p == "" || askedOrLeading(p) {
		return false
	}
	// "I couldn't find that" claims nothing; "I couldn't find that, but
	// our store opens at 9" does.
	if loc := phrases(t).FindRefusal(p); loc != nil {
		return a.beside(p, loc, t)
	}
	if t.l != nil {
		return factualIn(p, t.l)
	}
	if phrases(t).IsCourtesy(p) {
		return false
	}
	if len(strings.Fields(p)) < 4 {
		return false
	}
	hasVerb, hasNoun, hasNum := false, false, len(findQuantities(p)) > 0
	for _, t := range a.tagger.Tag(p) {
		switch {
		case strings.HasPrefix(t.Tag, "VB") || t.Tag == "MD":
			hasVerb = true
		case strings.HasPrefix(t.Tag, "NN"):
			if w := nounphrase.Normalize(t.Text); w != "" && !nounphrase.IsStopword(w) {
				hasNoun = true
			}
		}
	}
	return hasVerb && (hasNoun || hasNum)
}

// factualIn is isFactual in a language without a part-of-speech tagger:
// not a courtesy or a question, at least four words, and a
// number or two content words (no stopwords of the language) — a claim
// about something, in lieu of a verb and a noun the tagger would find.
func factualIn(p string, l *lang.Language) bool {
	if l.IsCourtesy(p) || len(strings.Fields(p)) < 4 {
		return false
	}
	if len(findQuantitiesIn(l, p)) > 0 {
		return true
	}
	content := 0
	for _, w := range strings.Fields(p) {
		if n := l.Normalize(w); n != "" && !l.IsStopword(n) {
			content++
		}
	}
	return content >= 2
}
