package readers

import (
	"encoding/json"
	"errors"
	"fmt"
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

// Wire types. Pointers tell "absent" (or null) from a value; text fields
// take a string or a number (fields.go).
type jsonRecord struct {
	ConversationID *flexString   `json:"conversation_id"`
	Tenant         *flexString   `json:"tenant"`
	Agent          *flexString   `json:"agent"`
	Timestamp      *flexString   `json:"timestamp"` // a Unix time may be a number
	Messages       []jsonMessage `json:"messages"`
	// Flat form: one assistant turn per line.
	Turn      *jsonTurn   `json:"turn"`
	Question  *flexString `json:"question"`
	Answer    *flexString `json:"answer"`
	Retrieval []jsonChunk `json:"retrieval"` // nil: not logged; empty: nothing retrieved
	// Warnings of the adapter that read the record's source (convert
	// writes them), so that a converted copy warns as its source does.
	Warnings []string `json:"warnings"`
	// Guardrail: what a runtime guard decided (its decision log).
	Guardrail *Guardrail `json:"guardrail"`
}

type jsonMessage struct {
	Role       *flexString    `json:"role"`
	Content    *flexString    `json:"content"`
	Retrieval  []jsonChunk    `json:"retrieval"`
	Citations  []jsonCitation `json:"citations"`
	OffsetUnit flexString     `json:"offset_unit"` // of citation spans: codepoint (default), utf8, utf16
	Embedding  []float32      `json:"embedding"`
}

type jsonChunk struct {
	ID         *flexString `json:"id"`
	Source     *flexString `json:"source"`
	Text       *flexString `json:"text"`
	Score      *float64    `json:"score"`
	TextStatus flexString  `json:"text_status"`
	Embedding  []float32   `json:"embedding"`
}

// jsonCitation is a structured citation (ragaudit.conversation/v2).
type jsonCitation struct {
	Marker    flexString   `json:"marker"`
	ClaimSpan *jsonSpan    `json:"claim_span"`
	ChunkIDs  []flexString `json:"chunk_ids"`
	Text      *flexString  `json:"text"` // the claim as quoted, to verify the span
}

// jsonSpan is a claim span as read: nil tells a missing or null bound
// from 0.
type jsonSpan struct {
	Start *int `json:"start"`
	End   *int `json:"end"`
}

// isCanonical tells a canonical record: messages, or the flat form's
// answer with its conversation or its chunks (Dify's answer comes with
// retriever_resources).
func isCanonical(d map[string]any) bool {
	if d["messages"] != nil {
		return true
	}
	return d["answer"] != nil && d["retriever_resources"] == nil && (d["conversation_id"] != nil || d["retrieval"] != nil)
}

// canonicalRecord reads one canonical record from its JSON text.
func canonicalRecord(b []byte) (Record, *SkipError) {
	if !utf8.Valid(b) {
		return Record{}, skipf(ReasonInvalidUTF8, "invalid UTF-8 at byte %d of the line", invalidUTF8Offset(b))
	}
	var jr jsonRecord
	if err := json.Unmarshal(b, &jr); err != nil {
		return Record{}, decodeSkip(err)
	}
	if skip := duplicateKeys(b, canonicalKeys); skip != nil {
		return Record{}, skip
	}
	rec, skip := jr.header()
	if skip != nil {
		return Record{}, skip
	}
	switch {
	case jr.Messages != nil:
		skip = jr.messages(&rec)
	case jr.Answer != nil:
		skip = jr.flat(&rec)
	case jr.Question != nil:
		skip = skipf(ReasonMissingContent, `flat record has a "question" but no "answer"`)
	default:
		skip = skipf(ReasonMissingField, `neither "messages" (canonical form) nor "answer" (flat form) is present`)
	}
	if skip != nil {
		return Record{}, skip
	}
	rec.Warnings = append(rec.Warnings, jr.Warnings...)
	if jr.Guardrail != nil {
		if err := checkGuardrail(jr.Guardrail); err != nil {
			return Record{}, skipf(ReasonWrongType, "%v", err)
		}
		if jr.Guardrail.Action == "expired" {
			return Record{}, skipf(ReasonNotServed, "decision %s: the guard asked for a regeneration that never came back, so nothing was served", jr.Guardrail.DecisionID)
		}
		rec.Guardrail = jr.Guardrail
	}
	loggedKeys(b, &rec)
	return rec, nil
}

// decodeSkip is the skip of a record the JSON decoder refused.
func decodeSkip(err error) *SkipError {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return skipf(ReasonWrongType, "%s", typeMismatch(te))
	case errors.As(err, &se):
		return skipf(ReasonMalformedJSON, "%v (at byte %d)", se, se.Offset)
	}
	return skipf(ReasonMalformedJSON, "%v", err)
}

