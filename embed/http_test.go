package embed

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/httpjson/httpjsontest"
)

// fakeServer is an OpenAI-compatible embeddings endpoint: a text's vector
// is (len, count of 'a', 1). fail decides per request whether to answer
// with an error status instead.
type fakeServer struct {
	httpjsontest.Server
	inputs atomic.Int32
}

func newFake(fail func(n int32) int) *fakeServer {
	f := &fakeServer{Server: httpjsontest.Server{Path: "/v1/embeddings", Fail: fail, Delay: 5 * time.Millisecond}}
	f.Answer = http.HandlerFunc(f.answer)
	return f
}

func (f *fakeServer) answer(w http.ResponseWriter, r *http.Request) {
	var req embeddingRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model != "test-model" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	f.inputs.Add(int32(len(req.Input)))
	var resp embeddingResponse
	// Answer out of order: clients must use "index".
	for i := len(req.Input) - 1; i >= 0; i-- {
		t := req.Input[i]
		resp.Data = append(resp.Data, struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}{i, []float32{float32(len(t)), float32(strings.Count(t, "a")), 1}})
	}
	json.NewEncoder(w).Encode(resp)
}

func newClient(srv *httptest.Server, cache *Cache) *HTTP {
	return &HTTP{URL: srv.URL + "/v1", Model: "test-model", Key: "sk-secret-123", Batch: 3, Concurrency: 2,
		Backoff: time.Millisecond, Timeout: 2 * time.Second, Cache: cache}
}

func texts(n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, strings.Repeat("a", i)+" text")
	}
	return out
}

func TestHTTPBatchesBoundsConcurrencyAndKeepsOrder(t *testing.T) {
	fs := newFake(nil)
	srv := httptest.NewServer(fs)
	defer srv.Close()
	in := texts(10)
	vecs, err := newClient(srv, nil).Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vecs {
		if v[0] != float32(len(in[i])) || v[1] != float32(i) {
			t.Fatalf("vector %d = %v: out of order", i, v)
		}
	}
	if fs.Requests.Load() != 4 || fs.MaxInFlight.Load() > 2 {
		t.Errorf("%d requests (want 4 batches of ≤3), %d in flight at most (want ≤2)", fs.Requests.Load(), fs.MaxInFlight.Load())
	}
	if a := fs.Auth(); a[0] != "Bearer sk-secret-123" {
		t.Errorf("authorization header %q", a[0])
	}
}

func TestHTTPRetriesOn429And5xx(t *testing.T) {
	fs := newFake(func(n int32) int {
		switch n {
		case 1:
			return http.StatusTooManyRequests
		case 2:
			return http.StatusServiceUnavailable
		}
		return 0
	})
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c := newClient(srv, nil)
	c.Batch = 100
	if _, err := c.Embed(context.Background(), texts(3)); err != nil {
		t.Fatalf("after two transient failures: %v", err)
	}
	if fs.Requests.Load() != 3 {
		t.Errorf("%d requests, want 3", fs.Requests.Load())
	}
}

func TestHTTPGivesUpWithoutLeakingTheKey(t *testing.T) {
	fs := newFake(func(int32) int { return http.StatusInternalServerError })
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c := newClient(srv, nil)
	c.Retries = 2
	_, err := c.Embed(context.Background(), texts(2))
	if err == nil || !strings.Contains(err.Error(), "giving up after 3 attempts") || !strings.Contains(err.Error(), "HTTP 500") {
		t.Fatalf("err = %v", err)
	}
	if strings.Contains(err.Error(), "sk-secret") {
		t.Fatal("the key is in the error message")
	}
}

func TestHTTPDoesNotRetryClientErrors(t *testing.T) {
	fs := newFake(nil)
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c := newClient(srv, nil)
	c.Model = "wrong-model"
	_, err := c.Embed(context.Background(), texts(2))
	if err == nil || !strings.Contains(err.Error(), "HTTP 400") || fs.Requests.Load() != 1 {
		t.Fatalf("err = %v after %d requests", err, fs.Requests.Load())
	}
}

func TestHTTPTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	}))
	defer srv.Close()
	c := newClient(srv, nil)
	c.Timeout, c.Retries = 50*time.Millisecond, 1
	start := time.Now()
	if _, err := c.Embed(context.Background(), texts(1)); err == nil {
		t.Fatal("no error from a server that never answers")
	}
	if time.Since(start) > 1500*time.Millisecond {
		t.Errorf("took %v despite a 50ms timeout", time.Since(start))
	}
}

func TestCacheMakesReauditFree(t *testing.T) {
	fs := newFake(nil)
	srv := httptest.NewServer(fs)
	defer srv.Close()
	cache := &Cache{Dir: t.TempDir()}
	in := texts(7)
	first, err := newClient(srv, cache).Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	before := fs.Requests.Load()
	second, err := newClient(srv, cache).Embed(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if fs.Requests.Load() != before {
		t.Errorf("second run sent %d requests", fs.Requests.Load()-before)
	}
	for i := range first {
		for k := range first[i] {
			if first[i][k] != second[i][k] {
				t.Fatalf("cached vector %d differs", i)
			}
		}
	}
	// The full ".../embeddings" URL works too, and only the new text is sent.
	other := newClient(srv, cache)
	other.URL = srv.URL + "/v1/embeddings"
	if _, err := other.Embed(context.Background(), append(in, "new text")); err != nil {
		t.Fatal(err)
	}
	if fs.inputs.Load() != 8 {
		t.Errorf("%d texts sent in all, want 7 then 1", fs.inputs.Load())
	}
}

func TestHTTPRejectsMalformedResponses(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"data":[{"index":0,"embedding":[1,2]}]}`)) // one vector for two inputs
	}))
	defer srv.Close()
	if _, err := newClient(srv, nil).Embed(context.Background(), texts(2)); err == nil || !strings.Contains(err.Error(), "1 embeddings for 2 inputs") {
		t.Fatalf("err = %v", err)
	}
}
