package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// guardService is ragaudit serve run in-process on 127.0.0.1, stopped by
// the test's cleanup (also when it fails).
type guardService struct {
	base   string
	client *http.Client
	stop   func() int
}

// startServe runs ragaudit serve with args and returns once it listens.
func startServe(t testing.TB, args ...string) *guardService {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := run(ctx, append([]string{"ragaudit", "serve", "--no-project", "-q", "--listen", "127.0.0.1:0"}, args...), strings.NewReader(""), io.Discard, pw)
		pw.Close()
		done <- code
	}()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := regexp.MustCompile(`listening on (http://127\.0\.0\.1:\d+)`).FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	s := &guardService{client: loopbackClient()}
	select {
	case s.base = <-found:
	case code := <-done:
		t.Fatalf("serve exited %d before listening", code)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatal("serve did not start")
	}
	var once sync.Once
	code := 0
	s.stop = func() int {
		once.Do(func() { cancel(); code = <-done })
		return code
	}
	t.Cleanup(func() { s.stop() })
	return s
}

// loopbackClient is an HTTP client that refuses to dial anything but a
// loopback address: no test reaches the network.
func loopbackClient() *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second}
	tr := &http.Transport{MaxIdleConnsPerHost: 256, DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("test dialer: %s is not a loopback address", addr)
		}
		return d.DialContext(ctx, network, addr)
	}}
	return &http.Client{Transport: tr, Timeout: 30 * time.Second}
}

