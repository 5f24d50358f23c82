package audit

import (
	"math"
	"math/bits"
	"slices"
	"strings"
)

// A window is a passage of a chunk (one sentence, or two adjacent ones)
// that a claim is compared with: whole-chunk similarity is diluted by
// everything else the chunk says.
type window struct {
	start, end int        // byte span in the chunk text
	pair       bool       // two sentences (its embedding is the sum of theirs)
	stems      [2]wordSet // content-word stems (hashed) of its one or two sentences
	grams      *windowGrams
}

// windowGrams is a window's 4-gram vector, made the first time a claim is
// compared with it (vector): most windows hold fewer of a claim's words
// than its best and are never compared. Copies of a window (a union of
// chunks) share it.
type windowGrams struct {
	s    [2]*sentenceGrams // the window's sentences; s[1] nil for one
	v    sparse
	done bool
}

// sentenceGrams are a sentence's 4-gram hashes, counted (sorted in place)
// when a window holding it is first compared.
type sentenceGrams struct {
	raw    []uint32
	counts []gramCount
	done   bool
}

// vector is the window's L2-normalised 4-gram vector; ar (nil: the heap)
// holds it for the rest of the answer.
func (w *window) vector(ar *arena) sparse {
	g := w.grams
	if g.done {
		return g.v
	}
	var feats *slab[feature]
	var counts *slab[gramCount]
	if ar != nil {
		feats, counts = &ar.feat, &ar.counts
	}
	a := g.s[0].count(counts)
	if g.s[1] == nil {
		_, g.v = appendNormalised(sparse(feats.alloc(len(a))[:0]), a)
	} else {
		b := g.s[1].count(counts)
		_, g.v = appendMergedNormalised(sparse(feats.alloc(len(a) + len(b))[:0]), a, b)
	}
	g.done = true
	return g.v
}

// count sorts the sentence's hashes and counts them, once.
func (s *sentenceGrams) count(in *slab[gramCount]) []gramCount {
	if !s.done {
		slices.Sort(s.raw)
		s.counts = appendCounts(in.alloc(len(s.raw))[:0], s.raw)
		s.done = true
	}
	return s.counts
}

// has reports whether the window contains a content-word stem.
func (w *window) has(stem uint64) bool {
	return w.stems[0].has(stem) || w.stems[1].has(stem)
}

// chunkSentences splits a chunk at sentence ends cheaply: ". ", "! ", "? "
// followed by a capital, digit or quote, and at line breaks. Chunks are
// long and many; exact segmentation is not needed to find a window.
func chunkSentences(text string) [][2]int {
	var out [][2]int
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		end := -1
		switch {
		case c == '\n':
			end = i
		case (c == '.' || c == '!' || c == '?') && i+2 < len(text) && text[i+1] == ' ':
			n := text[i+2]
			if n >= 'A' && n <= 'Z' || n >= '0' && n <= '9' || n == '"' || n == '(' || n >= 0x80 {
				// Not after a single capital, a short abbreviation ("U.S.",
				// "e.g.") or a title ("Dr."); after a sign written apart
				// ("1,5 %. Avec") it is an end.
				w := i
				for w > start && text[w-1] != ' ' {
					w--
				}
				sign := i-w == 1 && !isLetter(text[w]) && !isDigit(text[w])
				if (i-w > 3 || (i-w > 1 && !strings.Contains(text[w:i], ".")) || sign) && !titles[strings.ToLower(text[w:i])] {
					end = i + 1
				}
			}
		}
		if end >= 0 {
			if sp := trimSpan(text, start, end); sp[0] < sp[1] {
				out = append(out, sp)
			}
			start = end
		}
	}
	if sp := trimSpan(text, start, len(text)); sp[0] < sp[1] {
		out = append(out, sp)
	}
	return out
}

// chunkWord is a word of a chunk with its offset.
type chunkWord struct {
	*wordInfo
	start int
}

