package report

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// A finding written to Parquet reads back as it was: every field of the
// public contract, the exact scores, a chunk id that is null or empty.
func TestFindingsParquetReadsBackAsWritten(t *testing.T) {
	score := func(v float64) *audit.Score { s := audit.Score(v); return &s }
	empty, id := "", "c7"
	rows := []ParquetFinding{
		{Unit: 3, Row: 0, Turn: 1, Turns: 2, Evidence: "ab12", F: audit.Finding{ConversationID: "c-1", Tenant: "acme", Agent: "bot",
			Timestamp: "2026-11-01T09:00:00Z", Source: "s3://logs/a.jsonl:4", MessageIndex: 1, SentenceIndex: 2, CharStart: 5, CharEnd: 40,
			Sentence: "Refunds take 30 days [1].", Marker: "[1]", Citation: "1", ChunkID: &id, ResolvedBy: "id", Verdict: audit.Unsupported,
			SentenceVerdict: audit.Unsupported, AnswerStatus: audit.Answered, SupportScore: score(0.123456789), NPCoverage: score(0.5),
			Signals: map[string]audit.Score{"b": 0.25, "a": 1}, NPFound: []string{"refunds"}, NPMissing: []string{}, NumbersMissing: []string{"30 days"},
			EntitiesMissing: []string{}, MatchedText: "Refunds take 90 days", MatchedStart: 3, MatchedEnd: 23, Reasons: []string{"number_mismatch"},
			Language: "en", Unstated: []string{"30"}}},
		{Unit: 3, Row: 1, Turn: 0, Turns: 0, F: audit.Finding{ConversationID: "c-2", ChunkID: &empty, Verdict: audit.Uncited,
			Signals: map[string]audit.Score{}, NPFound: []string{}, NPMissing: []string{}, NumbersMissing: []string{}, EntitiesMissing: []string{},
			Reasons: []string{}, Unstated: []string{}, ChunkLanguage: "de"}},
	}
	var buf bytes.Buffer
	w, err := NewFindingsParquet(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if err := w.Write(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "f.parquet")
	os.WriteFile(path, buf.Bytes(), 0o644)
	f, _ := os.Open(path)
	defer f.Close()
	var got []ParquetFinding
	if err := ReadFindingsParquet(context.Background(), f, func(p *ParquetFinding) error { got = append(got, *p); return nil }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Errorf("read back:\n%+v\nwant\n%+v", got, rows)
	}
}
