package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// wordMoved reports whether the chunk says what the claim says, but of
// another thing, and says something else of the claim's thing: "Dogs are
// covered from day one" against "Dogs are covered after a 14-day waiting
// period. Cats are covered from day one." subjectMoved reads capitalised
// names; this reads the claim's first content word where it opens the
// claim (after determiners only), its subject, in a claim of eight
// content words or fewer. A
// sentence holds every counted word of the claim but that one, x, has a
// content word of its own beside x's
// neighbour in the claim (in x's place), and states the claim's
// quantities; another sentence names x and at least half of the claim's
// other words; no sentence holds every word and states the quantities.
// Two words are enough beside a quantity, three without. A thing the
// chunk names in a sentence of another shape ("Pets need a microchip to
// travel. Dogs also need a rabies vaccination") may be a kind of the
// other ("Dogs need a microchip to travel" passes).
func wordMoved(l *lang.Language, c *claim, ev *evidence) bool {
	if len(ev.windows) < 3 {
		return false
	}
	counts, words := claimWordCounts(c, ev)
	firm := slices.ContainsFunc(c.quantities, func(q quantity) bool { return !q.Weak })
	if words < 2 || words < 3 && !firm || words > 8 {
		return false // too little to tell a thing from what is said of it, or a long sentence of many things
	}
	x := firstCounted(c)
	if x < 0 {
		return false
	}
	s := ev.sentences()
	near := allButSubject(c, ev, s, counts, words, x)
	if near < 0 {
		return false
	}
	if len(deniedStems(c.tongue, c.plain)) != len(deniedStems(c.tongue, s.text(near))) {
		return false // the claim denies what the sentence says, or the reverse: not what it says ("Assistance dogs never need a ticket")
	}
	at := -1 // where the claim writes x
	for _, w := range stemsOf(c.tongue, c.plain) {
		if w.stem == c.stems[x] {
			at = w.start
			break
		}
	}
	toks := tokensOf(c.plain)
	if !opensSentence(l, toks, at) || !inPlaceOfWord(l, toks, at, s.tokens(near)) {
		return false
	}
	for j, n := range counts {
		if j != near && !ev.windows[j].pair && n >= 2 && 2*(n-1) >= words-1 && ev.windows[j].stems[0].has(c.stems[x]) &&
			!saidElsewhere(c, ev, near, j) {
			return true // another sentence of the same shape names x without what sets the claim apart
		}
	}
	return false
}

// saidElsewhere reports whether a sentence other than near holds every
// counted word of the claim that near holds and sentence j lacks (what
// sets the claim apart from j): "Dogs need a microchip too" or "They also
// need a microchip" beside "Cats need a microchip to travel" may say it
// of the claim's subject.
func saidElsewhere(c *claim, ev *evidence, near, j int) bool {
	var apart []uint64
	for k, st := range c.stems {
		if c.quantityOf[k] < 0 && ev.windows[near].stems[0].has(st) && !ev.windows[j].stems[0].has(st) {
			apart = append(apart, st)
		}
	}
	if len(apart) == 0 {
		return false
	}
	for i := range ev.windows {
		if i == near || ev.windows[i].pair {
			continue
		}
		if !slices.ContainsFunc(apart, func(st uint64) bool { return !ev.windows[i].stems[0].has(st) }) {
			return true
		}
	}
	return false
}

// firstCounted is the index of the claim's first stem outside its
// quantities and anchors (its subject), or -1.
func firstCounted(c *claim) int {
	for k := range c.stems {
		if c.quantityOf[k] < 0 && (k >= len(c.anchored) || !c.anchored[k]) {
			return k
		}
	}
	return -1
}

// allButSubject is the first sentence holding every counted word of the
// claim but its subject x and stating its quantities, or -1, also where
// a sentence holds every word and states them.
func allButSubject(c *claim, ev *evidence, s *sentenceReader, counts []int, words, x int) int {
	near := -1
	for i, n := range counts {
		switch {
		case ev.windows[i].pair:
		case n == words && statesAll(c, s, i):
			return -1 // a sentence says it all
		case n == words-1 && near < 0 && !ev.windows[i].stems[0].has(c.stems[x]):
			near = i
		}
	}
	if near >= 0 && !statesAll(c, s, near) {
		return -1
	}
	return near
}

// statesAll reports whether sentence i states every firm quantity of the
// claim.
func statesAll(c *claim, s *sentenceReader, i int) bool {
	st := s.stated(i)
	for _, q := range c.quantities {
		if !q.Weak && !st.index.supports(q) {
			return false
		}
	}
	return true
}

// inPlaceOfWord reports whether the tokens of a sentence hold a content
// word the claim lacks where the claim's tokens hold the word starting at
// byte at: after the word before it, or before the word after it.
func inPlaceOfWord(l *lang.Language, claim []token, at int, sentence []token) bool {
	p := -1
	for i, t := range claim {
		if t.start == at {
			p = i
			break
		}
	}
	if p < 0 {
		return false
	}
	before, after := "", ""
	if p > 0 {
		before = claim[p-1].lower
	}
	if p+1 < len(claim) {
		after = claim[p+1].lower
	}
	inClaim := func(w string) bool {
		for _, t := range claim {
			if t.lower == w {
				return true
			}
		}
		return false
	}
	for q, t := range sentence {
		if inClaim(t.lower) || l.IsStopword(t.lower) {
			continue
		}
		if before != "" && q > 0 && sentence[q-1].lower == before || after != "" && q+1 < len(sentence) && sentence[q+1].lower == after {
			return true
		}
	}
	return false
}

// opensSentence reports whether the token starting at byte at opens the
// claim, after determiners only ("Dogs", "Les chiens", "The Pro plan"):
// the subject, not a word after "In addition,".
func opensSentence(l *lang.Language, toks []token, at int) bool {
	for _, t := range toks {
		if t.start == at {
			return true
		}
		if !l.IsDeterminer(t.lower) {
			return false
		}
	}
	return false
}
