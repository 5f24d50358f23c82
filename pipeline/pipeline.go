package pipeline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/llmjudge"
	"github.com/ragaudit/ragaudit/readers"
)

// Options is everything the stream needs: the inputs, how to read them,
// which records to audit and how.
type Options struct {
	Files   []string
	Stdin   io.Reader       // what "-" reads
	Read    readers.Options // format, mappings, line bound (its Stdin is set from Stdin)
	Last    int             // audit only the N most recent conversations (0: all)
	Tenants []string        // audit only these tenants (none: all)
	Agents  []string        // audit only these agents (none: all)
	Audit   audit.Config
	Embed   Embedding
	Guard   GuardLog        // how to audit a guard's decision log
	Judge   *llmjudge.Judge // a judge for the uncertain band (nil: none)
	Workers int             // goroutines auditing; results do not depend on it
	Logger  *slog.Logger    // warnings (skipped records, adapter notes); nil: none
	// Progress, when set, is told of every record read; ProgressBytes of
	// the bytes read, as stored (a progress bar).
	Progress      func(records int)
	ProgressBytes func(bytes int)
}

// Sink receives what the stream produces, in input order (oldest first
// with Last): each audited record's result, and each record that was read
// but not audited, the first MaxSkippedListed of each reason, at the end
// of its unit. Calls to the sinks of one Run are serialized.
type Sink interface {
	Result(*audit.Result) error
	Skip(*readers.SkipError) error
}

// Outcome is what a completed run measured besides what its sinks got.
type Outcome struct {
	Tally   *audit.Tally
	Inputs  []Input
	Auditor *audit.Auditor // the auditor used (its embedder's name goes into reports)
	// Retrieval says how many audited records log their retrieval, and
	// how many have an answer that logs none (its chunks may be under a
	// key the reader does not know).
	Retrieval Retrieval
	// Guard is what the records of a guard's decision log say of it (nil:
	// the logs held none).
	Guard *GuardCounts
	// SkippedNotListed counts, by reason, the skipped records past
	// MaxSkippedListed that the sinks were not handed.
	SkippedNotListed map[string]int
}

// Retrieval counts whether what was retrieved is logged: records with an
// answer that logs it, cited answers that log none, and chunks logged
// without text; the shapes of keys say what the log holds instead.
type Retrieval struct {
	Logged    int `json:"records_with_retrieval_logged"`
	NotLogged int `json:"cited_answers_without_retrieval_logged"`
	// The keys of the first cited answer without retrieval, and of its
	// record: the chunks may be under one of them.
	MessageKeys []string `json:"message_keys,omitempty"`
	RecordKeys  []string `json:"record_keys,omitempty"`
	// Why is what the reader said of the first such answer's retrieval
	// (readers.Message.RetrievalWhy): the cause and the fix, when the
	// format tells them better than the keys.
	Why string `json:"why,omitempty"`
	// MessageShapes are the sets of keys of the cited answers without
	// retrieval (their record's keys in the flat form), most frequent
	// first (at most MaxShapes; MessageShapesNotListed counts the rest).
	MessageShapes          []Shape `json:"message_shapes,omitempty"`
	MessageShapesNotListed int     `json:"message_shapes_not_listed,omitempty"`
	// ChunksWithoutText counts the chunks of audited answers that are
	// objects with no text under any key the reader knows (and no text
	// status saying why): their citations are chunk_text_absent.
	// ChunkShapes are their sets of keys, most frequent first (at most
	// MaxShapes; ChunkShapesNotListed counts the rest).
	ChunksWithoutText    int     `json:"chunks_without_text,omitempty"`
	ChunkShapes          []Shape `json:"chunk_shapes,omitempty"`
	ChunkShapesNotListed int     `json:"chunk_shapes_not_listed,omitempty"`
	Notes
}

// Notes are what the retrievals logged hold that the audit reads in a
// way of its own, counted with where the first is (file:line).
type Notes struct {
	// EmptyText counts the chunks logged with their text key empty
	// ("text": ""): their citations are chunk_text_empty.
	EmptyText      int    `json:"chunks_with_empty_text,omitempty"`
	EmptyTextFirst string `json:"chunks_with_empty_text_first,omitempty"`
	// DuplicateIDs counts the answers whose retrieval logs one chunk id
	// more than once; DuplicateIDsFirst says where the first is, which id
	// and how many chunks it names.
	DuplicateIDs      int    `json:"answers_with_duplicate_chunk_ids,omitempty"`
	DuplicateIDsFirst string `json:"duplicate_chunk_ids_first,omitempty"`
}

