package guard

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// ServerConfig configures the HTTP service.
type ServerConfig struct {
	// Tokens are the accepted bearer tokens (none: no authentication, for
	// a service on the loopback interface only).
	Tokens []Token
	// Tenant is the tenant of every request when there are no tokens: the
	// tenant comes from the configuration or a token, never from what a
	// client says alone. A request naming another tenant is refused.
	Tenant     string
	MaxBody    int64         // bytes of a request body (default 8 MiB); larger: 413
	MaxPending int           // decisions held for a regeneration (default 10,000)
	PendingTTL time.Duration // how long one is held (default 10 min)
	Logger     *slog.Logger  // errors (nil: none)
}

// DefaultMaxBody bounds a request body, as --max-line-bytes bounds a record.
const DefaultMaxBody = 8 << 20

// Server is the HTTP service over a guard: POST /v1/gate, /v1/check,
// /v1/guard; GET /healthz, /readyz, /metrics.
type Server struct {
	g       *Guard
	cfg     ServerConfig
	pending *pending
	metrics *metrics
	logger  *slog.Logger
	ready   atomic.Bool
	tokens  map[[32]byte]string // token hash → tenant
}

// NewServer builds the service. It is ready once built; SetReady(false)
// takes it out of a load balancer while it shuts down.
func NewServer(g *Guard, cfg ServerConfig) (*Server, error) {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.MaxPending <= 0 {
		cfg.MaxPending = 10000
	}
	if cfg.PendingTTL <= 0 {
		cfg.PendingTTL = 10 * time.Minute
	}
	s := &Server{g: g, cfg: cfg, pending: newPending(cfg.MaxPending, cfg.PendingTTL, g.now), logger: cfg.Logger, tokens: map[[32]byte]string{}}
	if s.logger == nil {
		s.logger = slog.New(slog.DiscardHandler)
	}
	s.metrics = newMetrics(s.pending.len)
	for i, t := range cfg.Tokens {
		var h [32]byte
		if b, err := hex.DecodeString(t.SHA256); err != nil || len(b) != 32 {
			return nil, fmt.Errorf("token %d: want the 64 hex digits of its SHA-256", i)
		} else {
			copy(h[:], b)
		}
		if t.Tenant != "*" && t.Tenant != "" && !g.HasPolicy(t.Tenant) {
			return nil, fmt.Errorf("token %d: tenant %q has no policy", i, t.Tenant)
		}
		s.tokens[h] = t.Tenant
	}
	s.ready.Store(true)
	return s, nil
}

// Run logs pending decisions as they expire until ctx is done.
func (s *Server) Run(ctx context.Context) { s.sweep(ctx, max(time.Second, s.cfg.PendingTTL/4)) }

// SetReady says whether /readyz answers 200.
func (s *Server) SetReady(ok bool) { s.ready.Store(ok) }

// Close logs every decision still waiting for a regeneration as expired.
func (s *Server) Close() { s.expire(true) }

// Handler routes the endpoints.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/gate", s.handleGate)
	mux.HandleFunc("POST /v1/check", s.handleCheck)
	mux.HandleFunc("POST /v1/guard", s.handleGuard)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "ok\n") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !s.ready.Load() {
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	})
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		s.metrics.write(w)
	})
	return mux
}

// httpError is a request refused before a decision.
type httpError struct {
	status int
	msg    string
}

func (e *httpError) Error() string { return e.msg }

func errorf(status int, format string, args ...any) error {
	return &httpError{status: status, msg: fmt.Sprintf(format, args...)}
}

// fail answers a refused request with its status and a JSON error.
func (s *Server) fail(w http.ResponseWriter, err error) {
	he := &httpError{status: http.StatusInternalServerError, msg: err.Error()}
	errors.As(err, &he)
	s.metrics.refused(he.status)
	writeJSON(w, he.status, map[string]string{"error": he.msg})
}

// body reads a request body of at most MaxBody bytes (413 past it). A
// request a web page sends is refused: one with an Origin header (403),
// which browsers send on a cross-origin POST and servers do not, and one
// declared as text/plain or a multipart form (415), which a page may post
// without a preflight. Other types, curl's form type too, are read as JSON.
func (s *Server) body(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if o := r.Header.Get("Origin"); o != "" {
		return nil, errorf(http.StatusForbidden, "a request from a web page (Origin %q): the guard answers servers, not browsers", o)
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		if mt, _, err := mime.ParseMediaType(ct); err == nil && (mt == "text/plain" || strings.HasPrefix(mt, "multipart/")) {
			return nil, errorf(http.StatusUnsupportedMediaType, "content type %q: send the request as JSON, with Content-Type: application/json", ct)
		}
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return nil, errorf(http.StatusRequestEntityTooLarge, "request body over %d bytes", s.cfg.MaxBody)
	case err != nil:
		return nil, errorf(http.StatusBadRequest, "reading the request: %v", err)
	}
	return b, nil
}

// tenant is the tenant a request acts for: its token's, or (a gateway's
// "*" token) the one it names, or without tokens the configured one. A
// request naming another tenant than its token's or the configuration's
// is refused (403): a client's word alone never picks a policy.
func (s *Server) tenant(r *http.Request, named string) (string, error) {
	if len(s.tokens) == 0 {
		if named != "" && named != s.cfg.Tenant {
			return "", errorf(http.StatusForbidden, "tenant %q: this service acts for tenant %q (--tenant); other tenants need a token bound to them", named, s.cfg.Tenant)
		}
		return s.cfg.Tenant, nil
	}
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok || tok == "" {
		return "", errorf(http.StatusUnauthorized, "missing bearer token (Authorization: Bearer …)")
	}
	h := sha256.Sum256([]byte(tok))
	var bound string
	found := false
	for k, t := range s.tokens { // compare every hash, in constant time
		if subtle.ConstantTimeCompare(k[:], h[:]) == 1 {
			bound, found = t, true
		}
	}
	switch {
	case !found:
		return "", errorf(http.StatusUnauthorized, "unknown bearer token")
	case bound == "*":
		if near := s.g.policyNear(named); near != "" {
			// "ACME" or "acme " where the policies name "acme": the
			// default policy would silently decide for a tenant that has
			// its own.
			return "", errorf(http.StatusBadRequest, "tenant %q has no policy, but %q has: name the tenant as the policy file does", named, near)
		}
		return named, nil
	case named != "" && named != bound:
		return "", errorf(http.StatusForbidden, "tenant %q: this token acts for tenant %q", named, bound)
	}
	return bound, nil
}

// label is a tenant as metrics name it: tenants with a policy, and the
// configured one, by name; any other as "other", so that what clients
// send cannot grow the metrics without bound.
func (s *Server) label(tenant string) string {
	if tenant == "" || tenant == s.cfg.Tenant || s.g.HasPolicy(tenant) {
		return tenant
	}
	return "other"
}

// setHeaders sets the decision headers every decision carries.
func setHeaders(w http.ResponseWriter, action, id string) {
	h := w.Header()
	h.Set("X-Ragaudit-Decision", coarse(action))
	h.Set("X-Ragaudit-Action", action)
	if id != "" {
		h.Set("X-Ragaudit-Decision-Id", id)
	}
}

// coarse is a decision in one word: pass; flag (served unchanged, but
// failures or unchecked parts were found); block (changed or withheld).
func coarse(action string) string {
	switch action {
	case ActionPass:
		return "pass"
	case ActionAnnotate, ActionUnverifiable:
		return "flag"
	}
	return "block"
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
