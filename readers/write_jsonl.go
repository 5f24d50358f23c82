package readers

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"time"
	"unicode/utf8"
)

// Writer writes canonical records (ragaudit convert).
type Writer interface {
	Write(rec *Record) error
	Close() error // flushes; does not close the underlying writer
}

type wireChunk struct {
	ID         string    `json:"id,omitempty"`
	Source     string    `json:"source,omitempty"`
	Text       *string   `json:"text"` // null: the source logged no text (Chunk.Keys)
	Score      *float64  `json:"score,omitempty"`
	TextStatus string    `json:"text_status,omitempty"`
	Embedding  []float32 `json:"embedding,omitempty"`
}

type wireMessage struct {
	Role       string         `json:"role"`
	Content    string         `json:"content"`
	Retrieval  *[]wireChunk   `json:"retrieval,omitempty"` // [] when logged empty, left out when not logged
	OffsetUnit string         `json:"offset_unit,omitempty"`
	Citations  []wireCitation `json:"citations,omitempty"`
	Embedding  []float32      `json:"embedding,omitempty"`
}

type wireCitation struct {
	Marker    string   `json:"marker,omitempty"`
	ClaimSpan wireSpan `json:"claim_span"` // code points
	ChunkIDs  []string `json:"chunk_ids"`
	Text      string   `json:"text"`
}

type wireSpan struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

type wireRecord struct {
	ConversationID string        `json:"conversation_id"`
	Tenant         string        `json:"tenant,omitempty"`
	Agent          string        `json:"agent,omitempty"`
	Timestamp      string        `json:"timestamp,omitempty"`
	Messages       []wireMessage `json:"messages"`
	Warnings       []string      `json:"warnings,omitempty"` // the source adapter's
	Guardrail      *Guardrail    `json:"guardrail,omitempty"`
}

func toWire(rec *Record) wireRecord {
	w := wireRecord{ConversationID: rec.ConversationID, Tenant: rec.Tenant, Agent: rec.Agent, Messages: []wireMessage{}, Warnings: rec.Warnings, Guardrail: rec.Guardrail}
	if !rec.Timestamp.IsZero() {
		w.Timestamp = rec.Timestamp.Format(time.RFC3339Nano)
	}
	for _, m := range rec.Messages {
		wm := wireMessage{Role: m.Role, Content: m.Content, Embedding: m.Embedding}
		if len(m.Retrieval) > 0 || m.Role == "assistant" && !m.NoRetrievalLogged {
			chunks := make([]wireChunk, 0, len(m.Retrieval))
			for _, c := range m.Retrieval {
				wc := wireChunk{ID: c.LoggedID(), Source: c.Source, Score: c.Score, TextStatus: c.LoggedStatus(), Embedding: c.Embedding}
				if c.Text != "" || c.Keys == nil {
					wc.Text = &c.Text // a chunk logged without text stays so, not empty text
				}
				chunks = append(chunks, wc)
			}
			wm.Retrieval = &chunks
		}
		for _, c := range m.Citations {
			wm.OffsetUnit = "codepoint"
			a := utf8.RuneCountInString(m.Content[:c.Start])
			wm.Citations = append(wm.Citations, wireCitation{Marker: c.Marker, ChunkIDs: c.ChunkIDs, Text: m.Content[c.Start:c.End],
				ClaimSpan: wireSpan{Start: a, End: a + utf8.RuneCountInString(m.Content[c.Start:c.End])}})
		}
		w.Messages = append(w.Messages, wm)
	}
	return w
}

type jsonlWriter struct {
	bw  *bufio.Writer
	enc *json.Encoder
}

// NewJSONLWriter writes canonical JSONL, one conversation per line.
func NewJSONLWriter(w io.Writer) Writer {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	return &jsonlWriter{bw: bw, enc: enc}
}

func (j *jsonlWriter) Write(rec *Record) error {
	if err := checkWritableTime(rec); err != nil {
		return err
	}
	w := toWire(rec)
	return j.enc.Encode(&w)
}

// checkWritableTime refuses a timestamp the readers would refuse when
// reading the copy back (a reader that did not check it, say): a
// converted file must audit as its source does.
func checkWritableTime(rec *Record) error {
	if rec.Timestamp.IsZero() {
		return nil
	}
	if err := checkTimeRange(rec.Timestamp); err != nil {
		return fmt.Errorf("%s:%d: conversation %q: timestamp %v: cannot be written", rec.File, rec.Line, rec.ConversationID, err)
	}
	return nil
}

func (j *jsonlWriter) Close() error { return j.bw.Flush() }
