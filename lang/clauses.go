package lang

import (
	"fmt"
	"strings"
)

// readClauses reads [clause-joins], [free-words], [free-not-before] and
// [cost-words]: what the passage checks cut a sentence's clauses at, and
// the words by which a clause says its subject costs nothing.
func (l *Language) readClauses(t, _ *table) error {
	lines := t.sections["clause-joins"]
	if len(lines) == 0 {
		return fmt.Errorf("no [clause-joins]")
	}
	l.clauseJoins = map[string][][]string{}
	for _, line := range lines {
		ws := strings.Fields(strings.ToLower(line))
		l.clauseJoins[ws[0]] = append(l.clauseJoins[ws[0]], ws[1:])
	}
	l.freeWords = set(t.words("free-words"))
	l.freeCues = cueSet{}
	for _, w := range t.words("free-words") {
		l.freeCues.add(strings.ToLower(w))
	}
	if len(l.freeWords) == 0 {
		return fmt.Errorf("no [free-words]")
	}
	l.freeNotBefore = set(t.words("free-not-before"))
	if l.costWords = set(t.words("cost-words")); len(l.costWords) == 0 {
		return fmt.Errorf("no [cost-words]")
	}
	for _, w := range t.words("cost-words") { // "keine Zuzahlung", "no charge": a cost denied is free
		l.freeCues.add(strings.ToLower(w))
	}
	return nil
}

// ClauseJoinAt is how many words of words, from the i-th on (lower-cased),
// join two clauses of a sentence, each of which may give its own subject
// a value ("and", "while", "terwijl", "während", "tandis que", "mientras
// que"); 0 when none do.
func (l *Language) ClauseJoinAt(words []string, i int) int {
	best := 0
	for _, rest := range l.clauseJoins[words[i]] {
		if i+1+len(rest) <= len(words) && len(rest)+1 > best && equalWords(words[i+1:i+1+len(rest)], rest) {
			best = len(rest) + 1
		}
	}
	return best
}

func equalWords(a, b []string) bool {
	for k := range b {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// IsFreeWord reports whether w (lower-cased) says a thing costs nothing:
// "free", "included", "gratis", "inbegrepen", "kostenlos", "inclus",
// "incluidas".
func (l *Language) IsFreeWord(w string) bool { return l.freeWords[w] }

// IsFreeWordNotBefore reports whether a free word right before w (lower-
// cased) means something else than costing nothing: English "free to
// cancel".
func (l *Language) IsFreeWordNotBefore(w string) bool { return l.freeNotBefore[w] }

// IsCostWord reports whether w (lower-cased) names what a thing costs:
// beside a free word it is part of it ("free of charge", "sans frais").
func (l *Language) IsCostWord(w string) bool { return l.costWords[w] }

// NamesCost reports whether w (lower-cased) is a word of [cost-words] or,
// in a language that writes compounds, one ending in such a word after
// at least three letters ("Versandkosten", "verzendkosten",
// "Bearbeitungsgebühr"): "keine Versandkosten" denies a cost as "keine
// Kosten für den Versand" does.
func (l *Language) NamesCost(w string) bool {
	if l.costWords[w] {
		return true
	}
	if !l.Compounds {
		return false
	}
	n := 0
	for i := range w {
		if n >= minPart && l.costWords[w[i:]] {
			return true
		}
		n++
	}
	return false
}

// MayCallFree reports whether text may hold a word of [free-words] or of
// [cost-words] (a cost denied: "no charge", "keine Zuzahlung"): a byte
// test, so that a text without one need not be split into words.
func (l *Language) MayCallFree(text string) bool { return l.freeCues.in(text) }
