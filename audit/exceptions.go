package audit

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// exceptedClaimed reports whether the claim says of a thing what the
// chunk's sentence says of all but it: "Personalised items can be
// returned within 30 days" against "All items can be returned within 30
// days, except personalised items", "Gutscheine können erstattet werden"
// against "Alle Käufe …, ausgenommen Gutscheine". What is left out is
// the content words after an [exceptions] phrase in its clause that the
// rest of the sentence does not say. A claim that denies what the rule
// denies says the rule of the excepted too ("Even in July you may not take
// a bike" against "You may not take a bike, except in July"); a claim
// that says an exception of its own, or the rule's opposite, is left to
// the other checks, and so is one that
// says "only" of the exception where the sentence denies the rest
// (onlyAsExcepted: the two say the same).
func exceptedClaimed(l *lang.Language, plain string, cw []string, sentence string) bool {
	if !l.MayHoldException(sentence) {
		return false
	}
	for _, one := range windowSentences(sentence) { // a pair window's: an exception is its sentence's
		if l.MayHoldException(one) && exceptedClaimedIn(l, plain, cw, one) {
			return true
		}
	}
	return false
}

// exceptedClaimedIn is exceptedClaimed of one sentence.
func exceptedClaimedIn(l *lang.Language, plain string, cw []string, sentence string) bool {
	if onlyAsExcepted(l, cw, normalisedWords(l, sentence)) {
		return false
	}
	if exceptsAny(l, cw) {
		return false
	}
	clauses := strings.FieldsFunc(sentence, func(r rune) bool { return strings.ContainsRune(",;:()", r) })
	for c, clause := range clauses {
		words := normalisedWords(l, clause)
		for i := range words {
			n := l.ExceptionAt(words, i)
			if n == 0 {
				continue
			}
			excepted := exceptStems(l, words[i+n:])
			rest := exceptStems(l, words[:i])
			for o, other := range clauses {
				if o != c {
					rest = append(rest, exceptStems(l, normalisedWords(l, other))...)
				}
			}
			claimed := exceptStems(l, cw)
			if !allOf(firstItem(l, words[i+n:]), func(w string) bool { return slices.Contains(claimed, l.Stem(w)) }) {
				return false // "also in rural areas" names no "remote areas"
			}
			denies := claimDenies(l, plain, excepted)
			if denies != ruleDenies(l, words[:i], clauses[:c]) || denies && !restatesRule(l, plain, cw, excepted, rest) {
				return false // the claim gives the excepted the rule's opposite, as the exception does, or denies another thing
			}
			for _, st := range claimed {
				if slices.Contains(excepted, st) && !slices.Contains(rest, st) {
					var main []string // the clause the exception leaves something out of
					if c > 0 {
						main = exceptStems(l, normalisedWords(l, clauses[c-1]))
					}
					return !saidOfException(l, claimed, excepted, main, clauses[c+1:])
				}
			}
			break
		}
	}
	return false
}

// claimDenies reports whether the claim's clause that names an excepted
// stem holds a negation: "El esquí … está cubierto, aunque los demás …
// quedan excluidos" gives the excepted the rule's opposite.
func claimDenies(l *lang.Language, plain string, excepted []string) bool {
	for _, cl := range punctClauses(atClauses(l, plain)) {
		ws := normalisedWords(l, cl)
		if slices.ContainsFunc(exceptStems(l, ws), func(st string) bool { return slices.Contains(excepted, st) }) && deniesAnything(l, ws) {
			return true
		}
	}
	return false
}

// firstItem is the content words of the first thing words list, up to a
// word of [list-joins] or another exception ("remote areas" of "remote
// areas and islands").
func firstItem(l *lang.Language, words []string) []string {
	var out []string
	for k, w := range words {
		if l.IsListJoin(w) || l.ExceptionAt(words, k) > 0 {
			break
		}
		if contentWord(l, w) && !strings.HasSuffix(w, "'") && !strings.HasSuffix(w, "’") {
			out = append(out, w)
		}
	}
	return out
}

