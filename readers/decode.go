package readers

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// decodeText turns an input's bytes as stored into the UTF-8 text of its
// records: gzip undone (detected from its magic bytes), UTF-16 decoded
// when a byte order mark announces it (PowerShell's redirection, some
// Windows exporters), a UTF-8 byte order mark dropped (at the start of
// any line: files joined with cat keep each one's), and CR-only line
// endings made LF.
// Of gzip, content gets the digest of the bytes decompressed, so that a
// log given again as its compressed copy is told.
func decodeText(raw *bufio.Reader, name string, content *hash.Hash) (*bufio.Reader, error) {
	var src io.Reader = raw
	if magic, _ := raw.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: not a valid gzip stream: %w", name, err)
		}
		zr.Multistream(false)
		src = &gzipMembers{src: raw, zr: zr}
		if content != nil {
			*content = sha256.New()
			src = io.TeeReader(src, *content)
		}
	}
	lr := bufio.NewReaderSize(src, 64<<10)
	if enc := utf16ByBOM(lr); enc != nil {
		lr = bufio.NewReaderSize(transform.NewReader(lr, enc.NewDecoder()), 64<<10)
	}
	// Windows editors and Excel write a UTF-8 byte order mark: lineBOMs
	// drops it.
	return bufio.NewReaderSize(newLineBOMs(bufio.NewReaderSize(newCRLines(lr), 64<<10)), 64<<10), nil
}

// utf8BOM is the byte order mark some Windows tools put at the start of a
// UTF-8 file; it is not part of the first record.
var utf8BOM = []byte("\xef\xbb\xbf")

// lineBOMs drops the UTF-8 byte order marks at the start of each line. A
// mark inside a file is the start of another one joined on ("cat a.jsonl
// b.jsonl"): JSON allows no U+FEFF outside a string, and a string never
// starts a line, so the mark is never a record's text.
type lineBOMs struct {
	r     *bufio.Reader
	start bool   // the next byte starts a line
	rest  []byte // of the line read, not yet handed out (r's buffer)
	err   error  // r's error after rest
}

func newLineBOMs(r *bufio.Reader) *lineBOMs { return &lineBOMs{r: r, start: true} }

func (d *lineBOMs) Read(p []byte) (int, error) {
	if len(d.rest) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		for d.start {
			b, _ := d.r.Peek(len(utf8BOM))
			if !bytes.Equal(b, utf8BOM) {
				break
			}
			_, _ = d.r.Discard(len(utf8BOM))
		}
		line, err := d.r.ReadSlice('\n') // up to the line's end, or a buffer's worth
		d.start = len(line) > 0 && line[len(line)-1] == '\n'
		if err == bufio.ErrBufferFull {
			err = nil
		}
		d.rest, d.err = line, err
	}
	n := copy(p, d.rest)
	d.rest = d.rest[n:]
	if len(d.rest) == 0 && d.err != nil {
		return n, d.err
	}
	return n, nil
}

// utf16ByBOM returns the UTF-16 encoding announced by a byte order mark at
// the start of r (the decoder drops the mark), or nil.
func utf16ByBOM(r *bufio.Reader) encoding.Encoding {
	b, _ := r.Peek(2)
	switch {
	case len(b) < 2:
		return nil
	case b[0] == 0xff && b[1] == 0xfe:
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case b[0] == 0xfe && b[1] == 0xff:
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	}
	return nil
}

// gzipMembers reads the members of a gzip stream one after the other, as
// gzip -d does, and takes zero bytes after a complete member for the end
// of the input: copies from tape or block devices are padded so, and
// gzip -t accepts them. Anything else after a member must be a member.
type gzipMembers struct {
	src *bufio.Reader // gzip reads no further than a member's end from a ByteReader
	zr  *gzip.Reader
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	for {
		n, err := g.zr.Read(p)
		if err != io.EOF {
			return n, err
		}
		if n > 0 {
			return n, nil // the member's end; a later call moves on
		}
		if err := g.nextMember(); err != nil {
			return 0, err
		}
	}
}

