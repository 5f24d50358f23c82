package readers

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sample reads a provider sample of testdata/formats, decoded.
func sample(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "formats", name))
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// each calls f on every element of the list at path in d.
func each(d any, f func(m map[string]any), path ...any) {
	for _, x := range list(get(d, path...)) {
		if m, ok := x.(map[string]any); ok {
			f(m)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// unfitCitations are provider samples changed so that citations do not
// fit: spans that cannot be read, targets that were not retrieved.
var unfitCitations = []struct {
	name, file string
	change     func(d map[string]any)
	warnings   int      // at least this many, each saying the citation was dropped
	cites      []string // chunk ids the citations must include, none retrieved
}{
	{"cohere citation without start and end", "cohere-chat-v2-citations.json", func(d map[string]any) {
		each(d, func(c map[string]any) { delete(c, "start"); delete(c, "end") }, "response", "message", "citations")
	}, 4, nil},
	{"cohere citation with start == end", "cohere-chat-v2-citations.json", func(d map[string]any) {
		each(d, func(c map[string]any) { c["end"] = c["start"] }, "response", "message", "citations")
	}, 4, nil},
	{"gemini segment without endIndex", "gemini-vertex-grounding-metadata.json", func(d map[string]any) {
		each(d, func(s map[string]any) { delete(s["segment"].(map[string]any), "endIndex") }, "candidates", 0, "groundingMetadata", "groundingSupports")
	}, 3, nil},
	{"openai annotation without index", "openai-responses-annotations.json", func(d map[string]any) {
		each(d, func(o map[string]any) {
			each(o, func(c map[string]any) {
				each(c, func(a map[string]any) { delete(a, "index") }, "annotations")
			}, "content")
		}, "output")
	}, 2, nil},
	{"anthropic document_index 0.0", "anthropic-messages-citations.json", func(d map[string]any) {
		each(d, func(b map[string]any) {
			each(b, func(c map[string]any) {
				if c["document_index"] != nil {
					c["document_index"] = json.Number("0.0")
				}
			}, "citations")
		}, "response", "content")
	}, 4, nil},
	{"anthropic document_index out of range", "anthropic-messages-citations.json", func(d map[string]any) {
		each(d, func(b map[string]any) {
			each(b, func(c map[string]any) {
				if c["document_index"] != nil {
					c["document_index"] = 99
				}
			}, "citations")
		}, "response", "content")
	}, 0, []string{"document-99"}},
	{"openai file_id not among the results", "openai-responses-annotations.json", func(d map[string]any) {
		each(d, func(o map[string]any) {
			each(o, func(c map[string]any) {
				each(c, func(a map[string]any) { a["file_id"] = "file-NOT-RETRIEVED" }, "annotations")
			}, "content")
		}, "output")
	}, 0, []string{"file-NOT-RETRIEVED"}},
}

// A provider citation whose span or target cannot be read is never
// dropped silently: it is dropped with a warning (its sentence is then
// audited as uncited), and one naming a document that was not retrieved
// cites an id no chunk has, so it is audited as fabricated. No citation
// is an empty span.
func TestProviderCitationsThatDoNotFitAreWarnedOrFabricated(t *testing.T) {
	for _, tc := range unfitCitations {
		t.Run(tc.name, func(t *testing.T) {
			d := sample(t, tc.file)
			tc.change(d)
			recs, skips := openAll(t, writeFile(t, "doc.json", mustJSON(t, d)), Options{})
			if len(recs) != 1 || len(skips) != 0 {
				t.Fatalf("%d records, skips %v; want the record read", len(recs), skips)
			}
			rec := recs[0]
			dropped := 0
			for _, w := range rec.Warnings {
				if strings.Contains(w, "citation dropped") {
					dropped++
				}
			}
			if dropped < tc.warnings {
				t.Errorf("warnings %q: want %d saying a citation was dropped", rec.Warnings, tc.warnings)
			}
			var cited []string
			for _, m := range rec.Messages {
				for _, c := range m.Citations {
					if c.Start >= c.End {
						t.Errorf("citation %+v is an empty span", c)
					}
					cited = append(cited, c.ChunkIDs...)
				}
				for _, id := range tc.cites {
					if slices.ContainsFunc(m.Retrieval, func(ch Chunk) bool { return ch.ID == id }) {
						t.Errorf("chunk %s is retrieved: the test proves nothing", id)
					}
				}
			}
			for _, id := range tc.cites {
				if !slices.Contains(cited, id) {
					t.Errorf("citations cite %q, want %s among them (fabricated)", cited, id)
				}
			}
		})
	}
}

// langfuseLines is the Langfuse sample as lines of decoded observations.
func langfuseLines(t *testing.T) []map[string]any {
	t.Helper()
	return decodeLines(t, mustRead(t, filepath.Join("..", "testdata", "formats", "langfuse-observations-v2-export.jsonl")))
}

// decodeLines decodes each line of data, one JSON object a line.
func decodeLines(t *testing.T, data []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var d map[string]any
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

func encodeLines(t *testing.T, docs []map[string]any) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, d := range docs {
		line, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(append(line, '\n'))
	}
	return b.Bytes()
}

// A RETRIEVER output cut short (a size-limited logger) must not read as
// "no chunks", which made every citation fabricated: the trace is skipped
// as malformed_json naming the observation and its line.
func TestLangfuseUndecodableJSONStringSkipsTheTrace(t *testing.T) {
	lines := langfuseLines(t)
	at := slices.IndexFunc(lines, func(d map[string]any) bool { return d["type"] == "RETRIEVER" })
	if at < 0 {
		t.Fatal("no RETRIEVER observation in the sample")
	}
	out := lines[at]["output"].(string)
	lines[at]["output"] = out[:len(out)/2]
	recs, skips := openAll(t, writeFile(t, "lf.jsonl", encodeLines(t, lines)), Options{})
	if len(recs) != 0 || len(skips) != 1 {
		t.Fatalf("%d records, skips %v; want the trace skipped", len(recs), skips)
	}
	s := skips[0]
	if s.Reason != ReasonMalformedJSON || s.Line != at+1 || !strings.Contains(s.Detail, "RETRIEVER") || !strings.Contains(s.Detail, `"output"`) {
		t.Errorf("skip %v: want malformed_json at line %d naming the RETRIEVER output", s, at+1)
	}

	// Plain text where JSON is usual is not an error (and stays unused).
	lines = langfuseLines(t)
	lines[at]["input"] = "kettle refund window"
	if recs, skips := openAll(t, writeFile(t, "lf.jsonl", encodeLines(t, lines)), Options{}); len(recs) != 1 || len(skips) != 0 {
		t.Errorf("plain-text input: %d records, skips %v", len(recs), skips)
	}
}

// Timestamps that are not times skip the record as bad_timestamp, as in
// canonical JSONL, instead of leaving it undated without a word.
func TestUnparseableProviderTimestampIsBadTimestamp(t *testing.T) {
	anth := sample(t, "anthropic-messages-citations.json")
	anth["_log"].(map[string]any)["logged_at"] = "yesterday"
	resp := sample(t, "openai-responses-annotations.json")
	delete(resp["_log"].(map[string]any), "logged_at")
	resp["created_at"] = "soon"
	lf := langfuseLines(t)
	root := slices.IndexFunc(lf, func(d map[string]any) bool { return d["parent_observation_id"] == "" })
	lf[root]["start_time"] = "yesterday"
	cases := []struct {
		name string
		data []byte
		line int
	}{
		{"anthropic _log.logged_at", mustJSON(t, anth), 1},
		{"openai-responses created_at", mustJSON(t, resp), 1},
		{"langfuse start_time", encodeLines(t, lf), root + 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			recs, skips := openAll(t, writeFile(t, "doc.json", tc.data), Options{})
			if len(recs) != 0 || len(skips) != 1 || skips[0].Reason != ReasonBadTimestamp || skips[0].Line != tc.line {
				t.Fatalf("%d records, skips %v; want one bad_timestamp at line %d", len(recs), skips, tc.line)
			}
		})
	}
}

// Raw invalid UTF-8 inside a pretty-printed document skips it as
// invalid_utf8 (JSON decoding would have made it U+FFFD and audited it).
func TestInvalidUTF8InAPrettyPrintedDocumentIsSkipped(t *testing.T) {
	b := mustJSON(t, sample(t, "cohere-chat-v2-citations.json"))
	i := bytes.Index(b, []byte("store credit"))
	b = append(b[:i:i], append([]byte("\xff"), b[i:]...)...)
	wantLine := bytes.Count(b[:i], []byte("\n")) + 1
	recs, skips := openAll(t, writeFile(t, "doc.json", b), Options{})
	if len(recs) != 0 || len(skips) != 1 || skips[0].Reason != ReasonInvalidUTF8 {
		t.Fatalf("%d records, skips %v; want the document skipped as invalid_utf8", len(recs), skips)
	}
	if !strings.Contains(skips[0].Detail, "line "+strconv.Itoa(wantLine)) {
		t.Errorf("detail %q does not name line %d", skips[0].Detail, wantLine)
	}
}

func gzipped[T string | []byte](t *testing.T, b T) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write([]byte(b)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Provider documents and trace exports read the same plain, gzipped and
// from standard input (pretty-printed on stdin was 201 malformed lines; a
// gzipped Langfuse export was one "missing conversation_id" per line).
func TestProviderDocumentsReadFromGzipAndStdin(t *testing.T) {
	for _, name := range []string{"anthropic-messages-citations.json", "langfuse-observations-v2-export.jsonl"} {
		plain, err := os.ReadFile(filepath.Join("..", "testdata", "formats", name))
		if err != nil {
			t.Fatal(err)
		}
		want, wantSkips := openAll(t, writeFile(t, "plain", plain), Options{})
		if len(want) != 1 || len(wantSkips) != 0 {
			t.Fatalf("%s: %d records, skips %v", name, len(want), wantSkips)
		}
		for _, input := range []struct {
			name string
			data []byte
		}{{"plain", plain}, {"gzip", gzipped(t, plain)}} {
			for _, format := range []string{"", "auto", map[bool]string{true: "anthropic", false: "langfuse"}[strings.HasPrefix(name, "anthropic")]} {
				check := func(how string, seq func(yield func(Record, error) bool)) {
					t.Helper()
					var recs []Record
					for rec, err := range seq {
						if err != nil {
							t.Fatalf("%s %s %s --format %q: %v", name, input.name, how, format, err)
						}
						recs = append(recs, rec)
					}
					if !equalRecords(withoutPosition(recs), withoutPosition(want)) {
						t.Errorf("%s %s %s --format %q: records differ from the plain file's", name, input.name, how, format)
					}
				}
				if input.name == "gzip" {
					p := writeFile(t, name+".gz", input.data)
					check("file", Open(p, Options{Format: format}, nil))
				}
				check("stdin", Open(Stdin, Options{Format: format, Stdin: bytes.NewReader(input.data)}, nil))
			}
		}
	}
}

func equalRecords(a, b []Record) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// Canonical JSONL on standard input is read whole, the bytes sniffed
// included; Parquet piped in gets the Parquet reader's own message.
func TestStdinThatIsNotADocumentIsGivenBackWhole(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "example.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := openAll(t, writeFile(t, "example.jsonl", data), Options{})
	for _, in := range [][]byte{data, gzipped(t, data)} {
		opts := Options{Stdin: bytes.NewReader(in)}
		var got []Record
		stats := &FileStats{}
		for rec, err := range Open(Stdin, opts, stats) {
			if err == nil {
				got = append(got, rec)
			}
		}
		if !equalRecords(withoutPosition(got), withoutPosition(want)) || stats.Bytes != int64(len(in)) {
			t.Errorf("JSONL after the sniff read %d records of %d bytes, want %d records of %d bytes", len(got), stats.Bytes, len(want), len(in))
		}
	}

	opts := Options{Stdin: bytes.NewReader([]byte("PAR1\x00\x00\x00\x00PAR1"))}
	for _, err := range Open(Stdin, opts, nil) {
		var skip *SkipError
		if err == nil || errors.As(err, &skip) || !strings.Contains(err.Error(), "standard input") {
			t.Errorf("Parquet on stdin: %v, want the reader's error", err)
		}
	}
}

// A gzipped document cut short reads what was decoded and counts the
// loss, as the JSONL reader does.
func TestTruncatedGzipTraceExportCountsTheLoss(t *testing.T) {
	lines := traceCopies(t, traceSamples[0], 3)
	z := gzipped(t, []byte(strings.Join(lines, "\n")+"\n"))
	recs, skips := openAll(t, writeFile(t, "cut.jsonl.gz", z[:len(z)*2/3]), Options{Format: "langfuse"})
	if len(recs) == 0 || len(skips) != 1 || skips[0].Reason != ReasonTruncatedGzip {
		t.Fatalf("%d records, skips %v; want what decoded read and a truncated_input skip", len(recs), skips)
	}
	// The trace of the line cut off is read with a warning: a span is lost.
	if last := recs[len(recs)-1]; len(last.Warnings) != 1 || !strings.Contains(last.Warnings[0], fmt.Sprint(skips[0].Line)) {
		t.Errorf("conversation %s warnings %q, want one naming line %d", last.ConversationID, last.Warnings, skips[0].Line)
	}
}

// Several gzip members are read as one stream, and zero padding after the
// last (which gzip -t accepts) is not a lost record.
func TestGzipMembersAndZeroPaddingOfADocument(t *testing.T) {
	lines := traceCopies(t, traceSamples[0], 2)
	half := len(lines) / 2
	z := append(gzipped(t, []byte(strings.Join(lines[:half], "\n")+"\n")), gzipped(t, []byte(strings.Join(lines[half:], "\n")+"\n"))...)
	z = append(z, make([]byte, 512)...)
	recs, skips := openAll(t, writeFile(t, "lf.jsonl.gz", z), Options{})
	if len(recs) != 2 || len(skips) != 0 {
		t.Errorf("%d records, skips %v; want 2 records, no skip", len(recs), skips)
	}
	recs, skips = openAll(t, writeFile(t, "lf.jsonl.gz", append(z, 'x')), Options{})
	if len(recs) != 2 || len(skips) != 1 || skips[0].Reason != ReasonTruncatedGzip {
		t.Errorf("garbage after the stream: %d records, skips %v; want 2 records and truncated_input", len(recs), skips)
	}
}

// A provider's Unix time is read by its size like canonical timestamps (a
// millisecond "created_at" is not the year 56332), and one out of range is
// a bad_timestamp skip.
func TestProviderUnixTimeByMagnitude(t *testing.T) {
	for _, tc := range []struct {
		created any
		want    string // "" : skipped as bad_timestamp
	}{
		{json.Number("1715522580"), "2024-05-12T14:03:00Z"},
		{json.Number("1715522580000"), "2024-05-12T14:03:00Z"},
		{json.Number("-1715522580000"), ""},
		{json.Number("0"), ""}, // as in canonical records: no logger means 1970
	} {
		resp := sample(t, "openai-responses-annotations.json")
		delete(resp["_log"].(map[string]any), "logged_at")
		resp["created_at"] = tc.created
		recs, skips := openAll(t, writeFile(t, "doc.json", mustJSON(t, resp)), Options{})
		switch {
		case tc.want == "" && (len(skips) != 1 || skips[0].Reason != ReasonBadTimestamp):
			t.Errorf("created_at %v: skips %v, want bad_timestamp", tc.created, skips)
		case tc.want != "" && (len(recs) != 1 || recs[0].Timestamp.Format(time.RFC3339) != tc.want):
			t.Errorf("created_at %v: records %v, skips %v; want one at %s", tc.created, recs, skips, tc.want)
		}
	}
}

// A trace-export line with text after its JSON object ("{…} }}}x") is
// malformed, not read as the object alone.
func TestTraceLineWithTrailingTextIsMalformed(t *testing.T) {
	b := encodeLines(t, langfuseLines(t))
	first := bytes.IndexByte(b, '\n')
	b = append(b[:first:first], append([]byte(" }}}garbage"), b[first:]...)...)
	_, skips := openAll(t, writeFile(t, "lf.jsonl", b), Options{})
	if len(skips) != 1 || skips[0].Reason != ReasonMalformedJSON || skips[0].Line != 1 {
		t.Fatalf("skips %v; want line 1 malformed_json", skips)
	}
}

// An adapter's empty span (an empty text block that carries citations)
// is dropped with a warning, so that the record audits and its converted
// copy reads back.
func TestEmptyAdapterSpanIsDroppedWithAWarning(t *testing.T) {
	d := sample(t, "anthropic-messages-citations.json")
	blocks := get(d, "response", "content").([]any)
	var cites any
	for _, b := range blocks {
		if c := get(b, "citations"); c != nil {
			cites = c
			break
		}
	}
	if cites == nil {
		t.Fatal("the sample has no cited block: the test does not exercise it")
	}
	blocks = append(blocks, map[string]any{"type": "text", "text": "", "citations": cites})
	d["response"].(map[string]any)["content"] = blocks
	recs, skips := openAll(t, writeFile(t, "doc.json", mustJSON(t, d)), Options{})
	if len(recs) != 1 || len(skips) != 0 {
		t.Fatalf("%d records, skips %v", len(recs), skips)
	}
	for _, m := range recs[0].Messages {
		for _, c := range m.Citations {
			if c.Start >= c.End {
				t.Errorf("empty span %d-%d kept", c.Start, c.End)
			}
		}
	}
	if !slices.ContainsFunc(recs[0].Warnings, func(w string) bool { return strings.Contains(w, "empty span") }) {
		t.Errorf("no warning: %q", recs[0].Warnings)
	}
}

// An OTLP span start before 1970 is a bad_timestamp, as in canonical
// records (convert could not write it back).
func TestOTLPStartOutOfRangeIsBadTimestamp(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "testdata", "formats", "openinference-otlp-spans.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`"startTimeUnixNano":\s*"[0-9]+"`)
	if !re.Match(b) {
		t.Fatal("the sample has no startTimeUnixNano: the test does not exercise it")
	}
	b = re.ReplaceAll(b, []byte(`"startTimeUnixNano":"-5"`))
	recs, skips := openAll(t, writeFile(t, "otlp.jsonl", b), Options{})
	if len(recs) != 0 || len(skips) == 0 || skips[0].Reason != ReasonBadTimestamp {
		t.Fatalf("%d records, skips %v; want bad_timestamp", len(recs), skips)
	}
}

// documentSamples are the provider samples of testdata/formats.
var documentSamples = []string{"anthropic-messages-citations.json", "openai-responses-annotations.json",
	"gemini-vertex-grounding-metadata.json", "cohere-chat-v2-citations.json", "dify-chat-message.json", "ragaudit-canonical-v2.jsonl",
	"openai-assistants-file-citation.json", "bedrock-kb-retrieve-and-generate.json", "azure-openai-on-your-data.json", "openai-chat-completions-url-citation.json",
	"langfuse-observations-v2-export.jsonl", "langsmith-runs-export.jsonl", "openinference-otlp-spans.jsonl", "phoenix-spans-dataframe-rows.jsonl", "otel-genai-semconv-spans.jsonl",
	"langfuse-public-api-camelcase.jsonl", "anthropic-search-results-in-tool-result.json"}

// splice replaces cut bytes of base at at (both taken within base) with
// insert: one small edit of a real sample. A fuzz input that is an edit,
// not a whole file, stays small, so that the fuzzer's minimizer, which
// tries every subset of an input's bytes for up to a minute, finishes in
// moments instead of holding the run.
func splice(base []byte, at uint16, cut uint8, insert []byte) []byte {
	if len(base) == 0 {
		return insert
	}
	i := int(at) % (len(base) + 1)
	j := min(i+int(cut), len(base))
	return append(append(append([]byte{}, base[:i]...), insert...), base[j:]...)
}

// FuzzDocument feeds edits of every provider sample (or, for sample past
// the last, insert alone) to what reads provider documents and trace
// exports: the parse into documents, format detection and every adapter
// (named or detected). No panic; every record has an id and spans inside
// its content, and every skip a line and a reason. Files, gzip and UTF-16
// are the line readers' (FuzzJSONL); left out here, an input costs about
// a tenth of a millisecond.
func FuzzDocument(f *testing.F) {
	samples := make([][]byte, len(documentSamples))
	for i, name := range documentSamples {
		b, err := os.ReadFile(filepath.Join("..", "testdata", "formats", name))
		if err != nil {
			f.Fatal(err)
		}
		samples[i] = b
		f.Add(uint8(i), uint16(0), uint8(0), []byte{}, "")
	}
	f.Add(uint8(len(samples)), uint16(0), uint8(0), []byte(`{"candidates":[{"content":{"parts":[{"text":"héllo"}]},"groundingMetadata":{"groundingSupports":[{"segment":{"startIndex":"x","endIndex":99}}]}}]}`), "gemini")
	f.Add(uint8(len(samples)), uint16(0), uint8(0), []byte(`[{"answer":"a","retriever_resources":[],"conversation_id":"c"}]`), "dify")
	f.Add(uint8(0), uint16(900), uint8(3), []byte(`"7"`), "anthropic")
	f.Fuzz(func(t *testing.T, sample uint8, at uint16, cut uint8, insert []byte, format string) {
		data := insert
		if int(sample) < len(samples) {
			data = splice(samples[sample], at, cut, insert)
		}
		for _, name := range []string{"", format} {
			parsed, ok := parseDocuments(data, nil)
			if !ok {
				continue
			}
			ad, ok := pickAdapter(append(slices.Clip(parsed.docs), parsed.invalid...), name)
			if !ok {
				continue
			}
			s := &stream{name: "fuzz", yield: func(rec Record, err error) bool {
				checkYield(t, rec, err)
				return true
			}}
			s.convertDocuments(parsed, ad)
		}
	})
}

// checkYield fails on a record without an id or with a span outside its
// content, and on a skip without a line or a reason.
func checkYield(t *testing.T, rec Record, err error) {
	t.Helper()
	var skip *SkipError
	switch {
	case errors.As(err, &skip):
		if skip.Line < 1 || skip.Reason == "" {
			t.Fatalf("skip without a line or reason: %v", skip)
		}
	case err != nil:
	case rec.ConversationID == "":
		t.Fatalf("record without an id: %+v", rec)
	default:
		for _, m := range rec.Messages {
			for _, c := range m.Citations {
				if c.Start < 0 || c.End > len(m.Content) || c.Start >= c.End {
					t.Fatalf("citation %+v outside content of %d bytes", c, len(m.Content))
				}
			}
		}
	}
}

// A file holding two tracing tools' exports is read in the format of
// most of its first records; each record of the other is skipped as of
// another format, naming it and the fix, not as a broken record.
func TestARecordOfAnotherFormatIsNamed(t *testing.T) {
	fuse := mustRead(t, filepath.Join("..", "testdata", "formats", "langfuse-observations-v2-export.jsonl"))
	smith := mustRead(t, filepath.Join("..", "testdata", "formats", "langsmith-runs-export.jsonl"))
	smithLines := strings.Split(strings.TrimSpace(string(smith)), "\n")
	p := writeFile(t, "mixed.jsonl", append(append([]byte{}, fuse...), []byte(smithLines[0]+"\n")...))
	o := collect(Open(p, Options{}, &FileStats{}))
	if o.fatal != nil || len(o.records) == 0 {
		for _, s := range o.skips {
			t.Log(s)
		}
		t.Fatalf("records %d, error %v", len(o.records), o.fatal)
	}
	if len(o.skips) != 1 || o.skips[0].Reason != ReasonOtherFormat || !strings.Contains(o.skips[0].Detail, "a langsmith record in an input read as langfuse") ||
		!strings.Contains(o.skips[0].Detail, "--format") || o.skips[0].Line != 4 {
		for _, s := range o.skips {
			t.Log(s)
		}
		t.Errorf("%d skips; want one other_format skip on line 4 naming langsmith and --format", len(o.skips))
	}
}
