package pipeline

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// GuardLog says how to audit a guard's decision log (records with a
// guardrail object; package guard writes them).
type GuardLog struct {
	// VerdictHash is the audit's own (VerdictHash): a verdict logged under
	// it is recomputed, and any difference is a failure of the run.
	VerdictHash string
	// Attempts also audits what the model generated (each attempt of a
	// decision), into Outcome.Guard.Generated: the rate before the guard.
	Attempts bool
	// Dropped audits only the claims the guard dropped from what the
	// model generated, in place of what was served: a sample of them,
	// reviewed, gives the guard's false-block rate with an interval.
	Dropped bool
}

// MaxGuardExamples bounds the disagreements a report lists.
const MaxGuardExamples = 20

// GuardCounts are what an audit of a decision log found of the guard.
type GuardCounts struct {
	Decisions   int            `json:"decisions"`
	ByAction    map[string]int `json:"by_action"`
	Intervened  int            `json:"intervened"` // served something other than the model's first answer
	HumanReview int            `json:"human_review"`
	// Compared counts the verdicts recomputed under the log's model hash;
	// OtherModel the decisions logged under another (not compared).
	Compared      int                 `json:"verdicts_compared"`
	OtherModel    int                 `json:"decisions_of_another_model"`
	Disagreements int                 `json:"disagreements"`
	Examples      []GuardDisagreement `json:"disagreement_examples"`
	Tenants       []GuardTenant       `json:"tenants"` // by name
	// Generated is the audit of what the model generated (--attempts).
	Generated *audit.Tally `json:"-"`
}

// GuardTenant is one tenant's decisions.
type GuardTenant struct {
	Name       string `json:"name"`
	Decisions  int    `json:"decisions"`
	Intervened int    `json:"intervened"`
	Fallbacks  int    `json:"fallbacks"`
	Refusals   int    `json:"refusals"` // refuse and reject
}

// GuardDisagreement is a logged verdict the audit recomputes otherwise.
type GuardDisagreement struct {
	ConversationID string `json:"conversation_id"`
	DecisionID     string `json:"decision_id"`
	Source         string `json:"source"` // file:line
	What           string `json:"what"`   // served, or attempt n
	Detail         string `json:"detail"`
}

// guardTally accumulates GuardCounts in input order.
type guardTally struct {
	mu      sync.Mutex
	c       GuardCounts
	tenants map[string]*GuardTenant
}

func newGuardTally(attempts bool) *guardTally {
	t := &guardTally{c: GuardCounts{ByAction: map[string]int{}, Examples: []GuardDisagreement{}}, tenants: map[string]*GuardTenant{}}
	if attempts {
		t.c.Generated = audit.NewTally()
	}
	return t
}

// GuardState is a unit's GuardCounts: every tenant (sorted), and the
// tally of what the model generated (--attempts).
type GuardState struct {
	Counts    GuardCounts       `json:"counts"`
	Generated *audit.TallyState `json:"generated,omitempty"`
}

func (t *guardTally) state() *GuardState {
	c := t.c
	c.Tenants = []GuardTenant{}
	for _, name := range slices.Sorted(mapsKeys(t.tenants)) {
		c.Tenants = append(c.Tenants, *t.tenants[name])
	}
	s := &GuardState{Counts: c}
	if c.Generated != nil {
		s.Generated = c.Generated.State()
	}
	s.Counts.Generated = nil
	return s
}

// fold adds a later unit's counts: sums, examples up to the bound in
// unit order, tenants by name.
func (t *guardTally) fold(u *GuardState) error {
	c := &t.c
	c.Decisions += u.Counts.Decisions
	c.Intervened += u.Counts.Intervened
	c.HumanReview += u.Counts.HumanReview
	c.Compared += u.Counts.Compared
	c.OtherModel += u.Counts.OtherModel
	c.Disagreements += u.Counts.Disagreements
	for _, a := range slices.Sorted(mapsKeys(u.Counts.ByAction)) {
		c.ByAction[a] += u.Counts.ByAction[a]
	}
	for _, e := range u.Counts.Examples {
		if len(c.Examples) < MaxGuardExamples {
			c.Examples = append(c.Examples, e)
		}
	}
	for _, g := range u.Counts.Tenants {
		tn := t.tenants[g.Name]
		if tn == nil {
			tn = &GuardTenant{Name: g.Name}
			t.tenants[g.Name] = tn
		}
		tn.Decisions += g.Decisions
		tn.Intervened += g.Intervened
		tn.Fallbacks += g.Fallbacks
		tn.Refusals += g.Refusals
	}
	if u.Generated != nil && c.Generated != nil {
		return c.Generated.Fold(u.Generated)
	}
	return nil
}