// nextMember starts the member that follows, or returns io.EOF at the end
// of the input or of its zero padding.
func (g *gzipMembers) nextMember() error {
	b, err := g.src.Peek(1)
	if len(b) == 0 {
		return err
	}
	if b[0] == 0 {
		for {
			c, err := g.src.ReadByte()
			if err != nil {
				return err // io.EOF: padding to the end
			}
			if c != 0 {
				return fmt.Errorf("%w (data after zero padding)", gzip.ErrHeader)
			}
		}
	}
	if err := g.zr.Reset(g.src); err != nil {
		return err
	}
	g.zr.Multistream(false) // Reset turns it back on
	return nil
}

// Line endings of an input.
const (
	endingUndecided = iota
	endingLF        // LF or CRLF: a stray CR is left to the JSON parser
	endingCR        // CR alone: every CR ends a line
)

// crLines turns a lone CR into LF when CR alone is the input's line ending
// (classic Mac files, some exporters), which would otherwise merge every
// record into one line. In an LF or CRLF file a stray CR is left to the
// JSON parser, so that line numbers stay those of other tools.
type crLines struct {
	r      *bufio.Reader
	ending int
	err    error // the input's error met by the look-ahead (Peek hands it over once)
	json   jsonDepth
}

// newCRLines decides the line ending on the input's first 64 KiB when it
// can (a blocking Peek, so how the bytes arrive through a pipe cannot
// change it): LF or CRLF when there is an LF; CR alone when there is no
// LF and a CR is followed by the next record's "{", or the input is a
// JSON array (a document, whose CRs end lines). A first record longer
// than that leaves it undecided until the first LF, or the first CR that
// follows a complete JSON value and precedes a "{": a CR inside a record
// (JSON whitespace) does not make a CR file.
func newCRLines(r *bufio.Reader) *crLines {
	head, err := r.Peek(r.Size())
	if err == bufio.ErrBufferFull {
		err = nil
	}
	c := &crLines{r: r, err: err}
	switch {
	case bytes.IndexByte(head, '\n') >= 0:
		c.ending = endingLF
	case bytes.Contains(head, []byte("\r{")):
		c.ending = endingCR
	case bytes.IndexByte(head, '\r') >= 0 && bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\ufeff"), []byte("[")):
		c.ending = endingCR // a JSON array written with CR line ends (a pretty-printed export)
	case len(head) < r.Size():
		c.ending = endingLF // all of the input, one line
	}
	return c
}

func (c *crLines) Read(p []byte) (int, error) {
	if c.err != nil && c.r.Buffered() == 0 {
		return 0, c.err // a damaged gzip stream must still be reported
	}
	n, err := c.r.Read(p)
	from := 0
	if c.ending == endingUndecided {
		from = c.decide(p[:n])
	}
	if c.ending == endingCR {
		for i, b := range p[from:n] {
			if b == '\r' {
				p[from+i] = '\n'
			}
		}
	}
	return n, err
}

// decide follows the JSON of b, the input's next bytes, until they show
// the line ending, and returns where CR endings start.
func (c *crLines) decide(b []byte) int {
	for i, x := range b {
		if x == '\n' {
			c.ending = endingLF
			return i
		}
		if x != '\r' || !c.json.between() {
			c.json.step(x)
			continue
		}
		next := b[i+1:]
		if len(next) == 0 {
			next, _ = c.r.Peek(1)
		}
		switch {
		case len(next) == 0:
		case next[0] == '{':
			c.ending = endingCR
			return i
		case next[0] == '\n':
			c.ending = endingLF
			return i
		}
	}
	return len(b)
}

// jsonDepth follows the nesting of JSON text byte by byte, strings
// included, to tell bytes between top-level values from bytes inside one.
type jsonDepth struct {
	depth            int
	inString, escape bool
}

func (j *jsonDepth) between() bool { return j.depth == 0 && !j.inString }

func (j *jsonDepth) step(x byte) {
	switch {
	case j.escape:
		j.escape = false
	case j.inString && x == '\\':
		j.escape = true
	case x == '"':
		j.inString = !j.inString
	case j.inString:
	case x == '{' || x == '[':
		j.depth++
	case (x == '}' || x == ']') && j.depth > 0:
		j.depth--
	}
}
