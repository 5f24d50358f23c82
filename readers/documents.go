package readers

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"unicode/utf8"
)

// maxDocumentBytes bounds a provider document read whole.
const maxDocumentBytes = 64 << 20

// documents reads the rest of s.text whole (at most maxDocumentBytes) as
// provider documents or a trace export, and yields their records, read by
// the adapter named name or, for "", the one most documents match. It
// returns false, having yielded nothing, when the text is not that
// (canonical records, say): s.text then reads it again from the start.
func (s *stream) documents(name string) bool {
	data, err := io.ReadAll(io.LimitReader(s.text, maxDocumentBytes+1))
	if ctxErr := s.stop(); ctxErr != nil {
		s.yield(Record{}, fmt.Errorf("%s: reading stopped: %w", s.name, ctxErr))
		return true
	}
	ok := len(data) <= maxDocumentBytes
	var parsed documents
	if ok {
		parsed, ok = parseDocuments(data, err)
	}
	var ad format
	if ok {
		ad, ok = pickAdapter(append(slices.Clip(parsed.docs), parsed.invalid...), name)
	}
	if !ok {
		var rest io.Reader = s.text
		if err != nil {
			rest = errReader{err}
		}
		s.text = bufio.NewReaderSize(io.MultiReader(bytes.NewReader(data), rest), 64<<10)
		return false
	}
	s.convertDocuments(parsed, ad)
	return true
}

// errReader gives back the error an input ended with.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// convertDocuments yields the skips of parsed, in input order, then the
// records ad makes of its documents.
func (s *stream) convertDocuments(parsed documents, ad format) {
	// Lines that are not JSON are skipped where they are; the other lines
	// are read as if they were not there.
	skips := slices.Clone(parsed.bad)
	parsed, others := otherFormats(parsed, ad)
	skips = append(skips, others...)
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
		p.File = s.name
		if !s.yield(Record{}, p) {
			return
		}
	}
	for i := range recs {
		recs[i].File = s.name
		if recs[i].Line == 0 {
			recs[i].Line = i + 1
		}
		if !s.yield(recs[i], nil) {
			return
		}
	}
}

// otherFormats takes out of parsed the documents that ad does not read
// and another row does (a LangSmith run in a file read as Langfuse): each
// is skipped as of another format, naming it, rather than read as a
// broken record of ad's.
func otherFormats(parsed documents, ad format) (documents, []*SkipError) {
	var skips []*SkipError
	keep := parsed
	keep.docs, keep.lines = nil, nil
	for i, doc := range parsed.docs {
		if k := detectRow(doc); k >= 0 && formats[k].name != ad.name && !ad.detect(doc) {
			skips = append(skips, &SkipError{Line: parsed.lines[i], Reason: ReasonOtherFormat,
				Detail: fmt.Sprintf("a %s record in an input read as %s (the format of most of its first records): split the file by format, or read each part with its own --format", formats[k].name, ad.name)})
			continue
		}
		keep.docs, keep.lines = append(keep.docs, doc), append(keep.lines, parsed.lines[i])
	}
	if len(skips) == 0 {
		return parsed, nil
	}
	return keep, skips
}

// pickAdapter returns the document row named name, or when name is "" the
// one most documents match (the first in the file on a tie), so that a
// stray line does not decide the format of the rest.
func pickAdapter(docs []map[string]any, name string) (format, bool) {
	if name != "" {
		row, ok := formatNamed(name)
		return row, ok && row.record == nil
	}
	row, _ := vote(docs)
	return row, row.record == nil && len(docs) > 0
}

// documents is what parseDocuments found in an input.
type documents struct {
	docs    []map[string]any
	lines   []int        // the line each document starts on
	bad     []*SkipError // lines or documents that are not JSON objects, not UTF-8, or name a key twice
	damaged map[string][]int
	// invalid holds documents that decoded but are skipped (invalid UTF-8,
	// decoded as U+FFFD; a key given twice): they still vote for the
	// format, so that a file whose only document is skipped is still read
	// as that format.
	invalid []map[string]any
}

