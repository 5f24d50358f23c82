package readers

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// An adapter converts one provider response format into canonical
// records. Provider responses are single JSON documents (often
// pretty-printed), optionally wrapped by the app's logger in an object with
// "_log" {conversation_id, tenant, agent, logged_at}.
type adapter struct {
	name    string
	detect  func(doc map[string]any) bool
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

// Formats lists the provider formats ragaudit reads besides canonical
// JSONL and Parquet (for --format and the README).
func Formats() []string {
	names := []string{"jsonl", "parquet"}
	for _, a := range adapters {
		names = append(names, a.name)
	}
	return names
}

var adapters = []adapter{
	{name: "anthropic", detect: func(d map[string]any) bool {
		return get(d, "response", "content") != nil && get(d, "request", "messages") != nil
	},
		convert: anthropic},
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
	{name: "langfuse", detect: func(d map[string]any) bool {
		return get(d, "trace_id") != nil && get(d, "parent_observation_id") != nil && get(d, "type") != nil
	}, group: langfuse},
	{name: "openinference", detect: func(d map[string]any) bool { return get(d, "resourceSpans") != nil }, group: openInferenceOTLP},
	{name: "phoenix", detect: func(d map[string]any) bool { return get(d, "context.span_id") != nil && get(d, "span_kind") != nil },
		group: phoenixRows},
	{name: "langsmith", detect: func(d map[string]any) bool { return get(d, "run_type") != nil && get(d, "dotted_order") != nil },
		group: langsmith},
	{name: "openai-chat-url-citation", detect: func(d map[string]any) bool {
		return str(get(d, "object")) == "chat.completion" && get(d, "choices", 0, "message", "annotations") != nil
	}, convert: openAIChatURLCitations},
}

// maxDocumentBytes bounds a provider document read whole.
const maxDocumentBytes = 64 << 20

// sniffBytes is how much of the start of an input decides whether it is
// canonical JSONL (streamed) or provider documents (read whole).
const sniffBytes = 64 << 10

// Document reads a file holding provider responses — one JSON document,
// or one per line, plain or gzip — and converts each with the named
// adapter, or with the one its content matches when format is "". ok is
// false when the file is not a provider document (canonical JSONL, say).
// Standard input needs OpenDocument, which can give back what it read.
func Document(path, format string, stats *FileStats) (seq iter.Seq2[Record, error], ok bool) {
	if path == Stdin {
		return nil, false
	}
	raw, err := readAllBounded(path)
	if err != nil {
		return nil, false
	}
	return documentSeq(path, raw, format, stats)
}

// OpenDocument is Open's way into provider documents, for files and
// standard input alike: with opts.Format "" or "auto" it first sniffs
// whether the input is canonical JSONL, then reads it as documents of
// opts.Format (or the detected format). When ok is false the input is for
// the JSONL reader; for "-" the bytes read here are not lost: opts.Stdin
// is replaced by a reader that gives them again before the rest of the
// stream. Parquet piped into "-" yields the Parquet reader's error.
func OpenDocument(path string, opts *Options, stats *FileStats) (seq iter.Seq2[Record, error], ok bool) {
	format := opts.Format
	if format == "auto" {
		format = ""
	}
	if path != Stdin {
		if format == "" && looksCanonical(path) {
			return nil, false
		}
		return Document(path, format, stats)
	}
	in := opts.Stdin
	if in == nil {
		in = os.Stdin
	}
	br := bufio.NewReaderSize(in, sniffBytes)
	opts.Stdin = br
	head, _ := br.Peek(sniffBytes)
	if bytes.HasPrefix(head, []byte("PAR1")) {
		return Parquet(Stdin, stats), true
	}
	if format == "" && headLooksCanonical(head) {
		return nil, false
	}
	raw, err := io.ReadAll(io.LimitReader(br, maxDocumentBytes+1))
	opts.Stdin = io.MultiReader(bytes.NewReader(raw), br)
	if err != nil || len(raw) > maxDocumentBytes {
		return nil, false
	}
	return documentSeq(path, raw, format, stats)
}

// readAllBounded reads a file as stored, up to one byte past
// maxDocumentBytes (so that too long is seen as such).
func readAllBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxDocumentBytes+1))
}

// documentSeq converts the documents of raw, the input's bytes as stored.
func documentSeq(path string, raw []byte, format string, stats *FileStats) (seq iter.Seq2[Record, error], ok bool) {
	if stats == nil {
		stats = &FileStats{}
	}
	stats.Path = path
	if len(raw) > maxDocumentBytes {
		return nil, false
	}
	parsed, err := parseDocuments(raw)
	if err != nil || len(parsed.docs)+len(parsed.invalid) == 0 {
		return nil, false
	}
	ad, found := pickAdapter(append(slices.Clip(parsed.docs), parsed.invalid...), format)
	if !found {
		return nil, false
	}
	return func(yield func(Record, error) bool) {
		sum, size, _ := hashBytes(raw)
		stats.SHA256, stats.Bytes = sum, size
		// Lines that are not JSON are skipped where they are; the other
		// lines are read as if they were not there.
		skips := slices.Clone(parsed.bad)
		var recs []Record
		if ad.group != nil {
			var problems []*SkipError
			recs, problems = ad.group(traceInput{docs: parsed.docs, lines: parsed.lines, damaged: parsed.damaged})
			for _, p := range problems {
				p.Detail = ad.name + ": " + p.Detail
			}
			skips = append(skips, problems...)
		} else {
			for i, doc := range parsed.docs {
				rec, err := ad.convert(doc)
				if err != nil {
					// An adapter names the reason when it knows it (a bad
					// timestamp); anything else is a field it needs.
					skip := &SkipError{Reason: ReasonMissingField, Detail: err.Error()}
					errors.As(err, &skip)
					skip.Line, skip.Detail = parsed.lines[i], ad.name+": "+skip.Detail
					skips = append(skips, skip)
					continue
				}
				rec.Line = parsed.lines[i]
				dropEmptySpans(&rec)
				recs = append(recs, rec)
			}
		}
		slices.SortStableFunc(skips, func(a, b *SkipError) int { return a.Line - b.Line })
		for _, p := range skips {
			stats.Skipped++
			p.File = path
			if !yield(Record{}, p) {
				return
			}
		}
		for i := range recs {
			recs[i].File = path
			if recs[i].Line == 0 {
				recs[i].Line = i + 1
			}
			stats.Records++
			if !yield(recs[i], nil) {
				return
			}
		}
	}, true
}

// pickAdapter returns the named adapter, or when format is "" the one
// most documents match (the first in the file on a tie), so that a stray
// line does not decide the format of the rest.
func pickAdapter(docs []map[string]any, format string) (adapter, bool) {
	if format != "" {
		for _, a := range adapters {
			if a.name == format {
				return a, true
			}
		}
		return adapter{}, false
	}
	votes := make([]int, len(adapters))
	first := make([]int, len(adapters))
	best := -1
	for i, d := range docs {
		for k, a := range adapters {
			if a.detect(d) {
				if votes[k] == 0 {
					first[k] = i
				}
				votes[k]++
				if best < 0 || votes[k] > votes[best] || votes[k] == votes[best] && first[k] < first[best] {
					best = k
				}
				break
			}
		}
	}
	if best < 0 {
		return adapter{}, false
	}
	return adapters[best], true
}

