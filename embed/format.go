package embed

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// The asset format, little-endian:
//
//	magic   "RAGEMB1\n"            (format name and version 1)
//	dims    uint32
//	count   uint32
//	count × { len uint8, word [len]byte (UTF-8, 1..255 bytes),
//	          scale float32, vec [dims]int8 }
//
// value = int8 × scale. Entries are in frequency order, most frequent
// first, so a word's frequency rank is its position + 1 and is not stored
// again; the embedder derives SIF weights from it. Nothing follows the last
// entry. 100 dims × 50,000 words make 5.6 MB.
const magic = "RAGEMB1\n"

// Vectors is a quantised word-vector table in frequency order.
type Vectors struct {
	Dims   int
	Words  []string
	Scales []float32
	Data   []int8 // len(Words) × Dims
}

// Quantise turns a float vector into int8 values and a scale
// (scale = max |x| / 127), so that x ≈ q × scale.
func Quantise(v []float64) (q []int8, scale float32) {
	var m float64
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	q = make([]int8, len(v))
	if m == 0 {
		return q, 0
	}
	s := m / 127
	for i, x := range v {
		q[i] = int8(math.Round(x / s))
	}
	return q, float32(s)
}

// Write encodes vs in the asset format.
func (vs *Vectors) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(magic)
	binary.Write(bw, binary.LittleEndian, uint32(vs.Dims))
	binary.Write(bw, binary.LittleEndian, uint32(len(vs.Words)))
	for i, word := range vs.Words {
		if len(word) == 0 || len(word) > 255 {
			return fmt.Errorf("word %q: length must be 1..255 bytes", word)
		}
		bw.WriteByte(byte(len(word)))
		bw.WriteString(word)
		binary.Write(bw, binary.LittleEndian, vs.Scales[i])
		for _, x := range vs.Data[i*vs.Dims : (i+1)*vs.Dims] {
			bw.WriteByte(byte(x))
		}
	}
	return bw.Flush()
}

// Read decodes the asset format.
func Read(r io.Reader) (*Vectors, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return decode(b)
}

func decode(b []byte) (*Vectors, error) {
	if len(b) < len(magic)+8 || string(b[:len(magic)]) != magic {
		return nil, errors.New("not a ragaudit vector file (bad magic)")
	}
	le := binary.LittleEndian
	dims, count := le.Uint32(b[len(magic):]), le.Uint32(b[len(magic)+4:])
	if dims == 0 || dims > 4096 || count > 10_000_000 {
		return nil, fmt.Errorf("implausible header: %d dims, %d words", dims, count)
	}
	b = b[len(magic)+8:]
	// Each entry takes at least 1+1+4+dims bytes: check before allocating.
	if uint64(len(b)) < uint64(count)*(6+uint64(dims)) {
		return nil, fmt.Errorf("truncated: %d bytes for %d words", len(b), count)
	}
	d := int(dims)
	vs := &Vectors{Dims: d, Words: make([]string, count), Scales: make([]float32, count), Data: make([]int8, int(count)*d)}
	// The words share one string: one allocation instead of count.
	all := make([]byte, 0, len(b)-int(count)*(5+d))
	ends := make([]int, count)
	for i := range vs.Words {
		if len(b) < 1 {
			return nil, fmt.Errorf("word %d: truncated", i)
		}
		n := int(b[0])
		if n == 0 || len(b) < 1+n+4+d {
			return nil, fmt.Errorf("word %d: truncated or empty", i)
		}
		all = append(all, b[1:1+n]...)
		ends[i] = len(all)
		vs.Scales[i] = math.Float32frombits(le.Uint32(b[1+n:]))
		row := vs.Data[i*d : (i+1)*d]
		for k, x := range b[1+n+4 : 1+n+4+d] {
			row[k] = int8(x)
		}
		b = b[1+n+4+d:]
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%d bytes after the last word", len(b))
	}
	words, start := string(all), 0
	for i, end := range ends {
		vs.Words[i] = words[start:end]
		start = end
	}
	return vs, nil
}
