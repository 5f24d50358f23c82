package audit

import (
	"cmp"
	"math"
	"sync"
	"time"

	"github.com/ragaudit/ragaudit/readers"
)

// Counts are the volumes of an audit. Maps are written sorted by key.
type Counts struct {
	RecordsRead     int            `json:"records_read"`
	RecordsAudited  int            `json:"records_audited"`
	RecordsFiltered int            `json:"records_filtered"` // read, valid, left out by --tenant/--agent/--last
	RecordsSkipped  int            `json:"records_skipped"`
	SkippedByReason map[string]int `json:"skipped_by_reason"`
	Conversations   int            `json:"conversations"`
	// ConversationsEstimated: past 131,072 distinct conversation ids the
	// count is a HyperLogLog estimate (standard error 0.8 %).
	ConversationsEstimated bool           `json:"conversations_estimated,omitempty"`
	Messages               int            `json:"messages"`
	Answers                int            `json:"answers"` // assistant messages
	Refusals               int            `json:"refusals"`
	AnsweredBelowFloor     int            `json:"answered_below_floor"`
	Rejected               int            `json:"rejected_answers"` // claims JSON citing evidence not retrieved
	Sentences              int            `json:"sentences"`
	CitedSentences         int            `json:"cited_sentences"`
	UncitedFactual         int            `json:"uncited_sentences"`
	Citations              int            `json:"citations"`
	CitationsByVerdict     map[string]int `json:"citations_by_verdict"`
	SentencesByVerdict     map[string]int `json:"cited_sentences_by_verdict"`
	NumberMismatches       int            `json:"number_mismatches"`
	ByReason               map[string]int `json:"citations_by_reason"` // why citations failed (a citation may have several)
	Resolution             map[string]int `json:"resolution"`          // id, position, source, unresolved
	// UnreadMarkers counts, by shape ("(n)", "【…】"), the answers holding
	// text shaped like a marker that was not read as one (--citation-regex
	// reads a shape of the log's own).
	UnreadMarkers map[string]int `json:"answers_with_unread_markers"`
	// ZeroBasedAnswers were read counting from 0 ([0] is the first chunk);
	// ZeroUnclearAnswers cite [0], which no chunk has, among chunks with
	// numeric ids: fabricated, unless --resolve position0 is meant.
	ZeroBasedAnswers   int `json:"answers_read_zero_based"`
	ZeroUnclearAnswers int `json:"answers_citing_zero_unclear"`
	// ZeroIDsAnswers cite bare numbers read as positions from 1 ([1] is
	// the first chunk) among chunks whose ids number from 0 ("doc_0"):
	// whether [1] meant "doc_1" the log cannot say (Answer.ZeroIDs).
	ZeroIDsAnswers int `json:"answers_by_position_ids_from_zero,omitempty"`
	// ChunksCutInText counts, per answer, the distinct cited chunks whose
	// text ends cut by the logger ("… [truncated]", "originalverp…"),
	// read as truncated (Answer.ChunksCut).
	ChunksCutInText int `json:"cited_chunks_cut_in_text,omitempty"`
	// NotAuditableByLanguage counts the citations not audited for their
	// language (reason language_unsupported), by language code.
	NotAuditableByLanguage map[string]int `json:"not_auditable_by_language"`
	// AnswersByLanguage counts the answers by the language they were read
	// in (Answer.Language).
	AnswersByLanguage map[string]int `json:"answers_by_language"`
	// FloorNotChecked counts the answers a floor (--min-score, a tenant's)
	// could not be checked on: no retrieved chunk carries a score.
	FloorNotChecked int `json:"answers_floor_not_checked"`
	// NotReadSentences counts the uncited sentences in a language the
	// checks do not read, by language (Answer.NotRead): not known to state
	// facts or not, so a gate on uncited sentences is not met over them.
	NotReadSentences map[string]int `json:"uncited_sentences_not_read_by_language"`
	// FloorNotRead counts the answers given below the retrieval floor,
	// citing nothing, in a language the checks do not read, by language
	// (Answer.FloorNotRead): answers or refusals, it cannot be told.
	FloorNotRead map[string]int `json:"answers_below_floor_not_read_by_language"`
	// RepeatedAnswers counts the answers a later record of their
	// conversation held again (the whole conversation logged after every
	// turn): audited and counted once, in the first record (Answers).
	RepeatedAnswers int `json:"answers_repeated"`
	// RegeneratedAnswers counts the answers to a question an earlier
	// record of their conversation answered otherwise (a retry, or an
	// answer regenerated): both are audited (Record.Regenerated).
	RegeneratedAnswers int `json:"answers_given_again,omitempty"`
}