// restatesRule reports whether a claim that denies says the sentence's
// denied rule of the excepted thing: its denial is of a word of the rule
// (rest), and every content word of it besides the excepted is the
// sentence's or one of [also-words] ("Even in July … you may not take a
// bike"). "Defective products are not subject to the 14-day limit"
// denies no word of "Returns are not accepted after 14 days".
func restatesRule(l *lang.Language, plain string, cw, excepted, rest []string) bool {
	for _, w := range cw {
		if st := l.Stem(w); !l.IsStopword(w) && !l.IsAlsoWord(w) && !isFigure(l, w) && !slices.Contains(excepted, st) && !slices.Contains(rest, st) {
			return false
		}
	}
	return negatedAboutIn(l, plain, func(st string) bool { return slices.Contains(rest, st) })
}

// ruleDenies reports whether the rule an exception is made from denies:
// the words before the exception in its clause, or a clause before it in
// its sentence, hold a negation.
func ruleDenies(l *lang.Language, before []string, clauses []string) bool {
	if deniesAnything(l, before) {
		return true
	}
	for k := len(clauses) - 1; k >= 0; k-- { // back to the sentence's start
		cl := clauses[k]
		end := max(strings.LastIndex(cl, ". "), strings.LastIndex(cl, "! "), strings.LastIndex(cl, "? "))
		if end >= 0 {
			return deniesAnything(l, normalisedWords(l, cl[end+1:]))
		}
		if deniesAnything(l, normalisedWords(l, cl)) {
			return true
		}
	}
	return false
}

// saidOfException reports whether the clauses after an exception say
// what the claim says of the excepted thing: every stem of the sentence
// the claim holds besides the excepted is theirs ("Los domingos están cerrados, salvo en
// julio y agosto, cuando abren los domingos de 9:00 a 13:00" states "En
// julio y agosto … abren los domingos de 9:00 a 13:00").
func saidOfException(l *lang.Language, claimed, excepted, main []string, after []string) bool {
	if len(after) == 0 {
		return false
	}
	var said []string
	for _, cl := range after {
		said = append(said, exceptStems(l, normalisedWords(l, cl))...)
	}
	n := 0
	for _, st := range claimed {
		if slices.Contains(excepted, st) || isFigure(l, st) || !slices.Contains(main, st) && !slices.Contains(said, st) {
			continue // the excepted, a figure (the number check's), or a word the exception's sentence does not say ("los centros")
		}
		if !slices.Contains(said, st) {
			return false
		}
		n++
	}
	return n > 0
}

// exceptStems are the stems of the content words of ws: no stopword or
// elided article.
func exceptStems(l *lang.Language, ws []string) []string {
	var out []string
	for _, w := range ws {
		if !l.IsStopword(w) && !strings.HasSuffix(w, "'") && !strings.HasSuffix(w, "’") {
			out = append(out, l.Stem(w))
		}
	}
	return out
}

// sentenceAround is the sentence of text holding text[span[0]:span[1]]:
// from after the last sentence end before it to the first after it (a
// full stop, "!" or "?" before a space or the end, or a line break).
func sentenceAround(text string, span [2]int) string {
	start := 0
	for i := span[0] - 1; i > 0; i-- {
		if text[i] == '\n' || endsSentence(text, i-1) {
			start = i + 1
			break
		}
	}
	end := len(text)
	for i := span[1]; i < len(text); i++ {
		if text[i] == '\n' || endsSentence(text, i) {
			end = i
			break
		}
	}
	return text[start:max(end, span[1])]
}

func isSpace(b byte) bool { return b == ' ' || isSpaceByte(b) }

// endsSentence reports whether text[i] ends a sentence: a full stop, "!"
// or "?" before a space or the end of text.
func endsSentence(text string, i int) bool {
	return strings.IndexByte(".!?", text[i]) >= 0 && (i+1 == len(text) || isSpace(text[i+1]))
}

// closestSentence is closestAndAll's closest sentence alone.
func closestSentence(l *lang.Language, cw []string, window string) []string {
	best, _ := closestAndAll(l, cw, window)
	return best
}

// closestAndAll finds the normalised words of the sentence of window that
// shares most words with the claim's cw, the first of equals: a window of
// two sentences ("Monthly plans can be cancelled at any time. Annual
// plans can be cancelled within 14 days.") says both members of a group,
// its sentence about the claim's words says one.
//
// all is the normalised words of the whole window: its sentences' words
// one after the other, as no word spans the space after a sentence end.
func closestAndAll(l *lang.Language, cw []string, window string) (best, all []string) {
	best, all, _ = closestOfWindow(l, cw, window)
	return best, all
}

// nearest is closestOfWindow of the claim's words in a window.
type nearest struct {
	l         *lang.Language
	window    string
	best, all []string
	text      string
}

