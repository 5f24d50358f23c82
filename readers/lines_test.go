package readers

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

// lineOf returns a canonical record line of exactly n bytes.
func lineOf(t *testing.T, n int) string {
	t.Helper()
	head, tail := `{"conversation_id":"c","messages":[{"role":"assistant","content":"`, `"}]}`
	if n < len(head)+len(tail) {
		t.Fatalf("no record line of %d bytes", n)
	}
	return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
}

// --max-line-bytes counts a line's bytes without its line ending (LF or
// CRLF), and the last line, without one, the same way.
func TestMaxLineBytesExcludesTheLineEnding(t *testing.T) {
	const limit = 300
	cases := []struct {
		name string
		data string
		kept bool
	}{
		{"300 bytes, LF", lineOf(t, 300) + "\n", true},
		{"300 bytes, CRLF", lineOf(t, 300) + "\r\n", true},
		{"300 bytes, no line ending", lineOf(t, 300), true},
		{"301 bytes, LF", lineOf(t, 301) + "\n", false},
		{"301 bytes, CRLF", lineOf(t, 301) + "\r\n", false},
		{"301 bytes, no line ending", lineOf(t, 301), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, "l.jsonl", []byte(tc.data)), Options{MaxLineBytes: limit})
			if tc.kept && (len(o.records) != 1 || len(o.skips) != 0) {
				t.Fatalf("records %d, skips %v: want it kept", len(o.records), o.skips)
			}
			if !tc.kept && (len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonLineTooLong) {
				t.Fatalf("records %d, skips %v: want one %s", len(o.records), o.skips, ReasonLineTooLong)
			}
		})
	}
}

// Zero bytes after a complete gzip member (gzip -t accepts them) end the
// input; other data after a member is still reported as damage.
func TestGzipZeroPaddingIsTheEndOfTheInput(t *testing.T) {
	two := goodLine + "\n" + goodLine + "\n"
	padded := append(gzipped(t, two), make([]byte, 512)...)
	o, _ := readAll(t, writeFile(t, "z.jsonl.gz", padded), Options{})
	if o.fatal != nil || len(o.records) != 2 || len(o.skips) != 0 {
		t.Fatalf("zero padding: records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
	}
	members := append(gzipped(t, two), gzipped(t, goodLine+"\n")...)
	o, _ = readAll(t, writeFile(t, "m.jsonl.gz", append(members, 0, 0, 0)), Options{})
	if o.fatal != nil || len(o.records) != 3 || len(o.skips) != 0 {
		t.Fatalf("two members and padding: records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
	}
	for name, tail := range map[string][]byte{"garbage": []byte("garbage"), "zeros then garbage": append(make([]byte, 16), 'x')} {
		o, _ = readAll(t, writeFile(t, "g.jsonl.gz", append(gzipped(t, two), tail...)), Options{})
		if len(o.records) != 2 || len(o.skips) != 1 || o.skips[0].Reason != ReasonTruncatedGzip {
			t.Errorf("%s after the member: records %d, skips %v", name, len(o.records), o.skips)
		}
	}
}

// A file with CR-only line endings is read line by line, not as one
// record; in an LF file a stray CR does not make a line.
func TestCROnlyLineEndingsSplitRecords(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= 11; i++ {
		if i == 5 {
			b.WriteString(`{"broken` + "\r")
			continue
		}
		fmt.Fprintf(&b, `{"conversation_id":"c-%d","messages":[{"role":"assistant","content":"A."}]}`+"\r", i)
	}
	for name, data := range map[string][]byte{"plain": []byte(b.String()), "gzip": gzipped(t, b.String())} {
		t.Run(name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, "cr.jsonl", data), Options{})
			if len(o.records) != 10 || len(o.skips) != 1 || o.skips[0].Line != 5 {
				t.Fatalf("records %d, skips %v: want 10 and line 5 skipped", len(o.records), o.skips)
			}
			if r := o.records[9]; r.ConversationID != "c-11" || r.Line != 11 {
				t.Errorf("last record %s at line %d", r.ConversationID, r.Line)
			}
		})
	}
	// A CR as whitespace inside a record of an LF file: one record, and
	// the next line keeps its number.
	lf := `{"conversation_id":"c-1",` + "\r" + `"messages":[{"role":"assistant","content":"A."}]}` + "\n" + goodLine + "\n"
	o, _ := readAll(t, writeFile(t, "lf.jsonl", []byte(lf)), Options{})
	if len(o.records) != 2 || o.records[1].Line != 2 {
		t.Fatalf("LF file with a CR inside a record: records %+v, skips %v", o.records, o.skips)
	}
	// CRLF endings, with a CR at the end of the first read, are not CR-only.
	crlf := strings.Repeat(lineOf(t, 64<<10-1)+"\r\n", 3)
	o, _ = readAll(t, writeFile(t, "crlf.jsonl", []byte(crlf)), Options{})
	if len(o.records) != 3 || len(o.skips) != 0 || o.records[2].Line != 3 {
		t.Fatalf("CRLF file: records %d, skips %v", len(o.records), o.skips)
	}
	// A first record longer than the look-ahead, with a CR inside it, in
	// an LF file: still LF (it used to be decided by that CR).
	pad := strings.Repeat("x", 70<<10)
	long := `{"conversation_id":"c-1",` + "\r" + `"messages":[{"role":"assistant","content":"` + pad + `"}]}` + "\n" + goodLine + "\n"
	o, _ = readAll(t, writeFile(t, "long.jsonl", []byte(long)), Options{})
	if len(o.records) != 2 || len(o.skips) != 0 {
		t.Fatalf("LF file with a long first record holding a CR: %d records, skips %v", len(o.records), o.skips)
	}
}