// header reads the record's conversation, tenant, agent and time.
func (jr *jsonRecord) header() (Record, *SkipError) {
	id, ok := jr.ConversationID.text()
	if !ok {
		return Record{}, skipf(ReasonMissingField, `"conversation_id" is missing or empty`)
	}
	rec := Record{ConversationID: id}
	rec.Tenant, _ = jr.Tenant.text()
	rec.Agent, _ = jr.Agent.text()
	if ts, ok := jr.Timestamp.text(); ok {
		var skip *SkipError
		if rec.Timestamp, skip = timestampField(ts); skip != nil {
			return Record{}, skip
		}
	}
	return rec, nil
}

// messages reads the canonical form's messages into rec.
func (jr *jsonRecord) messages(rec *Record) *SkipError {
	hasAssistant := false
	for i, m := range jr.Messages {
		role, ok := m.Role.text()
		if !ok {
			return skipf(ReasonMissingField, "messages[%d] has no \"role\"", i)
		}
		msg := Message{Role: normalRole(role)}
		msg.Content, ok = m.Content.text()
		if msg.Role != "assistant" {
			rec.Messages = append(rec.Messages, msg)
			continue
		}
		if !ok {
			return skipf(ReasonMissingContent, "messages[%d] (assistant) has no \"content\"", i)
		}
		hasAssistant = true
		var err error
		if msg.Retrieval, err = convertChunks(m.Retrieval); err != nil {
			return skipf(ReasonWrongType, "messages[%d].%v", i, err)
		}
		msg.NoRetrievalLogged = m.Retrieval == nil
		msg.Embedding = m.Embedding
		if msg.Citations, rec.Warnings, err = convertCitations(msg.Content, string(m.OffsetUnit), m.Citations, i, rec.Warnings); err != nil {
			return skipf(ReasonWrongType, "%v", err)
		}
		rec.Messages = append(rec.Messages, msg)
	}
	if !hasAssistant {
		return skipf(ReasonNoAssistantTurn, "no assistant message to audit")
	}
	return nil
}

// flat reads the flat form (one question and its answer) into rec.
func (jr *jsonRecord) flat(rec *Record) *SkipError {
	answer, ok := jr.Answer.text()
	if !ok {
		return skipf(ReasonMissingContent, `flat record has an empty "answer"`)
	}
	question, _ := jr.Question.text()
	chunks, err := convertChunks(jr.Retrieval)
	if err != nil {
		return skipf(ReasonWrongType, "%v", err)
	}
	rec.Messages = []Message{
		{Role: "user", Content: question},
		{Role: "assistant", Content: answer, Retrieval: chunks, NoRetrievalLogged: jr.Retrieval == nil},
	}
	return nil
}

func convertChunks(in []jsonChunk) ([]Chunk, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]Chunk, len(in))
	for i, c := range in {
		out[i].ID, _ = c.ID.text()
		out[i].Source, _ = c.Source.text()
		out[i].Text, _ = c.Text.text()
		out[i].Score = c.Score
		status, err := textStatus(string(c.TextStatus))
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
		if quoted, ok := c.Text.text(); ok && content[a:b] != quoted {
			warnings = append(warnings, fmt.Sprintf("messages[%d].citations[%d]: span %d-%d (%s) reads %q, not the quoted %q",
				msg, k, *start, *end, unitName(unit), content[a:b], quoted))
		}
		cit := Citation{Start: a, End: b, Marker: string(c.Marker)}
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
