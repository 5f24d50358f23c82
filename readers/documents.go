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
	"os"
	"regexp"
	"slices"
	"unicode/utf8"
)

// maxDocumentBytes bounds a provider document read whole.
const maxDocumentBytes = 64 << 20

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