// documents is what parseDocuments found in an input.
type documents struct {
	docs    []map[string]any
	lines   []int        // the line each document starts on
	bad     []*SkipError // lines or documents that are not JSON objects, or not UTF-8
	damaged map[string][]int
	// invalid holds documents skipped for invalid UTF-8 as decoded (with
	// U+FFFD): they still vote for the format, so that a file whose only
	// document is skipped is still read as that format.
	invalid []map[string]any
}

// parseDocuments parses an input as JSON objects, pretty-printed or one
// per line, after undoing gzip and UTF-16. When the whole input does not
// parse, it is read line by line: the lines that are JSON objects are the
// documents, the others are skipped (malformed_json, invalid_utf8,
// wrong_field_type) and, when they still name a trace id, that trace is
// marked damaged. Canonical records, or no document at all, yield none.
func parseDocuments(raw []byte) (documents, error) {
	var none documents
	data, cut := gunzip(raw)
	if errors.Is(cut, errDocumentTooLarge) || cut != nil && len(data) == 0 {
		return none, cut // nothing decoded: the JSONL reader says why
	}
	if enc := utf16ByBOM(bufio.NewReader(bytes.NewReader(data))); enc != nil {
		var err error
		if data, err = enc.NewDecoder().Bytes(data); err != nil {
			return none, fmt.Errorf("not valid UTF-16: %w", err)
		}
	}
	body := bytes.TrimPrefix(data, utf8BOM)
	var lost *SkipError
	var partial []byte
	if cut != nil {
		body, partial, lost = cutPartialLine(body, cut)
	}
	// JSON decoding replaces invalid UTF-8 silently: such a file is read
	// line by line, so that the lines holding it are skipped; a
	// pretty-printed document holding it is skipped whole.
	out, ok := wholeDocuments(body)
	if !ok || !utf8.Valid(body) {
		if byLine := lineDocuments(body); !ok || len(byLine.docs) > 0 {
			out = byLine
		}
	}
	for _, d := range append(slices.Clip(out.docs), out.invalid...) {
		if d["messages"] != nil || d["answer"] != nil && d["retriever_resources"] == nil {
			return none, nil // canonical records: the JSONL reader's
		}
	}
	if lost != nil {
		out.bad = append(out.bad, lost)
		if out.damaged == nil {
			out.damaged = map[string][]int{}
		}
		markDamaged(out.damaged, partial, lost.Line)
	}
	return out, nil
}

// errDocumentTooLarge: past maxDocumentBytes decompressed, the input is
// left to the JSONL reader, as a plain file of that size is (not read in
// part as if it had been cut short).
var errDocumentTooLarge = fmt.Errorf("more than %d MiB decompressed", maxDocumentBytes>>20)

// gunzip decompresses a gzip input, all its members, as the JSONL reader
// does (gzipMembers: zero padding after the last member ends it, as for
// gzip -t); any other input is returned as it is. A stream cut short or
// damaged returns what was decoded and the error.
func gunzip(raw []byte) ([]byte, error) {
	if len(raw) < 2 || raw[0] != 0x1f || raw[1] != 0x8b {
		return raw, nil
	}
	br := bufio.NewReader(bytes.NewReader(raw))
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, err
	}
	zr.Multistream(false)
	out, err := io.ReadAll(io.LimitReader(&gzipMembers{src: br, zr: zr}, maxDocumentBytes+1))
	if err == nil && len(out) > maxDocumentBytes {
		err = errDocumentTooLarge
	}
	return out, err
}

// cutPartialLine drops the unfinished last line of an input whose gzip
// stream broke off, and returns it and the skip that counts the loss, as
// the JSONL reader does (what was decoded is read, the loss is named; a
// trace the partial line names is audited with a warning).
func cutPartialLine(body []byte, cut error) (whole, partial []byte, lost *SkipError) {
	line := bytes.Count(body, []byte("\n")) + 1
	if i := bytes.LastIndexByte(body, '\n'); i < len(body)-1 {
		return body[:i+1], body[i+1:], &SkipError{Line: line, Reason: ReasonTruncatedGzip, Detail: "record cut off by a read error: " + cut.Error()}
	}
	return body, nil, &SkipError{Line: line, Reason: ReasonTruncatedGzip, Detail: "input ends early (" + cut.Error() + "); the rest of the file is lost"}
}

// wholeDocuments decodes body as a sequence of JSON objects; ok is false
// when any part of it is not one. A document holding invalid UTF-8 is
// skipped (in bad and invalid), naming the line of the first bad byte.
func wholeDocuments(body []byte) (documents, bool) {
	out := documents{damaged: map[string][]int{}}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	line, at := 1, 0
	for {
		var d map[string]any
		if err := dec.Decode(&d); err == io.EOF {
			return out, true
		} else if err != nil || d == nil {
			return documents{}, false
		}
		end := int(dec.InputOffset())
		start := at
		for start < end && (body[start] == ' ' || body[start] == '\t' || body[start] == '\r' || body[start] == '\n') {
			start++
		}
		line += bytes.Count(body[at:start], []byte("\n"))
		if raw := body[start:end]; !utf8.Valid(raw) {
			off := invalidUTF8Offset(raw)
			badLine := line + bytes.Count(raw[:off], []byte("\n"))
			out.bad = append(out.bad, &SkipError{Line: line, Reason: ReasonInvalidUTF8,
				Detail: fmt.Sprintf("invalid UTF-8 on line %d of the document (byte %d of the file)", badLine, start+off)})
			out.invalid = append(out.invalid, d)
			markDamaged(out.damaged, raw, line)
		} else {
			out.docs = append(out.docs, d)
			out.lines = append(out.lines, line)
		}
		line += bytes.Count(body[start:end], []byte("\n"))
		at = end
	}
}

// markDamaged notes the traces an unreadable part of the input names.
func markDamaged(damaged map[string][]int, raw []byte, line int) {
	for _, m := range reTraceID.FindAllSubmatch(raw, -1) {
		id := string(m[1])
		if !slices.Contains(damaged[id], line) {
			damaged[id] = append(damaged[id], line)
		}
	}
}

// reTraceID finds the trace id a damaged trace-export line still names.
var reTraceID = regexp.MustCompile(`"(?:trace_id|traceId|context\.trace_id)"\s*:\s*"([^"\\]+)"`)

// lineDocuments reads body one JSON object per line.
func lineDocuments(body []byte) documents {
	out := documents{damaged: map[string][]int{}}
	for n, raw := range bytes.Split(body, []byte("\n")) {
		line := n + 1
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if len(bytes.TrimSpace(raw)) == 0 {
			continue
		}
		bad := func(reason, format string, args ...any) {
			out.bad = append(out.bad, &SkipError{Line: line, Reason: reason, Detail: fmt.Sprintf(format, args...)})
			markDamaged(out.damaged, raw, line)
		}
		if !utf8.Valid(raw) {
			bad(ReasonInvalidUTF8, "invalid UTF-8 at byte %d of the line", invalidUTF8Offset(raw))
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var d map[string]any
		err := dec.Decode(&d)
		if err == nil && len(bytes.TrimSpace(raw[dec.InputOffset():])) > 0 {
			// dec.More is false before a stray "}": test the bytes left.
			err = fmt.Errorf("more than one JSON value on the line")
		}
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &te):
			bad(ReasonWrongType, "the line is %s, want a JSON object", withArticle(te.Value))
		case err != nil:
			bad(ReasonMalformedJSON, "not a JSON object: %v", err)
		case d == nil:
			bad(ReasonWrongType, "the line is null, want a JSON object")
		default:
			out.docs = append(out.docs, d)
			out.lines = append(out.lines, line)
		}
	}
	return out
}

