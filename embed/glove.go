package embed

import (
	"context"
	_ "embed"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed glove50k.bin
var gloveAsset []byte

// Glove is the built-in embedder: a sentence vector is the SIF-weighted
// sum of its words' GloVe vectors (Arora, Liang and Ma, 2017, without the
// common-component removal), which points the same way as the weighted
// mean: only its direction matters to Cosine. A word's weight is
// a/(a+p(w)), so frequent words count little and rare, contentful words
// count most; see sifWeight for p(w).
type Glove struct {
	dims    int
	index   map[string]int32 // word → row (rank − 1)
	data    []int8
	scales  []float32 // per word: quantisation scale × SIF weight
	invNorm []float32 // per word: 1 / |int8 vector|, 0 for a zero vector

	// rows holds each word's int8 row times its scale as float32, made on
	// the word's first use (ready): adding a row is then a plain add, not
	// a convert-and-multiply, and only the words a log uses take memory
	// (a table for all of them would be 20 MB of heap, raising the
	// collector's target by as much again). s×float32(x) is rounded to
	// float32 either way (amd64 does not fuse), so sums are bit-identical.
	rows  [][]float32
	ready []sync.Once
}

// sifA is SIF's smoothing constant a; 1e-3 is the value the SIF paper
// recommends (its results are flat over 1e-4..1e-3). With the p(w) below
// it gives "the" a weight of 0.013, a rank-100 word 0.57, a rank-1,000 word
// 0.93 and the rarest kept word 0.9985.
const sifA = 1e-3

// zipfNorm is the harmonic number H_N ≈ ln N + γ for N = 341,479, the
// vocabulary of the source vectors (ln 341,479 = 12.741), so that p sums
// to 1 over it.
// Changing it changes every vector: the calibrated models depend on it.
const zipfNorm = 12.741 + 0.5772

// sifWeight is the SIF weight of the word at row i (rank i+1). The asset
// stores no counts, only frequency order, so p(w) is estimated by Zipf's
// law from the rank: p = 1/(rank × H_N). The rank is the position among
// the kept words (punctuation and other non-words dropped by Select), at
// most 258 places from the source rank: a negligible change in weight.
func sifWeight(i int32) float64 {
	p := 1 / (float64(i+1) * zipfNorm)
	return sifA / (sifA + p)
}

var (
	builtinOnce sync.Once
	builtin     *Glove
	builtinErr  error
)

// Builtin returns the built-in embedder, loading it on first use (about
// 20 ms and 9 MB of heap; the asset itself is 5.6 MB of read-only data).
// Later calls return the same *Glove.
func Builtin() (*Glove, error) {
	builtinOnce.Do(func() {
		vs, err := decode(gloveAsset)
		if err != nil {
			builtinErr = err
			return
		}
		builtin = NewGlove(vs)
	})
	return builtin, builtinErr
}

// NewGlove builds an embedder from vectors in frequency order.
func NewGlove(vs *Vectors) *Glove {
	g := &Glove{dims: vs.Dims, index: make(map[string]int32, len(vs.Words)), data: vs.Data,
		scales: make([]float32, len(vs.Words)), invNorm: make([]float32, len(vs.Words)),
		rows: make([][]float32, len(vs.Words)), ready: make([]sync.Once, len(vs.Words))}
	for i, w := range vs.Words {
		g.index[w] = int32(i)
		var n float64
		for _, x := range vs.Data[i*vs.Dims : (i+1)*vs.Dims] {
			n += float64(x) * float64(x)
		}
		if n > 0 {
			g.invNorm[i] = float32(1 / math.Sqrt(n))
		}
		g.scales[i] = vs.Scales[i] * float32(sifWeight(int32(i)))
	}
	return g
}

// Name identifies the embedder (and its calibrated model) in reports.
func (g *Glove) Name() string { return "builtin:glove-100d-50k-int8-sif" }

// Dim is the vector length.
func (g *Glove) Dim() int { return g.dims }

// Embed embeds each text (see EmbedOne). It stops early only when ctx is
// done, returning ctx's error.
func (g *Glove) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%1024 == 1023 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = g.EmbedOne(t)
	}
	return out, nil
}