// nearest is closestOfWindow of the claim's words (claimWords) in window,
// kept for the next check of the same pair: the number, negation and name
// checks each read the window's closest sentence. Callers do not change
// the lists.
func (c *claim) nearest(l *lang.Language, window string) (best, all []string, text string) {
	if n := c.near; n != nil && n.l == l && n.window == window {
		return n.best, n.all, n.text
	}
	best, all, text = closestOfWindow(l, claimWords(c, l), window)
	c.near = &nearest{l, window, best, all, text}
	return best, all, text
}

// nearestWords is the words of the window's sentence closest to the
// claim (nearest).
func (c *claim) nearestWords(l *lang.Language, window string) []string {
	best, _, _ := c.nearest(l, window)
	return best
}

// closestOfWindow is closestAndAll with the closest sentence's text: the
// sentence holding most of the claim's content words, as written or by
// their stems ("aceptamos tarjetas" of "No se aceptan tarjetas", not "en
// una tarjeta" of the sentence before), then most of its words as
// written.
func closestOfWindow(l *lang.Language, cw []string, window string) (best, all []string, text string) {
	type content struct{ word, stem string }
	var cs []content // the claim's content words, each once (the first 64 count)
	for _, w := range cw {
		if !l.IsStopword(w) && !isFigure(l, w) && !slices.ContainsFunc(cs, func(c content) bool { return c.word == w }) {
			cs = append(cs, content{w, l.Stem(w)})
		}
	}
	most, mostContent := -1, -1
	var before uint64 // the content words the sentence before holds
	eachSentence(l, window, func(s string) {
		ws := normalisedWords(l, s)
		all = append(all, ws...)
		shared, held := 0, 0
		var seen uint64
		if k := pronounVerbAt(l, ws); k > 0 { // "It closes 2 hours before" is about what the sentence before names
			// the pronoun stands for the claim's words before the verb
			if v := slices.IndexFunc(cs, func(c content) bool { return c.word == ws[k] }); v > 0 {
				seen = before & (1<<min(v, 64) - 1)
				held = bits.OnesCount64(seen)
			}
		}
		for _, w := range ws {
			if slices.Contains(cw, w) {
				shared++
			}
			// A stem of four letters or more begins its words: no word
			// of the window is stemmed (this runs for every claim).
			for k, c := range cs {
				if k < 64 && seen&(1<<k) == 0 && (w == c.word || len(c.stem) >= 4 && strings.HasPrefix(w, c.stem)) {
					seen |= 1 << k
					held++
				}
			}
		}
		if held > mostContent || held == mostContent && shared > most {
			best, most, mostContent, text = ws, shared, held, s
		}
		before = seen
	})
	return best, all, text
}

// abbreviationDot reports whether the full stop at text[i] ends an
// abbreviation: one of the language's ("approx. 3 days"), one a small
// letter follows ("USt-IdNr. erhalten") or a word with a full stop inside
// ("8 p.m. ET", "the U.S. market"). No sentence ends there.
func abbreviationDot(l *lang.Language, text string, i int) bool {
	start := strings.LastIndexFunc(text[:i], unicode.IsSpace) + 1
	w := text[start:i]
	if w == "" || l.IsAbbreviation(w) {
		return w != ""
	}
	if r, _ := utf8.DecodeRuneInString(strings.TrimLeft(text[i+1:], " ")); unicode.IsLower(r) {
		return true // "mit gültiger USt-IdNr. erhalten": a sentence opens with no small letter
	}
	for k := 1; k+1 < len(w); k++ { // a letter, a full stop, a letter: "p.m", not "3.50"
		if w[k] == '.' && isLetter(w[k-1]) && isLetter(w[k+1]) {
			return true
		}
	}
	return false
}

// dayDot reports whether the full stop at text[i] follows a day before
// its month ("zum 1. Januar", "am 12. Mai"): no sentence ends there.
func dayDot(l *lang.Language, text string, i int) bool {
	if i == 0 || !isDigit(text[i-1]) {
		return false
	}
	next := strings.TrimLeft(text[i+1:], " ")
	if k := strings.IndexFunc(next, func(r rune) bool { return !unicode.IsLetter(r) }); k >= 0 {
		next = next[:k]
	}
	_, ok := l.Month(strings.ToLower(next))
	return ok
}