// A pretty-printed JSON array written with CR line ends reports each
// record at its own line, as its LF copy does.
func TestCROnlyJSONArrayKeepsLineNumbers(t *testing.T) {
	rec := func(id string) string {
		return "  {\r    \"conversation_id\": \"" + id + "\",\r    \"messages\": [{\"role\": \"assistant\", \"content\": \"A.\"}]\r  }"
	}
	doc := "[\r" + rec("c-1") + ",\r" + rec("c-2") + "\r]\r"
	lines := func(text string) []int {
		o, _ := readAll(t, writeFile(t, "array.json", []byte(text)), Options{})
		var out []int
		for _, r := range o.records {
			out = append(out, r.Line)
		}
		return out
	}
	cr, lf := lines(doc), lines(strings.ReplaceAll(doc, "\r", "\n"))
	if len(cr) != 2 || !slices.Equal(cr, lf) || cr[1] == 1 {
		t.Errorf("CR array lines %v, LF copy %v", cr, lf)
	}
}

// A CR-only file whose first record is longer than the look-ahead (64
// KiB, where no line ending shows) is still read record by record: the
// ending is decided at the first CR between two records (it used to be
// read as one bad record). Gzip and a pipe see the same.
func TestCROnlyFileWithALongFirstRecordSplitsRecords(t *testing.T) {
	pad := strings.Repeat("x", 70<<10)
	first := `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"` + pad + `\r{ not a record"}]}`
	data := first + "\r" + strings.ReplaceAll(goodLine, "c-1", "c-2") + "\r" + strings.ReplaceAll(goodLine, "c-1", "c-3") + "\r"
	for name, open := range map[string]func() outcome{
		"plain": func() outcome { o, _ := readAll(t, writeFile(t, "cr.jsonl", []byte(data)), Options{}); return o },
		"gzip":  func() outcome { o, _ := readAll(t, writeFile(t, "cr.jsonl.gz", gzipped(t, data)), Options{}); return o },
		"stdin": func() outcome { return collect(Open(Stdin, Options{Stdin: strings.NewReader(data)}, nil)) },
	} {
		t.Run(name, func(t *testing.T) {
			o := open()
			if len(o.records) != 3 || len(o.skips) != 0 || o.fatal != nil {
				t.Fatalf("records %d, skips %v, error %v: want 3 records", len(o.records), o.skips, o.fatal)
			}
			for i, r := range o.records {
				if want := fmt.Sprintf("c-%d", i+1); r.ConversationID != want || r.Line != i+1 {
					t.Errorf("record %d is %s at line %d, want %s at line %d", i, r.ConversationID, r.Line, want, i+1)
				}
			}
		})
	}
}

// --max-line-bytes 9223372036854775807, "no limit", reads every line (the
// bound plus the line ending used to overflow: every line was too long,
// and the empty end of the file a phantom record).
func TestMaxLineBytesAtTheLargestIntegerIsNoLimit(t *testing.T) {
	data := mustRead(t, "../testdata/example.jsonl")
	for _, max := range []int{math.MaxInt, math.MaxInt - 1, math.MaxInt - 2} {
		stats := &FileStats{}
		o := collect(Open(writeFile(t, "e.jsonl", data), Options{MaxLineBytes: max}, stats))
		if len(o.records) != 11 || len(o.skips) != 0 || o.fatal != nil || stats.Skipped != 0 {
			t.Fatalf("--max-line-bytes %d: records %d, skips %v, error %v; want the 11 records", max, len(o.records), o.skips, o.fatal)
		}
	}
}

