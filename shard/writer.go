package shard

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/review"
	"github.com/ragaudit/ragaudit/store"
)

// Writer is the sink of a shard: it writes each unit's findings (Parquet,
// a file per day, staged locally and uploaded at the unit's end) and then
// its state. Units must come in the order given.
type Writer struct {
	ctx   context.Context
	st    *store.Store
	run   string
	meta  Meta
	units []Unit
	next  int
	coll  *report.UnitCollector
	// The unit's first day is written as it comes (date-partitioned
	// logs: every finding); the other days' findings are spooled until
	// the unit ends, then written a day at a time.
	direct    *report.FindingsParquet
	directF   *os.File
	directDay string
	spool     *report.FindingsSpool
	row       int
	junit     *junitFile // the unit's JUnit cases (for merge --junit)
	// Done, when set, is told of each unit written.
	Done func(u Unit)
}

// junitFile is a unit's JUnit cases, gzip, staged locally.
type junitFile struct {
	f  *os.File
	zw *gzip.Writer
	c  *report.JUnitCases
}

func newJUnitFile() (*junitFile, error) {
	f, err := os.CreateTemp("", "ragaudit-junit-*.xml.gz")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	zw := gzip.NewWriter(f)
	return &junitFile{f: f, zw: zw, c: report.NewJUnitCases(zw)}, nil
}

// NewWriter writes the units (in that order) of a run at run.
func NewWriter(ctx context.Context, st *store.Store, run string, meta Meta, units []Unit) *Writer {
	return &Writer{ctx: ctx, st: st, run: run, meta: meta, units: units, coll: report.NewUnitCollector(meta.HTMLMaxFailures)}
}

func (w *Writer) unit() (Unit, error) {
	if w.next >= len(w.units) {
		return Unit{}, fmt.Errorf("more units audited than the shard was given")
	}
	return w.units[w.next], nil
}

// Result writes a record's findings to its day's file and keeps the worst.
func (w *Writer) Result(res *audit.Result) error {
	u, err := w.unit()
	if err != nil {
		return err
	}
	if err := w.coll.Result(res); err != nil {
		return err
	}
	if w.junit == nil {
		if w.junit, err = newJUnitFile(); err != nil {
			return err
		}
	}
	if err := w.junit.c.Result(res); err != nil {
		return err
	}
	turns := report.TurnsOf(res.Record)
	day := audit.Day(res.Record.Timestamp)
	if err := w.dayOpen(day); err != nil {
		return err
	}
	for i := range res.Findings {
		f := &res.Findings[i]
		row := report.ParquetFinding{Unit: u.I, Row: w.row, Turn: turns.Turn(f.MessageIndex), Turns: turns.Count(), F: *f}
		if f.Cited() {
			row.Evidence = review.EvidenceOf(res.Record, f)
		}
		w.row++
		if day == w.directDay {
			err = w.direct.Write(&row)
		} else {
			err = w.spool.Add(day, &row)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Skip ignores skipped records: the unit's state lists them.
func (w *Writer) Skip(*readers.SkipError) error { return nil }

// EndUnit uploads the unit's findings, then writes its state: the unit is
// done once the state is there. A unit audited again writes the same names.
func (w *Writer) EndUnit(s *pipeline.UnitState) error {
	u, err := w.unit()
	if err != nil {
		return err
	}
	if len(s.Inputs) != 1 || s.Inputs[0].Path != u.URL {
		return fmt.Errorf("unit %d: audited %v, planned %s", u.I, s.Inputs, u.URL)
	}
	names, err := w.writeDays(u)
	if err != nil {
		return err
	}
	junit, err := w.uploadJUnit(u)
	if err != nil {
		return err
	}
	meta := w.meta
	meta.Embedder = s.Embedder
	st := &State{Format: StateFormat, Meta: meta, Unit: u.I, URL: u.URL, ETag: s.Inputs[0].ETag, Findings: names, JUnit: junit,
		Stream: s, Report: w.coll.State()}
	b, err := EncodeState(st)
	if err != nil {
		return err
	}
	if err := w.st.WriteFile(w.ctx, StatePath(w.run, u.I), b); err != nil {
		return err
	}
	w.next++
	w.row = 0
	if w.Done != nil {
		w.Done(u)
	}
	return nil
}

// dayOpen makes ready where a day's findings go: the unit's first day's
// file, or the spool of the others.
func (w *Writer) dayOpen(day string) error {
	switch {
	case w.direct == nil:
		f, err := os.CreateTemp("", "ragaudit-findings-*.parquet")
		if err != nil {
			return fmt.Errorf("staging findings (a writable temporary directory, TMPDIR, is needed): %w", err)
		}
		os.Remove(f.Name()) // unnamed: gone with the process whatever happens
		if w.direct, err = report.NewFindingsParquet(f); err != nil {
			f.Close()
			return err
		}
		w.directF, w.directDay = f, day
	case day != w.directDay && w.spool == nil:
		var err error
		w.spool, err = report.NewFindingsSpool()
		return err
	}
	return nil
}

// writeDays writes the unit's findings, a Parquet file per day, each
// staged locally and uploaded; it returns their names, sorted.
func (w *Writer) writeDays(u Unit) ([]string, error) {
	names := []string{}
	if w.direct != nil {
		pw, f, day := w.direct, w.directF, w.directDay
		w.direct, w.directF, w.directDay = nil, nil, ""
		defer f.Close()
		if err := pw.Close(); err != nil {
			return nil, err
		}
		name := findingsName(day, u.I)
		if err := w.copyUp(f, store.Join(w.run, name)); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	sp := w.spool
	if sp == nil {
		slices.Sort(names)
		return names, nil
	}
	w.spool = nil
	defer sp.Close()
	for _, day := range sp.Days() {
		f, err := os.CreateTemp("", "ragaudit-findings-*.parquet")
		if err != nil {
			return nil, err
		}
		os.Remove(f.Name())
		err = sp.WriteDay(day, f)
		if err == nil {
			name := findingsName(day, u.I)
			err = w.copyUp(f, store.Join(w.run, name))
			names = append(names, name)
		}
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(names)
	return names, nil
}

// uploadJUnit uploads the unit's JUnit cases, if it had any.
func (w *Writer) uploadJUnit(u Unit) (*JUnitPart, error) {
	j := w.junit
	if j == nil {
		return nil, nil
	}
	w.junit = nil
	defer j.f.Close()
	if err := j.c.Flush(); err != nil {
		return nil, err
	}
	if err := j.zw.Close(); err != nil {
		return nil, err
	}
	name := junitName(u.I)
	if err := w.copyUp(j.f, store.Join(w.run, name)); err != nil {
		return nil, err
	}
	tests, failures, skipped := j.c.Counts()
	return &JUnitPart{Name: name, Tests: tests, Failures: failures, Skipped: skipped}, nil
}

// copyUp copies a staged file to name, retrying transient failures.
func (w *Writer) copyUp(f *os.File, name string) error {
	return w.st.Retry(w.ctx, name, func() error {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		out, err := w.st.Create(w.ctx, name)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, f); err != nil {
			out.Abort()
			return err
		}
		return out.Commit()
	})
}

// Abort drops what a unit cut short had staged.
func (w *Writer) Abort() {
	if w.spool != nil {
		w.spool.Close()
		w.spool = nil
	}
	if w.directF != nil {
		w.directF.Close()
		w.direct, w.directF, w.directDay = nil, nil, ""
	}
	if w.junit != nil {
		w.junit.f.Close()
		w.junit = nil
	}
}
