package readers

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
)

// recordParser turns the JSON text of one record (a line, or one value of
// a pretty-printed file or JSON array) that starts on line into a record
// or a skip (which it gives file and line); an error stops the file.
type recordParser func(b []byte, line int) (Record, *SkipError, error)

// stream is one input's text on its way to records, and where they go.
type stream struct {
	name  string
	text  *bufio.Reader
	max   int          // bound on one record, in bytes
	stop  func() error // the caller's context error, if it is done
	yield func(Record, error) bool
}

// tooLong is the skip of a record past the bound.
func (s *stream) tooLong(line int, what string) bool {
	return s.yield(Record{}, &SkipError{File: s.name, Line: line, Reason: ReasonLineTooLong,
		Detail: fmt.Sprintf("%s longer than %d bytes (raise --max-line-bytes if records are really this large)", what, s.max)})
}

// readError is a read error met after line: the caller's cancellation
// stops the file; anything else (a damaged or cut gzip stream, a device
// error) is the loss of the rest of the input, counted as one skip.
func (s *stream) readError(line int, err error, cutRecord bool) {
	if ctxErr := s.stop(); ctxErr != nil {
		s.yield(Record{}, fmt.Errorf("%s: reading stopped: %w", s.name, ctxErr))
		return
	}
	detail := "input ends early (" + err.Error() + "); the rest of the file is lost"
	if cutRecord {
		// A partial last record of a damaged stream: it is a record we
		// saw but cannot trust.
		detail = "record cut off by a read error: " + err.Error()
	}
	s.yield(Record{}, &SkipError{File: s.name, Line: line, Reason: ReasonTruncatedGzip, Detail: detail})
}

// parsed hands a parser's outcome to the caller; false stops the file.
func (s *stream) parsed(rec Record, skip *SkipError, fatal error) bool {
	switch {
	case fatal != nil:
		s.yield(Record{}, fatal)
		return false
	case skip != nil:
		return s.yield(Record{}, skip)
	}
	return s.yield(rec, nil)
}

// eachLine reads one record per line; parse sees every line that is not
// blank, and lines over s.max are skipped without being held in memory.
func (s *stream) eachLine(parse recordParser) {
	for line := 1; ; line++ {
		b, tooLong, err := readLine(s.text, s.max)
		if tooLong {
			if !s.tooLong(line, "line") {
				return
			}
		} else if len(bytes.TrimSpace(b)) > 0 {
			if err != nil && err != io.EOF {
				s.readError(line, err, true)
				return
			}
			rec, skip, fatal := parse(b, line)
			if err == io.EOF && skip != nil && skip.Reason == ReasonMalformedJSON && strings.Contains(skip.Detail, "unexpected end of JSON input") {
				// The last line ends, with no line ending, before its
				// record does: the file was cut while being written.
				skip.Reason, skip.Detail = ReasonTruncatedGzip, "the input ends inside this record (no line ending after it): "+skip.Detail
			}
			if !s.parsed(rec, skip, fatal) {
				return
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			s.readError(line+1, err, false)
			return
		}
	}
}

// readLine returns the next line without its line ending (LF or CRLF). A
// line longer than max bytes, its ending not counted, is drained and
// reported as tooLong, holding at most one buffer in memory. max is at
// most math.MaxInt-2 (Options.maxRecordBytes).
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
