package guard

import (
	"io"
	"sync"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// decisionLog writes one canonical record per decision, each line whole
// and flushed before the next begins.
type decisionLog struct {
	mu sync.Mutex
	w  readers.Writer
}

func newDecisionLog(w io.Writer) *decisionLog { return &decisionLog{w: readers.NewJSONLWriter(w)} }

func (l *decisionLog) write(rec *readers.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.w.Write(rec); err != nil {
		return err
	}
	return l.w.Close() // flushes
}

// writeLog logs a final decision, when the guard has a log.
func (g *Guard) writeLog(d *Decision) error {
	if g.log == nil {
		return nil
	}
	return g.log.write(g.Record(d))
}

// Record is a decision as a line of the decision log: a canonical
// conversation record whose assistant message is the content as served,
// with its retrieval, and whose guardrail object holds every attempt.
// ragaudit audit reads it like any log.
func (g *Guard) Record(d *Decision) *readers.Record {
	r := d.req
	if r.ConversationID == "" {
		r.ConversationID = d.ID
	}
	content, cits := d.Content, []readers.Citation(nil)
	if content == r.Answer {
		cits = r.Citations
	}
	if d.Action == ActionExpired && len(d.Attempts) > 0 {
		content = d.Attempts[len(d.Attempts)-1].Content // nothing was served; the reader skips it
	}
	rec := r.record(content, cits, d.start.UTC())
	_, hash := g.Policy(d.Tenant)
	gr := &readers.Guardrail{Schema: readers.GuardrailSchema, DecisionID: d.ID, Version: g.version, ModelHash: g.modelHash,
		PolicyHash: hash, Mode: d.Mode, Action: d.Action, HumanReview: d.HumanReview, Attempts: []readers.GuardAttempt{},
		TimedOut: d.TimedOut, Error: d.Err, LatencyUS: d.Latency.Microseconds(), Context: rec.Prior}
	if d.Gate != nil {
		gr.Gate = &readers.GuardGate{TopScore: d.Gate.TopScore, Floor: d.Gate.Floor, Passed: d.Gate.Decision == ActionPass}
	}
	for _, a := range d.Attempts {
		gr.Attempts = append(gr.Attempts, readers.GuardAttempt{N: a.N, Content: a.Content, Action: a.Action,
			Verdict: guardVerdict(&a.Verdict), Feedback: a.Feedback})
	}
	if d.Verdict != nil && d.Action != ActionExpired {
		sv := guardVerdict(d.Verdict)
		gr.Served = &sv
	}
	rec.Guardrail = gr
	return rec
}

// guardVerdict is a verdict as the log holds it: the audit's projection
// of its findings (audit.GuardClaims, which the audit of the log
// recomputes) with the guard's classes and drops.
func guardVerdict(v *Verdict) readers.GuardVerdict {
	gv := readers.GuardVerdict{Status: v.Status, Claims: audit.GuardClaims(v.Findings)}
	for i := range gv.Claims {
		for j := range v.Claims {
			if v.Claims[j].Index != gv.Claims[i].Index {
				continue
			}
			for _, c := range v.Claims[j].Classes {
				gv.Claims[i].Classes = append(gv.Claims[i].Classes, string(c))
			}
			gv.Claims[i].Dropped = v.Claims[j].Dropped
		}
	}
	return gv
}
