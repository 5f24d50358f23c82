package readers

import "fmt"

// azureOnYourData: [docN] markers in the answer are 1-based positions in
// message.context.citations, which become chunks doc1, doc2, …
func azureOnYourData(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "created", get(d, "created")); err != nil {
		return rec, err
	}
	m := get(d, "choices", 0, "message")
	msg := Message{Role: "assistant", Content: str(get(m, "content"))}
	for i, c := range list(get(m, "context", "citations")) {
		msg.Retrieval = append(msg.Retrieval, Chunk{ID: fmt.Sprintf("doc%d", i+1),
			Source: firstNonEmpty(str(get(c, "filepath")), str(get(c, "url")), str(get(c, "title"))), Text: str(get(c, "content"))})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}
