package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// A turn is the n-th assistant answer of the record, a sentence the n-th
// of its answer, both from 1; a record of one answer names no turn.
func TestPlaceCountsTurnsAndSentencesFromOne(t *testing.T) {
	msgs := func(roles ...string) *readers.Record {
		rec := &readers.Record{}
		for _, r := range roles {
			rec.Messages = append(rec.Messages, readers.Message{Role: r})
		}
		return rec
	}
	cases := []struct {
		name          string
		rec           *readers.Record
		msg, sentence int
		want          string
		turn          int
	}{
		{"one answer names its sentence alone", msgs("user", "assistant"), 1, 0, "sentence 1", 1},
		{"the second answer of a conversation is turn 2", msgs("system", "user", "assistant", "user", "assistant"), 4, 2, "turn 2, sentence 3", 2},
		{"tool messages between answers are not turns", msgs("user", "assistant", "tool", "assistant"), 3, 0, "turn 2, sentence 1", 2},
		{"the first answer of several is turn 1", msgs("user", "assistant", "user", "assistant"), 1, 4, "turn 1, sentence 5", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			turns := TurnsOf(tc.rec)
			p := turns.Place(&audit.Finding{MessageIndex: tc.msg, SentenceIndex: tc.sentence})
			if p.String() != tc.want || p.Turn != tc.turn || turns.Turn(tc.msg) != tc.turn {
				t.Errorf("got %q (turn %d), want %q (turn %d)", p, p.Turn, tc.want, tc.turn)
			}
		})
	}
}

// Every place a person reads numbers a finding of a multi-turn record the
// same way: the card, the JUnit case and its message, findings.csv and
// findings.jsonl (turn, sentence_number beside the 0-based indexes).
func TestEveryOutputNumbersTheTurnTheSameWay(t *testing.T) {
	res := &audit.Result{Record: &readers.Record{ConversationID: "c-9", File: "logs.jsonl", Line: 3, Timestamp: day1,
		Messages: []readers.Message{{Role: "user", Content: "Hi?"}, {Role: "assistant", Content: "Hello. Refunds take 30 days [1]."},
			{Role: "user", Content: "And the fee?"}, {Role: "assistant", Content: "Shipping is free. The fee is €15 [1]."}}},
		Answers: []audit.Answer{{MessageIndex: 1}, {MessageIndex: 3}}}
	s := audit.Score(0.1)
	res.Findings = []audit.Finding{{ConversationID: "c-9", Source: "logs.jsonl:3", MessageIndex: 3, SentenceIndex: 1,
		Sentence: "The fee is €15 [1].", CharStart: 18, CharEnd: 37, Marker: "[1]", Citation: "1", ChunkID: id("1"),
		Verdict: audit.Unsupported, Reasons: []string{"low_similarity"}, SupportScore: &s}}
	const want = "turn 2, sentence 2"

	page := render(t, 0, res)
	if cs := cards(page); len(cs) != 1 || !strings.Contains(cs[0], "At "+want+", marker [1]") {
		t.Errorf("the card does not say %q:\n%s", want, cs)
	}

	var jsonl, csv bytes.Buffer
	j := NewFindingsJSONL(&jsonl)
	c, _ := NewFindingsCSV(&csv)
	turns := TurnsOf(res.Record)
	j.Write(res.Findings, turns)
	c.Write(res.Findings, turns)
	j.Flush()
	c.Flush()
	if !strings.Contains(jsonl.String(), `"message_index":3,"sentence_index":1,"turn":2,"sentence_number":2,`) {
		t.Errorf("findings.jsonl: %s", jsonl.String())
	}
	if !strings.HasPrefix(csv.String(), "conversation_id,tenant,agent,timestamp,source,message_index,sentence_index,turn,sentence_number,") ||
		!strings.Contains(csv.String(), "logs.jsonl:3,3,1,2,2,") {
		t.Errorf("findings.csv: %s", csv.String())
	}

	var w worstList
	w.n = 1
	w.add(&res.Findings[0], turns.Place(&res.Findings[0]))
	if got := w.list(); len(got) != 1 || got[0].Place != want {
		t.Errorf("worst failures: %+v", got)
	}
}
