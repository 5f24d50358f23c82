package report

import (
	"fmt"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Place is where a finding stands in its record as people count: the
// record's n-th assistant answer (its turn) and the n-th sentence of that
// answer, both from 1. Findings keep message_index and sentence_index
// (0-based, a public contract) and add turn and sentence_number; JUnit,
// report.html, the text summary and the annotations say a Place.
type Place struct {
	Turn     int // the n-th assistant answer of the record, from 1
	Turns    int // how many assistant answers the record holds
	Sentence int // the n-th sentence (claim) of the answer, from 1
}

// String says the place: "turn 2, sentence 3", or "sentence 3" when the
// record holds one answer (a log of one turn per record cannot say which
// turn of the conversation it is, so no turn is named there).
func (p Place) String() string {
	if p.Turns > 1 {
		return fmt.Sprintf("turn %d, sentence %d", p.Turn, p.Sentence)
	}
	return fmt.Sprintf("sentence %d", p.Sentence)
}

// Turns numbers the assistant answers of one record: the one rule of what
// a turn is.
type Turns struct {
	of []int // message index → its turn (0: not an assistant message)
	n  int
}

// TurnsOf counts the assistant answers of rec in order.
func TurnsOf(rec *readers.Record) Turns {
	t := Turns{of: make([]int, len(rec.Messages))}
	for i := range rec.Messages {
		if rec.Messages[i].Role == "assistant" {
			t.n++
			t.of[i] = t.n
		}
	}
	return t
}

// Count is how many assistant answers the record holds.
func (t Turns) Count() int { return t.n }

// Turn is the turn of the message at index i (0 when it is not an
// assistant answer of the record).
func (t Turns) Turn(i int) int {
	if i < 0 || i >= len(t.of) {
		return 0
	}
	return t.of[i]
}

// Place is where f stands.
func (t Turns) Place(f *audit.Finding) Place {
	return Place{Turn: t.Turn(f.MessageIndex), Turns: t.n, Sentence: f.SentenceIndex + 1}
}
