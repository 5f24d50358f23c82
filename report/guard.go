package report

import (
	"fmt"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
)

// Guard is what the audit of a guard's decision log says of the guard:
// its decisions, how often it intervened, whether the audit recomputes
// its logged verdicts alike, and (with --attempts) the rate of what the
// model generated beside the rate of what was served.
type Guard struct {
	*pipeline.GuardCounts
	Generated *Generated `json:"generated,omitempty"`
}

// Generated is the citation accuracy of what the model generated, before
// the guard: every attempt of every decision.
type Generated struct {
	CitationAccuracy float64       `json:"citation_accuracy"`
	CI95Low          float64       `json:"ci95_low"`
	CI95High         float64       `json:"ci95_high"`
	Citations        int           `json:"citations"`
	Answers          int           `json:"answers"`
	Tenants          []audit.Group `json:"tenants"`
}

// guardOf summarises a run's guard counts (nil: no decision in the logs).
func guardOf(c *pipeline.GuardCounts) *Guard {
	if c == nil {
		return nil
	}
	g := &Guard{GuardCounts: c}
	if c.Generated != nil {
		s := NewSummary("", c.Generated, 0, nil, nil)
		by := s.Counts.CitationsByVerdict
		g.Generated = &Generated{CitationAccuracy: s.CitationAccuracy, CI95Low: s.CI95Low, CI95High: s.CI95High,
			Citations: by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated], Answers: s.Counts.Answers, Tenants: s.Tenants}
	}
	return g
}

// guardFailure says why the guard's log fails the run ("" when it does
// not): a logged verdict the audit recomputes otherwise under the same
// model means the runtime did not decide as the audit does.
func (s *Summary) guardFailure() string {
	g := s.Guard
	if g == nil || g.Disagreements == 0 {
		return ""
	}
	first := g.Examples[0]
	return fmt.Sprintf("%d verdict(s) in the guard's decision log are recomputed otherwise under the same model (first: %s conversation %s, decision %s, %s: %s)",
		g.Disagreements, Printable(first.Source), Printable(first.ConversationID), Printable(first.DecisionID), first.What, Printable(first.Detail))
}

// guardGate measures --fail-on fallback and intervened: shares of the
// guard's decisions. Without a decision in the logs the gate fails: it
// was pointed at logs that are not a guard's.
func guardGate(g GateSpec, s *Summary) Gate {
	gate := Gate{Spec: g.String(), Limit: g.Limit}
	if s.Guard == nil {
		gate.Detail = "the logs hold no decision of a guard (no guardrail object): give its --decision-log"
		return gate
	}
	n := float64(s.Guard.ByAction["fallback"])
	what := "fallbacks"
	if g.Name == "intervened" {
		n, what = float64(s.Guard.Intervened), "decisions that changed or withheld the model's answer"
	}
	of := float64(s.Guard.Decisions)
	value := n
	if g.Share {
		value = n / of
	}
	gate.Value, gate.Pass = round6(value), value <= g.Limit
	gate.Detail = fmt.Sprintf("%g %s of %g decisions (%s)", n, what, of, pct(n/of))
	return gate
}

// writeGuard writes the guard's lines of the text summary.
func writeGuard(b *strings.Builder, s *Summary) {
	g := s.Guard
	if g == nil {
		return
	}
	var actions []string
	for _, a := range []string{"pass", "annotate", "unverifiable", "drop", "fallback", "refuse", "reject"} {
		if n := g.ByAction[a]; n > 0 {
			actions = append(actions, fmt.Sprintf("%d %s", n, a))
		}
	}
	fmt.Fprintf(b, "Guard: %d decisions (%s); intervened in %d (%s); %d for human review\n", g.Decisions, strings.Join(actions, ", "),
		g.Intervened, pct(float64(g.Intervened)/float64(g.Decisions)), g.HumanReview)
	fmt.Fprintf(b, "Guard verdicts recomputed: %d decisions compared, %d disagree", g.Compared, g.Disagreements)
	if g.OtherModel > 0 {
		fmt.Fprintf(b, "; %d logged under another model or version (not compared)", g.OtherModel)
	}
	b.WriteString("\n")
	for _, d := range g.Examples {
		fmt.Fprintf(b, "  %s %s %s %s: %s\n", Printable(d.Source), Printable(d.ConversationID), Printable(d.DecisionID), d.What, Printable(d.Detail))
	}
	if gen := g.Generated; gen != nil {
		fmt.Fprintf(b, "Generated (every attempt, before the guard): %s (95%% CI %s–%s) over %d citations in %d answers; served: %s\n",
			pct(gen.CitationAccuracy), pct(gen.CI95Low), pct(gen.CI95High), gen.Citations, gen.Answers, pct(s.CitationAccuracy))
		served := map[string]audit.Group{}
		for _, t := range s.Tenants {
			served[t.Name] = t
		}
		var parts []string
		for _, t := range gen.Tenants {
			if sv, ok := served[t.Name]; ok && t.Citations > 0 {
				parts = append(parts, fmt.Sprintf("%s %s → %s", tenantName(t.Name), pct(t.Accuracy), pct(sv.Accuracy)))
			}
		}
		if len(parts) > 0 {
			fmt.Fprintf(b, "  by tenant, generated → served: %s\n", strings.Join(parts, "; "))
		}
	}
}

func tenantName(n string) string {
	if n == "" {
		return "(none)"
	}
	return Printable(n)
}
