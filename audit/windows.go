package audit

import (
	"cmp"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// A window is a passage of a chunk (one sentence, or two adjacent ones)
// that a claim is compared with: whole-chunk similarity is diluted by
// everything else the chunk says.
type window struct {
	start, end int // byte span in the chunk text
	stems      map[string]bool
	grams      sparse
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
				// Not after a single capital or a short abbreviation ("U.S.", "e.g.").
				w := i
				for w > start && text[w-1] != ' ' {
					w--
				}
				if i-w > 3 || (i-w > 1 && !strings.Contains(text[w:i], ".")) {
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

// buildWindows returns the one- and two-sentence windows of a chunk.
func buildWindows(text string) []window {
	sents := chunkSentences(text)
	ws := make([]window, 0, 2*len(sents))
	for i, s := range sents {
		ws = append(ws, newWindow(text, s[0], s[1]))
		if i+1 < len(sents) {
			ws = append(ws, newWindow(text, s[0], sents[i+1][1]))
		}
	}
	if len(ws) == 0 {
		ws = append(ws, newWindow(text, 0, len(text)))
	}
	return ws
}

func newWindow(text string, a, b int) window {
	w := window{start: a, end: b, stems: map[string]bool{}}
	words := contentWords(text[a:b])
	for _, x := range words {
		w.stems[nounphrase.Stem(x)] = true
	}
	w.grams = charGrams(words)
	return w
}

// contentWords are the normalised words of s without stopwords.
func contentWords(s string) []string {
	var out []string
	for _, w := range nounphrase.Words(s) {
		if !nounphrase.IsStopword(w) {
			out = append(out, w)
		}
	}
	return out
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
// where whole words are not. Counts are sublinear (1+log tf).
func charGrams(words []string) sparse {
	counts := map[uint32]float64{}
	var buf []byte
	for _, w := range words {
		buf = append(buf[:0], '_')
		buf = append(buf, w...)
		buf = append(buf, '_')
		if len(buf) <= 4 {
			counts[hash32(buf)]++
			continue
		}
		for i := 0; i+4 <= len(buf); i++ {
			counts[hash32(buf[i:i+4])]++
		}
	}
	v := make(sparse, 0, len(counts))
	for k, c := range counts {
		v = append(v, feature{k, float32(1 + math.Log(c))})
	}
	slices.SortFunc(v, func(a, b feature) int { return cmp.Compare(a.key, b.key) })
	var norm float64
	for _, f := range v {
		norm += float64(f.val) * float64(f.val)
	}
	if norm > 0 {
		inv := float32(1 / math.Sqrt(norm))
		for i := range v {
			v[i].val *= inv
		}
	}
	return v
}

func hash32(b []byte) uint32 {
	h := fnv.New32a()
	h.Write(b)
	return h.Sum32()
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
