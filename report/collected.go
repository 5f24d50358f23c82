package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
)

// A report keeps, of all the findings, only the worst: the failures the
// text summary lists (worst.go) and report.html's cards and worst
// conversations (htmlcollect.go). Each unit of a run (one input) keeps its
// own worst, with positions counted within the unit; the run's are the
// worst of the units' folded in unit order, a position being (unit, the
// position in the unit). The one-machine run folds its units as it goes
// (Cards) and a merge folds the units' states (Collected.Fold) with the
// same code, so both list the same failures.

// UnitCollector gathers the worst findings of one unit, as a sink of the
// stream. State hands them over and starts the next unit.
type UnitCollector struct {
	max   int
	html  *HTMLCollector
	worst worstList
}

// NewUnitCollector keeps at most maxFailures cards per unit (0: the
// default), as the report does.
func NewUnitCollector(maxFailures int) *UnitCollector {
	u := &UnitCollector{max: maxFailures}
	u.reset()
	return u
}

func (u *UnitCollector) reset() {
	u.html, u.worst = NewHTMLCollector(u.max), worstList{n: WorstShown}
}

// Result keeps what the report may show of a record's findings.
func (u *UnitCollector) Result(res *audit.Result) error {
	turns := TurnsOf(res.Record)
	u.html.Add(res, turns)
	for i := range res.Findings {
		u.worst.add(&res.Findings[i], turns.Place(&res.Findings[i]))
	}
	return nil
}

// Skip ignores skipped records (the run's total lists them).
func (u *UnitCollector) Skip(*readers.SkipError) error { return nil }

// State returns the unit's worst findings and starts the next unit.
func (u *UnitCollector) State() *UnitState {
	s := &UnitState{HTML: u.html.state(), Worst: u.worst.state()}
	u.reset()
	return s
}

// UnitState is what the report keeps of one unit, as written into a
// shard's unit state.
type UnitState struct {
	HTML  htmlState    `json:"html"`
	Worst []worstState `json:"worst"`
}

// EncodeUnitState writes the report's part of a unit state as JSON.
func EncodeUnitState(s *UnitState) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(s)
	return b.Bytes(), err
}