// post sends body to path with a bearer token ("" for none) and decodes
// the JSON answer into out.
func (s *guardService) post(t *testing.T, token, path string, body any, out any) *http.Response {
	t.Helper()
	var b []byte
	switch v := body.(type) {
	case []byte:
		b = v
	default:
		var err error
		if b, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(http.MethodPost, s.base+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && json.Unmarshal(raw, out) != nil {
		t.Fatalf("%s answered %d with %s", path, resp.StatusCode, raw)
	}
	return resp
}

func (s *guardService) get(t *testing.T, path string) (int, string) {
	t.Helper()
	resp, err := s.client.Get(s.base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// fakeModel is an upstream chat-completions model on 127.0.0.1 answering
// each conversation from a script ("!500" fails the call), counting calls
// and keeping the feedback it was sent.
type fakeModel struct {
	srv      *httptest.Server
	mu       sync.Mutex
	scripts  map[string][]string
	calls    map[string]int
	feedback map[string][]string
}

func newFakeModel(t *testing.T, scripts map[string][]string) *fakeModel {
	m := &fakeModel{scripts: scripts, calls: map[string]int{}, feedback: map[string][]string{}}
	m.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			User     string `json:"user"`
			Messages []struct{ Role, Content string }
		}
		if r.URL.Path != "/v1/chat/completions" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		m.mu.Lock()
		n := m.calls[req.User]
		m.calls[req.User]++
		for _, msg := range req.Messages {
			if msg.Role == "system" {
				m.feedback[req.User] = append(m.feedback[req.User], msg.Content)
			}
		}
		script := m.scripts[req.User]
		m.mu.Unlock()
		if n >= len(script) || script[n] == "!500" {
			http.Error(w, "upstream failure", http.StatusInternalServerError)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": script[n]}}}})
	}))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *fakeModel) callsOf(conv string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls[conv]
}

// complete asks the model for conv's next answer, with feedback as system
// messages.
func (m *fakeModel) complete(client *http.Client, conv, question string, feedback []string) (string, error) {
	msgs := []map[string]string{{"role": "user", "content": question}}
	for _, f := range feedback {
		msgs = append(msgs, map[string]string{"role": "system", "content": f})
	}
	b, _ := json.Marshal(map[string]any{"model": "fake", "user": conv, "messages": msgs})
	resp, err := client.Post(m.srv.URL+"/v1/chat/completions", "application/json", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("upstream %s", resp.Status)
	}
	var out struct {
		Choices []struct{ Message struct{ Content string } }
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || len(out.Choices) == 0 {
		return "", fmt.Errorf("upstream: no answer")
	}
	return out.Choices[0].Message.Content, nil
}

// decision is the part of a guard's answer the tests read.
type decision struct {
	ID          string   `json:"decision_id"`
	Action      string   `json:"action"`
	Decision    string   `json:"decision"` // the gate's
	Content     string   `json:"content"`
	Refusal     string   `json:"refusal"`
	Feedback    []string `json:"feedback"`
	HumanReview bool     `json:"human_review"`
	Classes     []string `json:"classes"`
	TimedOut    bool     `json:"timed_out"`
	Error       string   `json:"error"`
}

// converse is an application using the guard: the gate before the model,
// the model, the guard on its answer and, when asked, one regeneration
// with the feedback. It returns the final decision and what was served.
func converse(t *testing.T, s *guardService, m *fakeModel, token, conv string, retrieval json.RawMessage) decision {
	t.Helper()
	question := "What is the refund window?"
	if retrieval != nil {
		var g decision
		s.post(t, token, "/v1/gate", map[string]any{"conversation_id": conv, "question": question, "retrieval": retrieval}, &g)
		if g.Decision == "refuse" {
			return decision{ID: g.ID, Action: "refuse", Content: g.Refusal}
		}
	}
	answer, err := m.complete(s.client, conv, question, nil)
	if err != nil {
		t.Fatalf("%s: %v", conv, err)
	}
	body := map[string]any{"conversation_id": conv, "question": question, "answer": answer}
	if retrieval != nil {
		body["retrieval"] = retrieval
	}
	var d decision
	s.post(t, token, "/v1/guard", body, &d)
	if d.Action != "regenerate" {
		return d
	}
	next := map[string]any{"decision_id": d.ID, "attempt": 2}
	if answer, err := m.complete(s.client, conv, question, d.Feedback); err != nil {
		next["error"] = err.Error()
	} else {
		next["answer"] = answer
	}
	var final decision
	s.post(t, token, "/v1/guard", next, &final)
	return final
}

const (
	e2eRetrieval = `[{"id":"ref-1a2b3c4d","source":"refund-policy.md","text":"Refunds are accepted within 90 days of delivery. After 90 days we issue store credit instead of a refund.","score":0.82},
 {"id":"ref-5e6f7a8b","source":"shipping.md","text":"Standard shipping takes 3 to 5 business days. Express shipping takes 1 to 2 business days and costs €9.90.","score":0.7}]`
	e2eWeak     = `[{"id":"ref-1a2b3c4d","source":"refund-policy.md","text":"Refunds are accepted within 90 days of delivery.","score":0.31},{"id":"ref-5e6f7a8b","score":0.28}]`
	e2eGood     = "Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 5 business days [ref-5e6f7a8b]."
	e2eOneWrong = "Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 5 business days [ref-5e6f7a8b]. Express shipping costs €9.90 [ref-5e6f7a8b]."
	e2eTwoWrong = "Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 7 business days [ref-5e6f7a8b]."
)

// guardPolicy writes a policy file: acme enforces the defaults over a
// floor of 0.5, notes only annotates, slow has a budget no check meets;
// one token per tenant and one for a gateway naming them. The others'
// budget is a minute, not the default 200 ms: these tests are about
// decisions, and a loaded CI runner must not turn one into a fail-mode one.
func guardPolicy(t *testing.T, dir string) (path string, tokens map[string]string) {
	tokens = map[string]string{"acme": "tok-acme", "notes": "tok-notes", "*": "tok-gateway"}
	hash := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	path = filepath.Join(dir, "policy.yaml")
	body := fmt.Sprintf(`default:
  min_score: 0.2
  timeout: 1m
tenants:
  acme:
    min_score: 0.5
    timeout: 1m
  notes:
    mode: annotate
    timeout: 1m
  slow:
    timeout: 1ns
tokens:
  - {tenant: acme, sha256: %s}
  - {tenant: notes, sha256: %s}
  - {tenant: "*", sha256: %s}
`, hash(tokens["acme"]), hash(tokens["notes"]), hash(tokens["*"]))
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return path, tokens
}

// e2eScenario is one conversation of the end-to-end run: the model's
// scripted answers and what the guard must make of them.
type e2eScenario struct {
	conv, token  string
	retrieval    json.RawMessage
	action       string
	content      string // exact, when set
	contains     string
	calls        int
	humanReview  bool
	feedbackSent int
}

// e2eScripts are the fake model's answers, by conversation.
func e2eScripts() map[string][]string {
	claimsJSON := `{"claims":[{"text":"Refunds are accepted within 90 days of delivery.","evidence_ids":["ref-1a2b3c4d"]},{"text":"Store credit follows.","evidence_ids":["ref-99999999"]}]}`
	return map[string][]string{
		"pass": {e2eGood}, "drop": {e2eOneWrong}, "regen-pass": {e2eTwoWrong, e2eGood}, "regen-fail": {e2eTwoWrong, e2eTwoWrong},
		"regen-error": {e2eTwoWrong, "!500"}, "claims": {claimsJSON}, "floor": {e2eGood}, "no-retrieval": {e2eGood}, "annotate": {e2eOneWrong},
		"fabricated": {"Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]. Store credit follows [ref-deadbeef]."},
	}
}

func e2eScenarios(tok map[string]string) []e2eScenario {
	retr, refusal := json.RawMessage(e2eRetrieval), "I do not have a confident source for this."
	return []e2eScenario{
		{conv: "pass", token: tok["acme"], retrieval: retr, action: "pass", content: e2eGood, calls: 1},
		{conv: "drop", token: tok["acme"], retrieval: retr, action: "drop", calls: 1,
			content: "Standard shipping takes 3 to 5 business days [ref-5e6f7a8b]. Express shipping costs €9.90 [ref-5e6f7a8b]."},
		{conv: "regen-pass", token: tok["acme"], retrieval: retr, action: "pass", content: e2eGood, calls: 2, feedbackSent: 2},
		{conv: "regen-fail", token: tok["acme"], retrieval: retr, action: "fallback", calls: 2, feedbackSent: 2, humanReview: true,
			contains: "here is the closest passage: «Standard shipping takes 3 to 5 business days.» [ref-5e6f7a8b]"},
		{conv: "regen-error", token: tok["acme"], retrieval: retr, action: "fallback", calls: 2, feedbackSent: 2, humanReview: true,
			contains: "«Standard shipping takes 3 to 5 business days.»"},
		{conv: "fabricated", token: tok["acme"], retrieval: retr, action: "refuse", content: refusal, calls: 1},
		{conv: "claims", token: tok["acme"], retrieval: retr, action: "reject", content: refusal, calls: 1, humanReview: true},
		{conv: "floor", token: tok["acme"], retrieval: json.RawMessage(e2eWeak), action: "refuse", content: refusal, calls: 0},
		{conv: "no-retrieval", token: tok["acme"], action: "unverifiable", content: e2eGood, calls: 1},
		{conv: "annotate", token: tok["notes"], retrieval: retr, action: "annotate", content: e2eOneWrong, calls: 1},
	}
}

// check compares a scenario's final decision, and what the model was
// asked, with what it expects.
func (tc *e2eScenario) check(t *testing.T, d decision, m *fakeModel) {
	t.Helper()
	if d.Action != tc.action {
		t.Fatalf("action %s, want %s (%+v)", d.Action, tc.action, d)
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
	if got := m.callsOf(tc.conv); got != tc.calls {
		t.Errorf("%d calls to the model, want %d", got, tc.calls)
	}
	m.mu.Lock()
	fb := m.feedback[tc.conv]
	m.mu.Unlock()
	if len(fb) != tc.feedbackSent {
		t.Errorf("feedback sent %q, want %d lines", fb, tc.feedbackSent)
	}
	for _, f := range fb {
		if !strings.HasPrefix(f, "Do not assert this without a source: «") {
			t.Errorf("feedback %q does not quote the claim", f)
		}
	}
}

func TestServeDrivesTheHandlerChainEndToEnd(t *testing.T) {
	dir := t.TempDir()
	policy, tok := guardPolicy(t, dir)
	logPath := filepath.Join(dir, "decisions.jsonl")
	m := newFakeModel(t, e2eScripts())
	s := startServe(t, "--policy", policy, "--decision-log", logPath)
	for _, tc := range e2eScenarios(tok) {
		t.Run(tc.conv, func(t *testing.T) {
			tc.check(t, converse(t, s, m, tc.token, tc.conv, tc.retrieval), m)
		})
	}
	t.Run("a check past its budget fails closed", func(t *testing.T) {
		var d decision
		body := map[string]any{"conversation_id": "timeout", "tenant": "slow", "question": "?", "answer": e2eGood, "retrieval": json.RawMessage(e2eRetrieval)}
		s.post(t, tok["*"], "/v1/guard", body, &d)
		if d.Action != "fallback" || !d.TimedOut || !d.HumanReview || d.Content != "I do not have a confident source for this." {
			t.Errorf("%+v", d)
		}
	})
	if code := s.stop(); code != exitPass {
		t.Fatalf("serve exit %d after SIGTERM-like stop", code)
	}
	checkDecisionLog(t, logPath)
}

// checkDecisionLog audits the decision log of the whole run, as a user
// would: one line per scenario with the actions they imply, every
// fallback and refusal read as a refusal, no logged verdict recomputed
// otherwise, and the intervention gate failing on them.
func checkDecisionLog(t *testing.T, logPath string) {
	t.Helper()
	// The answer served without retrieval cannot be checked (2 of 13
	// citations): the run would be INCOMPLETE under the default 95 %.
	r := runCLI(t, "", "audit", "--no-project", "--attempts", "--min-checked", "80%", "--fail-on", "fallback=2%", logPath)
	if r.code != exitFail || !strings.Contains(r.stderr, "--fail-on fallback=2% failed: 3 fallbacks of 11 decisions") {
		t.Fatalf("audit of the decision log: exit %d, stderr %s", r.code, r.stderr)
	}
	var sum struct {
		Counts struct {
			RecordsAudited int `json:"records_audited"`
			Refusals       int `json:"refusals"`
		} `json:"counts"`
		Guard struct {
			Decisions     int            `json:"decisions"`
			ByAction      map[string]int `json:"by_action"`
			Intervened    int            `json:"intervened"`
			HumanReview   int            `json:"human_review"`
			OtherModel    int            `json:"decisions_of_another_model"`
			Disagreements int            `json:"disagreements"`
			Generated     *struct {
				Answers int `json:"answers"`
			} `json:"generated"`
		} `json:"guard"`
	}
	if err := json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum); err != nil {
		t.Fatal(err)
	}
	g := sum.Guard
	want := map[string]int{"pass": 2, "drop": 1, "fallback": 3, "refuse": 2, "reject": 1, "unverifiable": 1, "annotate": 1}
	if fmt.Sprint(g.ByAction) != fmt.Sprint(want) || g.Decisions != 11 || sum.Counts.RecordsAudited != 11 {
		t.Errorf("decisions %d, audited %d, by action %v; want 11, 11, %v", g.Decisions, sum.Counts.RecordsAudited, g.ByAction, want)
	}
	// Fallbacks, refusals and the rejection serve refusals; the drop, the
	// regeneration, the fallbacks and the refusals intervened.
	if sum.Counts.Refusals != 6 || g.Intervened != 8 || g.HumanReview != 4 {
		t.Errorf("refusals %d, intervened %d, human review %d; want 6, 8, 4", sum.Counts.Refusals, g.Intervened, g.HumanReview)
	}
	if g.Disagreements != 0 || g.OtherModel != 0 {
		t.Errorf("%d disagreements, %d of another model: the audit must recompute every logged verdict alike", g.Disagreements, g.OtherModel)
	}
	// What the model generated: one answer per attempt, 12 in all (two
	// for each of the three regenerated, none below the floor, and the
	// regeneration that failed brought none).
	if g.Generated == nil || g.Generated.Answers != 12 {
		t.Errorf("generated: %+v, want 12 answers", g.Generated)
	}
}

func TestServeRefusesWhatItMust(t *testing.T) {
	dir := t.TempDir()
	policy, tok := guardPolicy(t, dir)
	s := startServe(t, "--policy", policy, "--max-body", "2048")
	small := map[string]any{"conversation_id": "c", "answer": e2eGood, "retrieval": json.RawMessage(e2eRetrieval)}
	tests := []struct {
		name   string
		token  string
		path   string
		body   any
		status int
		says   string
	}{
		{name: "no token is 401", path: "/v1/check", body: small, status: 401, says: "missing bearer token"},
		{name: "an unknown token is 401", token: "nope", path: "/v1/check", body: small, status: 401, says: "unknown bearer token"},
		{name: "a token naming another tenant is 403", token: tok["acme"], path: "/v1/check", status: 403, says: "acts for tenant",
			body: map[string]any{"conversation_id": "c", "tenant": "notes", "answer": "x", "retrieval": []any{}}},
		{name: "a gateway naming a tenant of a policy in another case is 400", token: tok["*"], path: "/v1/check", status: 400, says: `tenant "ACME " has no policy, but "acme" has`,
			body: map[string]any{"conversation_id": "c", "tenant": "ACME ", "answer": "x", "retrieval": []any{}}},
		{name: "a gateway naming a policy's tenant with a zero-width space is 400", token: tok["*"], path: "/v1/check", status: 400, says: `tenant "acme\u200b" has no policy, but "acme" has`,
			body: map[string]any{"conversation_id": "c", "tenant": "acme\u200b", "answer": "x", "retrieval": []any{}}},
		{name: "a gateway naming a policy's tenant with another dash is 400", token: tok["*"], path: "/v1/check", status: 400, says: `but "acme" has`,
			body: map[string]any{"conversation_id": "c", "tenant": "ac\u2010me", "answer": "x", "retrieval": []any{}}},
		{name: "a gateway naming a policy's tenant with a Cyrillic а is 400", token: tok["*"], path: "/v1/check", status: 400, says: `but "acme" has`,
			body: map[string]any{"conversation_id": "c", "tenant": "\u0430cme", "answer": "x", "retrieval": []any{}}},
		{name: "a body over --max-body is 413", token: tok["acme"], path: "/v1/check", status: 413, says: "over 2048 bytes",
			body: map[string]any{"conversation_id": "c", "answer": strings.Repeat("Refunds take 90 days [1]. ", 200), "retrieval": []any{}}},
		{name: "malformed JSON is 400 with what was wrong", token: tok["acme"], path: "/v1/check", body: []byte(`{"conversation_id":`), status: 400, says: "malformed_json"},
		{name: "a gate without retrieval is 400", token: tok["acme"], path: "/v1/gate", body: map[string]any{"tenant": "acme"}, status: 400, says: `"retrieval" is missing`},
		{name: "an unknown decision id is 404", token: tok["acme"], path: "/v1/guard", body: map[string]any{"decision_id": "d-nope", "answer": "x"}, status: 404, says: "not waiting"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out struct{ Error string }
			resp := s.post(t, tc.token, tc.path, tc.body, &out)
			if resp.StatusCode != tc.status || !strings.Contains(out.Error, tc.says) {
				t.Errorf("%d %q, want %d saying %q", resp.StatusCode, out.Error, tc.status, tc.says)
			}
		})
	}
	if code, body := s.get(t, "/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz %d %q", code, body)
	}
	if code, _ := s.get(t, "/readyz"); code != 200 {
		t.Errorf("/readyz %d", code)
	}
	_, metrics := s.get(t, "/metrics")
	for _, want := range []string{`ragaudit_guard_requests_refused_total{code="413"} 1`, `ragaudit_guard_requests_refused_total{code="401"} 2`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s:\n%s", want, metrics)
		}
	}
}

