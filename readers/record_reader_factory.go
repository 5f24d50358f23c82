package readers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"
)

// Open streams the records of path in whatever supported format it is:
// Parquet (by its magic bytes), or JSON (plain or gzip, "-" is stdin) in
// the format its records match (the adapter table below) or opts.Format.
// JSON records may be one per line, pretty-printed one after another, or
// the elements of a JSON array. The input is opened and read once, so a
// pipe or FIFO given as a path reads as stdin does.
//
// It yields (Record, nil) for usable records, (Record{}, *SkipError) for
// records it skipped, and a plain error, after which it stops, when the
// input itself cannot be read (missing, not a format it reads, or
// opts.Context cancelled).
func Open(path string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	if stats == nil {
		stats = &FileStats{}
	}
	stats.Path = path
	return func(yield func(Record, error) bool) {
		count := func(rec Record, err error) bool {
			var skip *SkipError
			switch {
			case err == nil:
				stats.Records++
				stats.noteKeys(&rec)
			case errors.As(err, &skip):
				stats.Skipped++
			}
			return yield(rec, err)
		}
		in, err := openInput(path, &opts)
		if err != nil {
			count(Record{}, err)
			return
		}
		defer in.close(stats)
		defer stats.finishKeys()
		if err := read(in, &opts, count); err != nil {
			count(Record{}, err)
		}
	}
}

// JSONL streams canonical records (one per line, pretty-printed, or a
// JSON array; plain or gzip; "-" is stdin) without trying other formats.
func JSONL(path string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	opts.Format, opts.Mappings = "jsonl", nil
	return Open(path, opts, stats)
}

// format is one row of the adapter table: how records of a format are
// told apart from others, and read. A new format is a file holding its
// functions and one row here.
type format struct {
	name string
	// detect tells whether one decoded JSON object is of this format.
	detect func(doc map[string]any) bool
	// One way of reading. record reads one record from the JSON text of
	// one line or value, streamed (canonical records, flat exports); the
	// reader adds its file and line.
	record func(b []byte) (Record, *SkipError)
	// convert reads one provider document; the documents of an input are
	// read whole (one per line, pretty-printed, or a JSON array).
	convert func(doc map[string]any) (Record, error)
	// group, for trace exports, assembles records from all the lines of a
	// file (spans or runs of one conversation are spread over lines).
	group func(in traceInput) ([]Record, []*SkipError)
}

// traceInput is what a trace adapter assembles: the documents that parsed,
// with the line each starts on, and the traces named by lines that did not
// parse (their conversations are audited with a warning: a span is lost).
type traceInput struct {
	docs    []map[string]any
	lines   []int
	damaged map[string][]int // trace id → unreadable lines naming it
}

// formats is the adapter table, in the order detection tries its rows.
// Parquet, told by its magic bytes, is not a row.
var formats = []format{
	{name: "jsonl", detect: isCanonical, record: canonicalRecord},
	{name: "ragas", detect: isRagas, record: ragasRecord},
	{name: "anthropic", detect: func(d map[string]any) bool {
		return get(d, "response", "content") != nil && get(d, "request", "messages") != nil
	}, convert: anthropic},
	{name: "openai-responses", detect: func(d map[string]any) bool { return str(get(d, "object")) == "response" && get(d, "output") != nil },
		convert: openAIResponses},
	{name: "gemini", detect: func(d map[string]any) bool { return get(d, "candidates") != nil },
		convert: gemini},
	{name: "cohere", detect: func(d map[string]any) bool { return get(d, "response", "message", "citations") != nil },
		convert: cohere},
	{name: "dify", detect: func(d map[string]any) bool { return get(d, "retriever_resources") != nil && get(d, "answer") != nil },
		convert: dify},
	{name: "openai-assistants", detect: func(d map[string]any) bool { return str(get(d, "message", "object")) == "thread.message" },
		convert: openAIAssistants},
	{name: "bedrock", detect: func(d map[string]any) bool { return get(d, "output", "text") != nil && get(d, "citations") != nil },
		convert: bedrock},
	{name: "azure-on-your-data", detect: func(d map[string]any) bool { return get(d, "choices", 0, "message", "context", "citations") != nil },
		convert: azureOnYourData},
	{name: "langfuse", detect: isLangfuse, group: langfuse},
	{name: "openinference", detect: func(d map[string]any) bool { return get(d, "resourceSpans") != nil }, group: openInferenceOTLP},
	{name: "phoenix", detect: func(d map[string]any) bool { return get(d, "context.span_id") != nil && get(d, "span_kind") != nil },
		group: phoenixRows},
	{name: "langsmith", detect: func(d map[string]any) bool { return get(d, "run_type") != nil && get(d, "dotted_order") != nil },
		group: langsmith},
	{name: "openai-chat-url-citation", detect: func(d map[string]any) bool {
		return str(get(d, "object")) == "chat.completion" && get(d, "choices", 0, "message", "annotations") != nil
	}, convert: openAIChatURLCitations},
}

