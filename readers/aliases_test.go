package readers

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// assistant is a canonical record whose assistant turn has the fields
// given (a chunk list among them).
func assistant(fields string) string {
	return `{"conversation_id":"c-1","messages":[{"role":"user","content":"Refund?"},{"role":"assistant","content":"Refunds take 30 days [1].",` + fields + `}]}`
}

// chunkLine is a record with one chunk, written as given, under "retrieval".
func chunkLine(chunk string) string { return assistant(`"retrieval":[` + chunk + `]`) }

// readLog reads lines as Open does and returns what it gave and the
// file's stats.
func readLog(t *testing.T, line string) (outcome, *FileStats) {
	t.Helper()
	stats := &FileStats{}
	o := collect(Open(writeFile(t, "a.jsonl", []byte(line+"\n")), Options{}, stats))
	if o.fatal != nil {
		t.Fatal(o.fatal)
	}
	return o, stats
}

// aliasCase is a record logging a chunk field (or the chunk list) under
// one key, the key the file's stats must name, and the chunk read.
type aliasCase struct {
	name       string
	line       string
	field, key string  // the KeyUse that must be counted
	want       Chunk   // the answer's first chunk
	score      float64 // its score; 0 means none
}

// aliasCases reads each key of aliasFields at least once.
func aliasCases() []aliasCase {
	const text = "Refunds take 30 days."
	return []aliasCase{
		{"the canonical text", chunkLine(`{"id":"1","text":"` + text + `"}`), "chunk_text", "text", Chunk{ID: "1", Text: text}, 0},
		{"Haystack's content", chunkLine(`{"id":"1","content":"` + text + `"}`), "chunk_text", "content", Chunk{ID: "1", Text: text}, 0},
		{"a Bedrock content object", chunkLine(`{"id":"1","content":{"text":"` + text + `","type":"TEXT"}}`), "chunk_text", "content.text", Chunk{ID: "1", Text: text}, 0},
		{"OpenAI vector-store content parts", chunkLine(`{"file_id":"f","filename":"refunds.md","score":0.7,"content":[{"type":"text","text":"` + text + `"}]}`),
			"chunk_text", "content[].text", Chunk{Source: "refunds.md", Text: text}, 0.7},
		{"LangChain Python's page_content", chunkLine(`{"page_content":"` + text + `","metadata":{"source":"refunds.md"},"type":"Document"}`),
			"chunk_text", "page_content", Chunk{Source: "refunds.md", Text: text}, 0},
		{"LangChain JS's pageContent", chunkLine(`{"pageContent":"` + text + `","metadata":{"source":"refunds.md"}}`), "chunk_text", "pageContent", Chunk{Source: "refunds.md", Text: text}, 0},
		{"a chunk key", chunkLine(`{"id":"1","chunk":"` + text + `"}`), "chunk_text", "chunk", Chunk{ID: "1", Text: text}, 0},
		{"Cohere's snippet", chunkLine(`{"id":"1","title":"Refunds","snippet":"` + text + `"}`), "chunk_text", "snippet", Chunk{ID: "1", Source: "Refunds", Text: text}, 0},
		{"a passage key", chunkLine(`{"id":"1","passage":"` + text + `"}`), "chunk_text", "passage", Chunk{ID: "1", Text: text}, 0},
		{"Pinecone's metadata.text", chunkLine(`{"id":"1","score":0.9,"metadata":{"text":"` + text + `"}}`), "chunk_text", "metadata.text", Chunk{ID: "1", Text: text}, 0.9},
		{"a list of texts", assistant(`"retrieval":["` + text + `"]`), "chunk_text", "item", Chunk{ID: "1", Text: text}, 0},
		{"ids by position in a list of texts", assistant(`"contexts":["Other.","` + text + `"]`), "chunk_id", "position", Chunk{ID: "1", Text: "Other."}, 0},
		{"the canonical id", chunkLine(`{"id":7,"text":"` + text + `"}`), "chunk_id", "id", Chunk{ID: "7", Text: text}, 0},
		{"a chunk_id", chunkLine(`{"chunk_id":"r#1","text":"` + text + `"}`), "chunk_id", "chunk_id", Chunk{ID: "r#1", Text: text}, 0},
		{"a node_id", chunkLine(`{"node_id":"n1","text":"` + text + `"}`), "chunk_id", "node_id", Chunk{ID: "n1", Text: text}, 0},
		{"LlamaIndex's id_", chunkLine(`{"id_":"n1","text":"` + text + `"}`), "chunk_id", "id_", Chunk{ID: "n1", Text: text}, 0},
		{"Elasticsearch's _id and _score", chunkLine(`{"_id":"e1","_score":12.5,"text":"` + text + `"}`), "chunk_id", "_id", Chunk{ID: "e1", Text: text}, 12.5},
		{"LangChain's metadata.chunk_id", chunkLine(`{"id":null,"page_content":"` + text + `","metadata":{"chunk_id":"r#1"}}`), "chunk_id", "metadata.chunk_id", Chunk{ID: "r#1", Text: text}, 0},
		{"the canonical source", chunkLine(`{"id":"1","source":"refunds.md","text":"` + text + `"}`), "chunk_source", "source", Chunk{ID: "1", Source: "refunds.md", Text: text}, 0},
		{"LangChain's metadata.source", chunkLine(`{"id":"1","text":"` + text + `","metadata":{"source":"refunds.md"}}`), "chunk_source", "metadata.source", Chunk{ID: "1", Source: "refunds.md", Text: text}, 0},
		{"a url", chunkLine(`{"id":"1","url":"https://acme.example/r","title":"Refunds","text":"` + text + `"}`), "chunk_source", "url", Chunk{ID: "1", Source: "https://acme.example/r", Text: text}, 0},
		{"a metadata.url", chunkLine(`{"id":"1","text":"` + text + `","metadata":{"url":"https://acme.example/r"}}`), "chunk_source", "metadata.url", Chunk{ID: "1", Source: "https://acme.example/r", Text: text}, 0},
		{"a filename", chunkLine(`{"id":"1","filename":"refunds.pdf","text":"` + text + `"}`), "chunk_source", "filename", Chunk{ID: "1", Source: "refunds.pdf", Text: text}, 0},
		{"a title", chunkLine(`{"id":"1","title":"Refunds","text":"` + text + `"}`), "chunk_source", "title", Chunk{ID: "1", Source: "Refunds", Text: text}, 0},
		{"a metadata.title", chunkLine(`{"id":"1","text":"` + text + `","metadata":{"title":"Refunds"}}`), "chunk_source", "metadata.title", Chunk{ID: "1", Source: "Refunds", Text: text}, 0},
		{"Elasticsearch's _score", chunkLine(`{"_id":"e1","_score":"12.5","text":"` + text + `"}`), "chunk_score", "_score", Chunk{ID: "e1", Text: text}, 12.5},
		{"the canonical score", chunkLine(`{"id":"1","text":"` + text + `","score":0.5}`), "chunk_score", "score", Chunk{ID: "1", Text: text}, 0.5},
		{"Cohere's relevance_score", chunkLine(`{"id":"1","text":"` + text + `","relevance_score":0.5}`), "chunk_score", "relevance_score", Chunk{ID: "1", Text: text}, 0.5},
		{"a similarity", chunkLine(`{"id":"1","text":"` + text + `","similarity":"0.5"}`), "chunk_score", "similarity", Chunk{ID: "1", Text: text}, 0.5},
		{"a metadata.score", chunkLine(`{"id":"1","text":"` + text + `","metadata":{"score":0.5}}`), "chunk_score", "metadata.score", Chunk{ID: "1", Text: text}, 0.5},
		{"a reranker's metadata.relevance_score", chunkLine(`{"id":"1","text":"` + text + `","metadata":{"relevance_score":0.5}}`), "chunk_score", "metadata.relevance_score", Chunk{ID: "1", Text: text}, 0.5},
		{"the canonical list", chunkLine(`{"id":"1","text":"` + text + `"}`), "chunk_list", "retrieval", Chunk{ID: "1", Text: text}, 0},
		{"Ragas' retrieved_contexts", assistant(`"retrieved_contexts":["` + text + `"]`), "chunk_list", "retrieved_contexts", Chunk{ID: "1", Text: text}, 0},
		{"DeepEval's retrieval_context", assistant(`"retrieval_context":["` + text + `"]`), "chunk_list", "retrieval_context", Chunk{ID: "1", Text: text}, 0},
		{"Ragas' contexts", assistant(`"contexts":["` + text + `"]`), "chunk_list", "contexts", Chunk{ID: "1", Text: text}, 0},
		{"LangChain's context", assistant(`"context":[{"page_content":"` + text + `","metadata":{}}]`), "chunk_list", "context", Chunk{Text: text}, 0},
		{"a chunks list", assistant(`"chunks":[{"id":"1","text":"` + text + `"}]`), "chunk_list", "chunks", Chunk{ID: "1", Text: text}, 0},
		{"Haystack's documents", assistant(`"documents":[{"id":"1","content":"` + text + `","meta":{}}]`), "chunk_list", "documents", Chunk{ID: "1", Text: text}, 0},
		{"sources as objects", assistant(`"sources":[{"id":"1","url":"https://acme.example/r","snippet":"` + text + `"}]`), "chunk_list", "sources",
			Chunk{ID: "1", Source: "https://acme.example/r", Text: text}, 0},
		{"the flat form's contexts", `{"conversation_id":"c-1","question":"Refund?","answer":"Refunds take 30 days [1].","contexts":["` + text + `"]}`,
			"chunk_list", "contexts", Chunk{ID: "1", Text: text}, 0},
	}
}

