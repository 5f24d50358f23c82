package readers

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"iter"
	"os"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// utf8BOM is the byte order mark some Windows tools put at the start of a
// UTF-8 file; it is not part of the first record.
var utf8BOM = []byte("\xef\xbb\xbf")

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

// lineParser turns one non-blank line into a record or a skip (which it
// gives file and line); an error stops the file.
type lineParser func(b []byte, line int) (Record, *SkipError, error)

// jsonLines is the line reading the JSONL and mapping readers share: plain
// or gzip, stdin, UTF-16 and UTF-8 byte order marks, CR-only line endings,
// and lines over opts.MaxLineBytes skipped without being held in memory.
// parse sees every line that is not blank.
func jsonLines(path string, opts Options, stats *FileStats, parse lineParser) iter.Seq2[Record, error] {
	if opts.MaxLineBytes <= 0 {
		opts.MaxLineBytes = DefaultMaxLineBytes
	}
	if stats == nil {
		stats = &FileStats{}
	}
	stats.Path = path
	return func(yield func(Record, error) bool) {
		var f io.ReadCloser
		if path == Stdin {
			in := opts.Stdin
			if in == nil {
				in = os.Stdin
			}
			f = io.NopCloser(in)
		} else {
			file, err := os.Open(path)
			if err != nil {
				yield(Record{}, err)
				return
			}
			f = file
		}
		defer f.Close()

		h := sha256.New()
		counted := &countingReader{r: f, h: h}
		defer func() {
			// Hash what is left so the digest covers the whole file even
			// when the caller stopped early.
			_, _ = io.Copy(io.Discard, counted)
			stats.SHA256 = hex.EncodeToString(h.Sum(nil))
			stats.Bytes = counted.n
		}()

		br := bufio.NewReaderSize(counted, 64<<10)
		if magic, _ := br.Peek(4); string(magic) == parquetMagic {
			// Read as lines, Parquet would be a screenful of skipped
			// binary "records".
			if path == Stdin {
				yield(Record{}, errParquetStdin)
			} else {
				yield(Record{}, fmt.Errorf("%s is a Parquet file, not JSONL: read it without --format jsonl", path))
			}
			return
		}
		var src io.Reader = br
		if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
			zr, err := gzip.NewReader(br)
			if err != nil {
				yield(Record{}, fmt.Errorf("%s: not a valid gzip stream: %w", path, err))
				return
			}
			zr.Multistream(false)
			src = &gzipMembers{src: br, zr: zr}
		}
		lr := bufio.NewReaderSize(src, 64<<10)
		if enc := utf16ByBOM(lr); enc != nil {
			// PowerShell's redirection and some Windows exporters write
			// UTF-16; records are read as the UTF-8 they encode.
			lr = bufio.NewReaderSize(transform.NewReader(lr, enc.NewDecoder()), 64<<10)
		}
		lr = bufio.NewReaderSize(newCRLines(lr), 64<<10)

		for line := 1; ; line++ {
			b, tooLong, err := readLine(lr, opts.MaxLineBytes)
			if line == 1 {
				b = bytes.TrimPrefix(b, utf8BOM) // Windows editors and Excel write one
			}
			if tooLong {
				stats.Skipped++
				if !yield(Record{}, &SkipError{File: path, Line: line, Reason: ReasonLineTooLong,
					Detail: fmt.Sprintf("line longer than %d bytes (raise --max-line-bytes if records are really this large)", opts.MaxLineBytes)}) {
					return
				}
			} else if len(bytes.TrimSpace(b)) > 0 {
				if err != nil && err != io.EOF {
					// A partial last line of a damaged stream: it is a record
					// we saw but cannot trust.
					stats.Skipped++
					yield(Record{}, &SkipError{File: path, Line: line, Reason: ReasonTruncatedGzip,
						Detail: "record cut off by a read error: " + err.Error()})
					return
				}
				rec, skip, fatal := parse(b, line)
				switch {
				case fatal != nil:
					yield(Record{}, fatal)
					return
				case skip != nil:
					stats.Skipped++
					if !yield(Record{}, skip) {
						return
					}
				default:
					stats.Records++
					if !yield(rec, nil) {
						return
					}
				}
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				stats.Skipped++
				yield(Record{}, &SkipError{File: path, Line: line + 1, Reason: ReasonTruncatedGzip,
					Detail: "input ends early (" + err.Error() + "); the rest of the file is lost"})
				return
			}
		}
	}
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

// crLines turns a lone CR into LF when CR alone is the input's line ending
// (classic Mac files, some exporters), which would otherwise merge every
// record into one line. In an LF or CRLF file a stray CR is left to the
// JSON parser, so that line numbers stay those of other tools.
type crLines struct {
	r   *bufio.Reader
	cr  bool  // CR endings: every CR is a line end
	err error // the input's error met by the look-ahead (Peek hands it over once)
}

// newCRLines decides the line ending once, on the input's first 64 KiB
// (a blocking Peek, so how the bytes arrive through a pipe cannot change
// it): CR endings when there is no LF at all and a CR is followed by the
// next record's "{"; LF or CRLF otherwise. A CR inside a record (JSON
// whitespace) does not make a CR file.
func newCRLines(r *bufio.Reader) *crLines {
	head, err := r.Peek(r.Size())
	if err == bufio.ErrBufferFull {
		err = nil
	}
	cr := bytes.IndexByte(head, '\n') < 0 && bytes.Contains(head, []byte("\r{"))
	return &crLines{r: r, cr: cr, err: err}
}

func (c *crLines) Read(p []byte) (int, error) {
	if c.err != nil && c.r.Buffered() == 0 {
		return 0, c.err // a damaged gzip stream must still be reported
	}
	n, err := c.r.Read(p)
	if c.cr {
		for i, b := range p[:n] {
			if b == '\r' {
				p[i] = '\n'
			}
		}
	}
	return n, err
}

type countingReader struct {
	r io.Reader
	h hash.Hash
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.h.Write(p[:n])
	return n, err
}

// readLine returns the next line without its line ending (LF or CRLF). A
// line longer than max bytes, its ending not counted, is drained and
// reported as tooLong, holding at most one buffer in memory.
func readLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > max+2 { // +2: the line ending may be CRLF
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		buf = bytes.TrimSuffix(buf, []byte("\n"))
		buf = bytes.TrimSuffix(buf, []byte("\r"))
		if len(buf) > max {
			return nil, true, err
		}
		return buf, false, err
	}
}
