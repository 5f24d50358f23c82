package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A citation naming no chunk of its own turn resolves against the chunks
// retrieved earlier in the conversation, the latest turn first, by id or
// source; a bare number stays in its own turn.
func TestCitationsResolveAgainstEarlierTurns(t *testing.T) {
	warranty := []readers.Chunk{{ID: "kb-warranty", Source: "kb-warranty.md", Text: "The warranty lasts 2 years from the date of purchase."}}
	numbered := []readers.Chunk{{ID: "1", Text: "Payment is due on the 1st."}, {ID: "2", Text: "We accept SEPA."}, {ID: "3", Text: "Late fees are 5 euros."}}
	returns := []readers.Chunk{{ID: "kb-returns", Text: "Returns are free for all orders."}}
	ans := func(content string, chunks []readers.Chunk) readers.Message {
		return readers.Message{Role: "assistant", Content: content, Retrieval: chunks, NoRetrievalLogged: chunks == nil}
	}
	cases := []turnCase{
		{"a faithful re-citation of an earlier turn's chunk is supported, not fabricated",
			ans("The warranty lasts 2 years [kb-warranty].", warranty),
			ans("The warranty lasts 2 years [kb-warranty].", returns), Supported, resolvedByEarlierTurn, "kb-warranty", 1},
		{"a wrong fact citing an earlier turn's chunk is unsupported, not fabricated",
			ans("The warranty lasts 2 years [kb-warranty].", warranty),
			ans("The warranty lasts 5 years [kb-warranty].", returns), Unsupported, resolvedByEarlierTurn, "kb-warranty", 1},
		{"a turn without retrieval citing an earlier turn's chunk is checked against it",
			ans("The warranty lasts 2 years [kb-warranty].", warranty),
			ans("As mentioned, the warranty lasts 5 years [kb-warranty].", nil), Unsupported, resolvedByEarlierTurn, "kb-warranty", 1},
		{"an earlier turn's source name resolves like its id",
			ans("The warranty lasts 2 years [kb-warranty].", warranty),
			ans("The warranty lasts 2 years [kb-warranty.md].", returns), Supported, resolvedByEarlierTurn, "kb-warranty", 1},
		{"a position marker never reaches into another turn",
			ans("Late fees are 5 euros [3].", numbered),
			ans("Late fees are 15 euros [3].", numbered[:2]), Fabricated, "", "", 0},
		{"a turn that logs no retrieval reads a position in the latest earlier retrieval",
			ans("Late fees are 5 euros [3].", numbered),
			ans("Late fees are 5 euros [3].", nil), Supported, resolvedByEarlierTurn, "3", 1},
		{"a turn that logs no retrieval citing a position past it stays not auditable",
			ans("Late fees are 5 euros [3].", numbered),
			ans("Late fees are 5 euros [7].", nil), NotAuditable, "", "", 0},
		{"a turn that retrieved nothing of its own reads a position in the latest earlier retrieval",
			ans("Late fees are 5 euros [3].", numbered),
			ans("Late fees are 5 euros [3].", []readers.Chunk{}), Supported, resolvedByEarlierTurn, "3", 1},
		{"a turn that retrieved nothing of its own fabricates an id no turn retrieved",
			ans("The warranty lasts 2 years [kb-warranty].", warranty),
			ans("Overnight shipping is free for members [kb-9].", []readers.Chunk{}), Fabricated, "", "", 0},
		{"a turn that retrieved nothing of its own fabricates a position past the latest retrieval",
			ans("Late fees are 5 euros [3].", numbered),
			ans("Late fees are 5 euros [7].", []readers.Chunk{}), Fabricated, "", "", 0},
		{"an id no turn retrieved is still fabricated",
			ans("The warranty lasts 2 years [kb-warranty].", warranty),
			ans("Shipping takes 3 days [kb-shipping].", returns), Fabricated, "", "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkTurnCase(t, tc) })
	}
}

// turnCase is an answer after an earlier turn's, and the finding of its
// citation: verdict, how it resolved, the chunk, and how many citations
// the tally counts as resolved by an earlier turn.
type turnCase struct {
	name     string
	earlier  readers.Message
	last     readers.Message
	verdict  string
	by       string
	chunkID  string
	resolved int
}

func checkTurnCase(t *testing.T, tc turnCase) {
	t.Helper()
	rec := &readers.Record{ConversationID: "c", File: "t.jsonl", Line: 1, Messages: []readers.Message{
		{Role: "user", Content: "Warranty?"}, tc.earlier, {Role: "user", Content: "And now?"}, tc.last}}
	res, err := testAuditor.Audit(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	var last *Finding
	for i := range res.Findings {
		if f := &res.Findings[i]; f.MessageIndex == 3 && f.Cited() {
			last = f
		}
	}
	if last == nil {
		t.Fatalf("no cited finding in the last turn: %+v", res.Findings)
	}
	got := ""
	if last.ChunkID != nil {
		got = *last.ChunkID
	}
	if last.Verdict != tc.verdict || last.ResolvedBy != tc.by || got != tc.chunkID {
		t.Errorf("verdict %s by %q chunk %q (reasons %v), want %s by %q chunk %q", last.Verdict, last.ResolvedBy, got, last.Reasons, tc.verdict, tc.by, tc.chunkID)
	}
	tally := NewTally()
	tally.Add(&res)
	if n := tally.Counts().Resolution[resolvedByEarlierTurn]; n != tc.resolved {
		t.Errorf("resolution earlier_turn %d, want %d", n, tc.resolved)
	}
	if len(rec.Messages[3].Retrieval) != len(tc.last.Retrieval) {
		t.Errorf("the record's retrieval grew to %d chunks", len(rec.Messages[3].Retrieval))
	}
	// A follow-up stands on the earlier retrieval: never "answered
	// below the floor" for retrieving nothing of its own.
	if a := res.Answers[len(res.Answers)-1]; a.Status != Answered {
		t.Errorf("the last answer's status %s (%s), want %s", a.Status, a.FloorReason, Answered)
	}
}
