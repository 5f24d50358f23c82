package readers

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// envelope fills the record fields the app's logger wraps around a
// provider response, by the rule of every format (fields.go). A logged_at
// that is not a time skips the document as bad_timestamp, as in canonical
// records: undated, it would silently fall out of --last and the report's
// period.
func envelope(d map[string]any, rec *Record) error {
	log, _ := get(d, "_log").(map[string]any)
	for _, f := range []struct {
		key string
		dst *string
	}{{"conversation_id", &rec.ConversationID}, {"tenant", &rec.Tenant}, {"agent", &rec.Agent}} {
		var skip *SkipError
		if *f.dst, _, skip = textField(log, f.key); skip != nil {
			skip.Detail = "_log: " + skip.Detail
			return skip
		}
	}
	ts, err := textTime("_log.logged_at", get(d, "_log", "logged_at"))
	rec.Timestamp = ts
	return err
}

// textTime parses an optional timestamp field (RFC 3339 and the variants
// ParseTimestamp takes); absent or "" is no time, anything else that is
// not a time is a bad_timestamp skip.
func textTime(field string, v any) (time.Time, error) {
	if v == nil || v == "" {
		return time.Time{}, nil
	}
	ts, err := ParseTimestamp(str(v))
	if err != nil {
		return time.Time{}, badTime(field, v, "want RFC 3339, e.g. 2026-05-12T14:03:00Z")
	}
	return ts, nil
}

// badTime is the skip of a document whose timestamp field is not a time.
func badTime(field string, v any, want string) *SkipError {
	shown, _ := json.Marshal(v)
	return &SkipError{Reason: ReasonBadTimestamp, Detail: fmt.Sprintf("%s %s: %s", field, shown, want)}
}

// fileResults gathers file_search results by file. A file_citation names a
// file, not one of its results, so the results of a file are one chunk
// (the file's id, its texts joined, the best score): a claim citing the
// file counts once and is judged against the file's best-matching part,
// where scoring each result as its own citation failed a correct claim
// on every result that did not hold it.
type fileResults struct {
	chunks []Chunk
	at     map[string]int // file id → index in chunks
}

func (f *fileResults) add(file string, c Chunk) {
	if file == "" {
		f.chunks = append(f.chunks, c)
		return
	}
	if f.at == nil {
		f.at = map[string]int{}
	}
	i, ok := f.at[file]
	if !ok {
		c.ID = file
		f.at[file] = len(f.chunks)
		f.chunks = append(f.chunks, c)
		return
	}
	m := &f.chunks[i]
	m.Text += "\n\n" + c.Text
	if c.Score != nil && (m.Score == nil || *c.Score > *m.Score) {
		m.Score = c.Score
	}
	if m.Source != c.Source && c.Source != "" {
		m.Source = strings.TrimPrefix(m.Source+", "+c.Source, ", ")
	}
}

// sentenceStart finds where the sentence ending at end begins.
func sentenceStart(s string, end int) int {
	for i := end - 2; i > 0; i-- {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?' || s[i] == '\n') && (s[i+1] == ' ' || s[i+1] == '\n') {
			j := i + 1
			for j < end && (s[j] == ' ' || s[j] == '\n') {
				j++
			}
			return j
		}
	}
	return 0
}

// dropEmptySpans drops, with a warning, the citations an adapter made
// with an empty span (an empty text block that carries citations, a
// sentence start found at the span's end): an empty claim cannot be
// audited, and the canonical readers refuse one, so a converted copy
// would not read back.
func dropEmptySpans(rec *Record) {
	for mi := range rec.Messages {
		m := &rec.Messages[mi]
		kept := m.Citations[:0]
		for _, c := range m.Citations {
			if c.Start >= c.End {
				rec.Warnings = append(rec.Warnings, fmt.Sprintf("messages[%d]: citation of %v has an empty span (%d-%d); citation dropped", mi, c.ChunkIDs, c.Start, c.End))
				continue
			}
			kept = append(kept, c)
		}
		m.Citations = kept
	}
}

// spanOf reads a provider's claim span from the fields named start and end
// of v. A start left out is 0 (Gemini omits it then), an end left out, an
// offset that is not a whole number, or an empty span is an error: an
// empty claim has no sentence to audit, so the caller drops the citation
// with a warning, as it does a span outside the text.
func spanOf(v any, startField, endField string) (start, end int, err error) {
	if sv := get(v, startField); sv != nil {
		var ok bool
		if start, ok = num(sv); !ok {
			return 0, 0, fmt.Errorf("%s %s is not a whole number; citation dropped", startField, jsonText(sv))
		}
	}
	ev := get(v, endField)
	end, ok := num(ev)
	switch {
	case ev == nil:
		return 0, 0, fmt.Errorf("no %s: the claim's span is unknown; citation dropped", endField)
	case !ok:
		return 0, 0, fmt.Errorf("%s %s is not a whole number; citation dropped", endField, jsonText(ev))
	case end == start:
		return 0, 0, fmt.Errorf("span %d-%d is empty; citation dropped", start, end)
	}
	return start, end, nil
}

// requireID refuses a converted document without a conversation id or an
// answer, or with invalid UTF-8 in its text.
func requireID(rec Record) error {
	if rec.ConversationID == "" {
		return fmt.Errorf("no conversation id (the logger's _log.conversation_id or the response id)")
	}
	answered := false
	for _, m := range rec.Messages {
		if !utf8.ValidString(m.Content) {
			return fmt.Errorf("invalid UTF-8 in the answer")
		}
		answered = answered || (m.Role == "assistant" && strings.TrimSpace(m.Content) != "")
	}
	if !answered {
		return fmt.Errorf("no answer text where this format keeps it (is --format right?)")
	}
	return nil
}

// unixTime fills a missing timestamp from an optional Unix-time field,
// its unit taken from its size as for canonical timestamps
// (unixByMagnitude); a value that is not one, or out of range, is a
// bad_timestamp skip.
func unixTime(rec *Record, field string, v any) error {
	if v == nil || v == "" || !rec.Timestamp.IsZero() {
		return nil
	}
	ts, ok := num(v)
	if !ok {
		return badTime(field, v, "want a Unix time")
	}
	t, err := ParseTimestamp(strconv.Itoa(ts)) // the canonical rules: by size, 0 and negatives refused
	if err != nil {
		return badTime(field, v, err.Error())
	}
	rec.Timestamp = t
	return nil
}
