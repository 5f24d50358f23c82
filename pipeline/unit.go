package pipeline

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// A run is a sequence of units, each one input file or object (with
// --last, the whole run is one unit: its records are chosen across
// files). Each unit is tallied on its own into a UnitState, which is
// encoded, decoded and folded into the run's Total in unit order. A
// sharded run writes the same states and `ragaudit merge` folds them with
// the same Total, so that the two give the same report by construction.

// MaxSkippedListed bounds the skipped records listed per reason
// (skipped.jsonl); past it they are counted only.
const MaxSkippedListed = 10000

// UnitState is what one unit contributes to a run's report, as written
// into a shard's unit state: every field either adds up, unites, or is
// met in unit order by the fold.
type UnitState struct {
	// Embedder is the auditor's embedder (EmbedderName), for report.html.
	Embedder  string            `json:"embedder"`
	Inputs    []Input           `json:"inputs"`
	Tally     *audit.TallyState `json:"tally"`
	Retrieval RetrievalState    `json:"retrieval"`
	Guard     *GuardState       `json:"guard,omitempty"`
	// Skipped lists the unit's skipped records, the first
	// MaxSkippedListed of each reason in the unit's order (the reader's,
	// then those the auditor refused); NotListed counts the rest.
	Skipped   []Skipped      `json:"skipped"`
	NotListed map[string]int `json:"skipped_not_listed,omitempty"`
}

// Skipped is a record read but not audited, as skipped.jsonl lists it.
type Skipped struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

// RetrievalState is a unit's Retrieval with the shapes it counted.
type RetrievalState struct {
	Logged            int         `json:"records_with_retrieval_logged"`
	NotLogged         int         `json:"cited_answers_without_retrieval_logged"`
	MessageKeys       []string    `json:"message_keys,omitempty"`
	RecordKeys        []string    `json:"record_keys,omitempty"`
	Why               string      `json:"why,omitempty"`
	ChunksWithoutText int         `json:"chunks_without_text"`
	MessageShapes     ShapesState `json:"message_shapes"`
	ChunkShapes       ShapesState `json:"chunk_shapes"`
	Notes
}

// EncodeUnit writes a unit's state as JSON.
func EncodeUnit(u *UnitState) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(u); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DecodeUnit reads a unit's state.
func DecodeUnit(b []byte) (*UnitState, error) {
	var u UnitState
	if err := json.Unmarshal(b, &u); err != nil {
		return nil, err
	}
	if u.Tally == nil {
		return nil, fmt.Errorf("a unit state without its tally")
	}
	return &u, nil
}

// UnitSink is a Sink told where each unit ends: after the unit's results,
// with the unit's state as folded (a shard writes it; report collectors
// keep the unit's part of theirs).
type UnitSink interface {
	Sink
	EndUnit(u *UnitState) error
}

// unitAcc accumulates one unit. The reading side counts records read,
// skipped and filtered into its tally (safe for concurrent use); the rest
// is touched only by the goroutine that takes results in order.
type unitAcc struct {
	tally                      *audit.Tally
	coverage                   map[string]*Coverage
	retrieval                  Retrieval
	chunkShapes, messageShapes shapes
	guard                      *guardTally
	late                       []*readers.SkipError
	// Filled by the reading side before the unit's end is submitted.
	inputs   []Input
	skipped  []Skipped
	listed   map[string]int
	unlisted map[string]int
}

func newUnitAcc(attempts bool) *unitAcc {
	u := &unitAcc{tally: audit.NewUnitTally(), coverage: map[string]*Coverage{}, guard: newGuardTally(attempts),
		listed: map[string]int{}, unlisted: map[string]int{}}
	if attempts {
		u.guard.c.Generated = audit.NewUnitTally()
	}
	return u
}

// list keeps a skip in the unit's list, up to MaxSkippedListed per reason.
func (u *unitAcc) list(s *readers.SkipError) {
	if u.listed[s.Reason] >= MaxSkippedListed {
		u.unlisted[s.Reason]++
		return
	}
	u.listed[s.Reason]++
	u.skipped = append(u.skipped, Skipped{File: s.File, Line: s.Line, Reason: s.Reason, Detail: s.Detail})
}

// state completes the unit: the records the auditor refused are listed
// after the reader's skips and moved from audited to skipped in their
// file's row.
func (u *unitAcc) state() *UnitState {
	for _, skip := range u.late {
		u.list(skip)
		for i := range u.inputs {
			if u.inputs[i].Path == skip.File {
				u.inputs[i].Records--
				u.inputs[i].Skipped++
				break
			}
		}
	}
	for i := range u.inputs {
		if c := u.coverage[u.inputs[i].Path]; c != nil {
			u.inputs[i].Coverage = *c
		}
	}
	r := &u.retrieval
	st := &UnitState{Inputs: u.inputs, Tally: u.tally.State(), Skipped: u.skipped,
		Retrieval: RetrievalState{Logged: r.Logged, NotLogged: r.NotLogged, MessageKeys: r.MessageKeys, RecordKeys: r.RecordKeys, Why: r.Why,
			ChunksWithoutText: r.ChunksWithoutText, MessageShapes: u.messageShapes.state(), ChunkShapes: u.chunkShapes.state(),
			Notes: r.Notes}}
	if st.Inputs == nil {
		st.Inputs = []Input{}
	}
	if st.Skipped == nil {
		st.Skipped = []Skipped{}
	}
	if len(u.unlisted) > 0 {
		st.NotListed = u.unlisted
	}
	if u.guard.c.Decisions > 0 {
		st.Guard = u.guard.state()
	}
	return st
}

