package guard

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/ragaudit/ragaudit/audit"
	ragversion "github.com/ragaudit/ragaudit/internal/version"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
)

// Guard checks answers and applies tenants' policies. Build it once (it
// loads the auditor's models, 50–200 ms) and share it: its methods are
// safe for concurrent use.
type Guard struct {
	auditor   *audit.Auditor
	cfg       audit.Config
	def       Policy
	policies  map[string]Policy
	hashes    map[string]string // policy hash by tenant ("" the default's)
	modelHash string
	version   string
	log       *decisionLog
	now       func() time.Time
	newID     func() string
	slots     chan struct{} // checks running at once
	hook      func()        // tests: runs inside each check
}

// Option configures New.
type Option func(*options)

type options struct {
	policies map[string]Policy
	def      *Policy
	embed    pipeline.Embedding
	log      io.Writer
	now      func() time.Time
	newID    func() string
	version  string
	parallel int
}

// WithPolicy sets the policy of tenant ("" for tenants without one of
// their own; default DefaultPolicy with the config's MinScore as floor).
func WithPolicy(tenant string, p Policy) Option {
	return func(o *options) {
		if tenant == "" {
			o.def = &p
			return
		}
		o.policies[tenant] = p
	}
}

// WithPolicyFile sets the default and tenants' policies of a policy file.
func WithPolicyFile(pf *PolicyFile) Option {
	return func(o *options) {
		def := pf.Default
		o.def = &def
		for t, p := range pf.Tenants {
			o.policies[t] = p
		}
	}
}

// WithEmbedding sets the embedder, as ragaudit audit --embed does
// (default none, with the shipped model fitted without one).
func WithEmbedding(e pipeline.Embedding) Option { return func(o *options) { o.embed = e } }

// WithLog writes the decision log to w: one canonical record per decision
// (JSONL), which ragaudit audit reads back.
func WithLog(w io.Writer) Option { return func(o *options) { o.log = w } }

// WithClock sets the clock of the log's timestamps, the latencies and the
// check's budget (default time.Now).
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithIDs sets the source of decision ids (default random "d-" + 16 hex
// digits). With WithClock, the decision log is then a pure function of
// the requests.
func WithIDs(next func() string) Option { return func(o *options) { o.newID = next } }

// WithVersion sets the ragaudit version written into the log and the
// model hash (default the module's).
func WithVersion(v string) Option { return func(o *options) { o.version = v } }

// WithConcurrency sets how many checks run at once (default GOMAXPROCS).
// A check waits for a slot before its time budget starts: under load,
// requests queue instead of sharing the cores until every check runs out
// of time and fails closed.
func WithConcurrency(n int) Option { return func(o *options) { o.parallel = n } }

// DefaultConfig is the audit's configuration without flags: ragaudit
// audit's, with the shipped model fitted without an embedder.
func DefaultConfig() audit.Config {
	cfg := audit.DefaultConfig()
	cfg.Model = audit.DefaultModelNoEmbed()
	return cfg
}

// New builds a guard over cfg (from DefaultConfig, or ragaudit calibrate's
// model file). The default policy's floor is cfg.MinScore unless a
// default policy is given, whose floor then wins.
func New(cfg audit.Config, opts ...Option) (*Guard, error) {
	o := options{policies: map[string]Policy{}, now: time.Now, newID: randomID, version: ragversion.Version,
		embed: pipeline.Embedding{Kind: pipeline.EmbedNone}, parallel: runtime.GOMAXPROCS(0)}
	for _, opt := range opts {
		opt(&o)
	}
	def := DefaultPolicy()
	def.MinScore = cfg.MinScore
	if o.def != nil {
		def = *o.def
	}
	if err := needsEmbedder(cfg.Model, o.embed); err != nil {
		return nil, err
	}
	g := &Guard{def: def, policies: o.policies, hashes: map[string]string{"": def.Hash()}, now: o.now, newID: o.newID, version: o.version,
		slots: make(chan struct{}, max(1, o.parallel))}
	if err := def.Validate(); err != nil {
		return nil, fmt.Errorf("default policy: %w", err)
	}
	cfg.MinScore = def.MinScore
	cfg.TenantMinScore = map[string]float64{}
	for t, p := range o.policies {
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("policy of tenant %q: %w", t, err)
		}
		cfg.TenantMinScore[t] = p.MinScore
		g.hashes[t] = p.Hash()
	}
	a, err := pipeline.NewAuditor(cfg, o.embed)
	if err != nil {
		return nil, err
	}
	g.auditor, g.cfg = a, cfg
	g.modelHash = pipeline.VerdictHash(o.version, cfg, o.embed)
	if o.log != nil {
		g.log = newDecisionLog(o.log)
	}
	if err := g.checkTexts(); err != nil {
		return nil, err
	}
	return g, nil
}

