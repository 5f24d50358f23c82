package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// siblingSwapped reports whether the claim says of one thing what the
// window's closest sentence, which it follows closely, says of another
// that the chunk tells apart from it: a word of the claim the sentence
// lacks stands where the sentence has a word the claim lacks, and
//
//   - both are compounds of one head with other first parts, and the
//     chunk names the claim's elsewhere, whole or its first part as a word
//     of its own: "Ab 29 € ist der Expressversand kostenlos" against "Ab
//     29 € ist der Standardversand kostenlos" where a table lists
//     "Express"; "Covid-Impfungen bieten wir ab 18 Jahren an" against
//     "Grippeimpfungen bieten wir … ab 18 Jahren an" beside
//     "Covid-Impfungen sind ab 12 Jahren möglich";
//   - or both stand between the same two words, and the chunk joins them
//     in a list: "Los gatos de razas peligrosas" against "Los perros de
//     razas … peligrosas" where it insures "perros y gatos".
//
// First parts that the chunk does not tell apart may name one thing
// ("Gewährleistungszeit" and "Garantiezeit"). Where the closest sentence
// has clauses, each clause holding all but two of the claim's content
// words is read the same way: "Bei Zahlung mit Debitkarte … 500 €" against
// "Bei Kreditkarten … 500 €; Debitkarten … mit 800 € Kaution".
func siblingSwapped(l *lang.Language, c *claim, closest []string, sentence, chunk string) bool {
	cw := claimWords(c, l)
	cands := siblingCandidates(l, cw, closest)
	if len(cands) == 0 {
		return false // most sentences name nothing in the place of a claim word
	}
	var chunkWords []string // read once a candidate needs it
	told := func(p siblingPair) bool {
		if chunkWords == nil {
			chunkWords = normalisedWords(l, chunk)
		}
		if p.compound {
			return inClause(l, p.x, chunkWords) || slices.ContainsFunc(chunkWords, func(w string) bool { return l.Stem(w) == p.m1 })
		}
		return listedTogether(l, chunkWords, p.x, p.y)
	}
	inSentence := false // a candidate's claim word the sentence holds: only a clause may lack it
	for _, p := range cands {
		if !inClause(l, p.x, closest) {
			if told(p) {
				return true
			}
		} else {
			inSentence = true
		}
	}
	if !inSentence {
		return false
	}
	// "Bei Kreditkarten … 500 €; Debitkarten … mit 800 € Kaution": the
	// clause holding the claim's other words gives it of another thing.
	clauses := clausesOf(c.tongue, sentence)
	if len(clauses) < 2 {
		return false
	}
	for _, cl := range clauses {
		words := normalisedWords(l, cl)
		lacking := 0
		for _, w := range cw {
			if contentWord(l, w) && !inClause(l, w, words) {
				lacking++
			}
		}
		if lacking > 2 {
			continue
		}
		for _, p := range cands {
			if (p.compound && slices.Contains(words, p.y) || !p.compound && sameSlot(cw, p.i, words, p.y)) && !inClause(l, p.x, words) && told(p) {
				return true
			}
		}
	}
	return false
}

// siblingPair is a word x of the claim and a word y of the sentence that
// may name two things of a kind: compounds of one head with first parts
// (m1 the claim's), or two words between the same two words.
type siblingPair struct {
	x, y     string
	i        int // where x stands in the claim's words
	compound bool
	m1       string
}

// sameSlot reports whether y stands in words between the two words that
// stand either side of cw[i].
func sameSlot(cw []string, i int, words []string, y string) bool {
	for j := 1; j+1 < len(words); j++ {
		if words[j] == y && i > 0 && i+1 < len(cw) && words[j-1] == cw[i-1] && words[j+1] == cw[i+1] {
			return true
		}
	}
	return false
}