// deniesInOtherWords reports whether text, which holds no negation cue
// about the other text, denies in other words: a word of
// [negative-words] ("lacks", "ohne") the other text does not say too
// (its "fehlt nicht" denies "fehlt"), or a word of the other text with a
// negating prefix ("unavailable" where it says "not available",
// "unmöglich" for "nicht möglich"; "non-returnable" for "cannot be
// returned", "unbegrenzte Kilometer" for "ohne Kilometerbegrenzung"); or
// a word of [free-words] where the other denies a cost ("Listing is free"
// for "no listing fee", "gebührenfrei" for "keine Gebühr").
func deniesInOtherWords(l *lang.Language, text, other string) bool {
	ws := normalisedWords(l, text)
	var ow []string
	for _, w := range ws {
		free := l.IsFreeWord(w) || freeCompound(l, w)
		if !free && !l.IsNegativeWord(w) && !l.MayOppose(w) {
			continue
		}
		if ow == nil {
			ow = normalisedWords(l, other)
		}
		if free && costDenied(l, ow) && !slices.Contains(ow, w) {
			return true
		}
		if l.IsNegativeWord(w) {
			if !slices.Contains(ow, w) { // "entfällt nicht" denies "entfällt": no other words
				return true
			}
			continue
		}
		for _, y := range ow {
			if len(w) > len(y) && l.AffixNegates(w, y) {
				return true
			}
		}
		// "non-returnable" where the other says "cannot be returned": a
		// form of the other's word with a negating prefix.
		if base, ok := l.NegatedBase(w); ok && (strings.Contains(w, "-") && slices.ContainsFunc(ow, func(y string) bool { return sameWordRoot(l, base, y) }) ||
			l.Compounds && slices.ContainsFunc(ow, func(y string) bool { return headedBy(l, y, base) })) { // "unbegrenzte" for "ohne Kilometerbegrenzung"
			return true
		}
	}
	return false
}

// freeCompound reports whether w is a thing said free in one hyphenated
// word ("interest-free", "commission-free"): it denies what it is free
// of as "free" does.
func freeCompound(l *lang.Language, w string) bool {
	k := strings.LastIndexByte(w, '-')
	return k > 0 && l.IsFreeWord(w[k+1:])
}

// costDenied reports whether ws deny a word of [cost-words], or a
// compound ending in one, with a negation cue at most two words before
// it: "no listing fee", "keine Gebühr", "geen extra kosten", "sans
// frais", "keine Versandkosten"; or with a word of [zero-words] at most
// two words after it ("kost je niets").
func costDenied(l *lang.Language, ws []string) bool {
	for i := range ws {
		n := l.NegationAt(ws, i)
		if n == 0 {
			continue
		}
		for _, w := range ws[i+n : min(len(ws), i+n+3)] {
			if l.NamesCost(w) {
				return true
			}
		}
		// "kost je niets", "costs you nothing": a cost word before a word
		// of [zero-words]
		if l.IsZeroWord(ws[i]) && slices.ContainsFunc(ws[max(0, i-2):i], l.NamesCost) {
			return true
		}
	}
	return false
}

// headedBy reports whether the compound y ends in a word of base's root,
// after a part of three letters or more: "kilometerbegrenzung" of
// "begrenzte".
func headedBy(l *lang.Language, y, base string) bool {
	for k := 3; len(y)-k >= 5; k++ {
		if utf8.RuneStart(y[k]) && sameWordRoot(l, base, y[k:]) {
			return true
		}
	}
	return false
}

// hedgeDropped reports whether the claim says for certain what the
// window's sentence ws only hedges (hedgesClaim): "We respond within 24 hours" against
// "We aim to respond within 24 hours", "always" against "in most cases";
// or says will be what it says can be ("will be suspended" against "can
// be suspended"). A claim with a hedge of its own is left alone.
func hedgeDropped(l *lang.Language, cw, ws []string) bool {
	if l.Hedged(cw) || l.Possible(cw) {
		return false
	}
	return hedgesClaim(l, cw, ws) || possibleUndenied(l, ws) && l.Certain(cw)
}

// possibleUndenied reports whether ws say what may be with a word of
// [possibility] that no negation word beside it denies: "können nicht
// mitgenommen werden", "no puede", "kan niet" say what cannot be, no
// hedge.
func possibleUndenied(l *lang.Language, ws []string) bool {
	for i := range ws {
		if !l.Possible(ws[i : i+1]) {
			continue
		}
		if !slices.ContainsFunc(ws[max(0, i-1):min(len(ws), i+3)], l.IsNegationWord) {
			return true
		}
	}
	return false
}

