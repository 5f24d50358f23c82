package readers

import (
	"encoding/json"
	"strings"
	"testing"
)

// anthropicLog is an Anthropic request (its messages) and response (one
// text block with the given citations), as a logger writes them.
func anthropicLog(messages any, citations ...map[string]any) map[string]any {
	return map[string]any{
		"_log":    map[string]any{"conversation_id": "c1"},
		"request": map[string]any{"model": "claude", "messages": messages},
		"response": map[string]any{"id": "msg_1", "type": "message", "role": "assistant",
			"content": []any{map[string]any{"type": "text", "text": "The claim.", "citations": citations}}},
	}
}

func searchResult(text string) map[string]any {
	return map[string]any{"type": "search_result", "source": "s:" + text, "title": "t",
		"content": []any{map[string]any{"type": "text", "text": text}}}
}

func textDocument(text string) map[string]any {
	return map[string]any{"type": "document", "source": map[string]any{"type": "text", "media_type": "text/plain", "data": text}}
}

func toolResult(content ...any) map[string]any {
	return map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "content": content}
}

func user(content ...any) map[string]any { return map[string]any{"role": "user", "content": content} }

func searchCitation(i int) map[string]any {
	return map[string]any{"type": "search_result_location", "search_result_index": i, "start_block_index": 0, "end_block_index": 1}
}

func documentCitation(i int) map[string]any {
	return map[string]any{"type": "content_block_location", "document_index": i, "start_block_index": 0, "end_block_index": 1}
}

// Search results and documents are numbered, each kind on its own, over
// the whole request in order of appearance, top-level user content and
// tool results alike (the API's numbering): a citation reads the block it
// names wherever the block was sent. A citation the reader cannot resolve
// against the request as logged is not auditable with its cause, never a
// fabrication; one the whole request cannot hold stays a fabrication.
func TestAnthropicCitationsReadTheBlockTheyNumberWhereverItWasSent(t *testing.T) {
	toolTurn := []any{map[string]any{"type": "tool_use", "id": "toolu_1", "name": "search", "input": map[string]any{}}}
	cases := []struct {
		name     string
		log      map[string]any
		cited    string // the text of the chunk the citation names; "" for none
		id       string // the id it cites
		question string
		why      string // a word of the cause when the retrieval is not logged
	}{
		{"a search result returned in a tool result is read",
			anthropicLog([]any{user(map[string]any{"type": "text", "text": "Q?"}), map[string]any{"role": "assistant", "content": toolTurn}, user(toolResult(searchResult("A"), searchResult("B")))}, searchCitation(1)),
			"B", "search-result-1", "Q?", ""},
		{"search results are numbered on from top-level ones into a tool result",
			anthropicLog([]any{user(searchResult("A"), map[string]any{"type": "text", "text": "Q?"}), user(toolResult(searchResult("B"), searchResult("C")))}, searchCitation(2)),
			"C", "search-result-2", "Q?", ""},
		{"search results are numbered across two tool results",
			anthropicLog([]any{user(toolResult(searchResult("A"))), user(toolResult(searchResult("B")))}, searchCitation(1)),
			"B", "search-result-1", "", ""},
		{"a document returned in a tool result is numbered after the documents before it",
			anthropicLog([]any{user(textDocument("D0")), user(toolResult(map[string]any{"type": "text", "text": "note"}, textDocument("D1")))}, documentCitation(1)),
			"D1", "document-1", "", ""},
		{"a search result with its content as a string is read",
			anthropicLog([]any{user(map[string]any{"type": "search_result", "source": "s", "content": "As a string."})}, searchCitation(0)),
			"As a string.", "search-result-0", "", ""},
		{"a question given as a string is the question",
			anthropicLog([]any{map[string]any{"role": "user", "content": "Plain question?"}, user(toolResult(searchResult("A")))}, searchCitation(0)),
			"A", "search-result-0", "Plain question?", ""},
		{"an index past every search result of the whole request is a fabrication",
			anthropicLog([]any{user(toolResult(searchResult("A")))}, searchCitation(5)),
			"", "search-result-5", "", ""},
		{"a request without its messages list leaves the citations not auditable",
			anthropicLog("<omitted by logger>", searchCitation(0)),
			"", "search-result-0", "", "messages"},
		{"a document citation beside a web-fetched page is not auditable",
			anthropicLog([]any{user(textDocument("D0")), map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_1",
				"content": map[string]any{"type": "web_fetch_result", "url": "https://x.example"}}}}}, documentCitation(1)),
			"", "document-1", "", "web fetch"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			recs, skips := openAll(t, writeFile(t, "anthropic.json", mustJSON(t, tc.log)), Options{})
			if len(recs) != 1 || len(skips) != 0 {
				t.Fatalf("%d records, skips %v", len(recs), skips)
			}
			q, m := recs[0].Messages[0], recs[0].Messages[1]
			if q.Content != tc.question {
				t.Errorf("question %q, want %q", q.Content, tc.question)
			}
			if len(m.Citations) != 1 || len(m.Citations[0].ChunkIDs) != 1 || m.Citations[0].ChunkIDs[0] != tc.id {
				t.Fatalf("citations %+v, want one of %s", m.Citations, tc.id)
			}
			if tc.why != "" {
				if !m.NoRetrievalLogged || !strings.Contains(m.RetrievalWhy, tc.why) || len(m.Retrieval) != 0 {
					t.Errorf("retrieval not logged %v, why %q, %d chunks; want not logged because of %q", m.NoRetrievalLogged, m.RetrievalWhy, len(m.Retrieval), tc.why)
				}
				return
			}
			if m.NoRetrievalLogged {
				t.Fatalf("retrieval not logged: %s", m.RetrievalWhy)
			}
			i := m.ChunkIndex(tc.id)
			switch {
			case tc.cited == "" && i >= 0:
				t.Errorf("%s resolves to chunk %q, want none", tc.id, m.Retrieval[i].Text)
			case tc.cited != "" && (i < 0 || m.Retrieval[i].Text != tc.cited):
				t.Errorf("%s resolves to %d in %+v, want the chunk %q", tc.id, i, m.Retrieval, tc.cited)
			}
		})
	}
}