// Formats lists the formats ragaudit reads (for --format and the README):
// jsonl (canonical records), parquet, then the adapter table.
func Formats() []string {
	names := []string{"jsonl", "parquet"}
	for _, f := range formats[1:] {
		names = append(names, f.name)
	}
	return names
}

// formatNamed returns the row of the table named name.
func formatNamed(name string) (format, bool) {
	for _, f := range formats {
		if f.name == name {
			return f, true
		}
	}
	return format{}, false
}

// read reads an opened input to its end through the reader its format
// needs; a returned error stops the file.
func read(in *input, opts *Options, yield func(Record, error) bool) error {
	name := opts.Format
	if name == "auto" {
		name = ""
	}
	if isParquet(in) || name == "parquet" {
		if name != "" && name != "parquet" && in.regular {
			return fmt.Errorf("%s is a Parquet file: read it without --format %s", in.name, opts.Format)
		}
		return parquetRecords(in, opts.context().Err, yield)
	}
	row, known := formatNamed(name)
	if name != "" && !known {
		return fmt.Errorf("%s: not readable as --format %s (formats: %s)", in.name, opts.Format, strings.Join(Formats(), ", "))
	}
	text, err := decodeText(in.raw, in.name, &in.content)
	if err != nil {
		return err
	}
	s := &stream{name: in.name, text: text, max: opts.maxRecordBytes(), stop: opts.context().Err, yield: yield}
	head, whole := peekHead(text)
	sn := sniff(head, whole)
	if sn.notJSON != "" {
		return fmt.Errorf("%s %s", in.name, sn.notJSON)
	}
	switch {
	case len(opts.Mappings) > 0:
		s.each(sn.values, mappedRecords(in.name, opts.Mappings, opts.MappingName))
		return nil
	case name == "":
		return s.detected(sn)
	case row.record != nil:
		s.each(sn.values, streamed(row, in.name))
		return nil
	case !s.documents(row.name):
		return fmt.Errorf("%s: not readable as --format %s (one JSON document, one per line, or a JSON array of them)", in.name, opts.Format)
	}
	return nil
}

// detected reads s in the format most of its first records match. An
// input whose records match no format is an error that says how to map
// it; one that shows no record at all is read as canonical records, so
// that what is wrong with them is said record by record.
func (s *stream) detected(sn sniffed) error {
	row, unknown := vote(sn.samples)
	switch {
	case unknown != nil:
		return unknownShape(s.name, unknown)
	case row.record != nil && (len(sn.samples) > 0 || !sn.values):
		s.each(sn.values, streamed(row, s.name))
	case !s.documents(""):
		// Not provider documents after all (canonical records further
		// on, or too large to read whole): the text read comes back.
		s.each(sn.values, streamed(formats[0], s.name))
	}
	return nil
}