// hedgesClaim reports whether ws hedges a word of the claim: the first
// content word after a [hedges] phrase is the claim's ("aim to respond",
// "streven ernaar binnen 24 uur", "in most cases, refunds"), not
// another's ("the defense aims to stop the offense").
func hedgesClaim(l *lang.Language, cw, ws []string) bool {
	for i := range ws {
		n := l.HedgeAt(ws, i)
		if n == 0 || i > 0 && isFigure(l, ws[i-1]) {
			continue // "zwischen zwei Versuchen": attempts counted, no aim
		}
		for _, w := range ws[i+n:] {
			if l.IsStopword(w) || strings.HasSuffix(w, "'") {
				continue
			}
			if slices.ContainsFunc(cw, func(x string) bool { return sameWordRoot(l, x, w) }) {
				return true
			}
			break
		}
	}
	return false
}

// sameWordRoot reports whether two normalised words share their stem, or
// their first five letters ("répondre" and "répondons").
func sameWordRoot(l *lang.Language, a, b string) bool {
	if l.Stem(a) == l.Stem(b) {
		return true
	}
	ra, rb := []rune(a), []rune(b)
	return len(ra) >= 5 && len(rb) >= 5 && string(ra[:5]) == string(rb[:5])
}

// numberedList reports whether ws[j], a kind, is followed, at most two
// words on, by a list of two or more numbers joined by a word of
// [list-joins] ("lignes 1 et 4", "lignes de métro 1 et 4", "bus lines
// 12, 14 and 20"): some of the kind, named by their numbers.
func numberedList(l *lang.Language, ws []string, j int) bool {
	start := j + 1
	for start < len(ws) && start <= j+2 && !isDigits(ws[start]) && !l.IsListJoin(ws[start]) {
		start++
	}
	n := 0
	for k := start; k < len(ws); k++ {
		switch {
		case isDigits(ws[k]):
			n++
		case l.IsListJoin(ws[k]) && n > 0 && k+1 < len(ws) && isDigits(ws[k+1]):
			// Numbers of a unit are amounts ("plans cost 10 or 20 euros").
			if k+2 < len(ws) {
				if _, unit := l.Unit(ws[k+2]); unit || isCurrency(l, ws[k+2]) {
					return false
				}
			}
			return true
		default:
			return false
		}
	}
	return false
}

// generalised reports whether the claim says of all of a kind what the
// window says of some: "All plans include phone support" against "The
// Pro and Business plans include phone support", "Every plan comes with
// a trial" against "The Business plan comes with a trial". The kind is
// the content word after the claim's universal; the window names it with
// a content word within three words before it, or after it where it
// qualifies it (qualifiesAfter: "the Pro and Business plans", "die Tarife
// Pro und Business"), that the claim does not say, and says no universal
// of its own. A kind the window says with a distributive ("per
// user" for "each user") is said of all of it; a unit of time ("every
// month") is a period, no kind with members.
func generalised(l *lang.Language, cw, ww []string) bool {
	if ordinalNarrowed(l, cw, ww) {
		return true
	}
	if slices.ContainsFunc(ww, l.IsUniversal) || slices.ContainsFunc(ww, l.IsBoth) {
		return false
	}
	if groupWidened(l, cw, ww) {
		return true
	}
	for i, u := range cw {
		// "both plans": all of two, unless the window lists two ("Plus and
		// Basic"); "both the President and the Vice President" lists them.
		both := l.IsBoth(u) && !slices.ContainsFunc(cw[i+1:min(i+6, len(cw))], l.IsListJoin)
		if !l.IsUniversal(u) && !both || i+1 < len(cw) && isFigure(l, cw[i+1]) { // "elk 40% korting" gives each a value
			continue
		}
		for n, thing := range kindWords(l, cw, i) {
			if unit, ok := l.Unit(thing); ok && strings.HasPrefix(unit, "time:") || l.IsPeriodWord(thing) {
				continue // "every month", "every quarter": a period
			}
			// A claim that says more after its kind says its own verb
			// there; one that ends with it ("for all drivers") leaves the
			// window's words after it to qualify it ("drivers aged 25").
			at := i + slices.Index(cw[i:], thing)
			ends := !slices.ContainsFunc(cw[at+1:], func(w string) bool { return contentWord(l, w) })
			for j, w := range ww {
				if j > 0 && l.IsPerWord(ww[j-1]) || both && slices.ContainsFunc(ww[max(j-3, 0):min(j+4, len(ww))], l.IsListJoin) {
					continue
				}
				if sameWordRoot(l, w, thing) && kindLimited(l, cw, ww, j, n == 0, ends) {
					return true
				}
				// "het Plus-pakket" names one of "alle pakketten" in one word
				if k := strings.LastIndexByte(w, '-'); n == 0 && k > 0 && sameWordRoot(l, w[k+1:], thing) && !inClause(l, w[:k], cw) {
					return true
				}
			}
		}
	}
	return false
}