// Rate is citation accuracy with its 95 % Wilson score interval.
type Rate struct {
	Value float64 `json:"citation_accuracy"`
	Low   float64 `json:"ci95_low"`
	High  float64 `json:"ci95_high"`
}

// Tally accumulates results into counts. Its memory is bounded: it grows
// with the groups (tenants, agents, days, each capped), not with
// conversations or findings.
// It is safe for concurrent use; every count is order-independent.
type Tally struct {
	mu          sync.Mutex
	c           Counts
	convs       distinctCounter
	tenants     *groupSet
	agents      *groupSet
	days        *groupSet
	first, last time.Time
	hist        map[string][]int // verdict → support-score bins
}

// histogramBins is the number of equal-width support-score bins in [0, 1].
const histogramBins = 20

// NewTally returns an empty tally.
func NewTally() *Tally {
	return &Tally{
		c: Counts{
			SkippedByReason:        map[string]int{},
			CitationsByVerdict:     map[string]int{Supported: 0, Unsupported: 0, Fabricated: 0, NotAuditable: 0},
			SentencesByVerdict:     map[string]int{},
			Resolution:             map[string]int{"id": 0, "position": 0, "unresolved": 0},
			ByReason:               map[string]int{},
			UnreadMarkers:          map[string]int{},
			NotAuditableByLanguage: map[string]int{},
			AnswersByLanguage:      map[string]int{},
			NotReadSentences:       map[string]int{},
			FloorNotRead:           map[string]int{},
		},
		tenants: newGroupSet(MaxTenantGroups, otherTenants),
		agents:  newGroupSet(MaxAgentGroups, otherAgents),
		days:    newGroupSet(MaxDayGroups, otherDays),
		hist:    map[string][]int{Supported: make([]int, histogramBins), Unsupported: make([]int, histogramBins)},
	}
}

// Read counts one input record read (valid or not).
func (t *Tally) Read() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.c.RecordsRead++
}

// Skip counts a record that could not be audited.
func (t *Tally) Skip(s *readers.SkipError) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.c.RecordsSkipped++
	t.c.SkippedByReason[s.Reason]++
}

// Filter counts a valid record left out by a filter.
func (t *Tally) Filter() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.c.RecordsFiltered++
}

// Add counts an audited record.
func (t *Tally) Add(r *Result) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.c.RecordsAudited++
	// A conversation is its tenant's: two tenants' bots may number theirs alike.
	t.convs.add(hashWord(r.Record.Tenant + "\x00" + r.Record.ConversationID))
	t.c.Messages += len(r.Record.Messages) - min(r.Record.Prior, len(r.Record.Messages))
	t.c.RepeatedAnswers += r.Repeated
	t.c.RegeneratedAnswers += r.Record.Regenerated
	day := Day(r.Record.Timestamp)
	if ts := r.Record.Timestamp; !ts.IsZero() {
		if t.first.IsZero() || ts.Before(t.first) {
			t.first = ts
		}
		if ts.After(t.last) {
			t.last = ts
		}
	}
	t.addAnswers(r.Answers)
	t.addFindings(r.Findings, day)
}

// addAnswers counts a record's answers (Add).
func (t *Tally) addAnswers(answers []Answer) {
	for _, a := range answers {
		t.c.Answers++
		t.c.Sentences += a.Sentences
		if n := a.CitationsNotAudited; n > 0 {
			t.c.Citations += n
			t.c.CitationsByVerdict[NotAuditable] += n
			t.c.ByReason[reasonTooManyCitations] += n
		}
		if a.Language != "" {
			t.c.AnswersByLanguage[a.Language]++
		}
		for _, shape := range a.Unread {
			t.c.UnreadMarkers[shape]++
		}
		if a.ZeroBased {
			t.c.ZeroBasedAnswers++
		}
		if a.ZeroUnclear {
			t.c.ZeroUnclearAnswers++
		}
		if a.ZeroIDs != "" {
			t.c.ZeroIDsAnswers++
		}
		t.c.ChunksCutInText += a.ChunksCut
		if a.FloorUnchecked != "" {
			t.c.FloorNotChecked++
		}
		for _, code := range a.NotRead {
			t.c.NotReadSentences[code]++
		}
		if a.FloorNotRead != "" {
			t.c.FloorNotRead[a.FloorNotRead]++
		}
		switch a.Status {
		case Refusal:
			t.c.Refusals++
		case AnsweredBelowFloor:
			t.c.AnsweredBelowFloor++
		case Rejected:
			t.c.Rejected++
		}
	}
}

