package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
)

// latencies reports p50 and p99 in ms and answers per second of wall time.
func latencies(b *testing.B, took []time.Duration, wall time.Duration) {
	slices.Sort(took)
	at := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(float64(len(took))/wall.Seconds(), "answers/s")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkServeCheck is POST /v1/check over loopback HTTP (keep-alive,
// one client) to ragaudit serve run in-process, on generated answers of
// 1, 5 and 20 citations. The target: p99 ≤ 10 ms for 5 citations.
func BenchmarkServeCheck(b *testing.B) {
	policy := filepath.Join(b.TempDir(), "policy.yaml")
	sum := sha256.Sum256([]byte("bench"))
	if err := os.WriteFile(policy, []byte("tokens:\n  - {tenant: \"*\", sha256: "+hex.EncodeToString(sum[:])+"}\n"), 0o600); err != nil {
		b.Fatal(err)
	}
	s := startServe(b, "--policy", policy)
	for _, n := range []int{1, 5, 20} {
		b.Run(fmt.Sprintf("citations=%d", n), func(b *testing.B) {
			bodies := make([][]byte, 200)
			for i := range bodies {
				bodies[i] = corpus.Answer(uint64(i), n)
			}
			post := func(body []byte) {
				req, _ := http.NewRequest(http.MethodPost, s.base+"/v1/check", bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer bench")
				resp, err := s.client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("status %d", resp.StatusCode)
				}
			}
			for _, body := range bodies[:20] {
				post(body)
			}
			took := make([]time.Duration, 0, b.N)
			start := time.Now()
			for i := 0; b.Loop(); i++ {
				t0 := time.Now()
				post(bodies[i%len(bodies)])
				took = append(took, time.Since(t0))
			}
			latencies(b, took, time.Since(start))
		})
	}
}

// BenchmarkStartup runs the real binary: ragaudit check on one 5-citation
// answer, a fresh process each time (models loaded, the policy's texts
// checked, the answer checked, the decision printed). The target: ≤ 300 ms.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "ragaudit")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	answer := filepath.Join(dir, "answer.json")
	if err := os.WriteFile(answer, corpus.Answer(1, 5), 0o600); err != nil {
		b.Fatal(err)
	}
	took := make([]time.Duration, 0, b.N)
	start := time.Now()
	for b.Loop() {
		cmd := exec.Command(bin, "check", "--no-project", answer)
		t0 := time.Now()
		err := cmd.Run()
		took = append(took, time.Since(t0))
		if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() == exitUsage) {
			b.Fatalf("ragaudit check: %v", err)
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)-1].Microseconds())/1000, "max-ms")
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(len(took)), "ms/start")
	b.ReportMetric(0, "ns/op")
}