// EmbedOne embeds one text. Unknown words are ignored; a text without any
// known word gives the zero vector. It allocates only the result.
func (g *Glove) EmbedOne(text string) []float32 {
	v := make([]float32, g.dims)
	var sc wordScanner
	sc.reset(text)
	for {
		w, ok := sc.next()
		if !ok {
			break
		}
		if i, ok := g.lookup(w); ok {
			g.addRow(v, i)
		}
	}
	return v
}

// Tokens returns the ids of the known words of text, in order, repeats
// included: EmbedOne(text) equals AddTokens on a zero vector with them,
// bit for bit. An additive embedder's caller can cache them per word.
func (g *Glove) Tokens(text string) []int32 {
	var ids []int32
	forEachWord(text, func(w []byte) {
		if i, ok := g.lookup(w); ok {
			ids = append(ids, i)
		}
	})
	return ids
}

// AddTokens adds the weighted vectors of ids to v (of length Dim), in
// order, as EmbedOne does for the words of a text.
func (g *Glove) AddTokens(v []float32, ids []int32) {
	for _, i := range ids {
		g.addRow(v, i)
	}
}

func (g *Glove) addRow(v []float32, i int32) {
	row := g.row(i)
	row = row[:len(v)]
	// Four elements per step: this runs for every word of every cited chunk.
	k := 0
	for ; k+4 <= len(row); k += 4 {
		r, w := row[k:k+4:k+4], v[k:k+4:k+4]
		w[0] += r[0]
		w[1] += r[1]
		w[2] += r[2]
		w[3] += r[3]
	}
	for ; k < len(row); k++ {
		v[k] += row[k]
	}
}

// row is word i's scaled float32 vector, computed on first use.
func (g *Glove) row(i int32) []float32 {
	g.ready[i].Do(func() {
		s, row := g.scales[i], make([]float32, g.dims)
		for k, x := range g.data[int(i)*g.dims : (int(i)+1)*g.dims] {
			row[k] = s * float32(x)
		}
		g.rows[i] = row
	})
	return g.rows[i]
}

func (g *Glove) lookup(w []byte) (int32, bool) {
	if i, ok := g.index[string(w)]; ok {
		return i, true
	}
	// Plural or possessive not in the table: try the stem.
	if n := len(w); n > 3 && w[n-1] == 's' {
		if i, ok := g.index[string(w[:n-1])]; ok {
			return i, true
		}
	}
	return 0, false
}

// wordScanner yields the lowercased words of a text: runs of letters and
// digits, split everywhere else (hyphens included). English contractions
// are resolved to the words GloVe's vocabulary has (it has no clitic
// tokens): "don't" gives "do" "not", "can't" "can" "not", "won't" "will"
// "not"; "'ll" "'re" "'ve" "'m" "'d" give "will" "are" "have" "am"
// "would"; "'s" (is, has or possessive) is dropped. An apostrophe that
// starts no clitic separates words: "O'Brien" gives "o" "brien".
//
// It does not allocate for words up to 64 bytes; the word returned by next
// is valid until the following call.
type wordScanner struct {
	text    string
	i       int
	pending []byte // a word to yield before scanning on
	buf     [64]byte
}

func (s *wordScanner) reset(text string) { s.text, s.i, s.pending = text, 0, nil }

var (
	wordNot   = []byte("not")
	clitics   = [...]string{"ll", "re", "ve", "m", "d", "s"}
	cliticFor = [...][]byte{[]byte("will"), []byte("are"), []byte("have"), []byte("am"), []byte("would"), nil}
	ntStems   = map[string][]byte{"ca": []byte("can"), "wo": []byte("will"), "sha": []byte("shall")}
)

// isWordByte reports whether an ASCII byte is a letter or digit.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// runeAt decodes the rune at text[i] and whether it belongs to a word.
func runeAt(text string, i int) (r rune, size int, word bool) {
	if c := text[i]; c < utf8.RuneSelf {
		return rune(c), 1, isWordByte(c)
	}
	r, size = utf8.DecodeRuneInString(text[i:])
	return r, size, unicode.IsLetter(r) || unicode.IsDigit(r)
}

