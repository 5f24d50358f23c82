package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// otherPartAmount is the claim's amount that the window's sentence closest
// to the claim gives another thing (valueOfOtherPart), as a list of one;
// nil for none. Read only where no other number check found one.
func otherPartAmount(l *lang.Language, c *claim, window string) []string {
	if !slices.ContainsFunc(c.quantities, func(q quantity) bool { return q.Kind == "money" || q.Kind == "percent" || q.Unit != "" }) {
		return nil // most claims: no amount to place
	}
	_, _, sentence := c.nearest(l, window)
	if x := valueOfOtherPart(l, c, sentence); x != "" {
		return []string{x}
	}
	return nil
}

// valueOfOtherPart returns the claim's one amount that the window's
// sentence gives one thing where it gives another amount of the kind to
// the thing the claim names: "Wie vergeet uit te checken in de trein,
// betaalt € 4,00" against "het instaptarief van € 4,00 voor bus, tram en
// metro en € 20,00 voor de trein"; "Im Zug zahlen Sie 4 €" against "Bus
// und Tram kosten 4 €, der Zug 20 €". Each amount's part of the sentence
// is what follows it up to the next amount where every amount is followed
// by a stopword ("voor", "for", "für"), else what precedes it back to the
// amount before (the first amount's part, which opens the sentence, names
// no other thing: "beträgt 20 € pro Tag, höchstens 150 €"). The claim names a word only the other amount's part
// holds and none only its own amount's part holds. Two amounts joined as
// a range, or a part that names no thing of its own ("€13.90 without",
// "from €29.99 to €34.99"), give no parts. "" for none.
func valueOfOtherPart(l *lang.Language, c *claim, sentence string) string {
	var q quantity
	n := 0
	for _, x := range c.quantities {
		if x.Kind == "money" || x.Kind == "percent" || x.Kind == "number" && x.Unit != "" {
			q, n = x, n+1
		}
	}
	if n != 1 {
		return ""
	}
	var qs []quantity
	for _, p := range findQuantitiesIn(l, sentence) {
		if p.Kind == q.Kind && p.Unit == q.Unit {
			qs = append(qs, p)
		}
	}
	if len(qs) < 2 {
		return ""
	}
	at := -1
	for k, p := range qs {
		if sameValue(p, q) {
			if at >= 0 {
				return "" // the claim's amount twice
			}
			at = k
		}
		if k > 0 && joinsRange(l, sentence, qs[k-1], p) {
			return ""
		}
	}
	if at < 0 {
		return ""
	}
	parts, after := valueParts(l, sentence, qs)
	for _, p := range parts {
		if !slices.ContainsFunc(p, func(w string) bool { return !l.IsStopword(w) && !isFigure(l, w) }) {
			return "" // a part without a thing of its own: "€13.90 without", "rises from €29.99 to €34.99"
		}
	}
	cw := claimWords(c, l)
	named := func(k int) []string { // the claim's content words part k holds
		var out []string
		for _, w := range cw {
			if !l.IsStopword(w) && !isFigure(l, w) && slices.ContainsFunc(parts[k], func(x string) bool { return sameWordRoot(l, x, w) }) {
				out = append(out, w)
			}
		}
		return out
	}
	own := named(at)
	for k := range qs {
		if k == at || sameValue(qs[k], q) || !after && k == 0 {
			continue // the words before the first amount open the sentence: its subject may be every amount's
		}
		other := named(k)
		if len(other) > 0 && !slices.ContainsFunc(other, func(w string) bool { return slices.Contains(own, w) }) &&
			!slices.ContainsFunc(own, func(w string) bool { return !slices.Contains(other, w) }) {
			return q.Raw
		}
	}
	return ""
}

// valueParts are the words of each amount's part of sentence (see
// valueOfOtherPart), qs its amounts in order, and whether each part
// follows its amount.
func valueParts(l *lang.Language, sentence string, qs []quantity) ([][]string, bool) {
	after := true // every amount followed by a stopword: the thing follows it
	for _, p := range qs {
		ws := normalisedWords(l, sentence[p.Start+len(p.Raw):])
		after = after && len(ws) > 0 && l.IsStopword(ws[0])
	}
	parts := make([][]string, len(qs))
	for k, p := range qs {
		from, to := p.Start+len(p.Raw), len(sentence)
		if after && k+1 < len(qs) {
			to = qs[k+1].Start
		}
		if !after {
			from, to = 0, p.Start
			if k > 0 {
				from = qs[k-1].Start + len(qs[k-1].Raw)
			}
		}
		if from < to {
			parts[k] = normalisedWords(l, sentence[from:to])
		}
	}
	return parts, after
}