// Parquet piped to stdin cannot be read; it is said so, once, instead of
// binary lines counted as skipped records.
func TestParquetOnStdinIsAClearError(t *testing.T) {
	var buf bytes.Buffer
	w, err := NewParquetWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	recs := sampleRecords()
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	maps, err := ReadMappings("../testdata/formats/ragaudit-mapping-examples.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for name, opts := range map[string]Options{"auto": {}, "jsonl": {Format: "jsonl"}, "mapping": {Mappings: maps}} {
		t.Run(name, func(t *testing.T) {
			opts.Stdin = bytes.NewReader(buf.Bytes())
			o := collect(Open(Stdin, opts, nil))
			if len(o.records) != 0 || len(o.skips) != 0 || !errors.Is(o.fatal, errParquetStdin) {
				t.Fatalf("records %d, skips %v, error %v: want only %q", len(o.records), o.skips, o.fatal, errParquetStdin)
			}
		})
	}
}

// Unix times in digits are read by magnitude; times outside 1970–9999
// are refused, so that they neither win --last nor break convert.
func TestParseTimestamp(t *testing.T) {
	want := time.Date(2024, 5, 12, 14, 3, 0, 0, time.UTC)
	for _, s := range []string{"1715522580", "1715522580000", "1715522580000000", "1715522580000000000",
		"2024-05-12T14:03:00Z", "2024-05-12T16:03:00+02:00", "2024-05-12 14:03:00",
		// as other stacks write them: Python's time.time(), Java's offsets,
		// HTTP and JavaScript's toUTCString, day-first dotted dates, minutes
		"1715522580.000", "1715522580000.0", "2024-05-12T16:03:00.000+0200", "2024-05-12 16:03:00+0200",
		"Sun, 12 May 2024 14:03:00 GMT", "Sun, 12 May 2024 16:03:00 +0200", "Sun May 12 14:03:00 UTC 2024",
		"12.05.2024 14:03", "12.05.2024 14:03:00", "2024/05/12 14:03", "2024-05-12 14:03", "2024-05-12T14:03"} {
		if got, err := ParseTimestamp(s); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v, %v; want %v", s, got, err, want)
		}
	}
	if got, err := ParseTimestamp("0001-01-01T00:00:00Z"); err != nil || !got.IsZero() {
		t.Errorf("Go's zero time: %v, %v; want no time", got, err)
	}
	for _, s := range []string{"0", "-5", "1969-12-31T23:59:59Z", "9999-12-31T23:00:00-05:00", "99999999999999999999", "yesterday", "1.7e9", "1715522580.", ".5", "1715522580.1.2"} {
		if got, err := ParseTimestamp(s); err == nil {
			t.Errorf("%s: %v accepted", s, got)
		}
	}
	// A fraction is of the unit the magnitude gives.
	for s, want := range map[string]time.Time{
		"1715522580.25":        want.Add(250 * time.Millisecond),
		"1715522580000.5":      want.Add(500 * time.Microsecond),
		"1715522580.123456789": want.Add(123456789 * time.Nanosecond),
	} {
		if got, err := ParseTimestamp(s); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v, %v; want %v", s, got, err, want)
		}
	}
	// A time whose day and month could be either way round, or whose zone
	// is an abbreviation that is no one offset, is refused saying so.
	for s, why := range map[string]string{
		"03/11/2026 09:12":              "day and month could be either way round",
		"Tue, 03 Nov 2026 09:12:00 CET": "names its zone CET",
	} {
		if _, err := ParseTimestamp(s); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want an error saying %q", s, err, why)
		}
	}
}

