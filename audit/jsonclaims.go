package audit

import (
	"encoding/json"
	"strings"
)

// jsonClaim is one claim of an answer that is JSON with claims carrying
// evidence ids ({"claims":[{"text":…, "evidence_ids":[…]}]}).
type jsonClaim struct {
	text       string // decoded
	start, end int    // the byte span of the text in the content, quotes excluded; -1 when not found
	ids        []string
}

// parseClaims reads an answer that is strict JSON with claims. Each
// claim's text is located by its own token's offsets in the content, so a
// text written with escapes (Go's "\u0026", Python's "\u00e9") or without
// them is found all the same; a claim that still cannot be located (keys
// spelt in another case, say) is kept with start -1: it is audited all the
// same.
func parseClaims(content string) ([]jsonClaim, bool) {
	t := strings.TrimSpace(content)
	if !strings.HasPrefix(t, "{") || !strings.Contains(t, `"claims"`) {
		return nil, false
	}
	var doc struct {
		Claims []struct {
			Text        string            `json:"text"`
			EvidenceIDs []json.RawMessage `json:"evidence_ids"`
		} `json:"claims"`
	}
	if err := json.Unmarshal([]byte(t), &doc); err != nil || len(doc.Claims) == 0 {
		return nil, false
	}
	spans := claimTextSpans(content)
	out := make([]jsonClaim, 0, len(doc.Claims))
	for k, c := range doc.Claims {
		jc := jsonClaim{text: c.Text, start: -1, end: -1}
		if k < len(spans) && spans[k][0] >= 0 {
			// Trust the span only if it decodes to the text Unmarshal read.
			var text string
			if json.Unmarshal([]byte(content[spans[k][0]-1:spans[k][1]+1]), &text) == nil && text == c.Text {
				jc.start, jc.end = spans[k][0], spans[k][1]
			}
		}
		for _, raw := range c.EvidenceIDs {
			var id string
			if json.Unmarshal(raw, &id) != nil {
				id = string(raw) // a number
			}
			jc.ids = append(jc.ids, id)
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
		s := claimSentence(c.text, start, end, "claims.evidence_ids", c.ids)
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
