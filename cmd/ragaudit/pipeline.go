package main

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"log/slog"
	"math"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// inFlightPerWorker bounds the records read but not yet written: memory
// stays flat however long the input and however slow one record is.
const inFlightPerWorker = 16

// auditFiles streams every record of o.Files through the filters and the
// auditor, in input order (or oldest first with --last), and hands each
// result to emit in that order, whatever the number of workers. Every
// record read ends up audited, filtered or skipped in the returned tally.
// auditor is called by the workers: models may still be loading while the
// first records are read.
func auditFiles(ctx context.Context, auditor func() (*audit.Auditor, error), o auditOptions, stdin io.Reader, stderr io.Writer,
	logger *slog.Logger, emit func(*audit.Result) error) (*audit.Tally, []report.Input, error) {

	var bar *progressbar.ProgressBar
	if !o.Quiet {
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr),
				progressbar.OptionSetDescription("auditing"), progressbar.OptionShowCount(),
				progressbar.OptionSetItsString("records"), progressbar.OptionShowIts(),
				progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
			defer bar.Finish()
		}
	}

	tally := audit.NewTally()
	warn := &skipWarner{logger: logger} // the reader's, then the auditor's skips
	var inputs []report.Input
	records := func(submit func(readers.Record) bool) error {
		return readAll(ctx, o, stdin, warn, tally, bar, &inputs, submit)
	}
	coverage := map[string]*report.Coverage{}
	var late []*readers.SkipError // records the auditor refused, in input order
	err := auditInOrder(ctx, auditor, max(1, o.Workers), records, func(res *audit.Result) error {
		if res.Skip != nil {
			tally.Skip(res.Skip)
			late = append(late, res.Skip)
			return nil
		}
		tally.Add(res)
		addCoverage(coverage, res, logger)
		return emit(res)
	})
	if err != nil && ctx.Err() != nil {
		// Stopped by a signal: whatever a worker said (an embedding
		// request cut short, "context canceled") is the interrupt's doing.
		return nil, nil, errInterrupted
	}
	if err != nil {
		return nil, nil, err
	}
	// After the reader's skips (it runs ahead of the audit), so that
	// skipped.jsonl is in the same order on every run.
	for _, skip := range late {
		warn.skipped(skip)
		if o.onSkip != nil {
			o.onSkip(skip)
		}
		for i := range inputs {
			if inputs[i].Path == skip.File {
				inputs[i].Records--
				inputs[i].Skipped++
				break
			}
		}
	}
	for i := range inputs {
		if c := coverage[inputs[i].Path]; c != nil {
			inputs[i].Coverage = *c
		}
	}
	return tally, inputs, nil
}

// addCoverage counts, per input file, the citations found and resolved and
// the text status of the chunks, and reports adapter warnings.
func addCoverage(m map[string]*report.Coverage, res *audit.Result, logger *slog.Logger) {
	rec := res.Record
	c := m[rec.File]
	if c == nil {
		c = &report.Coverage{}
		m[rec.File] = c
	}
	for _, w := range rec.Warnings {
		c.Warnings++
		logger.Warn("adapter", "at", fmt.Sprintf("%s:%d", rec.File, rec.Line), "detail", w)
	}
	for _, msg := range rec.Messages {
		for _, ch := range msg.Retrieval {
			switch {
			case ch.Status == readers.TextTruncated:
				c.ChunksTruncated++
			case ch.Text == "" || ch.Status == readers.TextAbsent || ch.Status == readers.TextRedacted:
				c.ChunksAbsent++
			default:
				c.ChunksFull++
			}
		}
	}
	for i := range res.Findings {
		if f := &res.Findings[i]; f.Cited() {
			c.Citations++
			if f.ChunkID != nil {
				c.Resolved++
			}
		}
	}
}

// errInterrupted ends a run stopped by SIGINT or SIGTERM before its report
// was committed.
var errInterrupted = cli.Exit("interrupted; no report written", 130)

// duplicates recognises a record read before: the same conversation, time,
// messages and chunks, as when a log is given twice under two
// names or rotated logs overlap. Counted twice, it would weigh twice in the
// rate and narrow its interval. Exact for the first maxTrackedRecords
// distinct records, then off: memory stays bounded, and a probabilistic
// filter would skip records that are not duplicates.
type duplicates struct {
	seed  maphash.Seed
	files []string          // the files records came from, in order
	first map[uint64]uint64 // record hash → where it was read: file index << 40 | line
}

