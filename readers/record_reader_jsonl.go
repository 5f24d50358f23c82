package readers

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
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
// take a string or a number (fields.go). L is the type chunk lists decode
// into (chunks.go): the answer's chunk list may be under any of the keys
// of aliasFields[fieldList], in the flat form on the record itself.
type jsonRecordOf[L chunkList] struct {
	ConversationID *flexString        `json:"conversation_id"`
	Tenant         *flexString        `json:"tenant"`
	Agent          *flexString        `json:"agent"`
	Timestamp      *flexString        `json:"timestamp"` // a Unix time may be a number
	Messages       []jsonMessageOf[L] `json:"messages"`
	// Flat form: one assistant turn per line.
	Turn              *jsonTurn   `json:"turn"`
	Question          *flexString `json:"question"`
	Answer            *flexString `json:"answer"`
	Retrieval         L           `json:"retrieval"` // absent or null: not logged; empty: nothing retrieved
	RetrievedContexts *L          `json:"retrieved_contexts"`
	RetrievalContext  *L          `json:"retrieval_context"`
	Contexts          *L          `json:"contexts"`
	Context           *L          `json:"context"`
	Chunks            *L          `json:"chunks"`
	Documents         *L          `json:"documents"`
	Sources           *L          `json:"sources"`
	// Warnings of the adapter that read the record's source (convert
	// writes them), so that a converted copy warns as its source does.
	Warnings []string `json:"warnings"`
	// Guardrail: what a runtime guard decided (its decision log).
	Guardrail *Guardrail `json:"guardrail"`
}

func (jr *jsonRecordOf[L]) lists() [numListKeys]L {
	return [numListKeys]L{jr.Retrieval, deref(jr.RetrievedContexts), deref(jr.RetrievalContext), deref(jr.Contexts),
		deref(jr.Context), deref(jr.Chunks), deref(jr.Documents), deref(jr.Sources)}
}

// deref is what a list key other than the canonical one holds: the keys
// are pointers, so that the messages of canonical records (decoded into
// slices the decoder grows by copying) are not made larger by them.
func deref[L chunkList](p *L) L {
	if p == nil {
		var none L
		return none
	}
	return *p
}

type jsonMessageOf[L chunkList] struct {
	Role              *flexString    `json:"role"`
	Content           *flexContent   `json:"content"`
	Retrieval         L              `json:"retrieval"`
	RetrievedContexts *L             `json:"retrieved_contexts"`
	RetrievalContext  *L             `json:"retrieval_context"`
	Contexts          *L             `json:"contexts"`
	Context           *L             `json:"context"`
	Chunks            *L             `json:"chunks"`
	Documents         *L             `json:"documents"`
	Sources           *L             `json:"sources"`
	Citations         []jsonCitation `json:"citations"`
	OffsetUnit        flexString     `json:"offset_unit"` // of citation spans: codepoint (default), utf8, utf16
	Embedding         flexVector     `json:"embedding"`
	// A function-calling step (tool_output.go): the assistant calls a
	// tool, whose output a role "tool" message holds.
	ToolCalls    calling `json:"tool_calls"`
	FunctionCall calling `json:"function_call"`
}

func (m *jsonMessageOf[L]) lists() [numListKeys]L {
	return [numListKeys]L{m.Retrieval, deref(m.RetrievedContexts), deref(m.RetrievalContext), deref(m.Contexts),
		deref(m.Context), deref(m.Chunks), deref(m.Documents), deref(m.Sources)}
}

// jsonCitation is a structured citation (ragaudit.conversation/v2).
type jsonCitation struct {
	Marker    flexString   `json:"marker"`
	ClaimSpan *jsonSpan    `json:"claim_span"`
	ChunkIDs  []flexString `json:"chunk_ids"`
	Text      *flexString  `json:"text"` // the claim as quoted, to verify the span
}