// ErrInterrupted: the context was cancelled (SIGINT, SIGTERM) before the
// stream ended; whatever a worker said then is the interrupt's doing.
var ErrInterrupted = errors.New("interrupted")

// InputError: an input could not be read at all (a missing file, Parquet on
// stdin, an unknown format); records that could not be read are skips, not
// errors.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// Run streams every record of o.Files through the filters and the auditor,
// and hands results and skips to the sinks in input order, whatever the
// number of workers. Every record read ends up audited, filtered or
// skipped in the returned tally.
func Run(ctx context.Context, o Options, sinks ...Sink) (*Outcome, error) {
	if err := o.Audit.Validate(); err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	// The models load while the input is read (--last reads it all
	// before auditing): a quarter of a short audit's wall time was start-up.
	auditor := sync.OnceValues(func() (*audit.Auditor, error) { return newAuditor(o.Audit, o.Embed) })
	go auditor()
	return run(ctx, o, auditor, sinks)
}

// run is Run with the auditor given.
func run(ctx context.Context, o Options, auditor func() (*audit.Auditor, error), sinks []Sink) (*Outcome, error) {
	s := &stream{o: o, sinks: sinks, total: NewTotal(o.Guard.Attempts), warn: &skipWarner{logger: o.Logger}, auditor: auditor}
	err := auditInOrder(ctx, auditor, o.Guard, o.Judge, max(1, o.Workers), s.readAll, s.result)
	if err != nil && ctx.Err() != nil {
		return nil, ErrInterrupted
	}
	if err != nil {
		return nil, err
	}
	a, err := auditor()
	if err != nil {
		return nil, err
	}
	out := s.total.Result()
	out.Auditor = a
	warnShapes(o.Logger, &out.Retrieval, len(o.Read.Mappings) > 0)
	warnNotes(o.Logger, &out.Retrieval)
	return out, nil
}

// stream is the state of one Run.
type stream struct {
	o       Options
	sinks   []Sink
	mu      sync.Mutex // serializes calls to the sinks
	total   *Total
	unit    *unitAcc // the unit whose results are being taken
	auditor func() (*audit.Auditor, error)
	warn    *skipWarner
	undated undatedRecords // the records without a timestamp --last met
	across  overlaps       // records an earlier file held too
	filters filterMatches  // what --tenant and --agent matched
}

// filterMatches is what --tenant and --agent met: whether any record
// passed them, and the names the log writes in another case than a flag
// ("acme" for --tenant Acme) or a letter or two away from it ("acme" for
// --tenant acmee).
type filterMatches struct {
	kept bool
	near []string // "--tenant \"Acme\" … \"acme\"", in order met
}

// note notes a record filtered out whose tenant or agent is a flag's value
// in another case.
func (f *filterMatches) note(o *Options, r *readers.Record) {
	for _, fl := range []struct {
		flag  string
		names []string
		name  string
	}{{"--tenant", o.Tenants, r.Tenant}, {"--agent", o.Agents, r.Agent}} {
		for _, v := range fl.names {
			if v != fl.name && nearName(v, fl.name) {
				if n := fmt.Sprintf("%s %q matches no record, but the log names %q", fl.flag, v, fl.name); !slices.Contains(f.near, n) && len(f.near) < 8 {
					f.near = append(f.near, n)
				}
			}
		}
	}
}

// nearName reports whether a flag's name and a log's are one name written
// differently: in another case, or, of names of four letters or more, at
// most two letters apart (a typo: "globex" for "globexx").
func nearName(flag, logged string) bool {
	if strings.EqualFold(flag, logged) {
		return true
	}
	a, b := []rune(strings.ToLower(flag)), []rune(strings.ToLower(logged))
	if min(len(a), len(b)) < 4 || max(len(a), len(b))-min(len(a), len(b)) > 2 {
		return false
	}
	// Levenshtein distance, one row at a time
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)] <= 2
}

// FilterError is a run whose --tenant or --agent matched no record where
// the log writes the name in another case or a letter or two away: a
// typo, not an empty day (usage, exit 2).
type FilterError struct{ Near []string }

func (e *FilterError) Error() string {
	return strings.Join(e.Near, "; ") + ": names are compared exactly; give the name as the log writes it"
}

