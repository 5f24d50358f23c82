package readers

import (
	"fmt"
	"slices"
	"strings"
)

// anthropic: Messages API request (documents, search results, question)
// and response (text blocks, each with its citations).
func anthropic(d map[string]any) (Record, error) {
	var rec Record
	if err := envelope(d, &rec); err != nil {
		return rec, err
	}
	src := anthropicRequest(d)
	msg := Message{Role: "assistant", Retrieval: slices.Concat(src.docs, src.results)}
	var b strings.Builder
	for _, blk := range list(get(d, "response", "content")) {
		switch str(get(blk, "type")) {
		case "web_fetch_tool_result":
			src.fetched = true
		case "text":
			start := b.Len()
			b.WriteString(str(get(blk, "text")))
			ids, kind := anthropicCitations(&rec, &msg, &src, list(get(blk, "citations")))
			if len(ids) > 0 {
				msg.Citations = append(msg.Citations, Citation{Start: start, End: b.Len(), ChunkIDs: ids, Marker: "anthropic:" + kind})
			}
		}
	}
	msg.Content = b.String()
	if why := src.unread(msg.Citations); why != "" {
		msg.Retrieval, msg.NoRetrievalLogged, msg.RetrievalWhy = nil, true, why
	}
	if rec.ConversationID == "" {
		rec.ConversationID = str(get(d, "response", "id"))
	}
	rec.Messages = []Message{{Role: "user", Content: src.question}, msg}
	return rec, requireID(rec)
}

// anthropicCitations reads a text block's citations: the ids of the chunks
// they cite, and the kind of the last one. A web search result becomes a
// chunk without text (the API returns its page encrypted): its citations
// are not auditable, never uncited nor fabricated.
func anthropicCitations(rec *Record, msg *Message, src *anthropicSources, cs []any) (ids []string, kind string) {
	for _, c := range cs {
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
			if i < len(src.docs) {
				checkQuote(rec, src.docs[i], c)
			}
			src.citesDocs = true
		} else if v := get(c, "search_result_index"); v != nil {
			i, ok := num(v)
			if !ok || i < 0 {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation: search_result_index %s is not a search result number; citation dropped", kind, jsonText(v)))
				continue
			}
			ids = appendID(ids, fmt.Sprintf("search-result-%d", i))
		} else if u := str(get(c, "url")); kind == "web_search_result_location" && u != "" {
			ids = appendID(ids, u)
			if !slices.ContainsFunc(msg.Retrieval, func(ch Chunk) bool { return ch.ID == u }) {
				msg.Retrieval = append(msg.Retrieval, Chunk{ID: u, Source: str(get(c, "title")), Status: TextAbsent})
			}
		} else {
			rec.Warnings = append(rec.Warnings, fmt.Sprintf("anthropic %s citation names no document_index or search_result_index; citation dropped", kind))
		}
	}
	return ids, kind
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
