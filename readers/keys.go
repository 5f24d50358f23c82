package readers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// keySchema names the audited keys of an object and, for each, the schema
// of the object below it, or of each object of its list (nil: not read).
type keySchema struct {
	names [][]byte
	child []*keySchema
	// aliasFrom, when above 0, is the index of the first of names that
	// is a key other tools write for a canonical field (aliases.go).
	aliasFrom int
}

func schema(fields ...any) *keySchema {
	s := &keySchema{}
	for i := 0; i < len(fields); i++ {
		s.names = append(s.names, []byte(fields[i].(string)))
		var child *keySchema
		if i+1 < len(fields) {
			if c, ok := fields[i+1].(*keySchema); ok {
				child = c
				i++
			}
		}
		s.child = append(s.child, child)
	}
	return s
}

// The audited keys of a canonical record. Go's JSON decoder matches keys
// to them regardless of case and keeps the last of two that match one, so
// two such keys in one object would let the audited text differ from what
// jq and every other tool show.
var (
	chunkKeys = aliasesFrom(6, schema("id", "source", "text", "score", "text_status", "embedding",
		// The keys applications write the same fields under (chunkAliases).
		"content", schema("text"), "page_content", "pageContent", "chunk", "snippet", "passage",
		"chunk_id", "node_id", "id_", "_id", "url", "filename", "title", "relevance_score", "similarity", "_score",
		"metadata", schema("text", "source", "url", "title", "chunk_id", "score", "relevance_score")))
	citationKeys = schema("marker", "claim_span", schema("start", "end"), "chunk_ids", "text")
	messageKeys  = schema(append([]any{"role", "content", "citations", citationKeys, "offset_unit", "embedding", "tool_calls", "function_call"},
		chunkListKeys()...)...)
	canonicalKeys = schema(append([]any{"conversation_id", "tenant", "agent", "timestamp", "warnings", "messages", messageKeys,
		"turn", "question", "answer", "guardrail", guardrailKeys}, chunkListKeys()...)...)
	// The guardrail object of a guard's decision log (guardrail.go).
	guardClaimKeys = schema("index", "span", "verdict", "classes", "dropped", "citations",
		schema("citation", "chunk_id", "verdict", "support_score"))
	guardVerdictKeys = schema("status", "claims", guardClaimKeys)
	guardrailKeys    = schema("schema", "decision_id", "ragaudit_version", "model_sha256", "policy_sha256", "mode", "action",
		"human_review", "gate", schema("top_score", "floor", "passed"),
		"attempts", schema("n", "content", "action", "verdict", guardVerdictKeys, "feedback"),
		"served", guardVerdictKeys, "timed_out", "error", "latency_us", "context_messages")
)

func aliasesFrom(n int, s *keySchema) *keySchema {
	s.aliasFrom = n
	return s
}

// chunkListKeys are the keys of an answer's chunk list (aliasFields),
// each with the schema of its chunks, as schema takes them.
func chunkListKeys() []any {
	var out []any
	for _, k := range aliasFields[fieldList].keys {
		out = append(out, k, chunkKeys)
	}
	return out
}

// everyKey stands for formats read key by key as written (as jq reads
// them): a key given twice in any object is ambiguous there, since tools
// differ on which one counts.
var everyKey = &keySchema{}

// duplicateKeys returns the duplicate_key skip of b, the text of one
// record that decoded as JSON, when one of its objects names a key of s
// twice: in two cases for a canonical schema, exactly for everyKey.
func duplicateKeys(b []byte, s *keySchema) *SkipError {
	skip, _ := walkKeys(b, s)
	return skip
}

// walkKeys is duplicateKeys, and tells whether an object of b uses a key
// of s that other tools write for a canonical field (keySchema.aliasFrom).
func walkKeys(b []byte, s *keySchema) (skip *SkipError, aliases bool) {
	w := keyWalker{b: b}
	w.value(s)
	return w.found, w.aliases
}

