package audit

import (
	"math"
	"math/bits"
	"slices"

	"github.com/ragaudit/ragaudit/embed"
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
	quantities []Quantity
	grams      sparse
	entities   []string    // proper nouns as written
	entityKeys [][]wordKey // the words of each proper noun
	vec        []float32
	wids       []int32   // content words, by word-embedder id
	wweights   []float32 // their SIF weights
	wsim       func(a, b int32) float32
}

// evidence is what the checks know of one chunk (or of the union of the
// chunks a sentence cites), computed once per answer.
type evidence struct {
	words      wordSet // Normalize()d words
	plainWords wordSet // the word-overlap rule's words (package overlap), hashed
	stems      wordSet
	bigrams    wordSet // adjacent content-word stems
	quantities QuantityIndex
	windows    []window
	texts      []string    // the text each window's span refers to
	content    []string    // the chunk's content words (Normalize()d, stopwords out), in order
	vecs       [][]float32 // per window; nil without an embedder
	wids       []int32     // distinct words, by word-embedder id
	arena      *arena      // what its slices came from; nil: the heap
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

// contains reports whether the chunk has the word, as written or as a stem.
func (ev *evidence) contains(k wordKey) bool { return ev.words.has(k.word) || ev.stems.has(k.stem) }

func newEvidence(text string, wc *wordCache) *evidence {
	ev := &evidence{quantities: IndexQuantities(text)}
	// Word lists go to the worker's scratch buffers: the evidence keeps
	// only the sets built from them.
	b := &wc.scratch
	words, ws, ss, bs, toks := b.words[:0], b.ws[:0], b.ss[:0], b.bs[:0], b.toks[:0]
	defer func() { b.words, b.ws, b.ss, b.bs, b.toks = keep(words), keep(ws), keep(ss), keep(bs), keep(toks) }()
	// The content words are for an embedder that embeds windows from
	// their text (Auditor.embed); an additive one gets vectors below.
	needContent := wc.te == nil
	if needContent {
		ev.content = make([]string, 0, len(text)/10+8)
	}
	var prev uint64
	hasPrev := false
	ps := b.ps[:0]
	nounphrase.RawWordsAt(text, func(raw string, start int) {
		w := wc.info(raw)
		ps = append(ps, w.plain...)
		if len(w.tokens) > 0 {
			toks = append(toks, wordTokens{start, w.tokens})
		}
		if w.norm == "" {
			return
		}
		words = append(words, chunkWord{w, start})
		ws = append(ws, w.hash)
		ss = append(ss, w.stem)
		if !w.stop {
			if needContent {
				ev.content = append(ev.content, w.norm)
			}
			if hasPrev {
				bs = append(bs, hashPair(prev, w.stem))
			}
			prev, hasPrev = w.stem, true
		}
	})
	b.ps = keep(ps)
	ar := &wc.arena
	ev.arena = ar
	ev.words, ev.stems, ev.bigrams = newWordSetIn(ws, &ar.u64), newWordSetIn(ss, &ar.u64), newWordSetIn(bs, &ar.u64)
	ev.plainWords = newWordSetIn(ps, &ar.u64)
	ev.windows = buildWindows(text, words, b, ar)
	ev.texts = make([]string, len(ev.windows))
	for i := range ev.texts {
		ev.texts[i] = text
	}
	if wc.te != nil {
		ev.vecs = windowVectors(ev.windows, toks, wc.te, &ar.f32)
		if wc.we != nil && len(ev.windows) > 0 {
			ev.wids = distinctIDs(words, &b.ids)
		}
	}
	return ev
}

// wordTokens are the embedder tokens of a word of a chunk at offset start.
type wordTokens struct {
	start int
	ids   []int32
}

// windowVectors embeds each one-sentence window as the sum of its words'
// vectors, as the embedder would embed the window's text (same words,
// same order: bit for bit), and each two-sentence window as the sum of
// its sentences' (as Auditor.embed does).
func windowVectors(ws []window, toks []wordTokens, te TokenEmbedder, slab *slab[float32]) [][]float32 {
	dim := te.Dim()
	block := slab.alloc(len(ws) * dim) // one allocation for all
	vecs := make([][]float32, len(ws))
	for i := range vecs {
		vecs[i] = block[i*dim : (i+1)*dim : (i+1)*dim]
	}
	k := 0
	for i, w := range ws {
		if w.pair {
			continue
		}
		v := vecs[i]
		for k < len(toks) && toks[k].start < w.start {
			k++
		}
		for ; k < len(toks) && toks[k].start < w.end; k++ {
			te.AddTokens(v, toks[k].ids)
		}
	}
	for i, w := range ws {
		if w.pair {
			for d, x := range vecs[i-1] {
				vecs[i][d] = x + vecs[i+1][d]
			}
		}
	}
	return vecs
}

// distinctIDs is WordEmbedder.WordIDs of the chunk's content words joined
// by spaces (which Auditor.embed computes from the text): each word's ids
// in order of first appearance. seen is scratch space (a list search made
// this quadratic in the chunk's vocabulary).
func distinctIDs(words []chunkWord, seen *idSet) []int32 {
	n := 0
	for _, w := range words {
		n += len(w.wids)
	}
	seen.reset(n)
	var ids []int32
	for _, w := range words {
		if w.stop {
			continue
		}
		for _, id := range w.wids {
			if seen.add(id) {
				ids = append(ids, id)
			}
		}
	}
	return ids
}

// idSet is a set of word ids for one use at a time: open addressing, its
// slots marked with the use's generation so that reset need not clear them.
type idSet struct {
	slots []idSlot
	gen   uint32
}

type idSlot struct {
	id  int32
	gen uint32 // the slot is in the set if gen is the set's
}

// reset empties the set, with room for n ids.
func (s *idSet) reset(n int) {
	if size := max(64, 1<<bits.Len(uint(2*n))); len(s.slots) < size {
		s.slots, s.gen = make([]idSlot, size), 0
	}
	if s.gen++; s.gen == 0 { // wrapped: old marks could match
		clear(s.slots)
		s.gen = 1
	}
}

// add adds id and reports whether it was new.
func (s *idSet) add(id int32) bool {
	mask := len(s.slots) - 1
	for i := int(uint32(id)*0x9E3779B1) & mask; ; i = (i + 1) & mask {
		switch sl := &s.slots[i]; {
		case sl.gen != s.gen:
			*sl = idSlot{id, s.gen}
			return true
		case sl.id == id:
			return false
		}
	}
}

// union merges evidences, for the sentence-level verdict over all cited chunks.
func union(evs []*evidence) *evidence {
	if len(evs) == 1 {
		return evs[0]
	}
	u := &evidence{quantities: QuantityIndex{}, arena: evs[0].arena}
	var (
		words, stems, bigrams, plain []wordSet
		sets                         *slab[uint64]
		n                            int
	)
	for _, ev := range evs {
		n += len(ev.windows)
	}
	if u.arena != nil {
		sets, u.windows = &u.arena.u64, u.arena.win.alloc(n)[:0]
	}
	for _, ev := range evs {
		words, stems, bigrams = append(words, ev.words), append(stems, ev.stems), append(bigrams, ev.bigrams)
		plain = append(plain, ev.plainWords)
		u.quantities.merge(ev.quantities)
		u.wids = append(u.wids, ev.wids...)
		u.windows = append(u.windows, ev.windows...)
		u.texts = append(u.texts, ev.texts...)
		if ev.vecs != nil || len(ev.windows) == 0 {
			u.vecs = append(u.vecs, ev.vecs...)
		}
	}
	u.words, u.stems, u.bigrams = unionSets(sets, words...), unionSets(sets, stems...), unionSets(sets, bigrams...)
	u.plainWords = unionSets(sets, plain...)
	if len(u.vecs) != len(u.windows) {
		u.vecs = nil
	}
	return u
}

// Signals are the named measurements of one (sentence, chunk) pair that the
// verdict is made from; the evidence lists say why.
type Signals struct {
	NPCoverage       float64  // mean share of each noun phrase's words found in the chunk; -1: no phrase
	TokenOverlap     float64  // share of the sentence's content-word stems, numbers included, found in the chunk; -1: no word
	PlainOverlap     float64  // the word-overlap rule's score (package overlap); -1: no content word
	Unstated         []string // the sentence's content words the chunk lacks (as the rule counts them)
	MissingWords     int      // content-word stems of the sentence absent from the chunk
	Words            int      // content-word stems of the sentence
	BigramOverlap    float64  // share of the sentence's adjacent content-word pairs found in the chunk; -1: none
	WindowOverlap    float64  // the same, against the best-matching window only
	NgramSim         float64  // character 4-gram cosine with the best-matching window
	EmbedSim         float64  // embedding cosine with the best-matching window; -1: no embedder
	NumbersMissing   []string
	NegationMismatch bool // "not", "no", "never", "without", "n't"… on one side only, in a close match
	EntitiesMissing  []string
	EntityShare      float64 // share of the sentence's proper nouns found in the chunk; -1: none
	EntityMismatch   bool    // a close match to a window whose only new words are names the chunk lacks
	SoftRecall       float64 // SIF-weighted mean, over the sentence's words, of the best word-vector match in the chunk; -1: no word vectors
	SoftMin          float64 // the worst such match among the sentence's contentful words; -1: none
	NPFound          []string
	NPMissing        []string
	Span             [2]int  // byte span of the best-matching window in its chunk
	Window           *window // the best-matching window
	SpanText         string  // the text the span refers to
	// sentenceMin: the lowest bigram_overlap and ngram_sim among the
	// citations of the pair's sentence; nil: the pair alone.
	sentenceMin *[2]float64
}

// Check is one named, documented measurement over a pair, in the manner of
// go/analysis: checks are independent and each fills its own signals.
type Check struct {
	Name string
	Doc  string
	Run  func(c *claim, ev *evidence, s *Signals)
}

// Checks are the checks run on every pair, in order.
var Checks = []Check{
	{
		Name: "noun_phrases",
		Doc:  "noun phrases of the sentence found in the chunk (case, plural and punctuation normalised)",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.NPCoverage = -1
			if len(c.phrases) == 0 {
				return
			}
			var sum float64
			for i, p := range c.phrases {
				found := 0
				for _, k := range c.phraseKeys[i] {
					if ev.contains(k) {
						found++
					}
				}
				sum += float64(found) / float64(len(p.Words))
				if found == len(p.Words) {
					s.NPFound = appendUnique(s.NPFound, p.Text)
				} else {
					s.NPMissing = appendUnique(s.NPMissing, p.Text)
				}
			}
			s.NPCoverage = sum / float64(len(c.phrases))
		},
	},
	{
		Name: "word_overlap",
		Doc:  "share of the sentence's content words (stemmed, stopwords removed, numbers kept) present in the chunk",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.TokenOverlap = shareIn(c.stems, ev.stems)
			s.Words = len(c.stems)
			for _, st := range c.stems {
				if !ev.stems.has(st) {
					s.MissingWords++
				}
			}
		},
	},
	{
		Name: "plain_overlap",
		Doc:  "share of the sentence's distinct content words found in the chunk, counted by the word-overlap rule (lower-cased, no stems); the words it lacks",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.PlainOverlap = shareIn(c.plainWords, ev.plainWords)
			for i, h := range c.plainWords {
				if !ev.plainWords.has(h) {
					s.Unstated = append(s.Unstated, c.plainText[i])
				}
			}
		},
	},
	{
		Name: "bigrams",
		Doc:  "share of the sentence's adjacent content-word pairs found as pairs in the chunk",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.BigramOverlap = shareIn(c.bigrams, ev.bigrams)
		},
	},
	{
		Name: "best_window",
		Doc:  "the chunk window (one or two sentences) holding most of the sentence's content words, of those the most similar by character 4-grams; word overlap and 4-gram similarity with it",
		Run: func(c *claim, ev *evidence, s *Signals) {
			// Most words first: by 4-gram cosine alone, a short heading
			// that repeats two of the sentence's words outranks the
			// passage that states it, and a long page has many headings.
			best, bestFound := -1, -1
			for i := range ev.windows {
				w := &ev.windows[i]
				found := 0
				for _, st := range c.stems {
					if w.has(st) {
						found++
					}
				}
				if found < bestFound {
					continue
				}
				if sim := c.grams.cosine(w.grams); found > bestFound || sim > s.NgramSim {
					best, bestFound, s.NgramSim = i, found, sim
				}
			}
			s.WindowOverlap = -1
			if best < 0 {
				return
			}
			w := &ev.windows[best]
			s.Window = w
			if len(c.stems) > 0 {
				s.WindowOverlap = float64(bestFound) / float64(len(c.stems))
			}
			s.Span, s.SpanText = [2]int{w.start, w.end}, ev.texts[best]
		},
	},
	{
		Name: "embedding",
		Doc:  "cosine of the sentence embedding with the most similar window embedding",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.EmbedSim = -1
			if c.vec == nil || ev.vecs == nil {
				return
			}
			for _, v := range ev.vecs {
				s.EmbedSim = math.Max(s.EmbedSim, embed.Cosine(c.vec, v))
			}
		},
	},
	{
		Name: "word_alignment",
		Doc:  "each content word of the sentence aligned to its closest chunk word by word vectors (exact or synonym)",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.SoftRecall, s.SoftMin = -1, -1
			if len(c.wids) == 0 || len(ev.wids) == 0 {
				return
			}
			var num, den float64
			for i, v := range c.wids {
				best := 0.0
				if slices.Contains(ev.wids, v) {
					best = 1 // the word itself: no need to compare it with every other
				} else {
					for _, u := range ev.wids {
						if d := float64(c.wsim(v, u)); d > best {
							best = d
							if best >= 1 {
								break
							}
						}
					}
				}
				w := float64(c.wweights[i])
				num += w * best
				den += w
				if w > 0.5 && (s.SoftMin < 0 || best < s.SoftMin) {
					s.SoftMin = best
				}
			}
			if den > 0 {
				s.SoftRecall = num / den
			}
		},
	},
	{
		Name: "numbers",
		Doc:  "every number, amount, percentage and date of the sentence appears in the chunk (normalised)",
		Run: func(c *claim, ev *evidence, s *Signals) {
			for _, q := range c.quantities {
				if !ev.quantities.Supports(q) {
					s.NumbersMissing = appendUnique(s.NumbersMissing, q.Raw)
				}
			}
		},
	},
	{
		Name: "negation",
		Doc:  "a negation in the sentence but not in the best-matching window, or the reverse, about the words both share",
		Run: func(c *claim, ev *evidence, s *Signals) {
			// Only a window that the sentence closely follows can flip its
			// polarity; against a loosely related window the comparison
			// says nothing.
			if s.SpanText == "" || s.NgramSim < closeMatch {
				return
			}
			window := s.SpanText[s.Span[0]:s.Span[1]]
			s.NegationMismatch = negatedAbout(c.plain, func(st string) bool { return s.Window.has(hashWord(st)) }) !=
				negatedAbout(window, func(st string) bool { return c.stemSet.has(hashWord(st)) })
		},
	},
	{
		Name: "entities",
		Doc:  "names, products and places (proper nouns) of the sentence that the chunk does not mention",
		Run: func(c *claim, ev *evidence, s *Signals) {
			s.EntityShare = -1
			if len(c.entities) == 0 {
				return
			}
			found := 0
			var missing [][]wordKey
			for i, e := range c.entities {
				if entityIn(c.entityKeys[i], ev) {
					found++
				} else if !slices.Contains(s.EntitiesMissing, e) {
					s.EntitiesMissing = append(s.EntitiesMissing, e)
					missing = append(missing, c.entityKeys[i])
				}
			}
			s.EntityShare = float64(found) / float64(len(c.entities))
			// A swapped name: the sentence follows a window closely, the
			// only words the chunk lacks are the names themselves, and the
			// window has a name of its own where the sentence has one.
			missingNameWords := 0
			for _, keys := range missing {
				for _, k := range keys {
					if !ev.stems.has(k.stem) {
						missingNameWords++
					}
				}
			}
			s.EntityMismatch = found < len(c.entities) && s.NgramSim >= swapMatch && s.MissingWords <= missingNameWords &&
				s.SpanText != "" && nameSwapped(c.plain, s.EntitiesMissing, s.SpanText[s.Span[0]:s.Span[1]])
		},
	},
}

// entityIn reports whether every word of a proper noun ("Haute-Saône")
// is in the chunk, as written or as a stem.
func entityIn(keys []wordKey, ev *evidence) bool {
	for _, k := range keys {
		if !ev.contains(k) {
			return false
		}
	}
	return true
}

// closeMatch is the 4-gram similarity above which a sentence follows a
// window closely enough that a flipped negation or a swapped name is a
// contradiction rather than a different topic.
const closeMatch = 0.6

// swapMatch is the 4-gram similarity above which a window can hold a
// swapped name: lower than closeMatch, as two names of several words
// (Thomas Hardy, Charles Dickens) weigh on 4-grams, while nameSwapped
// asks for the other name in the same place.
const swapMatch = 0.4

func runChecks(c *claim, ev *evidence) Signals {
	var s Signals
	for _, ch := range Checks {
		ch.Run(c, ev, &s)
	}
	return s
}

func shareIn(stems []uint64, in wordSet) float64 {
	if len(stems) == 0 {
		return -1
	}
	found := 0
	for _, st := range stems {
		if in.has(st) {
			found++
		}
	}
	return float64(found) / float64(len(stems))
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
