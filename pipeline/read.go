package pipeline

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// readAll reads every input file, counts what it reads, skips and filters,
// and submits the records to audit, each file as a unit; with Last it
// submits only the most recent ones, oldest first, once all input is read,
// as one unit.
func (s *stream) readAll(ctx context.Context, submit func(readers.Record, *repeats, *unitMark) bool) error {
	o := &s.o
	s.across.seed = maphash.MakeSeed() // one seed for the run: a record hashes alike in every file
	var latest *readers.Latest
	var u *unitAcc
	var dups *duplicates
	begin := func() bool {
		u, dups = newUnitAcc(o.Guard.Attempts), newDuplicates(s.across.seed)
		return submit(readers.Record{}, nil, &unitMark{acc: u})
	}
	if o.Last > 0 {
		latest = readers.NewLatest(o.Last)
		s.undated.latest = readers.NewLatest(o.Last)
		if !begin() {
			return nil
		}
	}
	ropts := o.Read
	ropts.Stdin = o.Stdin
	ropts.Context = ctx // a pipe or FIFO that never ends still stops on an interrupt
	ropts.Progress = o.ProgressBytes
	seq := 0
	for _, path := range o.Files {
		if latest == nil && !begin() {
			return nil
		}
		ok, err := s.readFile(ctx, path, &ropts, u, dups, latest, &seq, submit)
		if err != nil || !ok {
			return err
		}
		dups.earlier.warn(s.o.Logger)
		if latest == nil && !submit(readers.Record{}, nil, &unitMark{acc: u, end: true}) {
			return nil
		}
	}
	s.across.warn(s.o.Logger)
	if !s.filters.kept && len(s.filters.near) > 0 {
		return &FilterError{s.filters.near}
	}
	if latest != nil {
		chosen := s.undatedChosen(u, latest)
		for _, rec := range chosen { // oldest first: an answer counts in the first record chosen
			var rp *repeats
			rec.Prior, rp = dups.answers.prior(&rec)
			dups.earlier.attach(&rec)
			if !submit(rec, rp, nil) {
				return nil
			}
		}
		dups.earlier.warn(s.o.Logger)
		submit(readers.Record{}, nil, &unitMark{acc: u, end: true})
	}
	return nil
}

// undatedChosen is what --last audits of the records read: the latest
// dated ones, each undated one skipped (undatedRecords); or, where none
// has a timestamp, the last in input order, said once.
func (s *stream) undatedChosen(u *unitAcc, latest *readers.Latest) []readers.Record {
	ud := &s.undated
	switch {
	case ud.n == 0:
	case !ud.dated:
		s.o.Logger.Warn("--last: no record has a timestamp", "records", ud.n,
			"detail", "the latest are taken to be the last in input order")
		for range ud.dropped {
			u.tally.Filter()
		}
		return ud.latest.Records()
	default:
		for _, skip := range ud.listed {
			s.skipped(u, skip)
		}
		if rest := ud.n - len(ud.listed); rest > 0 { // counted, not listed (MaxSkippedListed)
			skip := undatedSkip("", 0)
			for range rest {
				s.skipped(u, skip)
			}
		}
	}
	return latest.Records()
}

func undatedSkip(file string, line int) *readers.SkipError {
	return &readers.SkipError{File: file, Line: line, Reason: readers.ReasonUndated,
		Detail: "--last chooses the latest conversations by their time, and this record has none while others do: it cannot be placed among them (log a timestamp, or audit without --last)"}
}

