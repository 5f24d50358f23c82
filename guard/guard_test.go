package guard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

func score(v float64) *float64 { return &v }

// fixture is a retrieval that states a refund window of 90 days and two
// shipping times.
var fixture = []Chunk{
	{ID: "1", Source: "refund-policy.md", Text: "Refunds are accepted within 90 days of delivery. Items must be unused and in their original packaging. After 90 days we issue store credit instead of a refund.", Score: score(0.82)},
	{ID: "2", Source: "shipping.md", Text: "Standard shipping takes 3 to 5 business days. Express shipping takes 1 to 2 business days and costs €9.90.", Score: score(0.7)},
}

var (
	sharedOnce  sync.Once
	sharedGuard *Guard
	sharedErr   error
)

// shared is a guard with the default policy, built once for the tests
// that only read.
func shared(t testing.TB) *Guard {
	// The default policy but a budget no loaded machine runs out of: these
	// tests are about decisions, and a check cut short by a busy CI runner
	// would decide by the fail mode instead (timeouts have tests of their own).
	p := DefaultPolicy()
	p.Timeout = time.Minute
	sharedOnce.Do(func() { sharedGuard, sharedErr = New(DefaultConfig(), WithPolicy("", p)) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return sharedGuard
}

func request(answer string) Request {
	return Request{ConversationID: "c-1", Tenant: "acme", Question: "What is the refund window?", Retrieval: fixture, Answer: answer}
}

// scripted is a Regenerator that answers from a script and counts calls.
type scripted struct {
	answers  []string
	err      error
	calls    int
	feedback [][]string
}

func (s *scripted) Regenerate(_ context.Context, _ Request, feedback []string) (string, error) {
	s.calls++
	s.feedback = append(s.feedback, feedback)
	if s.err != nil {
		return "", s.err
	}
	return s.answers[s.calls-1], nil
}

func TestApplyFollowsTheHandlerChain(t *testing.T) {
	const (
		good      = "Refunds are accepted within 90 days of delivery [1]. Standard shipping takes 3 to 5 business days [2]."
		oneWrong  = "Refunds are accepted within 30 days of delivery [1]. Standard shipping takes 3 to 5 business days [2]. Express shipping costs €9.90 [2]."
		twoWrong  = "Refunds are accepted within 30 days of delivery [1]. Standard shipping takes 3 to 7 business days [2]."
		fabricate = "Refunds are accepted within 90 days of delivery [1]. Store credit follows [ref-deadbeef]."
		vague     = "Refunds are accepted within 90 days of delivery [1]. Our loyalty programme rewards frequent buyers generously [2]."
	)
	tests := []struct {
		name        string
		answer      string
		regen       *scripted
		action      string
		content     string // "" : not checked
		contains    string
		calls       int
		feedback    []string
		humanReview bool
	}{
		{name: "an answer whose chunks state every claim passes unchanged", answer: good, action: ActionPass, content: good},
		{name: "a number the chunk contradicts is dropped and the rest served with its markers unchanged", answer: oneWrong, action: ActionDrop,
			content: "Standard shipping takes 3 to 5 business days [2]. Express shipping costs €9.90 [2]."},
		{name: "too many drops regenerate exactly once with each failed claim quoted, and a passing answer is served",
			answer: twoWrong, regen: &scripted{answers: []string{good}}, action: ActionPass, content: good, calls: 1,
			feedback: []string{"Do not assert this without a source: «Refunds are accepted within 30 days of delivery.»",
				"Do not assert this without a source: «Standard shipping takes 3 to 7 business days.»"}},
		{name: "a regeneration that still fails falls back to the closest passage, verbatim, for a person to review",
			answer: twoWrong, regen: &scripted{answers: []string{twoWrong}}, action: ActionFallback, calls: 1, humanReview: true,
			contains: "«Standard shipping takes 3 to 5 business days.» [2]"},
		{name: "a regeneration that errs falls back", answer: twoWrong, regen: &scripted{err: errors.New("upstream 500")},
			action: ActionFallback, calls: 1, humanReview: true, contains: "here is the closest passage"},
		{name: "without a regenerator a failing answer falls back", answer: twoWrong, action: ActionFallback, humanReview: true,
			contains: "here is the closest passage"},
		{name: "a fabricated id refuses without a regeneration", answer: fabricate, regen: &scripted{answers: []string{good}},
			action: ActionRefuse, content: englishRefusal},
		{name: "claims JSON citing an id that was not retrieved is rejected", action: ActionReject, content: englishRefusal, humanReview: true,
			answer: `{"claims":[{"text":"Refunds are accepted within 90 days of delivery.","evidence_ids":["1"]},{"text":"Store credit follows.","evidence_ids":["9"]}]}`},
		{name: "a claim failing on the score alone is annotated, the answer unchanged", answer: vague, action: ActionAnnotate, content: vague},
	}
	g := shared(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var regen Regenerator
			if tc.regen != nil {
				regen = tc.regen
			}
			d, err := g.Apply(context.Background(), request(tc.answer), regen)
			if err != nil {
				t.Fatal(err)
			}
			if d.Action != tc.action {
				t.Fatalf("action %s, want %s (classes %v, content %q)", d.Action, tc.action, d.Classes, d.Content)
			}
			if tc.content != "" && d.Content != tc.content {
				t.Errorf("served %q\nwant   %q", d.Content, tc.content)
			}
			if tc.contains != "" && !strings.Contains(d.Content, tc.contains) {
				t.Errorf("served %q, want it to hold %q", d.Content, tc.contains)
			}
			if d.HumanReview != tc.humanReview {
				t.Errorf("human_review %v, want %v", d.HumanReview, tc.humanReview)
			}
			if tc.regen != nil {
				if tc.regen.calls != tc.calls {
					t.Errorf("%d regenerations, want %d", tc.regen.calls, tc.calls)
				}
				if tc.feedback != nil && fmt.Sprint(tc.regen.feedback[0]) != fmt.Sprint(tc.feedback) {
					t.Errorf("feedback %q\nwant     %q", tc.regen.feedback[0], tc.feedback)
				}
			}
		})
	}
}

