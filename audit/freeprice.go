package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// pricedFree returns the claim's word calling its subject free
// ("kostenlos", "gratuit", "free of charge") where the window's sentence
// closest to it holds every other content word of the claim, gives a
// price or a fee (an amount or a percentage other than zero) and calls
// nothing free: "Paper statements are free" against "Paper statements
// cost €2 each". The claim states no amount itself, so the number check
// has nothing to compare; "" for none.
//
// A claim that negates anything, a chunk sentence that negates anything
// outside a condition the claim does not state (priceOutsideCondition),
// and a chunk sentence holding a word of the claim's free word's stem
// ("included" against "the €499 price includes delivery") are left to
// the other checks.
func pricedFree(l *lang.Language, c *claim, window string) string {
	cw, at, skip, ok := freeClaim(l, c)
	if !ok {
		return ""
	}
	best, _, text := closestOfWindow(l, cw, window)
	if deniesAnything(l, best) && !priceOutsideCondition(l, c, cw, best, text) {
		return ""
	}
	if slices.ContainsFunc(best, l.IsFreeWord) {
		return pricedFreeClause(l, c, cw, at, skip, text)
	}
	stems := make([]string, 0, len(best))
	for _, w := range best {
		stems = append(stems, l.Stem(w))
	}
	free := l.Stem(cw[at])
	if slices.Contains(stems, free) {
		return ""
	}
	others := 0 // the claim's content words besides its free word, each in the sentence
	missing := ""
	for i, w := range cw {
		if !besideFree(l, cw, i, at, skip) { // "free of charge"
			continue
		}
		if !slices.Contains(stems, l.Stem(w)) {
			if missing != "" {
				return ""
			}
			missing = w
			continue
		}
		others++
	}
	if missing != "" {
		// One word another sentence of the window holds, where nothing
		// of it is called free: "Lockers are free for members" against
		// "Members get access … Lockers can be rented for €15 per month".
		ws := normalisedWords(l, window)
		if others == 0 || slices.ContainsFunc(ws, l.IsFreeWord) || !slices.ContainsFunc(ws, func(x string) bool { return l.Stem(x) == l.Stem(missing) }) {
			return ""
		}
		others++
	}
	if others < 2 || !slices.ContainsFunc(findQuantitiesIn(l, text), chargeable) {
		return ""
	}
	return cw[at]
}

// freeClaim reads a claim calling its subject free: its normalised words,
// where its free word stands (not "free to cancel"), and 1 past an
// opening "No," (answeredNo); ok is false for a claim that calls nothing
// free, denies anything or gives an amount or a percentage itself.
func freeClaim(l *lang.Language, c *claim) (cw []string, at, skip int, ok bool) {
	if !l.MayCallFree(c.plain) {
		return nil, 0, 0, false // most claims: their words need not be read
	}
	cw = claimWords(c, l)
	at = -1
	for i, w := range cw {
		if l.IsFreeWord(w) && !(i+1 < len(cw) && l.IsFreeWordNotBefore(cw[i+1])) { // not "free to cancel"
			at = i
			break
		}
	}
	skip = answeredNo(l, c.plain, cw)
	if at < 0 || deniesAnything(l, cw[skip:]) ||
		slices.ContainsFunc(c.quantities, func(q quantity) bool { return q.Kind == "money" || q.Kind == "percent" }) {
		return nil, 0, 0, false
	}
	return cw, at, skip, true
}

// chargeable reports whether q is a price or a fee: an amount or a
// percentage other than zero.
func chargeable(q quantity) bool {
	if q.Kind != "money" && q.Kind != "percent" {
		return false
	}
	v, ok := q.value()
	return ok && v != 0
}

// deniesAnything reports whether normalised words ws hold a negation cue
// that negates.
func deniesAnything(l *lang.Language, ws []string) bool {
	for i := range ws {
		if l.NegationAt(ws, i) > 0 {
			return true
		}
	}
	return false
}

// answeredNo is 1 where the claim opens with the word that answers a
// question no and a comma or full stop after it ("Nein, … sind
// kostenlos"): that word negates nothing of the claim; else 0.
func answeredNo(l *lang.Language, plain string, cw []string) int {
	first, _, _ := strings.Cut(strings.TrimSpace(plain), " ")
	if len(cw) > 0 && l.IsAnswerNo(cw[0]) && (strings.HasSuffix(first, ",") || strings.HasSuffix(first, ".")) {
		return 1
	}
	return 0
}