// A Unix time in milliseconds, as text or as a number, dates its record in
// the right year, and JSONL and Parquet copies read back the same.
func TestMillisecondTimestampsRoundTrip(t *testing.T) {
	data := `{"conversation_id":"s","timestamp":"1715522580000","messages":[{"role":"assistant","content":"A."}]}` + "\n" +
		`{"conversation_id":"n","timestamp":1715522580000,"messages":[{"role":"assistant","content":"A."}]}` + "\n"
	o, _ := readAll(t, writeFile(t, "ms.jsonl", []byte(data)), Options{})
	if len(o.records) != 2 || len(o.skips) != 0 {
		t.Fatalf("records %d, skips %v", len(o.records), o.skips)
	}
	want := time.Date(2024, 5, 12, 14, 3, 0, 0, time.UTC)
	for _, r := range o.records {
		if !r.Timestamp.Equal(want) {
			t.Errorf("%s: %v, want %v", r.ConversationID, r.Timestamp, want)
		}
	}
	got, skips, err := readParquet(t, writeParquet(t, o.records))
	if err != nil || len(skips) != 0 || len(got) != 2 || !got[0].Timestamp.Equal(want) {
		t.Fatalf("Parquet copy: %+v, skips %v, %v", got, skips, err)
	}
}

// A writer refuses a timestamp its readers would refuse (a reader that let
// one through would otherwise make convert write an unreadable copy).
func TestWritersRefuseATimestampOutOfRange(t *testing.T) {
	rec := Record{ConversationID: "c", Timestamp: time.Date(56332, 9, 30, 10, 0, 0, 0, time.UTC),
		Messages: []Message{{Role: "assistant", Content: "A."}}}
	var buf bytes.Buffer
	if err := NewJSONLWriter(&buf).Write(&rec); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("JSONL writer: %v", err)
	}
	w, err := NewParquetWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(&rec); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("Parquet writer: %v", err)
	}
}

// Two files joined with cat keep the second one's byte order mark at the
// start of a line inside the input: it is the mark, not a character of
// the record, wherever it comes (and a mark inside a string is text).
func TestAByteOrderMarkAtTheStartOfAnyLineIsDropped(t *testing.T) {
	const bom = "\ufeff"
	inString := strings.Replace(goodLine, "A [1].", bom+"A [1].", 1)
	pretty := "{\n" + bom + `"conversation_id": "p",` + "\n" + `"messages": [{"role": "assistant", "content": "A [1]."}]` + "\n}\n"
	cases := []struct {
		name    string
		data    string
		records int
		content string // of the last record's last message
	}{
		{"a mark at the start of the second line", goodLine + "\n" + bom + goodLine + "\n", 2, "A [1]."},
		{"a mark at the start of the first line and of the third", bom + goodLine + "\n" + goodLine + "\r\n" + bom + goodLine, 3, "A [1]."},
		{"a mark on a line of its own", goodLine + "\n" + bom + "\n" + goodLine + "\n", 2, "A [1]."},
		{"two marks at the start of a line", goodLine + "\n" + bom + bom + goodLine + "\n", 2, "A [1]."},
		{"a mark in a pretty-printed record", pretty, 1, "A [1]."},
		{"a mark inside a string is the string's", inString + "\n", 1, bom + "A [1]."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, name := range []string{"b.jsonl", "b.jsonl.gz"} {
				data := []byte(tc.data)
				if strings.HasSuffix(name, ".gz") {
					data = gzipped(t, data)
				}
				o, _ := readAll(t, writeFile(t, name, data), Options{})
				if o.fatal != nil || len(o.skips) != 0 || len(o.records) != tc.records {
					t.Fatalf("%s: records %d, skips %v, fatal %v", name, len(o.records), o.skips, o.fatal)
				}
				msgs := o.records[len(o.records)-1].Messages
				if got := msgs[len(msgs)-1].Content; got != tc.content {
					t.Errorf("%s: content %q, want %q", name, got, tc.content)
				}
			}
		})
	}
}

// A last line that ends, with no line ending, before its record does is
// a file cut while being written (truncated_input); the same broken
// record followed by a line ending and more records is malformed_json.
func TestACutLastLineIsTruncatedInput(t *testing.T) {
	good := `{"conversation_id":"c1","messages":[{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}`
	cut := `{"conversation_id":"c2","messages":[{"role":"assistant","content":"Refunds take`
	for _, tc := range []struct {
		name, data, reason string
	}{
		{"cut at the end", good + "\n" + cut, ReasonTruncatedGzip},
		{"broken in the middle", good + "\n" + cut + "\n" + good + "\n", ReasonMalformedJSON},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "log.jsonl", []byte(tc.data)), Options{}, nil))
			if len(o.skips) != 1 || o.skips[0].Reason != tc.reason || o.skips[0].Line != 2 {
				t.Fatalf("skips %+v, want one %s at line 2", o.skips, tc.reason)
			}
		})
	}
}