// buildWindows returns the one- and two-sentence windows of a chunk whose
// words (in order) are given. It runs for every cited chunk, so each
// sentence's 4-gram hashes are gathered once, into ar, and counted into a
// window's vector only when a claim compares with it (window.vector).
func buildWindows(text string, words []chunkWord, b *scratch, ar *arena) []window {
	sents := chunkSentences(text)
	if len(sents) == 0 {
		sents = [][2]int{{0, len(text)}}
	}
	n := 0
	for _, w := range words {
		if !w.stop {
			n += len(w.grams)
		}
	}
	var g32 *slab[uint32]
	var sg *slab[sentenceGrams]
	var wg *slab[windowGrams]
	if ar != nil {
		g32, sg, wg = &ar.g32, &ar.sg, &ar.wg
	}
	grams, hs := g32.alloc(n)[:0], b.hs[:0]
	defer func() { b.hs = keep(hs) }()
	stems := ar.sets.alloc(len(sents))
	sentGrams := sg.alloc(len(sents))
	k := 0
	for i, sp := range sents {
		hs, from := hs[:0], len(grams)
		for ; k < len(words) && words[k].start < sp[1]; k++ {
			if words[k].start < sp[0] || words[k].stop {
				continue
			}
			hs = append(hs, words[k].stem)
			grams = append(grams, words[k].grams...)
		}
		sentGrams[i].raw = grams[from:len(grams):len(grams)]
		stems[i] = newWordSetIn(hs, &ar.u64)
	}
	ws := ar.win.alloc(2 * len(sents))[:0]
	vecs := wg.alloc(2 * len(sents))
	for i, sp := range sents {
		v := &vecs[len(ws)]
		v.s[0] = &sentGrams[i]
		ws = append(ws, window{start: sp[0], end: sp[1], stems: [2]wordSet{stems[i]}, grams: v})
		if i+1 < len(sents) {
			v := &vecs[len(ws)]
			v.s = [2]*sentenceGrams{&sentGrams[i], &sentGrams[i+1]}
			ws = append(ws, window{start: sp[0], end: sents[i+1][1], pair: true, stems: [2]wordSet{stems[i], stems[i+1]}, grams: v})
		}
	}
	return ws
}

// gramCount is a distinct 4-gram hash and how often it occurs.
type gramCount struct {
	key uint32
	n   int32
}

// appendCounts appends the distinct values of sorted with their counts.
func appendCounts(out []gramCount, sorted []uint32) []gramCount {
	for i := 0; i < len(sorted); {
		j := i
		for j < len(sorted) && sorted[j] == sorted[i] {
			j++
		}
		out = append(out, gramCount{sorted[i], int32(j - i)})
		i = j
	}
	return out
}

// appendMergedNormalised is appendNormalised of the union of two sorted
// count lists (the counts of a key in both added), without building the
// union: it runs for every pair window.
func appendMergedNormalised(buf sparse, a, b []gramCount) (sparse, sparse) {
	start := len(buf)
	buf = slices.Grow(buf, len(a)+len(b))
	var norm float64
	add := func(key uint32, n int32) {
		x := sublinear(int(n))
		buf = append(buf, feature{key, x})
		norm += float64(x) * float64(x)
	}
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].key < b[j].key:
			add(a[i].key, a[i].n)
			i++
		case a[i].key > b[j].key:
			add(b[j].key, b[j].n)
			j++
		default:
			add(a[i].key, a[i].n+b[j].n)
			i++
			j++
		}
	}
	for ; i < len(a); i++ {
		add(a[i].key, a[i].n)
	}
	for ; j < len(b); j++ {
		add(b[j].key, b[j].n)
	}
	v := buf[start:len(buf):len(buf)]
	scaleToUnit(v, norm)
	return buf, v
}

// scaleToUnit divides v by its L2 norm, given as the sum of its squares.
func scaleToUnit(v sparse, norm float64) {
	if norm > 0 {
		inv := float32(1 / math.Sqrt(norm))
		for i := range v {
			v[i].val *= inv
		}
	}
}

// sparse is an L2-normalised sparse vector of hashed features, sorted by
// key so that dot products add up in one fixed order (bit-identical results).
type sparse []feature

type feature struct {
	key uint32
	val float32
}

// charGrams is the character 4-gram profile of words ("_refund_" gives
// "_ref", "refu", "efun", "fund", "und_"): robust to morphology and typos
// where whole words are not. Counts are sublinear (1+log tf). grams are
// the words' 4-grams (addGrams, cached per word), in any order; sorted in
// place; counts is scratch space for counting them, kept for reuse.
func charGrams(grams []uint32, counts *[]gramCount) sparse {
	slices.Sort(grams)
	*counts = appendCounts((*counts)[:0], grams)
	_, v := appendNormalised(nil, *counts)
	*counts = keep(*counts)
	return v
}