// Each key frameworks write a chunk's fields and an answer's chunk list
// under is read, and the file's stats say which key it was.
func TestEachKeyApplicationsWriteIsRead(t *testing.T) {
	cases := aliasCases()
	covered := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, stats := readLog(t, tc.line)
			if len(o.records) != 1 {
				t.Fatalf("skips %v", o.skips)
			}
			m := o.records[0].Messages[1]
			if m.NoRetrievalLogged || len(m.Retrieval) == 0 {
				t.Fatalf("no chunks read: %+v", m)
			}
			got, want := m.Retrieval[0], tc.want
			if got.ID != want.ID || got.Source != want.Source || got.Text != want.Text || got.Keys != nil ||
				(got.Score == nil) != (tc.score == 0) || got.Score != nil && *got.Score != tc.score {
				t.Errorf("chunk %+v (score %v), want %+v (score %v)", got, got.Score, want, tc.score)
			}
			if !slices.ContainsFunc(stats.KeysRead, func(u KeyUse) bool { return u.Field == tc.field && u.Key == tc.key && u.Count >= 1 && u.First == 1 }) {
				t.Errorf("keys read %+v: want %s from %q", stats.KeysRead, tc.field, tc.key)
			}
		})
		covered[tc.field+"/"+tc.key] = true
	}
	for _, f := range aliasFields {
		for _, k := range f.keys {
			if !covered[f.name+"/"+k] {
				t.Errorf("no case reads %s from %q", f.name, k)
			}
		}
	}
}

