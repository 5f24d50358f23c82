package eval

import (
	"hash/fnv"
	"maps"
	"sort"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Example is a labelled citation with the model inputs ragaudit measured,
// for fitting and cross-validation.
type Example struct {
	Set          string // which label file it came from
	Conversation string
	Tenant       string
	Agent        string
	Scope        string
	Supported    bool
	Features     []float64 // nil: fabricated or not auditable, always unsupported
}

// Examples joins findings to cited labels (partial excluded) like Join and
// returns the feature vectors behind each verdict.
func Examples(set string, findings []audit.Finding, labels []readers.Label) []Example {
	pairs, _ := Join(findings, labels, "")
	out := make([]Example, 0, len(pairs))
	for _, p := range pairs {
		ex := Example{Set: set, Conversation: p.Label.ConversationID, Tenant: p.Finding.Tenant, Agent: p.Finding.Agent,
			Scope: p.Label.LabelScope, Supported: p.Label.Label == audit.Supported}
		if p.Finding.Signals != nil && p.Finding.SupportScore != nil {
			ex.Features = make([]float64, len(audit.FeatureNames))
			for i, n := range audit.FeatureNames {
				ex.Features[i] = float64(p.Finding.Signals[n])
			}
		}
		out = append(out, ex)
	}
	return out
}

// Fit fits a model on examples; drop names signals left out (ablation).
// The model is kept monotone: a signal that measures agreement
// (audit.Supportive) never gets a negative weight, so more overlap never
// lowers a score. Such a signal fitted negative, which happens when
// signals overlap, is left out and the rest refitted.
func Fit(name string, xs []Example, drop map[string]bool, hardFail []string) audit.Model {
	drop = maps.Clone(drop)
	if drop == nil {
		drop = map[string]bool{}
	}
	for {
		var train []audit.Example
		for _, x := range xs {
			if x.Features == nil {
				continue
			}
			train = append(train, audit.Example{Features: mask(x.Features, drop), Supported: x.Supported})
		}
		m := audit.Fit(name, train, 1.0)
		m.HardFail = hardFail
		worst, worstW := "", 0.0
		for _, n := range audit.FeatureNames { // in order: deterministic
			if w := m.Weights[n]; audit.Supportive(n) && !drop[n] && w < worstW {
				worst, worstW = n, w
			}
		}
		if worst == "" {
			return m
		}
		drop[worst] = true
	}
}

func mask(f []float64, drop map[string]bool) []float64 {
	if len(drop) == 0 {
		return f
	}
	g := append([]float64(nil), f...)
	for i, n := range audit.FeatureNames {
		if drop[n] {
			g[i] = 0
		}
	}
	return g
}

// Predict applies a model to examples and returns them as pairs to score.
// drop masks signals left out of the weights; the model's hard-fail
// signals stay decisive as they are in an audit (entity_mismatch is
// decisive without a weight, and masking it made CV score a model that
// never ships).
func Predict(m audit.Model, xs []Example, drop map[string]bool) []Pair {
	if len(m.HardFail) > 0 {
		drop = maps.Clone(drop)
		for _, h := range m.HardFail {
			delete(drop, h)
		}
	}
	out := make([]Pair, len(xs))
	for i, x := range xs {
		label := audit.Unsupported
		if x.Supported {
			label = audit.Supported
		}
		p := Pair{Label: readers.Label{Label: label, LabelScope: x.Scope}, Agent: x.Agent, Predicted: audit.Unsupported}
		if x.Features != nil {
			ok, prob := m.Decide(mask(x.Features, drop), x.Tenant)
			p.Score = prob
			if ok {
				p.Predicted = audit.Supported
			}
		}
		out[i] = p
	}
	return out
}

// Fold assigns a conversation to one of k folds by a hash of its id, so
// that fitting and scoring never see the same conversation.
func Fold(conversation string, k int) int {
	h := fnv.New32a()
	h.Write([]byte(conversation))
	return int(h.Sum32() % uint32(k))
}

// CrossValidate fits on k-1 folds of all examples (every set pooled, as the
// shipped model is) and predicts the held-out fold; it returns the
// held-out predictions grouped by set, in set order.
func CrossValidate(xs []Example, k int, drop map[string]bool, hardFail []string) map[string][]Pair {
	out := map[string][]Pair{}
	for fold := 0; fold < k; fold++ {
		var train, test []Example
		for _, x := range xs {
			if Fold(x.Conversation, k) == fold {
				test = append(test, x)
			} else {
				train = append(train, x)
			}
		}
		m := Fit("cv", train, drop, hardFail)
		for i, p := range Predict(m, test, drop) {
			out[test[i].Set] = append(out[test[i].Set], p)
		}
	}
	return out
}

// Sets returns the set names of examples, sorted.
func Sets(xs []Example) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range xs {
		if !seen[x.Set] {
			seen[x.Set] = true
			out = append(out, x.Set)
		}
	}
	sort.Strings(out)
	return out
}

// UnusedSignals returns the signals the shipped models leave out (all but
// audit.ModelSignals; without embeddings also the embedding signals), as a
// drop set for Fit and CrossValidate.
func UnusedSignals(withEmbeddings bool) map[string]bool {
	drop := map[string]bool{}
	for _, n := range audit.FeatureNames {
		drop[n] = true
	}
	for _, n := range audit.ModelSignals {
		delete(drop, n)
	}
	if !withEmbeddings {
		drop["embed_sim"], drop["soft_recall"] = true, true
	}
	return drop
}
