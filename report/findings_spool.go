package report

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
)

// FindingsSpool holds a unit's findings on local disk until the unit
// ends, with where each day's are, so that each day's Parquet file is
// written whole, one at a time: a unit of logs spanning many days needs
// neither a writer per day open at once nor a file per few findings.
// Rows are written exactly (every digit of a score), in arrival order.
type FindingsSpool struct {
	f    *os.File
	w    *bufio.Writer
	off  int64
	days map[string][]span // day → its rows' places in the file, in order
}

type span struct{ off, n int64 }

// spoolRow is a ParquetFinding as the spool writes it.
type spoolRow struct {
	Unit, Row, Turn, Turns int
	Evidence               string
	F                      exactFinding
}

// NewFindingsSpool starts a spool in the temporary directory (an unnamed
// file: gone with the process whatever happens).
func NewFindingsSpool() (*FindingsSpool, error) {
	f, err := os.CreateTemp("", "ragaudit-spool-*")
	if err != nil {
		return nil, fmt.Errorf("spooling findings (a writable temporary directory, TMPDIR, is needed): %w", err)
	}
	os.Remove(f.Name())
	return &FindingsSpool{f: f, w: bufio.NewWriterSize(f, 1<<20), days: map[string][]span{}}, nil
}

// Add spools one finding of a day.
func (s *FindingsSpool) Add(day string, p *ParquetFinding) error {
	b, err := json.Marshal(spoolRow{p.Unit, p.Row, p.Turn, p.Turns, p.Evidence, exactOf(&p.F)})
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	s.days[day] = append(s.days[day], span{s.off, int64(len(b))})
	s.off += int64(len(b))
	return nil
}

// Days are the days spooled, sorted.
func (s *FindingsSpool) Days() []string {
	out := make([]string, 0, len(s.days))
	for d := range s.days {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// WriteDay writes a day's findings, in arrival order, as one Parquet file.
func (s *FindingsSpool) WriteDay(day string, w io.Writer) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	pw, err := NewFindingsParquet(w)
	if err != nil {
		return err
	}
	var buf []byte
	for _, sp := range s.days[day] {
		buf = slices.Grow(buf[:0], int(sp.n))[:sp.n]
		if _, err := s.f.ReadAt(buf, sp.off); err != nil {
			return err
		}
		var r spoolRow
		if err := json.Unmarshal(buf, &r); err != nil {
			return err
		}
		p := ParquetFinding{Unit: r.Unit, Row: r.Row, Turn: r.Turn, Turns: r.Turns, Evidence: r.Evidence, F: r.F.finding()}
		if err := pw.Write(&p); err != nil {
			return err
		}
	}
	return pw.Close()
}

// Close drops the spool.
func (s *FindingsSpool) Close() error { return s.f.Close() }