// jsonSpan is a claim span as read: ok tells a missing or null bound
// from 0.
type jsonSpan struct {
	Start flexInt `json:"start"`
	End   flexInt `json:"end"`
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

// canonicalRecord reads one canonical record from its JSON text. Chunks
// decode under their canonical keys; only a record that logs them under
// other keys, or a chunk list that is not a list of objects (a list of
// texts, a string under "context"), is decoded again key by key
// (lenientList), so that canonical logs pay nothing for the aliases.
func canonicalRecord(b []byte) (Record, *SkipError) {
	if !utf8.Valid(b) {
		return Record{}, skipf(ReasonInvalidUTF8, "invalid UTF-8 at byte %d of the line", invalidUTF8Offset(b))
	}
	var fast jsonRecordOf[fastList]
	err := json.Unmarshal(b, &fast)
	if err != nil && !listTypeError(err) {
		return Record{}, decodeSkip(err)
	}
	// A type error comes after the text was checked: it is valid JSON.
	skip, aliases := walkKeys(b, canonicalKeys)
	if skip != nil {
		return Record{}, skip
	}
	if err == nil && !aliases {
		return readCanonical(b, &fast)
	}
	var lenient jsonRecordOf[lenientList]
	if err := json.Unmarshal(b, &lenient); err != nil {
		return Record{}, decodeSkip(err)
	}
	return readCanonical(b, &lenient)
}

// listTypeError tells a decoding error of a chunk-list key itself (not of
// a field of one of its chunks): it holds something else than a list of
// objects.
func listTypeError(err error) bool {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return false
	}
	last := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
	return slices.ContainsFunc(aliasFields[fieldList].keys, func(k string) bool { return strings.EqualFold(k, last) })
}

