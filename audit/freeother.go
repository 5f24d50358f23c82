package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// freeOfAnother returns the claim's word calling its subject free where
// the window calls another thing free and gives the claim's subject a
// price in a sentence of its own, anywhere in the chunk, with or without
// an amount: "Larger dogs travel free of charge" against "Small dogs in a
// carrier travel free of charge. Larger dogs need a ticket at the reduced
// fare." The claim's
// subject is told by a content word of the claim that no sentence calling
// something free holds and the priced sentence does ("larger"); that
// sentence names a price ([cost-words]: "fare", "ermäßigten Preis",
// "tarif réduit"; not "the amount" of a refund) or gives a chargeable
// amount, calls nothing free (no word of [free-words] nor of the claim's
// free word's stem) and denies nothing; a sentence denying a cost ("at
// no extra cost") calls its subject free. "" for none.
func freeOfAnother(l *lang.Language, c *claim, window string) string {
	cw, at, skip, ok := freeClaim(l, c)
	if !ok {
		return ""
	}
	ss := priceSentences(l, window, l.Stem(cw[at]))
	holds := func(s priceSentence, w string) bool {
		return slices.ContainsFunc(s.stems, func(st string) bool { return sameStemOrComparative(st, l.Stem(w)) })
	}
	if !slices.ContainsFunc(ss, func(s priceSentence) bool { return s.free }) {
		return ""
	}
	// A name of the claim's that a free sentence holds and a priced one
	// does not says it is the free sentence's subject ("SSO … on
	// Business" of "… on the Business plan at no extra cost. On the Team
	// plan, SSO can be added for €2").
	var names []string
	for k, t := range tokensOf(c.plain) {
		if k > 0 && t.capital {
			names = append(names, l.Stem(l.Normalize(t.lower)))
		}
	}
	for i, w := range cw {
		if !besideFree(l, cw, i, at, skip) || isElided(w) { // not "jusqu'"
			continue
		}
		inFree := slices.ContainsFunc(ss, func(s priceSentence) bool { return s.free && holds(s, w) })
		for _, p := range ss {
			if inFree || !p.priced || !holds(p, w) {
				continue
			}
			if !slices.ContainsFunc(names, func(n string) bool {
				return !slices.Contains(p.stems, n) && slices.ContainsFunc(ss, func(s priceSentence) bool { return s.free && slices.Contains(s.stems, n) })
			}) {
				return cw[at]
			}
		}
	}
	return ""
}

// priceSentence is a sentence of a chunk as freeOfAnother reads it: its
// stems, and whether it calls something free or gives a price.
type priceSentence struct {
	stems        []string
	free, priced bool
}

// priceSentences reads the sentences of window that say nothing of a
// price or say one; free is the stem of the claim's free word.
func priceSentences(l *lang.Language, window, free string) []priceSentence {
	var ss []priceSentence
	for _, text := range windowSentences(window) {
		ws := normalisedWords(l, text)
		var s priceSentence
		for _, w := range ws {
			s.stems = append(s.stems, l.Stem(w))
		}
		// A denial of a cost calls it free ("at no extra cost"); another
		// denial says nothing of a price.
		denies := deniesAnything(l, ws)
		if denies && !slices.ContainsFunc(ws, l.IsCostWord) {
			continue
		}
		// a word of the free word's stem calls it free too ("Todas las
		// tarifas incluyen …" of "incluido")
		s.free = denies || slices.ContainsFunc(ws, l.IsFreeWord) || slices.Contains(s.stems, free)
		s.priced = !s.free && (slices.ContainsFunc(ws, l.IsCostWord) || slices.ContainsFunc(findQuantitiesIn(l, text), chargeable))
		ss = append(ss, s)
	}
	return ss
}

// sameStemOrComparative reports whether two stems are one, or one is the
// other with a comparative's ending ("larg" of "larger", "grot" of
// "groter"): four letters in common at least.
func sameStemOrComparative(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || len(a) >= 4 && len(b)-len(a) <= 3 && b[:len(a)] == a
}
