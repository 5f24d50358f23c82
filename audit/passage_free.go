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
				f = p.freeClause(held, lack)
			case len(lack) >= 2:
				// Of something far from the claim's subject, which a clause
				// of its own names whole and calls free ("Royal Mail second
				// class costs £4.99" against "Delivery is free by Royal Mail
				// second class; next-day tracked delivery costs £4.99").
				f = p.freeClause(nil, lack)
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
		return -1
	}
	return free
}

// freeClause is the window of a clause (before value-less clauses are
// joined to others) holding every stem of lack and one of held (if any), that
// calls its subject free and states no amount or percentage, unnegated;
// -1 when none does.
func (p *passageRead) freeClause(held, lack []uint64) int {
	s := p.sentenceReader
	l := freeLanguage(s.ev.tongue)
	for i, n := range p.counts {
		if n < 2 || p.ev.windows[i].pair {
			continue
		}
		s.clauses(i) // reads its pieces
		text, st := s.text(i), s.stated(i)
		for _, sp := range s.pieces[i] {
			if slices.ContainsFunc(st.all, func(w quantity) bool {
				return w.Start >= sp[0] && w.Start < sp[1] && (w.Kind == "money" || w.Kind == "percent")
			}) {
				continue
			}
			piece := text[sp[0]:sp[1]]
			stems := s.stemsIn(i, sp)
			if len(held) > 0 && !slices.ContainsFunc(held, func(h uint64) bool { return slices.Contains(stems, h) }) ||
				slices.ContainsFunc(lack, func(h uint64) bool { return !slices.Contains(stems, h) }) {
				continue
			}
			callsFree, negated := false, false
			for _, t := range tokensOf(piece) {
				callsFree = callsFree || l.IsFreeWord(t.lower)
				negated = negated || l.IsNegationWord(t.lower)
			}
			if callsFree && !negated {
				return i
			}
		}
	}
	return -1
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

// callsFree reports whether a sentence holding two or more of the claim's
// words has a free word.
func (p *passageRead) callsFree() bool {
	if !p.ev.mayCallFree() {
		return false
	}
	l := freeLanguage(p.ev.tongue)
	for i, n := range p.counts {
		if n >= 2 && !p.ev.windows[i].pair && l.MayCallFree(p.text(i)) && slices.ContainsFunc(p.tokens(i), func(t token) bool { return l.IsFreeWord(t.lower) }) {
			return true
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
