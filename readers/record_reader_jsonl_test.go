package readers

import (
	"bytes"
	"compress/gzip"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

const goodLine = `{"conversation_id":"c-1","tenant":"acme","agent":"bot","timestamp":"2026-05-12T14:03:00Z","messages":[{"role":"user","content":"Q?"},{"role":"assistant","content":"A [1].","retrieval":[{"id":"1","source":"s.md","text":"A.","score":0.8}]}]}`

type outcome struct {
	records []Record
	skips   []*SkipError
	fatal   error
}

func readAll(t *testing.T, path string, opts Options) (outcome, *FileStats) {
	t.Helper()
	stats := &FileStats{}
	return collect(JSONL(path, opts, stats)), stats
}

// collect sorts what a reader yields into records, skips and the error
// that stopped it.
func collect(seq iter.Seq2[Record, error]) outcome {
	var o outcome
	for rec, err := range seq {
		var skip *SkipError
		switch {
		case errors.As(err, &skip):
			o.skips = append(o.skips, skip)
		case err != nil:
			o.fatal = err
		default:
			o.records = append(o.records, rec)
		}
	}
	return o
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBadInputIsSkippedWithPositionAndTheRestIsRead(t *testing.T) {
	cases := []struct {
		name      string
		line      string
		reason    string
		detailHas string
	}{
		{"malformed JSON names the syntax error", `{"conversation_id": "c-2", "messages": [`, ReasonMalformedJSON, "unexpected end"},
		{"true where content must be text", `{"conversation_id":"c-2","messages":[{"role":"assistant","content":true}]}`, ReasonWrongType, "messages.content"},
		{"messages that is not a list", `{"conversation_id":"c-2","messages":"hello"}`, ReasonWrongType, "messages"},
		{"an assistant message without content", `{"conversation_id":"c-2","messages":[{"role":"user","content":"Q"},{"role":"assistant"}]}`, ReasonMissingContent, "messages[1]"},
		{"an assistant message with null content", `{"conversation_id":"c-2","messages":[{"role":"assistant","content":null}]}`, ReasonMissingContent, "messages[0]"},
		{"no conversation id", `{"messages":[{"role":"assistant","content":"x"}]}`, ReasonMissingField, "conversation_id"},
		{"a message without role", `{"conversation_id":"c-2","messages":[{"content":"x"}]}`, ReasonMissingField, "role"},
		{"neither canonical nor flat", `{"conversation_id":"c-2","text":"x"}`, ReasonMissingField, "its keys: conversation_id, text"},
		{"a Ragas row among canonical records", `{"user_input":"Refund window?","response":"30 days [1].","retrieved_contexts":["Refunds take 30 days."]}`, ReasonOtherFormat, "--format ragas"},
		{"flat record without answer", `{"conversation_id":"c-2","question":"x"}`, ReasonMissingContent, "answer"},
		{"only user messages", `{"conversation_id":"c-2","messages":[{"role":"user","content":"x"}]}`, ReasonNoAssistantTurn, "assistant"},
		{"an unparseable timestamp", `{"conversation_id":"c-2","timestamp":"yesterday","messages":[{"role":"assistant","content":"x"}]}`, ReasonBadTimestamp, "yesterday"},
		{"a JSON array instead of an object", `[1,2,3]`, ReasonWrongType, "(record)"},
		{"invalid UTF-8", "{\"conversation_id\":\"c-2\",\"messages\":[{\"role\":\"assistant\",\"content\":\"caf\xe9\"}]}", ReasonInvalidUTF8, "byte 71"},
		{"a turn that is not a number", `{"conversation_id":"c-2","turn":"abc","answer":"x"}`, ReasonWrongType, `"turn" is the text "abc", want a number`},
		{"a span bound that is not an integer", `{"conversation_id":"c-2","messages":[{"role":"assistant","content":"Refunds.","citations":[{"claim_span":{"start":0.5,"end":5},"chunk_ids":["1"]}]}]}`, ReasonWrongType, "is 0.5, want an integer"},
		{"an embedding value out of range", `{"conversation_id":"c-2","messages":[{"role":"assistant","content":"x","embedding":[1e999]}]}`, ReasonWrongType, `"messages.embedding" is 1e999, out of range`},
		{"a millisecond timestamp past the year 9999", `{"conversation_id":"c-2","timestamp":"253402300800000000000","messages":[{"role":"assistant","content":"x"}]}`, ReasonBadTimestamp, "out of range"},
		{"a timestamp before 1970", `{"conversation_id":"c-2","timestamp":"1969-12-31T23:00:00Z","messages":[{"role":"assistant","content":"x"}]}`, ReasonBadTimestamp, "years 1970–9999"},
		{"a timestamp past 9999 once in UTC", `{"conversation_id":"c-2","timestamp":"9999-12-31T23:00:00-05:00","messages":[{"role":"assistant","content":"x"}]}`, ReasonBadTimestamp, "years 1970–9999"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := writeFile(t, "log.jsonl", []byte(goodLine+"\n"+tc.line+"\n"+goodLine+"\n"))
			o, stats := readAll(t, p, Options{})
			if o.fatal != nil {
				t.Fatalf("fatal error: %v", o.fatal)
			}
			if len(o.records) != 2 || len(o.skips) != 1 {
				t.Fatalf("got %d records and %d skips, want 2 and 1", len(o.records), len(o.skips))
			}
			s := o.skips[0]
			if s.Reason != tc.reason || s.Line != 2 || s.File != p {
				t.Errorf("skip = %s:%d %s, want %s:2 %s", s.File, s.Line, s.Reason, p, tc.reason)
			}
			if !strings.Contains(s.Detail, tc.detailHas) {
				t.Errorf("detail %q does not mention %q", s.Detail, tc.detailHas)
			}
			if !strings.HasPrefix(s.Error(), p+":2: ") {
				t.Errorf("error %q does not start with file:line", s.Error())
			}
			if o.records[1].Line != 3 {
				t.Errorf("third line reported as line %d", o.records[1].Line)
			}
			if stats.Records != 2 || stats.Skipped != 1 {
				t.Errorf("stats = %+v", stats)
			}
		})
	}
}

func TestLineLongerThanTheLimitIsSkippedNotLoaded(t *testing.T) {
	// A 10 MB line, as the issue asks, against the default 8 MiB limit.
	big := `{"conversation_id":"c-big","messages":[{"role":"assistant","content":"` + strings.Repeat("x", 10<<20) + `"}]}`
	p := writeFile(t, "big.jsonl", []byte(goodLine+"\n"+big+"\n"+goodLine+"\n"))
	o, _ := readAll(t, p, Options{})
	if len(o.records) != 2 || len(o.skips) != 1 || o.skips[0].Reason != ReasonLineTooLong || o.skips[0].Line != 2 {
		t.Fatalf("records=%d skips=%v", len(o.records), o.skips)
	}
}

func TestTruncatedGzipKeepsWhatWasReadAndCountsTheLoss(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	for i := 0; i < 200; i++ {
		zw.Write([]byte(goodLine + "\n"))
	}
	zw.Close()
	data := buf.Bytes()[:buf.Len()*2/3] // cut the stream
	p := writeFile(t, "log.jsonl.gz", data)
	o, stats := readAll(t, p, Options{})
	if o.fatal != nil {
		t.Fatalf("fatal: %v", o.fatal)
	}
	if len(o.records) == 0 || len(o.records) >= 200 {
		t.Fatalf("got %d records from a stream cut at 2/3", len(o.records))
	}
	if len(o.skips) != 1 || o.skips[0].Reason != ReasonTruncatedGzip {
		t.Fatalf("skips = %v, want one %s", o.skips, ReasonTruncatedGzip)
	}
	if stats.Bytes != int64(len(data)) || len(stats.SHA256) != 64 {
		t.Errorf("stats = %+v", stats)
	}
}

func TestGzipAndPlainGiveTheSameRecords(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(goodLine + "\n" + goodLine))
	zw.Close()
	o, _ := readAll(t, writeFile(t, "a.gz", buf.Bytes()), Options{})
	if len(o.records) != 2 || o.records[0].Messages[1].Retrieval[0].Text != "A." {
		t.Fatalf("gzip records = %+v", o.records)
	}
}

