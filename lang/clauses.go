package lang

import (
	"fmt"
	"regexp"
	"strings"
)

// readClauses reads [clause-joins] and [free-words]: what the passage
// checks cut a sentence's clauses at, and the words by which a clause
// says its subject costs nothing.
func (l *Language) readClauses(t, _ *table) error {
	lines := t.sections["clause-joins"]
	if len(lines) == 0 {
		return fmt.Errorf("no [clause-joins]")
	}
	joins := make([]string, len(lines))
	for i, w := range lines {
		joins[i] = regexp.QuoteMeta(w)
	}
	// The words alone, between blanks or punctuation (Go's \b knows only ASCII).
	l.clauseJoins = regexp.MustCompile(`(?i)(?:^|[\s,;(])(` + strings.Join(joins, "|") + `)(?:$|[\s,;:.!?)])`)
	l.freeWords = set(t.words("free-words"))
	if len(l.freeWords) == 0 {
		return fmt.Errorf("no [free-words]")
	}
	return nil
}

// ClauseJoins returns the spans of the words that join two clauses of a
// sentence, each of which may give its own subject a value ("and",
// "while", "terwijl", "während", "tandis que", "mientras que"), each
// [start, end) of the words alone.
func (l *Language) ClauseJoins(text string) [][2]int {
	var out [][2]int
	for _, m := range l.clauseJoins.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, [2]int{m[2], m[3]})
	}
	return out
}

// IsFreeWord reports whether w (lower-cased) says a thing costs nothing:
// "free", "included", "gratis", "inbegrepen", "kostenlos", "inclus",
// "incluidas".
func (l *Language) IsFreeWord(w string) bool { return l.freeWords[w] }
