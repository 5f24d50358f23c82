package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// A subjectClause is a clause: a part of a chunk sentence that gives
// values of its own subject: "A single room costs €80 per night and a double room costs
// €120 per night" is two. The passage checks read the clauses of a
// sentence that holds every word of a claim: where one clause holds them
// all, the value is stated of the claim's subject only when that clause
// states it; a clause about another subject ("a double room") stating it
// does not.
type subjectClause struct {
	start, end int      // byte span in the sentence's text
	stems      []uint64 // its words' stems, hashed
}

// clauses are the clauses of window i's sentence, read once: split at
// ";", at ", ", and at the language's clause joins ([clause-joins]:
// "and", "while", "terwijl", "während", "tandis que", "mientras que"),
// each part stating no quantity joined to the next (to the one before,
// at the end): the words of a clause without a value describe one
// that has it ("A single room, with breakfast, costs €80"). A join
// between two values ("between 3 and 5 days") splits nothing.
func (s *sentenceReader) clauses(i int) []subjectClause {
	if s.parts == nil {
		s.parts = make([][]subjectClause, len(s.ev.windows))
		s.pieces = make([][][2]int, len(s.ev.windows))
	}
	if cl := s.parts[i]; cl != nil {
		return cl
	}
	text, st := s.text(i), s.stated(i)
	cuts := subjectCuts(text, s.tokens(i), s.ev.tongue)
	var spans [][2]int
	start := 0
	for _, cut := range append(cuts, [2]int{len(text), len(text)}) {
		if cut[0] > start && strings.TrimSpace(text[start:cut[0]]) != "" {
			spans = append(spans, [2]int{start, cut[0]})
		}
		start = cut[1]
	}
	valued := func(sp [2]int) bool {
		return slices.ContainsFunc(st.all, func(q quantity) bool { return q.Start >= sp[0] && q.Start < sp[1] })
	}
	s.pieces[i] = spans
	var merged [][2]int
	open := -1 // start of value-less parts waiting for the next part
	for _, sp := range spans {
		if open >= 0 {
			sp[0], open = open, -1
		}
		if !valued(sp) {
			open = sp[0]
			continue
		}
		merged = append(merged, sp)
	}
	if open >= 0 {
		if len(merged) == 0 {
			merged = append(merged, [2]int{open, len(text)})
		} else {
			merged[len(merged)-1][1] = len(text)
		}
	}
	out := make([]subjectClause, len(merged))
	for k, sp := range merged {
		out[k] = subjectClause{sp[0], sp[1], s.stemsIn(i, sp)}
	}
	s.parts[i] = out
	return out
}

// subjectCuts are the spans of text that end one clause and open the next:
// ";", ", " and the language's clause joins, each as [start, end) of what
// is cut out; toks are text's tokens (tokensOf).
func subjectCuts(text string, toks []token, t tongue) [][2]int {
	var cuts [][2]int
	for i := 0; i < len(text); i++ {
		if text[i] == ';' || text[i] == ',' && i+1 < len(text) && text[i+1] == ' ' {
			cuts = append(cuts, [2]int{i, i + 1})
		}
	}
	l := t.l
	if l == nil {
		l, _ = lang.Get("en")
	}
	if l == nil || len(toks) == 0 {
		return cuts
	}
	words := make([]string, len(toks))
	for k, tk := range toks {
		words[k] = tk.lower
	}
	joined := false
	for k := 0; k < len(words); k++ {
		n := l.ClauseJoinAt(words, k)
		if n == 0 {
			continue
		}
		last := toks[k+n-1]
		j := [2]int{toks[k].start, min(last.start+len(last.lower), len(text))}
		if !betweenValues(text, j) {
			cuts, joined = append(cuts, j), true
		}
		k += n - 1
	}
	if joined {
		slices.SortFunc(cuts, func(a, b [2]int) int { return a[0] - b[0] })
	}
	return cuts
}

// betweenValues reports whether the join at j stands between two
// figures ("between 3 and 5 days", "€80 and €120"): a range or a list of
// values, not two clauses.
func betweenValues(text string, j [2]int) bool {
	before := strings.TrimRightFunc(text[:j[0]], unicode.IsSpace)
	after := strings.TrimLeftFunc(text[j[1]:], unicode.IsSpace)
	if before == "" || after == "" {
		return false
	}
	b, _ := utf8.DecodeLastRuneInString(before)
	a, _ := utf8.DecodeRuneInString(after)
	figure := func(r rune) bool { return unicode.IsDigit(r) || unicode.Is(unicode.Sc, r) || r == '%' }
	return figure(b) && figure(a)
}