// each reads s one record per line, or one JSON value at a time.
func (s *stream) each(values bool, parse recordParser) {
	if values {
		s.eachValue(parse)
	} else {
		s.eachLine(parse)
	}
}

// streamed is row's record reader as a recordParser.
func streamed(row format, file string) recordParser {
	return func(b []byte, line int) (Record, *SkipError, error) {
		rec, skip := row.record(b)
		if skip != nil {
			skip.File, skip.Line = file, line
			return Record{}, skip, nil
		}
		rec.File, rec.Line = file, line
		return rec, nil, nil
	}
}

// vote returns the row most samples match (the first in the input on a
// tie), so that a stray line does not decide the format of the rest. When
// samples that have keys match no row at all, unknown holds the keys of
// the first. Without samples it is the canonical row.
func vote(samples []map[string]any) (row format, unknown []string) {
	votes := make([]int, len(formats))
	first := make([]int, len(formats))
	best := -1
	for i, d := range samples {
		k := detectRow(d)
		if k < 0 {
			if unknown == nil && len(d) > 0 {
				unknown = sortedKeys(d)
			}
			continue
		}
		if votes[k] == 0 {
			first[k] = i
		}
		votes[k]++
		if best < 0 || votes[k] > votes[best] || votes[k] == votes[best] && first[k] < first[best] {
			best = k
		}
	}
	if best >= 0 {
		return formats[best], nil
	}
	return formats[0], unknown
}

// detectRow is the index of the first row that detects d, or -1.
func detectRow(d map[string]any) int {
	for k, f := range formats {
		if f.detect(d) {
			return k
		}
	}
	return -1
}

// unknownShape is the error of JSON records that match no format.
func unknownShape(name string, keys []string) error {
	hint := ""
	switch {
	case slices.Contains(keys, "label") && slices.Contains(keys, "sentence_text"):
		hint = " (human labels go to ragaudit eval or calibrate with --labels)"
	case slices.Contains(keys, "verdict") && slices.Contains(keys, "sentence"):
		hint = " (ragaudit's own findings are an output, not a log)"
	}
	return fmt.Errorf("%s: records with the keys %s are not a format ragaudit knows%s: describe them with --mapping FILE "+
		"(examples: testdata/formats/ragaudit-mapping-examples.yaml in the ragaudit repository) or write canonical records (README, Input)",
		name, strings.Join(keys, ", "), hint)
}

// sniffBytes is how much of the start of an input's text tells its shape
// and format.
const sniffBytes = 64 << 10

// maxSamples bounds the records detection decodes.
const maxSamples = 64

// sniffed is what the start of an input's text says about it.
type sniffed struct {
	values  bool             // pretty-printed records or a JSON array: read value by value
	samples []map[string]any // the first records that decode, to tell the format by
	notJSON string           // what the input looks like instead, when it is not JSON: the error
}

// peekHead returns the start of the text and whether it is all of it.
func peekHead(text *bufio.Reader) ([]byte, bool) {
	head, err := text.Peek(sniffBytes)
	return head, err != nil
}

// sniff tells an input's shape from the start of its text: JSON Lines when
// a line starts with a complete JSON object (the first broken line does
// not decide), values when it starts with "[" (an array of records) or
// with a "{" that continues on later lines (pretty-printed records), and
// not JSON when it starts with anything else.
func sniff(head []byte, whole bool) sniffed {
	var sn sniffed
	t := bytes.TrimLeft(head, " \t\r\n")
	if arrayOfRecords(t) {
		sn.values, sn.samples = true, valueSamples(head)
		return sn
	}
	lines := bytes.Split(head, []byte("\n"))
	if !whole {
		lines = lines[:len(lines)-1] // the last may be cut
	}
	for _, l := range lines {
		if len(sn.samples) == maxSamples {
			break
		}
		if l = bytes.TrimSuffix(l, []byte("\r")); len(l) > 0 && l[0] == '{' {
			if d, ok := decodeObject(l); ok {
				sn.samples = append(sn.samples, d)
			}
		}
	}
	switch {
	case len(sn.samples) > 0 || len(t) == 0:
	case t[0] == '[' || t[0] == '{' && bytes.IndexByte(t, '\n') >= 0:
		sn.values, sn.samples = true, valueSamples(head)
	case t[0] != '{': // a '{' line longer than the head is JSON Lines
		sn.notJSON = notJSON(t)
	}
	return sn
}