// readFile reads one input into unit u; false: the consumer failed (it
// reports why).
func (s *stream) readFile(ctx context.Context, path string, ropts *readers.Options, u *unitAcc, dups *duplicates,
	latest *readers.Latest, seq *int, submit func(readers.Record, *repeats, *unitMark) bool) (bool, error) {
	o := &s.o
	keep := func(r *readers.Record) bool {
		return (len(o.Tenants) == 0 || slices.Contains(o.Tenants, r.Tenant)) &&
			(len(o.Agents) == 0 || slices.Contains(o.Agents, r.Agent))
	}
	stats := &readers.FileStats{}
	dupsInFile := 0
	for rec, err := range readers.Open(path, *ropts, stats) {
		if ctx.Err() != nil {
			return false, ErrInterrupted
		}
		u.tally.Read()
		if o.Progress != nil {
			o.Progress(1)
		}
		var skip *readers.SkipError
		switch {
		case errors.As(err, &skip):
			s.skipped(u, skip)
			continue
		case err != nil:
			return false, &InputError{err}
		}
		first, dup, hash := dups.check(&rec)
		if dup {
			s.skipped(u, &readers.SkipError{File: rec.File, Line: rec.Line, Reason: readers.ReasonDuplicate,
				Detail: "the same conversation and messages as " + first + " (a log given twice?); audited once"})
			dupsInFile++
			continue
		}
		s.across.check(&rec, len(s.o.Files), hash)
		rec.Seq = *seq
		*seq++
		if !keep(&rec) {
			s.filters.note(o, &rec)
		} else {
			s.filters.kept = true
		}
		switch {
		case !keep(&rec):
			u.tally.Filter()
		case latest != nil && rec.Timestamp.IsZero():
			ud := &s.undated
			if ud.n++; len(ud.listed) < MaxSkippedListed {
				ud.listed = append(ud.listed, undatedSkip(rec.File, rec.Line))
			}
			ud.dropped += ud.latest.Offer(rec)
		case latest != nil:
			s.undated.dated = true
			for range latest.Offer(rec) {
				u.tally.Filter()
			}
		default:
			var rp *repeats
			rec.Prior, rp = dups.answers.prior(&rec)
			dups.earlier.attach(&rec)
			if !submit(rec, rp, nil) {
				return false, nil // the consumer failed; it reports why
			}
		}
	}
	in := Input{Path: path, SHA256: stats.SHA256, ContentSHA256: stats.ContentSHA256, ETag: stats.ETag, Bytes: stats.Bytes,
		Records: stats.Records - dupsInFile, Skipped: stats.Skipped + dupsInFile, KeysRead: stats.KeysRead}
	warnDrift(o.Logger, &in)
	u.inputs = append(u.inputs, in)
	return true, nil
}

// skipped counts and lists a record the reader skipped, and warns of it.
func (s *stream) skipped(u *unitAcc, skip *readers.SkipError) {
	u.tally.Skip(skip)
	u.list(skip)
	s.warn.skipped(skip)
}

// duplicates recognises a record read before in the same unit: the same
// conversation, time, messages and chunks, as when rotated logs overlap
// (a whole file given twice is refused by Total.Fold). Counted twice, it would weigh twice in the
// rate and narrow its interval. Exact for the first maxTrackedRecords
// distinct records, then off: memory stays bounded, and a probabilistic
// filter would skip records that are not duplicates.
// overlaps finds records that an earlier input file held too (rotated
// logs that overlap): each file's are audited, as a shard reading it alone
// would audit them, and said on stderr, so that nobody reports the double
// count unwarned. Bounded as duplicates is.
type overlaps struct {
	seed  maphash.Seed
	file  map[uint64]int // record hash → index of the first file holding it
	files []string
	pairs map[[2]int]int // (earlier file, later file) → records in both
	order [][2]int
}

// check notes record r, of hash k (recordHash with o.seed, as
// duplicates.check gave it).
func (o *overlaps) check(r *readers.Record, inputs int, k uint64) {
	if inputs < 2 || r.Timestamp.IsZero() {
		return
	}
	if o.file == nil {
		o.file, o.pairs = map[uint64]int{}, map[[2]int]int{}
	}
	if len(o.files) == 0 || o.files[len(o.files)-1] != r.File {
		o.files = append(o.files, r.File)
	}
	this := len(o.files) - 1
	at, ok := o.file[k]
	switch {
	case ok && at != this:
		p := [2]int{at, this}
		if o.pairs[p] == 0 {
			o.order = append(o.order, p)
		}
		o.pairs[p]++
	case !ok && len(o.file) < maxTrackedRecords:
		o.file[k] = this
	}
}

func (o *overlaps) warn(log *slog.Logger) {
	for _, p := range o.order {
		n := o.pairs[p]
		log.Warn("input files overlap", "file", o.files[p[1]], "earlier", o.files[p[0]], "records", n,
			"detail", fmt.Sprintf("%s holds %s of %s (the same conversation, time, messages and chunks): both files' are audited and counted; audit each record once (leave the overlap out of one file) for a count of distinct records",
				o.files[p[1]], counted(n, "record", "records"), o.files[p[0]]))
	}
}

type duplicates struct {
	seed    maphash.Seed
	files   []string          // the files records came from, in order
	first   map[uint64]uint64 // record hash → where it was read: file index << 40 | line
	answers answersSeen       // answers held again by later records of a conversation
	earlier earlierRecords    // earlier records' answers, for one turn per record
}

// maxTrackedRecords bounds the map to about 3 MB (16 bytes an entry).
const maxTrackedRecords = 1 << 17

