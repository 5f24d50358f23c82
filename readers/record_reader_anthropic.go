package readers

import (
	"fmt"
	"strings"
)

// anthropic: Messages API request (documents, search results, question)
// and response (text blocks, each with its citations).
func anthropic(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	question, docs, results := anthropicRequest(d)
	msg := Message{Role: "assistant", Retrieval: append(docs, results...)}
	var b strings.Builder
	for _, blk := range list(get(d, "response", "content")) {
		if str(get(blk, "type")) != "text" {
			continue
		}
		text := str(get(blk, "text"))
		start := b.Len()
		b.WriteString(text)
		var ids []string
		var kind string
		for _, c := range list(get(blk, "citations")) {
			kind = str(get(c, "type"))
			// An index past the documents sent names one that was not
			// retrieved: its id is kept, so the citation is fabricated.
			if v := get(c, "document_index"); v != nil {
				i, ok := num(v)
				if !ok || i < 0 {
					rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation: document_index %s is not a document number; citation dropped", kind, jsonText(v)))
					continue
				}
				ids = appendID(ids, fmt.Sprintf("document-%d", i))
				if i < len(docs) {
					checkQuote(&rec, docs[i], c)
				}
			} else if v := get(c, "search_result_index"); v != nil {
				i, ok := num(v)
				if !ok || i < 0 {
					rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation: search_result_index %s is not a search result number; citation dropped", kind, jsonText(v)))
					continue
				}
				ids = appendID(ids, fmt.Sprintf("search-result-%d", i))
			} else {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation names no document_index or search_result_index; citation dropped", kind))
			}
		}
		if len(ids) > 0 {
			msg.Citations = append(msg.Citations, Citation{Start: start, End: b.Len(), ChunkIDs: ids, Marker: "anthropic:" + kind})
		}
	}
	msg.Content = b.String()
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "response", "id"))
	}
	rec.Messages = []Message{{Role: "user", Content: question}, msg}
	return rec, requireID(rec)
}

// checkQuote verifies a char_location citation against the document: the
// offsets count code points, and the quoted text must be there.
func checkQuote(rec *Record, doc Chunk, c any) {
	if str(get(c, "type")) != "char_location" || doc.Text == "" {
		return
	}
	s, ok1 := num(get(c, "start_char_index"))
	e, ok2 := num(get(c, "end_char_index"))
	if !ok1 || !ok2 {
		return
	}
	a, b, err := SpanToBytes(doc.Text, s, e, "codepoint")
	if err != nil || doc.Text[a:b] != str(get(c, "cited_text")) {
		rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic char_location %d-%d of %s does not match its cited_text", s, e, doc.ID))
	}
}

// anthropicRequest reads the question, the documents and the search
// results the user sent.
func anthropicRequest(d map[string]any) (question string, docs, results []Chunk) {
	for _, m := range list(get(d, "request", "messages")) {
		if str(get(m, "role")) != "user" {
			continue
		}
		for _, b := range list(get(m, "content")) {
			switch str(get(b, "type")) {
			case "text":
				question = str(get(b, "text"))
			case "document":
				c := Chunk{ID: fmt.Sprintf("document-%d", len(docs)), Source: str(get(b, "title"))}
				switch str(get(b, "source", "type")) {
				case "text":
					c.Text = str(get(b, "source", "data"))
				case "content":
					// Blocks are separate passages: a space keeps their
					// sentences apart (block citations count blocks, not
					// characters, so no offset depends on the joint).
					c.Text = joinBlocks(list(get(b, "source", "content")), " ")
				default: // base64 PDF, images: no text to audit against
					c.Status = TextAbsent
				}
				docs = append(docs, c)
			case "search_result":
				results = append(results, Chunk{ID: fmt.Sprintf("search-result-%d", len(results)), Source: str(get(b, "source")),
					Text: joinBlocks(list(get(b, "content")), " ")})
			}
		}
	}
	return question, docs, results
}
