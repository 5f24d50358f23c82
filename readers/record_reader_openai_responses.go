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
	searches, unlogged := 0, 0
	for _, o := range list(get(d, "output")) {
		switch str(get(o, "type")) {
		case "file_search_call":
			searches++
			if _, ok := get(o, "results").([]any); !ok {
				unlogged++
			}
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
	msg.NoRetrievalLogged, msg.RetrievalWhy = responsesUnlogged(searches, unlogged, len(msg.Citations))
	rec.Messages = []Message{msg}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "id"))
	}
	return rec, requireID(rec)
}

// responsesUnlogged tells a response whose file search results were not
// logged: the API leaves them out (null) unless the request asks for
// them, and a citation of a file whose text is not there is no
// fabrication. A response citing files without any file_search_call
// lost it too. One search without results is enough: which file came
// from which search cannot be told.
func responsesUnlogged(searches, unlogged, citations int) (bool, string) {
	switch {
	case unlogged > 0:
		calls := "its file_search_call logs"
		if searches > 1 {
			calls = fmt.Sprintf("%d of its %d file_search_calls log", unlogged, searches)
		}
		return true, calls + ` no results ("results": null, the API's default): ask for them in the request, include=["file_search_call.results"], and log them`
	case searches == 0 && citations > 0:
		return true, `it cites files but logs no file_search_call: log the whole output, with the results (include=["file_search_call.results"])`
	}
	return false, ""
}
