package audit

import (
	"regexp"
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
