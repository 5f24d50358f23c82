package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/eval/overlap"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// claim is what the checks know of a sentence, computed once per sentence.
type claim struct {
	plain      string
	content    []string // Normalize()d non-stopwords, numbers included, in order
	plainText  []string // the word-overlap rule's content words (package overlap)
	plainWords []uint64 // the same, hashed
	phrases    []nounphrase.Phrase
	phraseKeys [][]wordKey // the words of each phrase
	stems      []uint64    // distinct content-word stems, numbers included, hashed, in order
	stemSet    wordSet
	bigrams    []uint64 // distinct adjacent content-word stem pairs, hashed
	quantities []quantity
	grams      sparse
	entities   []string    // proper nouns as written
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

// claimOf measures what the checks need of a claim, once per claim.
func (a *Auditor) claimOf(s sentence, wc *wordCache) claim {
	c := claim{plain: s.Plain, quantities: claimQuantities(s.Plain)}
	tags := a.tagger.Tag(s.Plain)
	c.phrases = nounphrase.Phrases(tags)
	for _, e := range nounphrase.ProperNouns(tags) {
		if _, isCurrency := currencySymbols[strings.ToLower(e)]; !isCurrency {
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
	var stems, bigrams []uint64
	var grams []uint32
	var prev uint64
	hasPrev := false
	nounphrase.RawWordsAt(s.Plain, func(raw string, _ int) {
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
		}
		if isNumeric(w) {
			return
		}
		grams = append(grams, wi.grams...)
	})
	c.stems, c.bigrams = stems, bigrams
	c.stemSet = newWordSet(stems)
	c.plainText = overlap.ContentWords(s.Plain)
	for _, w := range c.plainText {
		c.plainWords = append(c.plainWords, hashWord(w))
	}
	c.grams = charGrams(grams)
	return c
}

func isNumeric(w string) bool {
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' && w[i] != ',' {
			return false
		}
	}
	return true
}