// maxTrackedRecords bounds the map to about 3 MB (16 bytes an entry).
const maxTrackedRecords = 1 << 17

func newDuplicates() *duplicates {
	return &duplicates{seed: maphash.MakeSeed(), first: map[uint64]uint64{}}
}

func (d *duplicates) check(r *readers.Record) (first string, dup bool) {
	if r.Timestamp.IsZero() {
		// Without a time, a turn asked and answered twice alike cannot
		// be told from a copy: both are audited.
		return "", false
	}
	k := recordHash(d.seed, r)
	if at, ok := d.first[k]; ok {
		return fmt.Sprintf("%s:%d", d.files[at>>40], at&(1<<40-1)), true
	}
	if len(d.first) < maxTrackedRecords {
		if len(d.files) == 0 || d.files[len(d.files)-1] != r.File {
			d.files = append(d.files, r.File)
		}
		d.first[k] = uint64(len(d.files)-1)<<40 | uint64(r.Line)&(1<<40-1)
	}
	return "", false
}

// recordHash hashes everything of a record that can change its audit: two
// records differing in a chunk's text status, a score or a structured
// citation are not copies. Strings are length-prefixed, so no choice of
// field contents can make two different records hash alike by design.
func recordHash(seed maphash.Seed, r *readers.Record) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	var buf [8]byte
	num := func(v uint64) { binary.LittleEndian.PutUint64(buf[:], v); h.Write(buf[:]) }
	str := func(s string) { num(uint64(len(s))); h.WriteString(s) }
	vec := func(v []float32) {
		num(uint64(len(v)))
		for _, x := range v {
			num(uint64(math.Float32bits(x)))
		}
	}
	str(r.ConversationID)
	str(r.Tenant)
	str(r.Agent)
	// A repeated turn (same question, same answer) at another time is a
	// new record, not a copy.
	str(r.Timestamp.Format(time.RFC3339Nano))
	num(uint64(len(r.Messages)))
	for _, m := range r.Messages {
		str(m.Role)
		str(m.Content)
		vec(m.Embedding)
		num(uint64(len(m.Retrieval)))
		for _, c := range m.Retrieval {
			str(c.ID)
			str(c.Source)
			str(c.Text)
			str(c.Status)
			if c.Score == nil {
				num(0)
			} else {
				num(1)
				num(math.Float64bits(*c.Score))
			}
			vec(c.Embedding)
		}
		num(uint64(len(m.Citations)))
		for _, c := range m.Citations {
			num(uint64(c.Start))
			num(uint64(c.End))
			str(c.Marker)
			num(uint64(len(c.ChunkIDs)))
			for _, id := range c.ChunkIDs {
				str(id)
			}
		}
	}
	return h.Sum64()
}

// readAll reads every input file, counts what it reads, skips and filters,
// and submits the records to audit; with --last it submits only the most
// recent ones, oldest first, once all input is read.
func readAll(ctx context.Context, o auditOptions, stdin io.Reader, warn *skipWarner, tally *audit.Tally,
	bar *progressbar.ProgressBar, inputs *[]report.Input, submit func(readers.Record) bool) error {

	var latest *readers.Latest
	if o.Last > 0 {
		latest = readers.NewLatest(o.Last)
	}
	keep := func(r *readers.Record) bool {
		return (len(o.Tenants) == 0 || contains(o.Tenants, r.Tenant)) &&
			(len(o.Agents) == 0 || contains(o.Agents, r.Agent))
	}
	seq := 0
	skipped := func(skip *readers.SkipError) {
		tally.Skip(skip)
		warn.skipped(skip)
		if o.onSkip != nil {
			o.onSkip(skip)
		}
	}
	dups := newDuplicates()
	for _, path := range o.Files {
		stats := &readers.FileStats{}
		dupsInFile := 0
		for rec, err := range readers.Open(path, readers.Options{MaxLineBytes: o.MaxLineBytes, Stdin: stdin, Format: o.Format, Mappings: o.Mappings, MappingName: o.MappingName}, stats) {
			if ctx.Err() != nil {
				return errInterrupted
			}
			tally.Read()
			if bar != nil {
				bar.Add(1)
			}
			var skip *readers.SkipError
			switch {
			case errors.As(err, &skip):
				skipped(skip)
				continue
			case err != nil:
				return usageErr("%v", err)
			}
			if first, dup := dups.check(&rec); dup {
				skipped(&readers.SkipError{File: rec.File, Line: rec.Line, Reason: readers.ReasonDuplicate,
					Detail: "the same conversation and messages as " + first + " (a log given twice?); audited once"})
				dupsInFile++
				continue
			}
			rec.Seq = seq
			seq++
			switch {
			case !keep(&rec):
				tally.Filter()
			case latest != nil:
				for range latest.Offer(rec) {
					tally.Filter()
				}
			default:
				if !submit(rec) {
					return nil // the consumer failed; it reports why
				}
			}
		}
		*inputs = append(*inputs, report.Input{Path: path, SHA256: stats.SHA256, Bytes: stats.Bytes,
			Records: stats.Records - dupsInFile, Skipped: stats.Skipped + dupsInFile})
	}
	if latest != nil {
		for _, rec := range latest.Records() {
			if !submit(rec) {
				return nil
			}
		}
	}
	return nil
}

