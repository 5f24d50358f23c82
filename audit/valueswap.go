package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// clauseValue is a clause holding one quantity: its normalised words and
// the quantity.
type clauseValue struct {
	words []string
	q     quantity
}

// clauseValues are the clauses of text (clausesOf) that hold exactly one
// quantity.
func clauseValues(l *lang.Language, t tongue, text string) []clauseValue {
	var out []clauseValue
	for _, cl := range clausesOf(t, text) {
		if qs := claimQuantitiesIn(l, cl); len(qs) == 1 {
			out = append(out, clauseValue{normalisedWords(l, cl), qs[0]})
		}
	}
	return out
}

// valuesSwapped is the claim's quantity that one of its clauses gives a
// subject where the window's sentence gives that subject, in a clause of
// its own, the value another clause of the claim gives another subject,
// and the reverse: "for dogs from age 10 and cats from age 8" against
// "From age 8 for dogs and age 10 for cats". A subject is a content word
// of one claim clause that the other lacks; each sentence clause holding
// one holds no word of the other. "" when the values are not swapped.
func valuesSwapped(l *lang.Language, c *claim, sentence string) string {
	if !twoOfAKind(c.quantities) {
		return ""
	}
	claimed := clauseValues(l, c.tongue, c.plain)
	if len(claimed) < 2 {
		return ""
	}
	stated := clauseValues(l, c.tongue, sentence)
	if len(stated) < 2 {
		return ""
	}
	for i, a := range claimed {
		for _, b := range claimed[i+1:] {
			if a.q.Kind != b.q.Kind || sameValue(a.q, b.q) {
				continue
			}
			sa, sb := ownWords(l, a.words, b.words), ownWords(l, b.words, a.words)
			ka, kb := clauseOf(l, stated, sa, sb), clauseOf(l, stated, sb, sa)
			if ka >= 0 && kb >= 0 && ka != kb && sameValue(stated[ka].q, b.q) && sameValue(stated[kb].q, a.q) {
				return a.q.Raw
			}
		}
	}
	return ""
}

// ownWords are the content words of a that b lacks.
func ownWords(l *lang.Language, a, b []string) []string {
	var out []string
	for _, w := range a {
		if contentWord(l, w) && !inClause(l, w, b) {
			out = append(out, w)
		}
	}
	return out
}

// clauseOf is the one clause of stated holding a word of ours and none of
// theirs; -1 when none or several do.
func clauseOf(l *lang.Language, stated []clauseValue, ours, theirs []string) int {
	at := -1
	for k, s := range stated {
		holds := func(w string) bool { return inClause(l, w, s.words) }
		if slices.ContainsFunc(ours, holds) && !slices.ContainsFunc(theirs, holds) {
			if at >= 0 {
				return -1
			}
			at = k
		}
	}
	return at
}

// twoOfAKind reports whether two quantities of qs are of one kind and
// differ in value: what valuesSwapped needs before it reads clauses.
func twoOfAKind(qs []quantity) bool {
	for i, a := range qs {
		for _, b := range qs[i+1:] {
			if a.Kind == b.Kind && !sameValue(a, b) {
				return true
			}
		}
	}
	return false
}