// undatedRecords are the records --last met without a timestamp. Where
// no record has one, the latest are the last in input order (newest
// chosen from them, the rest filtered out). Where some have one, an
// undated record cannot be placed among them: each is skipped as
// undated, lest the newest records, written by an application that
// stopped logging the time, be left out as the oldest without a word.
type undatedRecords struct {
	latest  *readers.Latest      // the last N of them in input order
	dropped int                  // read and not among latest
	listed  []*readers.SkipError // the first MaxSkippedListed, as skips
	n       int
	dated   bool // a record with a timestamp was read
}

// countRetrieval counts the record by whether it logs its retrieval, and
// counts an answer that cites without any by its keys (warned of once
// per set of keys when the run ends): its citations cannot be checked,
// and its chunks may be logged under a key the reader does not know. An
// answer that cites nothing needs no retrieval.
func (u *unitAcc) countRetrieval(res *audit.Result) {
	rec := res.Record
	logged := false
	for i := range rec.Messages {
		m := &rec.Messages[i]
		if m.Role != "assistant" {
			continue
		}
		if !m.NoRetrievalLogged {
			logged = true
			continue
		}
		if !slices.ContainsFunc(res.Findings, func(f audit.Finding) bool { return f.MessageIndex == i && f.Cited() }) {
			continue
		}
		if u.retrieval.NotLogged == 0 {
			u.retrieval.MessageKeys, u.retrieval.RecordKeys, u.retrieval.Why = m.Keys, rec.Keys, m.RetrievalWhy
		}
		u.retrieval.NotLogged++
		keys := m.Keys
		if keys == nil {
			keys = rec.Keys // the flat form: the record is the answer
		}
		u.messageShapes.add(slices.Clip(keys), m.RetrievalWhy, fmt.Sprintf("%s:%d", rec.File, rec.Line))
	}
	if logged {
		u.retrieval.Logged++
	}
	u.countShapes(rec)
	u.retrieval.countNotes(rec)
}

// result takes each audit result, and each unit's start and end, in
// input order.
func (s *stream) result(res *audit.Result, mark *unitMark) error {
	switch {
	case mark != nil && !mark.end:
		s.unit = mark.acc
		return nil
	case mark != nil:
		return s.endUnit(mark.acc)
	}
	u := s.unit
	if res.Skip != nil {
		u.tally.Skip(res.Skip)
		u.late = append(u.late, res.Skip)
		return nil
	}
	u.tally.Add(res)
	if res.Record.Guardrail != nil && !s.o.Guard.Dropped {
		u.guard.add(res, s.o.Guard.VerdictHash)
	}
	addCoverage(u.coverage, res, s.o.Logger)
	u.countRetrieval(res)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range s.sinks {
		if err := k.Result(res); err != nil {
			return err
		}
	}
	return nil
}

// endUnit completes a unit: its state goes through its encoding (what a
// shard writes is what is folded here) into the total, which hands the
// skipped records it lists to the sinks; then the unit sinks are told.
func (s *stream) endUnit(u *unitAcc) error {
	for _, skip := range u.late {
		s.warn.skipped(skip)
	}
	a, err := s.auditor()
	if err != nil {
		return err
	}
	st := u.state()
	st.Embedder = EmbedderName(a)
	b, err := EncodeUnit(st)
	if err != nil {
		return err
	}
	back, err := DecodeUnit(b)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.total.Fold(back, s.toSinks); err != nil {
		return err
	}
	for _, k := range s.sinks {
		if us, ok := k.(UnitSink); ok {
			if err := us.EndUnit(back); err != nil {
				return err
			}
		}
	}
	return nil
}

// toSinks hands a listed skipped record to every sink (the caller holds
// s.mu).
func (s *stream) toSinks(skip *readers.SkipError) error {
	for _, k := range s.sinks {
		if err := k.Skip(skip); err != nil {
			return err
		}
	}
	return nil
}

// Collect is a sink that keeps every finding, for commands that judge
// findings as a whole (eval, calibrate, sample).
type Collect struct{ Findings []audit.Finding }

// Result keeps the record's findings.
func (c *Collect) Result(r *audit.Result) error {
	c.Findings = append(c.Findings, r.Findings...)
	return nil
}

// Skip ignores skipped records (the outcome's tally counts them).
func (c *Collect) Skip(*readers.SkipError) error { return nil }