// parseDocuments parses an input's text as JSON objects: pretty-printed
// or one per line, or the elements of a JSON array. When the whole text
// does not parse, it is read line by line: the lines that are JSON
// objects are the documents, the others are skipped (malformed_json,
// invalid_utf8, wrong_field_type) and, when they still name a trace id,
// that trace is marked damaged. cut is the error the text ended with, if
// any: the partial last line is skipped as truncated_input. Streamed
// records (canonical, flat exports), or no document at all, are not
// documents: ok is false.
func parseDocuments(body []byte, cut error) (out documents, ok bool) {
	if cut != nil && len(body) == 0 {
		return out, false // nothing decoded: the JSONL reader says why
	}
	var lost *SkipError
	var partial []byte
	if cut != nil {
		body, partial, lost = cutPartialLine(body, cut)
	}
	if arrayOfRecords(bytes.TrimLeft(body, " \t\r\n")) {
		out = arrayDocuments(body)
	} else {
		// JSON decoding replaces invalid UTF-8 silently: such a file is
		// read line by line, so that the lines holding it are skipped; a
		// pretty-printed document holding it is skipped whole.
		var whole bool
		out, whole = wholeDocuments(body)
		if !whole || !utf8.Valid(body) {
			if byLine := lineDocuments(body); !whole || len(byLine.docs) > 0 {
				out = byLine
			}
		}
	}
	for _, d := range append(slices.Clip(out.docs), out.invalid...) {
		if k := detectRow(d); k >= 0 && formats[k].record != nil {
			return documents{}, false
		}
	}
	if lost != nil {
		out.bad = append(out.bad, lost)
		markDamaged(out.damaged, partial, lost.Line)
	}
	return out, len(out.docs)+len(out.invalid) > 0
}

// arrayDocuments reads the elements of a top-level JSON array (and of any
// array or object after it) as documents, each at the line it starts on.
func arrayDocuments(body []byte) documents {
	out := documents{damaged: map[string][]int{}}
	v := &valueReader{r: bufio.NewReader(bytes.NewReader(body)), max: len(body) + 1, line: 1}
	for {
		b, line, _, err := v.next()
		if len(b) > 0 {
			out.add(b, line)
		}
		if err != nil {
			return out
		}
	}
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
		raw := body[start:end]
		var skip *SkipError
		if !utf8.Valid(raw) {
			off := invalidUTF8Offset(raw)
			badLine := line + bytes.Count(raw[:off], []byte("\n"))
			skip = &SkipError{Reason: ReasonInvalidUTF8,
				Detail: fmt.Sprintf("invalid UTF-8 on line %d of the document (byte %d of the file)", badLine, start+off)}
		} else {
			skip = duplicateKeys(raw, everyKey)
		}
		if skip != nil {
			skip.Line = line
			out.bad = append(out.bad, skip)
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
		if raw = bytes.TrimSuffix(raw, []byte("\r")); len(bytes.TrimSpace(raw)) > 0 {
			out.add(raw, n+1)
		}
	}
	return out
}

// add reads raw, the text of one document starting on line: a JSON object
// is a document; anything else is skipped with its reason, and marks the
// trace it still names damaged.
func (out *documents) add(raw []byte, line int) {
	bad := func(reason, format string, args ...any) {
		out.bad = append(out.bad, &SkipError{Line: line, Reason: reason, Detail: fmt.Sprintf(format, args...)})
		markDamaged(out.damaged, raw, line)
	}
	if !utf8.Valid(raw) {
		bad(ReasonInvalidUTF8, "invalid UTF-8 at byte %d of the line", invalidUTF8Offset(raw))
		return
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
		if skip := duplicateKeys(raw, everyKey); skip != nil {
			bad(skip.Reason, "%s", skip.Detail)
			out.invalid = append(out.invalid, d)
			return
		}
		out.docs = append(out.docs, d)
		out.lines = append(out.lines, line)
	}
}
