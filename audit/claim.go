package audit

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/eval/overlap"
	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// claim is what the checks know of a sentence, computed once per sentence.
type claim struct {
	tongue tongue // the language it is judged in
	plain  string
	// answerOnly: the claim is only an answer word ("Yes.", "Ja, das
	// geht."), not auditable without the question (lang.AnswerWordOnly).
	answerOnly bool
	content    []string     // Normalize()d non-stopwords, numbers included, in order
	words      []string     // every word as normalisedWords gives it, filled by the negation check
	names      *[]claimName // claimNames, filled by the first passage check that needs them
	actor      *claimActor  // actorOf, filled by the first check that needs it
	near       *nearest     // the last window read by nearest, for the next check of the same pair
	times      int8         // countsTimes of its words: 0 not yet read, 1 yes, -1 no
	changes    []byte       // changeRole of each quantity, read once a claim (nil: not yet)
	degrees    []int8       // comparedDegree of each quantity, read once a claim (nil: not yet)
	codes      *[]string    // codesIn, filled by the first entity check
	plainText  []string     // the word-overlap rule's content words (package overlap)
	plainWords []uint64     // the same, hashed
	phrases    []nounphrase.Phrase
	phraseKeys [][]wordKey // the words of each phrase
	stems      []uint64    // distinct content-word stems, numbers included, hashed, in order
	// In a language with tables, per stem: its prefix (prefixKey) and the
	// first word written with it (found).
	// quantityOf is, per stem, the quantity of the claim it is a word of
	// ("zwei" and "Jahre" of "zwei Jahre"), or -1 (found).
	quantityOf []int
	// unitWords is, per stem, whether it is a word of a figure after its
	// number: its unit ("months" of "12 months").
	unitWords []bool
	// anchored is, per stem, whether it is a word of the event a period
	// of the claim runs from ("returning home" of "within 30 days of
	// returning home"): part of the figure for the passage checks.
	anchored   []bool
	prefixes   []uint64
	prefixSet  wordSet
	stemForms  []string    // the stems themselves
	alts       [][2]uint64 // per stem: its verb root's stem and prefix (wordInfo.alt), or zeros; nil: none has one
	roots      []string    // with alts, per stem: the verb root as written (wordInfo.root), or ""
	bares      []uint64    // per stem: its stem without accents (wordInfo.bare), or 0; nil: none has one
	separated  [][2]uint64 // per stem: its verb's separable prefix and the rest's stem (wordInfo.particle, .rest), or zeros; nil: none has one
	forms      []string
	stemSet    wordSet
	bigrams    []uint64 // distinct adjacent content-word stem pairs, hashed
	quantities []quantity
	bounds     []bounded // its figures with their bounds (bounds.go), once boundsRead
	boundsRead bool
	grams      sparse
	entities   []string    // proper nouns as written
	commonCaps []string    // English: capitalised words inside the sentence the tagger reads as common nouns ("Team" of "the Team plan")
	entityKeys [][]wordKey // the words of each proper noun
	vec        []float32
	wids       []int32   // content words, by word-embedder id
	wweights   []float32 // their SIF weights
	wsim       func(a, b int32) float32
}

// wordKey is a word of a claim as the evidence is probed for it: its
// normalised form and its stem, hashed.
type wordKey struct{ word, stem uint64 }

func keysOf(words []string) []wordKey {
	out := make([]wordKey, len(words))
	for i, w := range words {
		out[i] = wordKey{hashWord(w), hashWord(nounphrase.StemWord(w))}
	}
	return out
}

