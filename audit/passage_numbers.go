package audit

import (
	"slices"
	"strings"
	"unicode"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// passageContradicts is the claim's quantities that the chunk states,
// but not in the sentence that is about what the claim is about: a chunk
// sentence holding every other word of the claim (at least two, and more
// than any sentence stating the value holds) states another value of the
// same kind instead, one the claim does not state elsewhere. "Das Pro-Abo kostet 9,90 €" against "Das
// Basis-Abo kostet 9,90 €. Das Pro-Abo kostet 19,90 €"; "refunds are paid
// within 30 days" against "Returns are accepted within 30 days. Refunds
// are paid within 14 days." A chunk that states a value is not a chunk
// that states it of this.
//
// It returns them with the window of that sentence, or -1 when there are
// none.
func passageContradicts(c *claim, missing []string, p *passageRead) ([]string, int) {
	most, words := slices.Max(p.counts), p.words
	if most < words-1 {
		return nil, -1 // no sentence of the chunk is about all of it
	}
	partly := most < words // rivalPartly
	var out []string
	at := -1
	for _, q := range c.quantities {
		if q.Weak || slices.Contains(missing, q.Raw) {
			continue
		}
		var rival int
		if partly {
			rival = p.rivalPartly(c, q, most)
		} else {
			rival = p.rivalWhole(c, q, most)
		}
		if rival >= 0 {
			out = append(out, q.Raw)
			if at < 0 {
				at = rival
			}
		}
	}
	return out, at
}

// rivalWhole is the window of a sentence holding all the claim's words
// (most of them: words) that states a rival of q where none such states
// q, or -1. Only the sentences holding most of the claim's words count:
// one of them stating the value is support, one stating a rival is not.
func (p *passageRead) rivalWhole(c *claim, q quantity, most int) int {
	s := p.sentenceReader
	stating, rival := false, -1
	for i, n := range p.counts {
		if n < most {
			continue
		}
		supports, rivalled := p.reads(c, q, i)
		// A clause holding all the claim's words is what the sentence
		// says of its subject; its other clauses are of others. Only a
		// sentence stating both the value and a rival need be cut.
		if supports && rivalled {
			if cs, cr, ok := s.clauseStates(c, q, i, p.words); ok {
				stating = stating || cs
				if cr && rival < 0 {
					rival = i
				}
				continue
			}
		}
		switch {
		case supports:
			stating = true
		case rival < 0 && rivalled:
			rival = i
		}
	}
	if stating {
		return -1
	}
	return rival
}

// rivalPartly is rivalWhole where the sentences hold all but one of the
// claim's words: a sentence lacking one ("costs" of "Basic $9, Pro $19
// and Enterprise $39") is read for a value it gives another subject in
// an elliptical clause (ellipsisRival); and one stating only another
// value, where q is stated only where the claim's words are fewer by two
// or more: "In den ersten zwei Jahren … wird vermutet, dass ein Mangel
// schon bei Lieferung vorlag" against "Gewährleistung … zwei Jahre ab
// Lieferung. Tritt ein Mangel in den ersten zwölf Monaten auf, wird
// vermutet, dass er bereits …".
func (p *passageRead) rivalPartly(c *claim, q quantity, most int) int {
	s := p.sentenceReader
	stating, rival := false, -1
	loose, elsewhere := -1, 0 // a sentence stating only a rival; the most words of one stating q
	for i, n := range p.counts {
		if n < most {
			if n > elsewhere && s.stated(i).index.supports(q) {
				elsewhere = n
			}
			continue
		}
		supports, rivalled := p.reads(c, q, i)
		if supports && rivalled && rival < 0 && s.ellipsisRival(c, q, i, s.clauses(i)) {
			rival = i
		}
		if !supports && rivalled && loose < 0 {
			loose = i
		}
		stating = stating || supports && rival != i
	}
	if rival < 0 && !stating && loose >= 0 && elsewhere <= most-2 {
		rival = loose
	}
	if stating {
		return -1
	}
	return rival
}

// reads is whether window i's sentence states q, and whether it states
// a rival of it the claim does not state elsewhere.
func (p *passageRead) reads(c *claim, q quantity, i int) (supports, rivalled bool) {
	s := p.sentenceReader
	st, text := s.stated(i), s.text(i)
	return st.index.supports(q), slices.ContainsFunc(st.all, func(w quantity) bool {
		return (rivals(q, w) || sameCount(c, q, text, w, s.ev.tongue)) && !claims(c, w)
	}) || countsOne(c, q, text, s.ev.tongue)
}

// countsOne reports whether text counts one of what the claim's bare
// number q counts, in a word the scan reads as no number ("includes one
// checked bag", "un bagage", "ein Gepäckstück") against "two checked
// bags": a rival as any other count of it.
func countsOne(c *claim, q quantity, text string, t tongue) bool {
	l, ok := lang.Get(t.code)
	if !ok || q.Kind != "number" || q.Unit != "" || q.Key == "n:1" {
		return false
	}
	a := countedWord(c.plain, q, c.tongue.l)
	if a == "" {
		return false
	}
	toks := tokensOf(text)
	for k := 0; k+1 < len(toks); k++ {
		if n, ok := countOf(l, toks[k].lower); ok && n == 1 && !isDigits(toks[k].lower) && stemText(t.l, toks[k+1].lower) == a {
			return true
		}
	}
	return false
}

// passageRead is what the passage checks (passageContradicts,
// subjectSwapped) read of a chunk for a claim, read once for both.
type passageRead struct {
	counts []int // claimWordCounts
	words  int
	*sentenceReader
	// named and renamed mark, for a claim naming a numbered thing, the
	// sentences naming it and those naming it with another number only
	// (readNames); nil otherwise.
	named, renamed []bool
}

// newPassage reads a chunk for the passage checks of a claim, or is nil
// when they have nothing to check: no value the chunk states, one
// sentence (one window: no other sentence to state it of), fewer than two
// words besides the values.
func newPassage(c *claim, ev *evidence, missing []string) *passageRead {
	if !slices.ContainsFunc(c.quantities, func(q quantity) bool { return !q.Weak && !slices.Contains(missing, q.Raw) }) {
		return nil
	}
	counts, words := claimWordCounts(c, ev)
	if words < 2 {
		return nil
	}
	p := &passageRead{counts: counts, words: words, sentenceReader: ev.sentences()}
	if c.numberedName() {
		p.readNames(c, ev)
	}
	return p
}

// readNames marks the sentences naming the claim's numbered thing
// ("Extra Zorg 1") and those naming it with another number only ("Extra
// Zorg 2"); the latter are about another thing, whatever words they
// share, and count no words.
func (p *passageRead) readNames(c *claim, ev *evidence) {
	p.named, p.renamed = make([]bool, len(p.counts)), make([]bool, len(p.counts))
	for i := range ev.windows {
		if ev.windows[i].pair {
			continue
		}
		toks := tokensOf(p.text(i))
		for _, n := range *c.names {
			if n.numbered() == "" {
				continue
			}
			named, renamed := n.in(toks)
			p.named[i] = p.named[i] || named
			p.renamed[i] = p.renamed[i] || renamed && !named
		}
	}
	// Only a chunk naming the claim's thing tells its sentences apart.
	if !slices.Contains(p.named, true) {
		p.named, p.renamed = nil, nil
		return
	}
	for i, r := range p.renamed {
		if r && !p.named[i] {
			p.counts[i] = 0
		}
	}
}

// renamedStated is the claim's quantities that the chunk states only in
// sentences about another numbered thing ("maximaal 18" of "Extra Zorg
// 2" for "Extra Zorg 1"), none naming neither, where a sentence naming
// the claim's thing states a rival ("Bij Extra Zorg 1 … maximaal 9"),
// with that sentence's window; -1 for none.
func renamedStated(c *claim, missing []string, p *passageRead) ([]string, int) {
	if p.named == nil {
		return nil, -1
	}
	var out []string
	at := -1
	for _, q := range c.quantities {
		if q.Weak || slices.Contains(missing, q.Raw) {
			continue
		}
		stating, ofOther, rival := false, false, -1
		for i := range p.counts {
			if p.ev.windows[i].pair {
				continue
			}
			supports, rivalled := p.reads(c, q, i)
			if !p.renamed[i] {
				stating = stating || supports // of the claim's thing, or of nothing named
			} else {
				ofOther = ofOther || supports
			}
			if !p.named[i] {
				continue
			}
			// Beside the thing's name, a bare count rivals a bare count
			// ("maximaal 9" against "maximaal 18 behandelingen"); the
			// name's own number is no count.
			rivalled = rivalled || q.Kind == "number" && q.Unit == "" && slices.ContainsFunc(p.stated(i).all, func(w quantity) bool {
				return w.Kind == "number" && w.Unit == "" && w.Key != q.Key && !c.namesNumber(w.Key)
			})
			if !supports && rivalled && rival < 0 {
				rival = i
			}
		}
		if !stating && ofOther && rival >= 0 {
			out = append(out, q.Raw)
			if at < 0 {
				at = rival
			}
		}
	}
	return out, at
}

// claimWordCounts is, per window of the chunk, how many of the claim's
// words outside its quantities its sentence holds (0 for a two-sentence
// window), and how many such words the claim has.
func claimWordCounts(c *claim, ev *evidence) ([]int, int) {
	words := 0
	counted := func(k int) bool { return c.quantityOf[k] < 0 && (k >= len(c.anchored) || !c.anchored[k]) }
	for k := range c.stems {
		if counted(k) {
			words++
		}
	}
	counts := make([]int, len(ev.windows))
	l, _ := lang.Get(ev.tongue.code)
	before := -1 // the window of the sentence before
	for i := range ev.windows {
		w := &ev.windows[i]
		if w.pair {
			continue
		}
		// A sentence opening with a pronoun is about what the sentence
		// before names: "It closes 2 hours before" holds "online check-in".
		// The pronoun stands for the claim's words before the sentence's
		// verb, where the sentence before holds them.
		subject := 0
		if before >= 0 && l != nil {
			subject = pronounSubject(l, c, ev.texts[i][w.start:w.end])
		}
		for k, st := range c.stems {
			if counted(k) && (w.stems[0].has(st) || k < subject && ev.windows[before].stems[0].has(st)) {
				counts[i]++
			}
		}
		before = i
	}
	return counts, words
}

// pronounSubject is, for a sentence opening with a pronoun
// ([subject-pronouns]), how many of the claim's stems (in order) come
// before the sentence's first content word: the words the pronoun stands
// for ("Online check-in" of "It closes 2 hours before" for "Online
// check-in closes 2 hours before"). It is 0 for any other sentence and
// where the claim lacks that word ("opens" for "It closes").
func pronounSubject(l *lang.Language, c *claim, sentence string) int {
	first := strings.TrimLeftFunc(sentence, func(r rune) bool { return !unicode.IsLetter(r) })
	if end := strings.IndexFunc(first, func(r rune) bool { return !unicode.IsLetter(r) }); end >= 0 {
		first = first[:end]
	}
	if !l.IsSubjectPronoun(strings.ToLower(first)) { // the byte test before the sentence is read
		return 0
	}
	ws := normalisedWords(l, sentence)
	k := pronounVerbAt(l, ws)
	if k < 0 {
		return 0
	}
	stem := nounphrase.StemWord // English's stems, as the claim's
	if c.tongue.l != nil {
		stem = l.Stem
	}
	return max(0, slices.Index(c.stems, hashWord(stem(ws[k]))))
}

// pronounVerbAt is, where the normalised words ws open with a pronoun
// ([subject-pronouns]), the index of their first content word after it
// (the verb the pronoun is the subject of: "closes" of "It closes 2
// hours before"); -1 otherwise.
func pronounVerbAt(l *lang.Language, ws []string) int {
	if len(ws) < 2 || !l.IsSubjectPronoun(ws[0]) {
		return -1
	}
	if k := slices.IndexFunc(ws[1:], func(w string) bool { return contentWord(l, w) }); k >= 0 {
		return 1 + k
	}
	return -1
}

// claims reports whether the claim states w too ("debuted on October 4,
// 1957 … until June 20, 1963": the sentence about the run states the
// claim's other date, no rival of its first).
func claims(c *claim, w quantity) bool {
	return slices.ContainsFunc(c.quantities, func(q quantity) bool { return sameValue(q, w) })
}

// sameValue reports whether q and w are one value, by either reading of
// an ambiguous amount (AltKey).
func sameValue(q, w quantity) bool {
	return q.Key == w.Key || q.AltKey != "" && q.AltKey == w.Key || w.AltKey != "" && w.AltKey == q.Key
}

// statedIn is what one sentence of a chunk states.
type statedIn struct {
	all   []quantity
	index quantityIndex
}

// rivals reports whether w states another value of q's kind: an amount
// in the same currency, a percentage, a date, a time of day, a number of
// the same unit or another duration. Bare numbers rival nothing: "2 stores" is no
// other value of "3 days".
func rivals(q, w quantity) bool {
	if q.Kind != w.Kind || q.Key == w.Key || q.AltKey != "" && q.AltKey == w.Key {
		return false
	}
	switch q.Kind {
	case "money": // in the same currency
		return q.Key[:strings.LastIndexByte(q.Key, ':')] == w.Key[:strings.LastIndexByte(w.Key, ':')]
	case "percent", "date", "time":
		return true
	}
	if q.Unit == "" || w.Unit == "" {
		return false
	}
	if q.Unit == w.Unit {
		return true
	}
	_, _, qd := durationDays(1, q.Unit)
	_, _, wd := durationDays(1, w.Unit)
	return qd && wd
}
