package shard

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/store"
)

// Run is a sharded run to merge: where its files are, and its plan.
type Run struct {
	Name string
	Plan *Plan
}

// OpenRun reads a run's plan (planName, or the run's plan.json).
func OpenRun(ctx context.Context, st *store.Store, name, planName string) (*Run, error) {
	if planName == "" {
		planName = PlanPath(name)
	}
	b, err := st.ReadFile(ctx, planName)
	if errors.Is(err, store.ErrNotExist) {
		return nil, fmt.Errorf("%s: no plan (%s): is this the --out of ragaudit audit --shard?", name, planName)
	}
	if err != nil {
		return nil, err
	}
	p, err := ReadPlan(planName, b)
	if err != nil {
		return nil, err
	}
	if err := st.SetParams(p.Params); err != nil {
		return nil, err
	}
	return &Run{Name: name, Plan: p}, nil
}

// Missing lists the run's units that have no state yet.
func (r *Run) Missing(ctx context.Context, st *store.Store) ([]Unit, error) {
	have := map[string]bool{}
	infos, err := st.List(ctx, store.Join(r.Name, "units/"))
	if err != nil && !errors.Is(err, store.ErrNotExist) {
		return nil, err
	}
	for _, in := range infos {
		have[in.Name] = true
	}
	var out []Unit
	for _, u := range r.Plan.Units {
		name, _ := st.Canonical(StatePath(r.Name, u.I))
		if !have[name] {
			out = append(out, u)
		}
	}
	return out, nil
}

// Merged is the fold of a run's units.
type Merged struct {
	Meta   Meta
	Total  *pipeline.Total
	Report *report.Collected
	units  []mergedUnit
}

type mergedUnit struct {
	run      string
	unit     int
	findings []string
}

// fetched is a state read, or why not.
type fetched struct {
	s   *State
	err error
}

// MergeOptions say what a merge hands on while it folds.
type MergeOptions struct {
	Tool     string          // this ragaudit ("ragaudit 0.2.0"): states of another are refused
	Attempts func(Meta) bool // whether the run audited a guard's attempts
	// Skip gets the skipped records the report lists, in order; BeforeUnit
	// (when set) each unit's state before its fold (a unit's JUnit cases
	// come before its skipped records, as in the one-machine run).
	Skip       func(*readers.SkipError) error
	BeforeUnit func(run string, s *State) error
}