func hashBytes(b []byte) (string, int64, error) {
	return fmt.Sprintf("%x", sha256.Sum256(b)), int64(len(b)), nil
}

// looksCanonical sniffs the start of a file: a first line that is a
// canonical record (gzip undone) means the streaming JSONL reader;
// anything else may be a provider document.
func looksCanonical(path string) bool {
	if path == Stdin {
		return true
	}
	f, err := os.Open(path)
	if err != nil {
		return true // let the JSONL reader report it
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, _ := io.ReadFull(f, head)
	return headLooksCanonical(head[:n])
}

// headLooksCanonical is looksCanonical on the first bytes of an input as
// stored.
func headLooksCanonical(head []byte) bool {
	if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(head))
		if err != nil {
			return true // let the JSONL reader report it
		}
		// The head of a longer stream ends mid-way: what decoded is enough.
		head, _ = io.ReadAll(io.LimitReader(zr, sniffBytes))
	}
	if enc := utf16ByBOM(bufio.NewReader(bytes.NewReader(head))); enc != nil {
		head, _ = enc.NewDecoder().Bytes(head[:len(head)&^1]) // whole code units
	}
	head = bytes.TrimPrefix(head, utf8BOM)
	// The first line that is a JSON object decides, so that a broken
	// first line does not hide the format of the rest (a nested object of
	// a pretty-printed document is indented, so it does not count).
	for _, line := range bytes.Split(head, []byte("\n")) {
		var d map[string]any
		if !bytes.HasPrefix(line, []byte("{")) || json.Unmarshal(line, &d) != nil || d == nil {
			continue
		}
		return d["messages"] != nil || (d["answer"] != nil && d["retriever_resources"] == nil)
	}
	// A pretty-printed document, or broken lines: a provider document if
	// the file parses, else JSONL's errors.
	return !bytes.HasPrefix(bytes.TrimSpace(head), []byte("{")) || bytes.Count(head, []byte("\n")) < 2
}

// envelope fills the record fields the app's logger wraps around a
// provider response. A logged_at that is not a time skips the document as
// bad_timestamp, as in canonical records: undated, it would silently fall
// out of --last and the report's period.
func envelope(d map[string]any, rec *Record) error {
	rec.ConversationID = str(get(d, "_log", "conversation_id"))
	rec.Tenant = str(get(d, "_log", "tenant"))
	rec.Agent = str(get(d, "_log", "agent"))
	ts, err := textTime("_log.logged_at", get(d, "_log", "logged_at"))
	rec.Timestamp = ts
	return err
}

// textTime parses an optional timestamp field (RFC 3339 and the variants
// ParseTimestamp takes); absent or "" is no time, anything else that is
// not a time is a bad_timestamp skip.
func textTime(field string, v any) (time.Time, error) {
	if v == nil || v == "" {
		return time.Time{}, nil
	}
	ts, err := ParseTimestamp(str(v))
	if err != nil {
		return time.Time{}, badTime(field, v, "want RFC 3339, e.g. 2026-05-12T14:03:00Z")
	}
	return ts, nil
}

// badTime is the skip of a document whose timestamp field is not a time.
func badTime(field string, v any, want string) *SkipError {
	shown, _ := json.Marshal(v)
	return &SkipError{Reason: ReasonBadTimestamp, Detail: fmt.Sprintf("%s %s: %s", field, shown, want)}
}

// anthropic: Messages API request (documents, search results, question)
// and response (text blocks, each with its citations).
func anthropic(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	var question string
	var docs, results []Chunk
	for _, m := range list(get(d, "request", "messages")) {
		if str(get(m, "role")) != "user" {
			continue
		}
		for _, b := range list(get(m, "content")) {
			switch str(get(b, "type")) {
			case "text":
				question = str(get(b, "text"))
			case "document":
				c := Chunk{ID: fmt.Sprintf("document-%d", len(docs)), Source: str(get(b, "title"))}
				switch str(get(b, "source", "type")) {
				case "text":
					c.Text = str(get(b, "source", "data"))
				case "content":
					// Blocks are separate passages: a space keeps their
					// sentences apart (block citations count blocks, not
					// characters, so no offset depends on the joint).
					c.Text = joinBlocks(list(get(b, "source", "content")), " ")
				default: // base64 PDF, images: no text to audit against
					c.Status = TextAbsent
				}
				docs = append(docs, c)
			case "search_result":
				results = append(results, Chunk{ID: fmt.Sprintf("search-result-%d", len(results)), Source: str(get(b, "source")),
					Text: joinBlocks(list(get(b, "content")), " ")})
			}
		}
	}
	msg := Message{Role: "assistant", Retrieval: append(docs, results...)}
	var b strings.Builder
	for _, blk := range list(get(d, "response", "content")) {
		if str(get(blk, "type")) != "text" {
			continue
		}
		text := str(get(blk, "text"))
		start := b.Len()
		b.WriteString(text)
		var ids []string
		var kind string
		for _, c := range list(get(blk, "citations")) {
			kind = str(get(c, "type"))
			// An index past the documents sent names one that was not
			// retrieved: its id is kept, so the citation is fabricated.
			if v := get(c, "document_index"); v != nil {
				i, ok := num(v)
				if !ok || i < 0 {
					rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation: document_index %s is not a document number; citation dropped", kind, jsonText(v)))
					continue
				}
				ids = appendID(ids, fmt.Sprintf("document-%d", i))
				if i < len(docs) {
					checkQuote(&rec, docs[i], c)
				}
			} else if v := get(c, "search_result_index"); v != nil {
				i, ok := num(v)
				if !ok || i < 0 {
					rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation: search_result_index %s is not a search result number; citation dropped", kind, jsonText(v)))
					continue
				}
				ids = appendID(ids, fmt.Sprintf("search-result-%d", i))
			} else {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation names no document_index or search_result_index; citation dropped", kind))
			}
		}
		if len(ids) > 0 {
			msg.Citations = append(msg.Citations, Citation{Start: start, End: b.Len(), ChunkIDs: ids, Marker: "anthropic:" + kind})
		}
	}
	msg.Content = b.String()
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "response", "id"))
	}
	rec.Messages = []Message{{Role: "user", Content: question}, msg}
	return rec, requireID(rec)
}

// checkQuote verifies a char_location citation against the document: the
// offsets count code points, and the quoted text must be there.
func checkQuote(rec *Record, doc Chunk, c any) {
	if str(get(c, "type")) != "char_location" || doc.Text == "" {
		return
	}
	s, ok1 := num(get(c, "start_char_index"))
	e, ok2 := num(get(c, "end_char_index"))
	if !ok1 || !ok2 {
		return
	}
	a, b, err := SpanToBytes(doc.Text, s, e, "codepoint")
	if err != nil || doc.Text[a:b] != str(get(c, "cited_text")) {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic char_location %d-%d of %s does not match its cited_text", s, e, doc.ID))
	}
}

