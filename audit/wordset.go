package audit

import (
	"hash/maphash"
	"math/bits"
	"strings"
	"unsafe"

	"github.com/ragaudit/ragaudit/eval/overlap"
	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// hashWord hashes a word (64-bit FNV-1a). The evidence keeps its words,
// stems and bigrams as sets of these hashes (wordSet): string-keyed maps
// cost a third of the audit in allocation and hashing.
func hashWord(s string) uint64 { return nounphrase.Hash(s) }

// hashPair is the hash of an ordered pair of words (a bigram).
func hashPair(a, b uint64) uint64 {
	h := a*0x9E3779B97F4A7C15 + b
	h ^= h >> 29
	return h * 0xBF58476D1CE4E5B9
}

// wordSet is a set of word hashes: an open-addressing table (linear
// probing, at most half full). Built once per chunk from a few hundred
// words and probed for every word of every claim: sorting them for binary
// search was a twelfth of the audit.
type wordSet struct {
	slots []uint64 // 0 marks an empty slot
	shift uint8    // 64 - log2(len(slots))
	zero  bool     // the hash 0 itself is in the set
}

// newWordSet returns the set of hs (repeats allowed).
func newWordSet(hs []uint64) wordSet { return newWordSetIn(hs, nil) }

// newWordSetIn is newWordSet with its slots from slab (nil: the heap).
func newWordSetIn(hs []uint64, slab *slab[uint64]) wordSet {
	if len(hs) == 0 {
		return wordSet{}
	}
	b := max(3, bits.Len(uint(2*len(hs)-1))) // at least twice as many slots as words
	s := wordSet{slots: slab.alloc(1 << b), shift: uint8(64 - b)}
	mask := len(s.slots) - 1
	for _, h := range hs {
		if h == 0 {
			s.zero = true
			continue
		}
		i := s.slot(h)
		for s.slots[i] != 0 && s.slots[i] != h {
			i = (i + 1) & mask
		}
		s.slots[i] = h
	}
	return s
}

// same reports whether s and t are one set (built once, copied): a
// window pair shares its sentences' sets.
func (s wordSet) same(t wordSet) bool {
	return s.zero == t.zero && len(s.slots) == len(t.slots) && (len(s.slots) == 0 || &s.slots[0] == &t.slots[0])
}

// empty reports whether s has no hash.
func (s wordSet) empty() bool { return !s.zero && len(s.slots) == 0 }

// slot is h's home slot (Fibonacci hashing: the top bits of h × φ).
func (s wordSet) slot(h uint64) int { return int((h * 0x9E3779B97F4A7C15) >> s.shift) }

// each calls f with every hash of the set, in slot order.
func (s wordSet) each(f func(h uint64)) {
	if s.zero {
		f(0)
	}
	for _, h := range s.slots {
		if h != 0 {
			f(h)
		}
	}
}

func (s wordSet) has(h uint64) bool {
	if h == 0 {
		return s.zero
	}
	if len(s.slots) == 0 {
		return false
	}
	mask := len(s.slots) - 1
	for i := s.slot(h); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}

// unionSets merges sets into a new one, from slab (nil: the heap).
func unionSets(slab *slab[uint64], sets ...wordSet) wordSet {
	n := 0
	for _, s := range sets {
		n += len(s.slots)/2 + 1 // a set is at most half full
	}
	all := slab.alloc(n)[:0]
	for _, s := range sets {
		for _, h := range s.slots {
			if h != 0 {
				all = append(all, h)
			}
		}
		if s.zero {
			all = append(all, 0)
		}
	}
	return newWordSetIn(all, slab)
}

// wordInfo is what the audit derives from one word as written. Chunks
// repeat most of their words (across chunks and answers), so each word is
// derived once per worker and looked up after that.
type wordInfo struct {
	norm  string   // nounphrase.Normalize of the word; "": no word
	hash  uint64   // hashWord(norm)
	stem  uint64   // hashWord of norm's stem
	stop  bool     // norm is a stopword
	grams []uint32 // addGrams(nil, norm)
	plain []uint64 // hashWord of each of the word-overlap rule's words in it (overlap.Words)
	// prefix is the hash of the stem's first stemPrefix letters, for a
	// language whose stems are looser than English (0: none; see found).
	prefix uint64
	// stemText is the stem itself, in a language with tables (found's
	// compounds: a claim's "rucksend" in a chunk's "zurucksend").
	stemText string
	// alt is the hash of the stem of the word read as a verb form without
	// its participle mark and person ending (Language.VerbRoot: "geliefert"
	// → "liefer", as "liefern"), altPrefix its prefix; 0: none.
	alt, altPrefix uint64
	// root is that verb root as written ("saug" of "saugt"), where it has
	// one: a compound of the chunk may open with it ("Saugroboter").
	root string
	// particle and rest are the hashes of the separable prefix a verb
	// root opens with and of the rest's stem ("an", "komm" of
	// "angekommen"); 0: none.
	particle, rest uint64
	// bare is the hash of the stem of the word read without its accents
	// (Language.BareStem: "Ramsès" as "Ramses"), a content word's where
	// that differs from stem; 0: none.
	bare uint64

	// With an additive embedder (wordCache.te, .we):
	tokens []int32 // TokenEmbedder.Tokens of the word as written
	wids   []int32 // WordEmbedder.WordIDs of norm
}

// appendStems appends the word's stem, its verb root's (alt) and its
// stem without accents (bare).
func (w *wordInfo) appendStems(ss []uint64) []uint64 {
	if ss = append(ss, w.stem); w.alt != 0 {
		ss = append(ss, w.alt)
	}
	if w.bare != 0 {
		ss = append(ss, w.bare)
	}
	return ss
}

// appendPrefixes appends the word's stem prefix and its verb root's, where
// it has them.
func (w *wordInfo) appendPrefixes(pre []uint64) []uint64 {
	if w.prefix != 0 {
		pre = append(pre, w.prefix)
	}
	if w.altPrefix != 0 {
		pre = append(pre, w.altPrefix)
	}
	return pre
}

// wordCache maps words as written to their wordInfo. It is not safe for
// concurrent use: each worker takes one from the Auditor's pool. Its
// entries are pure functions of the word, so results do not depend on
// what it holds.
type wordCache struct {
	// The words, in an open-addressing table (linear probing, at most
	// half full) probed with a maphash of the word: a Go map's lookup was
	// a tenth of the audit.
	slots []cacheSlot
	n     int // words held
	seed  maphash.Seed
	te    TokenEmbedder // nil: chunk windows are embedded from their text
	we    WordEmbedder  // nil: no word ids
	// content: newEvidence keeps a chunk's content words, which only an
	// embedder of word ids reading the text needs (Auditor.embed).
	content bool
	scratch *scratch
	arena   *arena
	// lang is the language whose words it derives: nil for English, with
	// nounphrase's normalisation, stems and stopwords. The English cache
	// holds the worker's caches of the other languages (of), which share
	// its scratch space and arena.
	lang     *lang.Language
	others   map[string]*wordCache
	detected map[uint64]tongue // chunk languages, by a hash of their text and the answer's language (chunkTongue)
}

// of returns the worker's cache of the words of tongue t.
func (c *wordCache) of(t tongue) *wordCache {
	if t.l == nil {
		return c
	}
	if o := c.others[t.code]; o != nil {
		return o
	}
	o := &wordCache{slots: make([]cacheSlot, 1024), seed: c.seed, content: c.content, scratch: c.scratch, arena: c.arena, lang: t.l}
	if c.others == nil {
		c.others = map[string]*wordCache{}
	}
	c.others[t.code] = o
	return o
}

// arena holds the slices of the evidence of one answer (windows, their
// vectors, 4-gram features and word sets): they are reused from answer to
// answer, as allocating them was most of the audit's allocation volume
// and the collections it caused. Nothing in them points outside the
// arena, so reused blocks keep no record alive. reset is called when no
// evidence built since the previous reset is in use any more.
type arena struct {
	f32  slab[float32]
	u64  slab[uint64]
	feat slab[feature]
	sets slab[wordSet]
	win  slab[window]
	// A chunk's 4-gram hashes, their counts and its windows' vectors, made
	// as claims compare (window.vector).
	g32    slab[uint32]
	counts slab[gramCount]
	sg     slab[sentenceGrams]
	wg     slab[windowGrams]
	// found are chunks' quantities as the scan found them (evidence.found);
	// what they point to stays referenced until overwritten, within slabMax.
	found slab[found]
}

func (a *arena) reset() {
	a.f32.reset()
	a.u64.reset()
	a.feat.reset()
	a.sets.reset()
	a.win.reset()
	a.g32.reset()
	a.counts.reset()
	a.sg.reset()
	a.wg.reset()
	a.found.reset()
}

// slab hands out zeroed slices from blocks of slabBlock bytes (or one
// larger slice), reused after reset. It holds at most slabMax bytes; past
// that it allocates on the heap. A nil *slab always allocates on the heap.
type slab[T any] struct {
	blocks   [][]T
	cur, off int // next free element: blocks[cur][off]
	held     int // elements in blocks
}

const (
	slabBlock = 64 << 10
	slabMax   = 4 << 20
)

// limits are a slab's block size and bound in elements.
func (s *slab[T]) limits() (block, most int) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	return max(1, slabBlock/size), slabMax / size
}