// kindLimited reports whether ww limits its kind ww[j] (generalised): a
// numbered list of it, a content word the claim lacks that qualifies it
// (only where the kind is the claim's first word after its universal,
// first), or a complement phrase right after it ("An MRI scan outside the
// hospital" for "Every MRI scan").
func kindLimited(l *lang.Language, cw, ww []string, j int, first, ends bool) bool {
	if first && numberedList(l, ww, j) {
		return true // "toutes les lignes" against "les lignes 1 et 4"
	}
	for k := max(j-3, 0); k <= min(j+3, len(ww)-1) && first; k++ {
		if m := ww[k]; k != j && !l.IsStopword(m) && !l.IsListJoin(m) && !startsWithDigitOrSign(m) && !slices.Contains(cw, m) &&
			(k < j && qualifiesBefore(l, ww[k+1:j]) || k > j && (ends || qualifiesAfter(l, ww, j, k))) {
			return true
		}
	}
	return j+1 < len(ww) && l.ComplementAt(ww, j+1) > 0 && !l.IsNegationWord(ww[j+1]) && !slices.Contains(cw, ww[j+1])
}

// kindWords are the kind a universal at cw[i] says all of: the content
// word after it and, where another follows right after that one, that
// word too, the head of a compound ("every MRI scan": "mri", "scan"),
// read only for a complement phrase after it.
func kindWords(l *lang.Language, cw []string, i int) []string {
	out := contentAfter(l, cw, i, 1)
	if len(out) == 1 {
		at := i + slices.Index(cw[i:], out[0])
		if at+1 < len(cw) && contentWord(l, cw[at+1]) && !startsWithDigitOrSign(cw[at+1]) {
			out = append(out, cw[at+1])
		}
	}
	return out
}

// exceptionDropped reports whether the claim says of all of a kind what
// ww, the window's sentence it follows, says with an exception the claim
// leaves out: "l'intégralité des sommes versées vous est remboursée"
// against "les frais de cours sont remboursés intégralement, à
// l'exception des frais d'inscription". The claim's universal stands
// before a kind (not a period: "every month"), the claim excepts nothing
// itself, and the sentence excepts something the claim does not name.
func exceptionDropped(l *lang.Language, cw, ww []string) bool {
	kind := false
	for i, w := range cw {
		if l.ExceptionAt(cw, i) > 0 {
			return false
		}
		if !l.IsUniversal(w) {
			continue
		}
		if t := kindAfter(l, cw, i); t != "" {
			if unit, ok := l.Unit(t); !(ok && strings.HasPrefix(unit, "time:") || l.IsPeriodWord(t)) {
				kind = true
			}
		}
	}
	if !kind {
		return false
	}
	for j := range ww {
		if n := l.ExceptionAt(ww, j); n > 0 {
			for _, x := range contentAfter(l, ww, j+n-1, 1) {
				if !slices.Contains(cw, x) {
					return true
				}
			}
		}
	}
	return false
}

// kindAfter is the word a universal at ws[i] extends to, past an article
// or a preposition (a stopword of three letters or fewer: "des", "the"):
// "sommes" of "l'intégralité des sommes", a stopword that is also a noun.
func kindAfter(l *lang.Language, ws []string, i int) string {
	for k := i + 1; k < len(ws) && k <= i+2; k++ {
		if w := ws[k]; !l.IsStopword(w) || len([]rune(w)) > 3 {
			return w
		}
	}
	return ""
}

// qualifiesBefore reports whether a word before the kind, with between
// the words between them, qualifies it: nothing or a list between ("the
// Business plan", "the Pro and Business plans"), not a function word
// ("el precio del crédito" is the credit's price, of every credit).
func qualifiesBefore(l *lang.Language, between []string) bool {
	return !slices.ContainsFunc(between, func(w string) bool { return l.IsStopword(w) && !l.IsListJoin(w) })
}