// claimOf measures what the checks need of a claim, once per claim, in
// its language t (wc is that language's word cache). A claim in a
// language the checks do not read is only its text: it is never measured.
func (a *Auditor) claimOf(s sentence, wc *wordCache, t tongue) claim {
	c := claim{tongue: t, plain: s.Plain}
	if !t.ok {
		return c
	}
	l, _ := lang.Get(t.code)
	if l != nil && l.AnswerWordOnly(s.Plain) {
		c.answerOnly = true
	}
	c.quantities = slices.DeleteFunc(claimQuantitiesIn(t.l, s.Plain), func(q quantity) bool {
		return sourceNumber(s.Plain, q) || inAddress(s.Plain, q) || l != nil && l.AllDayAt([]string{strings.ToLower(tokenAround(s.Plain, q.Start))}, 0) == 1
	})
	if t.l == nil {
		a.englishNames(&c)
	} else {
		c.entities = namesIn(s.Plain, t.l)
		c.entityKeys = make([][]wordKey, len(c.entities))
		for i, e := range c.entities {
			c.entityKeys[i] = keysIn(t.l, e)
		}
	}
	// Room for every word without regrowing (a word takes five bytes or
	// more with its space); the 4-grams go to the worker's scratch buffer,
	// as only their vector is kept.
	n := len(s.Plain)/5 + 4
	c.content, c.quantityOf = make([]string, 0, n), make([]int, 0, n)
	stems, bigrams := make([]uint64, 0, n), make([]uint64, 0, n)
	grams := wc.scratch.grams[:0]
	defer func() { wc.scratch.grams = keep(grams) }()
	var prev uint64
	hasPrev := false
	spans := quantitySpans(s.Plain, c.quantities)
	anchors := anchorSpans(t, s.Plain, c.quantities)
	nounphrase.RawWordsAt(s.Plain, func(raw string, start int) {
		wi := wc.info(raw)
		if wi.norm == "" || wi.stop {
			return
		}
		w, st := wi.norm, wi.stem
		c.content = append(c.content, w)
		if hasPrev {
			if b := hashPair(prev, st); !slices.Contains(bigrams, b) {
				bigrams = append(bigrams, b)
			}
		}
		prev, hasPrev = st, true
		// Numbers count as words ("1865" the chunk lacks is a word it
		// lacks: leaving them out cost token_overlap most of its lead
		// over chance on dates), but not as 4-grams.
		if !slices.Contains(stems, st) {
			stems = append(stems, st)
			q := spans.at(start)
			c.quantityOf = append(c.quantityOf, q)
			c.unitWords = append(c.unitWords, q >= 0 && start > c.quantities[q].Start && !isNumeric(w))
			c.anchored = append(c.anchored, anchors.at(start) >= 0)
			if t.l != nil {
				c.addForms(wi)
			}
		}
		if isNumeric(w) {
			return
		}
		grams = append(grams, wi.grams...)
	})
	c.stems, c.bigrams = stems, bigrams
	c.stemSet = newWordSet(stems)
	c.prefixSet = newWordSet(slices.DeleteFunc(slices.Clone(c.prefixes), func(p uint64) bool { return p == 0 }))
	c.plainText = a.overlapWords(s.Plain, t)
	for _, w := range c.plainText {
		c.plainWords = append(c.plainWords, hashWord(w))
	}
	c.grams = charGrams(grams, &wc.scratch.counts)
	return c
}

// addForms records, in a language with tables, what found reads of the
// claim's newest stem: its prefix, form and stem, and where it has them
// its verb root, separated verb and stem without accents, whose slices
// are made only for a claim with a word that has one.
func (c *claim) addForms(wi *wordInfo) {
	c.prefixes, c.forms, c.stemForms = append(c.prefixes, wi.prefix), append(c.forms, wi.norm), append(c.stemForms, wi.stemText)
	k := len(c.prefixes) - 1
	c.alts = appendLazily(c.alts, k, [2]uint64{wi.alt, wi.altPrefix})
	c.roots = appendLazily(c.roots, k, wi.root)
	c.separated = appendLazily(c.separated, k, [2]uint64{wi.particle, wi.rest})
	c.bares = appendLazily(c.bares, k, wi.bare)
}

// appendLazily appends v to s as its k-th element, making s (k zero values
// before v) only when v is no zero value.
func appendLazily[T comparable](s []T, k int, v T) []T {
	if s == nil {
		var zero T
		if v == zero {
			return nil
		}
		s = make([]T, k, k+4)
	}
	return append(s, v)
}

func isNumeric(w string) bool {
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' && w[i] != ',' {
			return false
		}
	}
	return true
}

// sourceNumber reports whether q is the number of a source label the
// claim writes in words ("(zie bron 1)", "(see source 2)"): a reference
// to a chunk, not a figure the chunk must state.
func sourceNumber(plain string, q quantity) bool {
	if q.Kind != "number" || q.Unit != "" {
		return false
	}
	before := strings.Fields(plain[:q.Start])
	if len(before) == 0 {
		return false
	}
	w := strings.ToLower(strings.TrimLeft(before[len(before)-1], "(["))
	return isSourceWord(strings.TrimRight(w, ":#"))
}