// A key that holds something else than its field's kind is not that
// field: a number under "passage" is a position, a string under
// "context" one text, a list of strings under "sources" names sources.
// Distances are never scores, and a document's id is not its chunk's.
func TestAKeyHoldingSomethingElseIsNotThatField(t *testing.T) {
	cases := []struct {
		name string
		line string
		// what the answer's chunks hold: "" means no retrieval logged
		want string
	}{
		{"a passage number is no text", chunkLine(`{"id":"1","passage":3,"text":"A."}`), "1:A.:"},
		{"a distance is no score", chunkLine(`{"id":"1","text":"A.","distance":0.2,"_distance":0.2}`), "1:A.:"},
		{"a document id is no chunk id", chunkLine(`{"doc_id":"policy.md","document_id":"policy.md","text":"A."}`), ":A.:"},
		{"metadata that is a JSON string holds nothing", chunkLine(`{"id":"1","text":"A.","metadata":"{\"text\":\"B.\"}"}`), "1:A.:"},
		{"a context that is one text is no list", assistant(`"context":"A."`), ""},
		{"documents that are lists of lists are no list", assistant(`"documents":[["A."]]`), ""},
		{"a list of numbers is no list", assistant(`"chunks":[1,2]`), ""},
		{"a list of texts and objects is no list", assistant(`"chunks":["A.",{"text":"B."}]`), ""},
		{"sources that are URLs are no texts", assistant(`"sources":["https://acme.example/r"]`), ""},
		{"an Azure context object is no list", assistant(`"context":{"citations":[{"content":"A."}]}`), ""},
		{"a chunk list beside one that is not", assistant(`"context":"A.","chunks":[{"id":"1","text":"A."}]`), "1:A.:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readLog(t, tc.line)
			if len(o.records) != 1 {
				t.Fatalf("skips %v", o.skips)
			}
			m := o.records[0].Messages[1]
			var got []string
			for _, c := range m.Retrieval {
				score := ""
				if c.Score != nil {
					score = "scored"
				}
				got = append(got, c.ID+":"+c.Text+":"+score)
			}
			if strings.Join(got, ",") != tc.want || m.NoRetrievalLogged != (tc.want == "") {
				t.Errorf("chunks %q (not logged %v), want %q", got, m.NoRetrievalLogged, tc.want)
			}
		})
	}
}

