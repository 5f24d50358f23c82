package readers

import (
	"fmt"
	"strconv"
)

// gemini: groundingSupports give claim segments in UTF-8 byte offsets
// (startIndex omitted when 0) citing groundingChunks by index.
func gemini(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if rec.Timestamp.IsZero() {
		ts, err := textTime("createTime", get(d, "createTime"))
		if err != nil {
			return rec, err
		}
		rec.Timestamp = ts
	}
	cand := get(d, "candidates", 0)
	msg := Message{Role: "assistant", Content: joinTexts(list(get(cand, "content", "parts")))}
	for i, gc := range list(get(cand, "groundingMetadata", "groundingChunks")) {
		rc := get(gc, "retrievedContext")
		text := str(get(rc, "text"))
		if t := str(get(rc, "ragChunk", "text")); t != "" {
			text = t
		}
		msg.Retrieval = append(msg.Retrieval, Chunk{ID: strconv.Itoa(i), Source: firstNonEmpty(str(get(rc, "uri")), str(get(rc, "title"))), Text: text})
	}
	for _, s := range list(get(cand, "groundingMetadata", "groundingSupports")) {
		start, end, err := spanOf(get(s, "segment"), "startIndex", "endIndex")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "gemini segment: "+err.Error())
			continue
		}
		a, b, err := SpanToBytes(msg.Content, start, end, "utf8")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "gemini segment: "+err.Error())
			continue
		}
		if q := str(get(s, "segment", "text")); q != "" && msg.Content[a:b] != q {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("gemini segment %d-%d (utf8 bytes) does not match its text", start, end))
		}
		var ids []string
		for _, ix := range list(get(s, "groundingChunkIndices")) {
			if n, ok := num(ix); ok {
				ids = appendID(ids, strconv.Itoa(n))
			} else {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("gemini segment %d-%d: groundingChunkIndices entry %s is not a chunk number; left out", start, end, jsonText(ix)))
			}
		}
		msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "gemini:groundingSupport"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "responseId"))
	}
	return rec, requireID(rec)
}
