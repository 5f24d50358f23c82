package readers

import (
	"bytes"
	"strings"
	"testing"
)

// An answer whose log holds no retrieval (no chunk-list key the reader
// knows, or null; the chunks under "hits", say) says so, with the keys the
// message and the record had, so that its citations are not taken for
// fabrications; an empty list is a retrieval that found nothing, and a
// key the reader knows that holds something else (a "context" string) is
// no chunk list.
func TestNoRetrievalLoggedIsToldFromAnEmptyList(t *testing.T) {
	const user = `{"role":"user","content":"Refund?"}`
	cases := []struct {
		name, line  string
		notLogged   bool
		messageKeys string // the assistant message's keys, when not logged
		recordKeys  string
	}{
		{"chunks under a key of the application's own", `{"conversation_id":"c-1","messages":[` + user + `,{"role":"assistant","content":"30 days [1].","hits":[{"id":"1","text":"30 days."}]}]}`,
			true, "content,hits,role", "conversation_id,messages"},
		{"a context that is one text", `{"conversation_id":"c-1","messages":[` + user + `,{"role":"assistant","content":"30 days [1].","context":"30 days."}]}`,
			true, "content,context,role", "conversation_id,messages"},
		{"sources that are URLs", `{"conversation_id":"c-1","messages":[` + user + `,{"role":"assistant","content":"30 days [1].","sources":["https://acme.example/refunds"]}]}`,
			true, "content,role,sources", "conversation_id,messages"},
		{"no retrieval key", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"30 days [1]."}]}`, true, "content,role", "conversation_id,messages"},
		{"retrieval null", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"30 days [1].","retrieval":null}]}`, true, "content,retrieval (null),role", "conversation_id,messages"},
		{"an empty retrieval list", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"30 days [1].","retrieval":[]}]}`, false, "", ""},
		{"the flat form with hits", `{"conversation_id":"c-1","question":"Refund?","answer":"30 days [1].","hits":[]}`, true, "", "answer,conversation_id,hits,question"},
		{"the flat form with an empty documents list", `{"conversation_id":"c-1","question":"Refund?","answer":"30 days [1].","documents":[]}`, false, "", ""},
		{"the flat form with an empty list", `{"conversation_id":"c-1","question":"Refund?","answer":"30 days [1].","retrieval":[]}`, false, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "r.jsonl", []byte(tc.line+"\n")), Options{}, nil))
			if len(o.records) != 1 {
				t.Fatalf("records %d, skips %v", len(o.records), o.skips)
			}
			rec := o.records[0]
			m := rec.Messages[len(rec.Messages)-1]
			if m.NoRetrievalLogged != tc.notLogged || strings.Join(m.Keys, ",") != tc.messageKeys || strings.Join(rec.Keys, ",") != tc.recordKeys {
				t.Errorf("not logged %v, message keys %v, record keys %v; want %v, %q, %q", m.NoRetrievalLogged, m.Keys, rec.Keys, tc.notLogged, tc.messageKeys, tc.recordKeys)
			}
			if rec.Messages[0].NoRetrievalLogged && rec.Messages[0].Role == "user" {
				t.Error("a user message is said to lack retrieval")
			}
		})
	}
}

// Converted copies keep "not logged" apart from "nothing retrieved", in
// JSONL and in Parquet, and mapped rows and trace exports say it too.
func TestNoRetrievalLoggedSurvivesConvertAndOtherFormats(t *testing.T) {
	recs := []Record{
		{ConversationID: "c-1", Messages: []Message{{Role: "assistant", Content: "A [1].", NoRetrievalLogged: true}}},
		{ConversationID: "c-2", Messages: []Message{{Role: "assistant", Content: "A [1]."}}},
	}
	var jl bytes.Buffer
	w := NewJSONLWriter(&jl)
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	for name, path := range map[string]string{"JSONL": writeFile(t, "c.jsonl", jl.Bytes()), "Parquet": writeParquet(t, recs)} {
		o := collect(Open(path, Options{}, nil))
		if len(o.records) != 2 || !o.records[0].Messages[0].NoRetrievalLogged || o.records[1].Messages[0].NoRetrievalLogged {
			t.Errorf("%s copy: %+v, skips %v", name, o.records, o.skips)
		}
	}
	row := customRow(t, func(r map[string]any) { delete(r, "contexts") })
	o := readMapped(t, writeFile(t, "m.jsonl", []byte(row+"\n")), Options{})
	if len(o.records) != 1 || !o.records[0].Messages[1].NoRetrievalLogged || !strings.Contains(strings.Join(o.records[0].Keys, ","), "session_id") {
		t.Errorf("a mapped row without its chunk list: %+v", o.records)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(mustRead(t, "../testdata/formats/langfuse-observations-v2-export.jsonl"))), "\n") {
		if !strings.Contains(l, `"RETRIEVER"`) { // nor sources in the prompt
			lines = append(lines, strings.ReplaceAll(l, `\\n[`, `\\n(`))
		}
	}
	o = collect(Open(writeFile(t, "lf.jsonl", []byte(strings.Join(lines, "\n"))), Options{}, nil))
	withRetriever := collect(Open("../testdata/formats/langfuse-observations-v2-export.jsonl", Options{}, nil))
	if len(o.records) != 1 || !o.records[0].Messages[1].NoRetrievalLogged || withRetriever.records[0].Messages[1].NoRetrievalLogged {
		t.Errorf("a Langfuse trace without its retriever: %+v", o.records)
	}
}

// A chunk the reader found empty is written with its empty text and no
// status, so that the log reads back (a writer that wrote "empty", which
// no log holds, wrote lines its own reader refused).
func TestAnEmptyChunkIsWrittenAsItReadsBack(t *testing.T) {
	in := `{"conversation_id":"e","messages":[{"role":"user","content":"q"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"","score":0.9}]}]}`
	rec, err := ParseCanonical([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Messages[1].Retrieval[0].Status; got != TextEmpty {
		t.Fatalf("read status %q, want %q", got, TextEmpty)
	}
	var buf bytes.Buffer
	w := NewJSONLWriter(&buf)
	if err := w.Write(&rec); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if strings.Contains(buf.String(), "text_status") {
		t.Errorf("the writer wrote a status no log holds: %s", buf.String())
	}
	back, err := ParseCanonical(bytes.TrimSpace(buf.Bytes()))
	if err != nil {
		t.Fatalf("the line written does not read back: %v\n%s", err, buf.String())
	}
	if got := back.Messages[1].Retrieval[0].Status; got != TextEmpty {
		t.Errorf("read back status %q, want %q", got, TextEmpty)
	}
}

// Anthropic's Messages API content blocks: an assistant message with a
// tool_use block is a step, not the answer, and a user message's
// tool_result block (its content a string or text blocks) is the tool's
// output, whose JSON list of chunks is the next answer's retrieval.
func TestAnthropicToolBlocksAreRetrieval(t *testing.T) {
	const chunks = `[{\"id\": \"1\", \"text\": \"Returns are free within 30 days.\"}]`
	for name, result := range map[string]string{
		"a string":     `"` + chunks + `"`,
		"a text block": `[{"type":"text","text":"` + chunks + `"}]`,
	} {
		t.Run(name, func(t *testing.T) {
			line := `{"conversation_id":"c-1","messages":[{"role":"user","content":"Returns?"},` +
				`{"role":"assistant","content":[{"type":"text","text":"Let me look."},{"type":"tool_use","id":"tu1","name":"search","input":{"q":"returns"}}]},` +
				`{"role":"user","content":[{"type":"tool_result","tool_use_id":"tu1","content":` + result + `}]},` +
				`{"role":"assistant","content":[{"type":"text","text":"Returns are free within 30 days [1]."}]}]}`
			o := collect(Open(writeFile(t, "r.jsonl", []byte(line+"\n")), Options{}, nil))
			if len(o.records) != 1 {
				t.Fatalf("records %d, skips %v", len(o.records), o.skips)
			}
			ms := o.records[0].Messages
			last := ms[len(ms)-1]
			if last.Role != "assistant" || last.NoRetrievalLogged || len(last.Retrieval) != 1 || last.Retrieval[0].Text != "Returns are free within 30 days." {
				t.Errorf("messages %+v, want the answer with the tool's chunk", ms)
			}
		})
	}
}

// A chunk logged without text (its text null, or under no key the reader
// knows) is written so, in JSONL and Parquet, and reads back without text,
// not as empty text: its citations stay chunk_text_absent.
func TestAChunkWithoutTextIsWrittenWithoutText(t *testing.T) {
	o := collect(Open(writeFile(t, "n.jsonl", []byte(`{"conversation_id":"n","messages":[{"role":"user","content":"q"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":null},{"id":"2","text":""}]}]}`+"\n")), Options{}, nil))
	if len(o.records) != 1 {
		t.Fatalf("skips %v", o.skips)
	}
	var jl bytes.Buffer
	w := NewJSONLWriter(&jl)
	if err := w.Write(&o.records[0]); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if !strings.Contains(jl.String(), `{"id":"1","text":null}`) || !strings.Contains(jl.String(), `{"id":"2","text":""}`) {
		t.Errorf("written: %s", jl.String())
	}
	for name, path := range map[string]string{"JSONL": writeFile(t, "c.jsonl", jl.Bytes()), "Parquet": writeParquet(t, o.records)} {
		back := collect(Open(path, Options{}, nil))
		if len(back.records) != 1 {
			t.Fatalf("%s: skips %v", name, back.skips)
		}
		chunks := back.records[0].Messages[1].Retrieval
		if len(chunks) != 2 || chunks[0].Keys == nil || chunks[1].Keys != nil {
			t.Errorf("%s copy: chunks %+v (keys nil %v %v), want the first without text, the second empty", name, chunks, chunks[0].Keys == nil, chunks[1].Keys == nil)
		}
	}
}
