package readers

import (
	"fmt"
	"strings"
	"time"
)

// Record is the canonical conversation: the one contract between readers and
// the audit. Strings in a Record are owned by it (never views into buffers).
type Record struct {
	ConversationID string
	Tenant         string
	Agent          string
	Timestamp      time.Time // zero when the log has none
	Messages       []Message

	// Warnings are problems an adapter noticed but could work around (an
	// offset that did not match its quoted text); they are reported.
	Warnings []string

	// Keys lists the record's top-level keys as logged, sorted, when one
	// of its messages has NoRetrievalLogged: the chunks may be there under
	// a name the reader does not know.
	Keys []string

	// Guardrail is what a runtime guard decided about the answer (a line
	// of its decision log); nil for other logs.
	Guardrail *Guardrail
	// keysRead counts the keys the record's aliased fields were read
	// from (aliases.go); Open moves it into the file's FileStats.
	keysRead *keyTally

	// Provenance: where the record came from, for error messages and reports.
	File string
	Line int // 1-based line (JSONL) or row (Parquet)
	Seq  int // 0-based order of the record across all inputs, for stable sorting
	// Prior is how many leading messages an earlier record of the same
	// conversation held alike (a log that records the whole conversation
	// after every turn): their answers were audited there and are counted
	// as repeated here. Set by the stream (pipeline), never by a reader.
	Prior int
	// Earlier are the answers, with their retrieval, of earlier records
	// of the same conversation (a log of one turn per record): a later
	// turn's citation of a chunk they retrieved resolves to it. Context
	// only, never audited or counted. Set by the stream, as Prior.
	Earlier []Message
	// Regenerated counts the record's answers to a question an earlier
	// record of the conversation answered otherwise (a retry, or an
	// answer regenerated): both are audited, and the run says so. Set by
	// the stream, as Prior.
	Regenerated int
}

// Message is one turn of a conversation.
type Message struct {
	Role      string
	Content   string
	Retrieval []Chunk // chunks retrieved for this (assistant) turn
	// Citations are structured citations given by the provider (spans of
	// the content with the chunks they cite). When present they are
	// audited instead of markers in the text.
	Citations []Citation
	// Embedding is a vector of the whole content logged by the app
	// ("embedding"), used by --embed precomputed.
	Embedding []float32
	// NoRetrievalLogged is set on an assistant turn whose log holds no
	// retrieval at all (no "retrieval" key, or null), as opposed to an
	// empty list (nothing was retrieved): its citations cannot be checked,
	// and are no fabrications.
	NoRetrievalLogged bool
	// RetrievalWhy, beside NoRetrievalLogged, says why the retrieval
	// could not be read and how to log it, when the reader knows better
	// than the message's keys can say (an OpenAI file_search_call logged
	// without its results, a tool's output that is no chunk list).
	RetrievalWhy string
	// Keys lists the message's keys as logged, sorted, when
	// NoRetrievalLogged is set (nil in formats without message objects).
	Keys []string
}

// ChunkID is the id of the message's i-th retrieved chunk: its own, or
// "#n" (1-based) for a chunk logged without one. The one rule for naming
// unnamed chunks: findings, reports and the review page all use it.
func (m *Message) ChunkID(i int) string {
	if id := m.Retrieval[i].ID; id != "" {
		return id
	}
	return fmt.Sprintf("#%d", i+1)
}

// ChunkIndex is the position of the chunk ChunkID names, or -1.
func (m *Message) ChunkIndex(id string) int {
	for i := range m.Retrieval {
		if m.ChunkID(i) == id {
			return i
		}
	}
	return -1
}

// Citation is a claim span of a message with the chunks cited for it.
type Citation struct {
	Start, End int // byte offsets into Message.Content
	ChunkIDs   []string
	Marker     string // as written, when the citation came from a marker
}

// Chunk text statuses: only "full" text can support a claim.
const (
	TextFull      = "full"
	TextTruncated = "truncated"
	TextAbsent    = "absent"
	TextRedacted  = "redacted"
	// TextEmpty: the chunk's text key is there, and empty (or blanks): no
	// logged status says it, the reader does.
	TextEmpty = "empty"
)

// LoggedStatus is the chunk's text status as a log writes it: "empty" is
// the reader's finding of an empty text, not a status a log holds, so it
// is written as none (the empty text says it again when read back).
func (c *Chunk) LoggedStatus() string {
	if c.Status == TextEmpty {
		return ""
	}
	return c.Status
}

// Chunk is one retrieved passage.
type Chunk struct {
	ID     string
	Source string
	Text   string
	Score  *float64 // nil when the retriever logged no score
	Status string   // text status: "" or "full", "truncated", "absent", "redacted", "empty"
	// Embedding is the chunk's vector as logged by the retriever, used by
	// --embed precomputed.
	Embedding []float32
	// NoID: the log names no id for the chunk; its ID, if any, is its
	// place in the list. A marker naming an id ("[doc-1]") can then be
	// neither matched with it nor told fabricated.
	NoID bool
	// Keys lists the chunk's keys as logged, sorted, when it is an object
	// with no text under any key the reader knows and no text status:
	// its text may be under a key of the application's own, which a
	// warning can then name. Nil otherwise.
	Keys []string
}

// LoggedID is the id the log names the chunk by, "" for none (NoID): a
// place in the list is no id.
func (c *Chunk) LoggedID() string {
	if c.NoID {
		return ""
	}
	return c.ID
}

// TextStatus is the chunk's text status as the audit reads it — the one
// rule: a status other than full is kept as given, a full text that is
// only blanks is absent (a logger's placeholder, not evidence), and a text
// logged without a status that ends the way a logger cuts one is
// truncated (CutInText).
func (c *Chunk) TextStatus() string {
	switch {
	case c.Status != "" && c.Status != TextFull:
		return c.Status
	case strings.TrimSpace(c.Text) == "":
		return TextAbsent
	case c.CutInText():
		return TextTruncated
	}
	return TextFull
}

// Skip reasons. They are stable strings: they appear in summary.json.
const (
	ReasonMalformedJSON    = "malformed_json"
	ReasonWrongType        = "wrong_field_type"
	ReasonMissingField     = "missing_field"
	ReasonMissingContent   = "missing_content"
	ReasonInvalidUTF8      = "invalid_utf8"
	ReasonLineTooLong      = "line_too_long"
	ReasonTruncatedGzip    = "truncated_input"
	ReasonBadTimestamp     = "bad_timestamp"
	ReasonNoAssistantTurn  = "no_assistant_message"
	ReasonDuplicate        = "duplicate_record"   // the same conversation and messages were read before
	ReasonTooManySentences = "too_many_sentences" // more sentences than one record may have audited (audit.MaxSentences)
	ReasonDuplicateKey     = "duplicate_key"      // one object names a field twice (or, in canonical records, in two cases)
	ReasonOtherFormat      = "other_format"       // a record of another format than the one the input is read as
	ReasonUndated          = "undated"            // no timestamp, with --last, among records that have one
)

// SkipError describes one input record that was read but cannot be audited.
// Readers yield it in place of a Record and carry on with the next one.
type SkipError struct {
	File   string
	Line   int
	Reason string // one of the Reason constants
	Detail string // what was wrong, for people
}

// skipf is a skip without its position, which the reader adds.
func skipf(reason, format string, args ...any) *SkipError {
	return &SkipError{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

func (e *SkipError) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Reason, e.Detail)
}