// Two keys of one chunk (or answer) that give one audited field different
// values skip the record naming both keys and where: tools differ on which
// one counts. The same value under two keys is read.
func TestTwoKeysWithDifferentValuesSkipTheRecord(t *testing.T) {
	cases := []struct {
		name, line string
		detail     string // "" means the record is read
	}{
		{"a text and a content that differ", chunkLine(`{"id":"1","text":"Refunds take 30 days.","content":"Refunds take 60 days."}`),
			`messages[1].retrieval[0] has the chunk text under "text" and under "content", and they differ`},
		{"a text and a content that agree", chunkLine(`{"id":"1","text":"Refunds take 30 days.","content":"Refunds take 30 days."}`), ""},
		{"page_content and pageContent that differ", assistant(`"context":[{"id":"1","page_content":"A.","pageContent":"B."}]`),
			`messages[1].context[0] has the chunk text under "page_content" and under "pageContent"`},
		{"a text and metadata.text that differ", chunkLine(`{"id":"1","text":"A.","metadata":{"text":"B."}}`), `under "text" and under "metadata.text"`},
		{"an id and a chunk_id that differ", chunkLine(`{"id":"7","chunk_id":"policy#3","text":"A."}`),
			`messages[1].retrieval[0] has the chunk id under "id" (7) and under "chunk_id" (policy#3)`},
		{"an id and a chunk_id that agree", chunkLine(`{"id":"7","chunk_id":7,"text":"A."}`), ""},
		{"a score and a relevance_score that differ", chunkLine(`{"id":"1","text":"A.","score":0.82,"relevance_score":0.31}`),
			`has the chunk score under "score" (0.82) and under "relevance_score" (0.31)`},
		{"a score and its text that agree", chunkLine(`{"id":"1","text":"A.","score":0.5,"similarity":"0.5"}`), ""},
		{"a source and a url that differ are read: the source is only shown", chunkLine(`{"id":"1","text":"A.","source":"a.md","url":"https://b"}`), ""},
		{"two chunk lists that differ", assistant(`"retrieval":[{"id":"1","text":"A."}],"chunks":[{"id":"1","text":"B."}]`),
			`messages[1] holds chunk lists under "retrieval" and "chunks", and they differ`},
		{"an empty list and a full one", assistant(`"retrieval":[],"documents":[{"id":"1","text":"A."}]`), `under "retrieval" and "documents"`},
		{"two chunk lists that agree", assistant(`"retrieval":[{"id":"1","text":"A."}],"contexts":["A."]`), ""},
		{"two flat lists that differ", `{"conversation_id":"c-1","answer":"A [1].","contexts":["A."],"context":["B."]}`,
			`the record holds chunk lists under "contexts" and "context"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readLog(t, tc.line)
			if tc.detail == "" {
				if len(o.records) != 1 {
					t.Fatalf("skips %v: want it read", o.skips)
				}
				return
			}
			if len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonDuplicateKey || !strings.Contains(o.skips[0].Detail, tc.detail) {
				t.Fatalf("records %d, skips %v: want one %s with %q", len(o.records), o.skips, ReasonDuplicateKey, tc.detail)
			}
		})
	}
}

// The keys other tools write are audited keys too: one written twice, or
// in two cases, skips the record as duplicate_key (the decoder would keep
// the last, jq shows the first).
func TestAliasKeysGivenTwiceSkipTheRecord(t *testing.T) {
	cases := []struct{ name, line, where string }{
		{"page_content in two cases", assistant(`"context":[{"page_content":"A.","Page_Content":"B."}]`), `messages[1].context[0] has both "page_content" and "Page_Content"`},
		{"metadata's text in two cases", chunkLine(`{"id":"1","metadata":{"text":"A.","TEXT":"B."}}`), `messages[1].retrieval[0].metadata has both "text" and "TEXT"`},
		{"a chunk list in two cases", assistant(`"contexts":["A."],"Contexts":["B."]`), `messages[1] has both "contexts" and "Contexts"`},
		{"a content part's text twice", chunkLine(`{"id":"1","content":[{"type":"text","text":"A.","text":"B."}]}`), `has the key "text" twice`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readLog(t, tc.line)
			if len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonDuplicateKey || !strings.Contains(o.skips[0].Detail, tc.where) {
				t.Fatalf("records %d, skips %v: want one %s naming %q", len(o.records), o.skips, ReasonDuplicateKey, tc.where)
			}
		})
	}
}

// A chunk with no text under any key the reader knows is audited (its
// citations are chunk_text_absent) and carries the keys it has, so that a
// warning can name them; a chunk whose status says why it has no text, or
// that has text, carries none.
func TestAChunkWithoutTextCarriesItsKeys(t *testing.T) {
	cases := []struct {
		name, line string
		keys       string // of the first chunk; "-" for none
	}{
		{"a body and an id", chunkLine(`{"id":"1","body":"Refunds take 30 days."}`), "body,id"},
		{"an empty text is empty, not text under a key of its own", chunkLine(`{"id":"1","text":"","body":"x"}`), "-"},
		{"keys in another case, as logged", assistant(`"Chunks":[{"ID":"1","Body":"x"}]`), "Body,ID"},
		{"the flat form", `{"conversation_id":"c-1","answer":"A [1].","retrieval":[{"id":"1","body":"x"}]}`, "body,id"},
		{"a redacted chunk", chunkLine(`{"id":"1","text_status":"redacted"}`), "-"},
		{"a chunk with text", chunkLine(`{"id":"1","text":"A."}`), "-"},
		{"a text logged as null is named so", chunkLine(`{"id":"1","text":null}`), "id,text (null)"},
		{"a blank text is text the audit finds absent", chunkLine(`{"id":"1","text":"  "}`), "-"},
		{"an empty text in a list of texts", assistant(`"contexts":[""]`), "-"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readLog(t, tc.line)
			if len(o.records) != 1 {
				t.Fatalf("skips %v", o.skips)
			}
			c := o.records[0].Messages[1].Retrieval[0]
			got := strings.Join(c.Keys, ",")
			if c.Keys == nil {
				got = "-"
			}
			if got != tc.keys {
				t.Errorf("keys %q, want %q", got, tc.keys)
			}
		})
	}
}

// A chunk whose text key is there and empty (or blanks) is read as empty
// text, which the audit and the warnings name as such; a chunk without
// the key, or with a status of its own, is not.
func TestAnEmptyTextKeyIsEmptyText(t *testing.T) {
	cases := []struct {
		name, line, status string
	}{
		{"an empty text is empty", chunkLine(`{"id":"1","text":""}`), TextEmpty},
		{"a text of blanks is empty", chunkLine(`{"id":"1","text":" \t "}`), TextEmpty},
		{"an empty text beside a text under another key is that text", chunkLine(`{"id":"1","text":"","page_content":"A."}`), ""},
		{"no text key is no empty text", chunkLine(`{"id":"1","body":"x"}`), ""},
		{"a logged status wins", chunkLine(`{"id":"1","text":"","text_status":"redacted"}`), TextRedacted},
		{"a chunk with text has no status", chunkLine(`{"id":"1","text":"A."}`), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readLog(t, tc.line)
			if len(o.records) != 1 {
				t.Fatalf("skips %v", o.skips)
			}
			if c := o.records[0].Messages[1].Retrieval[0]; c.Status != tc.status {
				t.Errorf("status %q, want %q", c.Status, tc.status)
			}
		})
	}
}

// A file whose schema changed partway says so: per field, the key each
// value was read from, how many and from which line on, and one sentence
// for people per field read from more than one key.
func TestDriftWithinAFileIsCounted(t *testing.T) {
	var b strings.Builder
	for i := range 5 {
		chunk := `{"id":"1","text":"A."}`
		if i >= 2 {
			chunk = `{"id":"1","content":"A."}`
		}
		list := `"retrieval":[` + chunk + `]`
		if i == 4 {
			list = `"chunks":[` + chunk + `,` + chunk + `]`
		}
		b.WriteString(assistant(list) + "\n")
	}
	stats := &FileStats{}
	o := collect(Open(writeFile(t, "drift.jsonl", []byte(b.String())), Options{}, stats))
	if len(o.records) != 5 {
		t.Fatalf("records %d, skips %v", len(o.records), o.skips)
	}
	want := []KeyUse{
		{"chunk_list", "retrieval", 4, 1}, {"chunk_list", "chunks", 1, 5},
		{"chunk_text", "text", 2, 1}, {"chunk_text", "content", 4, 3},
		{"chunk_id", "id", 6, 1},
	}
	if !slices.Equal(stats.KeysRead, want) {
		t.Errorf("keys read %+v, want %+v", stats.KeysRead, want)
	}
	got := DescribeDrift(stats.KeysRead)
	wantDrift := []string{
		"the chunk list is under `retrieval` in 4 answers (first at line 1) and under `chunks` in 1 (first at line 5)",
		"the chunk text is under `text` in 2 chunks (first at line 1) and under `content` in 4 (first at line 3)",
	}
	if !slices.Equal(got, wantDrift) {
		t.Errorf("drift %q, want %q", got, wantDrift)
	}
	if o.records[0].keysRead != nil {
		t.Error("a record handed on still holds its reader's tally")
	}
}

// A record read through other keys converts to the canonical keys, and
// the canonical copy reads back to the same chunks.
func TestAliasedRecordConvertsToCanonicalKeys(t *testing.T) {
	lines := []string{
		assistant(`"context":[{"page_content":"Refunds take 30 days.","metadata":{"source":"r.md","chunk_id":"r#1","relevance_score":"0.8"}}]`),
		assistant(`"documents":[{"id":"h1","content":"Refunds take 30 days.","score":0.5}]`),
		`{"conversation_id":"c-2","question":"Q?","answer":"A [1].","retrieved_contexts":["Refunds take 30 days."]}`,
	}
	o, _ := readLog(t, strings.Join(lines, "\n"))
	if len(o.records) != 3 {
		t.Fatalf("records %d, skips %v", len(o.records), o.skips)
	}
	var buf bytes.Buffer
	w := NewJSONLWriter(&buf)
	for i := range o.records {
		if err := w.Write(&o.records[i]); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var rec struct {
			Messages []map[string]json.RawMessage `json:"messages"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatal(err)
		}
		a := rec.Messages[len(rec.Messages)-1]
		var chunks []map[string]any
		json.Unmarshal(a["retrieval"], &chunks)
		for _, c := range chunks {
			for k := range c {
				if !slices.Contains([]string{"id", "source", "text", "score"}, k) {
					t.Errorf("converted chunk has the key %q: %s", k, l)
				}
			}
		}
		if len(chunks) != 1 || len(a) != 3 {
			t.Errorf("converted answer %s", l)
		}
	}
	back, stats := readLog(t, strings.TrimSpace(buf.String()))
	// A place in a list is no id: the copy logs none, as the list did.
	sameLogged := func(a, b Chunk) bool {
		a.ID, b.ID = a.LoggedID(), b.LoggedID()
		return sameChunk(a, b)
	}
	for i := range back.records {
		if !slices.EqualFunc(back.records[i].Messages[1].Retrieval, o.records[i].Messages[1].Retrieval, sameLogged) {
			t.Errorf("record %d read back: %+v, want %+v", i, back.records[i].Messages[1].Retrieval, o.records[i].Messages[1].Retrieval)
		}
	}
	if d := DescribeDrift(stats.KeysRead); d != nil {
		t.Errorf("the canonical copy drifts: %q", d)
	}
}

