package lang

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// readPhrases compiles [refusal], [courtesy] and [referral]: regular
// expressions, one alternative a line, matched case-insensitively.
func (l *Language) readPhrases(t, _ *table) error {
	var err error
	compile := func(sec, prefix, suffix string) *regexp.Regexp {
		lines := t.sections[sec]
		if len(lines) == 0 && err == nil {
			err = fmt.Errorf("no [%s]", sec)
			return nil
		}
		re, e := regexp.Compile(prefix + strings.Join(lines, "|") + suffix)
		if e != nil && err == nil {
			err = fmt.Errorf("[%s]: %w", sec, e)
		}
		return re
	}
	l.refusal = compile("refusal", "(?i)", "")
	l.courtesy = compile("courtesy", "(?i)^(?:", ")")
	l.referral = compile("referral", "(?i)", "")
	words := make([]string, len(t.sections["contrast"]))
	for i, w := range t.sections["contrast"] {
		words[i] = regexp.QuoteMeta(w)
	}
	if len(words) == 0 && err == nil {
		err = fmt.Errorf("no [contrast]")
	}
	l.RefusalExamples = t.sections["refusal-examples"]
	for _, line := range t.sections["no-source"] {
		k, v, _ := strings.Cut(line, " = ")
		switch k {
		case "refusal":
			l.NoSource = v
		case "fallback":
			l.NoSourceQuote = v
		}
	}
	if (l.NoSource == "" || l.NoSourceQuote == "" || len(l.RefusalExamples) == 0) && err == nil {
		err = fmt.Errorf("[no-source] wants \"refusal = …\" and \"fallback = …\", and [refusal-examples] a refusal a line")
	}
	l.contrast = wordAlone(words)
	l.contrastWords = map[string]bool{}
	for _, w := range t.sections["contrast"] {
		if !strings.Contains(w, " ") {
			l.contrastWords[strings.ToLower(w)] = true
		}
	}
	var rel []string
	for _, w := range t.sections["relatives"] {
		rel = append(rel, regexp.QuoteMeta(w))
	}
	if len(rel) > 0 {
		l.relatives = wordAlone(rel)
	}
	return err
}

// wordAlone matches any of words (quoted) as a word alone, between blanks
// or punctuation (Go's \b knows only ASCII), the word its first group.
func wordAlone(words []string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|[\s,;(])(` + strings.Join(words, "|") + `)(?:$|[\s,;:.!?)])`)
}

// IsRefusal reports whether text declines to answer for lack of
// information ("I don't have information about that", "Ik heb daar geen
// informatie over", "Dazu liegen mir keine Informationen vor", "Je n'ai
// pas d'information", "No tengo información"). The audit reads only an
// answer's opening and only when it cites nothing.
func (l *Language) IsRefusal(text string) bool { return l.refusal.MatchString(text) }

// FindRefusal returns where the first refusal phrase of text is (as
// regexp.FindStringIndex), or nil: what comes before and after it in its
// sentence may still state a fact ("I don't know, but our store opens at
// 9").
func (l *Language) FindRefusal(text string) []int { return l.refusal.FindStringIndex(text) }

// Contrasts returns the spans of the words that open a contrasting clause
// in text ("but", "aber", "maar", "mais", "pero", "sin embargo"), each
// [start, end) of the word alone.
func (l *Language) Contrasts(text string) [][2]int {
	var out [][2]int
	for _, m := range l.contrast.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, [2]int{m[2], m[3]})
	}
	return out
}

// IsContrastWord reports whether w (lower-cased) is a one-word entry of
// [contrast] ("jedoch", "however").
func (l *Language) IsContrastWord(w string) bool { return l.contrastWords[w] }

// ClauseOpeners returns the spans of the words in text that open a clause
// of its own: those of [contrast] and the relative pronouns of
// [relatives] ("who", "qui", "welche"), in order.
func (l *Language) ClauseOpeners(text string) [][2]int {
	out := l.Contrasts(text)
	if l.relatives == nil {
		return out
	}
	for _, m := range l.relatives.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, [2]int{m[2], m[3]})
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

// IsCourtesy reports whether a sentence opens as one that claims nothing:
// thanks, greetings, offers of help, lead-ins ("Here are the steps:",
// "Gern geschehen", "Bien sûr !", "¿Hay algo más…").
func (l *Language) IsCourtesy(sentence string) bool { return l.courtesy.MatchString(sentence) }

// IsReferral reports whether text sends the user elsewhere ("contact our
// support team", "neem contact op met de klantenservice"): what a refusal
// adds, not a claim that makes it an answer.
func (l *Language) IsReferral(text string) bool { return l.referral.MatchString(text) }

// Patterns returns the source of the refusal, courtesy and referral
// expressions, as compiled.
func (l *Language) Patterns() (refusal, courtesy, referral string) {
	return l.refusal.String(), l.courtesy.String(), l.referral.String()
}

// sortedKeys returns the keys of a set, sorted.
func sortedKeys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }
