package readers

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"iter"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// DefaultMaxLineBytes bounds one JSONL line. A longer line is skipped (and
// drained without being held in memory), so one runaway record cannot take
// the process down.
const DefaultMaxLineBytes = 8 << 20

// Options tune the readers.
type Options struct {
	MaxLineBytes int       // 0 means DefaultMaxLineBytes
	Stdin        io.Reader // what "-" reads; nil means os.Stdin
	Format       string    // "" or "auto": detect; else jsonl, parquet or a provider format (Formats)
	Mappings     []Mapping // custom-table mappings (--mapping); used for JSONL rows when set
	MappingName  string    // which mapping; "" picks the first that fits
}

// FileStats is filled in while a file is read; SHA256 and Bytes are final
// once the iteration has ended.
type FileStats struct {
	Path    string
	SHA256  string // of the bytes as stored (compressed bytes for .gz)
	Bytes   int64
	Records int // records yielded
	Skipped int // records skipped
}

// Stdin is the path that reads standard input.
const Stdin = "-"

// normalRole spells a role as the canonical format does: loggers write
// "Assistant" or "ASSISTANT " too, and Gemini's "model" is the assistant.
func normalRole(r string) string {
	r = strings.ToLower(strings.TrimSpace(r))
	if r == "model" {
		return "assistant"
	}
	return r
}

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

// JSONL streams the records of one JSONL file (plain or gzip, detected from
// its magic bytes; "-" reads stdin). It yields (Record, nil) for usable
// records, (Record{}, *SkipError) for records it skipped, and a plain error,
// after which it stops, when the file itself cannot be read.
func JSONL(path string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	return jsonLines(path, opts, stats, func(b []byte, line int) (Record, *SkipError, error) {
		rec, skip := parseLine(b, path, line)
		return rec, skip, nil
	})
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

// Wire types. Pointers tell "absent" from "empty".
type jsonRecord struct {
	ConversationID *flexString   `json:"conversation_id"`
	Tenant         *flexString   `json:"tenant"`
	Agent          *flexString   `json:"agent"`
	Timestamp      *flexString   `json:"timestamp"` // a Unix time may be a number
	Messages       []jsonMessage `json:"messages"`
	// Flat form: one assistant turn per line.
	Turn      *jsonTurn   `json:"turn"`
	Question  *string     `json:"question"`
	Answer    *string     `json:"answer"`
	Retrieval []jsonChunk `json:"retrieval"`
}

type jsonMessage struct {
	Role       *string        `json:"role"`
	Content    *string        `json:"content"`
	Retrieval  []jsonChunk    `json:"retrieval"`
	Citations  []jsonCitation `json:"citations"`
	OffsetUnit string         `json:"offset_unit"` // of citation spans: codepoint (default), utf8, utf16
	Embedding  []float32      `json:"embedding"`
}

type jsonChunk struct {
	ID         *flexString `json:"id"`
	Source     *string     `json:"source"`
	Text       *string     `json:"text"`
	Score      *float64    `json:"score"`
	TextStatus string      `json:"text_status"`
	Embedding  []float32   `json:"embedding"`
}

// jsonCitation is a structured citation (ragaudit.conversation/v2).
type jsonCitation struct {
	Marker    string       `json:"marker"`
	ClaimSpan *jsonSpan    `json:"claim_span"`
	ChunkIDs  []flexString `json:"chunk_ids"`
	Text      *string      `json:"text"` // the claim as quoted, to verify the span
}

// jsonSpan is a claim span as read: nil tells a missing or null bound
// from 0.
type jsonSpan struct {
	Start *int `json:"start"`
	End   *int `json:"end"`
}

// jsonTurn is the flat form's turn number, which loggers also write as
// text ("3"); it is checked, not used.
type jsonTurn struct{}

func (jsonTurn) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		// json.Number reports text that is not a number as a syntax
		// error of its own; it is the field's type that is wrong.
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: float64Type}
	}
	return nil
}

var float64Type = reflect.TypeOf(0.0)

// flexString accepts a JSON string or number (ids are often numeric).
type flexString string

func (s *flexString) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var v string
		if err := json.Unmarshal(b, &v); err != nil {
			return err
		}
		*s = flexString(v)
		return nil
	}
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: stringType}
	}
	*s = flexString(n.String())
	return nil
}

