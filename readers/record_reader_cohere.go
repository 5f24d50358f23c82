package readers

import "fmt"

// cohere: chat v2 citations give code-point spans citing documents by id.
func cohere(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	question := ""
	for _, m := range list(get(d, "request", "messages")) {
		if str(get(m, "role")) == "user" {
			question = str(get(m, "content"))
		}
	}
	msg := Message{Role: "assistant", Content: joinTexts(list(get(d, "response", "message", "content")))}
	for _, doc := range list(get(d, "request", "documents")) {
		msg.Retrieval = append(msg.Retrieval, Chunk{ID: str(get(doc, "id")),
			Source: firstNonEmpty(str(get(doc, "data", "url")), str(get(doc, "data", "title"))),
			Text:   firstNonEmpty(str(get(doc, "data", "snippet")), str(get(doc, "data", "text")))})
	}
	for _, c := range list(get(d, "response", "message", "citations")) {
		start, end, err := spanOf(c, "start", "end")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "cohere citation: "+err.Error())
			continue
		}
		a, b, err := SpanToBytes(msg.Content, start, end, "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "cohere citation: "+err.Error())
			continue
		}
		if q := str(get(c, "text")); q != "" && msg.Content[a:b] != q {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("cohere citation %d-%d does not match its text", start, end))
		}
		var ids []string
		for _, s := range list(get(c, "sources")) {
			ids = appendID(ids, str(get(s, "id")))
		}
		msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "cohere:citation"})
	}
	rec.Messages = []Message{{Role: "user", Content: question}, msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "response", "id"))
	}
	return rec, requireID(rec)
}
