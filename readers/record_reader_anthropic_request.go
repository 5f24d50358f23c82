package readers

import "fmt"

// anthropicSources is what an Anthropic request sent that citations can
// number. The API numbers documents and search results separately, each
// over every block of its type in the request in order of appearance,
// across messages and the content of tool results (the RAG tool pattern
// returns search results from a tool): the reader numbers them the same
// way, so a search result is the same chunk wherever it was sent.
type anthropicSources struct {
	question      string
	docs, results []Chunk
	// messages: the request logs its messages as a list; without it no
	// index can be resolved, and none is a fabrication.
	messages bool
	// fetched: the conversation holds a web fetch tool's result, a
	// document the API may number among the documents; citesDocs: the
	// response cites a document_index.
	fetched, citesDocs bool
}

// anthropicRequest reads the question, the documents and the search
// results the request sent.
func anthropicRequest(d map[string]any) anthropicSources {
	var s anthropicSources
	msgs, ok := get(d, "request", "messages").([]any)
	s.messages = ok
	for _, m := range msgs {
		content := get(m, "content")
		if str(get(m, "role")) != "user" {
			for _, b := range list(content) {
				s.fetched = s.fetched || str(get(b, "type")) == "web_fetch_tool_result"
			}
			continue
		}
		if q, ok := content.(string); ok {
			s.question = q
		}
		for _, b := range list(content) {
			switch str(get(b, "type")) {
			case "text":
				s.question = str(get(b, "text"))
			case "tool_result":
				// A tool's output: text (no source the API numbers) or
				// blocks, among them documents and search results.
				for _, inner := range list(get(b, "content")) {
					s.add(inner)
				}
			default:
				s.add(b)
			}
		}
	}
	return s
}

// add reads a document or a search result block; other blocks number
// nothing.
func (s *anthropicSources) add(b any) {
	switch str(get(b, "type")) {
	case "document":
		c := Chunk{ID: fmt.Sprintf("document-%d", len(s.docs)), Source: str(get(b, "title"))}
		switch str(get(b, "source", "type")) {
		case "text":
			c.Text = str(get(b, "source", "data"))
		case "content":
			// Blocks are separate passages: a space keeps their
			// sentences apart (block citations count blocks, not
			// characters, so no offset depends on the joint).
			c.Text = blocksText(get(b, "source", "content"))
		default: // base64 PDF, images, a file or a URL: no text to audit against
			c.Status = TextAbsent
		}
		s.docs = append(s.docs, c)
	case "search_result":
		s.results = append(s.results, Chunk{ID: fmt.Sprintf("search-result-%d", len(s.results)), Source: str(get(b, "source")),
			Text: blocksText(get(b, "content"))})
	}
}

// blocksText is the text of a content given as text blocks, or as a
// string (which the API takes for a document's content).
func blocksText(v any) string {
	if t, ok := v.(string); ok {
		return t
	}
	return joinBlocks(list(v), " ")
}

// unread says why the citations of an answer cannot be resolved against
// the request as logged, with the fix; "" when they can. An index the
// request cannot hold is a fabrication only when the whole request was
// read.
func (s *anthropicSources) unread(citations []Citation) string {
	switch {
	case len(citations) == 0:
		return ""
	case !s.messages:
		return `its citations number the documents and search results of the request, whose messages are not logged as a list ("request": {"messages": [...]}): log the whole request beside the response`
	case s.fetched && s.citesDocs:
		return `it cites documents by document_index, and the conversation holds pages the web fetch tool fetched, whose place among the numbered documents the API does not document: ` +
			`write the conversation as canonical records with the chunks under "retrieval" (README, Input)`
	}
	return ""
}
