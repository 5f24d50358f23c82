package readers

// ParseCanonical reads one canonical record (the messages form or the flat
// form: conversation_id, question, answer, retrieval) from its JSON text,
// as the JSONL reader reads a line: a record it would skip is an error
// (a *SkipError without position) saying what was wrong.
func ParseCanonical(b []byte) (Record, error) {
	rec, skip := canonicalRecord(b)
	if skip != nil {
		return Record{}, skip
	}
	return rec, nil
}
