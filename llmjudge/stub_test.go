package llmjudge

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// stub is an OpenAI-compatible chat-completions endpoint on loopback: it
// answers each claim by answer(claim, document), with top logprobs unless
// noLogprobs, after delay; fail may answer request n (from 1) with an
// error status instead.
type stub struct {
	t          *testing.T
	answer     func(claim, document string) string
	noLogprobs bool
	delay      time.Duration
	fail       func(n int32) int
	requests   atomic.Int32
	inFlight   atomic.Int32
	maxSeen    atomic.Int32
	mu         sync.Mutex
	claims     []string
	auth       []string
}

func newStub(t *testing.T, s *stub) *httptest.Server {
	s.t = t
	if s.answer == nil {
		s.answer = wordsAnswer
	}
	srv := httptest.NewServer(s) // 127.0.0.1
	t.Cleanup(srv.Close)
	return srv
}

// wordsAnswer says Yes when every word of the claim is in the document.
func wordsAnswer(claim, document string) string {
	doc := strings.ToLower(document)
	for _, w := range strings.Fields(strings.ToLower(strings.Trim(claim, "."))) {
		if !strings.Contains(doc, strings.Trim(w, ".,")) {
			return "No"
		}
	}
	return "Yes"
}

func (s *stub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := s.requests.Add(1)
	cur := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for m := s.maxSeen.Load(); cur > m && !s.maxSeen.CompareAndSwap(m, cur); m = s.maxSeen.Load() {
	}
	if s.delay > 0 {
		select {
		case <-time.After(s.delay):
		case <-r.Context().Done():
			return
		}
	}
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if s.fail != nil {
		if code := s.fail(n); code != 0 {
			w.Header().Set("Retry-After", "0")
			http.Error(w, `{"error":"busy"}`, code)
			return
		}
	}
	var req chatRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "judge-7b" || req.Temperature != 0 || req.MaxTokens != 1 ||
		len(req.Messages) != 2 || req.Messages[0].Content != systemPrompt {
		http.Error(w, fmt.Sprintf("bad request %+v %v", req, err), http.StatusBadRequest)
		return
	}
	doc, claim, ok := strings.Cut(strings.TrimPrefix(req.Messages[1].Content, "Document: "), "\nClaim: ")
	if !ok {
		http.Error(w, "no claim", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.claims = append(s.claims, claim)
	s.auth = append(s.auth, r.Header.Get("Authorization"))
	s.mu.Unlock()
	ans := s.answer(claim, doc)
	other := map[string]string{"Yes": "No", "No": "Yes"}[ans]
	resp := fmt.Sprintf(`{"choices":[{"index":0,"message":{"role":"assistant","content":%q}`, ans)
	if !s.noLogprobs && req.Logprobs {
		resp += fmt.Sprintf(`,"logprobs":{"content":[{"token":%q,"logprob":-0.05,"top_logprobs":[{"token":%q,"logprob":-0.05},{"token":%q,"logprob":-3.0}]}]}`, ans, ans, other)
	}
	resp += `,"finish_reason":"length"}]}`
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, resp)
}

func (s *stub) sent() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.claims...)
}
