package pipeline

import (
	"context"
	"fmt"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// flatTurn is one turn of a conversation logged as a record of its own
// (the flat form).
func flatTurn(conv string, n int, answer, id, text string) string {
	return fmt.Sprintf(`{"conversation_id":%q,"turn":%d,"timestamp":"2026-05-01T10:0%d:00Z","question":"Q%d?","answer":%q,"retrieval":[{"id":%q,"text":%q}]}`+"\n",
		conv, n, n, n, answer, id, text)
}

// A log of one turn per record: a later turn's citation of a chunk an
// earlier record of the conversation retrieved resolves to it and is
// judged (not fabricated), for any number of workers; a citation of a
// chunk no record retrieved, of another conversation's chunk, or of a
// conversation let go long before stays fabricated.
func TestALaterRecordCitesAnEarlierRecordsChunk(t *testing.T) {
	const warranty = "All appliances carry a 2-year warranty covering manufacturing defects."
	const refund = "Refunds are accepted within 30 days of delivery."
	first := flatTurn("f1", 1, "All appliances carry a 2-year warranty [kb-warranty].", "kb-warranty", warranty)
	later := flatTurn("f1", 2, "Refunds are accepted within 30 days of delivery [kb-refund]. As mentioned, the warranty covers manufacturing defects [kb-warranty].", "kb-refund", refund)
	wrong := flatTurn("f1", 2, "Refunds are accepted within 30 days of delivery [kb-refund]. As mentioned, the warranty lasts 5 years [kb-warranty].", "kb-refund", refund)
	madeUp := flatTurn("f1", 2, "Refunds are accepted within 30 days of delivery [kb-refund]. The warranty covers accidents [kb-accident].", "kb-refund", refund)
	cases := []struct {
		name    string
		records []string
		want    string // the verdict of the last citation
		by      string
	}{
		{"the earlier record's chunk supports it", []string{first, later}, audit.Supported, "earlier_turn"},
		{"the earlier record's chunk is checked", []string{first, wrong}, audit.Unsupported, "earlier_turn"},
		{"a chunk no record retrieved is fabricated", []string{first, madeUp}, audit.Fabricated, ""},
		{"another conversation's chunk is fabricated", []string{flatTurn("f0", 1, "All appliances carry a 2-year warranty [kb-warranty].", "kb-warranty", warranty), later}, audit.Fabricated, ""},
	}
	// Past maxEarlierConversations conversations in between, the first
	// is let go.
	far := []string{first}
	for i := range maxEarlierConversations {
		far = append(far, flatTurn(fmt.Sprintf("x%d", i), 1, "Refunds are accepted within 30 days of delivery [kb-refund].", "kb-refund", refund))
	}
	cases = append(cases, struct {
		name    string
		records []string
		want    string
		by      string
	}{"a conversation let go long before is fabricated", append(far, later), audit.Fabricated, ""})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, workers := range []int{1, 3} {
				var all Collect
				cfg := audit.DefaultConfig()
				cfg.Model = audit.DefaultModelNoEmbed() // as audit runs without an embedder
				o := Options{Files: writeLogs(t, [][]string{tc.records}), Workers: workers, Audit: cfg, Embed: Embedding{Kind: EmbedNone}}
				if _, err := Run(context.Background(), o, &all); err != nil {
					t.Fatal(err)
				}
				last := all.Findings[len(all.Findings)-1]
				if last.Verdict != tc.want || last.ResolvedBy != tc.by {
					t.Errorf("%d workers: %q %s %v (resolved by %q), want %s by %q", workers, last.Sentence, last.Verdict, last.Reasons, last.ResolvedBy, tc.want, tc.by)
				}
			}
		})
	}
}