// stemsIn is the stems of the words of window i's sentence within span
// sp of its text, hashed as the chunk's windows hash them (in the chunk's
// language); the sentence's words are stemmed once.
func (s *sentenceReader) stemsIn(i int, sp [2]int) []uint64 {
	if s.stems == nil {
		s.stems = make([][]stemAt, len(s.ev.windows))
	}
	ws := s.stems[i]
	if ws == nil {
		ws = stemsOf(s.ev.tongue, s.text(i))
		s.stems[i] = ws
	}
	var out []uint64
	for _, w := range ws {
		if w.start >= sp[0] && w.start < sp[1] {
			out = append(out, w.stem)
		}
	}
	return out
}

// stemAt is a word's stem, hashed, and its offset.
type stemAt struct {
	start int
	stem  uint64
}

// stemsOf is the stems of text's content words (no stopword, no
// number) with their offsets, hashed as the chunk's windows hash them
// (in language t).
func stemsOf(t tongue, text string) []stemAt {
	out := make([]stemAt, 0, len(text)/6+1)
	nounphrase.RawWordsAt(text, func(raw string, start int) {
		var norm, stem string
		if t.l == nil {
			if norm = nounphrase.Normalize(raw); norm == "" || nounphrase.IsStopword(norm) || isNumeric(norm) {
				return
			}
			stem = nounphrase.StemWord(norm)
		} else {
			if norm = t.l.Normalize(raw); norm == "" || t.l.IsStopword(norm) || isNumeric(norm) {
				return
			}
			stem = t.l.Stem(norm)
		}
		out = append(out, stemAt{start, hashWord(stem)})
	})
	return out
}

// stemText is a word's stem in language l (nil: English), "" for no word.
func stemText(l *lang.Language, raw string) string {
	if l == nil {
		if n := nounphrase.Normalize(raw); n != "" {
			return nounphrase.StemWord(n)
		}
		return ""
	}
	if n := l.Normalize(raw); n != "" {
		return l.Stem(n)
	}
	return ""
}

// claimWordsIn is how many of the claim's words outside its quantities
// the clause holds.
func claimWordsIn(c *claim, cl subjectClause) int {
	n := 0
	for k, st := range c.stems {
		if c.quantityOf[k] < 0 && slices.Contains(cl.stems, st) {
			n++
		}
	}
	return n
}

// figuresOfClause reports whether cl states q and a rival of it, and where
// the first figure stating q, or else the first rival, opens and ends.
func figuresOfClause(c *claim, q quantity, st *statedIn, cl subjectClause) (states, rival bool, at, end int) {
	at, end = -1, -1
	for _, w := range st.all {
		if w.Start < cl.start || w.Start >= cl.end {
			continue
		}
		if sameValue(q, w) || !states && !rival && rivals(q, w) && !claims(c, w) {
			if at < 0 {
				at, end = w.Start, w.Start+len(w.Raw)
			}
		}
		if sameValue(q, w) {
			states = true
		} else if rivals(q, w) && !claims(c, w) {
			rival = true
		}
	}
	return states, rival, at, end
}

// namesAfterValue reports whether text, what follows a value in its clause,
// names a subject the claim does not: a capitalised word ("… 12 months
// on Team plans"), not a unit or a period after the value ("24 horas al
// día").
func namesAfterValue(c *claim, text string) bool {
	lower := strings.ToLower(c.plain)
	return slices.ContainsFunc(tokensOf(text), func(t token) bool { return t.capital && !strings.Contains(lower, t.lower) })
}

// onlyClaimWords reports whether every word of the clause is a word of
// the claim (or it has none but values), the unit of a claim's figure
// counted ("24 months on Enterprise" of "… kept for 12 months").
func onlyClaimWords(c *claim, cl subjectClause) bool {
	for _, st := range cl.stems {
		if k := slices.Index(c.stems, st); k < 0 || c.quantityOf[k] >= 0 && !c.unitWord(k) {
			return false
		}
	}
	return true
}

// unitWord reports whether the claim's k-th stem, part of a figure, is
// its unit's word rather than its number ("months" of "12 months").
func (c *claim) unitWord(k int) bool {
	return k < len(c.unitWords) && c.unitWords[k] && c.quantities[c.quantityOf[k]].Unit != ""
}

// clauseStates reads window i's sentence clause by clause for q: when a
// clause holds all the claim's words (there are words of them), whether
// one such clause states q and whether one states a rival of it; ok is
// false when none holds them all (the sentence is then read whole: "€80
// for singles and €120 for doubles" gives each value a subject of its
// own only in part).
func (s *sentenceReader) clauseStates(c *claim, q quantity, i, words int) (stating, rival, ok bool) {
	cls := s.clauses(i)
	if len(cls) < 2 {
		return false, false, false
	}
	st := s.stated(i)
	text := s.text(i)
	for _, cl := range cls {
		if claimWordsIn(c, cl) < words {
			// A clause with no word of its own but the claim's goes on
			// about its subject ("…, then €39.99 per month").
			if !stating && onlyClaimWords(c, cl) && clauseSupports(text[cl.start:cl.end], q, s.ev.tongue) {
				stating = true
			}
			continue
		}
		ok = true
		for _, w := range st.all {
			if w.Start < cl.start || w.Start >= cl.end {
				continue
			}
			if sameValue(q, w) {
				stating = true
			} else if (rivals(q, w) || sameCount(c, q, text, w, s.ev.tongue)) && !claims(c, w) {
				rival = true
			}
		}
		if !stating && st.index.supports(q) && clauseSupports(text[cl.start:cl.end], q, s.ev.tongue) {
			stating = true
		}
	}
	if !ok && s.ellipsisRival(c, q, i, cls) {
		return false, true, true
	}
	return stating, rival, ok
}

