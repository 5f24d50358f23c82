package readers

import (
	"fmt"
	"slices"
	"strings"
)

// openAIChatURLCitations: web-search url_citation annotations give the span
// of a link and its URL but no page text: the claim is the sentence
// holding the link, and its chunk is not auditable.
func openAIChatURLCitations(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created", get(d, "created")); err != nil {
		return rec, err
	}
	m := get(d, "choices", 0, "message")
	msg := Message{Role: "assistant", Content: str(get(m, "content"))}
	for _, a := range list(get(m, "annotations")) {
		u := get(a, "url_citation")
		if u == nil && str(get(a, "type")) != "url_citation" {
			continue // another kind of annotation
		}
		start, ok1 := num(get(u, "start_index"))
		end, ok2 := num(get(u, "end_index"))
		if !ok1 || !ok2 {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("url_citation %s: start_index %s, end_index %s are not positions in the text; citation dropped",
				str(get(u, "url")), jsonText(get(u, "start_index")), jsonText(get(u, "end_index"))))
			continue
		}
		ls, le, err := SpanToBytes(msg.Content, start, end, "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "url_citation: "+err.Error())
			continue
		}
		link := str(get(u, "url"))
		if !strings.Contains(msg.Content[ls:le], strings.SplitN(link, "?", 2)[0]) {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("url_citation %d-%d does not hold its URL", start, end))
		}
		if !slices.ContainsFunc(msg.Retrieval, func(c Chunk) bool { return c.ID == link }) {
			msg.Retrieval = append(msg.Retrieval, Chunk{ID: link, Source: str(get(u, "title")), Status: TextAbsent})
		}
		end2 := le
		if end2 < len(msg.Content) && msg.Content[end2] == '.' {
			end2++
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, ls), End: end2, ChunkIDs: []string{link}, Marker: "openai:url_citation"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}
