package lang

import (
	"math"
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Undetermined is the code of a text whose language Detect cannot tell:
// too short, no letters, or evidence for two languages alike.
const Undetermined = "und"

// Guess is the language Detect makes of a text.
type Guess struct {
	// Code is the ISO 639-1 code of the language, or Undetermined.
	Code string
	// Confidence is in [0, 1]: for a text in the Latin script, the share
	// of the winner's evidence that the runner-up does not also have
	// ((best − second) / best); 1 for a script only one language of the
	// detector writes; 0 when Code is Undetermined.
	Confidence float64
}

// Detect guesses the language of text: by its script when one language
// writes it (Greek, Hangul, kana), else by function words ("the", "und",
// "het", "les", "los", "não", "się") and letters only some languages use
// ("ß", "ñ", "ã", "ł"). A word found in several languages' lists counts
// for each a share; a capitalised word inside a sentence counts half (it
// may be a name: "Los Angeles", "De Niro"). Names, numbers and markers
// count for nothing, so "OK [1]." and "€ 15,00" are Undetermined. It is
// deterministic and reads only tables compiled into the binary.
func Detect(text string) Guess {
	d := theDetector()
	var c scriptCount
	var buf [64]token
	toks := tokens(text, buf[:0])
	for _, t := range toks {
		c.add(t.word)
	}
	if code, ok := c.decide(); ok {
		return Guess{Code: code, Confidence: 1}
	}
	if g, ok := d.byFunctionWords(toks); ok {
		return g
	}
	score, n := d.scores(toks)
	if n < 2 {
		return Guess{Code: Undetermined} // one word: a name, a brand, "OK"
	}
	return d.decide(&score)
}

// scores is the evidence of the Latin words of toks for each language,
// and how many such words there are.
func (d *detector) scores(toks []token) ([maxLatin]float64, int) {
	var score [maxLatin]float64
	var own uint32 // the languages a whole word of toks is a function word of
	n := 0
	for k, t := range toks {
		if !isLatinWord(t.word) {
			continue
		}
		n++
		own |= d.addWord(&score, t.word, nameWeight(toks, k))
	}
	// A language without a letter model of its own shares its relative's:
	// without a word of its own it has no evidence of its own, and
	// competes neither for the text nor for its confidence.
	for i := range d.latin {
		if d.tri.alias[i] >= 0 && own&(1<<i) == 0 {
			score[i] = math.Inf(-1)
		}
	}
	return score, n
}

// DetectAmong is Detect's word and letter evidence weighed among the
// given languages only (of the Latin script), the function words of
// none of them left out: "Pro kostet extra", which Detect reads as Czech
// for "pro", is German among ragaudit's five. Undetermined when none of
// them has evidence enough, or two tie.
func DetectAmong(text string, codes []string) Guess {
	d := theDetector()
	var among uint32
	for i, code := range d.latin {
		if slices.Contains(codes, code) {
			among |= 1 << i
		}
	}
	// A function word of none of them ("pro") is no evidence among them.
	var buf [64]token
	toks := tokens(text, buf[:0])
	kept := toks[:0:0]
	for _, t := range toks {
		if set, ok := d.words[strings.ToLower(strings.ReplaceAll(t.word, "’", "'"))]; !ok || set&among != 0 {
			kept = append(kept, t)
		}
	}
	score, n := d.scores(kept)
	if n == 0 {
		return Guess{Code: Undetermined}
	}
	for i := range d.latin {
		if among&(1<<i) == 0 {
			score[i] = math.Inf(-1)
		}
	}
	return d.decide(&score)
}

// token is a word of a text, and whether it opens a sentence.
type token struct {
	word  string
	first bool
}

// tokens appends the words of text to buf.
func tokens(text string, buf []token) []token {
	first := true
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) {
			if r == '.' || r == '!' || r == '?' || r == ':' || r == '\n' || r == '¿' || r == '¡' {
				first = true
			}
			i += size
			continue
		}
		j := wordEnd(text, i)
		buf = append(buf, token{word: text[i:j], first: first})
		first = false
		i = j
	}
	return buf
}

