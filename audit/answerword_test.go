package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A cited sentence that is only an answer word says nothing the chunk can
// be checked against without the question: not auditable, counted as
// unchecked, whether the answer is right ("Yes") or wrong ("No").
func TestAnswerWordOnlyIsNotAuditable(t *testing.T) {
	chunk := []readers.Chunk{{ID: "1", Text: "Opened items can be returned within 14 days."}}
	cases := []struct {
		name, answer string
		chunks       []readers.Chunk
		verdict      string
		reason       string
	}{
		{"a yes citing a retrieved chunk is not auditable", "Yes [1].", chunk, NotAuditable, reasonAnswerWordOnly},
		{"a wrong no citing the same chunk gets the same verdict", "No [1].", chunk, NotAuditable, reasonAnswerWordOnly},
		{"a German ja, das geht is not auditable", "Ja, das geht [1].", []readers.Chunk{{ID: "1", Text: "Geöffnete Artikel können innerhalb von 14 Tagen zurückgegeben werden."}}, NotAuditable, reasonAnswerWordOnly},
		{"a yes citing no retrieved chunk is still fabricated", "Yes [7].", chunk, Fabricated, reasonNotRetrieved},
		{"a yes with a checkable claim is judged", "Yes, opened items can be returned within 14 days [1].", chunk, Supported, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := &readers.Record{ConversationID: "c", File: "t.jsonl", Line: 1, Messages: []readers.Message{
				{Role: "user", Content: "Can I return opened items?"},
				{Role: "assistant", Content: tc.answer, Retrieval: tc.chunks}}}
			res, err := testAuditor.Audit(context.Background(), rec)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != 1 {
				t.Fatalf("findings %+v", res.Findings)
			}
			f := res.Findings[0]
			reason := ""
			if len(f.Reasons) > 0 {
				reason = f.Reasons[0]
			}
			if f.Verdict != tc.verdict || f.SentenceVerdict != tc.verdict || reason != tc.reason {
				t.Errorf("verdict %s (sentence %s) reasons %v, want %s %s", f.Verdict, f.SentenceVerdict, f.Reasons, tc.verdict, tc.reason)
			}
			tally := NewTally()
			tally.Add(&res)
			if tc.reason == reasonAnswerWordOnly && tally.Counts().ByReason[reasonAnswerWordOnly] != 1 {
				t.Errorf("by reason %v", tally.Counts().ByReason)
			}
		})
	}
}
