package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// An answer whose log holds no retrieval at all cannot be checked: its
// citations are not auditable (no_retrieval_logged), out of the rate, and
// the answer is not said to stand on nothing. An empty retrieval is logged:
// nothing was retrieved, so its citations are fabricated.
func TestNoRetrievalLoggedIsNotFabrication(t *testing.T) {
	answer := "Refunds are accepted within 30 days of delivery [1]. Store credit is issued after that [2]. Shipping is free on every order."
	cases := []struct {
		name      string
		msg       readers.Message
		verdict   string
		reason    string
		status    string
		rateCount int // citations in the rate
	}{
		{"no retrieval logged: not auditable, out of the rate",
			readers.Message{Role: "assistant", Content: answer, NoRetrievalLogged: true, Keys: []string{"content", "contexts", "role"}},
			NotAuditable, reasonNoRetrievalLogged, Answered, 0},
		{"an empty retrieval logged: fabricated, below the floor",
			readers.Message{Role: "assistant", Content: answer, Retrieval: []readers.Chunk{}},
			Fabricated, reasonNotRetrieved, AnsweredBelowFloor, 2},
		{"claims JSON without retrieval logged: not auditable, not rejected",
			readers.Message{Role: "assistant", NoRetrievalLogged: true,
				Content: `{"claims":[{"text":"Refunds are accepted within 30 days.","evidence_ids":["e1"]}]}`},
			NotAuditable, reasonNoRetrievalLogged, Answered, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := &readers.Record{ConversationID: "c", File: "t.jsonl", Line: 1,
				Messages: []readers.Message{{Role: "user", Content: "What is the refund window?"}, tc.msg}}
			res, err := testAuditor.Audit(context.Background(), rec)
			if err != nil {
				t.Fatal(err)
			}
			cited := 0
			for _, f := range res.Findings {
				if !f.Cited() {
					continue
				}
				cited++
				if f.Verdict != tc.verdict || f.SentenceVerdict != tc.verdict || len(f.Reasons) != 1 || f.Reasons[0] != tc.reason ||
					f.AnswerStatus != tc.status {
					t.Errorf("%q [%s]: verdict %s, sentence %s, reasons %v, answer %s", f.Sentence, f.Citation, f.Verdict, f.SentenceVerdict, f.Reasons, f.AnswerStatus)
				}
			}
			if cited == 0 || res.Answers[0].Status != tc.status {
				t.Fatalf("%d citations, answer %+v", cited, res.Answers[0])
			}
			tally := NewTally()
			tally.Add(&res)
			c := tally.Counts()
			by := c.CitationsByVerdict
			if n := by[Supported] + by[Unsupported] + by[Fabricated]; n != tc.rateCount {
				t.Errorf("%d citations in the rate, want %d (%v)", n, tc.rateCount, by)
			}
		})
	}
}