func newDuplicates(seed maphash.Seed) *duplicates {
	d := &duplicates{seed: seed, first: map[uint64]uint64{}}
	d.answers.d, d.earlier.d = d, d
	return d
}

// check reports whether r is a copy of a record read before, and where
// that one was; hash is r's recordHash (0 for a record without a time).
func (d *duplicates) check(r *readers.Record) (first string, dup bool, hash uint64) {
	if r.Timestamp.IsZero() {
		// Without a time, a turn asked and answered twice alike cannot
		// be told from a copy: both are audited.
		return "", false, 0
	}
	k := recordHash(d.seed, r)
	if at, ok := d.first[k]; ok {
		return fmt.Sprintf("%s:%d", d.files[at>>40], at&(1<<40-1)), true, k
	}
	if len(d.first) < maxTrackedRecords {
		if len(d.files) == 0 || d.files[len(d.files)-1] != r.File {
			d.files = append(d.files, r.File)
		}
		d.first[k] = uint64(len(d.files)-1)<<40 | uint64(r.Line)&(1<<40-1)
	}
	return "", false, k
}

// recordHash hashes everything of a record that can change its audit: two
// records differing in a chunk's text status, a score or a structured
// citation are not copies. Strings are length-prefixed, so no choice of
// field contents can make two different records hash alike by design.
func recordHash(seed maphash.Seed, r *readers.Record) uint64 {
	var h hasher
	h.SetSeed(seed)
	h.str(r.ConversationID)
	h.str(r.Tenant)
	h.str(r.Agent)
	// A repeated turn (same question, same answer) at another time is a
	// new record, not a copy.
	h.str(r.Timestamp.Format(time.RFC3339Nano))
	h.num(uint64(len(r.Messages)))
	for i := range r.Messages {
		h.message(&r.Messages[i])
	}
	return h.Sum64()
}

// hasher writes a record's parts into a maphash, length-prefixed.
type hasher struct {
	maphash.Hash
	buf [8]byte
}

func (h *hasher) num(v uint64) { binary.LittleEndian.PutUint64(h.buf[:], v); h.Write(h.buf[:]) }
func (h *hasher) str(s string) { h.num(uint64(len(s))); h.WriteString(s) }

func (h *hasher) vec(v []float32) {
	h.num(uint64(len(v)))
	for _, x := range v {
		h.num(uint64(math.Float32bits(x)))
	}
}

// message writes everything of a message that can change its audit.
func (h *hasher) message(m *readers.Message) {
	if m.NoRetrievalLogged {
		h.num(1)
	} else {
		h.num(0)
	}
	h.str(m.Role)
	h.str(m.Content)
	h.vec(m.Embedding)
	h.num(uint64(len(m.Retrieval)))
	for _, c := range m.Retrieval {
		h.str(c.ID)
		h.str(c.Source)
		h.str(c.Text)
		h.str(c.Status)
		if c.Score == nil {
			h.num(0)
		} else {
			h.num(1)
			h.num(math.Float64bits(*c.Score))
		}
		h.vec(c.Embedding)
	}
	h.num(uint64(len(m.Citations)))
	for _, c := range m.Citations {
		h.num(uint64(c.Start))
		h.num(uint64(c.End))
		h.str(c.Marker)
		h.num(uint64(len(c.ChunkIDs)))
		for _, id := range c.ChunkIDs {
			h.str(id)
		}
	}
}

// maxWarnings bounds per-record warnings so a broken file cannot flood a
// terminal; every skip is still counted in the summary.
const maxWarnings = 100

// skipWarner logs skipped records, the first maxWarnings of them.
type skipWarner struct {
	logger *slog.Logger
	mu     sync.Mutex // the reader's skips and the auditor's are warned of from two goroutines
	n      int
}

func (w *skipWarner) skipped(skip *readers.SkipError) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.n++; w.n <= maxWarnings {
		w.logger.Warn("skipped record", "at", fmt.Sprintf("%s:%d", skip.File, skip.Line), "reason", skip.Reason, "detail", skip.Detail)
	} else if w.n == maxWarnings+1 {
		w.logger.Warn("more records skipped; further warnings suppressed, the counts have them all")
	}
}

// SkipWarner logs skipped records as warnings, the first 100 of them, for
// commands that read records without Run (convert).
type SkipWarner = skipWarner

// NewSkipWarner warns on logger.
func NewSkipWarner(logger *slog.Logger) *SkipWarner { return &skipWarner{logger: logger} }

// Skipped warns of one skipped record.
func (w *skipWarner) Skipped(skip *readers.SkipError) { w.skipped(skip) }