func (s *slab[T]) alloc(n int) []T {
	if s == nil {
		return make([]T, n)
	}
	for s.cur < len(s.blocks) {
		if b := s.blocks[s.cur]; s.off+n <= len(b) {
			out := b[s.off : s.off+n : s.off+n]
			s.off += n
			clear(out) // used before the last reset
			return out
		}
		s.cur, s.off = s.cur+1, 0
	}
	block, most := s.limits()
	size := max(n, block)
	if s.held+size > most {
		return make([]T, n)
	}
	b := make([]T, size)
	s.blocks, s.held = append(s.blocks, b), s.held+size
	s.cur, s.off = len(s.blocks)-1, n
	return b[:n:n]
}

func (s *slab[T]) reset() { s.cur, s.off = 0, 0 }

// scratch holds a worker's buffers for building a chunk's evidence, reused
// from chunk to chunk (allocation was a sixth of the audit's CPU). Nothing
// in them outlives newEvidence: the evidence keeps what is built from them.
type scratch struct {
	words          []chunkWord
	ws, ss, bs, hs []uint64
	ps             []uint64
	toks           []wordTokens
	grams          []uint32
	found          []found
	counts         []gramCount
	ids            idSet
}

// maxCachedWords bounds a cache (a few MB): when full it starts over.
const maxCachedWords = 1 << 15

