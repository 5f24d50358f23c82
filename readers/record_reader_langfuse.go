package readers

import (
	"fmt"
	"strings"
)

// langfuse: observations (CHAIN root, RETRIEVER, GENERATION) linked by
// trace_id, grouped into conversations by session_id; input and output
// are JSON strings.
func langfuse(in traceInput) ([]Record, []*SkipError) {
	var ts traceSet
	var problems []*SkipError
	for i, d := range in.docs {
		tr := str(get(d, "trace_id"))
		if tr == "" {
			problems = append(problems, noTraceID(in.lines[i], "trace_id"))
			continue
		}
		t := ts.turn(tr, in.lines[i])
		if t.conv == "" {
			t.conv = str(get(d, "session_id"))
		}
		if t.tenant == "" {
			t.tenant = str(get(d, "metadata", "tenant"))
		}
		for _, tag := range list(get(d, "tags")) {
			if k, v, ok := strings.Cut(str(tag), ":"); ok {
				switch k {
				case "tenant":
					t.tenant = firstNonEmpty(t.tenant, v)
				case "agent":
					t.agent = firstNonEmpty(t.agent, v)
				}
			}
		}
		kind := str(get(d, "type"))
		name := fmt.Sprintf("observation %s (%s)", jsonText(get(d, "id")), kind)
		input := t.decodeField(in.lines[i], name+` "input"`, get(d, "input"))
		output := t.decodeField(in.lines[i], name+` "output"`, get(d, "output"))
		switch kind {
		case "RETRIEVER":
			t.retrieved = true
			for _, doc := range list(output) {
				c := Chunk{ID: str(get(doc, "metadata", "chunk_id")), Source: str(get(doc, "metadata", "source")),
					Text: str(get(doc, "page_content")), Score: score(get(doc, "metadata", "relevance_score"))}
				t.docs = append(t.docs, c)
			}
		case "GENERATION":
			for _, m := range list(input) {
				if str(get(m, "role")) == "system" {
					t.prompt = str(get(m, "content"))
				}
			}
			t.answer = firstNonEmpty(t.answer, str(get(output, "content")))
		default:
			if str(get(d, "parent_observation_id")) == "" {
				t.question = str(get(input, "query"))
				t.answer = firstNonEmpty(str(get(output, "result")), t.answer)
				t.startTime(in.lines[i], "start_time", get(d, "start_time"))
			}
		}
	}
	return assembleTurns(ts, in.damaged, problems)
}
