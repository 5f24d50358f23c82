package pipeline

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
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

// A chunk whose text is only blanks is not checked in the per-file
// coverage (absent), and its citation says why (chunk_text_empty): the
// text key is there, and empty, and the run notes where.
func TestBlankChunkIsAbsentInCoverageAndFindings(t *testing.T) {
	in := filepath.Join(t.TempDir(), "blank.jsonl")
	rec := `{"conversation_id":"c1","messages":[{"role":"user","content":"Refunds?"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":" \t "}]}]}` + "\n"
	if err := os.WriteFile(in, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	var all Collect
	out, err := Run(context.Background(), Options{Files: []string{in}, Workers: 1, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone}}, &all)
	if err != nil {
		t.Fatal(err)
	}
	if c := out.Inputs[0].Coverage; c.ChunksAbsent != 1 || c.ChunksFull != 0 {
		t.Errorf("coverage %+v, want the blank chunk absent", c)
	}
	if len(all.Findings) != 1 || !slices.Equal(all.Findings[0].Reasons, []string{"chunk_text_empty"}) {
		t.Errorf("findings %+v", all.Findings)
	}
	if out.Retrieval.EmptyText != 1 || out.Retrieval.EmptyTextFirst != in+":1" || out.Retrieval.ChunksWithoutText != 0 {
		t.Errorf("retrieval %+v, want the empty chunk noted at line 1 and no chunk without a text key", out.Retrieval)
	}
}

// A progress bar is told of every byte of the inputs as stored, so that
// its percentage reaches 100 at the end.
func TestProgressCountsEveryByte(t *testing.T) {
	var bytes, records int
	o := Options{Files: []string{example}, Workers: 1, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone},
		Progress: func(n int) { records += n }, ProgressBytes: func(n int) { bytes += n }}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(example)
	if int64(bytes) != fi.Size() || records != 11 {
		t.Errorf("told of %d bytes and %d records, want %d and 11", bytes, records, fi.Size())
	}
}

// --last on records without a timestamp says how they are ordered instead
// of ordering them silently.
func TestLastWarnsOfUndatedRecords(t *testing.T) {
	in := filepath.Join(t.TempDir(), "undated.jsonl")
	rec := `{"conversation_id":"c%d","messages":[{"role":"user","content":"Q?"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}` + "\n"
	os.WriteFile(in, []byte(fmt.Sprintf(rec, 1)+fmt.Sprintf(rec, 2)), 0o644)
	var log strings.Builder
	o := Options{Files: []string{in}, Last: 1, Workers: 1, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone},
		Logger: slog.New(slog.NewTextHandler(&log, nil))}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(log.String(), "--last: no record has a timestamp"); n != 1 {
		t.Errorf("%d warnings, want 1:\n%s", n, log.String())
	}
}

// Among dated records, --last cannot place an undated one: each is
// skipped as undated, never filtered out as older than every dated one
// (the newest records of an application that stopped logging the time).
func TestLastSkipsUndatedRecordsAmongDatedOnes(t *testing.T) {
	in := filepath.Join(t.TempDir(), "mixed.jsonl")
	dated := `{"conversation_id":"d%d","timestamp":"2026-05-0%dT10:00:00Z","messages":[{"role":"user","content":"Q?"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}` + "\n"
	undated := `{"conversation_id":"u%d","messages":[{"role":"user","content":"Q?"},{"role":"assistant","content":"Refunds take 60 days [1].","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}` + "\n"
	var b strings.Builder
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(&b, dated, i, i)
	}
	for i := 1; i <= 2; i++ {
		fmt.Fprintf(&b, undated, i)
	}
	os.WriteFile(in, []byte(b.String()), 0o644)
	sink := &skipList{}
	o := Options{Files: []string{in}, Last: 2, Workers: 1, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone}}
	res, err := Run(context.Background(), o, sink)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Tally.Counts()
	if c.RecordsAudited != 2 || c.RecordsFiltered != 1 || c.RecordsSkipped != 2 || c.SkippedByReason[readers.ReasonUndated] != 2 {
		t.Errorf("audited %d, filtered %d, skipped %d (%v); want the 2 latest dated audited, 1 filtered, 2 undated skipped",
			c.RecordsAudited, c.RecordsFiltered, c.RecordsSkipped, c.SkippedByReason)
	}
	if listed := sink.listed; !slices.Equal(listed, []string{"4:undated", "5:undated"}) {
		t.Errorf("skipped listed %v, want lines 4 and 5 as undated", listed)
	}
}

// skipList is a sink that lists the skipped records as line:reason.
type skipList struct{ listed []string }

func (s *skipList) Result(*audit.Result) error { return nil }
func (s *skipList) Skip(k *readers.SkipError) error {
	s.listed = append(s.listed, fmt.Sprintf("%d:%s", k.Line, k.Reason))
	return nil
}
