package readers

import (
	"encoding/json"
	"sort"
)

// dify: retriever_resources are the chunks by 1-based position; the answer
// has markers only when the app's prompt asks for them.
func dify(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "conversation_id"))
	}
	if err := unixTime(&rec, "created_at", get(d, "created_at")); err != nil {
		return rec, err
	}
	res := list(get(d, "retriever_resources"))
	sort.SliceStable(res, func(i, j int) bool {
		a, _ := num(get(res[i], "position"))
		b, _ := num(get(res[j], "position"))
		return a < b
	})
	msg := Message{Role: "assistant", Content: str(get(d, "answer"))}
	for _, r := range res {
		c := Chunk{ID: str(get(r, "segment_id")), Source: str(get(r, "document_name")), Text: str(get(r, "content"))}
		if f, ok := get(r, "score").(json.Number); ok {
			v, _ := f.Float64()
			c.Score = &v
		}
		msg.Retrieval = append(msg.Retrieval, c)
	}
	rec.Messages = []Message{{Role: "user", Content: str(get(d, "query"))}, msg}
	return rec, requireID(rec)
}