var stringType = reflect.TypeOf("")

func parseLine(b []byte, file string, line int) (Record, *SkipError) {
	skip := func(reason, format string, args ...any) (Record, *SkipError) {
		return Record{}, &SkipError{File: file, Line: line, Reason: reason, Detail: fmt.Sprintf(format, args...)}
	}
	if !utf8.Valid(b) {
		off := invalidUTF8Offset(b)
		return skip(ReasonInvalidUTF8, "invalid UTF-8 at byte %d of the line", off)
	}
	var jr jsonRecord
	if err := json.Unmarshal(b, &jr); err != nil {
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		switch {
		case errors.As(err, &te):
			return skip(ReasonWrongType, "%s", typeMismatch(te))
		case errors.As(err, &se):
			return skip(ReasonMalformedJSON, "%v (at byte %d)", se, se.Offset)
		default:
			return skip(ReasonMalformedJSON, "%v", err)
		}
	}
	if jr.ConversationID == nil || *jr.ConversationID == "" {
		return skip(ReasonMissingField, `"conversation_id" is missing or empty`)
	}
	rec := Record{
		ConversationID: string(*jr.ConversationID),
		File:           file,
		Line:           line,
	}
	if jr.Tenant != nil {
		rec.Tenant = string(*jr.Tenant)
	}
	if jr.Agent != nil {
		rec.Agent = string(*jr.Agent)
	}
	if jr.Timestamp != nil && *jr.Timestamp != "" {
		ts, err := ParseTimestamp(string(*jr.Timestamp))
		if err != nil {
			return skip(ReasonBadTimestamp, "timestamp: %v", err)
		}
		rec.Timestamp = ts
	}

	switch {
	case jr.Messages != nil:
		hasAssistant := false
		for i, m := range jr.Messages {
			if m.Role == nil || *m.Role == "" {
				return skip(ReasonMissingField, "messages[%d] has no \"role\"", i)
			}
			msg := Message{Role: normalRole(*m.Role)}
			if m.Content == nil {
				if msg.Role == "assistant" {
					return skip(ReasonMissingContent, "messages[%d] (assistant) has no \"content\"", i)
				}
			} else {
				msg.Content = *m.Content
			}
			if msg.Role == "assistant" {
				hasAssistant = true
				var err error
				if msg.Retrieval, err = convertChunks(m.Retrieval); err != nil {
					return skip(ReasonWrongType, "messages[%d].%v", i, err)
				}
				msg.Embedding = m.Embedding
				if msg.Citations, rec.Warnings, err = convertCitations(msg.Content, m.OffsetUnit, m.Citations, i, rec.Warnings); err != nil {
					return skip(ReasonWrongType, "%v", err)
				}
			}
			rec.Messages = append(rec.Messages, msg)
		}
		if !hasAssistant {
			return skip(ReasonNoAssistantTurn, "no assistant message to audit")
		}
	case jr.Answer != nil:
		q := ""
		if jr.Question != nil {
			q = *jr.Question
		}
		chunks, err := convertChunks(jr.Retrieval)
		if err != nil {
			return skip(ReasonWrongType, "%v", err)
		}
		rec.Messages = []Message{
			{Role: "user", Content: q},
			{Role: "assistant", Content: *jr.Answer, Retrieval: chunks},
		}
	case jr.Question != nil:
		return skip(ReasonMissingContent, `flat record has a "question" but no "answer"`)
	default:
		return skip(ReasonMissingField, `neither "messages" (canonical form) nor "answer" (flat form) is present`)
	}
	return rec, nil
}

func convertChunks(in []jsonChunk) ([]Chunk, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]Chunk, len(in))
	for i, c := range in {
		if c.ID != nil {
			out[i].ID = string(*c.ID)
		}
		if c.Source != nil {
			out[i].Source = *c.Source
		}
		if c.Text != nil {
			out[i].Text = *c.Text
		}
		out[i].Score = c.Score
		status, err := textStatus(c.TextStatus)
		if err != nil {
			return nil, fmt.Errorf("retrieval[%d].text_status: %w", i, err)
		}
		out[i].Status = status
		out[i].Embedding = c.Embedding
	}
	return out, nil
}

