package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// subjectSwapped is passageContradicts for a name: the claim's quantities
// that the chunk states of another name in the name's place, where a
// sentence of the chunk naming the claim's name states another value of
// the same kind and none states the claim's. "Wij leveren in België binnen
// 2 werkdagen" against "Wij leveren in Nederland binnen 2 werkdagen. In
// België duurt de levering 4 werkdagen." The name is a capitalised word
// of the claim past its first and outside its quantities (a word of its
// names, in a language with tables: claimNames); the sentence
// stating the value holds every other word of the claim and, beside the
// word before or after the name, a capitalised word the claim lacks.
//
// It returns them with the window of the sentence that states the other
// value, or -1 when there are none.
func subjectSwapped(c *claim, missing []string, p *passageRead) ([]string, int) {
	if c.names == nil {
		c.names = claimNames(c) // once a claim, not once a chunk
	}
	names := *c.names
	if len(names) == 0 {
		return nil, -1
	}
	counts, words, s := p.counts, p.words, p.sentenceReader
	var out []string
	at := -1
	for _, q := range c.quantities {
		if q.Weak || slices.Contains(missing, q.Raw) {
			continue
		}
		for _, n := range names {
			if r := s.swapped(c, q, n, counts, words); r >= 0 {
				out = append(out, q.Raw)
				if at < 0 {
					at = r
				}
				break
			}
		}
	}
	return out, at
}

// swapped is the window naming n that states a rival of q, when another
// sentence states q of another name in n's place and none naming n states
// q; -1 otherwise. The sentences holding nearly all the claim's words are
// read first (there are few): without one stating q of another name,
// nothing else of the chunk need be read.
func (s *sentenceReader) swapped(c *claim, q quantity, n claimName, counts []int, words int) int {
	names := func(i int) bool {
		return slices.ContainsFunc(s.tokens(i), func(t token) bool { return t.lower == n.lower })
	}
	swap := false
	for i, w := range s.ev.windows {
		if !w.pair && counts[i] >= words-1 && !names(i) && n.inPlaceOf(s.tokens(i)) && s.stated(i).index.supports(q) {
			swap = true
			break
		}
	}
	if !swap {
		return -1
	}
	rival := -1
	for i, w := range s.ev.windows {
		if w.pair || !names(i) {
			continue
		}
		st := s.stated(i)
		if st.index.supports(q) {
			return -1 // a sentence naming it states it
		}
		if rival < 0 && slices.ContainsFunc(st.all, func(w quantity) bool { return rivals(q, w) && !claims(c, w) }) {
			rival = i
		}
	}
	return rival
}

// claimName is a capitalised word of a claim that may name what it is
// about, with the words either side of it (lower-cased; "" at an end),
// and the claim lower-cased (once a claim).
type claimName struct {
	lower, before, after, claim string
	number                      string // numbered
	// det is the claim language's test for a determiner, where the word
	// before the name is one, and beforeDet the word before that: another
	// determiner after the same word ("met de Budgetpolis" for "met uw
	// Restitutiepolis") stands in the same place.
	det       func(string) bool
	beforeDet string
}

// numbered is the number written just after the name ("Giga 500",
// "Fibre 1000"), part of it: "" for none (numberedAt).
func (n claimName) numbered() string { return n.number }

// in reports whether toks name n (with its number, if it has one), and
// whether they name it with another number ("Giga 100" for "Giga 500").
func (n claimName) in(toks []token) (named, renamed bool) {
	num := n.numbered()
	for p, t := range toks {
		if t.lower != n.lower {
			continue
		}
		next := ""
		if p+1 < len(toks) {
			next = toks[p+1].lower
		}
		switch {
		case num == "" || next == num:
			named = true
		case next != "" && isDigits(next):
			renamed = true
		}
	}
	return named, renamed
}