func TestAFallbackIsAuditedAsARefusalWhoseQuoteIsSupported(t *testing.T) {
	g := shared(t)
	d, err := g.Apply(context.Background(), request("Refunds are accepted within 30 days of delivery [1]. Standard shipping takes 3 to 7 business days [2]."), nil)
	if err != nil || d.Action != ActionFallback {
		t.Fatalf("action %s, err %v: want a fallback", d.Action, err)
	}
	// The audit, as ragaudit audit runs it, on the record the log holds.
	a, err := audit.New(DefaultConfig(), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.Audit(context.Background(), g.Record(&d))
	if err != nil {
		t.Fatal(err)
	}
	if res.Answers[0].Status != audit.Refusal {
		t.Fatalf("the fallback %q is audited as %s, want a refusal", d.Content, res.Answers[0].Status)
	}
	if len(res.Findings) != 1 || res.Findings[0].Verdict != audit.Supported {
		t.Fatalf("the quoted passage's findings: %+v, want one supported citation", res.Findings)
	}
}

func TestTheGateRefusesBeforeTheModelIsCalled(t *testing.T) {
	g, err := New(DefaultConfig(), WithPolicy("acme", withFloor(DefaultPolicy(), 0.5)))
	if err != nil {
		t.Fatal(err)
	}
	checks := 0
	g.hook = func() { checks++ }
	weak := []Chunk{{ID: "1", Text: "Refunds are accepted within 90 days of delivery.", Score: score(0.31)}, {ID: "2", Text: "x", Score: score(0.28)}}
	tests := []struct {
		name      string
		tenant    string
		retrieval []Chunk
		decision  string
	}{
		{name: "a top score under the tenant's floor refuses", tenant: "acme", retrieval: weak, decision: ActionRefuse},
		{name: "the same retrieval passes another tenant's floor of 0", tenant: "globex", retrieval: weak, decision: ActionPass},
		{name: "nothing retrieved refuses whatever the floor", tenant: "globex", retrieval: []Chunk{}, decision: ActionRefuse},
		{name: "chunks without scores leave the floor unchecked, never passed", tenant: "acme", retrieval: []Chunk{{ID: "1", Text: "x"}}, decision: ActionUnverifiable},
		{name: "chunks without scores pass a floor of 0", tenant: "globex", retrieval: []Chunk{{ID: "1", Text: "x"}}, decision: ActionPass},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gd, err := g.Gate(context.Background(), Request{Tenant: tc.tenant, Retrieval: tc.retrieval})
			if err != nil {
				t.Fatal(err)
			}
			if gd.Decision != tc.decision {
				t.Fatalf("gate %s (%s), want %s", gd.Decision, gd.Reason, tc.decision)
			}
			if gd.Decision == ActionRefuse && (gd.Refusal != englishRefusal || gd.DecisionID == "") {
				t.Errorf("a refusal needs its text and a decision id: %+v", gd)
			}
		})
	}
	d, err := g.Begin(context.Background(), Request{ConversationID: "c", Tenant: "acme", Retrieval: weak, Answer: "Refunds are accepted within 90 days of delivery [1]."})
	if err != nil {
		t.Fatal(err)
	}
	if d.Action != ActionRefuse || checks != 0 {
		t.Errorf("an answer below the floor: action %s after %d checks, want a refusal without a check", d.Action, checks)
	}
}