// UTF-16 files (PowerShell's "> file", some Windows exporters) are read as
// the UTF-8 they encode, line numbers unchanged; plain and gzipped alike.
func TestUTF16FilesAreDecoded(t *testing.T) {
	text := goodLine + "\r\n" + `{"broken` + "\r\n" + strings.Replace(goodLine, "A [1].", "Ä café [1].", 1) + "\r\n"
	encode := func(bigEndian bool) []byte {
		out := []byte{0xff, 0xfe}
		if bigEndian {
			out = []byte{0xfe, 0xff}
		}
		for _, u := range utf16Encode(text) {
			if bigEndian {
				out = append(out, byte(u>>8), byte(u))
			} else {
				out = append(out, byte(u), byte(u>>8))
			}
		}
		return out
	}
	gz := func(b []byte) []byte {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(b)
		zw.Close()
		return buf.Bytes()
	}
	for name, data := range map[string][]byte{"le.jsonl": encode(false), "be.jsonl": encode(true), "le.jsonl.gz": gz(encode(false))} {
		t.Run(name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, name, data), Options{})
			if o.fatal != nil || len(o.records) != 2 || len(o.skips) != 1 {
				t.Fatalf("records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
			}
			if o.skips[0].Line != 2 || o.records[1].Line != 3 || o.records[1].Messages[1].Content != "Ä café [1]." {
				t.Errorf("skip at line %d, second record at line %d with %q", o.skips[0].Line, o.records[1].Line, o.records[1].Messages[1].Content)
			}
		})
	}
}

