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
	return err
}

// IsRefusal reports whether text declines to answer for lack of
// information ("I don't have information about that", "Ik heb daar geen
// informatie over", "Dazu liegen mir keine Informationen vor", "Je n'ai
// pas d'information", "No tengo información"). The audit reads only an
// answer's opening and only when it cites nothing.
func (l *Language) IsRefusal(text string) bool { return l.refusal.MatchString(text) }

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