// DecodeUnitState reads it back.
func DecodeUnitState(b []byte) (*UnitState, error) {
	var s UnitState
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// Collected is the report's part of a run: the units' worst findings
// folded in unit order.
type Collected struct {
	html  *HTMLCollector
	worst worstList
	units int
}

// NewCollected starts the report's part of a run (maxFailures: the cards
// report.html lists; 0: the default).
func NewCollected(maxFailures int) *Collected {
	return &Collected{html: NewHTMLCollector(maxFailures), worst: worstList{n: WorstShown}}
}

// Fold adds the next unit's worst findings.
func (c *Collected) Fold(s *UnitState) error {
	if c.units >= 1<<22 {
		return fmt.Errorf("more than %d units in one run", 1<<22)
	}
	base := c.units << 40
	c.units++
	if err := c.html.fold(&s.HTML, base); err != nil {
		return err
	}
	for i := range s.Worst {
		w := &s.Worst[i]
		key := audit.Finding{Verdict: w.Verdict, Reasons: w.Reasons, SupportScore: (*audit.Score)(w.Score)}
		c.worst.keep(w.Flagged, key, base+w.Seq)
	}
	return nil
}

// Worst are the run's worst failures, worst first (the summary's).
func (c *Collected) Worst() []Flagged { return c.worst.list() }

// HTML is what report.html shows of the findings.
func (c *Collected) HTML() *HTMLCollector { return c.html }

// Cards is the one-machine run's report collector: a sink that gathers
// each unit's worst findings and folds them at the unit's end, through
// their encoding as a shard writes it.
type Cards struct {
	*UnitCollector
	Total *Collected
}

// NewCards collects a run's report (maxFailures as NewCollected).
func NewCards(maxFailures int) *Cards {
	return &Cards{UnitCollector: NewUnitCollector(maxFailures), Total: NewCollected(maxFailures)}
}

// EndUnit folds the unit just ended.
func (c *Cards) EndUnit(*pipeline.UnitState) error {
	b, err := EncodeUnitState(c.State())
	if err != nil {
		return err
	}
	s, err := DecodeUnitState(b)
	if err != nil {
		return err
	}
	return c.Total.Fold(s)
}

// exactScore is a score written with every digit: a state must order
// failures after decoding exactly as before (audit.Score writes four).
type exactScore float64

// exactFinding is a finding as a state holds it: its JSON, but with the
// scores and signals exact.
type exactFinding struct {
	*audit.Finding
	SupportScore  *exactScore           `json:"support_score"`
	SentenceScore *exactScore           `json:"sentence_score"`
	NPCoverage    *exactScore           `json:"np_coverage"`
	TokenOverlap  *exactScore           `json:"token_overlap"`
	Signals       map[string]exactScore `json:"signals"`
}

func exactOf(f *audit.Finding) exactFinding {
	e := exactFinding{Finding: f, SupportScore: (*exactScore)(f.SupportScore), SentenceScore: (*exactScore)(f.SentenceScore),
		NPCoverage: (*exactScore)(f.NPCoverage), TokenOverlap: (*exactScore)(f.TokenOverlap)}
	if f.Signals != nil {
		e.Signals = make(map[string]exactScore, len(f.Signals))
		for k, v := range f.Signals {
			e.Signals[k] = exactScore(v)
		}
	}
	return e
}

func (e *exactFinding) finding() audit.Finding {
	f := audit.Finding{}
	if e.Finding != nil {
		f = *e.Finding
	}
	f.SupportScore, f.SentenceScore = (*audit.Score)(e.SupportScore), (*audit.Score)(e.SentenceScore)
	f.NPCoverage, f.TokenOverlap = (*audit.Score)(e.NPCoverage), (*audit.Score)(e.TokenOverlap)
	f.Signals = nil
	if e.Signals != nil {
		f.Signals = make(map[string]audit.Score, len(e.Signals))
		for k, v := range e.Signals {
			f.Signals[k] = audit.Score(v)
		}
	}
	return f
}

// UnmarshalJSON decodes the finding and its exact scores.
func (e *exactFinding) UnmarshalJSON(b []byte) error {
	type plain exactFinding
	p := plain{Finding: &audit.Finding{}}
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*e = exactFinding(p)
	return nil
}

// cardState is a Failure as a state holds it.
type cardState struct {
	F             exactFinding `json:"finding"`
	ChunkText     string       `json:"chunk_text"`
	BetterText    string       `json:"better_text"`
	Question      string       `json:"question"`
	Before        string       `json:"before"`
	After         string       `json:"after"`
	Sentence      string       `json:"sentence"`
	Retrieved     []string     `json:"retrieved,omitempty"`
	RetrievedMore int          `json:"retrieved_more,omitempty"`
	Day           string       `json:"day"`
	Place         Place        `json:"place"`
	Seq           int          `json:"seq"`
	ChunkShift    int          `json:"chunk_shift,omitempty"`
}

func cardOf(fl *Failure) cardState {
	return cardState{F: exactOf(&fl.F), ChunkText: fl.ChunkText, BetterText: fl.BetterText, Question: fl.Question,
		Before: fl.Before, After: fl.After, Sentence: fl.Sentence, Retrieved: fl.Retrieved, RetrievedMore: fl.RetrievedMore,
		Day: fl.Day, Place: fl.Place, Seq: fl.seq, ChunkShift: fl.chunkShift}
}

func (c *cardState) failure(base int) Failure {
	return Failure{F: c.F.finding(), ChunkText: c.ChunkText, BetterText: c.BetterText, Question: c.Question, Before: c.Before,
		After: c.After, Sentence: c.Sentence, Retrieved: c.Retrieved, RetrievedMore: c.RetrievedMore, Day: c.Day,
		Place: c.Place, seq: base + c.Seq, chunkShift: c.ChunkShift}
}

// convState is a ConversationFailures as a state holds it.
type convState struct {
	ConversationID string `json:"conversation_id"`
	Tenant         string `json:"tenant"`
	Agent          string `json:"agent"`
	Source         string `json:"source"`
	Failures       int    `json:"failures"`
	Citations      int    `json:"citations"`
	Seq            int    `json:"seq"`
}

// htmlState is a unit's HTMLCollector: its kept cards, each list worst
// first, and its counts.
type htmlState struct {
	Failures      []cardState   `json:"failures"`
	ByReason      [][]cardState `json:"by_reason"` // in filterCodes order
	Conversations []convState   `json:"conversations"`
	Failing       int           `json:"failing"`
	Findings      int           `json:"findings"`
}

func cardsOf(k *keepWorst[Failure]) []cardState {
	out := []cardState{}
	for _, fl := range k.sorted() {
		out = append(out, cardOf(&fl))
	}
	return out
}

func (h *HTMLCollector) state() htmlState {
	s := htmlState{Failures: cardsOf(&h.failures), Failing: h.failing, Findings: h.findings, Conversations: []convState{}}
	for i := range h.byReason {
		s.ByReason = append(s.ByReason, cardsOf(&h.byReason[i]))
	}
	for _, c := range h.worst.sorted() {
		s.Conversations = append(s.Conversations, convState{c.ConversationID, c.Tenant, c.Agent, c.Source, c.Failures, c.Citations, c.seq})
	}
	return s
}

// fold keeps, of a later unit's cards, those among the run's worst; base
// is the unit's first position.
func (h *HTMLCollector) fold(s *htmlState, base int) error {
	if len(s.ByReason) != len(h.byReason) {
		return fmt.Errorf("a unit state with %d reason lists, this ragaudit has %d", len(s.ByReason), len(h.byReason))
	}
	for i := range s.Failures {
		h.failures.add(s.Failures[i].failure(base))
	}
	for r := range s.ByReason {
		for i := range s.ByReason[r] {
			h.byReason[r].add(s.ByReason[r][i].failure(base))
		}
	}
	for _, c := range s.Conversations {
		h.worst.add(ConversationFailures{ConversationID: c.ConversationID, Tenant: c.Tenant, Agent: c.Agent, Source: c.Source,
			Failures: c.Failures, Citations: c.Citations, seq: base + c.Seq})
	}
	h.failing += s.Failing
	h.findings += s.Findings
	return nil
}

// worstState is a kept failure of the worst list: what the summary shows,
// what orders it, and its position.
type worstState struct {
	Flagged
	Reasons []string    `json:"reasons"`
	Score   *exactScore `json:"score"`
	Seq     int         `json:"seq"`
}

func (w *worstList) state() []worstState {
	out := []worstState{}
	items := slices.Clone(w.items)
	slices.SortFunc(items, func(a, b worstItem) int {
		if Worse(&a.key, &b.key, a.seq, b.seq) {
			return -1
		}
		return 1
	})
	for _, it := range items {
		out = append(out, worstState{Flagged: it.f, Reasons: it.key.Reasons, Score: (*exactScore)(it.key.SupportScore), Seq: it.seq})
	}
	return out
}
