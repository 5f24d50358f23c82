package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/report"
)

// TestMain lets the test binary act as the ragaudit command when
// RAGAUDIT_AS_MAIN is set, so tests can run it as a real process.
func TestMain(m *testing.M) {
	if os.Getenv("RAGAUDIT_AS_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

// Interrupting a run leaves no report, not even a partial one: files are
// written under temporary names and renamed only when complete.
func TestInterruptLeavesNoHalfWrittenReport(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "gen.jsonl")
	f, err := os.Create(logs)
	if err != nil {
		t.Fatal(err)
	}
	if err := corpus.Write(context.Background(), f, 3000, 9); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "report")
	cmd := exec.Command(os.Args[0], "audit", "-q", "--workers", "1", "--out", out, logs)
	cmd.Env = append(os.Environ(), "RAGAUDIT_AS_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the audit has started writing, then interrupt it.
	deadline := time.Now().Add(30 * time.Second)
	for {
		entries, _ := os.ReadDir(out)
		if len(entries) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	exit, ok := err.(*exec.ExitError)
	if !ok || exit.ExitCode() != 130 {
		t.Fatalf("exit: %v (stderr %q); want 130 after SIGINT", err, stderr.String())
	}
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		t.Errorf("interrupted run left %s", e.Name())
	}
}

// An interrupt that arrives while the report files are being written
// (report.html of a large audit takes a while) still leaves no report.
func TestInterruptWhileWritingTheReportLeavesNoReport(t *testing.T) {
	dir := t.TempDir()
	s, err := openSink(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.abort()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sum := report.NewSummary(version, audit.NewTally(), 0.9, nil, nil)
	if err := s.commit(ctx, dir, &sum, report.NewHTMLCollector(10), report.HTMLOptions{Model: audit.DefaultModel()}); err != errInterrupted {
		t.Fatalf("commit after an interrupt: %v, want errInterrupted", err)
	}
	s.abort()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("interrupted commit left %s", e.Name())
	}
}

// An interrupt that reaches a worker after the input was read (always the
// case with --last) is an interrupt, exit 130, whatever the worker said
// ("context canceled", an embedding request cut short).
func TestInterruptDuringTheAuditIsExit130(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	auditor := func() (*audit.Auditor, error) {
		cancel() // the signal arrives as the first record is audited
		return nil, fmt.Errorf("embedding with builtin: %w", context.Canceled)
	}
	o := auditOptions{Files: []string{testdata + "/example.jsonl"}, Last: 100, Workers: 1, Quiet: true}
	_, _, err := auditFiles(ctx, auditor, o, strings.NewReader(""), io.Discard, slog.New(slog.DiscardHandler), func(*audit.Result) error { return nil })
	if err != errInterrupted {
		t.Fatalf("auditFiles after an interrupt: %v, want errInterrupted", err)
	}
}