// inAddress reports whether q is written inside a web or e-mail address
// ("zie https://planbord.nl/help/artikel/4471", "example.com/help/4471",
// "support2@…"): a part of a link, no figure the chunk must state. A date
// or a fraction with slashes ("12/05/2026", "24/7") has no host before
// them.
func inAddress(plain string, q quantity) bool {
	tok := tokenAround(plain, q.Start)
	if strings.Contains(tok, "://") || strings.HasPrefix(strings.ToLower(tok), "www.") || strings.Contains(tok, "@") {
		return true
	}
	slash := strings.IndexByte(tok, '/')
	if slash <= 0 {
		return false
	}
	host := tok[:slash]
	dot := strings.LastIndexByte(host, '.')
	return dot > 0 && dot < len(host)-1 && isLetter(host[dot-1]) && isLetter(host[dot+1])
}

// tokenAround is the run of text between spaces that holds byte i, its
// punctuation at either end trimmed ("24/7" of "available 24/7.").
func tokenAround(plain string, i int) string {
	start := strings.LastIndexFunc(plain[:i], unicode.IsSpace) + 1
	end := strings.IndexFunc(plain[i:], unicode.IsSpace)
	if end < 0 {
		end = len(plain)
	} else {
		end += i
	}
	return strings.Trim(plain[start:end], "()[]<>\"'.,;:!?")
}

// isSourceWord reports whether the lower-cased w opens a source label in
// any language (lang.SourceWords: "source", "bron", "quelle", …).
func isSourceWord(w string) bool {
	_, ok := sourceWordSet()[w]
	return ok
}

var sourceWordSet = sync.OnceValue(func() map[string]struct{} {
	out := map[string]struct{}{}
	for _, w := range lang.SourceWords() {
		out[w] = struct{}{}
	}
	return out
})

// englishNames fills the noun phrases and proper nouns of an English
// claim, from the part-of-speech tagger.
func (a *Auditor) englishNames(c *claim) {
	tags := a.tagger.Tag(c.plain)
	c.phrases = nounphrase.Phrases(tags)
	for k, t := range tags {
		if k > 0 && (t.Tag == "NN" || t.Tag == "NNS") && initialCapital(t.Text) {
			c.commonCaps = append(c.commonCaps, t.Text)
		}
	}
	for _, e := range nounphrase.ProperNouns(tags) {
		_, isCurrency := currencySymbols[strings.ToLower(e)]
		if !isCurrency && !unitOfFigureIn(c.plain, e) {
			c.entities = append(c.entities, e)
		}
	}
	c.phraseKeys = make([][]wordKey, len(c.phrases))
	for i, p := range c.phrases {
		c.phraseKeys[i] = keysOf(p.Words)
	}
	c.entityKeys = make([][]wordKey, len(c.entities))
	for i, e := range c.entities {
		c.entityKeys[i] = keysOf(nounphrase.Words(e))
	}
}

// keysIn are the word keys of a text's words in language l.
func keysIn(l *lang.Language, text string) []wordKey {
	var out []wordKey
	for _, w := range tokens(text) {
		if n := l.Normalize(w); n != "" {
			out = append(out, wordKey{hashWord(n), hashWord(l.Stem(n))})
		}
	}
	return out
}

// namesIn finds the names of a sentence in a language without a tagger:
// its capitalised words inside the sentence (not its first word, not a
// stopword, after an elided article: "d'Angers"), each a name of its own
// ("Laura Fernández" against "Laura Martínez" is the swap of "Fernández",
// between the same neighbours: nameSwapped); where every noun is
// capitalised (German), only words whose shape marks a name or product:
// a capital inside ("iPhone"), capitals only ("ACME"), letters and digits
// ("X200").
func namesIn(plain string, l *lang.Language) []string {
	var out []string
	start := true // the next word opens a sentence
	prev, prevName := "", false
	var particles []string  // lower-case words since the last name ("de" of "Jan de Vries")
	run, fresh := "", false // the name being read, and whether out's last entry is it
	for _, f := range strings.Fields(plain) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		if k := strings.IndexAny(w, "'’"); k > 0 && l.StripElision(strings.ToLower(w[:k])+"'x") == "x" {
			_, size := utf8.DecodeRuneInString(w[k:])
			w = w[k+size:]
		}
		_, currency := currencySymbols[strings.ToLower(w)]
		currency = currency || unitAfterFigure(l, prev, w) // "64 Mbit/s" names no thing either
		afterParticle := len(particles) > 0
		name := w != "" && !start && !currency && nameShaped(w, l, prev, prevName || afterParticle) && !l.IsStopword(l.Normalize(w))
		switch {
		case name && afterParticle: // one name: "Jan de Vries", "Ursula von der Leyen"
			joined := run + " " + strings.Join(particles, " ") + " " + w
			if fresh {
				out[len(out)-1] = joined
			} else {
				out = appendUnique(out, joined)
			}
			run, fresh, particles = joined, len(out) > 0 && out[len(out)-1] == joined, nil
		case name:
			fresh = !slices.Contains(out, w)
			out, run = appendUnique(out, w), w
		case (prevName || afterParticle) && len(particles) < 2 && l.NameParticle(w):
			particles = append(particles, w)
		default:
			particles = nil
		}
		start = strings.ContainsAny(f[len(f)-1:], ".!?:")
		if start {
			particles = nil
		}
		prev, prevName = w, name
	}
	return out
}

