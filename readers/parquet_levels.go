package readers

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
)

// checkLevels reads the pages of column j of rg and counts the levels of
// each data page: arrow's column readers loop forever (in a goroutine no
// one can stop) on a page whose levels decode to fewer values than its
// header announces, as a damaged page header can make them. Such a page
// is an error here, before arrow decodes it.
func checkLevels(rg *file.RowGroupReader, j int) error {
	col := rg.MetaData().Schema.Column(j)
	maxDef, maxRep := col.MaxDefinitionLevel(), col.MaxRepetitionLevel()
	pr, err := rg.GetColumnPageReader(j)
	if err != nil {
		return err
	}
	for pr.Next() {
		var lengths []int32 // byte lengths of the repetition, then definition levels; nil: length-prefixed
		var data []byte
		var n int32
		switch p := pr.Page().(type) {
		case *file.DataPageV1:
			if (maxRep > 0 && p.RepetitionLevelEncoding() != parquet.Encodings.RLE) ||
				(maxDef > 0 && p.DefinitionLevelEncoding() != parquet.Encodings.RLE) {
				continue // the deprecated bit-packed levels: left to arrow
			}
			data, n = p.Data(), p.NumValues()
		case *file.DataPageV2:
			data, n = p.Data(), p.NumValues()
			lengths = []int32{p.RepetitionLevelByteLen(), p.DefinitionLevelByteLen()}
		default:
			continue
		}
		for k, max := range []int16{maxRep, maxDef} {
			if max == 0 {
				continue
			}
			var levels []byte
			if levels, data, err = levelBytes(data, lengths, k); err != nil {
				return fmt.Errorf("column %d: %w", j, err)
			}
			if got := rleCount(levels, bits.Len16(uint16(max)), int(n)); got < int(n) {
				return fmt.Errorf("column %d: a page announces %d values, its levels hold %d (damaged page)", j, n, got)
			}
		}
	}
	return pr.Err()
}

// levelBytes splits the levels of kind k (0 repetition, 1 definition) off
// the front of data: their length is lengths[k], or (in version 1 pages)
// a 4-byte little-endian prefix.
func levelBytes(data []byte, lengths []int32, k int) (levels, rest []byte, err error) {
	var size int
	if lengths != nil {
		size = int(lengths[k])
	} else {
		if len(data) < 4 {
			return nil, nil, fmt.Errorf("a page ends before its levels")
		}
		size, data = int(binary.LittleEndian.Uint32(data)), data[4:]
	}
	if size < 0 || size > len(data) {
		return nil, nil, fmt.Errorf("a page's levels (%d bytes) run past its %d bytes", size, len(data))
	}
	return data[:size], data[size:], nil
}

// rleCount counts the values the RLE/bit-packed hybrid encoding in b
// holds, at width bits a value, stopping once it reaches want.
func rleCount(b []byte, width, want int) int {
	n := 0
	for n < want && len(b) > 0 {
		header, k := binary.Uvarint(b)
		if k <= 0 {
			return n
		}
		b = b[k:]
		count := header >> 1
		if count == 0 {
			return n // arrow stops there too
		}
		if header&1 == 1 { // bit-packed: groups of 8 values, width bytes each
			if count > uint64(len(b)/width) {
				return n + len(b)*8/width
			}
			n += int(count) * 8
			b = b[int(count)*width:]
			continue
		}
		size := (width + 7) / 8 // a run: its count, then its one value
		if len(b) < size {
			return n
		}
		if count >= uint64(want-n) {
			return want
		}
		n += int(count)
		b = b[size:]
	}
	return n
}
