package audit

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// What one record can write is bounded: a claim's first
// MaxCitationsPerClaim distinct citations are findings, each repeating the
// claim (its sentence and marker), and the others are counted; a chunk's
// matched passage is written once per answer, however many claims match
// it. So the findings' texts are at most 2 × MaxCitationsPerClaim times
// the answer, plus the chunks' texts twice (a passage is one or two of a
// chunk's sentences).
func TestWhatOneRecordWritesIsBounded(t *testing.T) {
	many := func(n int) (string, []readers.Chunk) {
		var b strings.Builder
		b.WriteString("Refunds are accepted within thirty days ")
		var chunks []readers.Chunk
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "[%d]", i)
			chunks = append(chunks, readers.Chunk{ID: fmt.Sprint(i), Text: fmt.Sprintf("Chunk %d: refunds are accepted within thirty days of delivery.", i)})
		}
		b.WriteString(".")
		return b.String(), chunks
	}
	const stated = 32 // the bound docs/ and the README state
	if MaxCitationsPerClaim != stated {
		t.Fatalf("MaxCitationsPerClaim is %d; the stated bound is %d", MaxCitationsPerClaim, stated)
	}
	longChunk := strings.Repeat("refunds are accepted within thirty days of delivery ", 2000)
	cases := []struct {
		name       string
		answer     string
		chunks     []readers.Chunk
		rows       int // findings
		notAudited int // citations counted, not audited
	}{
		{"a sentence citing 3,000 distinct chunks is audited for its first 32, the others counted",
			func() string { a, _ := many(3000); return a }(), func() []readers.Chunk { _, c := many(3000); return c }(),
			stated, 3000 - stated},
		{"a sentence citing 32 distinct chunks is audited whole",
			func() string { a, _ := many(32); return a }(), func() []readers.Chunk { _, c := many(32); return c }(), 32, 0},
		{"a long chunk cited by a thousand claims is written once",
			strings.Repeat("Refunds are accepted within thirty days [1]. ", 1000), []readers.Chunk{{ID: "1", Text: longChunk}}, 1000, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := record(tc.answer, tc.chunks...)
			res, err := testAuditor.Audit(context.Background(), rec)
			if err != nil || res.Skip != nil {
				t.Fatalf("audit: %v, skip %v", err, res.Skip)
			}
			written, bound := 0, 2*stated*len(tc.answer)
			for _, c := range tc.chunks {
				bound += 2 * len(c.Text)
			}
			for _, f := range res.Findings {
				written += len(f.Sentence) + len(f.Marker) + len(f.MatchedText)
			}
			if len(res.Findings) != tc.rows || res.Answers[0].CitationsNotAudited != tc.notAudited {
				t.Errorf("%d findings, %d citations not audited; want %d and %d", len(res.Findings), res.Answers[0].CitationsNotAudited, tc.rows, tc.notAudited)
			}
			if written > bound {
				t.Errorf("the findings hold %d bytes of text, over the bound %d", written, bound)
			}
			tally := NewTally()
			tally.Add(&res)
			c := tally.Counts()
			if c.Citations != tc.rows+tc.notAudited || c.ByReason[reasonTooManyCitations] != tc.notAudited ||
				c.CitationsByVerdict[NotAuditable] != tc.notAudited {
				t.Errorf("counts: %d citations, %d too many, %d not auditable", c.Citations, c.ByReason[reasonTooManyCitations], c.CitationsByVerdict[NotAuditable])
			}
			if _, listed := c.ByReason[reasonTooManyCitations]; listed != (tc.notAudited > 0) {
				t.Errorf("too_many_citations listed in the counts: %v", listed)
			}
		})
	}
}
