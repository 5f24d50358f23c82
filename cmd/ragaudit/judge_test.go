package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// judgeStub is an OpenAI-compatible chat endpoint on 127.0.0.1 that says
// Yes when every word of the claim is in the document; it counts requests
// and keeps the claims it was sent.
type judgeStub struct {
	requests atomic.Int32
	mu       sync.Mutex
	claims   []string
}

func (s *judgeStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.requests.Add(1)
	var req struct {
		Messages []struct{ Content string } `json:"messages"`
	}
	if json.NewDecoder(r.Body).Decode(&req) != nil || len(req.Messages) != 2 || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	doc, claim, _ := strings.Cut(strings.TrimPrefix(req.Messages[1].Content, "Document: "), "\nClaim: ")
	s.mu.Lock()
	s.claims = append(s.claims, claim)
	s.mu.Unlock()
	ans := "Yes"
	for _, w := range strings.Fields(strings.ToLower(claim)) {
		if !strings.Contains(strings.ToLower(doc), strings.Trim(w, ".,;:")) {
			ans = "No"
		}
	}
	fmt.Fprintf(w, `{"choices":[{"message":{"role":"assistant","content":%q}}]}`, ans)
}

func newJudgeStub(t *testing.T) (*judgeStub, string) {
	s := &judgeStub{}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv.URL + "/v1"
}

