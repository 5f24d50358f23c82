package embed

import (
	"bytes"
	"context"
	_ "embed"
	"math"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
)

//go:embed glove50k.bin
var gloveAsset []byte

// Glove is the built-in embedder: a sentence vector is the SIF-weighted
// mean of its words' GloVe vectors (Arora et al., 2017): weight a/(a+p(w)),
// with p(w) from the word's frequency rank by Zipf's law, so frequent
// words count little and rare, contentful words count most.
type Glove struct {
	dims    int
	index   map[string]int32
	data    []int8
	scales  []float32 // per word: quantisation scale × SIF weight
	invNorm []float32 // per word: 1 / |int8 vector|, 0 for a zero vector
}

// sifA is SIF's smoothing constant; 1e-3 is the value of the SIF paper.
const sifA = 1e-3

// gloveVocab is the vocabulary size of the source vectors, for Zipf's
// normaliser (ln N + γ).
const gloveVocab = 341479

var (
	builtinOnce sync.Once
	builtin     *Glove
	builtinErr  error
)

// Builtin returns the built-in embedder, loading it on first use (about
// 40 ms, 7 MB).
func Builtin() (*Glove, error) {
	builtinOnce.Do(func() {
		vs, err := Read(bytes.NewReader(gloveAsset))
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
		scales: make([]float32, len(vs.Words)), invNorm: make([]float32, len(vs.Words))}
	h := zipfNorm()
	for i, w := range vs.Words {
		g.index[w] = int32(i)
		var n float64
		for _, x := range vs.Data[i*vs.Dims : (i+1)*vs.Dims] {
			n += float64(x) * float64(x)
		}
		if n > 0 {
			g.invNorm[i] = float32(1 / math.Sqrt(n))
		}
		p := 1 / (float64(i+1) * h)
		g.scales[i] = vs.Scales[i] * float32(sifA/(sifA+p))
	}
	return g
}

func zipfNorm() float64 {
	// Harmonic number H_N ≈ ln N + γ.
	return 12.741 + 0.5772
}

// Name identifies the embedder (and its calibrated model) in reports.
func (g *Glove) Name() string { return "builtin:glove-100d-50k-int8-sif" }

// Dim is the vector length.
func (g *Glove) Dim() int { return g.dims }

// Embed embeds each text.
func (g *Glove) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = g.EmbedOne(t)
	}
	return out, nil
}

// EmbedOne embeds one text. Unknown words are ignored; a text without any
// known word gives the zero vector.
func (g *Glove) EmbedOne(text string) []float32 {
	v := make([]float32, g.dims)
	var buf [64]byte
	forEachWord(text, buf[:0], func(w []byte) {
		i, ok := g.lookup(w)
		if !ok {
			return
		}
		s := g.scales[i]
		row := g.data[int(i)*g.dims : (int(i)+1)*g.dims]
		for k, x := range row {
			v[k] += s * float32(x)
		}
	})
	return v
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

// forEachWord calls fn with each lowercased word of text (letters and
// digits; "n't" split off as GloVe tokenises it; possessive 's dropped).
func forEachWord(text string, buf []byte, fn func([]byte)) {
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += size
			continue
		}
		buf = buf[:0]
		for i < len(text) {
			r, size = utf8.DecodeRuneInString(text[i:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			buf = utf8.AppendRune(buf, unicode.ToLower(r))
			i += size
		}
		// An apostrophe: "don't" gives "do" and "n't"; "acme's" gives "acme".
		if i < len(text) && (r == '\'' || r == '’') && i+size < len(text) {
			next := text[i+size] | 0x20
			switch {
			case next == 't' && len(buf) > 1 && buf[len(buf)-1] == 'n':
				fn(buf[:len(buf)-1])
				fn(nt)
				i += size + 1
				continue
			case next == 's':
				i += size + 1
			}
		}
		fn(buf)
	}
}

var nt = []byte("n't")

// WordIDs returns the distinct known words of text (in order of first
// appearance, stopwords included) with their SIF weights, for word-level
// alignment with WordSim.
func (g *Glove) WordIDs(text string) (ids []int32, weights []float32) {
	var buf [64]byte
	forEachWord(text, buf[:0], func(w []byte) {
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
	var dot int32
	for k := range ra {
		dot += int32(ra[k]) * int32(rb[k])
	}
	return float32(dot) * g.invNorm[a] * g.invNorm[b]
}

// weight is the SIF weight of word i.
func (g *Glove) weight(i int32) float32 {
	p := 1 / (float64(i+1) * zipfNorm())
	return float32(sifA / (sifA + p))
}