// textStatus checks a chunk's text_status: one of the Text constants in
// any case, or "" (none given). Any other value is an error: a status the
// audit does not know cannot be guessed at.
func textStatus(s string) (string, error) {
	switch n := strings.ToLower(strings.TrimSpace(s)); n {
	case "", TextFull, TextTruncated, TextAbsent, TextRedacted:
		return n, nil
	}
	return "", fmt.Errorf("%q is not a text status: want full, truncated, absent or redacted", s)
}

// convertCitations turns claim spans in unit into byte offsets, checking
// them against the quoted claim. A citation without a usable span makes
// the record unreadable (an error): dropping it would audit the record
// without that citation and change its result silently. A span that reads
// other text than the quoted claim is kept with a warning.
func convertCitations(content, unit string, in []jsonCitation, msg int, warnings []string) ([]Citation, []string, error) {
	var out []Citation
	for k, c := range in {
		if c.ClaimSpan == nil {
			return nil, warnings, fmt.Errorf("messages[%d].citations[%d]: no claim_span", msg, k)
		}
		start, end := c.ClaimSpan.Start, c.ClaimSpan.End
		switch {
		case start == nil || end == nil:
			return nil, warnings, fmt.Errorf("messages[%d].citations[%d].claim_span: no start or no end (both must be integers)", msg, k)
		case *start == *end:
			// An empty claim would be audited as an empty sentence, and
			// the sentence it stands for would count as cited.
			return nil, warnings, fmt.Errorf("messages[%d].citations[%d].claim_span: empty span %d-%d: it must cover the claim's text", msg, k, *start, *end)
		}
		a, b, err := SpanToBytes(content, *start, *end, unit)
		if err != nil {
			return nil, warnings, fmt.Errorf("messages[%d].citations[%d].claim_span: %v", msg, k, err)
		}
		if c.Text != nil && content[a:b] != *c.Text {
			warnings = append(warnings, fmt.Sprintf("messages[%d].citations[%d]: span %d-%d (%s) reads %q, not the quoted %q",
				msg, k, *start, *end, unitName(unit), content[a:b], *c.Text))
		}
		cit := Citation{Start: a, End: b, Marker: c.Marker}
		for _, id := range c.ChunkIDs {
			cit.ChunkIDs = append(cit.ChunkIDs, string(id))
		}
		out = append(out, cit)
	}
	return out, warnings, nil
}

func unitName(u string) string {
	if u == "" {
		return "codepoint"
	}
	return u
}

// SpanToBytes converts a [start, end) span counted in unit (codepoint,
// utf8 or utf16) into byte offsets of s.
func SpanToBytes(s string, start, end int, unit string) (int, int, error) {
	if start < 0 || end < start {
		return 0, 0, fmt.Errorf("bad span %d-%d", start, end)
	}
	switch strings.ToLower(unit) {
	case "", "codepoint", "codepoints", "char", "chars":
		return unitsToBytes(s, start, end, "code point", func(rune) int { return 1 })
	case "utf8", "utf-8", "byte", "bytes", "utf8_byte":
		if end > len(s) || !utf8.RuneStart(byteAt(s, start)) || !utf8.RuneStart(byteAt(s, end)) {
			return 0, 0, fmt.Errorf("byte span %d-%d does not fit the %d bytes of the text on character boundaries", start, end, len(s))
		}
		return start, end, nil
	case "utf16", "utf-16":
		return unitsToBytes(s, start, end, "UTF-16 unit", func(r rune) int { return utf16.RuneLen(r) })
	}
	return 0, 0, fmt.Errorf("offset unit %q: want codepoint, utf8 or utf16", unit)
}

// unitsToBytes maps a span counted in units of width(r) per rune to bytes.
func unitsToBytes(s string, start, end int, unit string, width func(rune) int) (int, int, error) {
	a, b, n := -1, -1, 0
	for i, r := range s {
		if n == start {
			a = i
		}
		if n == end {
			b = i
		}
		n += width(r)
	}
	if start == n {
		a = len(s)
	}
	if end == n {
		b = len(s)
	}
	if a < 0 || b < 0 {
		return 0, 0, fmt.Errorf("span %d-%d does not fit the text (%d %ss) on character boundaries", start, end, n, unit)
	}
	return a, b, nil
}

