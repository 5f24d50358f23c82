package audit

import (
	"encoding/json"
	"slices"
	"strings"
)

// jsonClaim is one claim of an answer that is JSON with claims carrying
// evidence ids ({"claims":[{"text":…, "evidence_ids":[…]}]}).
type jsonClaim struct {
	text       string // decoded
	start, end int    // the byte span of the text in the content, quotes excluded; -1 when not found
	ids        []string
	key        string // the key its ids are under: "evidence_ids", or another of idKeys
}

// idKeys are the keys JSON answers give a claim's (or the answer's)
// evidence ids under: the schema's own first, then what application
// schemas write instead. The first a claim has is read.
var idKeys = []string{"evidence_ids", "citations", "citation_ids", "chunk_ids", "source_ids", "sources", "evidence", "references", "refs"}

// idsUnder is the evidence ids of obj under the first of idKeys it has
// (case-insensitively, as encoding/json matches keys), and that key: a
// list of ids as strings or numbers, or of objects naming theirs ("id",
// "chunk_id", "source_id"). ok is false when no key holds such a list.
func idsUnder(obj map[string]json.RawMessage) (ids []string, key string, ok bool) {
	for _, k := range idKeys {
		if raw, found := lookupFold(obj, k); found {
			var list []json.RawMessage
			if json.Unmarshal(raw, &list) != nil {
				continue
			}
			ids = ids[:0]
			for _, v := range list {
				id, ok := jsonID(v)
				if !ok {
					break
				}
				ids = append(ids, id)
			}
			if len(ids) == len(list) {
				return ids, k, true
			}
		}
	}
	return nil, "", false
}

// lookupFold is obj's value under key, matched as encoding/json matches
// a field: exactly, else case-insensitively (the first such name in
// sorted order, so that a duplicate in two cases reads the same each run).
func lookupFold(obj map[string]json.RawMessage, key string) (json.RawMessage, bool) {
	if raw, ok := obj[key]; ok {
		return raw, true
	}
	var names []string
	for name := range obj {
		if strings.EqualFold(name, key) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return nil, false
	}
	slices.Sort(names)
	return obj[names[0]], true
}

// jsonID is an evidence id written as a string, a number, or an object
// with "id", "chunk_id" or "source_id".
func jsonID(v json.RawMessage) (string, bool) {
	var id string
	switch {
	case json.Unmarshal(v, &id) == nil:
		return id, true
	case len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9'):
		return string(v), true // a number
	}
	var obj struct {
		ID       json.RawMessage `json:"id"`
		ChunkID  json.RawMessage `json:"chunk_id"`
		SourceID json.RawMessage `json:"source_id"`
	}
	if json.Unmarshal(v, &obj) != nil {
		return "", false
	}
	for _, raw := range []json.RawMessage{obj.ID, obj.ChunkID, obj.SourceID} {
		if len(raw) > 0 && raw[0] != '{' && raw[0] != '[' {
			if id, ok := jsonID(raw); ok {
				return id, true
			}
		}
	}
	return "", false
}

// answerKeys are the keys a JSON answer without claims holds its prose
// under ({"answer": "Express costs €9.90 [2].", "sources": ["2"]}).
var answerKeys = []string{"answer", "response", "output", "text", "content", "message", "reply"}

// unwrapAnswer reads an answer that is a JSON object holding its prose
// under one of answerKeys: the prose, decoded (escapes such as Python's
// "\u20ac" for "€" are no text of the answer), and the evidence ids the
// object gives the answer as a whole (idsUnder), with their key.
func unwrapAnswer(content string) (prose string, ids []string, key string, ok bool) {
	t, _ := unfence(content)
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return "", nil, "", false
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal([]byte(t), &obj) != nil {
		return "", nil, "", false
	}
	for _, k := range answerKeys {
		if raw, found := lookupFold(obj, k); found && json.Unmarshal(raw, &prose) == nil && strings.TrimSpace(prose) != "" {
			ids, key, _ = idsUnder(obj)
			return prose, ids, key, true
		}
	}
	return "", nil, "", false
}

// unfence is content's JSON without the Markdown code fence models wrap it
// in ("```json\n{…}\n```"), trimmed, and where it starts in content; the
// trimmed content itself when there is no fence.
func unfence(content string) (string, int) {
	t := strings.TrimSpace(content)
	off := strings.Index(content, t)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return t, off
	}
	nl := strings.IndexByte(t, '\n')
	if nl < 0 || strings.TrimSpace(strings.TrimPrefix(t[:nl], "```")) != "" && !strings.EqualFold(strings.TrimSpace(t[3:nl]), "json") {
		return t, off
	}
	inner := t[nl+1 : len(t)-3]
	in := strings.TrimSpace(inner)
	return in, off + nl + 1 + strings.Index(inner, in)
}

