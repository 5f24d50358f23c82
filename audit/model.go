package audit

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Model is the verdict: a logistic regression over named signals, small
// enough to read. p(supported) = sigmoid(bias + Σ weight·signal); a citation
// is supported when p reaches the threshold (of its tenant, if calibrated).
type Model struct {
	Name             string             `json:"name"`
	Bias             float64            `json:"bias"`
	Weights          map[string]float64 `json:"weights"`
	Threshold        float64            `json:"threshold"`
	TenantThresholds map[string]float64 `json:"tenant_thresholds,omitempty"`
	// HardFail lists signals that make a citation unsupported whatever the
	// score: a wrong number or a flipped negation is not a matter of degree.
	HardFail []string `json:"hard_fail,omitempty"`
}

// weighsVectors reports whether the model weighs a similarity only an
// embedder measures.
func (m *Model) weighsVectors() bool {
	for _, n := range []string{"embed_sim", "soft_recall", "soft_min"} {
		if m.Weights[n] != 0 {
			return true
		}
	}
	return false
}

// validate checks that a model (e.g. from a config file) is usable.
func (m *Model) validate() error {
	for n, w := range m.Weights {
		if _, ok := signalIndex[n]; !ok {
			return fmt.Errorf("model %q: unknown signal %q in weights (known: %v)", m.Name, n, signalNames())
		}
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("model %q: weight of %s is not a number", m.Name, n)
		}
	}
	for _, n := range m.HardFail {
		if !slices.Contains(Decisive(), n) {
			return fmt.Errorf("model %q: hard_fail %q: want one of %s", m.Name, n, strings.Join(Decisive(), ", "))
		}
	}
	if !(m.Threshold > 0 && m.Threshold < 1) {
		return fmt.Errorf("model %q: threshold %v: want a probability strictly between 0 and 1", m.Name, m.Threshold)
	}
	for t, v := range m.TenantThresholds {
		if !(v > 0 && v < 1) {
			return fmt.Errorf("model %q: threshold of tenant %q is %v: want a probability strictly between 0 and 1", m.Name, t, v)
		}
	}
	if math.IsNaN(m.Bias) || math.IsInf(m.Bias, 0) {
		return fmt.Errorf("model %q: bias is not a number", m.Name)
	}
	return nil
}

func signalNames() []string {
	out := make([]string, len(Signals))
	for i, s := range Signals {
		out[i] = s.Name
	}
	return out
}

// Outdated says, for a model fitted by an older ragaudit, what it lacks:
// the word-overlap signal, or a monotone fit ("" when current).
func (m *Model) Outdated() string {
	var notes []string
	if _, ok := m.Weights["plain_overlap"]; !ok {
		notes = append(notes, "it has no weight for plain_overlap, the word-overlap signal, and was fitted on sentences rather than the spans citations cover")
	}
	for _, s := range Signals {
		if s.Supportive && m.Weights[s.Name] < 0 {
			notes = append(notes, fmt.Sprintf("%s has a negative weight, so more overlap lowers a score", s.Name))
			break
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return strings.Join(notes, "; ") + ": run ragaudit calibrate again to refit it"
}

// Probability is p(supported) of a pair's signals.
func (m *Model) Probability(f Features) float64 {
	z := m.Bias
	for i, s := range Signals {
		z += m.Weights[s.Name] * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// ThresholdFor returns the tenant's calibrated threshold, or the default.
func (m *Model) ThresholdFor(tenant string) float64 { return m.thresholdFor(tenant) }

// thresholdFor returns the tenant's calibrated threshold, or the default.
func (m *Model) thresholdFor(tenant string) float64 {
	if t, ok := m.TenantThresholds[tenant]; ok {
		return t
	}
	return m.Threshold
}

// decisive reports whether a signal is one of the model's hard-fail rules.
func (m *Model) decisive(signal string) bool { return slices.Contains(m.HardFail, signal) }

// HardFailed reports whether one of the model's decisive signals fails
// the pair, whatever its score.
func (m *Model) HardFailed(f Features) bool { return len(m.hardFailures(f)) > 0 }

// hardFailures are the model's decisive signals that fail the pair, in
// the order of Signals: the reasons of its failure.
func (m *Model) hardFailures(f Features) []string {
	var out []string
	for i, s := range Signals {
		if s.Decisive && f[i] == 1 && m.decisive(s.Name) {
			out = append(out, s.Name)
		}
	}
	return out
}

// Decide is the verdict on a pair's signals: supported or not, and its
// support score: p, or p × the threshold when a decisive signal fails it,
// so that every failing pair scores below the threshold (in the order of
// p) and sorting by score puts it among the failures.
func (m *Model) Decide(f Features, tenant string) (supported bool, score float64) {
	p, t := m.Probability(f), m.thresholdFor(tenant)
	if m.HardFailed(f) {
		return false, p * t
	}
	return p >= t, p
}

// verdict decides one measured pair and says why; score is Decide's.
func (m *Model) verdict(ms *measures, tenant string) (verdict string, score float64, reasons []string) {
	f := features(ms)
	ok, score := m.Decide(f, tenant)
	if ok {
		return Supported, score, nil
	}
	if reasons = m.hardFailures(f); slices.Contains(reasons, "negation_mismatch") && ms.NegationCause != "" {
		reasons = append(reasons, ms.NegationCause) // which kind, said in its place
	} else if len(reasons) == 0 {
		reasons = append(reasons, reasonLowSimilarity)
		if len(ms.Unstated) > 0 && ms.PlainOverlap >= partlyStated {
			reasons = append(reasons, reasonPartlyStated)
		}
	}
	return Unsupported, score, reasons
}

// partlyStated is the share of its content words a chunk must state for
// a claim of low similarity to be partly stated too (the reason
// partly_stated, with the rest in Finding.Unstated).
const partlyStated = 0.5