func withFloor(p Policy, floor float64) Policy { p.MinScore = floor; return p }

// A floor no chunk's score lets check never passes silently: the gate
// and the decision say unverifiable (served unchanged, flagged), and a
// policy that enforces unverifiable refuses.
func TestAFloorWithoutScoresIsNeverPassed(t *testing.T) {
	strict := withFloor(DefaultPolicy(), 0.5)
	strict.Enforce = append(strict.Enforce, ClassUnverifiable)
	g, err := New(DefaultConfig(), WithPolicy("acme", withFloor(DefaultPolicy(), 0.5)), WithPolicy("strict", strict))
	if err != nil {
		t.Fatal(err)
	}
	unscored := []Chunk{{ID: "1", Text: "Refunds are accepted within 90 days of delivery."}}
	scored := []Chunk{{ID: "1", Text: "Refunds are accepted within 90 days of delivery.", Score: score(0.8)}}
	tests := []struct {
		name, tenant string
		retrieval    []Chunk
		gate, action string
		unchecked    bool
	}{
		{"a floor over chunks without scores is unverifiable", "acme", unscored, ActionUnverifiable, ActionUnverifiable, true},
		{"a policy enforcing unverifiable refuses the answer", "strict", unscored, ActionUnverifiable, ActionRefuse, true},
		{"without a floor chunks without scores pass", "globex", unscored, ActionPass, ActionPass, false},
		{"a floor over scored chunks above it passes", "acme", scored, ActionPass, ActionPass, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Request{ConversationID: "c", Tenant: tc.tenant, Retrieval: tc.retrieval, Answer: "Refunds are accepted within 90 days of delivery [1]."}
			gd, err := g.Gate(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			if gd.Decision != tc.gate || (tc.unchecked != strings.Contains(gd.Reason, "could not be checked")) {
				t.Errorf("gate %s (%q), want %s", gd.Decision, gd.Reason, tc.gate)
			}
			d, err := g.Apply(context.Background(), r, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d.Action != tc.action {
				t.Errorf("action %s, want %s", d.Action, tc.action)
			}
			if v := d.Verdict; v != nil && (v.FloorUnchecked != "") != tc.unchecked {
				t.Errorf("verdict floor_unchecked %q", v.FloorUnchecked)
			}
			if tc.unchecked && !slices.Contains(d.Classes, ClassUnverifiable) {
				t.Errorf("classes %v lack unverifiable", d.Classes)
			}
		})
	}
}

func TestWithoutRetrievalNothingPasses(t *testing.T) {
	g := shared(t)
	r := request("Refunds are accepted within 90 days of delivery [1].")
	r.Retrieval = nil
	d, err := g.Apply(context.Background(), r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Action != ActionUnverifiable || d.Content != r.Answer || d.Verdict.Status != StatusUnverifiable {
		t.Fatalf("no retrieval: action %s, status %s, want unverifiable and the answer unchanged", d.Action, d.Verdict.Status)
	}
	strict := DefaultPolicy()
	strict.Enforce = append(strict.Enforce, ClassUnverifiable)
	g2, err := New(DefaultConfig(), WithPolicy("", strict))
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := g2.Apply(context.Background(), r, nil); d.Action != ActionRefuse {
		t.Errorf("a policy enforcing unverifiable: action %s, want refuse", d.Action)
	}
}

func TestAnnotateModeServesTheAnswerUnchanged(t *testing.T) {
	p := DefaultPolicy()
	p.Mode = ModeAnnotate
	g, err := New(DefaultConfig(), WithPolicy("acme", p))
	if err != nil {
		t.Fatal(err)
	}
	answer := "Refunds are accepted within 30 days of delivery [1]. Store credit follows [ref-deadbeef]."
	d, err := g.Apply(context.Background(), request(answer), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Action != ActionAnnotate || d.Content != answer {
		t.Fatalf("annotate mode: action %s, content %q", d.Action, d.Content)
	}
	want := []Class{ClassFabricated, ClassNumberMismatch}
	if fmt.Sprint(d.Classes) != fmt.Sprint(want) {
		t.Errorf("classes reported %v, want %v", d.Classes, want)
	}
}

func TestACheckThatFailsFollowsTheFailMode(t *testing.T) {
	tests := []struct {
		name     string
		failOpen bool
		hook     func(*fakeClock)
		action   string
		timedOut bool
	}{
		{name: "a check past its budget by the guard's clock fails closed", hook: func(c *fakeClock) { c.advance(time.Second) },
			action: ActionFallback, timedOut: true},
		{name: "a check past its budget fails open when the policy says so", failOpen: true, hook: func(c *fakeClock) { c.advance(time.Second) },
			action: ActionUnverifiable, timedOut: true},
		{name: "a check that panics fails closed", hook: func(*fakeClock) { panic("boom") }, action: ActionFallback},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := &fakeClock{t: time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)}
			p := DefaultPolicy()
			p.FailOpen = tc.failOpen
			g, err := New(DefaultConfig(), WithPolicy("", p), WithClock(clock.now))
			if err != nil {
				t.Fatal(err)
			}
			g.hook = func() { tc.hook(clock) }
			answer := "Refunds are accepted within 90 days of delivery [1]."
			d, err := g.Apply(context.Background(), request(answer), nil)
			if err != nil {
				t.Fatal(err)
			}
			if d.Action != tc.action || d.TimedOut != tc.timedOut || d.Err == "" {
				t.Fatalf("action %s, timed out %v, error %q; want %s, %v and an error", d.Action, d.TimedOut, d.Err, tc.action, tc.timedOut)
			}
			if tc.failOpen && d.Content != answer || !tc.failOpen && (d.Content != englishRefusal || !d.HumanReview) {
				t.Errorf("served %q (human review %v)", d.Content, d.HumanReview)
			}
		})
	}
}

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestTheDecisionLogIsDeterministicAndReadBack(t *testing.T) {
	run := func() []byte {
		var buf bytes.Buffer
		n := 0
		clock := &fakeClock{t: time.Date(2026, 11, 24, 10, 2, 3, 0, time.UTC)}
		g, err := New(DefaultConfig(), WithLog(&buf), WithClock(clock.now), WithIDs(func() string { n++; return fmt.Sprintf("d-%04d", n) }))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []string{"Refunds are accepted within 90 days of delivery [1].", "Refunds are accepted within 30 days of delivery [1]. Standard shipping takes 3 to 7 business days [2]."} {
			if _, err := g.Apply(context.Background(), request(a), &scripted{answers: []string{a}}); err != nil {
				t.Fatal(err)
			}
		}
		return buf.Bytes()
	}
	first, second := run(), run()
	if !bytes.Equal(first, second) {
		t.Fatalf("two runs with the same clock and ids differ:\n%s\n%s", first, second)
	}
	lines := bytes.Split(bytes.TrimSpace(first), []byte("\n"))
	if len(lines) != 2 {
		t.Fatalf("%d lines, want one per decision", len(lines))
	}
	rec, err := readers.ParseCanonical(lines[1])
	if err != nil {
		t.Fatal(err)
	}
	gr := rec.Guardrail
	if gr == nil || gr.DecisionID != "d-0002" || gr.Action != ActionFallback || !gr.HumanReview || len(gr.Attempts) != 2 || gr.Served == nil {
		t.Fatalf("the guardrail read back: %+v", gr)
	}
	if gr.Attempts[0].Action != ActionRegenerate || len(gr.Attempts[0].Feedback) != 2 || gr.Attempts[1].Action != ActionFallback {
		t.Errorf("attempts: %+v", gr.Attempts)
	}
	if rec.Messages[1].Content == gr.Attempts[0].Content {
		t.Errorf("the assistant message is what was generated, not what was served")
	}
}

