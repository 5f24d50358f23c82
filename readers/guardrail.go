package readers

import "fmt"

// GuardrailSchema names the version of the guardrail object a guard
// writes into its decision log (package guard, ragaudit.guard/v1).
const GuardrailSchema = "ragaudit.guard/v1"

// Guardrail is what a runtime guard decided about a record's answer: the
// "guardrail" object of a line of its decision log. The record's
// assistant message is the answer as served; Attempts are what the model
// generated. The JSON names are a public contract (docs/guard.md).
type Guardrail struct {
	Schema      string `json:"schema"`
	DecisionID  string `json:"decision_id"`
	Version     string `json:"ragaudit_version"`
	ModelHash   string `json:"model_sha256"`  // what decides each citation's verdict (pipeline.VerdictHash)
	PolicyHash  string `json:"policy_sha256"` // the tenant's policy
	Mode        string `json:"mode"`          // enforce or annotate
	Action      string `json:"action"`        // pass, annotate, unverifiable, drop, fallback, refuse, reject, expired
	HumanReview bool   `json:"human_review"`
	// Gate is the retrieval floor's judgement, when the answer had
	// retrieval to judge.
	Gate     *GuardGate     `json:"gate,omitempty"`
	Attempts []GuardAttempt `json:"attempts"`
	// Served is the verdict of the content as served (the assistant
	// message), nil when nothing was checked (a refusal before the check,
	// a timeout).
	Served    *GuardVerdict `json:"served,omitempty"`
	TimedOut  bool          `json:"timed_out,omitempty"`
	Error     string        `json:"error,omitempty"`
	LatencyUS int64         `json:"latency_us"`
	// Context counts the record's leading messages that were the
	// conversation before the decision: earlier turns whose retrievals
	// its citations may name ("as mentioned, … [kb-1]"). Their answers
	// were decisions of their own, so the audit reads them as context
	// only (Record.Prior).
	Context int `json:"context_messages,omitempty"`
}

// GuardGate is the retrieval floor's judgement of a decision.
type GuardGate struct {
	TopScore *float64 `json:"top_score"` // nil: no chunk had a score
	Floor    float64  `json:"floor"`
	Passed   bool     `json:"passed"`
}

// GuardAttempt is one answer the model generated and the guard checked.
type GuardAttempt struct {
	N        int          `json:"n"`
	Content  string       `json:"content"`
	Action   string       `json:"action"` // what the guard decided on it
	Verdict  GuardVerdict `json:"verdict"`
	Feedback []string     `json:"feedback,omitempty"` // quoted back when it asked for another attempt
}

// GuardVerdict is the verdict of one text as the guard logged it.
type GuardVerdict struct {
	Status string       `json:"status"`
	Claims []GuardClaim `json:"claims"`
}

// GuardClaim is one claim of a checked text: its span (code points), the
// claim's verdict, the guard's classes of failure and whether it dropped
// it, and its citations' verdicts.
type GuardClaim struct {
	Index     int             `json:"index"`
	Span      [2]int          `json:"span"`
	Verdict   string          `json:"verdict"`
	Classes   []string        `json:"classes,omitempty"`
	Dropped   bool            `json:"dropped,omitempty"`
	Citations []GuardCitation `json:"citations"`
}

// GuardCitation is one citation of a claim with its verdict.
type GuardCitation struct {
	Citation     string   `json:"citation"`
	ChunkID      *string  `json:"chunk_id"`
	Verdict      string   `json:"verdict"`
	SupportScore *float64 `json:"support_score"`
}

// ReasonNotServed skips a decision whose regeneration never came back:
// nothing was served, so there is no answer to audit.
const ReasonNotServed = "not_served"

// checkGuardrail refuses a guardrail object the audit cannot read back:
// another schema, or an action it does not know.
func checkGuardrail(g *Guardrail) error {
	if g.Schema != GuardrailSchema {
		return fmt.Errorf("guardrail.schema %q: want %q (written by another ragaudit version?)", g.Schema, GuardrailSchema)
	}
	if g.DecisionID == "" {
		return fmt.Errorf("guardrail.decision_id is missing")
	}
	switch g.Action {
	case "pass", "annotate", "unverifiable", "drop", "fallback", "refuse", "reject", "expired":
	default:
		return fmt.Errorf("guardrail.action %q: want pass, annotate, unverifiable, drop, fallback, refuse, reject or expired", g.Action)
	}
	return nil
}

// ContextMessages is how many leading messages of a guard's decision are
// the conversation before it (Guardrail.Context), never audited again; 0
// for other records.
func (r *Record) ContextMessages() int {
	if r.Guardrail == nil {
		return 0
	}
	return min(max(r.Guardrail.Context, 0), len(r.Messages))
}