// findingsOf reads a run's findings.jsonl.
func findingsOf(t *testing.T, r runResult) []audit.Finding {
	var out []audit.Finding
	for _, line := range bytes.Split(bytes.TrimSpace(readFile(t, filepath.Join(r.out, "findings.jsonl"))), []byte("\n")) {
		var f audit.Finding
		if err := json.Unmarshal(line, &f); err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

// An audit with a judge sends it only the band's citations, never a
// decisive failure; the findings keep both verdicts, the report says how
// many the judge decided and which model, and a rerun with the cache
// makes no call and writes the same bytes for any number of workers.
func TestAuditWithAJudge(t *testing.T) {
	stub, url := newJudgeStub(t)
	cache := t.TempDir()
	judged := func(args ...string) runResult {
		r := runCLI(t, "", append([]string{"audit", "--no-project", "--reproducible", "--bar", "0", "--judge-url", url, "--judge-model", "stub-7b",
			"--judge-cache", cache}, append(args, hagridLogs)...)...)
		if r.code != exitPass {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
		return r
	}
	r := judged("--workers", "1")
	var inBand, decisiveSent int
	sent := map[string]bool{}
	for _, c := range stub.claims {
		sent[c] = true
	}
	for _, f := range findingsOf(t, r) {
		if f.Judge == nil {
			continue
		}
		inBand++
		if f.Judge.Status != audit.JudgedByModel || f.Judge.Model != "stub-7b" || f.Judge.LexicalVerdict == "" || f.Judge.P == nil {
			t.Errorf("finding %s %s: judge %+v", f.ConversationID, f.Citation, f.Judge)
		}
		if s := *f.SupportScore; s < 0.46148-0.12-1e-4 || s >= 0.46148+0.14+1e-4 {
			t.Errorf("score %v outside the default band went to the judge", s)
		}
		for _, code := range f.Judge.LexicalReasons {
			if rr, _ := audit.ReasonOf(code); rr.Decisive {
				decisiveSent++
			}
		}
	}
	if inBand == 0 || int(stub.requests.Load()) != inBand || decisiveSent > 0 {
		t.Fatalf("%d findings in the band, %d requests, %d decisive failures sent", inBand, stub.requests.Load(), decisiveSent)
	}
	sum := summaryOf(t, r)
	j, _ := sum["judge"].(map[string]any)
	if j == nil || j["model"] != "stub-7b" || int(j["judged"].(float64)) != inBand || !strings.Contains(r.text, fmt.Sprintf("Judge: stub-7b decided %d of the %d citations", inBand, inBand)) ||
		!strings.Contains(string(readFile(t, filepath.Join(r.out, "report.html"))), `id="judge">A judge, <b>stub-7b</b>, decided <b>`) {
		t.Errorf("the report does not say what the judge decided: %v\n%s", j, r.text)
	}
	cfg, _ := sum["config"].(map[string]any)["judge"].(map[string]any)
	if cfg["model"] != "stub-7b" || cfg["url"] != url || cfg["key_env"] != "OPENAI_API_KEY" {
		t.Errorf("the configuration block does not name the judge: %v", cfg)
	}

	before := stub.requests.Load()
	again := judged("--workers", "4")
	if stub.requests.Load() != before {
		t.Errorf("the rerun made %d calls, want none", stub.requests.Load()-before)
	}
	for _, name := range []string{"findings.jsonl", "summary.json", "report.html"} {
		if !bytes.Equal(readFile(t, filepath.Join(r.out, name)), readFile(t, filepath.Join(again.out, name))) {
			t.Errorf("%s differs on the rerun with the cache and 4 workers", name)
		}
	}
	plain := runCLI(t, "", "audit", "--no-project", "--bar", "0", hagridLogs)
	if summaryOf(t, plain)["config_hash"] == sum["config_hash"] {
		t.Error("a run with a judge has the configuration hash of one without")
	}
	cmp := runCLI(t, "", "audit", "--no-project", "--bar", "0", "--baseline", filepath.Join(plain.out, "summary.json"), "--judge-url", url,
		"--judge-model", "stub-7b", "--judge-cache", cache, hagridLogs)
	if b := summaryOf(t, cmp)["baseline"].(map[string]any); b["configuration_changed"] != true || !strings.Contains(cmp.stdout, "made under another configuration") {
		t.Errorf("a baseline made without the judge is compared silently: %v", b)
	}
}

// The budget is hard and deterministic: with --judge-max-calls 5 the same
// five citations are judged on every run and by any number of workers,
// the rest are counted and said.
func TestJudgeBudget(t *testing.T) {
	stub, url := newJudgeStub(t)
	var runs []runResult
	for _, workers := range []string{"1", "3"} {
		r := runCLI(t, "", "audit", "--no-project", "--reproducible", "--bar", "0", "--workers", workers, "--judge-url", url, "--judge-model", "stub-7b",
			"--judge-cache", "", "--judge-max-calls", "5", hagridLogs)
		runs = append(runs, r)
		j := summaryOf(t, r)["judge"].(map[string]any)
		if j["judged"] != 5.0 || j["budget"].(float64) < 1 || !strings.Contains(r.stderr, "were past --judge-max-calls 5") ||
			!strings.Contains(r.stdout, "past --judge-max-calls 5") {
			t.Errorf("workers %s: %v\n%s", workers, j, r.stderr)
		}
	}
	if stub.requests.Load() != 10 {
		t.Errorf("%d requests for two runs of 5", stub.requests.Load())
	}
	if !bytes.Equal(readFile(t, filepath.Join(runs[0].out, "findings.jsonl")), readFile(t, filepath.Join(runs[1].out, "findings.jsonl"))) {
		t.Error("1 and 3 workers judged different citations")
	}
}

// The judge's flags are checked before anything is read.
func TestJudgeFlagsAreChecked(t *testing.T) {
	tests := []struct {
		args []string
		says string
	}{
		{[]string{"--judge-url", "http://127.0.0.1:1/v1"}, "--judge-url needs --judge-model"},
		{[]string{"--judge-model", "m"}, "need --judge-url"},
		{[]string{"--judge-url", "http://127.0.0.1:1/v1", "--judge-model", "m", "--judge-band", "0.6,0.3"}, "--judge-band"},
		{[]string{"--judge-url", "http://127.0.0.1:1/v1", "--judge-model", "m", "--judge-max-calls", "-5"}, "--judge-max-calls -5"},
	}
	for _, tc := range tests {
		r := runCLI(t, "", append(append([]string{"audit", "--no-project"}, tc.args...), hagridLogs)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.says) {
			t.Errorf("%v: exit %d %s", tc.args, r.code, r.stderr)
		}
	}
}
