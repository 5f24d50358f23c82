package audit

import (
	"regexp"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// reNonFactual matches sentences that make no claim about the world:
// courtesy, offers of help, questions back to the user, lead-ins.
var reNonFactual = regexp.MustCompile(`(?i)^(?:` + strings.Join([]string{
	`(?:i hope|hope this|let me know|feel free|please (?:let|contact|reach|note that you can)|happy to help|glad to help|thanks?|thank you|you're welcome|you are welcome)`,
	`(?:here (?:is|are|'s)|below (?:is|are)|the following)\b`,
	`(?:sure|certainly|of course|great question|good question)\b[.!,]?`,
	`(?:hi|hello|hey)\b`,
	`(?:is there anything|can i help|would you like|do you want)\b`,
}, "|") + `)`)

// isFactual reports whether an uncited sentence states something that needs
// a source: it is not a question or a courtesy, and it has a verb and a noun
// or a number.
func (a *Auditor) isFactual(s sentence, t tongue) bool {
	if !t.ok {
		return false // a language the checks do not read: it cannot be told
	}
	p := strings.TrimSpace(s.Plain)
	if p == "" || strings.HasSuffix(p, "?") || strings.HasSuffix(p, ":") {
		return false
	}
	if t.l != nil {
		return factualIn(p, t.l)
	}
	if reNonFactual.MatchString(p) || reRefusal.MatchString(p) { // "I couldn't find that" claims nothing
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
// not a courtesy, a refusal or a question, at least four words, and a
// number or two content words (no stopwords of the language) — a claim
// about something, in lieu of a verb and a noun the tagger would find.
func factualIn(p string, l *lang.Language) bool {
	if l.IsCourtesy(p) || l.IsRefusal(p) || len(strings.Fields(p)) < 4 {
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