// auditInOrder audits the records that produce submits on workers
// goroutines and calls emit with the results in submission order. At most
// workers*inFlightPerWorker records are in flight. The first error of
// produce or emit is returned, after every goroutine has stopped.
func auditInOrder(ctx context.Context, auditor func() (*audit.Auditor, error), workers int, produce func(submit func(readers.Record) bool) error,
	emit func(*audit.Result) error) error {

	type job struct {
		seq int
		rec readers.Record
	}
	type done struct {
		seq int
		res audit.Result
		err error
	}
	// The first failure cancels the work still queued (e.g. records
	// waiting on an embedding endpoint that is down).
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	inFlight := workers * inFlightPerWorker
	jobs := make(chan job, inFlight)
	results := make(chan done, inFlight)
	tokens := make(chan struct{}, inFlight) // one per record not yet emitted
	stop := make(chan struct{})             // closed when emit fails

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if err := ctx.Err(); err != nil {
					results <- done{j.seq, audit.Result{}, err}
					continue
				}
				a, err := auditor()
				if err != nil {
					results <- done{j.seq, audit.Result{}, err}
					continue
				}
				res, err := a.Audit(ctx, &j.rec)
				results <- done{j.seq, res, err}
			}
		}()
	}

	var produceErr error
	go func() {
		defer func() {
			close(jobs)
			wg.Wait()
			close(results)
		}()
		seq := 0
		produceErr = produce(func(rec readers.Record) bool {
			select {
			case tokens <- struct{}{}:
			case <-stop:
				return false
			}
			jobs <- job{seq, rec}
			seq++
			return true
		})
	}()

	pending := map[int]*done{}
	next := 0
	var emitErr error
	for d := range results {
		pending[d.seq] = &d
		for r, ok := pending[next]; ok; r, ok = pending[next] {
			delete(pending, next)
			next++
			<-tokens
			if emitErr != nil {
				continue
			}
			if emitErr = r.err; emitErr == nil {
				emitErr = emit(&r.res)
			}
			if emitErr != nil {
				close(stop)
				cancel()
			}
		}
	}
	// results is closed only after produce returned: produceErr is set.
	if produceErr != nil {
		return produceErr
	}
	return emitErr
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxWarnings bounds per-record warnings so a broken file cannot flood a
// terminal; every skip is still counted in the summary.
const maxWarnings = 100

// skipWarner logs skipped records, the first maxWarnings of them.
type skipWarner struct {
	logger *slog.Logger
	n      int
}

func (w *skipWarner) skipped(skip *readers.SkipError) {
	if w.n++; w.n <= maxWarnings {
		w.logger.Warn("skipped record", "at", fmt.Sprintf("%s:%d", skip.File, skip.Line), "reason", skip.Reason, "detail", skip.Detail)
	} else if w.n == maxWarnings+1 {
		w.logger.Warn("more records skipped; further warnings suppressed, the counts have them all")
	}
}

// newLogger logs warnings to stderr as key=value lines without a clock, so
// the same input gives the same diagnostics.
func newLogger(stderr io.Writer, quiet bool) *slog.Logger {
	if quiet {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{
		Level: slog.LevelWarn,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	}))
}
