package pipeline

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

var example = filepath.Join("..", "testdata", "example.jsonl")

// An interrupt that reaches a worker after the input was read (always the
// case with Last) is an interrupt, whatever the worker said ("context
// canceled", an embedding request cut short).
func TestInterruptDuringTheAuditIsErrInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	auditor := func() (*audit.Auditor, error) {
		cancel() // the signal arrives as the first record is audited
		return nil, fmt.Errorf("embedding with builtin: %w", context.Canceled)
	}
	o := Options{Files: []string{example}, Last: 100, Workers: 1, Audit: audit.DefaultConfig()}
	if _, err := run(ctx, o, auditor, nil); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("after an interrupt: %v, want ErrInterrupted", err)
	}
}
