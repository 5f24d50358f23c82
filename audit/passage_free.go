package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// freeSubject is passageContradicts for a price the chunk gives another
// subject while it calls the claim's free: the claim's amounts and
// percentages that the chunk states only in clauses lacking a word or two
// of the claim, where a clause holding those words, and one other word
// of the claim, calls its subject free or included ([free-words]) and
// gives no price. "Calls to national numbers cost €0.25 per minute"
// against "Calls to international numbers cost €0.25 per minute; calls
// to national numbers are included."
//
// It returns them with the window of the clause calling it free, or -1.
func freeSubject(c *claim, missing []string, p *passageRead) ([]string, int) {
	if !p.callsFree() {
		return nil, -1 // most chunks call nothing free: no clause of them need be read
	}
	var out []string
	at := -1
	for _, q := range c.quantities {
		if q.Weak || q.Kind != "money" && q.Kind != "percent" || slices.Contains(missing, q.Raw) {
			continue
		}
		if free := p.freeOnly(c, q); free >= 0 {
			out = append(out, q.Raw)
			if at < 0 {
				at = free
			}
		}
	}
	return out, at
}

// freeOnly is the window whose clause calls the claim's subject free,
// when every clause stating q (before value-less clauses are joined to
// others) (of the sentences holding two or more of
// the claim's words) lacks a word or two of the claim that it holds; -1
// otherwise.
func (p *passageRead) freeOnly(c *claim, q quantity) int {
	s := p.sentenceReader
	subject := claimPiece(c, q) // "the international ones cost €0.25" of a claim that calls national calls free
	free := -1
	found := false
	for i, n := range p.counts {
		if n < 2 || p.ev.windows[i].pair || !s.stated(i).index.supports(q) {
			continue
		}
		text := s.text(i)
		s.clauses(i) // reads its pieces
		for _, sp := range s.pieces[i] {
			piece := text[sp[0]:sp[1]]
			if !clauseSupports(piece, q, s.ev.tongue) {
				continue
			}
			found = true
			stems := s.stemsIn(i, sp)
			var held, lack []uint64
			for k, st := range c.stems {
				switch {
				case c.quantityOf[k] >= 0 || !slices.Contains(subject, st):
				case slices.Contains(stems, st):
					held = append(held, st)
				default:
					lack = append(lack, st)
				}
			}
			f := -1
			switch {
			case len(lack) == 0:
				return -1 // stated of the claim's subject
			case len(lack) <= 2 && len(held) >= 2:
				// The free clause names what this one and the claim name
				// ("tarifa Básica cuesta 15 €" is no price of the "tarifa
				// Flexible" that changes "gratis").
				f = p.freeClause(held, append(slices.Clip(lack), namesAmong(c, held)...))
			case len(lack) >= 2:
				// Of something far from the claim's subject, which a clause
				// of its own names whole and calls free ("Royal Mail second
				// class costs £4.99" against "Delivery is free by Royal Mail
				// second class; next-day tracked delivery costs £4.99").
				f = p.freeClause(nil, lack)
			}
			// A clause about the claim's subject calls it free, unless
			// this one holds a name of the claim the free one need not:
			// "Roaming in Switzerland costs €1.49" of "in Switzerland it
			// costs €1.49", beside "Roaming in the EU is included".
			if f < 0 && len(subject) > 0 && slices.Contains(lack, subject[0]) && len(namesAmong(c, held)) == 0 && !saysFree(freeLanguage(s.ev.tongue), tokensOf(piece)) {
				f = p.freeTopic(subject[0])
			}
			if f < 0 {
				return -1
			}
			if free < 0 {
				free = f
			}
		}
	}
	if !found {
		if len(subject) > 0 && p.statedFar(q) {
			// "A video consultation costs €10" where €10 is only a
			// prescription's and "there is no charge for a video
			// consultation": a clause naming the claim's subject calls it
			// free.
			return p.freeTopic(subject[0])
		}
		return -1
	}
	return free
}

// freeClause is the window of a clause (before value-less clauses are
// joined to others) holding every stem of lack and one of held (if any), that
// calls its subject free and states no amount or percentage, unnegated;
// -1 when none does.
func (p *passageRead) freeClause(held, lack []uint64) int {
	return p.freePiece(2, func(_ int, stems []uint64) bool {
		return (len(held) == 0 || slices.ContainsFunc(held, func(h uint64) bool { return slices.Contains(stems, h) })) &&
			!slices.ContainsFunc(lack, func(h uint64) bool { return !slices.Contains(stems, h) })
	})
}

// freePiece is the window of the first clause of a sentence holding least
// of the claim's words or more that states no amount or percentage, that
// keep (given the clause's place in its sentence and its stems) accepts,
// and that calls its subject free (saysFree); -1 when none does.
func (p *passageRead) freePiece(least int, keep func(k int, stems []uint64) bool) int {
	s := p.sentenceReader
	l := freeLanguage(s.ev.tongue)
	for i, n := range p.counts {
		if n < least || p.ev.windows[i].pair {
			continue
		}
		s.clauses(i) // reads its pieces
		text, st := s.text(i), s.stated(i)
		for k, sp := range s.pieces[i] {
			if slices.ContainsFunc(st.all, func(w quantity) bool {
				return w.Start >= sp[0] && w.Start < sp[1] && (w.Kind == "money" || w.Kind == "percent")
			}) || !keep(k, s.stemsIn(i, sp)) {
				continue
			}
			if saysFree(l, tokensOf(text[sp[0]:sp[1]])) {
				return i
			}
		}
	}
	return -1
}

