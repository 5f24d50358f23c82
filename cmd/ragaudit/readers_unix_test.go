//go:build unix

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A pipe given as a path (the <(zcat logs.gz) idiom), plain or gzipped,
// audits every record once: the path used to be opened three times,
// losing what the first opens read (0 of 11 records, or gzip's magic).
func TestAPipeGivenAsAPathAuditsEveryRecord(t *testing.T) {
	example := readFile(t, filepath.Join(testdata, "example.jsonl"))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(example)
	zw.Close()
	for name, data := range map[string][]byte{"plain": example, "gzip": gz.Bytes()} {
		t.Run(name, func(t *testing.T) {
			r := runCLI(t, "", "audit", "-q", "--bar", "0", devFdPipe(t, data))
			c := counts(t, r)
			if r.code != exitPass || c["records_read"] != 11.0 || c["records_audited"] != 11.0 || c["records_skipped"] != 0.0 {
				t.Fatalf("exit %d, counts %v: want the 11 records audited", r.code, c)
			}
		})
	}
}

// devFdPipe is what a shell's <(…) passes: /dev/fd/N of a pipe that
// data is written into once.
func devFdPipe(t *testing.T, data []byte) string {
	t.Helper()
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { pr.Close() })
	go func() {
		defer pw.Close()
		pw.Write(data)
	}()
	p := fmt.Sprintf("/dev/fd/%d", pr.Fd())
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no /dev/fd here: %v", err)
	}
	return p
}

// An interrupt stops a run that reads a FIFO nobody writes to (it used to
// hang in open, deaf to Ctrl-C and SIGTERM): exit 130, no report.
func TestInterruptStopsARunBlockedOnAFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "logs.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		cmd := exec.Command(os.Args[0], "audit", "-q", "--out", filepath.Join(dir, "report"), fifo)
		cmd.Env = append(os.Environ(), "RAGAUDIT_AS_MAIN=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Signal once the run has opened the FIFO (it has its handlers
		// by then): a writer can open it without blocking only when a
		// reader has. The writer stays open, so the read blocks.
		w := openWriterOnceRead(t, fifo)
		cmd.Process.Signal(sig)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 130 {
				t.Errorf("%v: exit %v, want 130", sig, err)
			}
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			t.Fatalf("%v: still running 30 s after the signal", sig)
		}
		w.Close()
	}
	if _, err := os.Stat(filepath.Join(dir, "report", "summary.json")); err == nil {
		t.Error("an interrupted run wrote a report")
	}
}

// openWriterOnceRead opens fifo for writing as soon as a reader has it
// open, polling: O_NONBLOCK fails with ENXIO while there is none.
func openWriterOnceRead(t *testing.T, fifo string) *os.File {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			return f
		}
		if !errors.Is(err, syscall.ENXIO) || time.Now().After(deadline) {
			t.Fatalf("no reader opened %s: %v", fifo, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
