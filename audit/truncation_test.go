package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A chunk whose text ends cut by the logger is read as truncated: its
// partial last word never supports a claim about the cut part, and the
// chunks so read are counted for the note.
func TestChunkCutByTheLoggerIsNotJudgedAsWhole(t *testing.T) {
	cases := []struct {
		name    string
		answer  string
		chunk   string
		verdict string
		cut     int
	}{
		{"a claim about the cut part of a German chunk is not auditable",
			"Artikel müssen unbenutzt und originalverpackt sein, mit Kassenbon [1].",
			"Rücksendungen sind 30 Tage lang möglich. Artikel müssen unbenutzt und originalverp…", NotAuditable, 1},
		{"a claim about a chunk cut with a truncated label is not auditable",
			"Items must be unused and in their original packaging, with the receipt [1].",
			"Refunds are accepted within 30 days of delivery. Items must be unused and in the orig... [truncated]", NotAuditable, 1},
		{"a whole chunk ending in a full stop is judged",
			"Refunds are accepted within 30 days of delivery [1].",
			"Refunds are accepted within 30 days of delivery.", Supported, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := &readers.Record{ConversationID: "c", File: "t.jsonl", Line: 1, Messages: []readers.Message{
				{Role: "user", Content: "?"},
				{Role: "assistant", Content: tc.answer, Retrieval: []readers.Chunk{{ID: "1", Text: tc.chunk}}}}}
			res, err := testAuditor.Audit(context.Background(), rec)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != 1 || res.Findings[0].Verdict != tc.verdict {
				t.Fatalf("findings %+v, want one %s", res.Findings, tc.verdict)
			}
			if tc.verdict == NotAuditable && res.Findings[0].Reasons[0] != reasonChunkTextTruncated {
				t.Errorf("reasons %v, want %s", res.Findings[0].Reasons, reasonChunkTextTruncated)
			}
			tally := NewTally()
			tally.Add(&res)
			if n := tally.Counts().ChunksCutInText; n != tc.cut {
				t.Errorf("cited chunks cut in text %d, want %d", n, tc.cut)
			}
		})
	}
}
