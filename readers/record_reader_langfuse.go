package readers

import (
	"fmt"
	"strings"
)

// langfuse: observations (CHAIN root, RETRIEVER, GENERATION) linked by
// trace, grouped into conversations by session; input and output are JSON
// strings (the export) or JSON (the public API). Two spellings are read:
// the export's snake_case (trace_id, parent_observation_id, start_time,
// session_id) and the public API's camelCase (traceId, …; GET
// /api/public/observations and /api/public/traces). The API's lines may be
// its pages ({"data": [...], "meta": …}), and a trace's line (id,
// sessionId, tags, metadata) gives the conversation, tenant and agent its
// observations do not carry, and may hold them ("observations": [...]).
func langfuse(in traceInput) ([]Record, []*SkipError) {
	var ts traceSet
	var problems []*SkipError
	for i, d := range in.docs {
		line := in.lines[i]
		obs, traces := langfuseDocs(d)
		for _, tr := range traces {
			id := str(get(tr, "id"))
			if id == "" {
				problems = append(problems, noTraceID(line, "trace_id"))
				continue
			}
			t := ts.turn(id, line)
			if skip := langfuseTrace(t, tr, line); skip != nil {
				problems = append(problems, skip)
			}
		}
		for _, o := range obs {
			if skip := langfuseObservation(&ts, o, line); skip != nil {
				problems = append(problems, skip)
			}
		}
	}
	return assembleTurns(ts, in.damaged, problems)
}

// langfuseTrace reads what a trace-level line (or the same fields of an
// observation in the export) says of its turn: the session, tenant and
// agent.
func langfuseTrace(t *traceTurn, d map[string]any, line int) *SkipError {
	session, skip := langfuseField(d, "session_id", "sessionId", line)
	if skip != nil {
		return skip
	}
	if t.conv == "" {
		t.conv = str(session)
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
	return nil
}

// langfuseObservation reads one observation into its turn; a line that
// names no trace, or gives a field in both spellings with different
// values, is the skip returned.
func langfuseObservation(ts *traceSet, d map[string]any, line int) *SkipError {
	trace, skip := langfuseField(d, "trace_id", "traceId", line)
	if skip != nil {
		return skip
	}
	tr := str(trace)
	if tr == "" {
		return noTraceID(line, "trace_id")
	}
	t := ts.turn(tr, line)
	if skip := langfuseTrace(t, d, line); skip != nil {
		return skip
	}
	parent, skip := langfuseField(d, "parent_observation_id", "parentObservationId", line)
	if skip != nil {
		return skip
	}
	start, skip := langfuseField(d, "start_time", "startTime", line)
	if skip != nil {
		return skip
	}
	startKey := "start_time"
	if get(d, startKey) == nil {
		startKey = "startTime"
	}
	kind := str(get(d, "type"))
	name := fmt.Sprintf("observation %s (%s)", jsonText(get(d, "id")), kind)
	input := t.decodeField(line, name+` "input"`, get(d, "input"))
	output := t.decodeField(line, name+` "output"`, get(d, "output"))
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
		t.generated = firstNonEmpty(t.generated, str(get(output, "content")))
	default:
		if str(parent) == "" {
			t.question = str(get(input, "query"))
			t.answer = firstNonEmpty(str(get(output, "result")), t.answer)
			t.startTime(line, startKey, start)
		}
	}
	return nil
}

// langfuseField reads a field of d in the export's spelling or the
// API's; both, with different values, is a duplicate_key skip: tools
// differ on which one counts.
func langfuseField(d map[string]any, snake, camel string, line int) (any, *SkipError) {
	a, b := get(d, snake), get(d, camel)
	switch {
	case a == nil:
		return b, nil
	case b != nil && jsonText(a) != jsonText(b):
		return nil, &SkipError{Line: line, Reason: ReasonDuplicateKey,
			Detail: fmt.Sprintf("line has both %q and %q, and they differ: tools differ on which one counts", snake, camel)}
	}
	return a, nil
}

// langfuseDocs sorts one document of a Langfuse file into observations
// and traces: a page of the public API holds either in "data", and a
// trace may hold its observations (GET /api/public/traces/{id}), which
// then belong to it.
func langfuseDocs(d map[string]any) (obs, traces []map[string]any) {
	if page, ok := d["data"].([]any); ok && d["type"] == nil {
		for _, e := range page {
			if m, ok := e.(map[string]any); ok {
				o, t := langfuseDocs(m)
				obs, traces = append(obs, o...), append(traces, t...)
			}
		}
		return obs, traces
	}
	if d["type"] != nil || d["trace_id"] != nil || d["traceId"] != nil {
		return []map[string]any{d}, nil
	}
	for _, e := range list(d["observations"]) {
		if m, ok := e.(map[string]any); ok {
			if m["traceId"] == nil && m["trace_id"] == nil {
				m["traceId"] = d["id"]
			}
			obs = append(obs, m)
		}
	}
	return obs, []map[string]any{d}
}

// isLangfuse tells a Langfuse document: an observation of the export
// (trace_id, parent_observation_id, type) or of the public API (traceId,
// type, startTime; a root's parentObservationId is null), alone, in a
// page of the API, or in a trace.
func isLangfuse(d map[string]any) bool {
	obs, _ := langfuseDocs(d)
	for _, o := range obs {
		if o["type"] != nil && (o["trace_id"] != nil && o["parent_observation_id"] != nil || o["traceId"] != nil && o["startTime"] != nil) {
			return true
		}
	}
	return false
}