// ordinalNarrowed reports whether the claim says of every one of a kind
// what ww say of an ordinal's one: "every Saturday" against "the first
// Saturday of every month", "jeden Sonntag" against "jeden ersten
// Sonntag". The ordinal stands right before the kind, past stopwords
// alone, and the claim does not say it.
func ordinalNarrowed(l *lang.Language, cw, ww []string) bool {
	for i, u := range cw {
		if !l.IsUniversal(u) {
			continue
		}
		for _, kind := range contentAfter(l, cw, i, 1) {
			if _, ordinal := l.Ordinal(kind); ordinal {
				continue // "chaque premier samedi" says the ordinal itself
			}
			for j, w := range ww {
				if !sameWordRoot(l, w, kind) {
					continue
				}
				for k := j - 1; k >= 0 && k >= j-3; k-- {
					if _, ordinal := l.Ordinal(ww[k]); ordinal {
						if !slices.Contains(cw, ww[k]) {
							return true
						}
						break
					}
					if !l.IsStopword(ww[k]) {
						break
					}
				}
			}
		}
	}
	return false
}

// qualifiesAfter reports whether ww[k], after the kind ww[j], may name
// which of the kind: listed after it ("die Tarife Pro und Business", a
// word of [list-joins] between them or right after it), or the first
// content word after it past stopwords alone ("Geschäftskunden aus der
// EU"). A content word right after the kind, or after another, is more
// likely its verb ("Een betaalpas kost …", "Mitglieder des
// Treueprogramms erhalten …").
func qualifiesAfter(l *lang.Language, ww []string, j, k int) bool {
	for n := j + 1; n <= min(k+1, len(ww)-1); n++ {
		if l.IsListJoin(ww[n]) {
			return true
		}
	}
	return k > j+1 && allOf(ww[j+1:k], l.IsStopword)
}

// groupWidened reports whether the claim says of all of a kind (the
// content word after a universal) what ww, its window's sentence, says
// of another group (groupInstead). It is read down to 4-gram closeness
// 0.4, where generalised is not.
func groupWidened(l *lang.Language, cw, ww []string) bool {
	if slices.ContainsFunc(ww, l.IsUniversal) || slices.ContainsFunc(ww, l.IsBoth) {
		return false
	}
	for i, u := range cw {
		if !l.IsUniversal(u) {
			continue
		}
		for _, kind := range contentAfter(l, cw, i, 1) {
			if unit, ok := l.Unit(kind); !(ok && strings.HasPrefix(unit, "time:")) && groupInstead(l, cw, kind, ww) {
				return true
			}
		}
	}
	return false
}

// groupInstead reports whether ww, which never names the kind the claim
// says all of, holds every other content word of the claim and opens
// with a subject of its own the claim does not say: "Alle Kunden haben
// 60 Tage Rückgaberecht" against "Mitglieder des Treueprogramms erhalten
// 60 Tage Rückgaberecht".
func groupInstead(l *lang.Language, cw []string, kind string, ww []string) bool {
	// A compound whose last part is the kind names it ("Bargeldabhebungen"
	// of "jede Abhebung").
	if slices.ContainsFunc(ww, func(w string) bool {
		return sameWordRoot(l, w, kind) || l.Compounds && len(kind) >= 5 && len(w) > len(kind) && strings.Contains(w[max(len(w)-len(kind)-2, 0):], kind)
	}) {
		return false
	}
	others := 0
	for _, w := range cw {
		if w == kind || l.IsUniversal(w) || !contentWord(l, w) || isFigure(l, w) {
			continue
		}
		if !inClause(l, w, ww) {
			return false
		}
		others++
	}
	at := slices.IndexFunc(ww, func(w string) bool { return contentWord(l, w) && !isFigure(l, w) })
	return others >= 2 && at >= 0 && !inClause(l, ww[at], cw)
}

func startsWithDigitOrSign(w string) bool {
	return w != "" && (w[0] >= '0' && w[0] <= '9' || strings.ContainsRune("€$£%+-", rune(w[0])))
}

// isDigits reports whether w is written in digits alone ("4", "12").
func isDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if !isDigit(w[i]) {
			return false
		}
	}
	return w != ""
}

// isCurrency reports whether w names a currency ("euros", "€").
func isCurrency(l *lang.Language, w string) bool {
	_, ok := l.Currency(w)
	return ok
}
