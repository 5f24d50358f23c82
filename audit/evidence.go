package audit

import (
	"math/bits"

	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// evidence is what the checks know of one chunk (or of the union of the
// chunks a sentence cites), computed once per answer.
type evidence struct {
	// changedBy tells of the keys read so far whether the chunk gives
	// their figures only as what a value changes by ("extended by 14
	// days"); nil until read (onlyChangedBy).
	changedBy  map[string]bool
	tongue     tongue  // the chunk's language
	words      wordSet // Normalize()d words
	plainWords wordSet // the word-overlap rule's words (package overlap), hashed
	stems      wordSet
	bigrams    wordSet // adjacent content-word stems
	quantities quantityIndex
	// tables are the chunk's tables read as rows; prose indexes the
	// quantities of the text around them (set only when there are any).
	tables  []table
	prose   quantityIndex
	windows []window
	texts   []string // the text each window's span refers to, its markup masked (maskMarkup)
	// origins are the texts as the chunks give them, markup and all, for
	// the passage a finding shows; nil when no text had markup.
	origins []string
	content []string // the chunk's content words (Normalize()d, stopwords out), in order
	// contentStems are the stems of the chunk's content words, in order:
	// the misattribution search indexes them (contentStems) without
	// reading the chunk again.
	contentStems []uint64
	// In a language with tables: the prefixes of its content stems, and,
	// where compounds are written as one word, its content words (found).
	prefixes wordSet
	forms    []string
	vecs     [][]float32     // per window; nil without an embedder
	wids     []int32         // distinct words, by word-embedder id
	arena    *arena          // what its slices came from; nil: the heap
	reader   *sentenceReader // its sentences as the passage checks read them; nil: not yet
	figures  []*figures      // its figures, bounds read as asked (bounds.go); nil: not yet
	// found are the quantities the index's scan found in scanned (the
	// text, its spaces plain), for figureSets; parts are the evidences a
	// union is made of.
	found   []found
	scanned string
	parts   []*evidence
	free    int8        // mayCallFree: 0 not yet read, 1 yes, -1 no
	shares  *wordShares // the percentages its text writes in words (writesInWords); nil: not yet
	semis   []semiCache // its sentences' parts between semicolons, by text (semiParts); nil: not yet
}

// proseIndex is the quantities the chunk states outside its tables.
func (ev *evidence) proseIndex() quantityIndex {
	if len(ev.tables) == 0 {
		return ev.quantities
	}
	return ev.prose
}

func (ev *evidence) contains(k wordKey) bool { return ev.words.has(k.word) || ev.stems.has(k.stem) }

// shown is the text window i's span refers to as its chunk gives it.
func (ev *evidence) shown(i int) string {
	if ev.origins == nil {
		return ev.texts[i]
	}
	return ev.origins[i]
}

// newEvidence reads a chunk's text with its markup masked, offsets
// unchanged; the tags of its HTML tables from the text as given.
func newEvidence(given string, wc *wordCache, t tongue) *evidence {
	text := maskMarkup(given)
	b, ar := wc.scratch, wc.arena
	ev := &evidence{tongue: t, scanned: plainSpaces(text), arena: ar}
	// The scan's finds go to scratch space, then to the answer's arena:
	// a chunk's figures are read from them only if a claim asks.
	found := b.found[:0]
	ev.quantities = indexQuantitiesIn(t.l, ev.scanned, true, &found)
	ev.found = ar.found.alloc(len(found))
	copy(ev.found, found)
	b.found = keep(found)
	if tables, spans := tablesIn(given, text); len(tables) > 0 {
		ev.tables, ev.prose = tables, quantityIndexIn(t.l, outsideTables(text, spans))
	}
	// Word lists go to the worker's scratch buffers: the evidence keeps
	// only the sets built from them.
	words, ws, ss, bs, cs, toks := b.words[:0], b.ws[:0], b.ss[:0], b.bs[:0], b.hs[:0], b.toks[:0]
	defer func() {
		b.words, b.ws, b.ss, b.bs, b.hs, b.toks = keep(words), keep(ws), keep(ss), keep(bs), keep(cs), keep(toks)
	}()
	// The content words are for an embedder of word ids that embeds
	// windows from their text (Auditor.embed); an additive one gets
	// vectors below, and without an embedder nothing reads them.
	needContent := wc.content && wc.te == nil
	if needContent {
		ev.content = make([]string, 0, len(text)/10+8)
	}
	var prev uint64
	hasPrev := false
	ps := b.ps[:0]
	var pre []uint64 // prefixes of a language with tables (English has none)
	compounds := t.l != nil && t.l.Compounds
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
		ss = w.appendStems(ss)
		if !w.stop {
			cs = append(cs, w.stem)
			if needContent {
				ev.content = append(ev.content, w.norm)
			}
			pre = w.appendPrefixes(pre)
			if compounds {
				ev.forms = append(ev.forms, w.norm, w.stemText)
			}
			if hasPrev {
				bs = append(bs, hashPair(prev, w.stem))
			}
			prev, hasPrev = w.stem, true
		}
	})
	b.ps = keep(ps)
	ev.words, ev.stems, ev.bigrams = newWordSetIn(ws, &ar.u64), newWordSetIn(ss, &ar.u64), newWordSetIn(bs, &ar.u64)
	ev.plainWords = newWordSetIn(ps, &ar.u64)
	if len(pre) > 0 {
		ev.prefixes = newWordSetIn(pre, &ar.u64)
	}
	ev.contentStems = ar.u64.alloc(len(cs))
	copy(ev.contentStems, cs)
	ev.windows = buildWindows(text, words, b, ar)
	ev.texts = repeated(text, len(ev.windows))
	if text != given {
		ev.origins = repeated(given, len(ev.windows))
	}
	if wc.te != nil {
		ev.vecs = windowVectors(ev.windows, toks, wc.te, &ar.f32)
		if wc.we != nil && len(ev.windows) > 0 {
			ev.wids = distinctIDs(words, &b.ids)
		}
	}
	return ev
}

// repeated is n times s.
func repeated(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
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
	u := &evidence{tongue: evs[0].tongue, quantities: quantityIndex{}, arena: evs[0].arena, parts: evs}
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
		if ev.origins != nil && u.origins == nil { // the texts before it are their own origins
			u.origins = append(make([]string, 0, n), u.texts[:len(u.texts)-len(ev.texts)]...)
		}
		if u.origins != nil {
			u.origins = append(u.origins, ev.origins...)
			if ev.origins == nil {
				u.origins = append(u.origins, ev.texts...)
			}
		}
		u.tables = append(u.tables, ev.tables...)
		if ev.vecs != nil || len(ev.windows) == 0 {
			u.vecs = append(u.vecs, ev.vecs...)
		}
	}
	u.words, u.stems, u.bigrams = unionSets(sets, words...), unionSets(sets, stems...), unionSets(sets, bigrams...)
	u.plainWords = unionSets(sets, plain...)
	if len(u.vecs) != len(u.windows) {
		u.vecs = nil
	}
	if len(u.tables) > 0 {
		u.prose = quantityIndex{}
		for _, ev := range evs {
			u.prose.merge(ev.proseIndex())
		}
	}
	return u
}

// auditable reports whether a chunk's text can support a claim: present
// and complete (a truncated or redacted text cannot prove anything).
func auditable(c readers.Chunk) bool { return c.TextStatus() == readers.TextFull }