// A citation of a server-side web search result (no index, a URL, the
// page returned encrypted) cites a chunk without text, so it is not
// auditable; it is not dropped, which would leave its sentence uncited.
func TestAnthropicWebSearchCitationsCiteAChunkWithoutText(t *testing.T) {
	c := map[string]any{"type": "web_search_result_location", "url": "https://example.org/p", "title": "P", "encrypted_index": "Eo8B", "cited_text": "x"}
	recs, _ := openAll(t, writeFile(t, "anthropic.json", mustJSON(t, anthropicLog([]any{user(map[string]any{"type": "text", "text": "Q?"})}, c, c))), Options{})
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	m := recs[0].Messages[1]
	if len(recs[0].Warnings) != 0 || len(m.Citations) != 1 || strings.Join(m.Citations[0].ChunkIDs, ",") != "https://example.org/p" {
		t.Fatalf("warnings %q, citations %+v", recs[0].Warnings, m.Citations)
	}
	if len(m.Retrieval) != 1 || m.Retrieval[0].TextStatus() != TextAbsent || m.Retrieval[0].Source != "P" {
		t.Errorf("retrieval %+v, want the page once, without text", m.Retrieval)
	}
}

// The tool-result sample numbers its search results across two tool
// results: each citation's cited_text is in the chunk it resolves to.
func TestAnthropicToolResultSampleCitationsQuoteTheirChunks(t *testing.T) {
	d := sample(t, "anthropic-search-results-in-tool-result.json")
	recs, _ := openAll(t, writeFile(t, "s.json", mustJSON(t, d)), Options{})
	m := recs[0].Messages[1]
	var quotes []string
	for _, b := range list(get(d, "response", "content")) {
		for _, c := range list(get(b, "citations")) {
			quotes = append(quotes, str(get(c, "cited_text")))
		}
	}
	if len(m.Citations) != len(quotes) || len(quotes) != 3 {
		t.Fatalf("%d citations, %d quotes", len(m.Citations), len(quotes))
	}
	for i, c := range m.Citations {
		j := m.ChunkIndex(c.ChunkIDs[0])
		if j < 0 || !strings.Contains(m.Retrieval[j].Text, quotes[i]) {
			b, _ := json.Marshal(m.Retrieval)
			t.Errorf("citation %d (%s) does not resolve to a chunk quoting %q: %s", i, c.ChunkIDs[0], quotes[i], b)
		}
	}
}