// openAIResponses: file_search results are the chunks; a file_citation
// annotation is a point after the claim and names a file, not a chunk, so
// the claim is the sentence before the point and every result of that
// file is cited (a warning says when that is ambiguous).
func openAIResponses(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created_at", get(d, "created_at")); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant"}
	byFile := map[string][]string{}
	var annotations []any
	for _, o := range list(get(d, "output")) {
		switch str(get(o, "type")) {
		case "file_search_call":
			for i, r := range list(get(o, "results")) {
				id := fmt.Sprintf("%s/%d", str(get(o, "id")), i)
				c := Chunk{ID: id, Source: str(get(r, "filename")), Text: str(get(r, "text"))}
				if f, ok := get(r, "score").(json.Number); ok {
					v, _ := f.Float64()
					c.Score = &v
				}
				msg.Retrieval = append(msg.Retrieval, c)
				byFile[str(get(r, "file_id"))] = append(byFile[str(get(r, "file_id"))], id)
			}
		case "message":
			for _, c := range list(get(o, "content")) {
				if str(get(c, "type")) == "output_text" {
					msg.Content += str(get(c, "text"))
					annotations = append(annotations, list(get(c, "annotations"))...)
				}
			}
		}
	}
	for _, a := range annotations {
		if str(get(a, "type")) != "file_citation" {
			continue
		}
		point, ok := num(get(a, "index"))
		if !ok {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("openai file_citation index %s is not a position in the text; citation dropped", jsonText(get(a, "index"))))
			continue
		}
		_, end, err := SpanToBytes(msg.Content, 0, point, "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("openai file_citation index %d is outside the text", point))
			continue
		}
		ids, warning := fileChunks(byFile, str(get(a, "file_id")))
		if warning != "" {
			rec.Warnings = append(rec.Warnings, warning)
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, end), End: end, ChunkIDs: ids, Marker: "openai:file_citation"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}

// fileChunks returns the chunks a file_citation's file_id cites: the
// search results of that file, or, when none was retrieved, the file id
// itself, which resolves to nothing (a fabricated citation); warning says
// when a file has several chunks.
func fileChunks(byFile map[string][]string, file string) (ids []string, warning string) {
	ids = byFile[file]
	switch {
	case len(ids) == 0:
		return []string{file}, ""
	case len(ids) > 1:
		warning = fmt.Sprintf("file_citation resolves to a file, not a chunk: %d candidate chunks", len(ids))
	}
	return ids, warning
}

// jsonText shows a decoded JSON value as it was written, for warnings.
func jsonText(v any) string {
	if v == nil {
		return "missing"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// sentenceStart finds where the sentence ending at end begins.
func sentenceStart(s string, end int) int {
	for i := end - 2; i > 0; i-- {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?' || s[i] == '\n') && (s[i+1] == ' ' || s[i+1] == '\n') {
			j := i + 1
			for j < end && (s[j] == ' ' || s[j] == '\n') {
				j++
			}
			return j
		}
	}
	return 0
}

// gemini: groundingSupports give claim segments in UTF-8 byte offsets
// (startIndex omitted when 0) citing groundingChunks by index.
func gemini(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if rec.Timestamp.IsZero() {
		ts, err := textTime("createTime", get(d, "createTime"))
		if err != nil {
			return rec, err
		}
		rec.Timestamp = ts
	}
	cand := get(d, "candidates", 0)
	msg := Message{Role: "assistant", Content: joinTexts(list(get(cand, "content", "parts")))}
	for i, gc := range list(get(cand, "groundingMetadata", "groundingChunks")) {
		rc := get(gc, "retrievedContext")
		text := str(get(rc, "text"))
		if t := str(get(rc, "ragChunk", "text")); t != "" {
			text = t
		}
		msg.Retrieval = append(msg.Retrieval, Chunk{ID: strconv.Itoa(i), Source: firstNonEmpty(str(get(rc, "uri")), str(get(rc, "title"))), Text: text})
	}
	for _, s := range list(get(cand, "groundingMetadata", "groundingSupports")) {
		start, end, err := spanOf(get(s, "segment"), "startIndex", "endIndex")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "gemini segment: "+err.Error())
			continue
		}
		a, b, err := SpanToBytes(msg.Content, start, end, "utf8")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "gemini segment: "+err.Error())
			continue
		}
		if q := str(get(s, "segment", "text")); q != "" && msg.Content[a:b] != q {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("gemini segment %d-%d (utf8 bytes) does not match its text", start, end))
		}
		var ids []string
		for _, ix := range list(get(s, "groundingChunkIndices")) {
			if n, ok := num(ix); ok {
				ids = appendID(ids, strconv.Itoa(n))
			} else {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("gemini segment %d-%d: groundingChunkIndices entry %s is not a chunk number; left out", start, end, jsonText(ix)))
			}
		}
		msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "gemini:groundingSupport"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "responseId"))
	}
	return rec, requireID(rec)
}

// cohere: chat v2 citations give code-point spans citing documents by id.
func cohere(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	question := ""
	for _, m := range list(get(d, "request", "messages")) {
		if str(get(m, "role")) == "user" {
			question = str(get(m, "content"))
		}
	}
	msg := Message{Role: "assistant", Content: joinTexts(list(get(d, "response", "message", "content")))}
	for _, doc := range list(get(d, "request", "documents")) {
		msg.Retrieval = append(msg.Retrieval, Chunk{ID: str(get(doc, "id")),
			Source: firstNonEmpty(str(get(doc, "data", "url")), str(get(doc, "data", "title"))),
			Text:   firstNonEmpty(str(get(doc, "data", "snippet")), str(get(doc, "data", "text")))})
	}
	for _, c := range list(get(d, "response", "message", "citations")) {
		start, end, err := spanOf(c, "start", "end")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "cohere citation: "+err.Error())
			continue
		}
		a, b, err := SpanToBytes(msg.Content, start, end, "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "cohere citation: "+err.Error())
			continue
		}
		if q := str(get(c, "text")); q != "" && msg.Content[a:b] != q {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("cohere citation %d-%d does not match its text", start, end))
		}
		var ids []string
		for _, s := range list(get(c, "sources")) {
			ids = appendID(ids, str(get(s, "id")))
		}
		msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "cohere:citation"})
	}
	rec.Messages = []Message{{Role: "user", Content: question}, msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "response", "id"))
	}
	return rec, requireID(rec)
}

// spanOf reads a provider's claim span from the fields named start and end
// of v. A start left out is 0 (Gemini omits it then), an end left out, an
// offset that is not a whole number, or an empty span is an error: an
// empty claim has no sentence to audit, so the caller drops the citation
// with a warning, as it does a span outside the text.
// dropEmptySpans drops, with a warning, the citations an adapter made
// with an empty span (an empty text block that carries citations, a
// sentence start found at the span's end): an empty claim cannot be
// audited, and the canonical readers refuse one, so a converted copy
// would not read back.
func dropEmptySpans(rec *Record) {
	for mi := range rec.Messages {
		m := &rec.Messages[mi]
		kept := m.Citations[:0]
		for _, c := range m.Citations {
			if c.Start >= c.End {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("messages[%d]: citation of %v has an empty span (%d-%d); citation dropped", mi, c.ChunkIDs, c.Start, c.End))
				continue
			}
			kept = append(kept, c)
		}
		m.Citations = kept
	}
}

