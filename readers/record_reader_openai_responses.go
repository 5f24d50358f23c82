package readers

import (
	"encoding/json"
	"fmt"
)

// openAIResponses: file_search results are the chunks; a file_citation
// annotation is a point after the claim and names a file, not a chunk, so
// the claim is the sentence before the point and every result of that
// file is cited (a warning says when that is ambiguous).
func openAIResponses(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created_at", get(d, "created_at")); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant"}
	byFile := map[string][]string{}
	var annotations []any
	for _, o := range list(get(d, "output")) {
		switch str(get(o, "type")) {
		case "file_search_call":
			for i, r := range list(get(o, "results")) {
				id := fmt.Sprintf("%s/%d", str(get(o, "id")), i)
				c := Chunk{ID: id, Source: str(get(r, "filename")), Text: str(get(r, "text"))}
				if f, ok := get(r, "score").(json.Number); ok {
					v, _ := f.Float64()
					c.Score = &v
				}
				msg.Retrieval = append(msg.Retrieval, c)
				byFile[str(get(r, "file_id"))] = append(byFile[str(get(r, "file_id"))], id)
			}
		case "message":
			for _, c := range list(get(o, "content")) {
				if str(get(c, "type")) == "output_text" {
					msg.Content += str(get(c, "text"))
					annotations = append(annotations, list(get(c, "annotations"))...)
				}
			}
		}
	}
	for _, a := range annotations {
		if str(get(a, "type")) != "file_citation" {
			continue
		}
		point, ok := num(get(a, "index"))
		if !ok {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("openai file_citation index %s is not a position in the text; citation dropped", jsonText(get(a, "index"))))
			continue
		}
		_, end, err := SpanToBytes(msg.Content, 0, point, "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("openai file_citation index %d is outside the text", point))
			continue
		}
		ids, warning := fileChunks(byFile, str(get(a, "file_id")))
		if warning != "" {
			rec.Warnings = append(rec.Warnings, warning)
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, end), End: end, ChunkIDs: ids, Marker: "openai:file_citation"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}
