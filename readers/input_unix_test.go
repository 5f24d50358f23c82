//go:build unix

package readers

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// fifo makes a named pipe and writes data into it from a goroutine; the
// writer closes it when done, as zcat ends a <(…) pipe.
func fifo(t *testing.T, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	go func() {
		w, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		_, _ = w.Write(data)
	}()
	return p
}

// within runs f and fails the test if it does not return in time: the
// readers of a pipe used to hang on it forever.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still reading after %v", d)
	}
}

// A pipe or FIFO given as a path is opened once and read as stdin is:
// every record, the same as from the file, whatever the format (the
// Parquet sniff, the format detection and the reader used to open it once
// each, losing what the earlier opens read, gzip's magic included).
func TestAFIFOGivenAsAPathReadsEveryRecord(t *testing.T) {
	cases := []struct {
		name string
		data []byte
	}{
		{"canonical JSONL", mustRead(t, "../testdata/example.jsonl")},
		{"gzipped JSONL", gzipped(t, mustRead(t, "../testdata/example.jsonl"))},
		{"a pretty-printed provider document", mustRead(t, "../testdata/formats/anthropic-messages-citations.json")},
		{"a trace export", mustRead(t, "../testdata/formats/langfuse-observations-v2-export.jsonl")},
		{"a Ragas export", mustRead(t, "../testdata/formats/ragas-style-eval-export.jsonl")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := collect(Open(writeFile(t, "file", tc.data), Options{}, nil))
			if len(want.records) == 0 || want.fatal != nil {
				t.Fatalf("the file reads as %d records, error %v", len(want.records), want.fatal)
			}
			var got outcome
			stats := &FileStats{}
			within(t, 10*time.Second, func() { got = collect(Open(fifo(t, tc.data), Options{}, stats)) })
			if got.fatal != nil || !equalRecords(withoutPosition(got.records), withoutPosition(want.records)) {
				t.Fatalf("through a FIFO: %d records, error %v; want the file's %d", len(got.records), got.fatal, len(want.records))
			}
			if stats.Bytes != int64(len(tc.data)) || stats.Records != len(want.records) {
				t.Errorf("stats %+v, want %d bytes and %d records", stats, len(tc.data), len(want.records))
			}
		})
	}
}

// Cancelling the context stops a FIFO nobody writes to (opening it
// blocks) and one whose writer never ends, with the context's error.
func TestCancellingStopsAFIFOThatNeverEnds(t *testing.T) {
	cases := []struct {
		name  string
		write bool // the writer sends one record and stays
	}{{"nobody opens it for writing", false}, {"the writer never closes it", true}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Skipf("no FIFOs here: %v", err)
			}
			if tc.write {
				w := make(chan *os.File, 1)
				go func() {
					f, err := os.OpenFile(p, os.O_WRONLY, 0)
					if err == nil {
						_, _ = f.WriteString(goodLine + "\n")
					}
					w <- f
				}()
				t.Cleanup(func() {
					if f := <-w; f != nil {
						f.Close()
					}
				})
			}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			var o outcome
			within(t, 5*time.Second, func() { o = collect(Open(p, Options{Context: ctx}, nil)) })
			if !errors.Is(o.fatal, context.Canceled) || len(o.skips) != 0 {
				t.Fatalf("records %d, skips %v, error %v: want context.Canceled and no skip", len(o.records), o.skips, o.fatal)
			}
		})
	}
}
