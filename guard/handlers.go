package guard

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// GateRequest is the body of POST /v1/gate: the retrieval before the
// model is called (ids and scores; texts may be left out).
type GateRequest struct {
	ConversationID string       `json:"conversation_id"`
	Tenant         string       `json:"tenant"`
	Agent          string       `json:"agent"`
	Question       string       `json:"question"`
	Retrieval      *[]gateChunk `json:"retrieval"`
}

type gateChunk struct {
	ID     json.RawMessage `json:"id"`
	Source string          `json:"source"`
	Score  *float64        `json:"score"`
}

// ParseGateRequest reads the body of /v1/gate.
func ParseGateRequest(b []byte) (Request, error) {
	var gr GateRequest
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&gr); err != nil {
		return Request{}, fmt.Errorf("not a gate request: %v", err)
	}
	if dec.More() {
		return Request{}, errors.New("not a gate request: text after the JSON object")
	}
	if gr.Retrieval == nil {
		return Request{}, errors.New(`"retrieval" is missing: the gate judges what was retrieved (send [] when nothing was)`)
	}
	r := Request{ConversationID: gr.ConversationID, Tenant: gr.Tenant, Agent: gr.Agent, Question: gr.Question, Retrieval: []Chunk{}}
	for _, c := range *gr.Retrieval {
		id := string(c.ID)
		var s string
		if json.Unmarshal(c.ID, &s) == nil {
			id = s
		}
		r.Retrieval = append(r.Retrieval, Chunk{ID: id, Source: c.Source, Score: c.Score})
	}
	return r, nil
}

func (s *Server) handleGate(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	req, err := s.request(w, r, ParseGateRequest)
	if err != nil {
		s.fail(w, err)
		return
	}
	gd, err := s.g.Gate(r.Context(), req)
	if err != nil {
		s.metrics.logError()
		s.logger.Error("decision log", "decision_id", gd.DecisionID, "err", err)
	}
	var classes []Class
	switch gd.Decision {
	case ActionRefuse:
		classes = []Class{ClassBelowFloor}
	case ActionUnverifiable:
		classes = []Class{ClassUnverifiable}
	}
	s.metrics.decision("gate", gd.Decision, s.label(req.Tenant), classes, time.Since(start))
	setHeaders(w, gd.Decision, gd.DecisionID)
	writeJSON(w, http.StatusOK, gd)
}

// checkResponse is the body /v1/check answers with.
type checkResponse struct {
	Decision  string `json:"decision"` // the action the tenant's policy takes on it
	TimedOut  bool   `json:"timed_out,omitempty"`
	Error     string `json:"error,omitempty"`
	LatencyUS int64  `json:"latency_us"`
	*Verdict
}

func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	req, err := s.request(w, r, ParseRequest)
	if err != nil {
		s.fail(w, err)
		return
	}
	res := s.g.Evaluate(r.Context(), req)
	if r.URL.Query().Get("findings") == "" {
		res.Verdict.Findings = nil
	}
	s.metrics.decision("check", res.Decision, s.label(req.Tenant), res.Verdict.Classes, time.Since(start))
	setHeaders(w, res.Decision, "")
	writeJSON(w, http.StatusOK, checkResponse{Decision: res.Decision, TimedOut: res.TimedOut, Error: res.Error,
		LatencyUS: res.Latency.Microseconds(), Verdict: &res.Verdict})
}

// continuation is a second /v1/guard request: the regenerated answer of
// a decision that asked for it.
type continuation struct {
	DecisionID string  `json:"decision_id"`
	Attempt    int     `json:"attempt"`
	Tenant     string  `json:"tenant"`
	Answer     *string `json:"answer"`
	Error      string  `json:"error"` // the regeneration failed: fall back
}

func (s *Server) handleGuard(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	b, err := s.body(w, r)
	if err != nil {
		s.fail(w, err)
		return
	}
	var cont continuation
	if json.Unmarshal(b, &cont) == nil && cont.DecisionID != "" {
		s.continueGuard(w, r, &cont, start)
		return
	}
	req, err := ParseRequest(b)
	if err != nil {
		s.fail(w, errorf(http.StatusBadRequest, "%v", err))
		return
	}
	if req.Tenant, err = s.tenant(r, req.Tenant); err != nil {
		s.fail(w, err)
		return
	}
	d, err := s.g.Begin(r.Context(), req)
	if err != nil {
		s.logError(d.ID, err)
	}
	if !d.Final() && !s.pending.put(d) {
		d, err = s.g.Continue(r.Context(), d, "", errors.New("too many decisions waiting for a regeneration"))
		if err != nil {
			s.logError(d.ID, err)
		}
	}
	s.answer(w, r, "guard", d, start)
}

// continueGuard decides on the regenerated answer of a held decision.
func (s *Server) continueGuard(w http.ResponseWriter, r *http.Request, c *continuation, start time.Time) {
	held, ok := s.pending.peekTenant(c.DecisionID)
	if !ok {
		s.fail(w, errorf(http.StatusNotFound, "decision %q is not waiting for a regeneration (unknown, already answered, or expired)", c.DecisionID))
		return
	}
	// A follow-up that names no tenant is the held decision's: a gateway
	// ("*") token had got 403 for it, and the decision expired unserved.
	named := c.Tenant
	if named == "" {
		named = held
	}
	tenant, err := s.tenant(r, named)
	if err == nil && tenant != held {
		err = errorf(http.StatusForbidden, "decision %q belongs to another tenant", c.DecisionID)
	}
	if err == nil && c.Answer == nil && c.Error == "" {
		err = errorf(http.StatusBadRequest, `a regenerated answer needs "answer" (or "error" when the regeneration failed)`)
	}
	if err == nil && c.Attempt != 0 && c.Attempt != 2 {
		// A decision allows one regeneration: a caller counting otherwise
		// has lost track of which answer this is.
		err = errorf(http.StatusBadRequest, `"attempt": %d, but a decision waits for its one regeneration, attempt 2`, c.Attempt)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	d, ok := s.pending.take(c.DecisionID)
	if !ok {
		s.fail(w, errorf(http.StatusNotFound, "decision %q is not waiting for a regeneration (already answered, or expired)", c.DecisionID))
		return
	}
	var genErr error
	answer := ""
	if c.Answer != nil {
		answer = *c.Answer
	} else {
		genErr = errors.New(c.Error)
	}
	d, err = s.g.Continue(r.Context(), d, answer, genErr)
	if err != nil {
		s.logError(d.ID, err)
	}
	s.answer(w, r, "guard", d, start)
}

// answer writes a decision with its headers and counts it.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, endpoint string, d Decision, start time.Time) {
	s.metrics.decision(endpoint, d.Action, s.label(d.Tenant), d.Classes, time.Since(start))
	setHeaders(w, d.Action, d.ID)
	if r.URL.Query().Get("findings") == "" {
		d = d.WithoutFindings()
	}
	writeJSON(w, http.StatusOK, d)
}

// request reads and parses a body, and resolves its tenant.
func (s *Server) request(w http.ResponseWriter, r *http.Request, parse func([]byte) (Request, error)) (Request, error) {
	b, err := s.body(w, r)
	if err != nil {
		return Request{}, err
	}
	req, err := parse(b)
	if err != nil {
		return Request{}, errorf(http.StatusBadRequest, "%v", err)
	}
	req.Tenant, err = s.tenant(r, req.Tenant)
	return req, err
}

func (s *Server) logError(id string, err error) {
	s.metrics.logError()
	s.logger.Error("decision log", "decision_id", id, "err", err)
}
