package audit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A cancelled audit stops inside a long answer, with an error that is
// context.Canceled: the audit of one record once ignored Ctrl-C for
// minutes (QA defect 1). No embedder, so only the audit itself can notice.
func TestAuditOfALongAnswerStopsWhenCancelled(t *testing.T) {
	a := &Auditor{cfg: testAuditor.cfg, splitters: splitters{en: testAuditor.splitters.en}, tagger: testAuditor.tagger}
	rec := record(strings.Repeat("Ab [1]. ", 5000), readers.Chunk{ID: "1", Text: "Ab."})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Audit(ctx, rec); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled audit returned %v, want context.Canceled", err)
	}
	if res, err := a.Audit(context.Background(), rec); err != nil || len(res.Findings) != 5000 {
		t.Fatalf("uncancelled audit: %d findings, %v", len(res.Findings), err)
	}
}

// The misattribution search measures a bounded number of chunks per
// sentence, those sharing the most words with it, and still finds the
// chunk that states the sentence among many that do not.
func TestBetterChunkSearchIsBounded(t *testing.T) {
	var chunks []readers.Chunk
	for i := range 500 {
		chunks = append(chunks, readers.Chunk{ID: fmt.Sprint(i), Text: fmt.Sprintf("Refunds of order %d are accepted at the store within days.", i)})
	}
	chunks = append(chunks, readers.Chunk{ID: "good", Text: refundChunk})
	chunks[0].Text = "Our stores open at nine on weekdays."
	sent := testSplitter.splitAnswer("Refunds are accepted within 30 days of delivery [0].", nil)[0]
	wc := newWordCache()
	c := testAuditor.claimOf(sent, wc, english)
	if err := testAuditor.embed(context.Background(), []*claim{&c}, nil); err != nil {
		t.Fatal(err)
	}
	evs := make([]*evidence, len(chunks))
	evs[0] = newEvidence(chunks[0].Text, wc, english)
	m := newMisattribution(chunks, evs, func(int) tongue { return english }, english)
	better, err := testAuditor.betterChunk(context.Background(), &c, m, []pair{{id: "0", chunk: 0}}, "acme", wc)
	if err != nil {
		t.Fatal(err)
	}
	if better != len(chunks)-1 {
		t.Errorf("better chunk %d, want %d", better, len(chunks)-1)
	}
	measured := 0
	for _, ev := range evs {
		if ev != nil {
			measured++
		}
	}
	if measured > 1+maxBetterCandidates {
		t.Errorf("%d chunks measured in full, want at most %d", measured, 1+maxBetterCandidates)
	}
}