func TestServeTimesOutAClientThatStalls(t *testing.T) {
	s := startServe(t, "--http-timeout", "500ms")
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"conversation_id\":")
	conn.SetReadDeadline(time.Now().Add(20 * time.Second)) // a bound on the test, far above the server's
	b, err := io.ReadAll(conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the server kept a stalled connection open past --http-timeout")
	}
	if len(b) > 0 && !strings.Contains(string(b), " 400 ") {
		t.Errorf("a stalled body got %q, want the connection closed or a 400", b)
	}
}

func TestServeAnswers200ConcurrentRequestsAndLogsPendingOnShutdown(t *testing.T) {
	dir := t.TempDir()
	logPath := filepath.Join(dir, "decisions.jsonl")
	// 200 checks at once on a shared runner: a budget none runs out of,
	// since the test is about answering and logging, not the budget.
	policy := filepath.Join(dir, "policy.yaml")
	if err := os.WriteFile(policy, []byte("default:\n  timeout: 1m\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, "--policy", policy, "--decision-log", logPath)
	answers := []struct{ answer, action string }{{e2eGood, "pass"}, {e2eOneWrong, "drop"}, {e2eTwoWrong, "regenerate"}}
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for i := range 200 {
		wg.Go(func() {
			a := answers[i%len(answers)]
			body, _ := json.Marshal(map[string]any{"conversation_id": fmt.Sprintf("c-%03d", i), "answer": a.answer, "retrieval": json.RawMessage(e2eRetrieval)})
			resp, err := s.client.Post(s.base+"/v1/guard", "application/json", bytes.NewReader(body))
			if err != nil {
				errs <- err.Error()
				return
			}
			defer resp.Body.Close()
			var d decision
			if err := json.NewDecoder(resp.Body).Decode(&d); err != nil || d.Action != a.action || resp.Header.Get("X-Ragaudit-Action") != a.action {
				errs <- fmt.Sprintf("request %d: %d %+v (%v), want %s", i, resp.StatusCode, d, err, a.action)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if code := s.stop(); code != exitPass {
		t.Fatalf("serve exit %d", code)
	}
	// The regenerations never came back: logged as expired on shutdown.
	actions := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, logPath))), "\n") {
		var rec struct{ Guardrail struct{ Action string } }
		json.Unmarshal([]byte(line), &rec)
		actions[rec.Guardrail.Action]++
	}
	if want := map[string]int{"pass": 67, "drop": 67, "expired": 66}; fmt.Sprint(actions) != fmt.Sprint(want) {
		t.Errorf("logged %v, want %v", actions, want)
	}
}

func TestServeListensOnThisMachineUnlessAskedOtherwise(t *testing.T) {
	tests := []struct {
		name string
		args []string
		says string
	}{
		{name: "an address other machines reach needs --public", args: []string{"--listen", "0.0.0.0:0"}, says: "is not on this machine only"},
		{name: "--public without a token is refused", args: []string{"--listen", "0.0.0.0:0", "--public"}, says: "without a token"},
		{name: "a token variable that is empty is refused", args: []string{"--token-env", "RAGAUDIT_TEST_NO_SUCH_TOKEN"}, says: "is empty or not set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"serve", "--no-project"}, tc.args...)...)
			if r.code != exitUsage || !strings.Contains(r.stderr, tc.says) {
				t.Errorf("exit %d, stderr %q: want 2 saying %q", r.code, r.stderr, tc.says)
			}
		})
	}
}

// -q silences warnings but never an error such as a decision the guard
// could not write to its log.
func TestQuietKeepsErrors(t *testing.T) {
	var b strings.Builder
	l := newLogger(&b, true)
	l.Warn("chunk without text")
	l.Error("decision log", "decision_id", "d1", "err", "disk full")
	out := b.String()
	if strings.Contains(out, "chunk without text") {
		t.Errorf("-q printed a warning: %q", out)
	}
	if !strings.Contains(out, "decision log") || !strings.Contains(out, "disk full") {
		t.Errorf("-q hid an error: %q", out)
	}
}

// A decision allows one regeneration: a continuation that says it is
// another attempt than the second is refused, and the decision still
// waits for its regeneration.
func TestServeRefusesAnAttemptOtherThanTheSecond(t *testing.T) {
	policy, tok := guardPolicy(t, t.TempDir())
	s := startServe(t, "--policy", policy)
	var d decision
	s.post(t, tok["acme"], "/v1/guard", map[string]any{"conversation_id": "c-att", "answer": e2eTwoWrong, "retrieval": json.RawMessage(e2eRetrieval)}, &d)
	if d.Action != "regenerate" {
		t.Fatalf("the first answer: %s, want regenerate", d.Action)
	}
	var out struct{ Error string }
	if resp := s.post(t, tok["acme"], "/v1/guard", map[string]any{"decision_id": d.ID, "attempt": 3, "answer": e2eGood}, &out); resp.StatusCode != 400 || !strings.Contains(out.Error, "one regeneration, attempt 2") {
		t.Errorf("attempt 3: %d %q", resp.StatusCode, out.Error)
	}
	var final decision
	if resp := s.post(t, tok["acme"], "/v1/guard", map[string]any{"decision_id": d.ID, "attempt": 2, "answer": e2eGood}, &final); resp.StatusCode != 200 || final.Action != "pass" {
		t.Errorf("attempt 2 after it: %d %s", resp.StatusCode, final.Action)
	}
}

// A gateway ("*") token's follow-up that names no tenant regenerates the
// held decision of the tenant it was opened for (it had got 403 and the
// decision expired unserved); one naming another tenant is refused.
func TestServeGatewayFollowUpWithoutTenant(t *testing.T) {
	policy, tok := guardPolicy(t, t.TempDir())
	s := startServe(t, "--policy", policy)
	var d decision
	s.post(t, tok["*"], "/v1/guard", map[string]any{"conversation_id": "c-gw", "tenant": "acme", "answer": e2eTwoWrong, "retrieval": json.RawMessage(e2eRetrieval)}, &d)
	if d.Action != "regenerate" {
		t.Fatalf("the first answer: %s, want regenerate", d.Action)
	}
	var out struct{ Error string }
	if resp := s.post(t, tok["*"], "/v1/guard", map[string]any{"decision_id": d.ID, "tenant": "notes", "attempt": 2, "answer": e2eGood}, &out); resp.StatusCode != 403 {
		t.Errorf("another tenant named: %d %q", resp.StatusCode, out.Error)
	}
	var final decision
	if resp := s.post(t, tok["*"], "/v1/guard", map[string]any{"decision_id": d.ID, "attempt": 2, "answer": e2eGood}, &final); resp.StatusCode != 200 || final.Action != "pass" {
		t.Errorf("no tenant named: %d %s", resp.StatusCode, final.Action)
	}
}