func spanOf(v any, startField, endField string) (start, end int, err error) {
	if sv := get(v, startField); sv != nil {
		var ok bool
		if start, ok = num(sv); !ok {
			return 0, 0, fmt.Errorf("%s %s is not a whole number; citation dropped", startField, jsonText(sv))
		}
	}
	ev := get(v, endField)
	end, ok := num(ev)
	switch {
	case ev == nil:
		return 0, 0, fmt.Errorf("no %s: the claim's span is unknown; citation dropped", endField)
	case !ok:
		return 0, 0, fmt.Errorf("%s %s is not a whole number; citation dropped", endField, jsonText(ev))
	case end == start:
		return 0, 0, fmt.Errorf("span %d-%d is empty; citation dropped", start, end)
	}
	return start, end, nil
}

// dify: retriever_resources are the chunks by 1-based position; the answer
// has markers only when the app's prompt asks for them.
func dify(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "conversation_id"))
	}
	if err := unixTime(&rec, "created_at", get(d, "created_at")); err != nil {
		return rec, err
	}
	res := list(get(d, "retriever_resources"))
	sort.SliceStable(res, func(i, j int) bool {
		a, _ := num(get(res[i], "position"))
		b, _ := num(get(res[j], "position"))
		return a < b
	})
	msg := Message{Role: "assistant", Content: str(get(d, "answer"))}
	for _, r := range res {
		c := Chunk{ID: str(get(r, "segment_id")), Source: str(get(r, "document_name")), Text: str(get(r, "content"))}
		if f, ok := get(r, "score").(json.Number); ok {
			v, _ := f.Float64()
			c.Score = &v
		}
		msg.Retrieval = append(msg.Retrieval, c)
	}
	rec.Messages = []Message{{Role: "user", Content: str(get(d, "query"))}, msg}
	return rec, requireID(rec)
}

func requireID(rec Record) error {
	if rec.ConversationID == "" {
		return fmt.Errorf("no conversation id (the logger's _log.conversation_id or the response id)")
	}
	answered := false
	for _, m := range rec.Messages {
		if !utf8.ValidString(m.Content) {
			return fmt.Errorf("invalid UTF-8 in the answer")
		}
		answered = answered || (m.Role == "assistant" && strings.TrimSpace(m.Content) != "")
	}
	if !answered {
		return fmt.Errorf("no answer text where this format keeps it (is --format right?)")
	}
	return nil
}

// get walks a decoded JSON value by object keys and array indexes.
func get(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k < 0 || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

func str(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	}
	return ""
}

func num(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		if s, isStr := v.(string); isStr { // some exporters quote integers
			i, err := strconv.Atoi(s)
			return i, err == nil
		}
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// joinTexts concatenates text blocks exactly (answers: offsets count on it).
func joinTexts(blocks []any) string { return joinBlocks(blocks, "") }

func joinBlocks(blocks []any, sep string) string {
	var parts []string
	for _, x := range blocks {
		parts = append(parts, str(get(x, "text")))
	}
	return strings.Join(parts, sep)
}

func appendID(ids []string, id string) []string {
	for _, x := range ids {
		if x == id {
			return ids
		}
	}
	return append(ids, id)
}

func firstNonEmpty(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

// unixTime fills a missing timestamp from an optional Unix-time field,
// its unit taken from its size as for canonical timestamps
// (unixByMagnitude); a value that is not one, or out of range, is a
// bad_timestamp skip.
func unixTime(rec *Record, field string, v any) error {
	if v == nil || v == "" || !rec.Timestamp.IsZero() {
		return nil
	}
	ts, ok := num(v)
	if !ok {
		return badTime(field, v, "want a Unix time")
	}
	t, err := ParseTimestamp(strconv.Itoa(ts)) // the canonical rules: by size, 0 and negatives refused
	if err != nil {
		return badTime(field, v, err.Error())
	}
	rec.Timestamp = t
	return nil
}

func score(v any) *float64 {
	if f, ok := v.(json.Number); ok {
		x, err := f.Float64()
		if err == nil {
			return &x
		}
	}
	return nil
}

// openAIAssistants: the 【n:m†source】 markers are annotations with code
// point offsets naming a file; the claim is the sentence before the
// marker, the chunks are the run step's file_search results of that file.
func openAIAssistants(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "message.created_at", get(d, "message", "created_at")); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant"}
	byFile := map[string][]string{}
	for _, tc := range list(get(d, "run_step", "step_details", "tool_calls")) {
		for i, r := range list(get(tc, "file_search", "results")) {
			id := fmt.Sprintf("%s/%d", str(get(tc, "id")), i)
			msg.Retrieval = append(msg.Retrieval, Chunk{ID: id, Source: str(get(r, "file_name")), Text: joinBlocks(list(get(r, "content")), " "), Score: score(get(r, "score"))})
			byFile[str(get(r, "file_id"))] = append(byFile[str(get(r, "file_id"))], id)
		}
	}
	var annotations []any
	for _, c := range list(get(d, "message", "content")) {
		if str(get(c, "type")) == "text" {
			msg.Content += str(get(c, "text", "value"))
			annotations = append(annotations, list(get(c, "text", "annotations"))...)
		}
	}
	for _, a := range annotations {
		if str(get(a, "type")) != "file_citation" {
			continue
		}
		start, ok1 := num(get(a, "start_index"))
		end, ok2 := num(get(a, "end_index"))
		if !ok1 || !ok2 {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("assistants annotation %q: start_index %s, end_index %s are not positions in the text; citation dropped",
				str(get(a, "text")), jsonText(get(a, "start_index")), jsonText(get(a, "end_index"))))
			continue
		}
		ms, me, err := SpanToBytes(msg.Content, start, end, "codepoint")
		if err != nil || msg.Content[ms:me] != str(get(a, "text")) {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("assistants annotation %d-%d does not match its marker text", start, end))
			continue
		}
		ids, warning := fileChunks(byFile, str(get(a, "file_citation", "file_id")))
		if warning != "" {
			rec.Warnings = append(rec.Warnings, warning)
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, ms), End: me, ChunkIDs: ids, Marker: str(get(a, "text"))})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "message", "thread_id"))
	}
	return rec, requireID(rec)
}

