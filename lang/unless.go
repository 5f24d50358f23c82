package lang

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// readUnless reads [unless], the negation cues that say "if not"
// ("unless", "tenzij", "sauf si"), [conditionals], the words that
// open a condition ("if", "als", "wenn", "si"), [condition-phrases] and
// [condition-times].
func (l *Language) readUnless(t, _ *table) error {
	var alts []string
	l.unlessCues = map[string]bool{}
	for _, line := range t.sections["unless"] {
		if p := strings.TrimSpace(strings.ToLower(line)); p != "" {
			alts = append(alts, regexp.QuoteMeta(p))
			l.unlessCues[strings.Join(strings.Fields(p), " ")] = true
		}
	}
	l.unless, l.unlessComma, l.unlessEnds = nil, nil, nil
	l.unlessBefore, l.unlessStarts = nil, nil
	if len(alts) > 0 {
		l.unless = regexp.MustCompile(`(?i)(^|[^\pL])(?:` + strings.Join(alts, "|") + `)([^\pL]|$)`)
		l.unlessComma = regexp.MustCompile(`(?i)((?:^|[^\pL])(?:` + strings.Join(alts, "|") + `))\s*,`)
		l.unlessBefore = regexp.MustCompile(`(?i),\s*((?:` + strings.Join(alts, "|") + `)(?:[^\pL]|$))`)
		for _, line := range t.sections["unless"] {
			if f := strings.Fields(strings.ToLower(line)); len(f) > 0 {
				l.unlessEnds = append(l.unlessEnds, f[len(f)-1]+",")
				l.unlessStarts = append(l.unlessStarts, f[0])
			}
		}
	}
	l.conditionals = set(l.withNormalized(t.words("conditionals")))
	l.condThen = set(l.withNormalized(t.words("condition-then")))
	l.condPhrases = l.readPhraseList(t, "condition-phrases")
	l.otherwise = l.readPhraseList(t, "otherwise")
	l.evenIf = l.readPhraseList(t, "even-if")
	l.condTimes = set(l.withNormalized(t.words("condition-times")))
	return nil
}

// IsConditionTime reports whether the normalised word w opens a
// condition that also says when ([condition-times]: "when", "quand").
func (l *Language) IsConditionTime(w string) bool { return l.condTimes[w] }

// OpensConsequence reports whether the normalised word w opens the
// consequence of a condition said before it ([condition-then]: "then",
// "dan", "dann").
func (l *Language) OpensConsequence(w string) bool { return l.condThen[w] }

// ConditionAt returns how many words a word of [conditionals] or a
// phrase of [condition-phrases] takes at words[i] (normalised words), 0
// for none: what opens a condition ("if", "sofern", "s'ils", "siempre
// que").
func (l *Language) ConditionAt(words []string, i int) int {
	if l.conditionals[words[i]] {
		return 1
	}
	return l.condPhrases.at(words, i)
}

// OtherwiseAt returns how many words a phrase of [otherwise] takes at
// words[i] (normalised words), 0 for none: what opens the alternative to
// a condition ("otherwise", "sinon", "andernfalls", "de lo contrario").
func (l *Language) OtherwiseAt(words []string, i int) int { return l.otherwise.at(words, i) }

// EvenIfAt returns how many words a phrase of [even-if] takes at
// words[i] (normalised words), 0 for none: "even if", "ook als".
func (l *Language) EvenIfAt(words []string, i int) int { return l.evenIf.at(words, i) }

// MayHoldOtherwise reports whether text may hold a phrase of [otherwise]:
// a byte test, so that a text without one need not be split into words.
func (l *Language) MayHoldOtherwise(text string) bool { return l.otherwise.mayHold(text) }

// WithoutUnless is text with each cue of [unless] made a clause break,
// and whether it held one: a claim that states no condition ("renews
// every month, so cancel a week before") is not denied by the chunk's
// "renews unless you cancel", which only a conditional claim ("renews if
// you cancel") turns.
func (l *Language) WithoutUnless(text string) (string, bool) {
	if l.unless == nil || !l.mayHoldUnless(text) || !l.unless.MatchString(text) {
		return text, false
	}
	return l.unless.ReplaceAllString(text, "${1},${2}"), true
}

// HasConditional reports whether the normalised words hold a word of
// [conditionals].
func (l *Language) HasConditional(words []string) bool {
	for _, w := range words {
		if l.conditionals[w] {
			return true
		}
	}
	return false
}

// UnlessClause is the text after text's first cue of [unless] to the end
// of its clause: the condition ("the card has expired" of "… unless the
// card has expired."); ok is false without a cue.
func (l *Language) UnlessClause(text string) (string, bool) {
	if l.unless == nil || !l.mayHoldUnless(text) {
		return "", false
	}
	loc := l.unless.FindStringSubmatchIndex(text)
	if loc == nil {
		return "", false
	}
	rest := strings.TrimLeft(text[loc[4]:], " ,") // from the character after the cue and its comma ("es sei denn, …")
	if k := strings.IndexAny(rest, ".,;:!?"); k >= 0 {
		rest = rest[:k]
	}
	return rest, true
}

// JoinedUnless is text without the comma right after a cue of [unless]
// ("es sei denn, Sie kündigen"): German writes one there, and the cue
// denies the clause the comma would cut off; nor the comma right before
// one ("ne sont pas couverts, sauf si vous ajoutez …"), which would part
// the cue from the denial it pairs with. A byte test first: most texts
// hold no cue.
func (l *Language) JoinedUnless(text string) string {
	for _, e := range l.unlessEnds {
		if strings.Contains(text, e) {
			text = l.unlessComma.ReplaceAllString(text, "${1}")
			break
		}
	}
	for i := strings.Index(text, ", "); i >= 0; {
		rest := text[i+2:]
		for _, w := range l.unlessStarts {
			if len(rest) >= len(w) && strings.EqualFold(rest[:len(w)], w) {
				return l.unlessBefore.ReplaceAllString(text, " ${1}")
			}
		}
		k := strings.Index(rest, ", ")
		if k < 0 {
			break
		}
		i += 2 + k
	}
	return text
}

// mayHoldUnless is the byte test before the [unless] pattern: whether
// text holds the first word of a cue in any case. Most texts hold none,
// and the pattern, case-folded over every word boundary, costs far more.
func (l *Language) mayHoldUnless(text string) bool {
	for _, w := range l.unlessStarts {
		if w[0] >= utf8.RuneSelf || indexFold(text, w) >= 0 { // a non-ASCII first letter: the pattern decides
			return true
		}
	}
	return false
}
