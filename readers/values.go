package readers

import (
	"bufio"
	"io"
)

// eachValue reads records written as JSON values one after another
// (pretty-printed, or several concatenated) or as the elements of a
// top-level JSON array; each record's line is the line it starts on.
func (s *stream) eachValue(parse recordParser) {
	v := &valueReader{r: s.text, max: s.max, line: 1}
	for {
		b, line, tooLong, err := v.next()
		if tooLong {
			if !s.tooLong(line, "record") {
				return
			}
		} else if len(b) > 0 {
			if err == io.ErrUnexpectedEOF && s.stop() == nil {
				s.yield(Record{}, &SkipError{File: s.name, Line: line, Reason: ReasonTruncatedGzip,
					Detail: "the input ends inside this record (cut short?)"})
				return
			}
			if err != nil && err != io.EOF {
				s.readError(line, err, true)
				return
			}
			if !s.parsed(parse(b, line)) {
				return
			}
		}
		switch {
		case err == io.EOF:
			return
		case err != nil && (tooLong || len(b) == 0):
			s.readError(v.line, err, false)
			return
		}
	}
}

// valueReader splits JSON text into its top-level values: records written
// one after another, and the elements of a top-level array. It follows
// strings and nesting only; whether a value is valid JSON is the parser's
// to say. A value left open (a record cut short, a brace missing) ends
// where a line starts with "{" at the column the value started at, so
// that one broken record does not take the next ones with it.
type valueReader struct {
	r       *bufio.Reader
	max     int
	line    int  // of the next byte, 1-based
	col     int  // of the next byte, 0-based
	inArray bool // between the elements of a top-level array
	buf     []byte
	tooLong bool
}

// next returns the next value and the line it starts on, or tooLong when
// it was longer than max (it is read to its end, b is nil). err is io.EOF
// at the end of the input; any other error (io.ErrUnexpectedEOF: the input
// ends inside a value; a read error) comes with the bytes read before it.
func (v *valueReader) next() (b []byte, line int, tooLong bool, err error) {
	for {
		c, err := v.r.ReadByte()
		if err != nil {
			return nil, v.line, false, err
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			v.col++
		case c == '\n':
			v.line, v.col = v.line+1, 0
		case c == '[' && !v.inArray:
			v.col++
			v.inArray = true
		case v.inArray && (c == ',' || c == ']'):
			v.col++
			v.inArray = c == ','
		default:
			_ = v.r.UnreadByte()
			line = v.line
			err := v.value()
			if v.tooLong {
				return nil, line, true, err
			}
			return v.buf, line, false, err
		}
	}
}

// value reads one value into v.buf.
func (v *valueReader) value() error {
	v.buf, v.tooLong = v.buf[:0], false
	startCol := v.col
	c, _ := v.readByte()
	switch c {
	case '"':
		_, err := v.str()
		return err
	case '{', '[':
	default:
		for {
			c, err := v.r.ReadByte()
			if err == io.EOF {
				return nil // a scalar ends with the input
			} else if err != nil {
				return err
			}
			if isSpace(c) || c == ',' || c == ']' || c == '}' || c == '[' || c == '{' {
				return v.r.UnreadByte()
			}
			v.col++
			v.add(c)
		}
	}
	open := []byte{c}
	for len(open) > 0 {
		c, err := v.readByte()
		switch {
		case err != nil:
			return eofInValue(err)
		case c == '"':
			lineEnd, err := v.str()
			if err != nil {
				return err
			}
			if lineEnd && v.startsAnother(startCol) {
				return nil
			}
		case c == '{' || c == '[':
			open = append(open, c)
		case c == '}' || c == ']':
			if want := open[len(open)-1] + 2; c != want { // '{'+2 is '}', '['+2 is ']'
				return nil // mismatched: the parser says what is wrong
			}
			open = open[:len(open)-1]
		case c == '\n' && v.startsAnother(startCol):
			return nil
		}
	}
	return nil
}

// str reads the rest of a string whose opening quote was read. A line end
// inside it (never valid JSON) ends it, so that a string cut short does
// not run into the next records; lineEnd says so.
func (v *valueReader) str() (lineEnd bool, err error) {
	for {
		c, err := v.readByte()
		switch {
		case err != nil:
			return false, eofInValue(err)
		case c == '"' || c == '\n':
			return c == '\n', nil
		case c == '\\':
			if _, err := v.readByte(); err != nil {
				return false, eofInValue(err)
			}
		}
	}
}

// startsAnother tells, at the start of a line, whether the line starts a
// new value at col: "{" after col spaces or tabs.
func (v *valueReader) startsAnother(col int) bool {
	if col > 256 {
		return false
	}
	b, _ := v.r.Peek(col + 1)
	if len(b) < col+1 || b[col] != '{' {
		return false
	}
	for _, x := range b[:col] {
		if x != ' ' && x != '\t' {
			return false
		}
	}
	return true
}

// readByte reads and keeps one byte of the value, counting lines.
func (v *valueReader) readByte() (byte, error) {
	c, err := v.r.ReadByte()
	if err != nil {
		return 0, err
	}
	if c == '\n' {
		v.line, v.col = v.line+1, 0
	} else {
		v.col++
	}
	v.add(c)
	return c, nil
}

// add keeps b unless the value is past max, which drops what it held.
func (v *valueReader) add(b byte) {
	if v.tooLong {
		return
	}
	if len(v.buf) >= v.max {
		v.tooLong, v.buf = true, v.buf[:0]
		return
	}
	v.buf = append(v.buf, b)
}

func eofInValue(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