// readCanonical reads the record jr decoded from b.
func readCanonical[L chunkList](b []byte, jr *jsonRecordOf[L]) (Record, *SkipError) {
	if jr.Messages == nil && jr.Answer == nil && jr.Question == nil {
		return Record{}, neitherForm(b) // its form first: a Ragas row has no conversation_id either
	}
	rec, skip := jr.header()
	if skip != nil {
		return Record{}, skip
	}
	rec.keysRead = &keyTally{}
	var lists []listAt // of the answers whose chunks lack text
	switch {
	case jr.Messages != nil:
		lists, skip = jr.messages(&rec)
	case jr.Answer != nil:
		lists, skip = jr.flat(&rec)
	case jr.Question != nil:
		skip = skipf(ReasonMissingContent, `flat record has a "question" but no "answer"`)
	default:
		skip = neitherForm(b)
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
	fillChunkKeys(b, &rec, lists)
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
func (jr *jsonRecordOf[L]) header() (Record, *SkipError) {
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

// messages reads the canonical form's messages into rec; lists are the
// answers whose chunks lack text.
func (jr *jsonRecordOf[L]) messages(rec *Record) (lists []listAt, skip *SkipError) {
	hasAssistant := false
	var tools []toolOutput // since the last answer
	// toolRetrieved: an earlier answer's retrieval was its tools' output,
	// so the conversation logs retrieval as tool calls, and an answer
	// whose turn calls none retrieved nothing of its own (below).
	toolRetrieved := false
	for i := range jr.Messages {
		m := &jr.Messages[i]
		role, ok := m.Role.text()
		if !ok {
			return nil, skipf(ReasonMissingField, "messages[%d] has no \"role\"", i)
		}
		msg := Message{Role: normalRole(role)}
		msg.Content, ok = m.Content.text()
		if isToolOutput(msg.Role) {
			tools = append(tools, readToolOutput(msg.Content, i))
		}
		results, toolUse := m.Content.blocks() // Anthropic's tool_use and tool_result blocks
		for _, out := range results {
			tools = append(tools, readToolOutput(out, i))
		}
		step := msg.Role == "assistant" && (bool(m.ToolCalls || m.FunctionCall) || toolUse)
		if step && !ok {
			msg.Role = RoleToolCall // a step, not the answer
		}
		if msg.Role != "assistant" {
			rec.Messages = append(rec.Messages, msg)
			continue
		}
		if !ok {
			return nil, skipf(ReasonMissingContent, "messages[%d] (assistant) has no \"content\"", i)
		}
		hasAssistant = true
		r, skip := chunkLists(m.lists(), i, rec.keysRead)
		if skip != nil {
			return nil, skip
		}
		if r.noText {
			lists = append(lists, listAt{msg: i, key: r.key})
		}
		msg.Retrieval, msg.NoRetrievalLogged = r.chunks, r.key < 0
		switch {
		case msg.NoRetrievalLogged && len(tools) > 0:
			msg.Retrieval, msg.NoRetrievalLogged, msg.RetrievalWhy = toolRetrieval(tools)
			toolRetrieved = toolRetrieved || !msg.NoRetrievalLogged
		case msg.NoRetrievalLogged && toolRetrieved:
			// A follow-up answered without a tool call: its citations
			// can name only chunks of earlier turns, and one naming none
			// is fabricated, not unauditable.
			msg.Retrieval, msg.NoRetrievalLogged = []Chunk{}, false
		}
		if !step { // a step's text does not end the retrieval its tools began
			tools = nil
		}
		msg.Embedding = m.Embedding.floats()
		var err error
		if msg.Citations, rec.Warnings, err = convertCitations(msg.Content, string(m.OffsetUnit), m.Citations, i, rec.Warnings); err != nil {
			return nil, skipf(ReasonWrongType, "%v", err)
		}
		rec.Messages = append(rec.Messages, msg)
	}
	if !hasAssistant {
		if slices.ContainsFunc(rec.Messages, func(m Message) bool { return m.Role == RoleToolCall }) {
			return nil, skipf(ReasonNoAssistantTurn, "no assistant answer to audit: its assistant messages only call tools (content null or \"\" beside tool_calls)")
		}
		return nil, skipf(ReasonNoAssistantTurn, "no assistant message to audit")
	}
	return lists, nil
}

// flat reads the flat form (one question and its answer) into rec.
func (jr *jsonRecordOf[L]) flat(rec *Record) (lists []listAt, skip *SkipError) {
	answer, ok := jr.Answer.text()
	if !ok {
		return nil, skipf(ReasonMissingContent, `flat record has an empty "answer"`)
	}
	question, _ := jr.Question.text()
	r, skip := chunkLists(jr.lists(), -1, rec.keysRead)
	if skip != nil {
		return nil, skip
	}
	if r.noText {
		lists = append(lists, listAt{msg: -1, key: r.key})
	}
	rec.Messages = []Message{
		{Role: "user", Content: question},
		{Role: "assistant", Content: answer, Retrieval: r.chunks, NoRetrievalLogged: r.key < 0},
	}
	return lists, nil
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
		if !c.ClaimSpan.Start.ok || !c.ClaimSpan.End.ok {
			return nil, warnings, fmt.Errorf("messages[%d].citations[%d].claim_span: no start or no end (both must be integers)", msg, k)
		}
		start, end := &c.ClaimSpan.Start.v, &c.ClaimSpan.End.v
		switch {
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

// neitherForm is the skip of a record with neither messages nor answer,
// naming its keys, and the format it is a row of when it is one read by
// another --format (a Ragas row among canonical records).
func neitherForm(b []byte) *SkipError {
	var top map[string]any
	_ = json.Unmarshal(b, &top) // valid JSON: decoded already
	keys := slices.Sorted(maps.Keys(top))
	if isRagas(top) {
		return skipf(ReasonOtherFormat, "a Ragas-style row (user_input, response) among records of another form: give such rows a file of their own, read with --format ragas")
	}
	if len(keys) > 8 {
		keys = append(keys[:8], "…")
	}
	return skipf(ReasonMissingField, `neither "messages" (canonical form) nor "answer" (flat form) is present; its keys: %s`, strings.Join(keys, ", "))
}