// nameShaped reports whether a word as written looks like a name in l,
// after the word prev (a name itself when prevName). Where every noun is
// capitalised, a name is a word whose shape marks it (a capital inside:
// "iPhone"; capitals only: "ACME"; digits: "X200"), or a capitalised word
// right after a name, a title or a preposition with no article (the
// table's [name-before]: "von Hermes", "Herr Wagner", "in Leipzig")
// that does not end as common nouns do ("per Überweisung").
// unitOfFigureIn reports whether the tagger's proper noun e is a unit
// written after a figure in text ("Gbit/s" of "1 Gbit/s"): it names
// nothing ("Day" of "Christmas Day" does).
func unitOfFigureIn(text, e string) bool {
	if !isUnitWord(nil, e) {
		return false
	}
	for from := 0; ; {
		k := strings.Index(text[from:], e)
		if k < 0 {
			return false
		}
		k += from
		if before := strings.TrimRight(text[:k], " "); before != "" && isDigit(before[len(before)-1]) {
			return true
		}
		from = k + len(e)
	}
}

// unitAfterFigure reports whether w, after the word prev, is the unit of
// prev's figure ("Mbit/s" of "64 Mbit/s", "GB" of "10 GB").
func unitAfterFigure(l *lang.Language, prev, w string) bool {
	return prev != "" && startsWithDigitOrSign(prev) && isUnitWord(l, w)
}

// isUnitWord reports whether w, as written, is a unit: of the English
// table or of l's (nil: English only), a rate read by its word before
// "/s" ("Mbit/s" as "mbit").
func isUnitWord(l *lang.Language, w string) bool {
	lw := strings.TrimSuffix(strings.ToLower(w), "/s")
	if units[lw] != "" || l == nil {
		return units[lw] != ""
	}
	_, unit := l.Unit(lw)
	return unit
}

func nameShaped(w string, l *lang.Language, prev string, prevName bool) bool {
	first, _ := utf8.DecodeRuneInString(w)
	if !unicode.IsUpper(first) {
		return false
	}
	if !l.NounsCapitalised {
		return true
	}
	rest := w[utf8.RuneLen(first):]
	if strings.IndexFunc(rest, unicode.IsUpper) >= 0 || strings.IndexFunc(w, unicode.IsDigit) >= 0 {
		return true
	}
	return (prevName || l.NameBefore(prev)) && !l.NounSuffixed(w)
}

// overlapWords are the word-overlap rule's content words of a claim, with
// the stopwords of its language.
func (a *Auditor) overlapWords(text string, t tongue) []string {
	if t.l == nil {
		return overlap.ContentWords(text)
	}
	return overlap.ContentWordsWithout(text, t.l.IsOverlapStopword)
}

// quantityStated reports whether the claim's k-th stem is a word of a
// quantity the chunk states, in its unit or another ("zwei Jahre" of a
// chunk's "24 Monate", "dertig dagen" of "30 dagen") or as a count of
// times per period ("deux fois par an" of "tous les six mois").
func (c *claim) quantityStated(k int, ev *evidence) bool {
	q := c.quantityOf[k]
	if q < 0 {
		return false
	}
	x := c.quantities[q]
	return ev.quantities.supports(x) || ev.statesAsInterval(c, x) || ev.statesAsCount(c, x)
}