func TestFlatFormBecomesAQuestionAndAnAnswer(t *testing.T) {
	line := `{"conversation_id":"c-9","turn":2,"timestamp":"2026-05-12 14:03:00+00","question":"Q?","answer":"A [1].","retrieval":[{"id":7,"text":"A.","score":0.5}]}`
	o, _ := readAll(t, writeFile(t, "flat.jsonl", []byte(line+"\n")), Options{})
	if len(o.records) != 1 {
		t.Fatalf("skips: %v", o.skips)
	}
	r := o.records[0]
	if len(r.Messages) != 2 || r.Messages[1].Role != "assistant" || r.Messages[1].Content != "A [1]." {
		t.Fatalf("messages = %+v", r.Messages)
	}
	if c := r.Messages[1].Retrieval[0]; c.ID != "7" || *c.Score != 0.5 {
		t.Errorf("numeric chunk id not read as text: %+v", c)
	}
	if r.Timestamp.Hour() != 14 {
		t.Errorf("timestamp = %v", r.Timestamp)
	}
}

func TestStdinIsReadFromTheGivenReader(t *testing.T) {
	var got []Record
	for rec, err := range JSONL(Stdin, Options{Stdin: strings.NewReader(goodLine + "\r\n\n" + goodLine)}, nil) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec)
	}
	if len(got) != 2 || got[1].Line != 3 || got[0].File != "-" {
		t.Fatalf("got %d records, lines %v", len(got), got)
	}
}

func TestMissingFileIsAFatalErrorNotASkip(t *testing.T) {
	o, _ := readAll(t, filepath.Join(t.TempDir(), "nope.jsonl"), Options{})
	if o.fatal == nil || len(o.skips) != 0 {
		t.Fatalf("fatal=%v skips=%v", o.fatal, o.skips)
	}
}

func FuzzJSONL(f *testing.F) {
	f.Add([]byte(goodLine))
	f.Add([]byte(`{"conversation_id":"c","messages":[{"role":"assistant","content":"x","retrieval":[{"id":1}]}]}`))
	// Chunks as applications log them (aliases.go): other keys, lists of
	// texts, content parts, two keys that disagree, a text-less chunk.
	f.Add([]byte(`{"conversation_id":"c","messages":[{"role":"assistant","content":"x [1]","context":[{"page_content":"x","metadata":{"source":"s","chunk_id":1,"relevance_score":"0.5"}}]}]}`))
	f.Add([]byte(`{"conversation_id":"c","answer":"x [1]","contexts":["x",""],"documents":[["x"]],"sources":["u"]}`))
	f.Add([]byte(`{"conversation_id":"c","messages":[{"role":"assistant","content":"x","chunks":[{"content":[{"type":"text","text":"x"},{"type":"image"}],"text":"y","body":1}]}]}`))
	f.Add([]byte("\x1f\x8b\x08garbage"))
	f.Add([]byte("\xff\xfe{\x00\"\x00\n\x00\xd8")) // UTF-16 with a lone surrogate half
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		for _, err := range JSONL(Stdin, Options{Stdin: bytes.NewReader(data), MaxLineBytes: 1 << 16}, nil) {
			n++
			var skip *SkipError
			if err != nil && errors.As(err, &skip) && skip.Line < 1 {
				t.Fatalf("skip without a line: %v", skip)
			}
		}
		_ = n
	})
}