// A canonical field of the wrong kind is named by its path whichever way
// the record's chunk lists are decoded: as lists of objects, or again key
// by key because one of them holds texts or the chunks use other keys.
func TestAFieldOfTheWrongKindIsNamedWhicheverWayTheListIsRead(t *testing.T) {
	cases := []struct{ name, fields, detail string }{
		{"in a list of objects", `"retrieval":[{"id":"1","text":"A.","score":"high"}]`, `field "messages.retrieval.score" is the text "high"`},
		{"beside a context that is one text", `"context":"x","retrieval":[{"id":"1","page_content":"A.","score":"high"}]`, `field "messages.retrieval.score" is the text "high"`},
		{"beside a list of texts", `"contexts":["x"],"retrieval":[{"id":"1","text":{"a":1}}]`, `field "messages.retrieval.text" is an object`},
		{"in a list under another key", `"context":"x","chunks":[{"content":"A.","embedding":["x"]}]`, `field "messages.chunks.embedding" is the text "x"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readLog(t, assistant(tc.fields))
			if len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonWrongType || !strings.Contains(o.skips[0].Detail, tc.detail) {
				t.Fatalf("records %d, skips %v: want one %s with %q", len(o.records), o.skips, ReasonWrongType, tc.detail)
			}
		})
	}
}
