package guard

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Actions of a decision.
const (
	ActionPass         = "pass"         // every claim checked and none failing (or an honest refusal)
	ActionAnnotate     = "annotate"     // served unchanged; failures of classes the policy only annotates
	ActionUnverifiable = "unverifiable" // served unchanged; some of it could not be checked
	ActionDrop         = "drop"         // served without the claims that failed
	ActionRegenerate   = "regenerate"   // not final: regenerate once with the feedback, then Continue
	ActionFallback     = "fallback"     // the closest passage, quoted, and a person should look
	ActionRefuse       = "refuse"       // a refusal: below the floor, or a fabricated citation
	ActionReject       = "reject"       // claims JSON citing evidence that was not retrieved
	ActionExpired      = "expired"      // a regeneration never came back: nothing was served
)

// Decision is what to serve for an answer, and why.
type Decision struct {
	ID     string `json:"decision_id"`
	Tenant string `json:"tenant"`
	Mode   string `json:"mode"`
	Action string `json:"action"`
	// Content is what to serve ("" with ActionRegenerate).
	Content string `json:"content,omitempty"`
	// Verdict is the verdict of Content as served (with ActionRegenerate,
	// of the attempt that asked for it).
	Verdict     *Verdict      `json:"verdict,omitempty"`
	Classes     []Class       `json:"classes"` // every class met on the way
	Feedback    []string      `json:"feedback,omitempty"`
	HumanReview bool          `json:"human_review"`
	Gate        *GateDecision `json:"gate,omitempty"`
	Attempts    []Attempt     `json:"attempts"`
	Attempt     int           `json:"attempt"` // the number of the last attempt
	TimedOut    bool          `json:"timed_out,omitempty"`
	Err         string        `json:"error,omitempty"`
	Latency     time.Duration `json:"-"` // time spent checking, not generating
	LatencyUS   int64         `json:"latency_us"`

	req    Request
	policy Policy
	start  time.Time
}

// Attempt is one answer the model generated, and what the guard made of it.
type Attempt struct {
	N        int      `json:"n"`
	Content  string   `json:"content"`
	Action   string   `json:"action"`
	Verdict  Verdict  `json:"verdict"`
	Feedback []string `json:"feedback,omitempty"`
}

// Final reports whether the decision is made (not a regeneration to wait for).
func (d *Decision) Final() bool { return d.Action != ActionRegenerate }

// Request is the request the decision is about.
func (d *Decision) Request() Request { return d.req }

// Regenerator asks the model for a new answer; feedback quotes each claim
// it may not assert without a source.
type Regenerator interface {
	Regenerate(ctx context.Context, r Request, feedback []string) (string, error)
}

// Apply runs the handler chain on r's answer: drop the failed claims
// when the answer still stands, else regenerate once with regen (nil: no
// regeneration), else fall back. The decision is logged.
func (g *Guard) Apply(ctx context.Context, r Request, regen Regenerator) (Decision, error) {
	d, err := g.Begin(ctx, r)
	if err != nil || d.Final() {
		return d, err
	}
	if regen == nil { // no regeneration: what failed falls back
		d.Attempts[len(d.Attempts)-1].Action = ActionFallback
		g.fallback(ctx, &d)
		return g.done(ctx, &d)
	}
	answer, err := regen.Regenerate(ctx, r, d.Feedback)
	return g.Continue(ctx, d, answer, err)
}

// Begin runs the chain on r's first answer. A decision that is not Final
// asks for one regeneration (Feedback): pass the new answer to Continue.
// Final decisions are logged.
func (g *Guard) Begin(ctx context.Context, r Request) (Decision, error) {
	p, _ := g.Policy(r.Tenant)
	d := Decision{ID: g.newID(), Tenant: r.Tenant, Mode: p.Mode, req: r, policy: p, start: g.now(), Classes: []Class{}}
	if r.Retrieval != nil {
		gd := g.gate(&p, r)
		d.Gate = &gd
		if gd.Decision == ActionRefuse && gd.Enforced && !g.refuses(ctx, &p, r) {
			d.addClass(ClassBelowFloor)
			d.finish(ActionRefuse, p.refusalIn(d.language(nil, r.Answer)), nil)
			return g.done(ctx, &d)
		}
	}
	g.step(ctx, &d, r.Answer, r.Citations)
	if !d.Final() {
		d.LatencyUS = d.Latency.Microseconds()
		return d, nil
	}
	return g.done(ctx, &d)
}