// siblingCandidates are the pairs of a content word of the claim and one
// of the sentence that the claim lacks, compounds of one head or standing
// between the same two words.
func siblingCandidates(l *lang.Language, cw, closest []string) []siblingPair {
	var out []siblingPair
	for j, y := range closest {
		if !contentWord(l, y) || slices.Contains(cw, y) {
			continue
		}
		for i, x := range cw {
			if !contentWord(l, x) || x == y {
				continue
			}
			m1, compound := siblingCompounds(l, x, y)
			slot := !compound && i > 0 && j > 0 && i+1 < len(cw) && j+1 < len(closest) && cw[i-1] == closest[j-1] && cw[i+1] == closest[j+1]
			if (compound || slot) && !inClause(l, y, cw) {
				out = append(out, siblingPair{x, y, i, compound, m1})
			}
		}
	}
	return out
}

// contentWord reports whether the normalised word w is no stopword and no
// number: a word that may name a thing or a party.
func contentWord(l *lang.Language, w string) bool {
	return !l.IsStopword(w) && !startsWithDigitOrSign(w)
}

// minSiblingHead is the fewest letters of the head two compounds share:
// "-zeit" or "-ungen" is too little to tell a head from an ending.
const minSiblingHead = 6

// compoundSiblings reports whether x and y are compounds (in a language
// that writes them as one word) of one head of minSiblingHead letters or
// more with other first parts of three letters or more, and gives x's
// first part ("covid" of "covid-impfungen" against
// "grippeimpfungen").
func compoundSiblings(l *lang.Language, x, y string) (string, bool) {
	if !l.Compounds {
		return "", false
	}
	n := 0
	for n < len(x) && n < len(y) && x[len(x)-1-n] == y[len(y)-1-n] {
		n++
	}
	for n > 0 && !utf8.RuneStart(x[len(x)-n]) {
		n-- // the head starts at a whole letter
	}
	if utf8.RuneCountInString(x[len(x)-n:]) < minSiblingHead {
		return "", false
	}
	m1, m2 := strings.TrimRight(x[:len(x)-n], "-"), strings.TrimRight(y[:len(y)-n], "-")
	if utf8.RuneCountInString(m1) < 3 || utf8.RuneCountInString(m2) < 3 || m1 == m2 {
		return "", false
	}
	return m1, true
}

// siblingCompounds is compoundSiblings of x and y as written and, failing
// that, of their stems ("Debitkarte" and "Kreditkarten").
func siblingCompounds(l *lang.Language, x, y string) (string, bool) {
	if m1, ok := compoundSiblings(l, x, y); ok || !l.Compounds {
		return m1, ok
	}
	return compoundSiblings(l, l.Stem(x), l.Stem(y))
}

// listedTogether reports whether words join x and y in a list: "perros y
// gatos", "cats and dogs" (a [list-joins] word between them).
func listedTogether(l *lang.Language, words []string, x, y string) bool {
	for k := 1; k+1 < len(words); k++ {
		if l.IsListJoin(words[k]) && (words[k-1] == x && words[k+1] == y || words[k-1] == y && words[k+1] == x) {
			return true
		}
	}
	return false
}

// siblingStated is the claim's quantities that the chunk states only in
// sentences about a sibling of the claim's subject, where a sentence
// naming the subject states another value of the kind: "Covid-Impfungen
// bieten wir ab 18 Jahren an" against "Grippeimpfungen bieten wir … ab 18
// Jahren an. … Covid-Impfungen sind ab 12 Jahren möglich." The subject is
// the claim's first content word, a compound; a sibling is a compound of
// the same head with another first part (compoundSiblings). Only in a
// language that writes compounds as one word.
//
// It returns them with the window of the sentence that states the other
// value, or -1 when there are none.
func siblingStated(c *claim, missing []string, p *passageRead) ([]string, int) {
	l := c.tongue.l
	if l == nil || !l.Compounds {
		return nil, -1
	}
	x, ok := claimSubject(c, l)
	if !ok {
		return nil, -1
	}
	s := p.sentenceReader
	sibling := func(i int) bool {
		return slices.ContainsFunc(s.wordsAt(i), func(y string) bool {
			_, ok := siblingCompounds(l, x, y)
			return ok
		})
	}
	var out []string
	rival := -1
	for _, q := range c.quantities {
		if q.Weak || slices.Contains(missing, q.Raw) {
			continue
		}
		stating, other := false, -1
		for i, w := range s.ev.windows {
			if w.pair {
				continue
			}
			st := s.stated(i)
			names := inClause(l, x, s.wordsAt(i))
			switch {
			case st.index.supports(q) && (names || !sibling(i)):
				stating = true
			case names && other < 0 && slices.ContainsFunc(st.all, func(w quantity) bool { return rivals(q, w) && !claims(c, w) }):
				other = i
			}
		}
		if !stating && other >= 0 {
			out = append(out, q.Raw)
			if rival < 0 {
				rival = other
			}
		}
	}
	return out, rival
}

