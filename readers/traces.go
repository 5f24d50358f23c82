package readers

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"
)

// traceTurn is one question and answer assembled from a trace.
type traceTurn struct {
	conv, tenant, agent, trace string
	start                      time.Time
	line                       int // first line of the trace in the file
	question, answer, prompt   string
	// generated is the model's output (a GENERATION span's), where the
	// root span's output (answer) is what the application returned.
	generated string
	note      string // a warning for the turn's record (chooseAnswer)
	docs      []Chunk
	retrieved bool // a retriever span was logged, even one that found nothing
	// problem, when set, skips the turn: a field it needs could not be
	// read (a timestamp, a JSON string cut short). The first one is kept.
	problem *SkipError
}

// chooseAnswer settles the turn's answer between what the application
// returned (the root span's output) and what the model generated: the
// application's, unless it cites nothing where the model's cites (a
// status such as {"result": "ok"}, or the text with its markers
// stripped): citations are what is audited, and none would be. Two that
// differ are said in the record's warning.
func (t *traceTurn) chooseAnswer() {
	switch {
	case t.generated == "" || t.generated == t.answer:
	case t.answer == "":
		t.answer = t.generated
	case reMarkerShape.MatchString(t.generated) && !reMarkerShape.MatchString(t.answer):
		t.note = fmt.Sprintf("trace %s: the root span's output (%s) cites nothing where the generation's output cites: the generation's output was audited", t.trace, shortQuote(t.answer))
		t.answer = t.generated
	default:
		t.note = fmt.Sprintf("trace %s: the root span's output differs from the generation's: the root span's, what the application returned, was audited", t.trace)
	}
}

// reMarkerShape finds what may be a citation marker ("[2]", "[doc-1]",
// "¹", "<sup>"): enough to tell which of two outputs cites.
var reMarkerShape = regexp.MustCompile(`\[[^\]\s]{1,64}\]|[¹²³⁴⁵⁶⁷⁸⁹⁰]|<sup>`)

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
		t.chooseAnswer()
		if t.answer == "" {
			problems = append(problems, &SkipError{Line: t.line, Reason: ReasonMissingContent, Detail: fmt.Sprintf("trace %s has no answer: none of its spans holds an LLM output where OpenInference puts it (traces of another convention, such as OpenLLMetry's gen_ai.* attributes, are not read: write them as canonical records, docs/formats.md)", tr)})
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
			if t.note != "" {
				rec.Warnings = append(rec.Warnings, t.note)
			}
			if lines := damaged[t.trace]; len(lines) > 0 {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("trace %s: line(s) %v naming it are unreadable and were skipped; its spans there are missing", t.trace, lines))
			}
			rec.Messages = append(rec.Messages, Message{Role: "user", Content: t.question},
				Message{Role: "assistant", Content: t.answer, Retrieval: promptChunks(t.prompt, t.docs),
					NoRetrievalLogged: !t.retrieved && !rePromptSource.MatchString(t.prompt)})
		}
		recs = append(recs, rec)
	}
	return recs, problems
}

var rePromptSource = regexp.MustCompile(`(?m)^\[(\d+)\][ \t]*([^\n]*)\n`)

// promptChunks are the prompt's "[n] source" blocks as chunks, each with
// the retriever's document of that source when it is that block: the one
// whose text is the block's, or the only one of a source the prompt
// shows once. Two blocks of one file ("[1] terms.md", "[2] terms.md") are two
// documents of it: each keeps the document its text is, never both the
// last one, and a block no document is keeps its prompt text and number.
func promptChunks(prompt string, docs []Chunk) []Chunk {
	heads := rePromptSource.FindAllStringSubmatchIndex(prompt, -1)
	if len(heads) == 0 {
		return docs
	}
	blocks := map[string]int{} // prompt blocks per source
	for _, h := range heads {
		blocks[strings.TrimSpace(prompt[h[4]:h[5]])]++
	}
	used := make([]bool, len(docs))
	var out []Chunk
	for i, h := range heads {
		end := len(prompt)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		c := Chunk{ID: prompt[h[2]:h[3]], Source: strings.TrimSpace(prompt[h[4]:h[5]]), Text: strings.TrimSpace(prompt[h[1]:end])}
		match, ofSource := -1, 0
		for j, d := range docs {
			if used[j] || d.Source != c.Source {
				continue
			}
			ofSource++
			if match < 0 || sameText(d.Text, c.Text) && !sameText(docs[match].Text, c.Text) {
				match = j
			}
		}
		if match >= 0 && (ofSource == 1 && blocks[c.Source] == 1 || sameText(docs[match].Text, c.Text)) {
			// The retriever's chunk: its id (then [n] resolves by its
			// position, which is the prompt's), score and text.
			d := docs[match]
			used[match] = true
			c.Score = d.Score
			if d.ID != "" {
				c.ID = d.ID
			}
			if d.Text != "" {
				c.Text = d.Text
			}
		}
		out = append(out, c)
	}
	return out
}

// sameText reports whether a retrieved document's text and a prompt
// block's are one text, spaces aside, or one holds the other (a prompt
// may cut a long chunk).
func sameText(doc, block string) bool {
	d, b := strings.Join(strings.Fields(doc), " "), strings.Join(strings.Fields(block), " ")
	return d != "" && b != "" && (d == b || strings.Contains(d, b) || strings.Contains(b, d))
}