func TestSpanToBytes(t *testing.T) {
	s := "Good news — your kettle’s warranty 😀 covers it."
	claim := "your kettle’s warranty 😀 covers"
	bs := strings.Index(s, claim)
	be := bs + len(claim)
	cp := len([]rune(s[:bs]))
	u16 := len(utf16Encode(s[:bs]))
	cases := []struct {
		unit       string
		start, end int
	}{
		{"codepoint", cp, cp + len([]rune(claim))},
		{"utf8", bs, be},
		{"utf16", u16, u16 + len(utf16Encode(claim))},
	}
	for _, tc := range cases {
		a, b, err := SpanToBytes(s, tc.start, tc.end, tc.unit)
		if err != nil || s[a:b] != claim {
			t.Errorf("%s %d-%d: %q, %v", tc.unit, tc.start, tc.end, s[a:b], err)
		}
	}
	if _, _, err := SpanToBytes(s, 0, 999, "codepoint"); err == nil {
		t.Error("a span past the end was accepted")
	}
	dash := strings.Index(s, "—")
	if _, _, err := SpanToBytes(s, dash+1, be, "utf8"); err == nil {
		t.Error("a byte span starting inside a character was accepted")
	}
	if _, _, err := SpanToBytes(s, 0, 1, "furlongs"); err == nil {
		t.Error("an unknown unit was accepted")
	}
}

func utf16Encode(s string) []uint16 { return utf16.Encode([]rune(s)) }

// Loggers write "Assistant" too, and Gemini-style logs "model": roles are
// compared as the canonical format spells them, in JSONL and in Parquet.
// A structured citation whose claim_span cannot be read skips its record
// (wrong_field_type, naming the citation): auditing the record without
// that citation would change its result without a trace.
func TestUnreadableClaimSpanSkipsTheRecord(t *testing.T) {
	rec := func(span string) string {
		return `{"conversation_id":"c","messages":[{"role":"assistant","content":"Refunds take 30 days. Shipping is free.",` +
			`"retrieval":[{"id":"a","text":"Refunds take 30 days."}],"citations":[{"marker":"[1]","chunk_ids":["a"]` + span + `}]}]}`
	}
	cases := []struct{ name, span, detail string }{
		{"a negative start", `,"claim_span":{"start":-5,"end":10}`, "citations[0].claim_span: bad span"},
		{"a reversed span", `,"claim_span":{"start":20,"end":10}`, "citations[0].claim_span: bad span"},
		{"a span past the text", `,"claim_span":{"start":0,"end":1000}`, "does not fit the text"},
		{"no span", ``, "citations[0]: no claim_span"},
		{"an empty span", `,"claim_span":{"start":10,"end":10}`, "empty span 10-10"},
		{"an empty claim_span object", `,"claim_span":{}`, "no start or no end"},
		{"null bounds", `,"claim_span":{"start":null,"end":null}`, "no start or no end"},
		{"a start without an end", `,"claim_span":{"start":3}`, "no start or no end"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, "v2.jsonl", []byte(rec(tc.span)+"\n"+rec(`,"claim_span":{"start":0,"end":21}`)+"\n")), Options{})
			if len(o.records) != 1 || len(o.skips) != 1 {
				t.Fatalf("records %d, skips %v", len(o.records), o.skips)
			}
			if sk := o.skips[0]; sk.Line != 1 || sk.Reason != ReasonWrongType || !strings.Contains(sk.Detail, tc.detail) {
				t.Errorf("skip %+v, want line 1, %s, detail with %q", sk, ReasonWrongType, tc.detail)
			}
			if c := o.records[0].Messages[0].Citations; len(c) != 1 || c[0].End != 21 {
				t.Errorf("the good record's citation: %+v", c)
			}
		})
	}
}

func TestRolesAreCaseInsensitiveAndModelIsTheAssistant(t *testing.T) {
	for _, role := range []string{"assistant", " Assistant", "ASSISTANT", "model", "Model"} {
		t.Run(role, func(t *testing.T) {
			p := writeFile(t, "roles.jsonl", []byte(`{"conversation_id":"c","messages":[{"role":"User","content":"q"},{"role":"`+role+`","content":"a [1].","retrieval":[{"id":"1","text":"a"}]}]}`+"\n"))
			recs, skips := openAll(t, p, Options{})
			if len(recs) != 1 || len(skips) != 0 {
				t.Fatalf("%d records, skips %v", len(recs), skips)
			}
			if m := recs[0].Messages; m[0].Role != "user" || m[1].Role != "assistant" || len(m[1].Retrieval) != 1 {
				t.Errorf("JSONL messages %+v", m)
			}
			in := []Record{{ConversationID: "c", Messages: []Message{{Role: "User", Content: "q"}, {Role: role, Content: "a."}}}}
			got, skips, err := readParquet(t, writeParquet(t, in))
			if err != nil || len(skips) != 0 || len(got) != 1 || got[0].Messages[1].Role != "assistant" {
				t.Errorf("Parquet: %+v, skips %v, %v", got, skips, err)
			}
		})
	}
}