// ellipsisRival reports whether window i's sentence gives the claim's
// subject a rival of q in a clause that leaves out what the clause
// stating q says ("Physiotherapy is reimbursed at 80% and dental
// check-ups at 60%", "Baggage is covered up to €1,500, valuables up to
// €300", "Premium reembolsa el 100 %; el Básico, el 70 %"): the claim
// gives that subject the other's value. The elliptical clause holds only
// claim words and a rival; the clause stating q holds none of its words
// and before its value a subject of its own (a word the claim does not
// have, or has only in a figure): "Basic $9, Pro $19 and Enterprise $39"
// gives Pro $19, not $39. The sentence holds every word of the claim but
// one at most (passageContradicts reads only such sentences).
func (s *sentenceReader) ellipsisRival(c *claim, q quantity, i int, cls []subjectClause) bool {
	st := s.stated(i)
	isClaimWord := func(stem uint64) bool {
		k := slices.Index(c.stems, stem)
		return k >= 0 && c.quantityOf[k] < 0
	}
	words := func(cl subjectClause) []int { // the claim's words in cl, as indices into c.stems
		var out []int
		for k, stem := range c.stems {
			if c.quantityOf[k] < 0 && slices.Contains(cl.stems, stem) {
				out = append(out, k)
			}
		}
		return out
	}
	values := func(cl subjectClause) (bool, bool, int, int) { return figuresOfClause(c, q, st, cl) }
	for a, ca := range cls {
		states, rival, ra, raEnd := values(ca)
		wa := words(ca)
		if states || !rival || len(wa) == 0 || !onlyClaimWords(c, ca) {
			continue
		}
		// "… 12 months on Team plans and 24 months on Enterprise": each
		// clause names its subject after its value.
		valueFirst := ra >= 0 && !slices.ContainsFunc(s.stemsIn(i, [2]int{ca.start, ra}), isClaimWord) &&
			slices.ContainsFunc(s.stemsIn(i, [2]int{raEnd, ca.end}), isClaimWord)
		for b, cb := range cls {
			if b == a {
				continue
			}
			states, _, at, end := values(cb)
			if !states || at < cb.start {
				continue
			}
			// Sharing a word with the clause stating q ("limit"), the
			// clause of the rival must hold more of the claim's: "The daily
			// debit card payment limit is €1,500 and the ATM withdrawal
			// limit is €600" gives the ATM limit €600.
			wb := words(cb)
			if slices.ContainsFunc(wa, func(k int) bool { return slices.Contains(wb, k) }) && len(wa) <= len(wb) {
				continue
			}
			if slices.ContainsFunc(s.stemsIn(i, [2]int{cb.start, at}), func(st uint64) bool { return !isClaimWord(st) }) ||
				valueFirst && namesAfterValue(c, s.text(i)[end:cb.end]) {
				return true
			}
		}
	}
	return false
}

// clauseSupports reports whether the clause's text states q as the
// chunk's quantity index reads it (units converted, "2 kg" for "2,000 g").
func clauseSupports(text string, q quantity, t tongue) bool {
	_, idx := scannedIn(t.l, text)
	return idx.supports(q)
}

// sameCount reports whether w, a bare number, counts what the claim's
// bare number q counts: the word after each has one stem ("1 checked
// bag" against the claim's "2 checked bags"). Bare numbers of different
// things rival nothing ("2 stores" is no other value of "3 days").
func sameCount(c *claim, q quantity, text string, w quantity, t tongue) bool {
	if q.Kind != "number" || w.Kind != "number" || q.Unit != "" || w.Unit != "" || q.Key == w.Key {
		return false
	}
	a := countedWord(c.plain, q, c.tongue.l)
	return a != "" && a == countedWord(text, w, t.l)
}

// countedWord is the stem of the word right after q in text, "" when
// none.
func countedWord(text string, q quantity, l *lang.Language) string {
	end := q.Start + len(q.Raw)
	if end > len(text) || q.Start < 0 {
		return ""
	}
	rest := text[end:]
	if rest == "" || !unicode.IsSpace(rune(rest[0])) {
		return ""
	}
	toks := tokensOf(rest)
	if len(toks) == 0 || toks[0].start > 2 {
		return ""
	}
	return stemText(l, toks[0].lower)
}
