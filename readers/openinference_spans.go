package readers

import (
	"fmt"
	"strconv"
	"time"
)

// flatSpan is an OpenInference span with its attributes flattened to
// dotted keys ("retrieval.documents.0.document.id"), from OTLP JSON or
// from Phoenix span rows.
type flatSpan struct {
	trace, parent, kind string
	start               time.Time
	badStart            error // the span's start time is not a time
	line                int
	attrs               map[string]any
}

func openInferenceTurns(spans []flatSpan, damaged map[string][]int, problems []*SkipError) ([]Record, []*SkipError) {
	var ts traceSet
	for _, sp := range spans {
		t := ts.turn(sp.trace, sp.line)
		a := sp.attrs
		if sp.parent == "" && sp.badStart != nil {
			// Only a root span's start dates the turn.
			t.fail(sp.line, ReasonBadTimestamp, "line %d: %s", sp.line, sp.badStart.(*SkipError).Detail)
		}
		if op := str(a["gen_ai.operation.name"]); op != "" {
			genAISpan(t, sp, op)
			continue
		}
		t.conv = firstNonEmpty(t.conv, str(a["session.id"]))
		meta := t.decodeField(sp.line, `attribute "metadata"`, a["metadata"])
		t.tenant = firstNonEmpty(t.tenant, str(get(meta, "tenant")))
		t.agent = firstNonEmpty(t.agent, str(get(meta, "agent")))
		switch sp.kind {
		case "RETRIEVER":
			t.retrieved = true
			for n := 0; a[fmt.Sprintf("retrieval.documents.%d.document.content", n)] != nil || a[fmt.Sprintf("retrieval.documents.%d.document.id", n)] != nil; n++ {
				pre := fmt.Sprintf("retrieval.documents.%d.document.", n)
				c := Chunk{ID: str(a[pre+"id"]), Text: str(a[pre+"content"]), Source: str(get(t.decodeField(sp.line, "attribute "+strconv.Quote(pre+"metadata"), a[pre+"metadata"]), "source"))}
				c.Score = score(a[pre+"score"])
				t.docs = append(t.docs, c)
			}
		case "LLM":
			for n := 0; a[fmt.Sprintf("llm.input_messages.%d.message.role", n)] != nil; n++ {
				if str(a[fmt.Sprintf("llm.input_messages.%d.message.role", n)]) == "system" {
					t.prompt = str(a[fmt.Sprintf("llm.input_messages.%d.message.content", n)])
				}
			}
			t.answer = firstNonEmpty(t.answer, str(a["llm.output_messages.0.message.content"]))
		}
		if sp.parent == "" {
			t.question = firstNonEmpty(str(a["input.value"]), t.question)
			t.answer = firstNonEmpty(str(a["output.value"]), t.answer)
			t.start = sp.start
		}
	}
	return assembleTurns(ts, damaged, problems)
}

// genAISpan reads a span of the OpenTelemetry GenAI semantic conventions
// (gen_ai.*; messages and documents are JSON strings, documents may lack
// their content, which the system prompt then supplies).
func genAISpan(t *traceTurn, sp flatSpan, op string) {
	a := sp.attrs
	t.conv = firstNonEmpty(t.conv, str(a["gen_ai.conversation.id"]))
	t.agent = firstNonEmpty(t.agent, str(a["gen_ai.agent.name"]))
	switch op {
	case "retrieval":
		t.retrieved = true
		t.question = firstNonEmpty(t.question, str(a["gen_ai.retrieval.query.text"]))
		for _, d := range list(t.decodeField(sp.line, `attribute "gen_ai.retrieval.documents"`, a["gen_ai.retrieval.documents"])) {
			t.docs = append(t.docs, Chunk{ID: str(get(d, "id")), Text: str(get(d, "content")), Source: str(get(d, "id")), Score: score(get(d, "score"))})
		}
	case "chat":
		for _, p := range list(t.decodeField(sp.line, `attribute "gen_ai.system_instructions"`, a["gen_ai.system_instructions"])) {
			t.prompt += str(get(p, "content"))
		}
		for _, m := range list(t.decodeField(sp.line, `attribute "gen_ai.input.messages"`, a["gen_ai.input.messages"])) {
			if str(get(m, "role")) == "user" {
				t.question = firstNonEmpty(t.question, joinBlocks(partsAsText(get(m, "parts")), ""))
			}
		}
		for _, m := range list(t.decodeField(sp.line, `attribute "gen_ai.output.messages"`, a["gen_ai.output.messages"])) {
			t.answer = firstNonEmpty(t.answer, joinBlocks(partsAsText(get(m, "parts")), ""))
		}
	}
	if sp.parent == "" && !sp.start.IsZero() {
		t.start = sp.start
	}
}

// partsAsText maps GenAI message parts ({type, content}) to text blocks.
func partsAsText(v any) []any {
	var out []any
	for _, p := range list(v) {
		if str(get(p, "type")) == "text" {
			out = append(out, map[string]any{"text": str(get(p, "content"))})
		}
	}
	return out
}
