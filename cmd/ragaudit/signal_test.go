package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
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

// Interrupting a run leaves no report, not even a partial one: the report
// is written beside --out and moved into place only when complete.
func TestInterruptLeavesNoHalfWrittenReport(t *testing.T) {
	dir := t.TempDir()
	logs := filepath.Join(dir, "gen.jsonl")
	if err := corpus.WriteFile(logs, 3000, 9); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "report")
	cmd := exec.Command(os.Args[0], "audit", "-q", "--workers", "1", "--out", out, logs)
	cmd.Env = append(os.Environ(), "RAGAUDIT_AS_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait until the audit has started writing its new report beside
	// --out, then interrupt it.
	deadline := time.Now().Add(30 * time.Second)
	for {
		tmp, _ := filepath.Glob(filepath.Join(dir, ".report.tmp-*", "findings.jsonl"))
		if len(tmp) > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	exit, ok := err.(*exec.ExitError)
	if !ok || exit.ExitCode() != 130 {
		t.Fatalf("exit: %v (stderr %q); want 130 after SIGINT", err, stderr.String())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "gen.jsonl" {
			t.Errorf("interrupted run left %s", e.Name())
		}
	}
}
