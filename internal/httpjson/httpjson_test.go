package httpjson_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/httpjson"
	"github.com/ragaudit/ragaudit/internal/httpjson/httpjsontest"
)

// echo answers with the body it was sent.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	w.Write(b)
})

func endpoint(srv *httptest.Server) *httpjson.Endpoint {
	return &httpjson.Endpoint{URL: srv.URL + "/v1/x", Key: "sk-secret-9", Name: "test endpoint", Given: srv.URL,
		Hint: "check --test-url", Timeout: 2 * time.Second, Retries: 3, Backoff: time.Millisecond, MaxBody: 1 << 20}
}

func TestPost(t *testing.T) {
	tests := []struct {
		name     string
		fail     func(n int32) int
		delay    time.Duration
		timeout  time.Duration
		requests int32
		err      []string // in the error, in order; nil: no error
	}{
		{name: "an answer at once is one request", requests: 1},
		{name: "429 twice, then an answer: retried", fail: func(n int32) int { return map[bool]int{true: 429}[n <= 2] }, requests: 3},
		{name: "500 and 503, then an answer: retried", fail: func(n int32) int { return map[int32]int{1: 500, 2: 503}[n] }, requests: 3},
		{name: "always 503: four attempts, then the last status", fail: func(int32) int { return 503 }, requests: 4,
			err: []string{"/v1/x: giving up after 4 attempts: ", "/v1/x: HTTP 503: {\"error\":\"busy\"}"}},
		{name: "a 404 is refused at once, with the hint", fail: func(int32) int { return 404 }, requests: 1,
			err: []string{"/v1/x: HTTP 404: {\"error\":\"busy\"} (check --test-url)"}},
		{name: "a 400 is refused at once", fail: func(int32) int { return 400 }, requests: 1, err: []string{"HTTP 400"}},
		{name: "a slow endpoint times out on each attempt", delay: time.Second, timeout: 20 * time.Millisecond, requests: 4,
			err: []string{"giving up after 4 attempts", "context deadline exceeded"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &httpjsontest.Server{Path: "/v1/x", Answer: echo, Fail: tc.fail, Delay: tc.delay}
			srv := httptest.NewServer(s)
			defer srv.Close()
			e := endpoint(srv)
			if tc.timeout > 0 {
				e.Timeout = tc.timeout
			}
			got, err := e.Post(context.Background(), []byte(`{"q":1}`))
			if n := s.Requests.Load(); n != tc.requests {
				t.Errorf("%d requests, want %d", n, tc.requests)
			}
			if tc.err == nil {
				if err != nil || string(got) != `{"q":1}` {
					t.Fatalf("got %q, %v; want the answer", got, err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; want %q", tc.err)
			}
			msg := err.Error()
			for _, want := range tc.err {
				i := strings.Index(msg, want)
				if i < 0 {
					t.Fatalf("error %q lacks %q", err, want)
				}
				msg = msg[i+len(want):]
			}
			if strings.Contains(err.Error(), "sk-secret") {
				t.Errorf("the key is in the error %q", err)
			}
		})
	}
}

func TestPostSendsJSONWithTheKey(t *testing.T) {
	var ctype atomic.Value
	s := &httpjsontest.Server{Path: "/v1/x", Answer: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctype.Store(r.Header.Get("Content-Type"))
		echo(w, r)
	})}
	srv := httptest.NewServer(s)
	defer srv.Close()
	if _, err := endpoint(srv).Post(context.Background(), []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if a := s.Auth(); len(a) != 1 || a[0] != "Bearer sk-secret-9" || ctype.Load() != "application/json" {
		t.Errorf("authorization %q, content type %q", a, ctype.Load())
	}

	noKey := endpoint(srv)
	noKey.Key = ""
	if _, err := noKey.Post(context.Background(), []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if a := s.Auth(); a[1] != "" {
		t.Errorf("without a key, authorization %q", a[1])
	}
}

func TestPostCutsTheAnswerAtMaxBody(t *testing.T) {
	srv := httptest.NewServer(&httpjsontest.Server{Path: "/v1/x", Answer: echo})
	defer srv.Close()
	e := endpoint(srv)
	e.MaxBody = 4
	if got, err := e.Post(context.Background(), []byte(`0123456789`)); err != nil || string(got) != "0123" {
		t.Errorf("got %q, %v; want the first 4 bytes", got, err)
	}
}

// The server's Retry-After lengthens the wait before the next attempt,
// up to MaxRetryAfter: a wait of a second outlasts a context of 300 ms,
// a wait capped at a millisecond does not.
func TestPostHonoursRetryAfterUpToItsCap(t *testing.T) {
	tests := []struct {
		name     string
		cap      time.Duration
		requests int32
		err      error
	}{
		{"uncapped: the second's wait outlasts the context", 0, 1, context.DeadlineExceeded},
		{"capped at a millisecond: retried in time", time.Millisecond, 2, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int32
			s := &httpjsontest.Server{Path: "/v1/x", Answer: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if n.Add(1) == 1 {
					w.Header().Set("Retry-After", "1")
					w.WriteHeader(http.StatusTooManyRequests)
					return
				}
				echo(w, r)
			})}
			srv := httptest.NewServer(s)
			defer srv.Close()
			e := endpoint(srv)
			e.MaxRetryAfter = tc.cap
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := e.Post(ctx, []byte(`{}`))
			if !errors.Is(err, tc.err) || s.Requests.Load() != tc.requests {
				t.Errorf("error %v after %d requests, want %v after %d", err, s.Requests.Load(), tc.err, tc.requests)
			}
		})
	}
}

func TestPostErrorsNameTheEndpoint(t *testing.T) {
	e := &httpjson.Endpoint{URL: "ht tp://x/v1/x", Given: "ht tp://x", Name: "test endpoint", Key: "sk-secret-9",
		Timeout: time.Second, Retries: 3, Backoff: time.Millisecond}
	_, err := e.Post(context.Background(), nil)
	if err == nil || !strings.HasPrefix(err.Error(), `test endpoint "ht tp://x": `) || strings.Contains(err.Error(), "giving up") {
		t.Errorf("a URL that is not one: %v; want it named, not retried", err)
	}

	srv := httptest.NewServer(echo)
	srv.Close() // nothing listens: a transport error, retried
	e = endpoint(srv)
	e.Retries = 1
	_, err = e.Post(context.Background(), nil)
	if err == nil || !strings.Contains(err.Error(), srv.URL+"/v1/x: giving up after 2 attempts") || strings.Contains(err.Error(), "sk-secret") {
		t.Errorf("nothing listening: %v", err)
	}
}

func TestSnippet(t *testing.T) {
	long := strings.Repeat("x", 300)
	for in, want := range map[string]string{"  short \n": "short", long: long[:200] + "…"} {
		if got := httpjson.Snippet([]byte(in)); got != want {
			t.Errorf("Snippet(%.20q…) = %.20q…, want %.20q…", in, got, want)
		}
	}
}
