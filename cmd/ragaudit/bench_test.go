package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/readers"
)

var (
	genOnce  sync.Map // size → path
	genMutex sync.Mutex
)

// generated returns a generated log of n conversations, written once per
// test binary run into a temporary directory.
func generated(b *testing.B, n int) string {
	tuneGC() // as the binary runs
	genMutex.Lock()
	defer genMutex.Unlock()
	if p, ok := genOnce.Load(n); ok {
		return p.(string)
	}
	dir, err := os.MkdirTemp("", "ragaudit-bench-")
	if err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(dir, fmt.Sprintf("gen-%d.jsonl", n))
	if err := corpus.WriteFile(p, n, 1); err != nil {
		b.Fatal(err)
	}
	genOnce.Store(n, p)
	return p
}

// peakMemory samples the memory the Go runtime holds from the OS (what RSS
// follows) until stop is closed, and returns the peak in bytes.
func peakMemory(stop <-chan struct{}) <-chan uint64 {
	out := make(chan uint64, 1)
	go func() {
		samples := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		var peak uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(samples)
			if v := samples[0].Value.Uint64() - samples[1].Value.Uint64(); v > peak {
				peak = v
			}
			select {
			case <-stop:
				out <- peak
				return
			case <-t.C:
			}
		}
	}()
	return out
}

// BenchmarkAuditFile runs the whole audit (read, audit, write the four
// report files) on generated logs of growing size and reports
// conversations/s and the peak memory held by the process. The peak should
// not grow with the file. Run with -benchtime 1x: one pass is long enough.
func BenchmarkAuditFile(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("conversations=%d", n), func(b *testing.B) {
			path := generated(b, n)
			info, _ := os.Stat(path)
			runtime.GC()
			stop := make(chan struct{})
			peak := peakMemory(stop)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				code := run(context.Background(), []string{"ragaudit", "audit", "-q", "--out", b.TempDir(), path},
					strings.NewReader(""), io.Discard, io.Discard)
				if code == exitUsage {
					b.Fatalf("audit failed with exit %d", code)
				}
			}
			b.StopTimer()
			close(stop)
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "conversations/s")
			b.ReportMetric(float64(info.Size()*int64(b.N))/b.Elapsed().Seconds()/1e6, "MB/s")
			b.ReportMetric(float64(<-peak)/(1<<20), "peak-MiB")
		})
	}
}

// BenchmarkAuditVersusDecode compares, in one run, the cost of the whole
// audit of a generated file with the cost of only decoding it (reading and
// parsing every record), and reports the ratio of their wall times. The
// audit runs on GOMAXPROCS workers and the decode on one goroutine, so the
// ratio falls with cores: -cpu 1,2,4 measures it for each.
func BenchmarkAuditVersusDecode(b *testing.B) {
	path := generated(b, 2000)
	var decode, full time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		n := 0
		for _, err := range readers.Open(path, readers.Options{}, nil) {
			if err == nil {
				n++
			}
		}
		decode += time.Since(start)
		start = time.Now()
		run(context.Background(), []string{"ragaudit", "audit", "-q", "--out", b.TempDir(), path}, strings.NewReader(""), io.Discard, io.Discard)
		full += time.Since(start)
		if n != 2000 {
			b.Fatalf("decoded %d records", n)
		}
	}
	b.ReportMetric(full.Seconds()/decode.Seconds(), "audit/decode")
	b.ReportMetric(2000*float64(b.N)/full.Seconds(), "conversations/s")
}

// BenchmarkEmbedderCost audits one generated file on one worker with the
// built-in embedder and without embeddings, in the same run, and reports
// the ratio of the two times (the embedding signal's cost).
func BenchmarkEmbedderCost(b *testing.B) {
	path := generated(b, 500)
	var with, without time.Duration
	for i := 0; i < b.N; i++ {
		for _, embed := range []string{"builtin", "none"} {
			start := time.Now()
			code := run(context.Background(), []string{"ragaudit", "audit", "-q", "--workers", "1", "--embed", embed, "--out", b.TempDir(), path},
				strings.NewReader(""), io.Discard, io.Discard)
			if code == exitUsage {
				b.Fatalf("audit --embed %s failed", embed)
			}
			if embed == "none" {
				without += time.Since(start)
			} else {
				with += time.Since(start)
			}
		}
	}
	b.ReportMetric(with.Seconds()/without.Seconds(), "builtin/none")
	b.ReportMetric(500*float64(b.N)/with.Seconds(), "conversations/s")
}
