package readers

import (
	"errors"
	"fmt"
	"io"

	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/metadata"
)

// checkPageSizes walks the page headers of every column chunk of row group
// g before arrow reads a page: arrow allocates a page's uncompressed size
// as its header states it, so one flipped byte in a header made a 4 KB file
// take 12 GB. A page whose sizes do not fit its column chunk (as the
// footer, which is read apart, gives it) is damage. Only the headers are
// read, a few KiB each, so the walk costs little beside the pages' reading.
//
// Files of parquet-mr 1.2.8 and older leave the dictionary page's header
// out of the chunk's sizes (PARQUET-816): arrow reads up to 100 bytes
// more for them, and so does the walk. Encrypted columns are left to
// arrow, which says they are encrypted.
func checkPageSizes(r io.ReaderAt, fm *metadata.FileMetaData, rg *file.RowGroupReader) error {
	md := rg.MetaData()
	var pad int64
	if fm.WriterVersion().LessThan(metadata.Parquet816FixedVersion) {
		pad = 100
	}
	for j := 0; j < md.NumColumns(); j++ {
		cc, err := md.ColumnChunk(j)
		if err != nil {
			return err
		}
		if cc.CryptoMetadata() != nil {
			continue
		}
		start := cc.DataPageOffset()
		if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 && cc.DictionaryPageOffset() < start {
			start = cc.DictionaryPageOffset()
		}
		total, unpacked := cc.TotalCompressedSize(), cc.TotalUncompressedSize()
		if start < 0 || total < 0 || unpacked < 0 {
			return fmt.Errorf("column %d: negative offsets or sizes in the footer", j)
		}
		if err := walkPages(io.NewSectionReader(r, start, total+pad), total, unpacked, pad); err != nil {
			return fmt.Errorf("column %d: %w (damaged page header)", j, err)
		}
	}
	return nil
}

// maxPageHeader bounds the bytes read for one page header (statistics
// carry min and max values, so headers are not all small).
const maxPageHeader = 16 << 20

// walkPages reads each page header of a column chunk of total compressed
// bytes (and unpacked uncompressed ones) and checks that its sizes fit the
// chunk, which may run slack bytes longer than its footer says.
func walkPages(chunk io.ReaderAt, total, unpacked, slack int64) error {
	unpacked += slack
	for pos := int64(0); pos < total; {
		hlen, uncompressed, compressed, err := pageHeader(chunk, pos, total+slack-pos)
		if err != nil {
			return err
		}
		switch {
		case uncompressed < 0 || compressed < 0:
			return errors.New("a page with a negative size")
		case int64(uncompressed) > unpacked:
			return fmt.Errorf("a page of %d bytes in a column chunk of %d", uncompressed, unpacked)
		case pos+hlen+int64(compressed) > total+slack:
			return errors.New("a page that runs past its column chunk")
		}
		pos += hlen + int64(compressed)
	}
	return nil
}

// pageHeader reads the page header at pos, of at most left bytes, reading
// 4 KiB and more only when the header is longer.
func pageHeader(chunk io.ReaderAt, pos, left int64) (hlen int64, uncompressed, compressed int32, err error) {
	for size := int64(4 << 10); ; size *= 4 {
		buf := make([]byte, min(size, left, maxPageHeader))
		n, rerr := chunk.ReadAt(buf, pos)
		if n < len(buf) && rerr != nil && rerr != io.EOF {
			return 0, 0, 0, rerr
		}
		h := compactReader{b: buf[:n]}
		uncompressed, compressed, err = h.pageSizes()
		if err != errShort || n < len(buf) || int64(n) == left || n == maxPageHeader {
			if err == errShort {
				err = errThrift
			}
			return int64(h.pos), uncompressed, compressed, err
		}
	}
}

// compactReader reads Thrift's compact protocol, as much of it as a
// PageHeader takes.
type compactReader struct {
	b     []byte
	pos   int
	depth int
}

var (
	errThrift = errors.New("not a page header")
	errShort  = errors.New("a page header longer than the bytes read")
)

