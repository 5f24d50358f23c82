package nounphrase

import (
	"bytes"
	"cmp"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/bits"
	"slices"
)

// The tagging model is prose's averaged perceptron (en-v2.0.0, a port of
// textblob-aptagger; MIT), converted by tools/taggen into a compact form:
// features are keyed by a 64-bit hash of their text and weights are stored
// as integers in thousandths (prose rounds every averaged weight to three
// decimals, so this is exact). Decoding prose's gob takes about 250 ms and
// its float sums depend on map order; this loads in a few milliseconds
// and sums exactly.
//
//go:embed tagger.bin
var taggerAsset []byte

const taggerMagic = "RAGAUDIT-TAGGER-1\n"

// Perceptron is the tagging model in its compact form.
type Perceptron struct {
	Classes []string         // tag names; a class is an index into it
	TagMap  map[string]uint8 // words whose tag is fixed, by class
	feats   featTable        // feature hash → offset into weights
	weights []classWeight    // per feature: count, then that many weights
}

type classWeight struct {
	class  uint8
	weight int32 // thousandths
}

// Hash is FNV-1a (64 bits) of a text: a tagger feature here, a word in
// package audit's word sets.
func Hash[T ~string | ~[]byte](b T) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(b); i++ {
		h ^= uint64(b[i])
		h *= 1099511628211
	}
	return h
}

// EncodePerceptron writes prose's model (weights[feature][class], the tag
// map and the class list) in the compact form. It fails on a weight that is
// not a whole number of thousandths, or on two features with one hash.
func EncodePerceptron(w io.Writer, weights map[string]map[string]float64, tagMap map[string]string, classes []string) error {
	cs := newClassSet(classes)
	feats, err := encodeFeatures(weights, cs)
	if err != nil {
		return err
	}
	words := make([]string, 0, len(tagMap))
	for word, tag := range tagMap {
		cs.of(tag)
		words = append(words, word)
	}
	slices.Sort(words)
	if len(cs.names) > 255 {
		return fmt.Errorf("%d classes: at most 255", len(cs.names))
	}
	var b bytes.Buffer
	b.WriteString(taggerMagic)
	putString := func(s string) {
		b.Write(binary.AppendUvarint(nil, uint64(len(s))))
		b.WriteString(s)
	}
	b.Write(binary.AppendUvarint(nil, uint64(len(cs.names))))
	for _, c := range cs.names {
		putString(c)
	}
	b.Write(binary.AppendUvarint(nil, uint64(len(words))))
	for _, word := range words {
		putString(word)
		b.WriteByte(byte(cs.index[tagMap[word]]))
	}
	b.Write(binary.AppendUvarint(nil, uint64(len(feats))))
	for _, f := range feats {
		b.Write(binary.LittleEndian.AppendUint64(nil, f.hash))
		b.Write(binary.AppendUvarint(nil, uint64(len(f.ws))))
		for _, cw := range f.ws {
			b.WriteByte(cw.class)
			b.Write(binary.AppendVarint(nil, int64(cw.weight)))
		}
	}
	_, err = w.Write(b.Bytes())
	return err
}

// classSet numbers the tag classes, in the order first met.
type classSet struct {
	names []string
	index map[string]int
}

func newClassSet(classes []string) *classSet {
	cs := &classSet{names: slices.Clone(classes), index: map[string]int{}}
	for i, c := range cs.names {
		cs.index[c] = i
	}
	return cs
}

func (cs *classSet) of(c string) int {
	i, ok := cs.index[c]
	if !ok {
		i = len(cs.names)
		cs.names = append(cs.names, c)
		cs.index[c] = i
	}
	return i
}

// encodedFeature is a feature's hash and its weights by class, in
// thousandths.
type encodedFeature struct {
	hash uint64
	ws   []classWeight
}

// encodeFeatures hashes the features, refusing two that share a hash or a
// weight that is not in thousandths, sorted by hash.
func encodeFeatures(weights map[string]map[string]float64, cs *classSet) ([]encodedFeature, error) {
	feats := make([]encodedFeature, 0, len(weights))
	seen := map[uint64]string{}
	for _, name := range slices.Sorted(maps.Keys(weights)) {
		h := Hash(name)
		if other, dup := seen[h]; dup {
			return nil, fmt.Errorf("features %q and %q share hash %x", name, other, h)
		}
		seen[h] = name
		f := encodedFeature{hash: h}
		for _, c := range slices.Sorted(maps.Keys(weights[name])) {
			v := weights[name][c]
			milli := math.Round(v * 1000)
			if math.Abs(milli-v*1000) > 1e-6 {
				return nil, fmt.Errorf("feature %q class %s: weight %v is not in thousandths", name, c, v)
			}
			f.ws = append(f.ws, classWeight{uint8(cs.of(c)), int32(milli)})
		}
		slices.SortFunc(f.ws, func(a, b classWeight) int { return int(a.class) - int(b.class) })
		feats = append(feats, f)
	}
	slices.SortFunc(feats, func(a, b encodedFeature) int { return cmp.Compare(a.hash, b.hash) })
	return feats, nil
}