// arrayOfRecords tells text (from its first non-blank byte) that is a JSON
// array of records: a "[" that starts the only line, or whose first line
// is not a whole JSON value (a first line that is one, followed by more,
// is a stray line of JSON Lines).
func arrayOfRecords(t []byte) bool {
	if len(t) == 0 || t[0] != '[' {
		return false
	}
	first, rest, _ := bytes.Cut(t, []byte("\n"))
	return len(bytes.TrimSpace(rest)) == 0 || !json.Valid(first)
}

// valueSamples decodes the JSON objects that head holds whole, read as
// values one after another or as the elements of an array.
func valueSamples(head []byte) []map[string]any {
	v := &valueReader{r: bufio.NewReader(bytes.NewReader(head)), max: len(head) + 1, line: 1}
	var out []map[string]any
	for len(out) < maxSamples {
		b, _, _, err := v.next()
		if err != nil {
			return out
		}
		if d, ok := decodeObject(b); ok {
			out = append(out, d)
		}
	}
	return out
}

// decodeObject decodes b when it is one JSON object.
func decodeObject(b []byte) (map[string]any, bool) {
	v, err := decodeJSONValue(b)
	d, ok := v.(map[string]any)
	return d, err == nil && ok
}

// notJSON says what an input that is not JSON looks like and what to do.
func notJSON(t []byte) string {
	lines := bytes.SplitN(t, []byte("\n"), 3)
	first := bytes.TrimSuffix(lines[0], []byte("\r"))
	shown := string(first)
	if len(shown) > 60 || !utf8.ValidString(shown) {
		shown = strings.ToValidUTF8(string(first[:min(len(first), 60)]), "") + "…"
	}
	switch {
	case looksCSV(lines):
		return fmt.Sprintf("looks like a CSV table (first line %q): ragaudit reads JSON and Parquet; "+
			"write the table as JSON Lines, e.g. mlr --icsv --ojsonl cat FILE > FILE.jsonl, and map its columns with --mapping "+
			"(examples: testdata/formats/ragaudit-mapping-examples.yaml in the repository)", shown)
	case bytes.Contains(t, []byte("\nturn:")) && bytes.Contains(t, []byte("assistant:")):
		return fmt.Sprintf("looks like a YAML mapping (it starts with %q): give it with --mapping, before the log files", shown)
	}
	return fmt.Sprintf("is not JSON or Parquet (it starts with %q): ragaudit reads JSON records (one per line, "+
		"pretty-printed, or a JSON array of them; plain or gzip) and Parquet; for a table, write it as JSON Lines "+
		"(for CSV: mlr --icsv --ojsonl cat FILE > FILE.jsonl) and map its columns with --mapping", shown)
}

// looksCSV tells a table: a first line of two or more fields, and a second
// line (if any) of as many, split by the same comma, semicolon or tab.
func looksCSV(lines [][]byte) bool {
	if !utf8.Valid(lines[0]) || bytes.HasPrefix(lines[0], []byte("#")) {
		return false
	}
	for _, sep := range []string{",", ";", "\t"} {
		n := bytes.Count(lines[0], []byte(sep))
		if n > 0 && (len(lines) < 2 || len(bytes.TrimSpace(lines[1])) == 0 || bytes.Count(lines[1], []byte(sep)) == n) {
			return true
		}
	}
	return false
}