// keyWalker walks JSON text that is known to be valid.
type keyWalker struct {
	b       []byte
	i       int
	path    []pathStep // down to the current value
	found   *SkipError
	aliases bool // a key at or past its schema's aliasFrom was met
	// seen holds, per depth, the keys met in the object being walked
	// there, reused from object to object (a record has thousands).
	seen [][][]byte
}

func (w *keyWalker) value(s *keySchema) {
	w.space()
	switch w.b[w.i] {
	case '{':
		w.object(s)
	case '[':
		w.i++
		for n := 0; w.found == nil; n++ {
			if w.space(); w.b[w.i] == ']' {
				w.i++
				return
			}
			w.path = append(w.path, pathStep{index: n})
			w.value(s)
			w.path = w.path[:len(w.path)-1]
			if w.space(); w.b[w.i] == ',' {
				w.i++
			}
		}
	case '"':
		w.str()
	default:
		for w.i < len(w.b) && !isSpace(w.b[w.i]) && w.b[w.i] != ',' && w.b[w.i] != ']' && w.b[w.i] != '}' {
			w.i++
		}
	}
}

// object walks an object, checking its keys against s.
func (w *keyWalker) object(s *keySchema) {
	w.i++
	depth := len(w.path)
	for len(w.seen) <= depth {
		w.seen = append(w.seen, nil)
	}
	// The keys met, by index in s.names (or in order for everyKey).
	seen := w.seen[depth][:0]
	if s != nil && s != everyKey {
		seen = slices.Grow(seen, len(s.names))[:len(s.names)]
		clear(seen)
	}
	for w.found == nil {
		if w.space(); w.b[w.i] == '}' {
			w.i++
			break
		}
		key := w.key()
		w.space()
		w.i++ // ':'
		child := w.check(s, key, &seen)
		w.path = append(w.path, pathStep{key: key})
		w.value(child)
		w.path = w.path[:len(w.path)-1]
		if w.space(); w.b[w.i] == ',' {
			w.i++
		}
	}
	w.seen[depth] = seen[:0]
}

// check notes key among the keys seen in its object and returns the
// schema below it.
func (w *keyWalker) check(s *keySchema, key []byte, seen *[][]byte) *keySchema {
	switch {
	case s == nil:
		return nil
	case s == everyKey:
		for _, k := range *seen {
			if bytes.Equal(k, key) {
				w.duplicate(key, k)
			}
		}
		*seen = append(*seen, key)
		return everyKey
	}
	for j, name := range s.names {
		if !bytes.EqualFold(key, name) {
			continue
		}
		if first := (*seen)[j]; first != nil {
			w.duplicate(key, first)
		}
		(*seen)[j] = key
		w.aliases = w.aliases || s.aliasFrom > 0 && j >= s.aliasFrom
		return s.child[j]
	}
	return nil
}

// pathStep is one step down a record: an object's key, or (key nil) an
// array's index.
type pathStep struct {
	key   []byte
	index int
}

func (w *keyWalker) duplicate(key, first []byte) {
	var b strings.Builder
	for _, p := range w.path {
		if p.key == nil {
			fmt.Fprintf(&b, "[%d]", p.index)
		} else {
			fmt.Fprintf(&b, ".%s", p.key)
		}
	}
	where := strings.TrimPrefix(b.String(), ".")
	if where == "" {
		where = "the record"
	}
	if bytes.Equal(key, first) {
		w.found = skipf(ReasonDuplicateKey, "%s has the key %+q twice: tools differ on which one counts", where, key)
		return
	}
	w.found = skipf(ReasonDuplicateKey, "%s has both %+q and %+q: they name one field, and tools differ on which one counts", where, first, key)
}

// key reads an object key, unescaped.
func (w *keyWalker) key() []byte {
	start := w.i
	w.str()
	raw := w.b[start:w.i]
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw[1 : len(raw)-1]
	}
	var k string
	if err := json.Unmarshal(raw, &k); err != nil {
		return raw
	}
	return []byte(k)
}

