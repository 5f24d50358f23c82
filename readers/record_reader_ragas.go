package readers

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
)

// isRagas tells a row of a Ragas-style evaluation export: the question as
// user_input and the answer as response.
func isRagas(d map[string]any) bool {
	return d["user_input"] != nil && d["response"] != nil
}

// ragasRecord reads one row of a Ragas-style evaluation export
// (user_input, retrieved_contexts, response) as a question and its answer.
// The contexts are the chunks, with ids "1", "2", … in list order, so that
// [n] cites the n-th context. A row without conversation_id gets one from
// a hash of the row, as mapped rows do; tenant, agent and timestamp are
// read when present, as in canonical records.
func ragasRecord(b []byte) (Record, *SkipError) {
	row, skip := objectLine(b)
	if skip != nil {
		return Record{}, skip
	}
	var rec Record
	fields := []struct {
		key string
		dst *string
	}{{"conversation_id", &rec.ConversationID}, {"tenant", &rec.Tenant}, {"agent", &rec.Agent}}
	for _, f := range fields {
		if *f.dst, _, skip = textField(row, f.key); skip != nil {
			return Record{}, skip
		}
	}
	if rec.ConversationID == "" {
		sum := sha256.Sum256(b) // no id: one per row, stable
		rec.ConversationID = "row-" + hex.EncodeToString(sum[:6])
	}
	ts, _, skip := textField(row, "timestamp")
	if skip != nil {
		return Record{}, skip
	}
	if ts != "" {
		if rec.Timestamp, skip = timestampField(ts); skip != nil {
			return Record{}, skip
		}
	}
	question, _, skip := textField(row, "user_input")
	if skip != nil {
		return Record{}, skip
	}
	answer := Message{Role: "assistant"}
	var ok bool
	if answer.Content, ok, skip = textField(row, "response"); skip != nil {
		return Record{}, skip
	} else if !ok {
		return Record{}, &SkipError{Reason: ReasonMissingContent, Detail: `"response" (the answer) is missing or empty`}
	}
	if answer.Retrieval, answer.NoRetrievalLogged, skip = ragasContexts(row["retrieved_contexts"]); skip != nil {
		return Record{}, skip
	}
	if answer.NoRetrievalLogged {
		answer.Keys = sortedKeys(row)
		rec.Keys = answer.Keys
	}
	rec.Messages = []Message{{Role: "user", Content: question}, answer}
	return rec, nil
}

// ragasContexts reads retrieved_contexts, a list of texts; absent (or
// null) is no retrieval logged.
func ragasContexts(v any) (chunks []Chunk, notLogged bool, skip *SkipError) {
	if v == nil {
		return nil, true, nil
	}
	l, ok := v.([]any)
	if !ok {
		return nil, false, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf(`"retrieved_contexts" is %s, want a list of texts`, kindOf(v))}
	}
	for i, c := range l {
		text, ok := textValue(c)
		if !ok {
			return nil, false, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf(`"retrieved_contexts"[%d] is %s, want text`, i, kindOf(c))}
		}
		chunks = append(chunks, Chunk{ID: strconv.Itoa(i + 1), Text: text, NoID: true})
	}
	return chunks, false, nil
}
