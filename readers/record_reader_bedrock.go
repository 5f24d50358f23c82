package readers

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"
)

// bedrock: retrieve_and_generate parts with spans whose end is inclusive;
// the chunks are the references of each part, by KB chunk id.
func bedrock(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant", Content: str(get(d, "output", "text"))}
	seen := map[string]bool{}
	for _, c := range list(get(d, "citations")) {
		part := get(c, "generatedResponsePart", "textResponsePart")
		start, _ := num(get(part, "span", "start"))
		end, ok := num(get(part, "span", "end"))
		if !ok {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("bedrock span end %s is not a position in the text; citation dropped", jsonText(get(part, "span", "end"))))
			continue
		}
		a, b, err := SpanToBytes(msg.Content, start, min(end+1, utf8.RuneCountInString(msg.Content)), "codepoint")
		if err != nil {
			rec.Warnings = append(rec.Warnings, "bedrock span: "+err.Error())
			continue
		}
		if q := str(get(part, "text")); q != "" && strings.TrimSpace(msg.Content[a:b]) != q {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("bedrock span %d-%d (end inclusive) does not match its text", start, end))
		}
		var ids []string
		for i, r := range list(get(c, "retrievedReferences")) {
			id := str(get(r, "metadata", "x-amz-bedrock-kb-chunk-id"))
			if u, err := url.QueryUnescape(id); err == nil {
				id = u
			}
			if id == "" {
				id = fmt.Sprintf("ref-%d-%d", start, i)
			}
			ids = appendID(ids, id)
			if !seen[id] {
				seen[id] = true
				msg.Retrieval = append(msg.Retrieval, Chunk{ID: id, Source: str(get(r, "location", "s3Location", "uri")), Text: str(get(r, "content", "text"))})
			}
		}
		msg.Citations = append(msg.Citations, Citation{Start: a, End: b, ChunkIDs: ids, Marker: "bedrock:citation"})
	}
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "sessionId"))
	}
	return rec, requireID(rec)
}