// Merge reads every unit's state of the runs, in unit order, checks that
// they belong together (one tool version, this one; one plan per run; one
// configuration; objects as planned), and folds them.
func Merge(ctx context.Context, st *store.Store, runs []*Run, o MergeOptions) (*Merged, error) {
	var missing []string
	n := 0
	for _, r := range runs {
		ms, err := r.Missing(ctx, st)
		if err != nil {
			return nil, err
		}
		for _, u := range ms {
			missing = append(missing, fmt.Sprintf("%d (%s)", u.I, u.URL))
		}
		n += len(r.Plan.Units)
	}
	if len(missing) > 0 {
		shown := missing[:min(len(missing), 5)]
		more := ""
		if len(missing) > 5 {
			more = fmt.Sprintf(" and %d more", len(missing)-5)
		}
		return nil, fmt.Errorf("%d of %d units have no state yet: %s%s: run their shards (again), then merge", len(missing), n, strings.Join(shown, ", "), more)
	}
	m := &Merged{}
	k := 0
	err := fetchInOrder(ctx, st, runs, func(r *Run, u Unit, s *State) error {
		if err := m.check(r, u, s, o.Tool, k == 0); err != nil {
			return err
		}
		if k == 0 {
			m.Total = pipeline.NewTotal(o.Attempts != nil && o.Attempts(s.Meta))
			m.Report = report.NewCollected(s.HTMLMaxFailures)
		}
		k++
		if o.BeforeUnit != nil {
			if err := o.BeforeUnit(r.Name, s); err != nil {
				return err
			}
		}
		if err := m.Total.Fold(s.Stream, o.Skip); err != nil {
			return err
		}
		if err := m.Report.Fold(s.Report); err != nil {
			return fmt.Errorf("%s: %w", StatePath(r.Name, u.I), err)
		}
		m.units = append(m.units, mergedUnit{run: r.Name, unit: u.I, findings: s.Findings})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// check refuses a state that does not belong with the others.
func (m *Merged) check(r *Run, u Unit, s *State, tool string, first bool) error {
	name := StatePath(r.Name, u.I)
	in := s.Stream.Inputs
	switch {
	case s.Tool != tool:
		return fmt.Errorf("%s: written by %s, this is %s: merge with the version that audited (or audit again)", name, s.Tool, tool)
	case s.Plan != r.Plan.ID:
		return fmt.Errorf("%s: of another plan (%s, the run's is %s): a run's shards must share one plan", name, s.Plan, r.Plan.ID)
	case s.Unit != u.I || s.URL != u.URL || len(in) != 1 || in[0].Path != u.URL:
		return fmt.Errorf("%s: the state of %s, planned %s", name, s.URL, u.URL)
	case u.ETag != "" && s.ETag != u.ETag:
		return fmt.Errorf("%s: %s changed since the plan (ETag %s, planned %s): make a new plan and audit again", name, u.URL, s.ETag, u.ETag)
	case u.ETag == "" && in[0].Bytes != u.Size:
		return fmt.Errorf("%s: %s changed since the plan (%d bytes, planned %d): make a new plan and audit again", name, u.URL, in[0].Bytes, u.Size)
	case first:
		m.Meta = s.Meta
		m.Meta.Plan = ""
	case s.ConfigHash != m.Meta.ConfigHash || s.Embedder != m.Meta.Embedder || s.HTMLMaxFailures != m.Meta.HTMLMaxFailures:
		return fmt.Errorf("%s: audited under another configuration (%s) than the first unit (%s): audit every shard with the same flags", name, s.ConfigHash, m.Meta.ConfigHash)
	}
	return nil
}

// fetchInOrder reads the states of every unit, up to fetchAhead at once,
// and hands them over in unit order.
func fetchInOrder(ctx context.Context, st *store.Store, runs []*Run, each func(*Run, Unit, *State) error) error {
	type job struct {
		r  *Run
		u  Unit
		ch chan fetched
	}
	const fetchAhead = 16
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job, fetchAhead)
	go func() {
		defer close(jobs)
		for _, r := range runs {
			for _, u := range r.Plan.Units {
				j := job{r, u, make(chan fetched, 1)}
				go func() {
					b, err := st.ReadFile(ctx, StatePath(j.r.Name, j.u.I))
					if err != nil {
						j.ch <- fetched{err: err}
						return
					}
					s, err := DecodeState(StatePath(j.r.Name, j.u.I), b)
					j.ch <- fetched{s, err}
				}()
				select {
				case jobs <- j:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	for j := range jobs {
		if err := ctx.Err(); err != nil {
			return err // interrupted: no report
		}
		f := <-j.ch
		if f.err != nil {
			return f.err
		}
		if err := each(j.r, j.u, f.s); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// EachFinding reads the merged units' findings back in the one-machine
// order (unit, then row), a unit at a time (memory holds one unit's
// findings).
func (m *Merged) EachFinding(ctx context.Context, st *store.Store, each func(*report.ParquetFinding) error) error {
	for _, u := range m.units {
		if err := ctx.Err(); err != nil {
			return err
		}
		var rows []report.ParquetFinding
		for _, name := range u.findings {
			if err := readFindings(ctx, st, store.Join(u.run, name), func(p *report.ParquetFinding) error {
				rows = append(rows, *p)
				return nil
			}); err != nil {
				return err
			}
		}
		slices.SortFunc(rows, func(a, b report.ParquetFinding) int { return a.Row - b.Row })
		for i := range rows {
			if rows[i].Unit != u.unit || rows[i].Row != i {
				return fmt.Errorf("unit %d of %s: its findings files hold row %d of unit %d where row %d was due", u.unit, u.run, rows[i].Row, rows[i].Unit, i)
			}
			if err := each(&rows[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// OpenJUnit opens a unit's JUnit cases (nil, nil: it has none).
func OpenJUnit(ctx context.Context, st *store.Store, run string, s *State) (io.ReadCloser, error) {
	if s.JUnit == nil {
		return nil, nil
	}
	b, err := st.ReadFile(ctx, store.Join(run, s.JUnit.Name))
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.JUnit.Name, err)
	}
	return zr, nil
}

// readFindings reads one findings file (an object is fetched to a
// temporary file first: Parquet's footer comes last).
func readFindings(ctx context.Context, st *store.Store, name string, each func(*report.ParquetFinding) error) error {
	rc, _, err := st.Open(ctx, name, "")
	if err != nil {
		return err
	}
	defer rc.Close()
	f, ok := rc.(*os.File)
	if !ok {
		tmp, err := os.CreateTemp("", "ragaudit-findings-*.parquet")
		if err != nil {
			return err
		}
		os.Remove(tmp.Name())
		defer tmp.Close()
		if _, err := io.Copy(tmp, rc); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		f = tmp
	}
	if err := report.ReadFindingsParquet(ctx, f, each); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
