package readers

import (
	"encoding/json"
	"fmt"
)

// openAIResponses: file_search results, gathered by file, are the chunks;
// a file_citation annotation is a point after the claim and names a file,
// so the claim is the sentence before the point and it cites the file.
func openAIResponses(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created_at", get(d, "created_at")); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant"}
	var files fileResults
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
				files.add(str(get(r, "file_id")), c)
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
		file := str(get(a, "file_id"))
		if file == "" {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("openai file_citation at %d names no file_id; citation dropped", point))
			continue
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, end), End: end, ChunkIDs: []string{file}, Marker: "openai:file_citation"})
	}
	msg.Retrieval = files.chunks
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}
