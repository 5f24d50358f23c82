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
//	magic   "RAGEMB1\n"
//	dims    uint32
//	count   uint32
//	count × { len uint8, word [len]byte, scale float32, vec [dims]int8 }
//
// Words are in frequency order (rank 1 first); value = int8 × scale.
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
	br := bufio.NewReader(r)
	head := make([]byte, len(magic))
	if _, err := io.ReadFull(br, head); err != nil || string(head) != magic {
		return nil, errors.New("not a ragaudit vector file (bad magic)")
	}
	var dims, count uint32
	if err := binary.Read(br, binary.LittleEndian, &dims); err != nil {
		return nil, err
	}
	if err := binary.Read(br, binary.LittleEndian, &count); err != nil {
		return nil, err
	}
	if dims == 0 || dims > 4096 || count > 10_000_000 {
		return nil, fmt.Errorf("implausible header: %d dims, %d words", dims, count)
	}
	vs := &Vectors{Dims: int(dims), Words: make([]string, count), Scales: make([]float32, count), Data: make([]int8, int(count)*int(dims))}
	buf := make([]byte, 255)
	for i := range vs.Words {
		n, err := br.ReadByte()
		if err != nil {
			return nil, fmt.Errorf("word %d: %w", i, err)
		}
		if _, err := io.ReadFull(br, buf[:n]); err != nil {
			return nil, fmt.Errorf("word %d: %w", i, err)
		}
		vs.Words[i] = string(buf[:n])
		if err := binary.Read(br, binary.LittleEndian, &vs.Scales[i]); err != nil {
			return nil, fmt.Errorf("word %d: %w", i, err)
		}
		row := vs.Data[i*int(dims) : (i+1)*int(dims)]
		raw := make([]byte, dims)
		if _, err := io.ReadFull(br, raw); err != nil {
			return nil, fmt.Errorf("word %d: %w", i, err)
		}
		for k, b := range raw {
			row[k] = int8(b)
		}
	}
	return vs, nil
}
