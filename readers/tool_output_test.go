package readers

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// toolLog is a function-calling conversation as OpenAI's chat API logs
// it: the assistant calls a tool (content null), the tool's output is
// the content of a role "tool" message, and the answer follows.
func toolLog(t *testing.T, output any) string {
	t.Helper()
	content, ok := output.(string)
	if !ok {
		b, err := json.Marshal(output)
		if err != nil {
			t.Fatal(err)
		}
		content = string(b)
	}
	b, err := json.Marshal(map[string]any{"conversation_id": "tl", "messages": []any{
		map[string]any{"role": "user", "content": "What does it cost?"},
		map[string]any{"role": "assistant", "content": nil, "tool_calls": []any{map[string]any{"id": "call_1", "type": "function",
			"function": map[string]any{"name": "search_kb", "arguments": `{"query": "fees"}`}}}},
		map[string]any{"role": "tool", "tool_call_id": "call_1", "content": content},
		map[string]any{"role": "assistant", "content": "A replacement card costs €10 [kb-40]."},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var kbChunks = []any{
	map[string]any{"id": "kb-12", "title": "fees.md", "text": "Withdrawals at other banks' ATMs cost €2 each."},
	map[string]any{"id": "kb-40", "title": "cards.md", "text": "A replacement card costs €10."},
}

// The output of a retrieval tool is the retrieval of the answer after it
// when it is a list of chunks with ids and texts; any other output leaves
// the answer's retrieval not logged, with a cause that names the message
// and the fix. It is never read as "nothing retrieved", which would make
// every citation a fabrication.
func TestToolOutputsAreTheRetrievalOfTheAnswerAfterThem(t *testing.T) {
	cases := []struct {
		name   string
		output any
		ids    []string // the answer's chunk ids when read
		why    string   // else: the cause says this
	}{
		{"a JSON object with its results list is read", map[string]any{"results": kbChunks}, []string{"kb-12", "kb-40"}, ""},
		{"a bare JSON list is read", kbChunks, []string{"kb-12", "kb-40"}, ""},
		{"chunks under other keys (content, chunk_id) are read", []any{map[string]any{"chunk_id": "kb-40", "content": "A replacement card costs €10."}}, []string{"kb-40"}, ""},
		{"an empty results list is nothing retrieved", map[string]any{"results": []any{}}, []string{}, ""},
		{"plain text is not read", "[kb-40] A replacement card costs €10.", nil, "which is text, not a JSON list of chunks"},
		{"an empty output is not read", "", nil, "which is empty"},
		{"an object without a chunk list is not read", map[string]any{"status": "shipped", "order": "A-1"}, nil, "(its keys: order, status)"},
		{"two lists are not told apart", map[string]any{"results": kbChunks, "hits": kbChunks}, nil, "hits and results"},
		{"items without a text are not chunks", []any{map[string]any{"id": "o-1", "status": "shipped"}}, nil, "items include one with no text under a key ragaudit reads (its keys: id, status)"},
		{"items without an id are not chunks", []any{map[string]any{"title": "cards.md", "text": "A replacement card costs €10."}}, nil, "items include one with no id"},
		{"a list of texts is not chunks", []any{"A replacement card costs €10."}, nil, "a list of texts without ids"},
		{"a key given twice is not read", `[{"id": "kb-40", "text": "A replacement card costs €10.", "text": "€5"}]`, nil, `"text"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, "tool.jsonl", []byte(toolLog(t, tc.output)+"\n")), Options{})
			if len(o.records) != 1 || len(o.skips) != 0 {
				t.Fatalf("%d records, skips %v; want the record read", len(o.records), o.skips)
			}
			rec := o.records[0]
			if len(rec.Messages) != 4 || rec.Messages[1].Role != RoleToolCall || rec.Messages[3].Role != "assistant" {
				t.Fatalf("messages %+v: want the tool call kept as a step in its place, and one answer", rec.Messages)
			}
			m := rec.Messages[3]
			if tc.ids != nil {
				var ids []string
				for i := range m.Retrieval {
					ids = append(ids, m.ChunkID(i))
				}
				if m.NoRetrievalLogged || !slices.Equal(ids, tc.ids) && len(ids)+len(tc.ids) > 0 {
					t.Errorf("retrieval %q (not logged %v, %q); want %q", ids, m.NoRetrievalLogged, m.RetrievalWhy, tc.ids)
				}
				return
			}
			if !m.NoRetrievalLogged || len(m.Retrieval) != 0 {
				t.Fatalf("retrieval %+v, not logged %v: want it not logged", m.Retrieval, m.NoRetrievalLogged)
			}
			for _, want := range []string{tc.why, `role "tool"`, `[{"id": …, "text": …}]`} {
				if !strings.Contains(m.RetrievalWhy, want) {
					t.Errorf("cause %q does not say %q", m.RetrievalWhy, want)
				}
			}
		})
	}
}

// Which answer a tool's output belongs to: the one after it, only; an
// answer's own retrieval comes first; one output that cannot be read
// leaves the answer's retrieval not logged even beside one that can; and
// an assistant message with neither text nor a tool call is still
// skipped as missing_content.
func TestToolOutputsBelongToTheNextAnswerOnly(t *testing.T) {
	search := func(chunks ...any) string {
		b, _ := json.Marshal(map[string]any{"results": chunks})
		return string(b)
	}
	call := `{"role":"assistant","content":"","tool_calls":[{"id":"c","type":"function","function":{"name":"search_kb","arguments":"{}"}}]}`
	tool := func(content string) string {
		b, _ := json.Marshal(map[string]any{"role": "tool", "tool_call_id": "c", "content": content})
		return string(b)
	}
	answer := `{"role":"assistant","content":"A card costs €10 [kb-40]."}`
	line := func(msgs ...string) string {
		return `{"conversation_id":"tl","messages":[{"role":"user","content":"?"},` + strings.Join(msgs, ",") + `]}`
	}
	kb40 := search(kbChunks[1])
	cases := []struct {
		name      string
		line      string
		notLogged []bool // per answer
		chunks    []int
	}{
		{"a follow-up without a tool call retrieved nothing of its own, and says so",
			line(call, tool(kb40), answer, `{"role":"user","content":"And?"}`, answer), []bool{false, false}, []int{1, 0}},
		{"an answer before any tool output logs no retrieval",
			line(answer, `{"role":"user","content":"And?"}`, call, tool(kb40), answer), []bool{true, false}, []int{0, 1}},
		{"two outputs before one answer are both its retrieval",
			line(call, tool(search(kbChunks[0])), call, tool(kb40), answer), []bool{false}, []int{2}},
		{"one output that is text leaves the answer's retrieval not logged",
			line(call, tool(kb40), call, tool("order A-1 shipped"), answer), []bool{true}, []int{0}},
		{"the answer's own retrieval comes first",
			line(call, tool("text"), `{"role":"assistant","content":"A card costs €10 [kb-40].","retrieval":[{"id":"kb-40","text":"A replacement card costs €10."}]}`), []bool{false}, []int{1}},
		{"the legacy function_call step and role function output are read alike",
			line(`{"role":"assistant","content":null,"function_call":{"name":"search_kb","arguments":"{}"}}`, `{"role":"function","name":"search_kb","content":`+strconv.Quote(kb40)+`}`, answer), []bool{false}, []int{1}},
		{"a step with text of its own is audited, and the output after it is still the answer's",
			line(`{"role":"assistant","content":"Let me look that up.","tool_calls":[{"id":"c","type":"function","function":{"name":"s","arguments":"{}"}}]}`, tool(kb40), answer), []bool{true, false}, []int{0, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, "tool.jsonl", []byte(tc.line+"\n")), Options{})
			if len(o.records) != 1 || len(o.skips) != 0 {
				t.Fatalf("%d records, skips %v; want the record read", len(o.records), o.skips)
			}
			var notLogged []bool
			var chunks []int
			for _, m := range o.records[0].Messages {
				if m.Role == "assistant" {
					notLogged, chunks = append(notLogged, m.NoRetrievalLogged), append(chunks, len(m.Retrieval))
				}
			}
			if !slices.Equal(notLogged, tc.notLogged) || !slices.Equal(chunks, tc.chunks) {
				t.Errorf("answers not logged %v with %v chunks; want %v with %v", notLogged, chunks, tc.notLogged, tc.chunks)
			}
		})
	}
	o, _ := readAll(t, writeFile(t, "null.jsonl", []byte(`{"conversation_id":"tl","messages":[{"role":"assistant","content":null}]}`+"\n")), Options{})
	if len(o.skips) != 1 || o.skips[0].Reason != ReasonMissingContent {
		t.Errorf("skips %v: an assistant message without text or tool call must stay missing_content", o.skips)
	}
	o, _ = readAll(t, writeFile(t, "step.jsonl", []byte(line(call, tool(kb40))+"\n")), Options{})
	if len(o.skips) != 1 || o.skips[0].Reason != ReasonNoAssistantTurn || !strings.Contains(o.skips[0].Detail, "only call tools") {
		t.Errorf("skips %v: a conversation that ends on a tool call has no answer, and the skip says so", o.skips)
	}
}
