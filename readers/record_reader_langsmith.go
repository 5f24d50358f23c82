package readers

// langsmith: runs (chain root, retriever, llm) linked by trace_id; the
// conversation is extra.metadata.thread_id (session_id is the project).
func langsmith(in traceInput) ([]Record, []*SkipError) {
	var ts traceSet
	var problems []*SkipError
	for i, d := range in.docs {
		tr := str(get(d, "trace_id"))
		if tr == "" {
			problems = append(problems, noTraceID(in.lines[i], "trace_id"))
			continue
		}
		t := ts.turn(tr, in.lines[i])
		t.conv = firstNonEmpty(t.conv, str(get(d, "extra", "metadata", "thread_id")))
		t.tenant = firstNonEmpty(t.tenant, str(get(d, "extra", "metadata", "tenant")))
		switch str(get(d, "run_type")) {
		case "retriever":
			t.retrieved = true
			for _, doc := range list(get(d, "outputs", "documents")) {
				t.docs = append(t.docs, Chunk{ID: str(get(doc, "metadata", "chunk_id")), Source: str(get(doc, "metadata", "source")),
					Text: str(get(doc, "page_content")), Score: score(get(doc, "metadata", "relevance_score"))})
			}
		case "llm":
			for _, m := range list(get(d, "inputs", "messages", 0)) {
				if str(get(m, "kwargs", "type")) == "system" {
					t.prompt = str(get(m, "kwargs", "content"))
				}
			}
			t.answer = firstNonEmpty(t.answer, str(get(d, "outputs", "generations", 0, 0, "text")))
		default:
			if get(d, "parent_run_id") == nil {
				t.question = str(get(d, "inputs", "query"))
				t.answer = firstNonEmpty(str(get(d, "outputs", "result")), t.answer)
				t.startTime(in.lines[i], "start_time", get(d, "start_time"))
			}
		}
	}
	return assembleTurns(ts, in.damaged, problems)
}