func newWordCache() *wordCache {
	return &wordCache{slots: make([]cacheSlot, 1024), seed: maphash.MakeSeed(), scratch: &scratch{}, arena: &arena{}}
}

type cacheSlot struct {
	hash uint64
	raw  string
	w    *wordInfo // nil: an empty slot
}

// maxCachedWordLen keeps freak "words" (a run of thousands of letters in
// a log) out of the cache, so that its size in bytes is bounded too.
const maxCachedWordLen = 64

func (c *wordCache) info(raw string) *wordInfo {
	if len(raw) > maxCachedWordLen {
		return c.derive(raw)
	}
	h := maphash.String(c.seed, raw)
	mask := len(c.slots) - 1
	i := int(h) & mask
	for ; c.slots[i].w != nil; i = (i + 1) & mask {
		if s := &c.slots[i]; s.hash == h && s.raw == raw {
			return s.w
		}
	}
	if c.n >= maxCachedWords {
		clear(c.slots)
		c.n = 0
	} else if 2*(c.n+1) > len(c.slots) {
		c.grow()
	}
	raw = strings.Clone(raw) // not a window into the chunk, which it would keep alive
	w := c.derive(raw)
	c.put(cacheSlot{h, raw, w})
	return w
}

func (c *wordCache) put(s cacheSlot) {
	mask := len(c.slots) - 1
	i := int(s.hash) & mask
	for c.slots[i].w != nil {
		i = (i + 1) & mask
	}
	c.slots[i] = s
	c.n++
}