// bedrock: retrieve_and_generate parts with spans whose end is inclusive;
// the chunks are the references of each part, by KB chunk id.
func bedrock(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant", Content: str(get(d, "output", "text"))}
	seen := map[string]bool{}
	for _, c := range list(get(d, "citations")) {
		part := get(c, "generatedResponsePart", "textResponsePart")
		start, _ := num(get(part, "span", "start"))
		end, ok := num(get(part, "span", "end"))
		if !ok {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("bedrock span end %s is not a position in the text; citation dropped", jsonText(get(part, "span", "end"))))
			continue
		}
		a, b, err := SpanToBytes(msg.Content, start, min(end+1, utf8.RuneCountInString(msg.Content)), "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "bedrock span: "+err.Error())
			continue
		}
		if q := str(get(part, "text")); q != "" && strings.TrimSpace(msg.Content[a:b]) != q {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("bedrock span %d-%d (end inclusive) does not match its text", start, end))
		}
		var ids []string
		for i, r := range list(get(c, "retrievedReferences")) {
			id := str(get(r, "metadata", "x-amz-bedrock-kb-chunk-id"))
			if u, err := url.QueryUnescape(id); err == nil {
				id = u
			}
			if id == "" {
				id = fmt.Sprintf("ref-%d-%d", start, i)
			}
			ids = appendID(ids, id)
			if !seen[id] {
				seen[id] = true
				msg.Retrieval = append(msg.Retrieval, Chunk{ID: id, Source: str(get(r, "location", "s3Location", "uri")), Text: str(get(r, "content", "text"))})
			}
		}
		msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "bedrock:citation"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "sessionId"))
	}
	return rec, requireID(rec)
}

// azureOnYourData: [docN] markers in the answer are 1-based positions in
// message.context.citations, which become chunks doc1, doc2, …
func azureOnYourData(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created", get(d, "created")); err != nil {
		return rec, err
	}
	m := get(d, "choices", 0, "message")
	msg := Message{Role: "assistant", Content: str(get(m, "content"))}
	for i, c := range list(get(m, "context", "citations")) {
		msg.Retrieval = append(msg.Retrieval, Chunk{ID: fmt.Sprintf("doc%d", i+1),
			Source: firstNonEmpty(str(get(c, "filepath")), str(get(c, "url")), str(get(c, "title"))), Text: str(get(c, "content"))})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}

// openAIChatURLCitations: web-search url_citation annotations give the span
// of a link and its URL but no page text: the claim is the sentence
// holding the link, and its chunk is not auditable.
func openAIChatURLCitations(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created", get(d, "created")); err != nil {
		return rec, err
	}
	m := get(d, "choices", 0, "message")
	msg := Message{Role: "assistant", Content: str(get(m, "content"))}
	for _, a := range list(get(m, "annotations")) {
		u := get(a, "url_citation")
		if u == nil && str(get(a, "type")) != "url_citation" {
			continue // another kind of annotation
		}
		start, ok1 := num(get(u, "start_index"))
		end, ok2 := num(get(u, "end_index"))
		if !ok1 || !ok2 {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("url_citation %s: start_index %s, end_index %s are not positions in the text; citation dropped",
				str(get(u, "url")), jsonText(get(u, "start_index")), jsonText(get(u, "end_index"))))
			continue
		}
		ls, le, err := SpanToBytes(msg.Content, start, end, "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "url_citation: "+err.Error())
			continue
		}
		link := str(get(u, "url"))
		if !strings.Contains(msg.Content[ls:le], strings.SplitN(link, "?", 2)[0]) {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("url_citation %d-%d does not hold its URL", start, end))
		}
		if !slices.ContainsFunc(msg.Retrieval, func(c Chunk) bool { return c.ID == link }) {
			msg.Retrieval = append(msg.Retrieval, Chunk{ID: link, Source: str(get(u, "title")), Status: TextAbsent})
		}
		end2 := le
		if end2 < len(msg.Content) && msg.Content[end2] == '.' {
			end2++
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, ls), End: end2, ChunkIDs: []string{link}, Marker: "openai:url_citation"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}

// traceTurn is one question and answer assembled from a trace.
type traceTurn struct {
	conv, tenant, agent, trace string
	start                      time.Time
	line                       int // first line of the trace in the file
	question, answer, prompt   string
	docs                       []Chunk
	// problem, when set, skips the turn: a field it needs could not be
	// read (a timestamp, a JSON string cut short). The first one is kept.
	problem *SkipError
}

// fail records why the turn cannot be audited, if nothing did before.
func (t *traceTurn) fail(line int, reason, format string, args ...any) {
	if t.problem == nil {
		t.problem = &SkipError{Line: line, Reason: reason, Detail: fmt.Sprintf("trace %s: ", t.trace) + fmt.Sprintf(format, args...)}
	}
}

// startTime sets the turn's start from a root span's timestamp field; one
// that is not a time skips the turn as bad_timestamp, as in canonical
// records.
func (t *traceTurn) startTime(line int, field string, v any) {
	ts, err := textTime(field, v)
	if err != nil {
		t.fail(line, ReasonBadTimestamp, "line %d: %s", line, err.(*SkipError).Detail)
		return
	}
	t.start = ts
}

// decodeField decodes a field of a trace span that may hold JSON as text: a string
// that starts like JSON but does not decode (cut by a size-limited
// logger) skips the turn as malformed_json, naming the span's line, since
// read as nothing it would lose the chunks and make every citation of the
// answer look fabricated.
func (t *traceTurn) decodeField(line int, what string, v any) any {
	out, err := decodeJSONStringErr(v)
	if err != nil {
		t.fail(line, ReasonMalformedJSON, "line %d: %s is a JSON string that does not decode (%v)", line, what, err)
	}
	return out
}

// langfuse: observations (CHAIN root, RETRIEVER, GENERATION) linked by
// trace_id, grouped into conversations by session_id; input and output
// are JSON strings.
func langfuse(in traceInput) ([]Record, []*SkipError) {
	var ts traceSet
	var problems []*SkipError
	for i, d := range in.docs {
		tr := str(get(d, "trace_id"))
		if tr == "" {
			problems = append(problems, noTraceID(in.lines[i], "trace_id"))
			continue
		}
		t := ts.turn(tr, in.lines[i])
		if t.conv == "" {
			t.conv = str(get(d, "session_id"))
		}
		if t.tenant == "" {
			t.tenant = str(get(d, "metadata", "tenant"))
		}
		for _, tag := range list(get(d, "tags")) {
			if k, v, ok := strings.Cut(str(tag), ":"); ok {
				switch k {
				case "tenant":
					t.tenant = firstNonEmpty(t.tenant, v)
				case "agent":
					t.agent = firstNonEmpty(t.agent, v)
				}
			}
		}
		kind := str(get(d, "type"))
		name := fmt.Sprintf("observation %s (%s)", jsonText(get(d, "id")), kind)
		input := t.decodeField(in.lines[i], name+` "input"`, get(d, "input"))
		output := t.decodeField(in.lines[i], name+` "output"`, get(d, "output"))
		switch kind {
		case "RETRIEVER":
			for _, doc := range list(output) {
				c := Chunk{ID: str(get(doc, "metadata", "chunk_id")), Source: str(get(doc, "metadata", "source")),
					Text: str(get(doc, "page_content")), Score: score(get(doc, "metadata", "relevance_score"))}
				t.docs = append(t.docs, c)
			}
		case "GENERATION":
			for _, m := range list(input) {
				if str(get(m, "role")) == "system" {
					t.prompt = str(get(m, "content"))
				}
			}
			t.answer = firstNonEmpty(t.answer, str(get(output, "content")))
		default:
			if str(get(d, "parent_observation_id")) == "" {
				t.question = str(get(input, "query"))
				t.answer = firstNonEmpty(str(get(output, "result")), t.answer)
				t.startTime(in.lines[i], "start_time", get(d, "start_time"))
			}
		}
	}
	return assembleTurns(ts, in.damaged, problems)
}