// topicStated is the claim's amounts, percentages and measures that the
// chunk states only in sentences that do not name the claim's subject,
// where a sentence opening with it states another value of the kind: "For
// specialist appointments you can cancel free of charge until 24 hours
// before" against "You can cancel … free of charge up to 24 hours before
// it starts. … For specialist appointments the free cancellation period is
// 48 hours". The general rule is not the subject's when the chunk gives it
// its own. The subject is the claim's first content word; a sentence
// opens with it when it is the sentence's first content word, after no
// word of [period-anchors].
//
// It returns them with the window of the sentence that states the other
// value, or -1 when there are none.
func topicStated(c *claim, missing []string, p *passageRead) ([]string, int) {
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return nil, -1
	}
	x, ok := claimSubject(c, l)
	if !ok || c.tongue.l == nil && (len(c.phrases) == 0 || !slices.Contains(c.phrases[0].Words, x)) {
		return nil, -1 // in English, a noun of the first noun phrase: not "According to …"
	}
	tr := &topicReader{l: l, x: x, stem: l.Fold(l.Stem(x)), s: p.sentenceReader}
	var out []string
	rival := -1
	for _, q := range c.quantities {
		if q.Weak || slices.Contains(missing, q.Raw) || q.Kind != "money" && q.Kind != "percent" && (q.Kind != "number" || q.Unit == "") ||
			!tr.s.ev.quantities.supports(q) {
			continue
		}
		other := tr.rivalOpening(c, q)
		if other < 0 {
			continue
		}
		var stating []int
		for i, w := range tr.s.ev.windows {
			if !w.pair && tr.s.stated(i).index.supports(q) {
				stating = append(stating, i)
			}
		}
		if len(stating) > 0 && !slices.ContainsFunc(stating, tr.names) {
			out = append(out, q.Raw)
			if rival < 0 {
				rival = other
			}
		}
	}
	return out, rival
}

// topicReader reads a chunk's sentences for topicStated: which open with
// the claim's subject x.
type topicReader struct {
	l    *lang.Language
	x    string
	stem string // x's stem as the byte test looks for it
	s    *sentenceReader
}

// rivalOpening is the first sentence opening with the subject that gives
// a rival of q and does not state it, or -1: most claims have none, and
// then no sentence need be read whole (a byte test finds the stem first).
func (tr *topicReader) rivalOpening(c *claim, q quantity) int {
	for i, w := range tr.s.ev.windows {
		if w.pair || !mentions(tr.s.text(i), tr.stem) {
			continue
		}
		if st := tr.s.stated(i); !st.index.supports(q) && slices.ContainsFunc(st.all, func(w quantity) bool { return rivals(q, w) && !claims(c, w) }) && tr.opens(i) {
			return i
		}
	}
	return -1
}

// names reports whether sentence i is about the subject: it names it, or
// it opens with a pronoun ([subject-pronouns]) and the sentence before
// names it ("Online check-in opens 24 hours before. It closes 2 hours
// before").
func (tr *topicReader) names(i int) bool {
	if inClause(tr.l, tr.x, tr.s.wordsAt(i)) {
		return true
	}
	j := tr.s.before(i)
	return j >= 0 && inClause(tr.l, tr.x, tr.s.wordsAt(j))
}

// opens reports whether sentence i opens with the subject: its first
// content word, with no event word before it ("For specialist
// appointments the period is 48 hours" is about them, "Nach der
// Rücksendung erstatten wir …" about what follows one).
func (tr *topicReader) opens(i int) bool {
	ws := tr.s.wordsAt(i)
	at := slices.IndexFunc(ws, func(w string) bool { return contentWord(tr.l, w) })
	if at < 0 || !inClause(tr.l, tr.x, ws[at:at+1]) {
		return false
	}
	for k := range at {
		if n, _ := tr.l.PeriodAnchorAt(ws, k); n > 0 {
			return false
		}
	}
	return true
}