// statedFar reports whether a sentence holding fewer than two of the
// claim's words states q in a clause that calls nothing free: of something
// the claim hardly names ("Orders over €117 ship free" is a free thing's
// threshold, not a price).
func (p *passageRead) statedFar(q quantity) bool {
	s := p.sentenceReader
	l := freeLanguage(s.ev.tongue)
	for i, n := range p.counts {
		if n >= 2 || p.ev.windows[i].pair || !s.stated(i).index.supports(q) {
			continue
		}
		s.clauses(i) // reads its pieces
		text := s.text(i)
		if !slices.ContainsFunc(s.pieces[i], func(sp [2]int) bool {
			return clauseSupports(text[sp[0]:sp[1]], q, s.ev.tongue) && saysFree(l, tokensOf(text[sp[0]:sp[1]]))
		}) {
			return true
		}
	}
	return false
}

// freeTopic is the window of a sentence whose first clause opens with the
// stem x (the claim's subject: "Für eine Videosprechstunde fällt keine
// Zuzahlung an") and that calls it free, stating no amount or percentage;
// -1 when none does.
func (p *passageRead) freeTopic(x uint64) int {
	// Only the sentence's first clause opens with its topic: a later
	// one's first word may be a verb ("… and returned with all
	// accessories included").
	return p.freePiece(1, func(k int, stems []uint64) bool { return k == 0 && len(stems) > 0 && stems[0] == x })
}

// claimPiece is the stems of the words of the claim's clause that holds
// q, its clauses cut as a chunk sentence's are (subjectCuts).
func claimPiece(c *claim, q quantity) []uint64 {
	sp := [2]int{0, len(c.plain)}
	start := 0
	for _, cut := range append(subjectCuts(c.plain, tokensOf(c.plain), c.tongue), [2]int{len(c.plain), len(c.plain)}) {
		if q.Start < cut[0] && q.Start >= start {
			sp = [2]int{start, cut[0]}
			break
		}
		start = cut[1]
	}
	var out []uint64
	for _, w := range stemsOf(c.tongue, c.plain[sp[0]:sp[1]]) {
		out = append(out, w.stem)
	}
	return out
}

// callsFree reports whether a sentence holding a word of the claim has a
// free word or denies a cost.
func (p *passageRead) callsFree() bool {
	if !p.ev.mayCallFree() {
		return false
	}
	for i, n := range p.counts {
		if n >= 1 && !p.ev.windows[i].pair && p.mayCallFreeAt(i) {
			return true
		}
	}
	return false
}

// mayCallFreeAt reports whether window i has a free word or denies a
// cost: of the sentence alone, so read once a chunk, not once a claim.
func (s *sentenceReader) mayCallFreeAt(i int) bool {
	if s.free == nil {
		s.free = make([]int8, len(s.ev.windows))
	}
	if s.free[i] == 0 {
		l := freeLanguage(s.ev.tongue)
		s.free[i] = -1
		if l.MayCallFree(s.text(i)) && mayCallFree(l, s.tokens(i)) {
			s.free[i] = 1
		}
	}
	return s.free[i] == 1
}

// saysFree reports whether a clause's tokens call its subject free: a
// word of [free-words] with no negation, or a cost denied ("no charge",
// "keine Zuzahlung", "geen kosten", "sin coste": a negation word before a
// word of [cost-words], an article or so between).
func saysFree(l *lang.Language, toks []token) bool {
	free, negated, denied := false, false, false
	for k, t := range toks {
		free = free || l.IsFreeWord(t.lower)
		if !l.IsNegationWord(t.lower) {
			continue
		}
		negated = true
		denied = denied || deniesCost(l, toks, k)
	}
	return free && !negated || denied
}

// deniesCost reports whether the negation word toks[k] denies a cost: a
// word of [cost-words] follows it, a stopword or two between.
func deniesCost(l *lang.Language, toks []token, k int) bool {
	for j := k + 1; j < len(toks) && j <= k+3; j++ {
		if l.IsCostWord(toks[j].lower) {
			return true
		}
		if !l.IsStopword(toks[j].lower) {
			return false
		}
	}
	return false
}

// mayCallFree reports whether tokens hold a free word or a cost denied:
// the gate before the clauses are read (saysFree decides).
func mayCallFree(l *lang.Language, toks []token) bool {
	for k, t := range toks {
		if l.IsFreeWord(t.lower) {
			return true
		}
		if !l.IsCostWord(t.lower) {
			continue
		}
		for j := k - 1; j >= max(k-3, 0); j-- { // the negation before the cost word (deniesCost's reach)
			if l.IsNegationWord(toks[j].lower) && deniesCost(l, toks, j) {
				return true
			}
		}
	}
	return false
}

// freeLanguage is the language whose free words t's text is read with.
func freeLanguage(t tongue) *lang.Language {
	if t.l != nil {
		return t.l
	}
	l, _ := lang.Get("en")
	return l
}

// mayCallFree reports whether a text of the chunk may hold a free word (a
// byte test, read once a chunk): most chunks call nothing free, and their
// sentences need not be split into words for it.
func (ev *evidence) mayCallFree() bool {
	if ev.free == 0 {
		ev.free = -1
		l := freeLanguage(ev.tongue)
		for i, t := range ev.texts { // a chunk's windows share its text: read it once
			if (i == 0 || t != ev.texts[i-1]) && l.MayCallFree(t) {
				ev.free = 1
				break
			}
		}
	}
	return ev.free > 0
}

// namesAmong is the stems of stems that are words of the claim's names.
func namesAmong(c *claim, stems []uint64) []uint64 {
	var out []uint64
	for _, keys := range c.entityKeys {
		for _, k := range keys {
			if slices.Contains(stems, k.stem) && !slices.Contains(out, k.stem) {
				out = append(out, k.stem)
			}
		}
	}
	return out
}