// nameWeight is what the k-th word counts for: a capitalised word inside
// a sentence may be a name ("Los Angeles", "De Niro"), and so may the
// small words between two capitalised ones ("Auf der Maur", "Melissa van
// der Berg").
func nameWeight(toks []token, k int) float64 {
	upper := func(k int) bool {
		r, _ := utf8.DecodeRuneInString(toks[k].word)
		return unicode.IsUpper(r)
	}
	if upper(k) {
		if toks[k].first {
			return 1
		}
		return 0.25
	}
	small := func(j int) bool { return !upper(j) && utf8.RuneCountInString(toks[j].word) <= 3 }
	if !small(k) {
		return 1
	}
	// Between capitalised words over at most one more small word each way.
	before, after := false, false
	for j := k - 1; j >= 0 && j >= k-2; j-- {
		if upper(j) {
			before = true
			break
		}
		if !small(j) || toks[j+1].first {
			break
		}
	}
	for j := k + 1; j < len(toks) && j <= k+2; j++ {
		if toks[j].first {
			break
		}
		if upper(j) {
			after = true
			break
		}
		if !small(j) {
			break
		}
	}
	if before && after {
		return 0.25
	}
	return 1
}

// wordEnd returns where the word starting at text[i] ends: letters, and
// an apostrophe between letters ("l'homme", "don't").
func wordEnd(text string, i int) int {
	j := i
	for j < len(text) {
		r, size := utf8.DecodeRuneInString(text[j:])
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) {
			j += size
			continue
		}
		if r == '\'' || r == '’' {
			if next, _ := utf8.DecodeRuneInString(text[j+size:]); j+size < len(text) && unicode.IsLetter(next) {
				j += size
				continue
			}
		}
		break
	}
	return j
}

// addWord adds the evidence of one word to score, and returns the
// languages the whole word is a function word of.
func (d *detector) addWord(score *[maxLatin]float64, word string, weight float64) (own uint32) {
	w := strings.ToLower(strings.ReplaceAll(word, "’", "'"))
	if set, ok := d.words[w]; ok {
		d.spread(score, set, weight, w)
		own = set
	} else if k := strings.IndexByte(w, '\''); k > 0 {
		// "l'homme": the elided article, then the word.
		if set, ok := d.words[w[:k+1]]; ok {
			d.spread(score, set, weight, "")
		}
		if set, ok := d.words[w[k+1:]]; ok {
			d.spread(score, set, weight, w[k+1:])
		} else {
			d.tri.vote(score, len(d.latin), w[k+1:], weight)
		}
	} else {
		d.tri.vote(score, len(d.latin), w, weight)
	}
	var letters uint32
	for _, r := range w {
		letters |= d.letters[r]
	}
	if letters != 0 {
		share := weight * letterWeight / float64(bits.OnesCount32(letters))
		for s := letters; s != 0; s &= s - 1 {
			score[bits.TrailingZeros32(s)] += share
		}
	}
	return own
}

// letterWeight is what a word's distinctive letters count for beside a
// function word: a name may carry them ("Müller" in an English text).
const letterWeight = 0.5

// spread adds weight to each language of set, shared among them, and
// takes absentWeight × weight from each other language: a function word
// of some languages is evidence against those that lack it ("the" is no
// Dutch word, "en" no Portuguese one), unless its letters make it a
// likely word of that language too ("man", "dog" and "war" are English
// words as well as German, Danish or Dutch function words).
func (d *detector) spread(score *[maxLatin]float64, set uint32, weight float64, w string) {
	share := weight / float64(bits.OnesCount32(set))
	p, _ := d.tri.posterior(len(d.latin), w)
	for i := range d.latin {
		switch {
		case set&(1<<i) != 0:
			score[i] += share
		case p[i] < plausible:
			score[i] -= absentWeight * weight
		}
	}
}