// traceSet collects the turns of a trace export, in the order their
// traces first appear.
type traceSet struct {
	turns map[string]*traceTurn
	order []string
}

// turn returns the turn of trace, started at line when it is new.
func (s *traceSet) turn(trace string, line int) *traceTurn {
	t := s.turns[trace]
	if t == nil {
		if s.turns == nil {
			s.turns = map[string]*traceTurn{}
		}
		t = &traceTurn{trace: trace, line: line}
		s.turns[trace] = t
		s.order = append(s.order, trace)
	}
	return t
}

// noTraceID is the skip of a trace-export line that names no trace.
func noTraceID(line int, field string) *SkipError {
	return &SkipError{Line: line, Reason: ReasonMissingField, Detail: fmt.Sprintf("line has no %q: it belongs to no trace", field)}
}

// langsmith: runs (chain root, retriever, llm) linked by trace_id; the
// conversation is extra.metadata.thread_id (session_id is the project).
func langsmith(in traceInput) ([]Record, []*SkipError) {
	var ts traceSet
	var problems []*SkipError
	for i, d := range in.docs {
		tr := str(get(d, "trace_id"))
		if tr == "" {
			problems = append(problems, noTraceID(in.lines[i], "trace_id"))
			continue
		}
		t := ts.turn(tr, in.lines[i])
		t.conv = firstNonEmpty(t.conv, str(get(d, "extra", "metadata", "thread_id")))
		t.tenant = firstNonEmpty(t.tenant, str(get(d, "extra", "metadata", "tenant")))
		switch str(get(d, "run_type")) {
		case "retriever":
			for _, doc := range list(get(d, "outputs", "documents")) {
				t.docs = append(t.docs, Chunk{ID: str(get(doc, "metadata", "chunk_id")), Source: str(get(doc, "metadata", "source")),
					Text: str(get(doc, "page_content")), Score: score(get(doc, "metadata", "relevance_score"))})
			}
		case "llm":
			for _, m := range list(get(d, "inputs", "messages", 0)) {
				if str(get(m, "kwargs", "type")) == "system" {
					t.prompt = str(get(m, "kwargs", "content"))
				}
			}
			t.answer = firstNonEmpty(t.answer, str(get(d, "outputs", "generations", 0, 0, "text")))
		default:
			if get(d, "parent_run_id") == nil {
				t.question = str(get(d, "inputs", "query"))
				t.answer = firstNonEmpty(str(get(d, "outputs", "result")), t.answer)
				t.startTime(in.lines[i], "start_time", get(d, "start_time"))
			}
		}
	}
	return assembleTurns(ts, in.damaged, problems)
}

// assembleTurns groups traces into conversations (turns ordered by start)
// and gives each answer the chunks as the model saw them: when the prompt
// lists sources as "[n] source" blocks, [n] markers refer to those, so
// the chunks are the prompt's blocks, in the prompt's order (id "n", or
// the retriever's id, score and text when a retrieved document has that
// source). A conversation holding a trace that an unreadable line names
// (damaged) is audited with a warning: that line's span is missing.
func assembleTurns(ts traceSet, damaged map[string][]int, problems []*SkipError) ([]Record, []*SkipError) {
	byConv := map[string][]*traceTurn{}
	var convs []string
	for _, tr := range ts.order {
		t := ts.turns[tr]
		if t.conv == "" {
			t.conv = t.trace
		}
		if t.problem != nil {
			problems = append(problems, t.problem)
			continue
		}
		if t.answer == "" {
			problems = append(problems, &SkipError{Line: t.line, Reason: ReasonMissingContent, Detail: fmt.Sprintf("trace %s has no answer", tr)})
			continue
		}
		if byConv[t.conv] == nil {
			convs = append(convs, t.conv)
		}
		byConv[t.conv] = append(byConv[t.conv], t)
	}
	var recs []Record
	for _, c := range convs {
		ts := byConv[c]
		sort.SliceStable(ts, func(i, j int) bool { return ts[i].start.Before(ts[j].start) })
		rec := Record{ConversationID: c, Tenant: ts[0].tenant, Agent: ts[0].agent, Timestamp: ts[0].start, Line: ts[0].line}
		for _, t := range ts {
			if lines := damaged[t.trace]; len(lines) > 0 {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("trace %s: line(s) %v naming it are unreadable and were skipped; its spans there are missing", t.trace, lines))
			}
			rec.Messages = append(rec.Messages, Message{Role: "user", Content: t.question},
				Message{Role: "assistant", Content: t.answer, Retrieval: promptChunks(t.prompt, t.docs)})
		}
		recs = append(recs, rec)
	}
	return recs, problems
}

var rePromptSource = regexp.MustCompile(`(?m)^\[(\d+)\][ \t]*([^\n]*)\n`)

