package readers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"strings"
	"unicode/utf8"
)

// normalRole spells a role as the canonical format does: loggers write
// "Assistant" or "ASSISTANT " too, and Gemini's "model" is the assistant.
func normalRole(r string) string {
	r = strings.ToLower(strings.TrimSpace(r))
	if r == "model" {
		return "assistant"
	}
	return r
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