func TestWithoutSpansKeepsTheRest(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		spans   [][2]int
		want    string
		comment string
	}{
		{name: "a middle claim goes with the blank after it", in: "A is 1 [1]. B is 2 [2]. C is 3 [3].", spans: [][2]int{{12, 23}}, want: "A is 1 [1]. C is 3 [3]."},
		{name: "the last claim leaves no trailing blank", in: "A is 1 [1]. B is 2 [2].", spans: [][2]int{{12, 23}}, want: "A is 1 [1]."},
		{name: "a list item emptied of its claim goes with its bullet", in: "Terms:\n- A is 1 [1].\n- B is 2 [2].", spans: [][2]int{{23, 34}}, want: "Terms:\n- A is 1 [1]."},
		{name: "spans count code points, not bytes", in: "Prix €9 [1]. Délai 3 j [2].", spans: [][2]int{{0, 12}}, want: "Délai 3 j [2]."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := withoutSpans(tc.in, tc.spans); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestNewRefusesPoliciesAndModelsThatWouldMislead(t *testing.T) {
	badFallback := DefaultPolicy()
	badFallback.Fallback = "See «{passage}» {marker} for details."
	badRefusal := DefaultPolicy()
	badRefusal.Refusal = "Refunds take 90 days."
	unknown := DefaultPolicy()
	unknown.Enforce = append(unknown.Enforce, "low_similarty")
	embedModel := DefaultConfig()
	embedModel.Model = audit.DefaultModel()
	tests := []struct {
		name string
		cfg  audit.Config
		opt  Option
		want string
	}{
		{name: "a fallback that does not read back as a refusal", cfg: DefaultConfig(), opt: WithPolicy("acme", badFallback), want: "does not read back as a refusal"},
		{name: "a refusal that reads as an answer", cfg: DefaultConfig(), opt: WithPolicy("", badRefusal), want: "does not read as a refusal"},
		{name: "a misspelt class", cfg: DefaultConfig(), opt: WithPolicy("acme", unknown), want: `unknown class "low_similarty"`},
		{name: "a model that weighs an embedder the guard does not have", cfg: embedModel, opt: WithPolicy("", DefaultPolicy()), want: "weighs embed_sim"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.cfg, tc.opt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

func TestPolicyFilesInheritTheDefaultAndRefuseUnknownKeys(t *testing.T) {
	pf, err := ParsePolicyFile([]byte(`
default:
  min_score: 0.3
tenants:
  acme:
    min_score: 0.5
    enforce: [fabricated, low_similarity]
  globex:
    mode: annotate
tokens:
  - tenant: acme
    sha256: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae
`))
	if err != nil {
		t.Fatal(err)
	}
	if a := pf.Tenants["acme"]; a.MinScore != 0.5 || fmt.Sprint(a.Enforce) != "[fabricated low_similarity]" || a.MaxDropShare != 0.5 {
		t.Errorf("acme: %+v", a)
	}
	if g := pf.Tenants["globex"]; g.MinScore != 0.3 || g.Mode != ModeAnnotate {
		t.Errorf("globex inherits the default's floor: %+v", g)
	}
	for _, bad := range []string{"default:\n  min_scor: 0.3\n", "tenants:\n  acme:\n    enforce: [fabricatd]\n", "tokens:\n  - tenant: nobody\n    sha256: 2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae\n"} {
		if _, err := ParsePolicyFile([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCitationsTheAuditCannotCheckAreUnverifiableNeverPass(t *testing.T) {
	g := shared(t)
	tests := []struct {
		name      string
		retrieval []Chunk
		answer    string
	}{
		{name: "a chunk logged without text", answer: "Refunds are accepted within 90 days of delivery [1].",
			retrieval: []Chunk{{ID: "1", Source: "refund-policy.md", Status: "absent", Score: score(0.8)}}},
		{name: "an answer and chunk in a language without tables (Italian)",
			answer: "I rimborsi sono accettati entro novanta giorni dalla consegna del prodotto acquistato [1].",
			retrieval: []Chunk{{ID: "1", Score: score(0.8),
				Text: "I rimborsi sono accettati entro novanta giorni dalla consegna del prodotto acquistato. Dopo questo periodo il negozio emette un buono."}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := request(tc.answer)
			r.Retrieval = tc.retrieval
			d, err := g.Apply(context.Background(), r, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d.Action != ActionUnverifiable || d.Content != tc.answer {
				t.Fatalf("action %s (classes %v), want unverifiable and the answer unchanged", d.Action, d.Classes)
			}
		})
	}
}

func TestAPolicyMayWriteItsTextsInAnotherLanguageTheAuditReads(t *testing.T) {
	p := DefaultPolicy()
	p.Refusal = "Ich habe keine verlässliche Quelle dafür."
	p.Fallback = "Ich habe keine verlässliche Quelle dafür; hier ist die nächstliegende Passage: «{passage}» {marker}"
	if _, err := New(DefaultConfig(), WithPolicy("de-shop", p)); err != nil {
		t.Fatalf("a German refusal and fallback the audit reads as such: %v", err)
	}
}

// englishRefusal is what the default policy serves an English answer.
var englishRefusal, _ = DefaultTexts("en")

// The guard reads a list cited after its last item as the audit does:
// one claim of that citation, failed by its earlier item's wrong price.
func TestAListCitedAtItsEndIsCheckedItemByItem(t *testing.T) {
	answer := "Delivery options:\n- Express shipping takes 1 to 2 business days and costs €19.90\n- Standard shipping takes 3 to 5 business days [2]"
	v, err := shared(t).Check(context.Background(), request(answer))
	if err != nil {
		t.Fatal(err)
	}
	var cited []ClaimVerdict
	for _, c := range v.Claims {
		if c.Cited() {
			cited = append(cited, c)
		} else {
			t.Errorf("an item checked as uncited: %q", c.Text)
		}
	}
	if len(cited) != 1 || cited[0].Verdict != audit.Unsupported || !strings.HasPrefix(cited[0].Text, "- Express") ||
		!slices.Contains(cited[0].Classes, ClassNumberMismatch) {
		t.Fatalf("claims %+v, want the whole list one claim with a number mismatch", v.Claims)
	}
}

// A later turn citing a chunk an earlier turn retrieved is checked
// against it, as the audit of the conversation checks it ("As mentioned,
// … [kb-1]"), not called unverifiable and served; the earlier answers are
// context, not checked; the decision log names them as context, so the
// audit that reads it back audits the decision's answer alone.
func TestALaterTurnIsCheckedAgainstAnEarlierTurnsChunk(t *testing.T) {
	conv := func(answer string) Request {
		rec := &readers.Record{ConversationID: "mt", Tenant: "acme", Messages: []readers.Message{
			{Role: "user", Content: "How long do I have to return it?"},
			{Role: "assistant", Content: "Refunds are accepted within 30 days of delivery [kb-1].", Retrieval: []Chunk{{ID: "kb-1", Text: "Refunds are accepted within 90 days of delivery.", Score: score(0.9)}}},
			{Role: "user", Content: "Really?"},
			{Role: "assistant", Content: answer, NoRetrievalLogged: true},
		}}
		return RequestOf(rec)
	}
	var buf bytes.Buffer
	p := DefaultPolicy()
	p.Timeout = time.Minute
	g, err := New(DefaultConfig(), WithPolicy("", p), WithLog(&buf))
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := g.Apply(context.Background(), conv("As mentioned, refunds are accepted within 30 days of delivery [kb-1]."), nil)
	if err != nil {
		t.Fatal(err)
	}
	if wrong.Action != ActionFallback || !slices.Contains(wrong.Classes, ClassNumberMismatch) {
		t.Errorf("a number the earlier turn's chunk contradicts: action %s, classes %v; want a fallback on number_mismatch", wrong.Action, wrong.Classes)
	}
	right, err := g.Apply(context.Background(), conv("Yes, as mentioned, refunds are accepted within 90 days of delivery [kb-1]."), nil)
	if err != nil {
		t.Fatal(err)
	}
	if right.Action != ActionPass {
		t.Errorf("the earlier turn's chunk stating it: action %s, classes %v; want pass (the earlier turn's wrong answer is not this decision's)", right.Action, right.Classes)
	}
	line := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))[1] // the answer served as generated
	rec, err := readers.ParseCanonical(line)
	if err != nil {
		t.Fatal(err)
	}
	if rec.ContextMessages() != 3 {
		t.Fatalf("the log names %d messages as context, want 3: %s", rec.ContextMessages(), line)
	}
	rec.Prior = rec.ContextMessages() // as the audit's reader does
	res, err := g.auditor.Audit(context.Background(), &rec)
	if err != nil || len(res.Answers) != 1 || len(res.Findings) != 1 || res.Findings[0].Verdict != audit.Supported || res.Findings[0].ResolvedBy != "earlier_turn" {
		t.Errorf("the decision read back: err %v, %d answers, findings %+v; want the decision's answer alone, supported by the earlier chunk", err, len(res.Answers), res.Findings)
	}
}

// A claim another retrieved chunk states is sent back to be cited to it,
// and the fallback quotes that chunk, not the one it cited.
func TestAMisattributedClaimIsQuotedFromTheChunkThatStatesIt(t *testing.T) {
	r := Request{ConversationID: "m", Question: "Express?", Retrieval: fixture,
		Answer: "Express shipping takes 1 to 2 business days and costs €9.90 [1]."}
	d, err := shared(t).Apply(context.Background(), r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(d.Classes, ClassMisattributed) {
		t.Fatalf("classes %v, want misattributed", d.Classes)
	}
	want := "Cite [2], not [1], for «Express shipping takes 1 to 2 business days and costs €9.90.»: that chunk states it"
	if !slices.Contains(d.Feedback, want) {
		t.Errorf("feedback %q, want %q", d.Feedback, want)
	}
	if d.Action != ActionFallback || !strings.Contains(d.Content, "Express shipping takes 1 to 2 business days and costs €9.90.» [2]") || strings.Contains(d.Content, "Refunds are accepted") {
		t.Errorf("%s %q, want a fallback quoting chunk 2", d.Action, d.Content)
	}
}

// Below the floor an honest refusal is served as it is, as the audit
// counts it (a refusal, no failure), in any language the checks read; an
// answer stating something, cited or not, is refused without it.
func TestAnHonestRefusalBelowTheFloorIsServed(t *testing.T) {
	g, err := New(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		answer, action string
	}{
		{"Je ne dispose pas d'informations à ce sujet. Veuillez contacter votre conseiller.", ActionPass},
		{"I'm sorry, I couldn't find anything about that.", ActionPass},
		{"Glass breakage is covered up to €500.", ActionRefuse},
		{"Glass breakage is covered up to €500 [1].", ActionRefuse},
	} {
		d, err := g.Begin(context.Background(), Request{ConversationID: "c", Tenant: "acme", Retrieval: []Chunk{}, Answer: tc.answer})
		if err != nil {
			t.Fatal(err)
		}
		if d.Action != tc.action {
			t.Errorf("%q: %s %v, want %s", tc.answer, d.Action, d.Classes, tc.action)
		}
	}
}

// An answer logged as two assistant messages with no user turn between
// is one answer: both parts are checked, the wrong price of the first is
// not served, and the faithful second part is.
func TestAnAnswerInTwoMessagesIsCheckedWhole(t *testing.T) {
	rec := &readers.Record{ConversationID: "sp", Tenant: "acme", Messages: []readers.Message{
		{Role: "user", Content: "How much is Pro, and can I return it?"},
		{Role: "assistant", Content: "Pro costs €39 per month [kb-1].", Retrieval: []Chunk{
			{ID: "kb-1", Text: "Pro costs €29 per month, excluding VAT.", Score: score(0.8)},
			{ID: "kb-2", Text: "You can return a product within 14 days of delivery if it is unused.", Score: score(0.7)}}},
		{Role: "assistant", Content: "You can return a product within 14 days of delivery if it is unused [kb-2].", NoRetrievalLogged: true},
	}}
	r := RequestOf(rec)
	if !strings.Contains(r.Answer, "€39") || !strings.Contains(r.Answer, "14 days") || len(r.Retrieval) != 2 || r.Question == "" {
		t.Fatalf("the request: answer %q, %d chunks, question %q", r.Answer, len(r.Retrieval), r.Question)
	}
	d, err := shared(t).Apply(context.Background(), r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Action == ActionPass || strings.Contains(d.Content, "€39") || !slices.Contains(d.Classes, ClassNumberMismatch) {
		t.Errorf("action %s, classes %v, content %q: the first part's wrong price passed", d.Action, d.Classes, d.Content)
	}
}