func promptChunks(prompt string, docs []Chunk) []Chunk {
	heads := rePromptSource.FindAllStringSubmatchIndex(prompt, -1)
	if len(heads) == 0 {
		return docs
	}
	var out []Chunk
	for i, h := range heads {
		end := len(prompt)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		c := Chunk{ID: prompt[h[2]:h[3]], Source: strings.TrimSpace(prompt[h[4]:h[5]]), Text: strings.TrimSpace(prompt[h[1]:end])}
		for _, d := range docs {
			if d.Source == c.Source {
				// The retriever's chunk: its id (then [n] resolves by its
				// position, which is the prompt's), score and text.
				c.Score = d.Score
				if d.ID != "" {
					c.ID = d.ID
				}
				if d.Text != "" {
					c.Text = d.Text
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// decodeJSONStringErr decodes a trace attribute that may hold JSON as
// text. Plain text is returned as it is; text that starts like a JSON
// object or array but does not decode as one (cut short, say) is an error.
func decodeJSONStringErr(v any) (any, error) {
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	out, err := decodeJSONValue([]byte(s))
	if err != nil {
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			return v, err
		}
		return v, nil
	}
	return out, nil
}

// flatSpan is an OpenInference span with its attributes flattened to
// dotted keys ("retrieval.documents.0.document.id"), from OTLP JSON or
// from Phoenix span rows.
type flatSpan struct {
	trace, parent, kind string
	start               time.Time
	badStart            error // the span's start time is not a time
	line                int
	attrs               map[string]any
}

// openInferenceOTLP: OTLP JSON lines of resourceSpans; spans of one trace
// may be spread over lines.
func openInferenceOTLP(in traceInput) ([]Record, []*SkipError) {
	var spans []flatSpan
	var problems []*SkipError
	for i, d := range in.docs {
		n, untraced := len(spans), 0
		for _, rs := range list(get(d, "resourceSpans")) {
			for _, ss := range list(get(rs, "scopeSpans")) {
				for _, sp := range list(get(ss, "spans")) {
					fs := flatSpan{trace: str(get(sp, "traceId")), parent: str(get(sp, "parentSpanId")), line: in.lines[i], attrs: map[string]any{}}
					if v := get(sp, "startTimeUnixNano"); v != nil && v != "" {
						ns, err := strconv.ParseInt(str(v), 10, 64)
						var t time.Time
						if err == nil {
							t, err = inRange(time.Unix(0, ns).UTC())
						}
						if err == nil {
							fs.start = t
						} else {
							fs.badStart = badTime("startTimeUnixNano", v, "want Unix nanoseconds from 1970 to 9999")
						}
					}
					for _, a := range list(get(sp, "attributes")) {
						v := get(a, "value")
						for _, k := range []string{"stringValue", "intValue", "doubleValue", "boolValue"} {
							if x := get(v, k); x != nil {
								fs.attrs[str(get(a, "key"))] = x
							}
						}
					}
					fs.kind = str(fs.attrs["openinference.span.kind"])
					if fs.trace == "" {
						untraced++
						continue
					}
					spans = append(spans, fs)
				}
			}
		}
		switch {
		case untraced > 0:
			problems = append(problems, &SkipError{Line: in.lines[i], Reason: ReasonMissingField,
				Detail: fmt.Sprintf("%d span(s) on the line have no \"traceId\": they belong to no trace", untraced)})
		case len(spans) == n:
			problems = append(problems, &SkipError{Line: in.lines[i], Reason: ReasonMissingField, Detail: "line has no resourceSpans[].scopeSpans[].spans"})
		}
	}
	return openInferenceTurns(spans, in.damaged, problems)
}

// phoenixRows: Phoenix span dataframe rows, "attributes."-prefixed keys,
// documents and messages as lists of objects with dotted keys.
func phoenixRows(in traceInput) ([]Record, []*SkipError) {
	var spans []flatSpan
	var problems []*SkipError
	for i, d := range in.docs {
		fs := flatSpan{trace: str(get(d, "context.trace_id")), parent: str(get(d, "parent_id")), kind: str(get(d, "span_kind")), line: in.lines[i], attrs: map[string]any{}}
		if fs.trace == "" {
			problems = append(problems, noTraceID(in.lines[i], "context.trace_id"))
			continue
		}
		fs.start, fs.badStart = textTime("start_time", get(d, "start_time"))
		for k, v := range d {
			name, ok := strings.CutPrefix(k, "attributes.")
			if !ok {
				continue
			}
			if l, isList := v.([]any); isList {
				for n, item := range l {
					if m, isMap := item.(map[string]any); isMap {
						for ik, iv := range m {
							fs.attrs[fmt.Sprintf("%s.%d.%s", name, n, ik)] = iv
						}
					}
				}
				continue
			}
			fs.attrs[name] = v
		}
		spans = append(spans, fs)
	}
	return openInferenceTurns(spans, in.damaged, problems)
}

func openInferenceTurns(spans []flatSpan, damaged map[string][]int, problems []*SkipError) ([]Record, []*SkipError) {
	var ts traceSet
	for _, sp := range spans {
		t := ts.turn(sp.trace, sp.line)
		a := sp.attrs
		if sp.parent == "" && sp.badStart != nil {
			// Only a root span's start dates the turn.
			t.fail(sp.line, ReasonBadTimestamp, "line %d: %s", sp.line, sp.badStart.(*SkipError).Detail)
		}
		if op := str(a["gen_ai.operation.name"]); op != "" {
			genAISpan(t, sp, op)
			continue
		}
		t.conv = firstNonEmpty(t.conv, str(a["session.id"]))
		meta := t.decodeField(sp.line, `attribute "metadata"`, a["metadata"])
		t.tenant = firstNonEmpty(t.tenant, str(get(meta, "tenant")))
		t.agent = firstNonEmpty(t.agent, str(get(meta, "agent")))
		switch sp.kind {
		case "RETRIEVER":
			for n := 0; a[fmt.Sprintf("retrieval.documents.%d.document.content", n)] != nil || a[fmt.Sprintf("retrieval.documents.%d.document.id", n)] != nil; n++ {
				pre := fmt.Sprintf("retrieval.documents.%d.document.", n)
				c := Chunk{ID: str(a[pre+"id"]), Text: str(a[pre+"content"]), Source: str(get(t.decodeField(sp.line, "attribute "+strconv.Quote(pre+"metadata"), a[pre+"metadata"]), "source"))}
				c.Score = score(a[pre+"score"])
				t.docs = append(t.docs, c)
			}
		case "LLM":
			for n := 0; a[fmt.Sprintf("llm.input_messages.%d.message.role", n)] != nil; n++ {
				if str(a[fmt.Sprintf("llm.input_messages.%d.message.role", n)]) == "system" {
					t.prompt = str(a[fmt.Sprintf("llm.input_messages.%d.message.content", n)])
				}
			}
			t.answer = firstNonEmpty(t.answer, str(a["llm.output_messages.0.message.content"]))
		}
		if sp.parent == "" {
			t.question = firstNonEmpty(str(a["input.value"]), t.question)
			t.answer = firstNonEmpty(str(a["output.value"]), t.answer)
			t.start = sp.start
		}
	}
	return assembleTurns(ts, damaged, problems)
}

// genAISpan reads a span of the OpenTelemetry GenAI semantic conventions
// (gen_ai.*; messages and documents are JSON strings, documents may lack
// their content, which the system prompt then supplies).
func genAISpan(t *traceTurn, sp flatSpan, op string) {
	a := sp.attrs
	t.conv = firstNonEmpty(t.conv, str(a["gen_ai.conversation.id"]))
	t.agent = firstNonEmpty(t.agent, str(a["gen_ai.agent.name"]))
	switch op {
	case "retrieval":
		t.question = firstNonEmpty(t.question, str(a["gen_ai.retrieval.query.text"]))
		for _, d := range list(t.decodeField(sp.line, `attribute "gen_ai.retrieval.documents"`, a["gen_ai.retrieval.documents"])) {
			t.docs = append(t.docs, Chunk{ID: str(get(d, "id")), Text: str(get(d, "content")), Source: str(get(d, "id")), Score: score(get(d, "score"))})
		}
	case "chat":
		for _, p := range list(t.decodeField(sp.line, `attribute "gen_ai.system_instructions"`, a["gen_ai.system_instructions"])) {
			t.prompt += str(get(p, "content"))
		}
		for _, m := range list(t.decodeField(sp.line, `attribute "gen_ai.input.messages"`, a["gen_ai.input.messages"])) {
			if str(get(m, "role")) == "user" {
				t.question = firstNonEmpty(t.question, joinBlocks(partsAsText(get(m, "parts")), ""))
			}
		}
		for _, m := range list(t.decodeField(sp.line, `attribute "gen_ai.output.messages"`, a["gen_ai.output.messages"])) {
			t.answer = firstNonEmpty(t.answer, joinBlocks(partsAsText(get(m, "parts")), ""))
		}
	}
	if sp.parent == "" && !sp.start.IsZero() {
		t.start = sp.start
	}
}

// partsAsText maps GenAI message parts ({type, content}) to text blocks.
func partsAsText(v any) []any {
	var out []any
	for _, p := range list(v) {
		if str(get(p, "type")) == "text" {
			out = append(out, map[string]any{"text": str(get(p, "content"))})
		}
	}
	return out
}
