package readers

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
)

// BenchmarkParquetRead writes generated conversations to Parquet (through
// canonical JSONL and the Parquet writer) and streams them back, reporting
// the file size, conversations/s and the peak memory held while reading;
// the peak should not grow with the file.
func BenchmarkParquetRead(b *testing.B) {
	// RAGAUDIT_BENCH_PARQUET=file.parquet measures an existing (large)
	// file too, e.g. written by: ragaudit gen -n 450000 | ragaudit convert -o big.parquet -
	if p := os.Getenv("RAGAUDIT_BENCH_PARQUET"); p != "" {
		b.Run("file="+filepath.Base(p), func(b *testing.B) { benchParquetFile(b, p, -1) })
	}
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("conversations=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			jl := filepath.Join(dir, "gen.jsonl")
			if err := corpus.WriteFile(jl, n, 1); err != nil {
				b.Fatal(err)
			}
			pq := filepath.Join(dir, "gen.parquet")
			out, _ := os.Create(pq)
			w, err := NewParquetWriter(out)
			if err != nil {
				b.Fatal(err)
			}
			for rec, err := range JSONL(jl, Options{}, nil) {
				if err != nil {
					b.Fatal(err)
				}
				if err := w.Write(&rec); err != nil {
					b.Fatal(err)
				}
			}
			w.Close()
			out.Close()
			os.Remove(jl)
			benchParquetFile(b, pq, n)
		})
	}
}

// benchParquetFile streams path (n records, or any number when n < 0) and
// reports conversations/s, the file size and the peak memory held.
func benchParquetFile(b *testing.B, pq string, n int) {
	info, err := os.Stat(pq)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	stop := make(chan struct{})
	peak := make(chan uint64, 1)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		var p uint64
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			p = max(p, s[0].Value.Uint64()-s[1].Value.Uint64())
			select {
			case <-stop:
				peak <- p
				return
			case <-t.C:
			}
		}
	}()
	b.ResetTimer()
	got := 0
	for i := 0; i < b.N; i++ {
		got = 0
		for _, err := range Open(pq, Options{}, nil) {
			if err != nil {
				b.Fatal(err)
			}
			got++
		}
		if n >= 0 && got != n {
			b.Fatalf("read %d of %d", got, n)
		}
	}
	b.StopTimer()
	close(stop)
	b.ReportMetric(float64(got*b.N)/b.Elapsed().Seconds(), "conversations/s")
	b.ReportMetric(float64(info.Size())/(1<<20), "file-MiB")
	b.ReportMetric(float64(<-peak)/(1<<20), "peak-MiB")
}

// BenchmarkReadJSONL streams generated canonical JSONL through Open (one
// pass: detection, decoding, the duplicate-key check) and reports
// conversations/s and MB/s, without the audit.
func BenchmarkReadJSONL(b *testing.B) {
	const n = 20000
	p := filepath.Join(b.TempDir(), "gen.jsonl")
	if err := corpus.WriteFile(p, n, 1); err != nil {
		b.Fatal(err)
	}
	info, _ := os.Stat(p)
	b.SetBytes(info.Size())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		got := 0
		for _, err := range Open(p, Options{}, nil) {
			if err != nil {
				b.Fatal(err)
			}
			got++
		}
		if got != n {
			b.Fatalf("read %d of %d", got, n)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "conversations/s")
}

// BenchmarkCanonicalRecord parses generated canonical records held in
// memory (no input, hashing or line splitting), as logged and with their
// chunk text under "content" and the list under "chunks" instead (keys
// other tools write, which are decoded a second time), and reports
// records/s.
func BenchmarkCanonicalRecord(b *testing.B) {
	p := filepath.Join(b.TempDir(), "gen.jsonl")
	if err := corpus.WriteFile(p, 2000, 1); err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	canonical := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
	aliased := make([][]byte, len(canonical))
	for i, l := range canonical {
		l = bytes.ReplaceAll(l, []byte(`"text":`), []byte(`"content":`))
		aliased[i] = bytes.ReplaceAll(l, []byte(`"retrieval":`), []byte(`"chunks":`))
	}
	for _, bc := range []struct {
		name  string
		lines [][]byte
	}{{"keys=canonical", canonical}, {"keys=content,chunks", aliased}} {
		b.Run(bc.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				if _, skip := canonicalRecord(bc.lines[n%len(bc.lines)]); skip != nil {
					b.Fatal(skip)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "records/s")
		})
	}
}
