package readers

import (
	"regexp"
	"strings"
	"testing"
)

// A Ragas-style export is read natively (it failed as "conversation_id
// missing"): the question, the answer, the contexts as chunks "1", "2", …
// in list order, so that [n] cites the n-th context, and an id from a hash
// of the row, the same on every run.
func TestARagasExportReadsAsQuestionAnswerAndContexts(t *testing.T) {
	o := collect(Open("../testdata/formats/ragas-style-eval-export.jsonl", Options{}, nil))
	if o.fatal != nil || len(o.skips) != 0 || len(o.records) != 1 {
		t.Fatalf("%d records, skips %v, error %v", len(o.records), o.skips, o.fatal)
	}
	rec := o.records[0]
	if !regexp.MustCompile(`^row-[0-9a-f]{12}$`).MatchString(rec.ConversationID) || rec.Line != 1 {
		t.Errorf("id %q at line %d", rec.ConversationID, rec.Line)
	}
	q, a := rec.Messages[0], rec.Messages[1]
	if q.Role != "user" || !strings.HasPrefix(q.Content, "I bought a kettle") || a.Role != "assistant" || !strings.HasSuffix(a.Content, "two years [2].") {
		t.Errorf("messages %+v", rec.Messages)
	}
	if len(a.Retrieval) != 2 || a.Retrieval[0].ID != "1" || a.Retrieval[1].ID != "2" || !strings.HasPrefix(a.Retrieval[1].Text, "All Acme kettles") || a.NoRetrievalLogged {
		t.Errorf("chunks %+v", a.Retrieval)
	}
	again := collect(Open("../testdata/formats/ragas-style-eval-export.jsonl", Options{Format: "ragas"}, nil))
	if len(again.records) != 1 || again.records[0].ConversationID != rec.ConversationID {
		t.Errorf("the id is not stable: %+v", again.records)
	}
}

// Rows of a Ragas export follow the rules of every format: an id, tenant
// or time given is used; a missing answer, a context that is not text or
// a key given twice skips the row; no retrieved_contexts is no retrieval
// logged.
func TestRagasRowsFollowTheFieldRules(t *testing.T) {
	const q, a = `"user_input":"Refund?",`, `"response":"30 days [1]."`
	cases := []struct {
		name, row string
		reason    string
		check     func(t *testing.T, r Record)
	}{
		{"an id, tenant and time given", `{"conversation_id":7,"tenant":"acme","timestamp":"2026-05-12T10:00:00Z",` + q + a + `,"retrieved_contexts":["Refunds within 30 days."]}`, "",
			func(t *testing.T, r Record) {
				if r.ConversationID != "7" || r.Tenant != "acme" || r.Timestamp.IsZero() {
					t.Errorf("record %+v", r)
				}
			}},
		{"no retrieved_contexts", `{` + q + a + `}`, "",
			func(t *testing.T, r Record) {
				if m := r.Messages[1]; !m.NoRetrievalLogged || strings.Join(m.Keys, ",") != "response,user_input" {
					t.Errorf("message %+v: want no retrieval logged, with its keys", m)
				}
			}},
		{"an empty answer", `{` + q + `"response":"","retrieved_contexts":[]}`, ReasonMissingContent, nil},
		{"a context that is an object", `{` + q + a + `,"retrieved_contexts":[{"text":"x"}]}`, ReasonWrongType, nil},
		{"contexts that are text, not a list", `{` + q + a + `,"retrieved_contexts":"Refunds within 30 days."}`, ReasonWrongType, nil},
		{"a multi-turn user_input", `{"user_input":[{"content":"Refund?"}],` + a + `}`, ReasonWrongType, nil},
		{"the answer given twice", `{` + q + a + `,"response":"The moon is cheese [1].","retrieved_contexts":[]}`, ReasonDuplicateKey, nil},
		{"a bad time", `{"timestamp":"yesterday",` + q + a + `}`, ReasonBadTimestamp, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "r.jsonl", []byte(tc.row+"\n")), Options{Format: "ragas"}, nil))
			if tc.reason != "" {
				if len(o.skips) != 1 || o.skips[0].Reason != tc.reason || o.skips[0].Line != 1 {
					t.Fatalf("skips %v, records %d: want one %s", o.skips, len(o.records), tc.reason)
				}
				return
			}
			if len(o.records) != 1 || o.fatal != nil {
				t.Fatalf("records %d, skips %v, error %v", len(o.records), o.skips, o.fatal)
			}
			tc.check(t, o.records[0])
		})
	}
}