// pageSizes reads a PageHeader struct and returns its
// uncompressed_page_size (field 2) and compressed_page_size (field 3).
func (c *compactReader) pageSizes() (uncompressed, compressed int32, err error) {
	uncompressed, compressed = -1, -1
	err = c.fields(func(id int16, typ byte) error {
		if (id == 2 || id == 3) && typ == 5 {
			v, err := c.varint()
			if id == 2 {
				uncompressed = int32(zigzag(v))
			} else {
				compressed = int32(zigzag(v))
			}
			return err
		}
		return c.skip(typ)
	})
	if err == nil && (uncompressed < 0 || compressed < 0) {
		err = errThrift
	}
	return uncompressed, compressed, err
}

// fields reads a struct's fields up to its stop byte, handing each field's
// id and type to f, which must consume the value.
func (c *compactReader) fields(f func(id int16, typ byte) error) error {
	var id int16
	for {
		b, err := c.byte()
		if err != nil {
			return err
		}
		if b == 0 {
			return nil
		}
		typ, delta := b&0x0f, int16(b>>4)
		if delta == 0 {
			v, err := c.varint()
			if err != nil {
				return err
			}
			id = int16(zigzag(v))
		} else {
			id += delta
		}
		if err := f(id, typ); err != nil {
			return err
		}
	}
}

// skip consumes a value of the given compact type.
func (c *compactReader) skip(typ byte) error {
	switch typ {
	case 1, 2: // booleans carry their value in the type
		return nil
	case 3:
		_, err := c.byte()
		return err
	case 4, 5, 6:
		_, err := c.varint()
		return err
	case 7:
		return c.advance(8)
	case 8:
		n, err := c.varint()
		if err != nil {
			return err
		}
		return c.advance(int(n))
	case 9, 10, 11, 12:
		// Nesting is bounded, or damage could recurse as deep as it is long.
		if c.depth++; c.depth > 16 {
			return errThrift
		}
		defer func() { c.depth-- }()
		switch typ {
		case 9, 10:
			return c.skipList()
		case 11:
			return c.skipMap()
		}
		return c.fields(func(_ int16, t byte) error { return c.skip(t) })
	}
	return errThrift
}

func (c *compactReader) skipList() error {
	h, err := c.byte()
	if err != nil {
		return err
	}
	n, elem := int(h>>4), h&0x0f
	if n == 15 {
		v, err := c.varint()
		if err != nil {
			return err
		}
		n = int(v)
	}
	return c.skipN(n, elem)
}

func (c *compactReader) skipMap() error {
	n, err := c.varint()
	if err != nil || n == 0 {
		return err
	}
	if n > uint64(len(c.b)-c.pos) {
		return errShort // more entries than bytes left
	}
	kv, err := c.byte()
	if err != nil {
		return err
	}
	for i := uint64(0); i < n; i++ {
		if err := c.skipElem(kv >> 4); err != nil {
			return err
		}
		if err := c.skipElem(kv & 0x0f); err != nil {
			return err
		}
	}
	return nil
}

func (c *compactReader) skipN(n int, elem byte) error {
	if n < 0 || n > len(c.b)-c.pos {
		return errShort // more elements than bytes left
	}
	for i := 0; i < n; i++ {
		if err := c.skipElem(elem); err != nil {
			return err
		}
	}
	return nil
}

// skipElem consumes an element of a list, set or map: there a boolean
// takes a byte, where a field's carries its value in its type.
func (c *compactReader) skipElem(typ byte) error {
	if typ == 1 || typ == 2 {
		_, err := c.byte()
		return err
	}
	return c.skip(typ)
}

func (c *compactReader) byte() (byte, error) {
	if c.pos >= len(c.b) {
		return 0, errShort
	}
	c.pos++
	return c.b[c.pos-1], nil
}

func (c *compactReader) advance(n int) error {
	if n < 0 {
		return errThrift
	}
	if n > len(c.b)-c.pos {
		return errShort
	}
	c.pos += n
	return nil
}

func (c *compactReader) varint() (uint64, error) {
	var v uint64
	for shift := 0; shift < 64; shift += 7 {
		b, err := c.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v, nil
		}
	}
	return 0, errThrift
}

func zigzag(v uint64) int64 { return int64(v>>1) ^ -int64(v&1) }
