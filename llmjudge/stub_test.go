package llmjudge

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/httpjson/httpjsontest"
)

// stub is an OpenAI-compatible chat-completions endpoint on loopback: it
// answers each claim by answer(claim, document), with top logprobs unless
// noLogprobs, after delay; fail may answer request n (from 1) with an
// error status instead.
type stub struct {
	httpjsontest.Server
	answer     func(claim, document string) string
	noLogprobs bool
	delay      time.Duration
	fail       func(n int32) int
	mu         sync.Mutex
	claims     []string
}

func newStub(t *testing.T, s *stub) *httptest.Server {
	if s.answer == nil {
		s.answer = wordsAnswer
	}
	s.Path, s.Fail, s.Delay, s.Answer = "/v1/chat/completions", s.fail, s.delay, http.HandlerFunc(s.reply)
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

func (s *stub) reply(w http.ResponseWriter, r *http.Request) {
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