// Total is a run's tally of units, folded in unit order.
type Total struct {
	tally                      *audit.Tally
	inputs                     []Input
	retrieval                  Retrieval
	chunkShapes, messageShapes shapes
	guard                      *guardTally
	listed, unlisted           map[string]int
	digests                    map[string]string // an input's SHA-256 → its path, for inputs given twice
	units                      int
}

// NewTotal starts a run's total; attempts: a guard's decision logs are
// audited with --attempts.
func NewTotal(attempts bool) *Total {
	return &Total{tally: audit.NewTally(), guard: newGuardTally(attempts), listed: map[string]int{}, unlisted: map[string]int{},
		digests: map[string]string{}}
}

// Fold adds a unit to the total, after the units folded before it. Its
// listed skips that the run lists (the first MaxSkippedListed of each
// reason) go to skip, in order. An input whose content equals an earlier
// unit's is refused: the same log given twice would count twice.
func (t *Total) Fold(u *UnitState, skip func(*readers.SkipError) error) error {
	seen := map[string]string{}
	for _, in := range u.Inputs {
		if in.SHA256 == "" || in.Records+in.Skipped == 0 {
			continue
		}
		digest := in.SHA256
		if in.ContentSHA256 != "" { // gzip: a copy compressed or not holds the same
			digest = in.ContentSHA256
		}
		if first, dup := t.digests[digest]; dup {
			return &InputError{fmt.Errorf("%s holds the same bytes as %s, once decompressed (SHA-256 %s…): the same log given twice would count twice; give it once",
				in.Path, first, digest[:12])}
		}
		seen[digest] = in.Path
	}
	for d, p := range seen {
		t.digests[d] = p
	}
	if err := t.tally.Fold(u.Tally); err != nil {
		name := "a unit"
		if len(u.Inputs) > 0 {
			name = u.Inputs[0].Path
		}
		return &InputError{fmt.Errorf("%s: %w", name, err)}
	}
	t.inputs = append(t.inputs, u.Inputs...)
	t.foldRetrieval(&u.Retrieval)
	if u.Guard != nil {
		if err := t.guard.fold(u.Guard); err != nil {
			return err
		}
	}
	for _, s := range u.Skipped {
		if t.listed[s.Reason] >= MaxSkippedListed {
			t.unlisted[s.Reason]++
			continue
		}
		t.listed[s.Reason]++
		if skip != nil {
			if err := skip(&readers.SkipError{File: s.File, Line: s.Line, Reason: s.Reason, Detail: s.Detail}); err != nil {
				return err
			}
		}
	}
	for _, r := range sortedKeys(u.NotListed) {
		t.unlisted[r] += u.NotListed[r]
	}
	t.units++
	return nil
}

func (t *Total) foldRetrieval(r *RetrievalState) {
	if r.NotLogged > 0 && t.retrieval.NotLogged == 0 {
		t.retrieval.MessageKeys, t.retrieval.RecordKeys, t.retrieval.Why = r.MessageKeys, r.RecordKeys, r.Why
	}
	t.retrieval.Logged += r.Logged
	t.retrieval.NotLogged += r.NotLogged
	t.retrieval.ChunksWithoutText += r.ChunksWithoutText
	t.retrieval.Notes.fold(&r.Notes)
	t.chunkShapes.fold(&r.ChunkShapes)
	t.messageShapes.fold(&r.MessageShapes)
}

// Units is how many units were folded.
func (t *Total) Units() int { return t.units }

// Result is the run's outcome so far (the auditor aside): the tally, the
// inputs, the retrieval with its shapes, the guard's counts, and the
// skipped records not listed.
func (t *Total) Result() *Outcome {
	r := t.retrieval
	r.ChunkShapes, r.ChunkShapesNotListed = t.chunkShapes.top()
	r.MessageShapes, r.MessageShapesNotListed = t.messageShapes.top()
	out := &Outcome{Tally: t.tally, Inputs: slices.Clone(t.inputs), Retrieval: r}
	if out.Inputs == nil {
		out.Inputs = []Input{}
	}
	if t.guard.c.Decisions > 0 {
		out.Guard = t.guard.counts()
	}
	if len(t.unlisted) > 0 {
		out.SkippedNotListed = t.unlisted
	}
	return out
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
