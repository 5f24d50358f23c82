package llmjudge

import (
	"context"
	"fmt"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// cited is one citation of a made-up answer: the claim, its chunk, and
// the lexical verdict with its score and reasons.
type cited struct {
	claim, chunk string
	verdict      string
	score        float64 // < 0: none (fabricated)
	reasons      []string
}

// result is an audited record of one answer citing each chunk in turn.
func result(cs ...cited) *audit.Result {
	rec := &readers.Record{ConversationID: "c-1", Messages: []readers.Message{{Role: "user", Content: "?"}, {Role: "assistant"}}}
	res := &audit.Result{Record: rec}
	for i, c := range cs {
		id := fmt.Sprint(i + 1)
		rec.Messages[1].Retrieval = append(rec.Messages[1].Retrieval, readers.Chunk{ID: id, Text: c.chunk})
		f := audit.Finding{ConversationID: "c-1", Tenant: "acme", MessageIndex: 1, SentenceIndex: i, CharStart: 100 * i, CharEnd: 100*i + 50,
			Sentence: c.claim + " [" + id + "]", Citation: id, ChunkID: &id, Verdict: c.verdict, SentenceVerdict: c.verdict, Reasons: c.reasons,
			MatchedEnd: len(c.chunk)}
		if c.score >= 0 {
			s := audit.Score(c.score)
			f.SupportScore = &s
		}
		res.Findings = append(res.Findings, f)
	}
	return res
}

var model = audit.Model{Threshold: 0.46} // the default band is [0.34, 0.60)

func newJudge(t *testing.T, srv *httptest.Server, cfg Config) *Judge {
	t.Helper()
	cfg.URL, cfg.Model, cfg.Key = srv.URL+"/v1", "judge-7b", "sk-secret-1"
	if cfg.Band == (Band{}) {
		cfg.Band = DefaultBand
	}
	if cfg.MaxCalls == 0 {
		cfg.MaxCalls = -1
	}
	if cfg.Backoff == 0 {
		cfg.Backoff = time.Millisecond
	}
	j, err := New(cfg, model)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// judge runs one record through the judge as the stream does.
func judge(t *testing.T, j *Judge, seq int, res *audit.Result) {
	t.Helper()
	wait, err := j.Start(context.Background(), seq, res)
	if err != nil {
		t.Fatal(err)
	}
	if err := wait(); err != nil {
		t.Fatal(err)
	}
}

// Only citations in the band go to the judge, never a decisive failure,
// a fabricated citation or one outside the band; its answer replaces the
// lexical verdict, which the finding keeps.
func TestOnlyTheBandGoesToTheJudge(t *testing.T) {
	s := &stub{}
	j := newJudge(t, newStub(t, s), Config{})
	res := result(
		cited{"Refunds take 30 days.", "Refunds take 90 days to process.", audit.Supported, 0.55, nil},                   // in band: No
		cited{"Shipping is free.", "Shipping is free for members.", audit.Unsupported, 0.40, []string{"low_similarity"}}, // in band: Yes
		cited{"Store credit is issued.", "Store credit is issued.", audit.Supported, 0.92, nil},                          // above the band
		cited{"Returns need a receipt.", "Nothing here.", audit.Unsupported, 0.10, []string{"low_similarity"}},           // below
		cited{"It costs €15.", "It costs €12.", audit.Unsupported, 0.45 * 0.46, []string{"number_mismatch"}},             // decisive
		cited{"Made up.", "", audit.Fabricated, -1, []string{"citation_not_retrieved"}},
	)
	judge(t, j, 0, res)
	if got := s.sent(); !reflect.DeepEqual(sorted(got), []string{"Refunds take 30 days.", "Shipping is free."}) {
		t.Fatalf("sent %q, want the two claims in the band", got)
	}
	f := res.Findings
	if f[0].Verdict != audit.Unsupported || !reflect.DeepEqual(f[0].Reasons, []string{audit.ReasonJudgeUnsupported}) ||
		f[0].Judge.LexicalVerdict != audit.Supported || f[0].Judge.Status != audit.JudgedByModel || *f[0].Judge.P > 0.1 || !f[0].Judge.Logprobs {
		t.Errorf("the claim the chunk contradicts: %s %v judge %+v", f[0].Verdict, f[0].Reasons, f[0].Judge)
	}
	if f[1].Verdict != audit.Supported || f[1].Reasons != nil || !reflect.DeepEqual(f[1].Judge.LexicalReasons, []string{"low_similarity"}) ||
		*f[1].Judge.P < 0.9 || f[1].Judge.Answer != "Yes" || f[1].SentenceVerdict != audit.Supported {
		t.Errorf("the claim the chunk states: %s %v judge %+v", f[1].Verdict, f[1].Reasons, f[1].Judge)
	}
	for i := 2; i < len(f); i++ {
		if f[i].Judge != nil {
			t.Errorf("finding %d (%s) went to the judge", i, f[i].Verdict)
		}
	}
	if c := j.Counts(); c != (Counts{InBand: 2, Judged: 2, Supported: 1, Changed: 2, Requests: 2}) {
		t.Errorf("counts %+v", c)
	}
	if a := s.Auth()[0]; a != "Bearer sk-secret-1" {
		t.Errorf("authorization %q", a)
	}
}

func sorted(s []string) []string { slices.Sort(s); return s }

// Without logprobs the answer decides: Yes is 1, No is 0; an answer that
// is neither leaves the lexical verdict and says why.
func TestWithoutLogprobsTheAnswerDecides(t *testing.T) {
	s := &stub{noLogprobs: true}
	j := newJudge(t, newStub(t, s), Config{})
	res := result(cited{"Shipping is free.", "Shipping is free.", audit.Unsupported, 0.40, nil},
		cited{"Refunds take 30 days.", "Refunds take 90 days.", audit.Supported, 0.50, nil})
	judge(t, j, 0, res)
	if p := res.Findings[0].Judge.P; *p != 1 || res.Findings[0].Judge.Logprobs || res.Findings[0].Verdict != audit.Supported {
		t.Errorf("Yes: %+v", res.Findings[0].Judge)
	}
	if p := res.Findings[1].Judge.P; *p != 0 || res.Findings[1].Verdict != audit.Unsupported {
		t.Errorf("No: %+v", res.Findings[1].Judge)
	}

	maybe := &stub{noLogprobs: true, answer: func(string, string) string { return "Maybe" }}
	j = newJudge(t, newStub(t, maybe), Config{})
	res = result(cited{"Shipping is free.", "Shipping is free.", audit.Unsupported, 0.40, []string{"low_similarity"}})
	judge(t, j, 0, res)
	f := res.Findings[0]
	if f.Verdict != audit.Unsupported || f.Judge.Status != audit.JudgeError || !strings.Contains(f.Judge.Error, `"Maybe", not Yes or No`) ||
		maybe.Requests.Load() != 1 || j.Counts().Errors != 1 {
		t.Errorf("an answer neither Yes nor No: %s %+v after %d requests", f.Verdict, f.Judge, maybe.Requests.Load())
	}
}

// 429 and 5xx are retried with backoff up to --judge-retries; other 4xx
// are not; a slow endpoint times out and is retried; a judge that fails
// leaves the lexical verdict, never the key in a message.
func TestFailingEndpoints(t *testing.T) {
	tests := []struct {
		name     string
		s        *stub
		timeout  time.Duration
		status   string
		requests int32
	}{
		{"rate-limited twice, then answered", &stub{fail: func(n int32) int { return map[bool]int{true: 429}[n <= 2] }}, 0, audit.JudgedByModel, 3},
		{"always 503: four attempts", &stub{fail: func(int32) int { return 503 }}, 0, audit.JudgeError, 4},
		{"a wrong model (404) is not retried", &stub{fail: func(int32) int { return 404 }}, 0, audit.JudgeError, 1},
		{"slow: each attempt times out", &stub{delay: 300 * time.Millisecond}, 40 * time.Millisecond, audit.JudgeError, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j := newJudge(t, newStub(t, tc.s), Config{Timeout: tc.timeout})
			res := result(cited{"Shipping is free.", "Shipping is free.", audit.Unsupported, 0.40, []string{"low_similarity"}})
			judge(t, j, 0, res)
			jd := res.Findings[0].Judge
			if jd.Status != tc.status || tc.s.Requests.Load() != tc.requests {
				t.Errorf("status %s after %d requests (%s), want %s after %d", jd.Status, tc.s.Requests.Load(), jd.Error, tc.status, tc.requests)
			}
			if tc.status == audit.JudgeError && (res.Findings[0].Verdict != audit.Unsupported || strings.Contains(jd.Error, "sk-secret")) {
				t.Errorf("verdict %s, error %q", res.Findings[0].Verdict, jd.Error)
			}
		})
	}
}

// A rerun with the cache makes no call and gives the same findings.
func TestTheCacheAnswersARerun(t *testing.T) {
	cache := &Cache{Dir: t.TempDir()}
	run := func() (*audit.Result, *stub) {
		s := &stub{}
		j := newJudge(t, newStub(t, s), Config{Cache: cache})
		res := result(cited{"Shipping is free.", "Shipping is free.", audit.Unsupported, 0.40, nil},
			cited{"Refunds take 30 days.", "Refunds take 90 days.", audit.Supported, 0.50, nil})
		judge(t, j, 0, res)
		return res, s
	}
	first, s1 := run()
	again, s2 := run()
	if s1.Requests.Load() != 2 || s2.Requests.Load() != 0 {
		t.Errorf("requests %d then %d, want 2 then 0", s1.Requests.Load(), s2.Requests.Load())
	}
	if !reflect.DeepEqual(first.Findings, again.Findings) {
		t.Error("the rerun's findings differ")
	}
}

// The budget goes to the records in input order whatever order they are
// judged in: with 4 calls for 10 records, records 0 to 3 are judged and
// the other six keep their lexical verdict, counted.
func TestTheBudgetFollowsTheInputOrder(t *testing.T) {
	s := &stub{delay: 5 * time.Millisecond}
	j := newJudge(t, newStub(t, s), Config{MaxCalls: 4})
	results := make([]*audit.Result, 10)
	var wg sync.WaitGroup
	for i := 9; i >= 0; i-- { // the last record first
		results[i] = result(cited{fmt.Sprintf("Claim %d.", i), "Claim text.", audit.Unsupported, 0.40, nil})
		wg.Go(func() { judge(t, j, i, results[i]) })
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	for i, r := range results {
		want := audit.JudgedByModel
		if i >= 4 {
			want = audit.JudgeBudget
		}
		if got := r.Findings[0].Judge.Status; got != want {
			t.Errorf("record %d: %s, want %s", i, got, want)
		}
	}
	if c := j.Counts(); c.Judged != 4 || c.Budget != 6 || s.Requests.Load() != 4 {
		t.Errorf("counts %+v, %d requests", c, s.Requests.Load())
	}
}

// No more requests are in flight than --judge-concurrency.
func TestConcurrencyIsBounded(t *testing.T) {
	s := &stub{delay: 20 * time.Millisecond}
	j := newJudge(t, newStub(t, s), Config{Concurrency: 3})
	var cs []cited
	for i := range 12 {
		cs = append(cs, cited{fmt.Sprintf("Claim %d.", i), "Claim.", audit.Unsupported, 0.40, nil})
	}
	judge(t, j, 0, result(cs...))
	if m := s.MaxInFlight.Load(); m > 3 || m < 2 || s.Requests.Load() != 12 {
		t.Errorf("%d in flight at most over %d requests, want 2 to 3 over 12", m, s.Requests.Load())
	}
}

// A long chunk is sent as a window around its best-matching passage, cut
// at spaces, never more than MaxDocument characters of it.
func TestALongChunkIsSentAsAWindow(t *testing.T) {
	text := strings.Repeat("filler words here ", 1000) + "THE PASSAGE " + strings.Repeat("more words there ", 1000)
	at := strings.Index(text, "THE PASSAGE")
	doc := Document(text, at, at+11)
	body := strings.TrimSuffix(strings.TrimPrefix(doc, "… "), " …")
	if !strings.Contains(doc, "THE PASSAGE") || len([]rune(body)) > MaxDocument || strings.HasPrefix(body, " ") || !strings.Contains(text, body) {
		t.Errorf("window of %d characters: %.60q … %.60q", len([]rune(body)), body, body[len(body)-60:])
	}
	if short := "A short chunk."; Document(short, 0, 5) != short {
		t.Error("a short chunk is not sent whole")
	}
}

// --judge-band reads two probabilities in order.
func TestParseBand(t *testing.T) {
	for in, ok := range map[string]bool{"0.35,0.60": true, "0.3, 0.6": true, "0.6,0.3": false, "0.3": false, "-0.1,0.5": false, "0.5,1.2": false, "a,b": false} {
		if _, err := ParseBand(in); (err == nil) != ok {
			t.Errorf("%q: %v", in, err)
		}
	}
}