// grow doubles the table.
func (c *wordCache) grow() {
	old := c.slots
	c.slots, c.n = make([]cacheSlot, 2*len(old)), 0
	for _, s := range old {
		if s.w != nil {
			c.put(s)
		}
	}
}

func (c *wordCache) derive(raw string) *wordInfo {
	if c.lang != nil {
		return c.deriveIn(raw)
	}
	w := &wordInfo{norm: nounphrase.Normalize(raw)}
	// A raw word holds whole words of the rule (which splits at the
	// apostrophes raw words keep), so a chunk's are those of its raw words.
	overlap.Words(raw, func(p string) { w.plain = append(w.plain, hashWord(p)) })
	if w.norm != "" {
		w.hash = hashWord(w.norm)
		w.stem = hashWord(nounphrase.StemWord(w.norm))
		w.stop = nounphrase.IsStopword(w.norm)
		w.grams = addGrams(nil, w.norm)
		if c.we != nil {
			w.wids, _ = c.we.WordIDs(w.norm)
		}
	}
	if c.te != nil {
		w.tokens = c.te.Tokens(raw) // a word without letters or digits has none
	}
	return w
}

// deriveIn is derive in the cache's language: its normalisation (elided
// articles off), Snowball stems and stopwords. Word vectors are English:
// other languages' words get none.
func (c *wordCache) deriveIn(raw string) *wordInfo {
	w := &wordInfo{norm: c.lang.Normalize(raw)}
	overlap.Words(raw, func(p string) { w.plain = append(w.plain, hashWord(p)) })
	if w.norm != "" {
		stem := c.lang.Stem(w.norm)
		w.hash = hashWord(w.norm)
		w.stem = hashWord(stem)
		w.stop = c.lang.IsWeightless(w.norm)
		w.grams = addGrams(nil, w.norm)
		w.prefix, w.stemText = prefixKey(stem), stem
		if b := c.lang.BareStem(w.norm); b != "" && b != stem && !w.stop {
			w.bare = hashWord(b)
		}
		if v := c.lang.VerbRoot(raw, w.norm); v != "" {
			if a := c.lang.Stem(v); a != stem {
				w.alt, w.altPrefix, w.root = hashWord(a), prefixKey(a), v
			}
			if p, r := c.lang.SeparatedRoot(v); p != "" {
				w.particle, w.rest = hashWord(p), hashWord(c.lang.Stem(r))
			}
		}
	}
	return w
}

// stemPrefix is how many letters of two long stems must agree for the
// words to count as one in a language with tables: Snowball's stems of
// inflected and derived forms ("Lieferung", "liefern"; "garantie",
// "garanties") part ways after the root more often than English's.
const stemPrefix = 6

// prefixKey is the hash of a stem's first stemPrefix letters, 0 when it
// is shorter than that.
func prefixKey(stem string) uint64 {
	n := 0
	for i := range stem {
		if n == stemPrefix {
			return hashWord("~" + stem[:i])
		}
		n++
	}
	if n == stemPrefix && len(stem) > 0 {
		return hashWord("~" + stem)
	}
	return 0
}

// keep returns a scratch buffer for reuse, or nil when an unusually long
// chunk grew it past what is worth holding on to.
func keep[T any](s []T) []T {
	if cap(s) > 1<<16 {
		return nil
	}
	return s
}