// addGrams appends the hashed 4-grams of one word, padded with "_". Hashes
// are collected in a slice and sorted, not counted in a map: this runs for
// every word of every cited chunk.
func addGrams(grams []uint32, w string) []uint32 {
	var buf [72]byte
	b := append(buf[:0], '_')
	b = append(b, w...)
	b = append(b, '_')
	if len(b) <= 4 {
		return append(grams, hash32(b))
	}
	for i := 0; i+4 <= len(b); i++ {
		grams = append(grams, hash32(b[i:i+4]))
	}
	return grams
}

// appendNormalised appends to buf the sparse vector of 1+log(count) of
// counts, L2-normalised, and returns buf and the vector (a full slice of
// buf's tail, so later appends to buf cannot reach it).
func appendNormalised(buf sparse, counts []gramCount) (sparse, sparse) {
	start := len(buf)
	buf = slices.Grow(buf, len(counts))[:start+len(counts)]
	v := buf[start:len(buf):len(buf)]
	var norm float64
	for i, c := range counts {
		x := sublinear(int(c.n))
		v[i] = feature{c.key, x}
		norm += float64(x) * float64(x)
	}
	scaleToUnit(v, norm)
	return buf, v
}

// sublinear is 1+log(n) as a float32, from a table for the common counts.
func sublinear(n int) float32 {
	if n < len(sublinearTable) {
		return sublinearTable[n]
	}
	return float32(1 + math.Log(float64(n)))
}

var sublinearTable = func() (t [64]float32) {
	for n := 1; n < len(t); n++ {
		t[n] = float32(1 + math.Log(float64(n)))
	}
	return t
}()

// hash32 is FNV-1a, inlined: it runs for every 4-gram of every chunk.
func hash32(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h ^= uint32(c)
		h *= 16777619
	}
	return h
}

// cosine of two normalised sparse vectors (a merge of sorted keys).
func (a sparse) cosine(b sparse) float64 {
	var s float64
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i].key < b[j].key:
			i++
		case a[i].key > b[j].key:
			j++
		default:
			s += float64(a[i].val) * float64(b[j].val)
			i++
			j++
		}
	}
	return s
}

// windowCounts appends to out, per window, how many of stems (distinct)
// it holds. It runs for every claim and chunk, so each sentence's set is
// probed once: a two-sentence window lies between its sentences' own
// windows (buildWindows; union keeps each chunk's run), and with at most
// 64 stems its count is that of the union of their bit masks.
func windowCounts(stems []uint64, ws []window, out []int) []int {
	if len(stems) > 64 {
		for i := range ws {
			n := 0
			for _, st := range stems {
				if ws[i].has(st) {
					n++
				}
			}
			out = append(out, n)
		}
		return out
	}
	var mb [128]uint64
	masks := mb[:0]
	if len(ws) > len(mb) {
		masks = make([]uint64, 0, len(ws))
	}
	for i := range ws {
		var m uint64
		if !ws[i].pair {
			for k, st := range stems {
				if ws[i].has(st) {
					m |= 1 << k
				}
			}
		}
		masks = append(masks, m)
	}
	for i := range ws {
		if ws[i].pair {
			if between(ws, i) {
				masks[i] = masks[i-1] | masks[i+1]
			} else {
				for k, st := range stems {
					if ws[i].has(st) {
						masks[i] |= 1 << k
					}
				}
			}
		}
		out = append(out, bits.OnesCount64(masks[i]))
	}
	return out
}

// between reports whether pair window i is made of the one-sentence
// windows either side of it, as buildWindows lays them out.
func between(ws []window, i int) bool {
	return i > 0 && i+1 < len(ws) && !ws[i-1].pair && !ws[i+1].pair &&
		ws[i].stems[0].same(ws[i-1].stems[0]) && ws[i].stems[1].same(ws[i+1].stems[0]) &&
		ws[i-1].stems[1].empty() && ws[i+1].stems[1].empty()
}