// wordEndsAt reports whether no letter or digit is at text[i].
func wordEndsAt(text string, i int) bool {
	if i >= len(text) {
		return true
	}
	_, _, word := runeAt(text, i)
	return !word
}

func (s *wordScanner) next() ([]byte, bool) {
	if s.pending != nil {
		w := s.pending
		s.pending = nil
		return w, true
	}
	text := s.text
	for s.i < len(text) {
		_, size, word := runeAt(text, s.i)
		if !word {
			s.i += size
			continue
		}
		w := s.buf[:0]
		for s.i < len(text) {
			c := text[s.i]
			if c < utf8.RuneSelf {
				if !isWordByte(c) {
					break
				}
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				w = append(w, c)
				s.i++
				continue
			}
			r, size, word := runeAt(text, s.i)
			if !word {
				break
			}
			w = utf8.AppendRune(w, unicode.ToLower(r))
			s.i += size
		}
		return s.contraction(w), true
	}
	return nil, false
}

// contraction looks past word w (just scanned) for an apostrophe and a
// clitic, consumes them, and returns what to yield for w, queueing the
// clitic's word.
func (s *wordScanner) contraction(w []byte) []byte {
	text, i := s.text, s.i
	var size int
	switch {
	case i < len(text) && text[i] == '\'':
		size = 1
	case strings.HasPrefix(text[i:], "’"):
		size = len("’")
	default:
		return w
	}
	j := i + size
	// "n't": the n is the end of the word just scanned.
	if n := len(w); n > 1 && w[n-1] == 'n' && j < len(text) && text[j]|0x20 == 't' && wordEndsAt(text, j+1) {
		s.i = j + 1
		s.pending = wordNot
		if full, ok := ntStems[string(w[:n-1])]; ok {
			return full
		}
		return w[:n-1]
	}
	for k, c := range clitics {
		if len(text)-j >= len(c) && strings.EqualFold(text[j:j+len(c)], c) && wordEndsAt(text, j+len(c)) {
			s.i = j + len(c)
			s.pending = cliticFor[k]
			return w
		}
	}
	return w
}

// forEachWord calls fn with each word of text, as wordScanner yields them.
func forEachWord(text string, fn func([]byte)) {
	var sc wordScanner
	sc.reset(text)
	for {
		w, ok := sc.next()
		if !ok {
			return
		}
		fn(w)
	}
}

// WordIDs returns the distinct known words of text (in order of first
// appearance, stopwords included) with their SIF weights, for word-level
// alignment with WordSim.
func (g *Glove) WordIDs(text string) (ids []int32, weights []float32) {
	forEachWord(text, func(w []byte) {
		i, ok := g.lookup(w)
		if !ok || g.invNorm[i] == 0 || slices.Contains(ids, i) {
			return
		}
		ids = append(ids, i)
		weights = append(weights, g.weight(i))
	})
	return ids, weights
}

// WordSim is the cosine similarity of two words (by WordIDs id), computed
// on the int8 vectors without allocating.
func (g *Glove) WordSim(a, b int32) float32 {
	if a == b {
		return 1
	}
	ra := g.data[int(a)*g.dims : (int(a)+1)*g.dims]
	rb := g.data[int(b)*g.dims : (int(b)+1)*g.dims]
	rb = rb[:len(ra)]
	// Four independent sums (integers: exact in any order) keep the
	// pipeline busy; this runs for every unmatched word of every claim
	// against every word of its chunk.
	var d0, d1, d2, d3 int32
	k := 0
	for ; k+4 <= len(ra); k += 4 {
		d0 += int32(ra[k]) * int32(rb[k])
		d1 += int32(ra[k+1]) * int32(rb[k+1])
		d2 += int32(ra[k+2]) * int32(rb[k+2])
		d3 += int32(ra[k+3]) * int32(rb[k+3])
	}
	for ; k < len(ra); k++ {
		d0 += int32(ra[k]) * int32(rb[k])
	}
	return float32(d0+d1+d2+d3) * g.invNorm[a] * g.invNorm[b]
}

// weight is the SIF weight of word i.
func (g *Glove) weight(i int32) float32 { return float32(sifWeight(i)) }