// pricedFreeClause is pricedFree where the sentence calls something free
// in one clause and prices another: "Spa access is free for guests in
// Classic rooms" against "Spa access: Classic rooms €20 per visit; Deluxe
// rooms and suites free of charge"; "gratuits, en agence comme depuis
// l'application" against "gratuits depuis l'application ; en agence, ils
// sont facturés 5 €". The sentence holds the claim's words but one (two
// or more besides its free word), and some of them stand only in a clause
// giving a price.
func pricedFreeClause(l *lang.Language, c *claim, cw []string, at, skip int, sentence string) string {
	var free, priced [][]string // the stems of the clauses calling their subject free, and of those giving a price
	// A part doing neither opens the next ("Deluxe rooms | and suites free
	// of charge"), within its part of the sentence between semicolons: at
	// a semicolon's end it closes the clause before it ("inbegrepen bij
	// Plus | en Enterprise; bij Basis kost …").
	for _, part := range strings.Split(sentence, ";") {
		var open []string
		var last *[][]string // the list the part's last clause went to, free or priced
		for _, cl := range clausesOf(c.tongue, part) {
			ws := normalisedWords(l, cl)
			stems := open
			for _, w := range ws {
				stems = append(stems, l.Stem(w))
			}
			open = nil
			switch {
			case deniesAnything(l, ws):
				last = nil
			case slices.ContainsFunc(ws, l.IsFreeWord):
				free, last = append(free, stems), &free
			case slices.ContainsFunc(findQuantitiesIn(l, cl), chargeable):
				priced, last = append(priced, stems), &priced
			default:
				open = stems
			}
		}
		if open != nil && last != nil {
			k := len(*last) - 1
			(*last)[k] = append((*last)[k], open...)
		}
	}
	in := func(cls [][]string, st string) bool {
		return slices.ContainsFunc(cls, func(s []string) bool { return slices.Contains(s, st) })
	}
	// A label before a colon ("Spa access: Classic rooms €20 …; Deluxe
	// rooms … free") is said of every clause, though the first holds it.
	var label []string
	if head, _, ok := strings.Cut(sentence, ":"); ok {
		for _, w := range normalisedWords(l, head) {
			label = append(label, l.Stem(w))
		}
	}
	others, absent, pricedOnly := 0, 0, false
	for i, w := range cw {
		if !besideFree(l, cw, i, at, skip) {
			continue
		}
		st := l.Stem(w)
		inFree, inPriced := in(free, st), in(priced, st)
		switch {
		case inFree && !inPriced:
			// the claim names what the sentence calls free: right unless
			// it names what a priced clause gives too ("gratuits, en
			// agence comme depuis l'application")
		case inPriced && !inFree && slices.Contains(label, st):
		case inPriced && !inFree:
			pricedOnly = true
		case !inFree && !inPriced && !strings.Contains(strings.ToLower(sentence), w):
			if absent++; absent > 1 {
				return "" // one word the sentence lacks ("guests") is the claim's own
			}
			continue
		}
		others++
	}
	if others < 2 || !pricedOnly {
		return ""
	}
	return cw[at]
}

// besideFree reports whether the claim's i-th word is one of the words it
// says its free word (at) of: past an answer word (skip), no stopword,
// free or cost word ("free of charge"), no figure, and not the word
// right before one, which bounds it ("sous 48 heures", where the chunk
// writes "en 48 heures": the number check's).
func besideFree(l *lang.Language, cw []string, i, at, skip int) bool {
	w := cw[i]
	return i >= skip && i != at && !l.IsStopword(w) && !l.IsFreeWord(w) && !l.IsCostWord(w) && !startsWithDigitOrSign(w) &&
		!(i+1 < len(cw) && startsWithDigitOrSign(cw[i+1]))
}

// costsNothing returns the words of the claim that say its subject costs
// nothing ("charges nothing", "costs nothing": a word of [cost-words] and
// a negation cue right after it) where the window's sentence closest to
// it denies nothing, holds the claim's other content words but one at
// most, and gives a price or a fee: "The gym charges nothing during the
// pause" against "During a pause, the gym charges a holding fee of £5 per
// month". "" for none. Languages whose cue stands apart from the cost
// word ("kostet nichts", "ne coûte rien") are read by the negation check.
func costsNothing(l *lang.Language, c *claim, window string) string {
	cw := claimWords(c, l)
	at := -1
	for i := 0; i+1 < len(cw); i++ {
		if l.IsCostWord(cw[i]) && l.NegationAt(cw, i+1) == 1 {
			at = i
			break
		}
	}
	if at < 0 || deniesAnything(l, cw[:at+1]) || deniesAnything(l, cw[at+2:]) ||
		slices.ContainsFunc(c.quantities, func(q quantity) bool { return q.Kind == "money" || q.Kind == "percent" }) {
		return ""
	}
	best, _, text := closestOfWindow(l, cw, window)
	if deniesAnything(l, best) || !slices.ContainsFunc(findQuantitiesIn(l, text), chargeable) {
		return ""
	}
	stems := make([]string, 0, len(best))
	for _, w := range best {
		stems = append(stems, l.Stem(w))
	}
	others, lacking := 0, 0
	for i, w := range cw {
		if i == at || i == at+1 || l.IsStopword(w) || startsWithDigitOrSign(w) {
			continue
		}
		if others++; !slices.Contains(stems, l.Stem(w)) {
			lacking++
		}
	}
	if others == 0 || lacking > 1 || others < 2 && lacking > 0 {
		return ""
	}
	if raw := rawRate(c.plain, cw[at], cw[at+1]); raw != "" {
		return raw // as written: "charges nothing"
	}
	return cw[at] + " " + cw[at+1]
}

// priceOutsideCondition reports whether the only denials of the chunk's
// sentence (words best, text) are in a condition of its price that the
// claim neither states nor names a word of: "is free" against "costs €25
// if you did not check in online"; "is free for members" against "costs
// €4.95 unless you are a member" speaks of the condition's case.
func priceOutsideCondition(l *lang.Language, c *claim, cw, best []string, text string) bool {
	beyond := normalisedWords(l, beyondConditions(l, c, text))
	if deniesAnything(l, beyond) {
		return false
	}
	unless, _ := l.UnlessClause(text)
	unlessWords := normalisedWords(l, unless)
	for _, w := range cw {
		if l.IsStopword(w) || strings.HasSuffix(w, "'") || strings.HasSuffix(w, "’") {
			continue
		}
		said := func(ws []string) bool {
			return slices.ContainsFunc(ws, func(x string) bool { return sameWordRoot(l, x, w) })
		}
		if said(unlessWords) || said(best) && !said(beyond) {
			return false
		}
	}
	return true
}
