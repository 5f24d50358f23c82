// Package httpjsontest is the flaky endpoint of the tests of httpjson and
// of its callers (embed, llmjudge): it counts requests and the most in
// flight at once, keeps each Authorization header, and may wait before
// answering or fail any request with a status.
package httpjsontest

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Server answers POSTs to Path with Answer, after Delay, unless Fail fails
// them; serve it with httptest.NewServer. Set the fields before serving.
type Server struct {
	Path   string       // the one path answered; others are a 404
	Answer http.Handler // answers a request that is not failed
	// Fail gives the status to fail request n (from 1) with, sent with
	// Retry-After: 0; 0 answers it. nil: none fails.
	Fail  func(n int32) int
	Delay time.Duration // before answering; a cancelled request ends it

	Requests    atomic.Int32 // received
	MaxInFlight atomic.Int32 // the most in flight at once

	inFlight atomic.Int32
	mu       sync.Mutex
	auth     []string
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := s.Requests.Add(1)
	cur := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for m := s.MaxInFlight.Load(); cur > m && !s.MaxInFlight.CompareAndSwap(m, cur); m = s.MaxInFlight.Load() {
	}
	if s.Delay > 0 {
		select {
		case <-time.After(s.Delay):
		case <-r.Context().Done():
			return
		}
	}
	s.mu.Lock()
	s.auth = append(s.auth, r.Header.Get("Authorization"))
	s.mu.Unlock()
	if r.URL.Path != s.Path || r.Method != http.MethodPost {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if s.Fail != nil {
		if code := s.Fail(n); code != 0 {
			w.Header().Set("Retry-After", "0")
			http.Error(w, `{"error":"busy"}`, code)
			return
		}
	}
	s.Answer.ServeHTTP(w, r)
}

// Auth is the Authorization header of each request, in the order they
// arrived.
func (s *Server) Auth() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.auth...)
}