// refuses reports whether r's answer is itself an honest refusal ("Je ne
// dispose pas d'informations à ce sujet"): below the floor it is served as
// it is, as the audit counts it (a refusal, no failure), not replaced by
// the policy's refusal as an answer given below the floor.
func (g *Guard) refuses(ctx context.Context, p *Policy, r Request) bool {
	// An answer that cites is none: it is refused without a check.
	if strings.TrimSpace(r.Answer) == "" || len(r.Citations) > 0 || len(audit.FindMarkers(r.Answer, nil)) > 0 {
		return false
	}
	v, _, err := g.check(ctx, p, r, r.Answer, r.Citations)
	return err == nil && v.Status == audit.Refusal
}

// Continue runs the chain on the regenerated answer of a decision Begin
// left open (genErr: the regeneration failed, which falls back). At most
// one regeneration: whatever still fails falls back.
func (g *Guard) Continue(ctx context.Context, d Decision, answer string, genErr error) (Decision, error) {
	d.Attempts = append([]Attempt(nil), d.Attempts...)
	d.Feedback = nil
	if genErr != nil {
		d.Err = "regeneration failed: " + genErr.Error()
		g.fallback(ctx, &d)
		return g.done(ctx, &d)
	}
	g.step(ctx, &d, answer, nil)
	if !d.Final() {
		g.fallback(ctx, &d)
	}
	return g.done(ctx, &d)
}

// Expire logs a decision whose regeneration never came back.
func (g *Guard) Expire(ctx context.Context, d Decision) error {
	d.Action, d.Content, d.Verdict = ActionExpired, "", nil
	_, err := g.done(ctx, &d)
	return err
}

// step checks one attempt and decides on it.
func (g *Guard) step(ctx context.Context, d *Decision, content string, cits []readers.Citation) {
	p := &d.policy
	n := len(d.Attempts) + 1
	d.Attempt = n
	v, took, err := g.check(ctx, p, d.req, content, cits)
	d.Latency += took
	if err != nil {
		d.Attempts = append(d.Attempts, Attempt{N: n, Content: content, Action: ActionUnverifiable})
		g.failed(ctx, d, content, err)
		return
	}
	att := Attempt{N: n, Content: content, Verdict: v}
	for _, c := range v.Classes {
		d.addClass(c)
	}
	action, drops := decide(p, &v)
	switch action {
	case ActionPass, ActionAnnotate, ActionUnverifiable:
		d.finish(action, content, &v)
	case ActionRefuse, ActionReject:
		d.HumanReview = action == ActionReject
		d.finish(action, p.refusalIn(d.language(&v, content)), nil)
	case ActionDrop:
		if served, sv, ok := g.dropped(ctx, d, content, &v, drops); ok {
			markDropped(&v, drops)
			d.finish(ActionDrop, served, sv)
			break
		}
		action = ActionRegenerate
		fallthrough
	case ActionRegenerate:
		markDropped(&v, drops)
		d.Feedback = feedback(&v, drops)
		att.Feedback = d.Feedback
		d.Action, d.Content, d.Verdict = ActionRegenerate, "", &v
		if n > 1 || !p.Regenerate {
			att.Action = ActionFallback
			d.Attempts = append(d.Attempts, att)
			g.fallback(ctx, d)
			return
		}
	}
	att.Action = d.Action
	d.Attempts = append(d.Attempts, att)
}

// failed decides when the check itself failed: fail open serves the
// answer unchecked; fail closed serves the refusal for a person to see.
func (g *Guard) failed(ctx context.Context, d *Decision, content string, err error) {
	d.Err = err.Error()
	d.TimedOut = errors.Is(err, ErrTimeout)
	if d.policy.FailOpen || d.policy.Mode == ModeAnnotate {
		d.addClass(ClassUnverifiable)
		d.finish(ActionUnverifiable, content, nil)
		return
	}
	d.HumanReview = true
	d.finish(ActionFallback, d.policy.refusalIn(d.language(nil, content)), nil)
}

