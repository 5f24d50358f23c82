package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// alsoExtended returns the claim's amount or percentage that it extends
// with a word of [also-words] to a thing the window's sentence gives
// another figure of the same kind, in a part of its own: "€5 per visit,
// also for specialists" against "€5 for general practice and €10 for
// specialists"; or to a thing other than the one the part stating it
// limits it to ("solo en la Península"). The thing is the content word
// next to the "also" word that the part stating the claim's figure does
// not hold; "" for none.
func alsoExtended(l *lang.Language, c *claim, sentence string) string {
	cw := claimWords(c, l)
	var near []string // stems of the words next to an "also" word
	for i, w := range cw {
		if !l.IsAlsoWord(w) {
			continue
		}
		for _, k := range []int{i - 1, i + 1, i + 2} {
			if k >= 0 && k < len(cw) && contentWord(l, cw[k]) && !startsWithDigitOrSign(cw[k]) && !l.IsAlsoWord(cw[k]) {
				near = append(near, l.Stem(cw[k]))
			}
		}
	}
	if len(near) == 0 {
		return ""
	}
	parts := sentenceParts(l, sentence)
	for _, q := range c.quantities {
		if q.Kind != "money" && q.Kind != "percent" {
			continue
		}
		var stating, others []sentencePart
		for _, p := range parts {
			switch {
			case slices.ContainsFunc(p.qs, func(x quantity) bool { return sameValue(x, q) }):
				stating = append(stating, p)
			case slices.ContainsFunc(p.qs, func(x quantity) bool { return x.Kind == q.Kind }) &&
				!slices.ContainsFunc(p.qs, func(x quantity) bool { return claims(c, x) }):
				others = append(others, p) // a figure of another thing the claim does not give it
			}
		}
		if len(stating) == 0 {
			continue
		}
		for _, st := range near {
			if slices.ContainsFunc(stating, func(p sentencePart) bool { return slices.Contains(p.stems, st) }) {
				continue // a word of the part that states it: the thing itself
			}
			if slices.ContainsFunc(others, func(p sentencePart) bool { return slices.Contains(p.stems, st) }) {
				return q.Raw
			}
			// "gratuito a partir de 35 €, también para Canarias" against "…
			// a partir de 35 € solo en la Península": the figure is only
			// the part's own thing's.
			if slices.ContainsFunc(stating, func(p sentencePart) bool { return p.restricted }) {
				return q.Raw
			}
		}
	}
	return ""
}

// sentencePart is a part of a sentence between commas, semicolons and
// list joins ("and", "en", "und", "et", "y"): its stems and figures.
type sentencePart struct {
	stems      []string
	qs         []quantity
	restricted bool // it holds a word of [restrictors]: "only", "solo", "nur"
}

func sentenceParts(l *lang.Language, sentence string) []sentencePart {
	var out []sentencePart
	add := func(words []string) {
		if len(words) == 0 {
			return
		}
		text := strings.Join(words, " ")
		p := sentencePart{qs: findQuantitiesIn(l, text)}
		for _, w := range normalisedWords(l, text) {
			p.stems = append(p.stems, l.Stem(w))
			p.restricted = p.restricted || l.IsRestrictor(w)
		}
		out = append(out, p)
	}
	for _, clause := range strings.FieldsFunc(sentence, func(r rune) bool { return r == ',' || r == ';' }) {
		var cur []string
		for _, f := range strings.Fields(clause) {
			if l.IsListJoin(strings.ToLower(f)) {
				add(cur)
				cur = nil
				continue
			}
			cur = append(cur, f)
		}
		add(cur)
	}
	return out
}