var errTruncated = errors.New("truncated tagger model")

// DecodePerceptron reads a model written by EncodePerceptron.
func DecodePerceptron(data []byte) (*Perceptron, error) {
	if !bytes.HasPrefix(data, []byte(taggerMagic)) {
		return nil, errors.New("not a ragaudit tagger model")
	}
	r := bytes.NewReader(data[len(taggerMagic):])
	uv := func() (int, error) {
		v, err := binary.ReadUvarint(r)
		if err != nil || v > uint64(len(data)) {
			return 0, errTruncated
		}
		return int(v), nil
	}
	str := func() (string, error) {
		n, err := uv()
		if err != nil || n > r.Len() {
			return "", errTruncated
		}
		s := make([]byte, n)
		_, _ = r.Read(s)
		return string(s), nil
	}
	p := &Perceptron{}
	nc, err := uv()
	if err != nil {
		return nil, err
	}
	for range nc {
		s, err := str()
		if err != nil {
			return nil, err
		}
		p.Classes = append(p.Classes, s)
	}
	nw, err := uv()
	if err != nil {
		return nil, err
	}
	p.TagMap = make(map[string]uint8, nw)
	for range nw {
		word, err := str()
		if err != nil {
			return nil, err
		}
		c, err := r.ReadByte()
		if err != nil || int(c) >= len(p.Classes) {
			return nil, errTruncated
		}
		p.TagMap[word] = c
	}
	nf, err := uv()
	if err != nil {
		return nil, err
	}
	p.feats = newFeatTable(nf)
	var h [8]byte
	for range nf {
		if _, err := io.ReadFull(r, h[:]); err != nil {
			return nil, errTruncated
		}
		n, err := uv()
		if err != nil {
			return nil, err
		}
		p.feats.put(binary.LittleEndian.Uint64(h[:]), uint32(len(p.weights)))
		p.weights = append(p.weights, classWeight{weight: int32(n)})
		for range n {
			c, err := r.ReadByte()
			if err != nil || int(c) >= len(p.Classes) {
				return nil, errTruncated
			}
			v, err := binary.ReadVarint(r)
			if err != nil {
				return nil, errTruncated
			}
			p.weights = append(p.weights, classWeight{class: c, weight: int32(v)})
		}
	}
	return p, nil
}

// weightsOf returns the class weights of a feature, nil if unknown.
func (p *Perceptron) weightsOf(hash uint64) []classWeight {
	off, ok := p.feats.get(hash)
	if !ok {
		return nil
	}
	n := p.weights[off].weight
	return p.weights[off+1 : off+1+uint32(n)]
}

// featTable maps feature hashes to weight offsets: open addressing with
// linear probing, at most half full, each slot holding its key and value
// so that a lookup (14 per scored word) is one cache miss; a Go map was a
// third of the tagger's time.
type featTable struct {
	slots []featSlot
	shift uint8 // 64 - log2(len(slots))
}

type featSlot struct {
	hash uint64
	off1 uint32 // offset + 1; 0 marks an empty slot
}

func newFeatTable(n int) featTable {
	b := max(3, bits.Len(uint(2*n)))
	return featTable{slots: make([]featSlot, 1<<b), shift: uint8(64 - b)}
}

// put sets hash's offset, replacing an earlier one (as a map would).
func (t *featTable) put(hash uint64, off uint32) {
	mask := len(t.slots) - 1
	i := int((hash * 0x9E3779B97F4A7C15) >> t.shift)
	for t.slots[i].off1 != 0 && t.slots[i].hash != hash {
		i = (i + 1) & mask
	}
	t.slots[i] = featSlot{hash, off + 1}
}

func (t *featTable) get(hash uint64) (uint32, bool) {
	mask := len(t.slots) - 1
	for i := int((hash * 0x9E3779B97F4A7C15) >> t.shift); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.off1 == 0 {
			return 0, false
		}
		if s.hash == hash {
			return s.off1 - 1, true
		}
	}
}