// language is the language of the texts the decision serves (ISO 639-1):
// the answer's, as the audit read it (v, else the last attempt's); else
// as told from the text alone: the answer's (one the check could not
// read), the question's, a chunk's; else English.
func (d *Decision) language(v *Verdict, answer string) string {
	if v != nil && v.Language != "" {
		return v.Language
	}
	for i := len(d.Attempts) - 1; i >= 0; i-- {
		if c := d.Attempts[i].Verdict.Language; c != "" {
			return c
		}
	}
	texts := []string{answer, d.req.Question}
	for _, c := range d.req.Retrieval {
		texts = append(texts, c.Text)
	}
	for _, text := range texts {
		if c := audit.LanguageOf(text); c != "" {
			return c
		}
	}
	return "en"
}

// finish makes the decision final with what to serve.
func (d *Decision) finish(action, content string, v *Verdict) {
	d.Action, d.Content, d.Verdict = action, content, v
	if action == ActionFallback {
		d.HumanReview = true
	}
}

func (d *Decision) addClass(c Class) {
	for _, x := range d.Classes {
		if x == c {
			return
		}
	}
	d.Classes = append(d.Classes, c)
}

// done logs a final decision.
func (g *Guard) done(_ context.Context, d *Decision) (Decision, error) {
	sortClasses(d.Classes)
	d.LatencyUS = d.Latency.Microseconds()
	return *d, g.writeLog(d)
}

// decide is the policy's action on one verdict, and the claims to drop.
func decide(p *Policy, v *Verdict) (string, []int) {
	if p.Mode == ModeAnnotate || len(v.Classes) == 0 {
		return unchanged(v), nil
	}
	switch {
	case v.Status == audit.Rejected && p.Enforces(ClassClaimsRejected):
		return ActionReject, nil
	case hasClaimClass(v, ClassFabricated) && p.Enforces(ClassFabricated):
		return ActionRefuse, nil
	case v.Status == audit.AnsweredBelowFloor && p.Enforces(ClassBelowFloor):
		return ActionRefuse, nil
	case (v.Status == StatusUnverifiable || v.FloorUnchecked != "") && p.Enforces(ClassUnverifiable):
		return ActionRefuse, nil
	}
	var drops []int
	for i := range v.Claims {
		if enforcedOn(p, &v.Claims[i]) {
			drops = append(drops, i)
		}
	}
	if len(drops) == 0 {
		return unchanged(v), nil
	}
	kept := 0
	for i := range v.Claims {
		if v.Claims[i].Cited() && !containsInt(drops, i) {
			kept++
		}
	}
	if kept >= p.MinKept && float64(len(drops)) <= p.MaxDropShare*float64(len(v.Claims)) {
		return ActionDrop, drops
	}
	return ActionRegenerate, drops
}

// unchanged is the action on an answer served as it is.
func unchanged(v *Verdict) string {
	switch {
	case len(v.Classes) == 0:
		return ActionPass
	case len(v.Classes) == 1 && v.Classes[0] == ClassUnverifiable:
		return ActionUnverifiable
	}
	for _, c := range v.Classes {
		if c == ClassUnverifiable {
			return ActionUnverifiable
		}
	}
	return ActionAnnotate
}

// enforcedOn reports whether the policy drops claim c. A claim citing
// several chunks is never dropped on the score alone: the verdict misses
// most jointly unsupported claims and fails jointly supported ones
// (docs/verdict.md).
func enforcedOn(p *Policy, c *ClaimVerdict) bool {
	decisive := false
	for _, cl := range c.Classes {
		if !p.Enforces(cl) {
			continue
		}
		if !cl.scoreOnly() || len(c.ChunkIDs) < 2 {
			decisive = true
		}
	}
	return decisive
}

func hasClaimClass(v *Verdict, c Class) bool {
	for i := range v.Claims {
		for _, x := range v.Claims[i].Classes {
			if x == c {
				return true
			}
		}
	}
	return false
}

func markDropped(v *Verdict, drops []int) {
	for _, i := range drops {
		v.Claims[i].Dropped = true
	}
}

func containsInt(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// WithoutFindings is the decision with its verdicts' findings left out
// (the claims hold what a caller acts on; findings are for audits).
func (d Decision) WithoutFindings() Decision {
	if d.Verdict != nil {
		v := *d.Verdict
		v.Findings = nil
		d.Verdict = &v
	}
	atts := make([]Attempt, len(d.Attempts))
	for i, a := range d.Attempts {
		a.Verdict.Findings = nil
		atts[i] = a
	}
	d.Attempts = atts
	return d
}