// found reports whether the claim's k-th content stem is in the chunk: as
// a stem, or, in a language with tables, as a word of a quantity the
// chunk states in any form, as a stem of the same first letters
// (stemPrefix), as a verb form's root ("gesendet" of "senden",
// lang.VerbRoot, either side), as a verb of a separable prefix the
// chunk writes apart ("angekommen" of "kommt … an": the rest's stem and
// the prefix as a word), read without accents (lang.BareStem, either
// side: "Ramsès" of "Ramses"), or as a part of a compound — the claim's word made of the
// chunk's ("Garantiezeit" of "Garantie … Zeit"), or the chunk's word made
// with it ("Zeit" of "Garantiezeit").
func (c *claim) found(k int, ev *evidence) bool {
	if ev.stems.has(c.stems[k]) {
		return true
	}
	if c.prefixes == nil {
		return false // English: the words as the shipped verdict was fitted on them
	}
	if c.quantityStated(k, ev) {
		return true
	}
	if p := c.prefixes[k]; p != 0 && ev.prefixes.has(p) {
		return true
	}
	if a := c.altAt(k); a[0] != 0 && (ev.stems.has(a[0]) || a[1] != 0 && ev.prefixes.has(a[1])) {
		return true
	}
	if k < len(c.separated) && c.separated[k][1] != 0 && ev.stems.has(c.separated[k][1]) && ev.words.has(c.separated[k][0]) {
		return true // "angekommen" of "kommt … an"
	}
	if k < len(c.bares) && c.bares[k] != 0 && ev.stems.has(c.bares[k]) {
		return true // "Ramsès" of "Ramses", "Noël" of "Noel"
	}
	l := c.tongue.l
	if !l.Compounds {
		return false
	}
	w := c.forms[k]
	if l.Compound(w, func(stem string) bool { return ev.stems.has(hashWord(stem)) }) {
		return true
	}
	// The chunk's word made with the claim's: ending or starting with it
	// ("Zeit" in "Garantiezeit"), opening with its verb root ("saug" of
	// "saugt" in "Saugroboter"), or, for a long stem, holding it, as the
	// language's stems fold letters ("rucksend" of "Rücksendungen" in
	// "zurücksenden", a verb with its separable prefix).
	st, root := c.stemForms[k], c.rootAt(k)
	for _, f := range ev.forms {
		switch {
		case f == w || f == st:
		case utf8.RuneCountInString(w) >= 4 && (strings.HasSuffix(f, w) || strings.HasPrefix(f, w)):
			return true
		case root != "" && strings.HasPrefix(f, root):
			return true
		case utf8.RuneCountInString(st) >= 6 && strings.Contains(l.Fold(f), st):
			return true
		}
	}
	return false
}

// rootAt is the verb root of the k-th stem as written, or "".
func (c *claim) rootAt(k int) string {
	if k < len(c.roots) {
		return c.roots[k]
	}
	return ""
}

// altAt is the verb root's stem and prefix of the k-th stem, or zeros.
func (c *claim) altAt(k int) [2]uint64 {
	if k < len(c.alts) {
		return c.alts[k]
	}
	return [2]uint64{}
}

// qspans are the byte spans of a claim's quantities in its text.
type qspans [][2]int

// quantitySpans are the spans of qs in text, whose offsets they carry; none
// when the quantities were read with other spaces than text's (their
// offsets are then those of plainSpaces(text)).
func quantitySpans(text string, qs []quantity) qspans {
	if plainSpaces(text) != text {
		return nil
	}
	out := make(qspans, len(qs))
	for i, q := range qs {
		out[i] = [2]int{q.Start, q.Start + len(q.Raw)}
	}
	return out
}

// anchorSpans are the byte spans of the events the claim's periods run
// from: after a duration and a phrase of [period-anchors] (or, after a
// word of [bound-within], [period-anchors-within]), its next words up to
// three, within the clause ("within 30 days of returning home": "returning
// home"). A claim that gives its period another event than the chunk's
// sentence about its act is read by what it says of the act.
func anchorSpans(t tongue, text string, qs []quantity) qspans {
	l, ok := lang.Get(t.code)
	if !ok {
		return nil
	}
	var out qspans
	for _, q := range qs {
		if !strings.HasPrefix(q.Unit, "time:") || q.Start+len(q.Raw) > len(text) {
			continue
		}
		from := q.Start + len(q.Raw)
		var ws []string
		var at [][2]int
		nounphrase.RawWordsWhile(text[from:], func(raw string, start int) bool {
			if strings.ContainsAny(text[from:from+start], ",;:") {
				return false
			}
			ws, at = append(ws, strings.ToLower(raw)), append(at, [2]int{from + start, from + start + len(raw)})
			return len(ws) < 6
		})
		n, _ := l.PeriodAnchorAt(ws, 0)
		if n == 0 || n >= len(ws) {
			continue
		}
		end := min(len(ws), n+3)
		out = append(out, [2]int{at[n][0], at[end-1][1]})
	}
	return out
}

// at is the quantity whose span holds byte offset pos, or -1.
func (s qspans) at(pos int) int {
	for i, sp := range s {
		if sp[0] <= pos && pos < sp[1] {
			return i
		}
	}
	return -1
}
