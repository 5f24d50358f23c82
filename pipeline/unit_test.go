package pipeline

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// unitWithSkips is a unit state of n skipped records of one reason.
func unitWithSkips(file string, n int, reason string) *UnitState {
	u := newUnitAcc(false)
	u.inputs = []Input{{Path: file, SHA256: file, Skipped: n}}
	for i := range n {
		s := &readers.SkipError{File: file, Line: i + 1, Reason: reason}
		u.tally.Read()
		u.tally.Skip(s)
		u.list(s)
	}
	return u.state()
}

// skipped.jsonl lists the first records of each reason over the whole run,
// in unit order, however the run is cut into units; the rest are counted.
func TestTheRunListsTheFirstSkipsOfEachReasonAcrossUnits(t *testing.T) {
	total := NewTotal(false)
	var listed []string
	keep := func(s *readers.SkipError) error { listed = append(listed, s.File); return nil }
	units := []*UnitState{
		unitWithSkips("a", MaxSkippedListed-3, readers.ReasonMalformedJSON),
		unitWithSkips("b", 10, readers.ReasonMalformedJSON),
		unitWithSkips("c", 1, readers.ReasonBadTimestamp),
	}
	for _, u := range units {
		if err := total.Fold(u, keep); err != nil {
			t.Fatal(err)
		}
	}
	out := total.Result()
	if len(listed) != MaxSkippedListed+1 {
		t.Errorf("%d listed, want %d", len(listed), MaxSkippedListed+1)
	}
	if got := listed[MaxSkippedListed-3 : MaxSkippedListed+1]; strings.Join(got, "") != "bbbc" {
		t.Errorf("the listed records of the later units: %v, want b's first three, then c's", got)
	}
	if n := out.SkippedNotListed[readers.ReasonMalformedJSON]; n != 7 || len(out.SkippedNotListed) != 1 {
		t.Errorf("not listed: %v, want 7 malformed", out.SkippedNotListed)
	}
	if c := out.Tally.Counts(); c.RecordsSkipped != MaxSkippedListed+8 || c.RecordsRead != c.RecordsSkipped {
		t.Errorf("counts %+v", c)
	}
}

// A unit lists at most the bound of each reason itself, so a state stays
// small however many records of a file are broken.
func TestAUnitListsAtMostTheBoundOfEachReason(t *testing.T) {
	u := unitWithSkips("a", MaxSkippedListed+2, readers.ReasonMalformedJSON)
	if len(u.Skipped) != MaxSkippedListed || u.NotListed[readers.ReasonMalformedJSON] != 2 {
		t.Errorf("%d listed, %v not", len(u.Skipped), u.NotListed)
	}
}

// The same log given twice under two names would count twice: the run
// refuses it, naming both, whichever unit comes second.
func TestTheSameBytesInTwoInputsAreRefused(t *testing.T) {
	dir := t.TempDir()
	rec, _ := os.ReadFile(example)
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, rec, 0o644)
	os.WriteFile(b, rec, 0o644)
	o := Options{Files: []string{a, b}, Workers: 1, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone}}
	_, err := Run(context.Background(), o)
	var in *InputError
	if !errors.As(err, &in) || !strings.Contains(err.Error(), "b.jsonl holds the same bytes as "+a) {
		t.Fatalf("the same log twice: %v", err)
	}
	// Two empty logs (two quiet days) are not a copy of each other.
	e1, e2 := filepath.Join(dir, "e1.jsonl"), filepath.Join(dir, "e2.jsonl")
	os.WriteFile(e1, nil, 0o644)
	os.WriteFile(e2, nil, 0o644)
	o.Files = []string{e1, e2}
	if _, err := Run(context.Background(), o); err != nil {
		t.Errorf("two empty logs: %v", err)
	}
}

// A unit's state read back is the state written: the fold of a sharded
// run's states is the fold of the one-machine run.
func TestAUnitStateReadsBackAsWritten(t *testing.T) {
	var states [][]byte
	o := Options{Files: []string{example}, Workers: 2, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone}}
	rec := &unitRecorder{}
	if _, err := Run(context.Background(), o, rec); err != nil {
		t.Fatal(err)
	}
	for _, u := range rec.units {
		b, err := EncodeUnit(u)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeUnit(b)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := EncodeUnit(back)
		if string(again) != string(b) {
			t.Errorf("a unit state changed when read back:\n%s\n%s", b, again)
		}
		states = append(states, b)
	}
	if len(states) != 1 || !strings.Contains(string(states[0]), `"records_read":11`) {
		t.Errorf("states: %d, first %.200s", len(states), states[0])
	}
}

type unitRecorder struct {
	Collect
	units []*UnitState
}

func (r *unitRecorder) EndUnit(u *UnitState) error {
	r.units = append(r.units, u)
	return nil
}
