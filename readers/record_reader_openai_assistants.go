package readers

import "fmt"

// openAIAssistants: the 【n:m†source】 markers are annotations with code
// point offsets naming a file; the claim is the sentence before the
// marker, the chunk is the run step's file_search results of that file.
func openAIAssistants(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	if err := unixTime(&rec, "message.created_at", get(d, "message", "created_at")); err != nil {
		return rec, err
	}
	msg := Message{Role: "assistant"}
	var files fileResults
	for _, tc := range list(get(d, "run_step", "step_details", "tool_calls")) {
		for i, r := range list(get(tc, "file_search", "results")) {
			id := fmt.Sprintf("%s/%d", str(get(tc, "id")), i)
			files.add(str(get(r, "file_id")), Chunk{ID: id, Source: str(get(r, "file_name")), Text: joinBlocks(list(get(r, "content")), " "), Score: score(get(r, "score"))})
		}
	}
	var annotations []any
	for _, c := range list(get(d, "message", "content")) {
		if str(get(c, "type")) == "text" {
			msg.Content += str(get(c, "text", "value"))
			annotations = append(annotations, list(get(c, "text", "annotations"))...)
		}
	}
	for _, a := range annotations {
		if str(get(a, "type")) != "file_citation" {
			continue
		}
		start, ok1 := num(get(a, "start_index"))
		end, ok2 := num(get(a, "end_index"))
		if !ok1 || !ok2 {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("assistants annotation %q: start_index %s, end_index %s are not positions in the text; citation dropped",
				str(get(a, "text")), jsonText(get(a, "start_index")), jsonText(get(a, "end_index"))))
			continue
		}
		ms, me, err := SpanToBytes(msg.Content, start, end, "codepoint")
		if err != nil || msg.Content[ms:me] != str(get(a, "text")) {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("assistants annotation %d-%d does not match its marker text", start, end))
			continue
		}
		file := str(get(a, "file_citation", "file_id"))
		if file == "" {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("assistants annotation %q names no file_id; citation dropped", str(get(a, "text"))))
			continue
		}
		msg.Citations = append(msg.Citations, Citation{Start: sentenceStart(msg.Content, ms), End: me, ChunkIDs: []string{file}, Marker: str(get(a, "text"))})
	}
	msg.Retrieval = files.chunks
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "message", "thread_id"))
	}
	return rec, requireID(rec)
}
