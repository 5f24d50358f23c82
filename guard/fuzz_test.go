package guard

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzRequest feeds bodies to the request parsers and to the HTTP
// service's three decision endpoints: no input may panic, and every
// answer is a decision (200) or a refusal with its reason (4xx).
func FuzzRequest(f *testing.F) {
	seeds := []string{
		`{"conversation_id":"c-1","tenant":"","question":"Refunds?","answer":"Refunds are accepted within 90 days [1].","retrieval":[{"id":"1","text":"Refunds are accepted within 90 days.","score":0.8}]}`,
		`{"conversation_id":"c-2","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"A [1]. B [2].","retrieval":[{"id":"1","text":"A."}]}]}`,
		`{"conversation_id":"c-3","answer":"{\"claims\":[{\"text\":\"A\",\"evidence_ids\":[\"9\"]}]}","retrieval":[]}`,
		`{"retrieval":[{"id":1,"score":0.2},{"id":"x"}]}`,
		`{"decision_id":"d-1","answer":"x"}`,
		`{"conversation_id":"c","answer":"x","retrieval":[{"id":"1","score":"high"}]}`,
		`[]`, `null`, `{"conversation_id":`, "\xff\xfe",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	g, err := New(DefaultConfig())
	if err != nil {
		f.Fatal(err)
	}
	srv, err := NewServer(g, ServerConfig{MaxBody: 1 << 16})
	if err != nil {
		f.Fatal(err)
	}
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body []byte) {
		if r, err := ParseRequest(body); err == nil && r.ConversationID == "" {
			t.Fatal("a request without a conversation id was accepted")
		}
		ParseGateRequest(body)
		for _, path := range []string{"/v1/gate", "/v1/check", "/v1/guard"} {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body)))
			switch w.Code {
			case http.StatusOK, http.StatusBadRequest, http.StatusNotFound, http.StatusForbidden, http.StatusRequestEntityTooLarge:
			default:
				t.Fatalf("%s answered %d: %s", path, w.Code, w.Body)
			}
			if w.Code != http.StatusOK && !bytes.Contains(w.Body.Bytes(), []byte(`"error"`)) {
				t.Fatalf("%s refused without saying why: %s", path, w.Body)
			}
		}
	})
}

// A request a web page could send is refused: with an Origin header
// (403), or declared as text/plain or a multipart form (415), which a
// page may post to a loopback guard without a preflight. JSON, curl's
// form type and an undeclared body are read.
func TestARequestAWebPageCouldSendIsRefused(t *testing.T) {
	g, err := New(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(g, ServerConfig{MaxBody: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	const body = `{"conversation_id":"c","answer":"Refunds take 90 days [1].","retrieval":[{"id":"1","text":"Refunds take 90 days.","score":0.9}]}`
	for _, tc := range []struct {
		ct, origin string
		want       int
	}{{"application/json", "", http.StatusOK}, {"application/json; charset=utf-8", "", http.StatusOK}, {"", "", http.StatusOK},
		{"application/x-www-form-urlencoded", "", http.StatusOK},
		{"text/plain", "", http.StatusUnsupportedMediaType}, {"multipart/form-data; boundary=x", "", http.StatusUnsupportedMediaType},
		{"application/json", "https://evil.example", http.StatusForbidden}} {
		r := httptest.NewRequest(http.MethodPost, "/v1/check", strings.NewReader(body))
		if tc.ct != "" {
			r.Header.Set("Content-Type", tc.ct)
		}
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tc.want {
			t.Errorf("Content-Type %q, Origin %q: %d, want %d: %s", tc.ct, tc.origin, w.Code, tc.want, w.Body)
		}
	}
}
