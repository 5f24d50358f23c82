package readers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Function-calling agents (OpenAI chat completions with tools, and the
// frameworks that log its messages) retrieve by calling a tool: the
// assistant's call is a step ("content": null or "" beside "tool_calls"),
// not the answer, and the chunks come back as the content of a role
// "tool" message, a JSON text. The answer that follows the outputs reads
// them as its retrieval when each is a list of chunks with ids and texts;
// otherwise its retrieval is not logged, with the cause: an output that
// cannot be read as chunks is never taken for "nothing retrieved".

// RoleToolCall is the role of an assistant message that only calls tools
// (no text of its own): kept in its place among the messages, so that
// message indexes stay those of the log, and never audited.
const RoleToolCall = "tool_call"

// toolListKeys are the keys, besides the chunk-list keys of aliasFields,
// a retrieval tool's JSON object returns its chunks under.
var toolListKeys = []string{"results", "hits", "matches", "data", "items", "docs"}

// toolOutput is what one tool message returned, as the answer after it
// reads it: its chunks, or why they cannot be read.
type toolOutput struct {
	chunks []Chunk
	why    string // "" when read as chunks
}

// isToolOutput tells the roles a tool's output is logged under ("function"
// in the function-calling API before tools).
func isToolOutput(role string) bool { return role == "tool" || role == "function" }

// calling is a message's "tool_calls" (a list) or "function_call" (an
// object): true when it is not empty. Only its first bytes are looked at,
// so that the messages of every canonical record decode no slower.
type calling bool

func (c *calling) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*c = len(b) > 2 && (b[0] == '[' || b[0] == '{') && len(bytes.TrimSpace(b[1:len(b)-1])) > 0
	return nil
}

// readToolOutput reads the content of messages[msg], a tool's output.
func readToolOutput(content string, msg int) toolOutput {
	// No position in the cause: answers are counted by their cause, and
	// the warning names where the first is.
	at := `the output of a tool call (a role "tool" message)`
	fix := `: log the tool's chunks as a JSON list of objects with an id and a text ([{"id": …, "text": …}]), or the answer's chunks under "retrieval"`
	s := strings.TrimSpace(content)
	if s == "" {
		return toolOutput{why: "its retrieval is " + at + ", which is empty" + fix}
	}
	if s[0] != '[' && s[0] != '{' || !json.Valid([]byte(s)) {
		return toolOutput{why: "its retrieval is " + at + ", which is text, not a JSON list of chunks" + fix}
	}
	list, why := toolList([]byte(s))
	if why == "" {
		var chunks []Chunk
		if chunks, why = toolChunks(list, msg); why == "" {
			return toolOutput{chunks: chunks}
		}
	}
	return toolOutput{why: "its retrieval is " + at + ", " + why + fix}
}

// toolList is the list of chunks of a tool's JSON output: the output
// itself, or the one list of an object under a key chunk lists are
// returned under.
func toolList(b []byte) (json.RawMessage, string) {
	if b[0] == '[' {
		return b, ""
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, "which is not a JSON object ragaudit reads"
	}
	keys := slices.Concat(aliasFields[fieldList].keys, toolListKeys)
	var found []string
	for _, k := range sortedKeys(obj) {
		if v := obj[k]; len(v) > 0 && v[0] == '[' && slices.ContainsFunc(keys, func(l string) bool { return strings.EqualFold(k, l) }) {
			found = append(found, k)
		}
	}
	switch len(found) {
	case 0:
		return nil, fmt.Sprintf("a JSON object with no chunk list under a key ragaudit reads (its keys: %s)", strings.Join(sortedKeys(obj), ", "))
	case 1:
		return obj[found[0]], ""
	}
	return nil, fmt.Sprintf("a JSON object with lists under %s: which one holds the chunks cannot be told", strings.Join(found, " and "))
}

// toolChunks reads the chunks of a tool's list; each must have an id and
// a text under keys ragaudit reads (a list of other things, a
// calculator's or an order lookup's, is not a retrieval).
func toolChunks(list json.RawMessage, msg int) ([]Chunk, string) {
	if skip := duplicateKeys(list, everyKey); skip != nil {
		return nil, "whose " + skip.Detail
	}
	var l lenientList
	if err := l.UnmarshalJSON(list); err != nil || !l.read || l.other != "" {
		return nil, "which is not a list of chunks (objects)"
	}
	var raw []map[string]json.RawMessage
	if json.Unmarshal(list, &raw) != nil || len(raw) != len(l.items) {
		return nil, "which is a list of texts without ids, not of chunks (objects)"
	}
	chunks, skip := convertChunks(l.items, msg, "content", &keyTally{})
	if skip != nil {
		return nil, "whose " + skip.Detail
	}
	for i, c := range chunks {
		switch {
		case c.ID == "":
			return nil, fmt.Sprintf("whose items include one with no id under a key ragaudit reads (its keys: %s)", strings.Join(sortedKeys(raw[i]), ", "))
		case c.Text == "" && c.Status == "":
			return nil, fmt.Sprintf("whose items include one with no text under a key ragaudit reads (its keys: %s)", strings.Join(sortedKeys(raw[i]), ", "))
		}
	}
	return chunks, ""
}

// toolRetrieval is the retrieval of an answer that logs none of its own,
// from the tool outputs since the answer before it: their chunks, in
// order, when every output reads as chunks; otherwise not logged, with
// the first output's cause.
func toolRetrieval(outs []toolOutput) (chunks []Chunk, notLogged bool, why string) {
	for _, o := range outs {
		if o.why != "" {
			return nil, true, o.why
		}
		chunks = append(chunks, o.chunks...)
	}
	return chunks, false, ""
}
