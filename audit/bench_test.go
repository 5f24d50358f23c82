package audit

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/readers"
)

func BenchmarkAuditRecord(b *testing.B) {
	chunk := strings.Repeat(refundChunk+" Orders over €50 ship free since May 2024; 15% of returns are refunded. ", 6)
	rec := record("Refunds are accepted within 30 days of delivery [1]. After 30 days, store credit is issued [1]. "+
		"Orders over €50 ship free [2]. Most returns are refunded within 5 days [2]. We ship worldwide.",
		readers.Chunk{ID: "1", Text: chunk}, readers.Chunk{ID: "2", Text: chunk})
	b.ReportAllocs()
	cited := 0
	for i := 0; i < b.N; i++ {
		res, _ := testAuditor.Audit(context.Background(), rec)
		cited += len(res.Findings)
	}
	b.ReportMetric(float64(cited)/b.Elapsed().Seconds(), "findings/s")
}

func BenchmarkSplit(b *testing.B) {
	answer := strings.Repeat("Refunds are accepted within 30 days of delivery [1]. It ships to the U.S. in approx. 5 days.[2] ", 4)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		testSplitter.splitAnswer(answer, nil)
	}
}

func BenchmarkIndexQuantities(b *testing.B) {
	chunk := strings.Repeat(refundChunk+" Orders over €50 ship free since May 2024; 15% of returns are refunded. ", 6)
	b.SetBytes(int64(len(chunk)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		quantityIndexOf(chunk)
	}
}

// BenchmarkIndexQuantitiesChunks indexes the chunks of the shared dev data
// and of generated logs: real text, where most chunks hold few numbers.
func BenchmarkIndexQuantitiesChunks(b *testing.B) {
	gen := filepath.Join(b.TempDir(), "gen.jsonl")
	var buf bytes.Buffer
	if err := corpus.Write(context.Background(), &buf, 100, 1); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(gen, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	var chunks []string
	size := 0
	for _, path := range append(append([]string(nil), realLogs...), gen) {
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				b.Fatalf("%s: %v", path, err)
			}
			for _, m := range rec.Messages {
				for _, c := range m.Retrieval {
					chunks, size = append(chunks, c.Text), size+len(c.Text)
				}
			}
		}
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range chunks {
			quantityIndexOf(c)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(chunks)), "ns/chunk")
}

// BenchmarkAuditLanguages audits the contrast sets of testdata/contrast,
// the same support-bot conversations written in each language, answer by
// answer: what a language's tables cost against English's.
func BenchmarkAuditLanguages(b *testing.B) {
	for _, code := range []string{"en", "nl", "de", "fr", "es"} {
		path := filepath.Join("..", "testdata", "contrast", "contrast-"+code+".jsonl")
		var recs []readers.Record
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				b.Fatalf("%s: %v", path, err)
			}
			recs = append(recs, rec)
		}
		b.Run(code, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, rec := range recs {
					if _, err := testAuditor.Audit(context.Background(), &rec); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(recs)), "ns/answer")
		})
	}
}
