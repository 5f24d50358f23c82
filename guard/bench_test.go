package guard

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
)

// answers are n generated requests of the given number of citations.
func answers(b *testing.B, citations, n int) []Request {
	out := make([]Request, n)
	for i := range out {
		r, err := ParseRequest(corpus.Answer(uint64(i), citations))
		if err != nil {
			b.Fatal(err)
		}
		out[i] = r
	}
	return out
}

// reportLatencies reports the p50 and p99 of the durations, in ms, and
// answers per second of wall time.
func reportLatencies(b *testing.B, took []time.Duration, wall time.Duration) {
	slices.Sort(took)
	at := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(float64(len(took))/wall.Seconds(), "answers/s")
	b.ReportMetric(0, "ns/op") // per-answer latencies above say it better
}

// BenchmarkCheck is Guard.Check in-process on generated answers of 1, 5
// and 20 citations (chunks of 500–1,500 characters; a 5-citation answer
// is about 7 KB): p50 and p99 per answer and answers/s. The targets: a
// 5-citation answer p50 ≤ 1 ms and p99 ≤ 5 ms, ≥ 1,000 answers/s on one
// core (-cpu 1).
func BenchmarkCheck(b *testing.B) {
	g, err := New(DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1, 5, 20} {
		b.Run(fmt.Sprintf("citations=%d", n), func(b *testing.B) {
			reqs := answers(b, n, 200)
			for _, r := range reqs[:20] { // warm the workers' caches
				g.Check(context.Background(), r)
			}
			took := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			start := time.Now()
			for i := 0; b.Loop(); i++ {
				t0 := time.Now()
				if _, err := g.Check(context.Background(), reqs[i%len(reqs)]); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(t0))
			}
			reportLatencies(b, took, time.Since(start))
		})
	}
}

// BenchmarkApply is the whole chain (check, and a re-check or fallback
// when it drops or falls back) on the same answers.
func BenchmarkApply(b *testing.B) {
	g, err := New(DefaultConfig())
	if err != nil {
		b.Fatal(err)
	}
	reqs := answers(b, 5, 200)
	took := make([]time.Duration, 0, b.N)
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		t0 := time.Now()
		if _, err := g.Apply(context.Background(), reqs[i%len(reqs)], nil); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(t0))
	}
	reportLatencies(b, took, time.Since(start))
}