// plausible is the trigram probability above which a word counts as a
// possible word of a language whose function words lack it.
const plausible = 0.1

// absentWeight is what a function word counts against a language that
// lacks it.
const absentWeight = 0.25

// minEvidence is the least evidence a guess needs: half a function word
// that no other language has, or a word's letters and a shared one.
const minEvidence = 0.5

// decide picks the language with most evidence, or Undetermined when
// there is too little or two languages tie.
func (d *detector) decide(score *[maxLatin]float64) Guess {
	best, second := -1, -1
	for i := range d.latin {
		switch {
		case best < 0 || score[i] > score[best]:
			best, second = i, best
		case second < 0 || score[i] > score[second]:
			second = i
		}
	}
	if best < 0 || score[best] < minEvidence || second >= 0 && score[second] == score[best] {
		return Guess{Code: Undetermined}
	}
	conf := 1.0
	if second >= 0 && score[second] > 0 {
		conf = (score[best] - score[second]) / score[best]
	}
	return Guess{Code: d.latin[best], Confidence: conf}
}

// A text of many words is told by its function words alone when they
// agree: the trigram vote, which costs most of Detect, decides only texts
// whose function words are few or shared (short answers, lists of
// names). fastMinWords and fastMinHits bound the evidence; fastMinMargin
// is the least confidence the shortcut takes.
const (
	fastMinWords  = 24
	fastMinHits   = 8.0
	fastMinMargin = 0.6
)

// byFunctionWords guesses the language of a long text from its function
// words, shared among the languages that have them; false when the text
// is short or they do not agree enough.
func (d *detector) byFunctionWords(toks []token) (Guess, bool) {
	if len(toks) < fastMinWords {
		return Guess{}, false
	}
	var score [maxLatin]float64
	hits := 0.0
	for k, t := range toks {
		if !isLatinWord(t.word) {
			continue
		}
		w := strings.ToLower(strings.ReplaceAll(t.word, "’", "'"))
		set, ok := d.words[w]
		if !ok {
			continue
		}
		weight := nameWeight(toks, k)
		hits += weight
		share := weight / float64(bits.OnesCount32(set))
		for s := set; s != 0; s &= s - 1 {
			score[bits.TrailingZeros32(s)] += share
		}
	}
	if hits < fastMinHits {
		return Guess{}, false
	}
	best, second := -1, -1
	for i := range d.latin {
		switch {
		case best < 0 || score[i] > score[best]:
			best, second = i, best
		case second < 0 || score[i] > score[second]:
			second = i
		}
	}
	conf := 1.0
	if second >= 0 {
		conf = (score[best] - score[second]) / score[best]
	}
	if conf < fastMinMargin {
		return Guess{}, false
	}
	return Guess{Code: d.latin[best], Confidence: conf}, true
}

// Evidence counts the distinct words of text that point to the language
// code in Detect's tables: its function words, and words with a letter
// that only some languages, code among them, use. A guess resting on one
// such word ("pro" read as Czech in "Pro is free", "a" as Portuguese in
// "Enviamos a Canarias") is thin; the audit weighs it against the
// languages of the chunks an answer cites.
func Evidence(text, code string) int {
	d := theDetector()
	i := slices.Index(d.latin, code)
	if i < 0 {
		return 0
	}
	bit := uint32(1) << i
	var buf [64]token
	var seen []string
	for _, t := range tokens(text, buf[:0]) {
		w := strings.ToLower(strings.ReplaceAll(t.word, "’", "'"))
		if !isLatinWord(t.word) || slices.Contains(seen, w) {
			continue
		}
		letters := uint32(0)
		for _, r := range w {
			letters |= d.letters[r]
		}
		if d.words[w]&bit != 0 || letters&bit != 0 {
			seen = append(seen, w)
		}
	}
	return len(seen)
}