// str skips a string, its quotes included.
func (w *keyWalker) str() {
	w.i++
	for {
		j := bytes.IndexByte(w.b[w.i:], '"')
		if j < 0 {
			w.i = len(w.b)
			return
		}
		w.i += j + 1
		backslashes := 0
		for k := w.i - 2; k >= 0 && w.b[k] == '\\'; k-- {
			backslashes++
		}
		if backslashes%2 == 0 {
			return
		}
	}
}

func (w *keyWalker) space() {
	for w.i < len(w.b) && isSpace(w.b[w.i]) {
		w.i++
	}
}

// loggedKeys fills in the keys of rec (and of its messages) when one of
// its assistant turns has no retrieval logged, so that a warning can say
// what the log holds instead.
func loggedKeys(b []byte, rec *Record) {
	missing := false
	for _, m := range rec.Messages {
		missing = missing || m.NoRetrievalLogged
	}
	if !missing {
		return
	}
	var top map[string]json.RawMessage
	var withMessages struct {
		Messages []map[string]json.RawMessage `json:"messages"`
	}
	if json.Unmarshal(b, &top) != nil || json.Unmarshal(b, &withMessages) != nil {
		return
	}
	rec.Keys = sortedKeys(top)
	if len(withMessages.Messages) != len(rec.Messages) {
		return // the flat form: the record is the message
	}
	for i := range rec.Messages {
		if rec.Messages[i].NoRetrievalLogged {
			rec.Messages[i].Keys = keysLogged(withMessages.Messages[i])
		}
	}
}

// listAt names the chunk list of an answer whose chunks lack text: its
// message (-1: the flat record) and the index of its key.
type listAt struct {
	msg, key int
}

// fillChunkKeys fills in the keys of the chunks that have no text under any
// key the reader knows, in the lists named, so that a warning can say
// what the log holds instead. Only records holding such chunks pay for
// decoding again.
func fillChunkKeys(b []byte, rec *Record, lists []listAt) {
	if len(lists) == 0 {
		return
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(b, &top) != nil {
		return
	}
	var msgs []map[string]json.RawMessage
	_ = json.Unmarshal(fieldFold(top, "messages"), &msgs)
	for _, l := range lists {
		obj, mi := top, len(rec.Messages)-1 // the flat form: the record holds the list
		if l.msg >= 0 {
			if l.msg >= len(msgs) {
				continue
			}
			obj, mi = msgs[l.msg], l.msg
		}
		var items []json.RawMessage
		if json.Unmarshal(fieldFold(obj, aliasFields[fieldList].keys[l.key]), &items) != nil {
			continue
		}
		chunks := rec.Messages[mi].Retrieval
		for j := range min(len(items), len(chunks)) {
			var keys map[string]json.RawMessage
			if c := &chunks[j]; c.Text == "" && c.Status == "" && json.Unmarshal(items[j], &keys) == nil {
				c.Keys = keysLogged(keys)
			}
		}
	}
}

// keysLogged are the sorted keys of obj as a warning names them, a key
// logged as null marked so ("text (null)"): it holds nothing, though
// ragaudit reads it.
func keysLogged(obj map[string]json.RawMessage) []string {
	keys := sortedKeys(obj)
	for i, k := range keys {
		if string(bytes.TrimSpace(obj[k])) == "null" {
			keys[i] = k + " (null)"
		}
	}
	return keys
}

// fieldFold is the value of key in obj, matched as Go's decoder matched
// it (regardless of case; keys.go refuses two that match).
func fieldFold(obj map[string]json.RawMessage, key string) json.RawMessage {
	if v, ok := obj[key]; ok {
		return v
	}
	for k, v := range obj {
		if strings.EqualFold(k, key) {
			return v
		}
	}
	return nil
}