// needsEmbedder refuses a model that weighs similarities of an embedder
// the guard does not have: its scores would be wrong, silently.
func needsEmbedder(m audit.Model, e pipeline.Embedding) error {
	if e.Kind != "" && e.Kind != pipeline.EmbedNone {
		return nil
	}
	for _, s := range []string{"embed_sim", "soft_recall", "soft_min"} {
		if m.Weights[s] != 0 {
			return fmt.Errorf("model %q weighs %s, an embedder's signal: give WithEmbedding (ragaudit --embed builtin), or use DefaultConfig", m.Name, s)
		}
	}
	return nil
}

// ModelHash identifies what decides each citation's verdict
// (pipeline.VerdictHash); the decision log records it.
func (g *Guard) ModelHash() string { return g.modelHash }

// Policy is the policy of tenant, and its hash.
func (g *Guard) Policy(tenant string) (Policy, string) {
	if p, ok := g.policies[tenant]; ok {
		return p, g.hashes[tenant]
	}
	return g.def, g.hashes[""]
}

// policyNear is the tenant with a policy of its own that tenant names in
// another case, with blanks or invisible characters in it, or with a
// letter of another script that looks alike ("ACME", "acme ",
// "acme\u200b", "аcme" with a Cyrillic а, for "acme"); "" when tenant has
// its own policy or none is near. Such a name would otherwise get the
// default policy silently.
func (g *Guard) policyNear(tenant string) string {
	if g.HasPolicy(tenant) {
		return ""
	}
	k := skeleton(tenant)
	for _, t := range sortedKeys(g.policies) {
		if t != "" && skeleton(t) == k {
			return t
		}
	}
	return ""
}