// addFindings counts a record's findings (Add), its citations in the
// groups of its tenant, agent and day.
func (t *Tally) addFindings(findings []Finding, day string) {
	lastSentence := [2]int{-1, -1}
	for i := range findings {
		f := &findings[i]
		if f.Verdict == Uncited {
			t.c.UncitedFactual++
			continue
		}
		if key := [2]int{f.MessageIndex, f.SentenceIndex}; key != lastSentence {
			lastSentence = key
			t.c.CitedSentences++
			t.c.SentencesByVerdict[f.SentenceVerdict]++
		}
		t.c.Citations++
		t.c.CitationsByVerdict[f.Verdict]++
		if f.ResolvedBy == "" {
			t.c.Resolution["unresolved"]++
		} else {
			t.c.Resolution[f.ResolvedBy]++
		}
		if len(f.NumbersMissing) > 0 {
			t.c.NumberMismatches++
		}
		if f.Verdict != Supported {
			for _, r := range f.Reasons {
				t.c.ByReason[r]++
				if r == reasonLanguage {
					t.c.NotAuditableByLanguage[cmp.Or(f.ChunkLanguage, f.Language)]++
				}
			}
		}
		if f.Verdict == NotAuditable {
			continue
		}
		if bins, ok := t.hist[f.Verdict]; ok && f.SupportScore != nil {
			bins[min(histogramBins-1, int(float64(*f.SupportScore)*histogramBins))]++
		}
		for _, g := range []*Group{t.tenants.get(f.Tenant), t.agents.get(f.Agent), t.days.get(day)} {
			g.Citations++
			if f.Verdict == Supported {
				g.Supported++
			}
		}
	}
}

// Counts returns the totals so far.
func (t *Tally) Counts() Counts {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.c
	c.Conversations, c.ConversationsEstimated = t.convs.count()
	return c
}

// Accuracy is supported citations over all auditable citations (fabricated
// ones count as failures; citations to chunks without text are left out).
func (t *Tally) Accuracy() Rate {
	t.mu.Lock()
	defer t.mu.Unlock()
	by := t.c.CitationsByVerdict
	n := by[Supported] + by[Unsupported] + by[Fabricated]
	return Wilson(by[Supported], n)
}

// Tenants returns the per-tenant groups, worst accuracy first, then the
// group of the tenants past MaxTenantGroups, if any.
func (t *Tally) Tenants() []Group {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tenants.list()
}

// Agents returns the per-agent groups as Tenants does.
func (t *Tally) Agents() []Group {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.agents.list()
}

// Days returns the per-day groups (by conversation timestamp, see Day) in
// date order, then the group of the days past MaxDayGroups, if any.
func (t *Tally) Days() []Group {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.days.byName()
}

// Period returns the first and last conversation timestamps audited
// (RFC 3339, "" when none had one).
func (t *Tally) Period() (first, last string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.first.IsZero() {
		return "", ""
	}
	return t.first.Format(time.RFC3339), t.last.Format(time.RFC3339)
}

// Histogram returns the support-score bins of supported and unsupported
// citations.
func (t *Tally) Histogram() map[string][]int {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[string][]int{}
	for k, v := range t.hist {
		out[k] = append([]int(nil), v...)
	}
	return out
}

// Wilson returns k/n with its 95 % Wilson score interval. With n = 0 all
// three are 0.
func Wilson(k, n int) Rate {
	if n == 0 {
		return Rate{}
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return Rate{Value: p, Low: math.Max(0, centre-half), High: math.Min(1, centre+half)}
}
