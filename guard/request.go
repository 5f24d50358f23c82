package guard

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// Chunk is one retrieved passage: id, source, text, score (for the
// floor) and text status, as in the canonical log.
type Chunk = readers.Chunk

// Request is one answer to check, with what was retrieved for it.
type Request struct {
	ConversationID string
	Tenant, Agent  string
	Question       string // the last user turn: logged with the decision
	// Retrieval is what the answer may cite; nil means not provided, and
	// its citations cannot be checked (unverifiable, never pass). An
	// empty, non-nil list means nothing was retrieved.
	Retrieval []Chunk
	// Answer is the text with its markers, or claims JSON
	// ({"claims":[{"text":…,"evidence_ids":[…]}]}).
	Answer string
	// Citations are a provider's structured citations (spans of Answer
	// with the chunks they cite), audited instead of markers.
	Citations []readers.Citation
	// Earlier are the conversation's messages before the answer, when an
	// earlier turn retrieved chunks: a citation naming none of its own
	// turn's is judged against them, as the audit of the conversation
	// judges it ("As mentioned, … [kb-1]"). Their answers are not checked.
	Earlier []readers.Message
}

// ParseRequest reads a request from JSON: a canonical record (its last
// assistant message is the answer, the user turn before it the question)
// or its flat form, which is the short form of the HTTP API:
//
//	{"conversation_id":"c-1","tenant":"acme","question":"…","answer":"… [1].",
//	 "retrieval":[{"id":"1","source":"faq.md","text":"…","score":0.82}]}
//
// The error says what was wrong, as the audit says it of a log line.
func ParseRequest(b []byte) (Request, error) {
	rec, err := readers.ParseCanonical(b)
	if err != nil {
		var skip *readers.SkipError
		if errors.As(err, &skip) {
			return Request{}, fmt.Errorf("%s: %s", skip.Reason, skip.Detail)
		}
		return Request{}, err
	}
	return RequestOf(&rec), nil
}

// RequestOf is the request of a record's answer: its last assistant
// message, with the assistant messages just before it that no user turn
// parts from it (an answer logged in two parts, "… € 39 [kb-1]." then
// "… retourneren [kb-2]."), joined by a blank line, their retrievals
// merged: a part is never left unchecked.
func RequestOf(rec *readers.Record) Request {
	r := Request{ConversationID: rec.ConversationID, Tenant: rec.Tenant, Agent: rec.Agent}
	last := -1
	for i := range rec.Messages {
		if rec.Messages[i].Role == "assistant" {
			last = i
		}
	}
	if last < 0 {
		return r
	}
	first := last // the first message of the answer
	for i := last - 1; i >= 0 && rec.Messages[i].Role != "user"; i-- {
		if rec.Messages[i].Role == "assistant" {
			first = i
		}
	}
	logged := false
	seen := map[string]bool{}
	for i := first; i <= last; i++ {
		m := &rec.Messages[i]
		if m.Role != "assistant" {
			continue
		}
		if m.Content != "" {
			if r.Answer != "" {
				r.Answer += "\n\n"
			}
			for _, c := range m.Citations {
				c.Start, c.End = c.Start+len(r.Answer), c.End+len(r.Answer)
				r.Citations = append(r.Citations, c)
			}
			r.Answer += m.Content
		}
		logged = logged || !m.NoRetrievalLogged
		for _, c := range m.Retrieval {
			if !seen[c.ID] {
				seen[c.ID] = true
				r.Retrieval = append(r.Retrieval, c)
			}
		}
	}
	if logged && r.Retrieval == nil {
		r.Retrieval = []Chunk{} // non-nil: provided, and empty
	} else if !logged {
		r.Retrieval = nil
	}
	for i := first - 1; i >= 0; i-- {
		if rec.Messages[i].Role == "user" {
			r.Question = rec.Messages[i].Content
			break
		}
	}
	for i := range first {
		if m := &rec.Messages[i]; m.Role == "assistant" && len(m.Retrieval) > 0 {
			r.Earlier = slices.Clone(rec.Messages[:first])
			break
		}
	}
	return r
}

// record is the one-answer record the auditor checks and the log holds:
// the question, then the assistant message with content.
func (r *Request) record(content string, citations []readers.Citation, ts time.Time) *readers.Record {
	id := r.ConversationID
	rec := &readers.Record{ConversationID: id, Tenant: r.Tenant, Agent: r.Agent, Timestamp: ts, File: "request", Line: 1}
	switch {
	case len(r.Earlier) > 0:
		// The turns before, as context: their answers are not audited.
		rec.Messages, rec.Prior = slices.Clone(r.Earlier), len(r.Earlier)
	case r.Question != "":
		rec.Messages = append(rec.Messages, readers.Message{Role: "user", Content: r.Question})
	}
	rec.Messages = append(rec.Messages, readers.Message{Role: "assistant", Content: content, Retrieval: r.Retrieval,
		Citations: citations, NoRetrievalLogged: r.Retrieval == nil})
	return rec
}