// skeleton is a name as it reads: NFKC, lower case, without spaces,
// control or format characters (zero-width spaces) or dashes of any kind,
// Cyrillic and Greek letters that look like Latin ones read as those.
func skeleton(name string) string {
	var b strings.Builder
	for _, r := range norm.NFKC.String(name) {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Pd, r):
			continue // "acme‐nl" with U+2010 reads as "acme-nl"
		case lookAlike[unicode.ToLower(r)] != 0:
			r = lookAlike[unicode.ToLower(r)]
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// lookAlike maps Cyrillic and Greek lower-case letters to the Latin ones
// they are drawn like.
var lookAlike = map[rune]rune{
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ԛ': 'q', 'ԝ': 'w', 'к': 'k', 'м': 'm', 'н': 'h', 'т': 't', 'в': 'b',
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ε': 'e', 'μ': 'u',
}

// HasPolicy reports whether tenant has a policy of its own.
func (g *Guard) HasPolicy(tenant string) bool {
	_, ok := g.policies[tenant]
	return ok
}

func randomID() string {
	var b [8]byte
	rand.Read(b[:])
	return "d-" + hex.EncodeToString(b[:])
}

// GateDecision is the retrieval floor's judgement before the model call.
type GateDecision struct {
	Decision   string   `json:"decision"` // pass, refuse, or unverifiable (a floor, but no chunk has a score)
	TopScore   *float64 `json:"top_score"`
	Floor      float64  `json:"floor"`
	Reason     string   `json:"reason,omitempty"`
	Refusal    string   `json:"refusal,omitempty"` // what to serve instead of calling the model
	DecisionID string   `json:"decision_id,omitempty"`
	Enforced   bool     `json:"enforced"` // the policy refuses below the floor (else it annotates)
}

// Gate judges the retrieval of r before the model is called: nothing
// retrieved, or the best score under the tenant's floor, refuses when
// the policy enforces below_floor (and the refusal is logged). A floor
// that no chunk's score lets check is unverifiable, never a pass. r.Answer
// is not read. The rule is the audit's (audit.Config.BelowFloor,
// FloorUnchecked).
func (g *Guard) Gate(ctx context.Context, r Request) (GateDecision, error) {
	p, _ := g.Policy(r.Tenant)
	gd := g.gate(&p, r)
	if gd.Decision == ActionUnverifiable {
		return gd, nil
	}
	if gd.Decision == ActionPass || !gd.Enforced {
		gd.Decision = ActionPass
		return gd, nil
	}
	start := g.now()
	d := &Decision{ID: g.newID(), Tenant: r.Tenant, Mode: p.Mode, req: r, policy: p, start: start, Gate: &gd}
	refusal := p.refusalIn(d.language(nil, ""))
	d.finish(ActionRefuse, refusal, nil)
	gd.Refusal, gd.DecisionID = refusal, d.ID
	d.Latency = g.now().Sub(start)
	return gd, g.writeLog(d)
}

// gate is the floor's judgement of r's retrieval under p.
func (g *Guard) gate(p *Policy, r Request) GateDecision {
	gd := GateDecision{Decision: ActionPass, Floor: g.cfg.MinScoreOf(r.Tenant), Enforced: p.Enforces(ClassBelowFloor)}
	if best, ok := audit.TopScore(r.Retrieval); ok {
		gd.TopScore = &best
	}
	if gd.Reason = g.cfg.BelowFloor(r.Tenant, r.Retrieval); gd.Reason != "" {
		gd.Decision = ActionRefuse
	} else if gd.Reason = g.cfg.FloorUnchecked(r.Tenant, r.Retrieval); gd.Reason != "" {
		gd.Decision = ActionUnverifiable
	}
	return gd
}

// Errors of a check.
var (
	ErrTimeout = errors.New("the check ran out of its time budget")
	ErrPanic   = errors.New("the check failed")
)

// Check returns the verdict of r's answer without side effects: the
// audit's findings under the tenant's floor, grouped by claim.
func (g *Guard) Check(ctx context.Context, r Request) (Verdict, error) {
	p, _ := g.Policy(r.Tenant)
	v, _, err := g.check(ctx, &p, r, r.Answer, r.Citations)
	return v, err
}

// check audits content as r's answer within p.Timeout (by the guard's
// clock too, so a test clock can run it out), and returns how long it
// took.
func (g *Guard) check(ctx context.Context, p *Policy, r Request, content string, cits []readers.Citation) (Verdict, time.Duration, error) {
	select {
	case g.slots <- struct{}{}:
	case <-ctx.Done():
		return Verdict{}, 0, ctx.Err()
	}
	start := g.now()
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	type outcome struct {
		res audit.Result
		err error
	}
	done := make(chan outcome, 1)
	rec := r.record(content, cits, start)
	go func() {
		var out outcome
		defer func() {
			if e := recover(); e != nil {
				out.err = fmt.Errorf("%w: %v", ErrPanic, e)
			}
			<-g.slots // held until the audit ends, even one given up on
			done <- out
		}()
		if g.hook != nil {
			g.hook()
		}
		out.res, out.err = g.auditor.Audit(ctx, rec)
	}()
	var out outcome
	select {
	case out = <-done:
	case <-ctx.Done():
		out.err = ctx.Err()
	}
	took := g.now().Sub(start)
	switch {
	case errors.Is(out.err, context.DeadlineExceeded), out.err == nil && took > p.Timeout:
		return Verdict{}, took, fmt.Errorf("%w (%v)", ErrTimeout, p.Timeout)
	case out.err != nil:
		return Verdict{}, took, out.err
	case out.res.Skip != nil:
		return Verdict{}, took, fmt.Errorf("%s: %s", out.res.Skip.Reason, out.res.Skip.Detail)
	}
	return verdictOf(&out.res, r.Retrieval != nil || len(r.Earlier) > 0, g.modelHash), took, nil
}

// Evaluation is a verdict with the action the tenant's policy takes on
// it (nothing is logged; nothing regenerated).
type Evaluation struct {
	Decision string
	Verdict  Verdict
	TimedOut bool
	Error    string
	Latency  time.Duration
}

// Evaluate checks r's answer and says what the policy would do: the
// verdict of POST /v1/check. A check that fails or runs out of time is
// unverifiable when the policy fails open, a fallback when it fails
// closed.
func (g *Guard) Evaluate(ctx context.Context, r Request) Evaluation {
	p, _ := g.Policy(r.Tenant)
	v, took, err := g.check(ctx, &p, r, r.Answer, r.Citations)
	if err != nil {
		ev := Evaluation{Decision: ActionFallback, Error: err.Error(), TimedOut: errors.Is(err, ErrTimeout), Latency: took,
			Verdict: Verdict{Status: StatusUnverifiable, Classes: []Class{ClassUnverifiable}, Claims: []ClaimVerdict{}, ModelHash: g.modelHash}}
		if p.FailOpen || p.Mode == ModeAnnotate {
			ev.Decision = ActionUnverifiable
		}
		return ev
	}
	action, drops := decide(&p, &v)
	markDropped(&v, drops)
	return Evaluation{Decision: action, Verdict: v, Latency: took}
}