// claimNames is the claim's capitalised words past its first, outside its
// quantities; in a language with tables, only the words of its names
// (claim.entities): where every noun is capitalised (German), a common
// noun ("Rücksendung" against "Rückgabe") is no name.
func claimNames(c *claim) *[]claimName {
	var only map[string]bool
	if c.tongue.l != nil {
		only = map[string]bool{}
		for _, e := range c.entities {
			for _, t := range tokensOf(e) {
				only[t.lower] = true
			}
		}
	}
	toks := tokensOf(c.plain)
	spans := quantitySpans(c.plain, c.quantities)
	lower := strings.ToLower(c.plain)
	var out []claimName
	for k := 1; k < len(toks); k++ {
		t := toks[k]
		numbered := numberedAt(c.plain, toks, k) && !isMonthIn(c.tongue, t.lower) // "Giga 500": a name in any language; "November 20" a date
		if !t.capital || spans.at(t.start) >= 0 || only != nil && !only[t.lower] && !numbered {
			continue
		}
		n := claimName{lower: t.lower, before: toks[k-1].lower, claim: lower}
		if l, ok := lang.Get(c.tongue.code); ok && k >= 2 && l.IsDeterminer(n.before) {
			n.det, n.beforeDet = l.IsDeterminer, toks[k-2].lower
		}
		if k+1 < len(toks) {
			n.after = toks[k+1].lower
		}
		if numbered {
			n.number = n.after
		}
		out = append(out, n)
	}
	return &out
}

// numberedAt reports whether toks[k] is a word of three letters or more
// with a number of digits alone just after it, one space between and a
// space or a punctuation mark after it ("Giga 500", "Zorg 1,"; not "D
// +1", "Zone 3b"): a thing named with its number.
func numberedAt(text string, toks []token, k int) bool {
	if k+1 >= len(toks) || utf8.RuneCountInString(toks[k].lower) < 3 || !isDigits(toks[k+1].lower) || toks[k+1].lower == "" {
		return false
	}
	t, n := toks[k], toks[k+1]
	end := n.start + len(n.lower)
	return n.start == t.start+len(t.lower)+1 && (end == len(text) || strings.IndexByte(" .,;:)", text[end]) >= 0)
}

// isMonthIn reports whether w, lower-cased, names a month in the claim's
// language.
func isMonthIn(t tongue, w string) bool {
	l, ok := lang.Get(t.code)
	if !ok {
		return false
	}
	_, month := l.Month(w)
	return month
}

// inPlaceOf reports whether toks hold, in n's place (after the word
// before n, or another determiner after the word before a determiner,
// or before the word after it), a capitalised word the claim lacks.
func (n claimName) inPlaceOf(toks []token) bool {
	for p, t := range toks {
		if !t.capital || strings.Contains(n.claim, t.lower) {
			continue
		}
		if p > 0 && toks[p-1].lower == n.before || n.det != nil && p > 1 && n.det(toks[p-1].lower) && toks[p-2].lower == n.beforeDet ||
			n.after != "" && p+1 < len(toks) && toks[p+1].lower == n.after {
			return true
		}
	}
	return false
}

// token is a word of a text as written, its punctuation trimmed (a
// hyphen inside it kept: "Pro-Abo").
type token struct {
	lower   string
	start   int
	capital bool
}

