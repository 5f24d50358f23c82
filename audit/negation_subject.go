package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// deniedOfOther reports whether a claim's denial is the window's of
// another name only: a sentence of the window naming a name of the claim
// says the claim's words without denying them, and only a sentence naming
// another (a capitalised word past its first that the claim lacks)
// denies them. A window of
// two sentences that both deny and affirm hides it: "Offre: Essentiel;
// Engagement: sans engagement" against "L'offre Essentiel impose un
// engagement de 12 mois. L'offre Intégrale est sans engagement." (a table
// row of an answer is a short claim, and its window takes both). about
// tells the claim's words, as for negates.
func deniedOfOther(c *claim, window string, about func(stem string) bool) bool {
	if c.names == nil {
		c.names = claimNames(c) // once a claim, not once a chunk
	}
	sents := windowSentences(window)
	if len(*c.names) == 0 || len(sents) < 2 {
		return false
	}
	for _, n := range *c.names {
		affirmed, denied, other := false, false, false
		for _, s := range sents {
			toks := tokensOf(s)
			named, renamed := n.in(toks)
			d := negates(c.tongue, s, about)
			switch {
			case named && d:
				denied = true
			case named:
				affirmed = true
			case d && (renamed || namesAnother(toks, n.claim)):
				other = true
			}
		}
		if affirmed && !denied && other {
			return true
		}
	}
	return false
}

// numberedName reports whether the claim names a thing with a number
// ("Giga 500"), which another of the chunk's things may share its name
// with ("Giga 100").
func (c *claim) numberedName() bool {
	if c.names == nil {
		c.names = claimNames(c)
	}
	return slices.ContainsFunc(*c.names, func(n claimName) bool { return n.numbered() != "" })
}

// namesNumber reports whether key ("n:500") is the number of one of the
// claim's numbered names ("Giga 500").
func (c *claim) namesNumber(key string) bool {
	return c.names != nil && slices.ContainsFunc(*c.names, func(n claimName) bool { return n.numbered() != "" && "n:"+n.numbered() == key })
}

// windowSentences cuts a window at each full stop, question or
// exclamation mark that a space and a capital letter follow: enough to
// tell a window's sentences apart, where a cut missed only keeps two
// sentences together.
func windowSentences(window string) []string {
	var out []string
	from := 0
	for i := 0; i+2 < len(window); i++ {
		if c := window[i]; c != '.' && c != '!' && c != '?' || window[i+1] != ' ' {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(window[i+2:]); unicode.IsUpper(r) {
			out = append(out, window[from:i+1])
			from = i + 2
		}
	}
	return append(out, window[from:])
}

// namesAnother reports whether toks, a sentence's words, hold past the
// first a capitalised word that claim (lower-cased) lacks.
func namesAnother(toks []token, claim string) bool {
	for k := 1; k < len(toks); k++ {
		if toks[k].capital && !strings.Contains(claim, toks[k].lower) {
			return true
		}
	}
	return false
}

// numberedClauseMoved reports whether the claim gives its numbered thing
// ("Team 50") what a part of the sentence between semicolons says of the
// same name with another number, where the part naming the claim's holds
// fewer of its words: "On Team 50, a full export can be run once a month"
// against "On Team 10, a full export can be run once a month; on Team 50
// and Enterprise, exports are unlimited".
func numberedClauseMoved(l *lang.Language, c *claim, sentence string) bool {
	parts := strings.Split(sentence, ";")
	if len(parts) < 2 {
		return false
	}
	var others []string // the claim's content words besides its names and figures
	for _, w := range claimWords(c, l) {
		if contentWord(l, w) && !startsWithDigitOrSign(w) && !slices.ContainsFunc(*c.names, func(n claimName) bool { return n.lower == w }) {
			others = append(others, l.Stem(w))
		}
	}
	if len(others) < 2 {
		return false
	}
	bestNamed, bestRenamed := -1, -1
	for _, part := range parts {
		toks := tokensOf(part)
		var named, renamed bool
		for _, n := range *c.names {
			if n.numbered() != "" {
				a, b := n.in(toks)
				named, renamed = named || a, renamed || b
			}
		}
		if !named && !renamed {
			continue
		}
		held := 0
		for _, w := range normalisedWords(l, part) {
			if slices.Contains(others, l.Stem(w)) {
				held++
			}
		}
		if named {
			bestNamed = max(bestNamed, held)
		} else {
			bestRenamed = max(bestRenamed, held)
		}
	}
	return bestNamed >= 0 && bestRenamed >= len(others)-1 && bestRenamed > bestNamed
}