// counts are the totals, tenants sorted (at most audit.MaxTenantGroups).
func (t *guardTally) counts() *GuardCounts {
	c := t.c
	c.Tenants = []GuardTenant{}
	for _, name := range slices.Sorted(mapsKeys(t.tenants)) {
		if len(c.Tenants) == audit.MaxTenantGroups {
			break
		}
		c.Tenants = append(c.Tenants, *t.tenants[name])
	}
	return &c
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// add counts one decision: its action, whether the guard intervened, and
// whether the audit recomputes its logged verdicts alike.
func (t *guardTally) add(res *audit.Result, hash string) {
	rec, g := res.Record, res.Record.Guardrail
	t.mu.Lock()
	defer t.mu.Unlock()
	t.c.Decisions++
	t.c.ByAction[g.Action]++
	tn := t.tenants[rec.Tenant]
	if tn == nil {
		tn = &GuardTenant{Name: rec.Tenant}
		t.tenants[rec.Tenant] = tn
	}
	tn.Decisions++
	if intervened(g) {
		t.c.Intervened++
		tn.Intervened++
	}
	switch g.Action {
	case "fallback":
		tn.Fallbacks++
	case "refuse", "reject":
		tn.Refusals++
	}
	if g.HumanReview {
		t.c.HumanReview++
	}
	if t.c.Generated != nil && res.Attempts != nil {
		t.c.Generated.Add(res.Attempts)
	}
	if g.ModelHash != hash {
		t.c.OtherModel++
		return
	}
	t.c.Compared++
	for _, d := range disagreements(res) {
		t.c.Disagreements++
		if len(t.c.Examples) < MaxGuardExamples {
			t.c.Examples = append(t.c.Examples, d)
		}
	}
}

// intervened reports whether what was served is not the model's first
// answer as it came.
func intervened(g *readers.Guardrail) bool {
	switch g.Action {
	case "pass", "annotate", "unverifiable":
		return len(g.Attempts) > 1
	}
	return true
}

// disagreements compares a decision's logged verdicts with the audit's:
// the served answer's (a fallback or a refusal must read as a refusal),
// and each attempt's when they were audited too.
func disagreements(res *audit.Result) []GuardDisagreement {
	rec, g := res.Record, res.Record.Guardrail
	at := func(what, detail string) GuardDisagreement {
		return GuardDisagreement{ConversationID: rec.ConversationID, DecisionID: g.DecisionID,
			Source: fmt.Sprintf("%s:%d", rec.File, rec.Line), What: what, Detail: detail}
	}
	var out []GuardDisagreement
	mi := lastAnswer(rec)
	switch g.Action {
	case "fallback", "refuse", "reject":
		if st := answerStatus(res, mi); st != audit.Refusal {
			out = append(out, at("served", fmt.Sprintf("the guard served a %s, which the audit reads as %s", g.Action, st)))
		}
	}
	if g.Served != nil {
		if d := compareClaims(g.Served.Claims, audit.GuardClaims(findingsOf(res.Findings, mi))); d != "" {
			out = append(out, at("served", d))
		}
	}
	if res.Attempts != nil {
		k := 0
		for _, a := range g.Attempts {
			mi := attemptMessage(res.Attempts.Record, k)
			k++
			if a.Verdict.Status == "" || mi < 0 {
				continue // the check failed: nothing was logged to compare
			}
			if d := compareClaims(a.Verdict.Claims, audit.GuardClaims(findingsOf(res.Attempts.Findings, mi))); d != "" {
				out = append(out, at(fmt.Sprintf("attempt %d", a.N), d))
			}
		}
	}
	return out
}

// compareClaims says how the recomputed claims differ from the logged
// ones ("" when alike); the guard's classes and drops are its own.
func compareClaims(logged, recomputed []readers.GuardClaim) string {
	if len(logged) != len(recomputed) {
		return fmt.Sprintf("%d claims logged, %d recomputed", len(logged), len(recomputed))
	}
	for i := range logged {
		l := logged[i]
		l.Classes, l.Dropped = nil, false
		if l.Citations == nil {
			l.Citations = []readers.GuardCitation{}
		}
		if !reflect.DeepEqual(l, recomputed[i]) {
			return fmt.Sprintf("claim %d (code points %d-%d): logged %s, recomputed %s", i, l.Span[0], l.Span[1], claimWords(&l), claimWords(&recomputed[i]))
		}
	}
	return ""
}

func claimWords(c *readers.GuardClaim) string {
	s := c.Verdict
	for _, ct := range c.Citations {
		score := "-"
		if ct.SupportScore != nil {
			score = fmt.Sprintf("%.4f", *ct.SupportScore)
		}
		s += fmt.Sprintf(" [%s %s %s]", ct.Citation, ct.Verdict, score)
	}
	return s
}

func lastAnswer(rec *readers.Record) int {
	mi := -1
	for i := range rec.Messages {
		if rec.Messages[i].Role == "assistant" {
			mi = i
		}
	}
	return mi
}

func answerStatus(res *audit.Result, mi int) string {
	for _, a := range res.Answers {
		if a.MessageIndex == mi {
			return a.Status
		}
	}
	return "no answer"
}

func findingsOf(fs []audit.Finding, mi int) []audit.Finding {
	var out []audit.Finding
	for i := range fs {
		if fs[i].MessageIndex == mi {
			out = append(out, fs[i])
		}
	}
	return out
}

// attemptsRecord is a decision's generated answers as one record: each
// attempt an assistant message with the decision's retrieval, after the
// question.
func attemptsRecord(rec *readers.Record) *readers.Record {
	out := *rec
	out.Messages = nil
	mi := lastAnswer(rec)
	for i := 0; i < mi; i++ {
		out.Messages = append(out.Messages, rec.Messages[i])
	}
	for _, a := range rec.Guardrail.Attempts {
		m := rec.Messages[mi]
		m.Content, m.Citations = a.Content, nil
		out.Messages = append(out.Messages, m)
	}
	return &out
}

// attemptMessage is the index of the k-th attempt's message in an
// attempts record (-1: none).
func attemptMessage(rec *readers.Record, k int) int {
	first := len(rec.Messages) - len(rec.Guardrail.Attempts)
	if first < 0 || first+k >= len(rec.Messages) {
		return -1
	}
	return first + k
}

// auditGuarded audits a record and, when it is a guard's decision and the
// run asks, what its model generated: attached to the result, or (Dropped)
// in its place, reduced to the claims the guard dropped.
func auditGuarded(ctx context.Context, a *audit.Auditor, rec *readers.Record, o GuardLog) (audit.Result, error) {
	if rec.Guardrail == nil || !o.Attempts && !o.Dropped {
		if o.Dropped {
			return audit.Result{Record: rec}, nil // no decision: nothing dropped
		}
		return a.Audit(ctx, rec)
	}
	gen, err := a.Audit(ctx, attemptsRecord(rec))
	if err != nil || gen.Skip != nil {
		return gen, err
	}
	if o.Dropped {
		return droppedOnly(&gen), nil
	}
	res, err := a.Audit(ctx, rec)
	res.Attempts = &gen
	return res, err
}

// droppedOnly keeps the findings of the claims the guard dropped (by
// their logged spans) and the answers they are in.
func droppedOnly(gen *audit.Result) audit.Result {
	rec := gen.Record
	out := audit.Result{Record: rec, Findings: []audit.Finding{}}
	for k, a := range rec.Guardrail.Attempts {
		mi := attemptMessage(rec, k)
		dropped := map[[2]int]bool{}
		for _, c := range a.Verdict.Claims {
			if c.Dropped {
				dropped[c.Span] = true
			}
		}
		if len(dropped) == 0 {
			continue
		}
		for _, ans := range gen.Answers {
			if ans.MessageIndex == mi {
				out.Answers = append(out.Answers, ans)
			}
		}
		for _, f := range gen.Findings {
			if f.MessageIndex == mi && dropped[[2]int{f.CharStart, f.CharEnd}] {
				out.Findings = append(out.Findings, f)
			}
		}
	}
	return out
}