func byteAt(s string, i int) byte {
	if i >= len(s) {
		return 0
	}
	return s[i]
}

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999Z07",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02",
}

// ParseTimestamp accepts RFC 3339, the common SQL-style variants and Unix
// times written as digits alone (see unixByMagnitude); times without a
// zone are taken as UTC. A time outside the years 1970–9999 is an error
// (checkTimeRange), except Go's zero time, which loggers write for "no
// time" and which stays the zero Time.
func ParseTimestamp(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if t.IsZero() {
				return t, nil
			}
			return inRange(t.UTC())
		}
	}
	if s != "" && strings.Trim(s, "0123456789") == "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n == 0 {
			return time.Time{}, fmt.Errorf("Unix time %s is out of range", s)
		}
		return inRange(unixByMagnitude(n))
	}
	return time.Time{}, fmt.Errorf("%q is not a time: want RFC 3339 (e.g. 2026-05-12T14:03:00Z) or a Unix time", s)
}

// inRange returns t, or an error when checkTimeRange refuses it.
func inRange(t time.Time) (time.Time, error) {
	if err := checkTimeRange(t); err != nil {
		return time.Time{}, err
	}
	return t, nil
}

// unixByMagnitude reads a Unix time whose unit the log does not say, as
// loggers write seconds, milliseconds, microseconds or nanoseconds alike:
// under 1e11 it is seconds (up to the year 5138), under 1e14 milliseconds,
// under 1e17 microseconds, else nanoseconds. Every unit's range starts by
// 1973-03-03 (1e8 s), so no time after that is misread; a millisecond
// time before it would be read as seconds.
func unixByMagnitude(n int64) time.Time {
	switch {
	case n < 1e11:
		return time.Unix(n, 0).UTC()
	case n < 1e14:
		return time.UnixMilli(n).UTC()
	case n < 1e17:
		return time.UnixMicro(n).UTC()
	}
	return time.Unix(0, n).UTC()
}

// checkTimeRange refuses a time no conversation log has, before 1970 or
// after 9999: it would become the audit's period and win --last, and
// RFC 3339, which convert writes, has four-digit years.
func checkTimeRange(t time.Time) error {
	if y := t.UTC().Year(); y < 1970 || y > 9999 {
		return fmt.Errorf("%s is out of range (years 1970–9999)", t.UTC().Format(time.RFC3339Nano))
	}
	return nil
}

func invalidUTF8Offset(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

func jsonKind(b []byte) string {
	switch {
	case len(b) == 0:
		return "nothing"
	case b[0] == '{':
		return "object"
	case b[0] == '[':
		return "array"
	case b[0] == 't' || b[0] == 'f':
		return "bool"
	case b[0] == '"':
		return "string"
	default:
		return "number"
	}
}

// typeMismatch says for people which field has the wrong kind of value. A
// number that does not fit its field is named: "is a number, want a
// number" would not tell that 0.5 is not an integer or 1e999 too large.
func typeMismatch(te *json.UnmarshalTypeError) string {
	field := te.Field
	if field == "" {
		field = "(record)"
	}
	if lit, ok := strings.CutPrefix(te.Value, "number "); ok && te.Type != nil {
		switch te.Type.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if strings.ContainsAny(lit, ".eE") {
				return fmt.Sprintf("field %q is %s, want an integer", field, lit)
			}
			return fmt.Sprintf("field %q is %s, out of range", field, lit)
		case reflect.Float32, reflect.Float64:
			return fmt.Sprintf("field %q is %s, out of range", field, lit)
		}
	}
	return fmt.Sprintf("field %q is %s, want %s", field, withArticle(te.Value), jsonKindOf(te.Type))
}

// withArticle names a JSON value kind as encoding/json reports it
// ("array", "number 3") for people: "an array", "a number".
func withArticle(v string) string {
	v, _, _ = strings.Cut(v, " ")
	switch v {
	case "array", "object":
		return "an " + v
	case "":
		return "a value"
	}
	return "a " + v
}

// jsonKindOf names the JSON kind a Go type decodes from, not the type.
func jsonKindOf(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Pointer:
		return jsonKindOf(t.Elem())
	case reflect.Interface:
		return "a value"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	}
	return "a number"
}