// parseClaims reads an answer that is strict JSON with claims. Each
// claim's text is located by its own token's offsets in the content, so a
// text written with escapes (Go's "\u0026", Python's "\u00e9") or without
// them is found all the same; a claim that still cannot be located (keys
// spelt in another case, say) is kept with start -1: it is audited all the
// same.
func parseClaims(content string) ([]jsonClaim, bool) {
	t, off := unfence(content)
	if !strings.HasPrefix(t, "{") || !strings.Contains(t, `"claims"`) {
		return nil, false
	}
	var doc struct {
		Claims []map[string]json.RawMessage `json:"claims"`
	}
	if err := json.Unmarshal([]byte(t), &doc); err != nil || len(doc.Claims) == 0 {
		return nil, false
	}
	spans := claimTextSpans(t)
	for k := range spans {
		if spans[k][0] >= 0 { // offsets in content
			spans[k][0], spans[k][1] = spans[k][0]+off, spans[k][1]+off
		}
	}
	out := make([]jsonClaim, 0, len(doc.Claims))
	for k, c := range doc.Claims {
		var text string
		if raw, ok := lookupFold(c, "text"); ok {
			json.Unmarshal(raw, &text) // not a string: no text
		}
		jc := jsonClaim{text: text, start: -1, end: -1, key: "evidence_ids"}
		if k < len(spans) && spans[k][0] >= 0 {
			// Trust the span only if it decodes to the text Unmarshal read.
			var at string
			if json.Unmarshal([]byte(content[spans[k][0]-1:spans[k][1]+1]), &at) == nil && at == text {
				jc.start, jc.end = spans[k][0], spans[k][1]
			}
		}
		if ids, key, ok := idsUnder(c); ok {
			jc.ids, jc.key = ids, key
		}
		out = append(out, jc)
	}
	return out, true
}

// claimTextSpans walks the JSON tokens of content and returns, for each
// element of the top-level "claims" array, the byte span of its "text"
// string (quotes excluded), or {-1, -1}. Keys match as Unmarshal matches
// them (case-insensitively, the last one winning); parseClaims checks
// each span against the decoded text.
func claimTextSpans(content string) [][2]int {
	dec := json.NewDecoder(strings.NewReader(content))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var spans [][2]int
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return spans
		}
		if k, _ := key.(string); !strings.EqualFold(k, "claims") {
			if skipValue(dec) != nil {
				return spans
			}
			continue
		}
		spans = spans[:0] // the last "claims" wins, as in Unmarshal
		if tok, err := dec.Token(); err != nil || (tok != nil && tok != json.Delim('[')) {
			return nil
		} else if tok == nil {
			continue // null
		}
		for dec.More() {
			span := [2]int{-1, -1}
			if tok, err := dec.Token(); err != nil || (tok != nil && tok != json.Delim('{')) {
				return nil
			} else if tok == nil { // a null claim: no text
				spans = append(spans, span)
				continue
			}
			for dec.More() {
				key, err := dec.Token()
				if err != nil {
					return nil
				}
				if k, _ := key.(string); !strings.EqualFold(k, "text") {
					if skipValue(dec) != nil {
						return nil
					}
					continue
				}
				// Only white space and the colon lie between the key and
				// the value's opening quote; the token ends after its
				// closing quote.
				from := int(dec.InputOffset())
				tok, err := dec.Token()
				if err != nil {
					return nil
				}
				span = [2]int{-1, -1}
				if _, ok := tok.(string); ok {
					end := int(dec.InputOffset())
					if q := strings.IndexByte(content[from:end], '"'); q >= 0 && end-1 > from+q && content[end-1] == '"' {
						span = [2]int{from + q + 1, end - 1}
					}
				}
			}
			if _, err := dec.Token(); err != nil { // '}'
				return nil
			}
			spans = append(spans, span)
		}
		if _, err := dec.Token(); err != nil { // ']'
			return nil
		}
	}
	return spans
}

// skipValue reads the next value of dec, whatever it is.
func skipValue(dec *json.Decoder) error {
	var raw json.RawMessage
	return dec.Decode(&raw)
}

// claimSentences turns the claims of a JSON answer into the sentences to
// audit, in order: each cites its evidence ids. A claim that could not be
// located in the content is audited all the same, as an empty span where
// the claim before it ends.
func claimSentences(claims []jsonClaim) []sentence {
	var out []sentence
	pos := 0
	for _, c := range claims {
		if c.text == "" {
			continue // nothing to audit; its ids still count for rejection
		}
		start, end := c.start, c.end
		if start < 0 {
			start, end = pos, pos
		}
		pos = end
		s := claimSentence(c.text, start, end, "claims."+c.key, c.ids)
		s.Index = len(out)
		out = append(out, s)
	}
	return out
}

// citesUnretrieved reports whether a JSON answer cites an evidence id that
// was not retrieved (an empty claim's ids too): the seed rule rejects the
// answer as a whole.
func (m *messageAudit) citesUnretrieved() bool {
	for _, c := range m.json {
		for _, id := range c.ids {
			if idx, _ := m.ids.resolve(ResolveID, id); idx < 0 {
				return true
			}
		}
	}
	return false
}

// jsonIDs are the evidence ids a JSON answer gives as a whole, under key
// ({"answer": "…", "citations": [{"id": "2", …}]}).
type jsonIDs struct {
	ids []string
	key string
}

// ref is the ids no marker of the prose names, as an entry of a list of
// sources after the prose: which sentence they are for is not said, so
// they are judged only by whether they were retrieved (resolveRefs).
func (w jsonIDs) ref(prose string, lists ...[]sentence) (sentence, bool) {
	named := map[string]bool{}
	for _, ss := range lists {
		for _, s := range ss {
			for _, mk := range s.Markers {
				for _, id := range mk.IDs {
					named[id] = true
				}
			}
		}
	}
	var rest []string
	for _, id := range w.ids {
		if !named[id] {
			rest = append(rest, id)
			named[id] = true
		}
	}
	if len(rest) == 0 {
		return sentence{}, false
	}
	at := len(prose)
	return sentence{Start: at, End: at, Text: w.key + ": " + strings.Join(rest, ", "),
		Markers: []Marker{{Raw: w.key, Start: at, End: at, IDs: rest}}}, true
}