func tokensOf(text string) []token {
	out := make([]token, 0, len(text)/5+1) // a word and its space take five bytes or more
	for start := 0; start < len(text); {
		r, size := utf8.DecodeRuneInString(text[start:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			start += size
			continue
		}
		end := start + strings.IndexFunc(text[start:], unicode.IsSpace)
		if end < start {
			end = len(text)
		}
		word := strings.TrimRightFunc(text[start:end], func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		out = append(out, token{strings.ToLower(word), start, unicode.IsUpper(r)})
		start = end
	}
	return out
}

// sentenceReader reads the one-sentence windows of a chunk as they are
// asked for, once each: it belongs to the chunk's evidence (sentences),
// so that every claim citing the chunk reads a sentence once, not once
// per claim.
type sentenceReader struct {
	ev     *evidence
	toks   [][]token         // per window; nil: not read yet
	states []*statedIn       // per window; nil: not read yet
	parts  [][]subjectClause // per window, its clauses; nil: none read yet
	pieces [][][2]int        // per window, its clauses before those without a value are joined to others
	stems  [][]stemAt        // per window, its words' stems (stemsIn); nil: not read yet
	norm   [][]string        // per window, its normalised words (wordsAt); nil: not read yet
	free   []int8            // per window, whether it may call something free: 0 not read yet, 1 yes, -1 no (callsFree)
}

// sentences is the chunk's sentence reader, made on first use.
func (ev *evidence) sentences() *sentenceReader {
	if ev.reader == nil {
		n := len(ev.windows)
		ev.reader = &sentenceReader{ev: ev, toks: make([][]token, n), states: make([]*statedIn, n)}
	}
	return ev.reader
}

func (s *sentenceReader) text(i int) string {
	w := &s.ev.windows[i]
	return s.ev.texts[i][w.start:w.end]
}

func (s *sentenceReader) tokens(i int) []token {
	if t := s.toks[i]; t != nil {
		return t
	}
	t := tokensOf(s.text(i))
	s.toks[i] = t
	return t
}

// wordsAt is window i's normalised words in the chunk's language, read
// once for every claim that needs them.
// before is the window of the sentence before sentence i when sentence i
// opens with a pronoun ([subject-pronouns]) standing for what that one
// names ("It closes 2 hours before"), or -1.
func (s *sentenceReader) before(i int) int {
	ws := s.wordsAt(i)
	l, _ := lang.Get(s.ev.tongue.code)
	if len(ws) == 0 || l == nil || !l.IsSubjectPronoun(ws[0]) {
		return -1
	}
	for j := i - 1; j >= 0; j-- {
		if !s.ev.windows[j].pair {
			return j
		}
	}
	return -1
}

func (s *sentenceReader) wordsAt(i int) []string {
	if s.norm == nil {
		s.norm = make([][]string, len(s.ev.windows))
	}
	if s.norm[i] == nil {
		l, _ := lang.Get(s.ev.tongue.code)
		s.norm[i] = normalisedWords(l, s.text(i))
	}
	return s.norm[i]
}

func (s *sentenceReader) stated(i int) *statedIn {
	if st := s.states[i]; st != nil {
		return st
	}
	text := s.text(i)
	qs, idx := scannedIn(s.ev.tongue.l, text)
	st := &statedIn{qs, idx}
	s.states[i] = st
	return st
}

// subjectMoved reports whether the chunk says what the claim says, but of
// another name, while it names the claim's too and says it nowhere of
// that: "The Starter plan includes phone support from 8:00 to 20:00"
// against a page where "The Business plan includes phone support from
// 8:00 to 20:00" and the Starter plan gets "email support only". A
// sentence says it when it holds every word of the claim and states its
// quantities; the one saying it of another holds all but the name, with a
// capitalised word the claim lacks in the name's place. A name the chunk
// never gives is the entity check's; a one-sentence window, the passage
// the claim follows, that names every name of it says it of them. It returns the
// window saying it of another, or -1.
func subjectMoved(c *claim, ev *evidence, window string) int {
	if len(ev.windows) < 3 {
		return -1
	}
	if c.names == nil {
		c.names = claimNames(c)
	}
	if len(*c.names) == 0 {
		return -1
	}
	if oneSentence(window) && !slices.ContainsFunc(*c.names, func(n claimName) bool { return indexFold(window, n.lower) < 0 }) {
		return -1 // the sentence the claim follows names every name of it
	}
	counts, words := claimWordCounts(c, ev)
	if words < 3 {
		return -1
	}
	s := ev.sentences()
	states := func(i int) bool { return statesAll(c, s, i) }
	for _, n := range *c.names {
		names := func(i int) bool {
			if j := s.before(i); j >= 0 { // "It includes 5 users" after a sentence naming it
				i = j
			}
			return slices.ContainsFunc(s.tokens(i), func(t token) bool { return t.lower == n.lower })
		}
		moved, named := -1, false
		for i, w := range ev.windows {
			if w.pair {
				continue
			}
			switch {
			case names(i):
				if counts[i] == words && states(i) {
					return -1 // a sentence naming it says it
				}
				named = true
			case moved < 0 && counts[i] >= words-1 && n.inPlaceOf(s.tokens(i)) && states(i):
				moved = i
			}
		}
		if moved >= 0 && named {
			return moved
		}
	}
	return -1
}

// oneSentence reports whether text ends no sentence before its end.
func oneSentence(text string) bool {
	text = strings.TrimRight(text, " \t\n")
	for i := 0; i+1 < len(text); i++ {
		if endsSentence(text, i) || text[i] == '\n' {
			return false
		}
	}
	return true
}