// partStated is the claim's quantities that a sentence of the chunk
// states only in a part (between semicolons) about another subject, where
// its part about the claim's subject states another value of the kind:
// "El parto está cubierto a partir de los 6 meses" against "Las
// hospitalizaciones tienen un periodo de carencia de 6 meses …; el parto
// tiene una carencia de 8 meses". The claim's subject is its first content
// word; a part is about a subject when it opens with it after a
// determiner (subjectWord), and the part stating the value opens with
// another that the claim does not say.
//
// It returns them with the window of that sentence, or -1 when there are
// none.
func partStated(c *claim, missing []string, p *passageRead) ([]string, int) {
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return nil, -1
	}
	x, ok := claimSubject(c, l)
	if !ok {
		return nil, -1
	}
	cw := claimWords(c, l)
	s := p.sentenceReader
	var out []string
	rival := -1
	for i, w := range s.ev.windows {
		text := s.text(i)
		if w.pair || strings.IndexByte(text, ';') < 0 || !containsFold(text, x) {
			continue
		}
		parts := strings.Split(text, ";")
		read := make([]semiRead, len(parts)) // each part read once, for the first quantity that needs it
		named := namedAfter(c.plain, x)
		for _, q := range c.quantities {
			if q.Weak || slices.Contains(missing, q.Raw) || slices.Contains(out, q.Raw) {
				continue
			}
			stating, other := false, false
			for k, part := range parts {
				r := read[k].of(l, part)
				subject := r.subject
				if subject == x && named != "" {
					// "La Cuenta Online cuesta 5 €" is not about the
					// claim's "Cuenta Clásica".
					if n := namedAfter(part, x); n != "" && !strings.EqualFold(n, named) {
						subject = ""
					}
				}
				supports := r.index.supports(q)
				switch {
				case subject == x && supports, supports && (subject == "" || inClause(l, subject, cw)):
					stating = true
				case subject == x && slices.ContainsFunc(r.claimQuantities(l, part), func(w quantity) bool { return rivals(q, w) && !claims(c, w) }):
					other = true
				}
			}
			if other && !stating {
				out = append(out, q.Raw)
				if rival < 0 {
					rival = i
				}
			}
		}
	}
	return out, rival
}

// semiRead is what partStated reads of a part between semicolons: its
// subject, the quantities it supports, and those it states as a claim's
// would be read.
type semiRead struct {
	read, claimRead bool
	subject         string
	index           quantityIndex
	claimQs         []quantity
}

func (r *semiRead) of(l *lang.Language, part string) *semiRead {
	if !r.read {
		r.subject, r.index, r.read = subjectWord(l, normalisedWords(l, part)), quantityIndexIn(l, part), true
	}
	return r
}

func (r *semiRead) claimQuantities(l *lang.Language, part string) []quantity {
	if !r.claimRead {
		r.claimQs, r.claimRead = claimQuantitiesIn(l, part), true
	}
	return r.claimQs
}

// claimSubject is the claim's first content word: what it is about, in
// the passage checks that read a subject; false when it has none.
// namedAfter is the name that follows the first word of text that is
// subject ("Clásica" in "La Cuenta Clásica cuesta 8 €" after "cuenta"):
// the next word, when it opens with a capital; "" when there is none.
func namedAfter(text, subject string) string {
	found, name := false, ""
	nounphrase.RawWordsWhile(text, func(raw string, _ int) bool {
		if found {
			if r, _ := utf8.DecodeRuneInString(raw); unicode.IsUpper(r) {
				name = raw
			}
			return false
		}
		found = strings.EqualFold(raw, subject)
		return true
	})
	return name
}

func claimSubject(c *claim, l *lang.Language) (string, bool) {
	cw := claimWords(c, l)
	at := slices.IndexFunc(cw, func(w string) bool { return contentWord(l, w) })
	if at < 0 {
		return "", false
	}
	return cw[at], true
}
