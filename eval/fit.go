package eval

import (
	"maps"
	"math"
	"slices"
	"sort"

	"github.com/ragaudit/ragaudit/audit"
)

// Procedure is a way of fitting the verdict: the signals it leaves out of
// the weights and the signals it treats as decisive.
type Procedure struct {
	Drop     map[string]bool
	HardFail []string
}

// without is the procedure with one more signal left out, neither weighed
// nor decisive (an ablation).
func (p Procedure) without(signal string) Procedure {
	q := Procedure{Drop: maps.Clone(p.Drop)}
	if q.Drop == nil {
		q.Drop = map[string]bool{}
	}
	q.Drop[signal] = true
	for _, h := range p.HardFail {
		if h != signal {
			q.HardFail = append(q.HardFail, h)
		}
	}
	return q
}

// lambda is the L2 penalty of the fit, for weights of mean 1 per item.
const lambda = 1.0

// fit fits a model on the fittable single-citation items, every data set
// and, within it, each class weighing the same (see balance). The model is
// kept monotone: a signal that measures agreement (audit.Supportive) never
// gets a negative weight, so more overlap never lowers a score; such a
// signal fitted negative, which happens when signals overlap, is left out
// and the rest refitted. Its threshold is chosen as the rule's is (cut).
func (p Procedure) fit(name string, items []item) audit.Model {
	train := trainable(items)
	return p.fitWith(name, train, balance(train))
}

// fitWith is fit on the items as given, each weighing w.
func (p Procedure) fitWith(name string, train []item, w []float64) audit.Model {
	drop := maps.Clone(p.Drop)
	if drop == nil {
		drop = map[string]bool{}
	}
	for {
		var xs []example
		for i, it := range train {
			if it.Features != nil {
				xs = append(xs, example{Features: mask(it.Features, drop), Supported: it.Supported, Weight: w[i]})
			}
		}
		m := fitLogistic(name, xs, lambda)
		m.HardFail = slices.Clone(p.HardFail)
		worst, worstW := "", 0.0
		for _, s := range audit.Signals { // in order: deterministic
			if wt := m.Weights[s.Name]; s.Supportive && !drop[s.Name] && wt < worstW {
				worst, worstW = s.Name, wt
			}
		}
		if worst == "" {
			scores := make([]float64, len(train))
			for i, it := range train {
				_, scores[i] = modelScore(m, it)
			}
			m.Threshold = math.Round(min(max(cut(scores, train, w), 0.01), 0.99)*1e6) / 1e6
			return m
		}
		drop[worst] = true
	}
}

// trainable returns the items a verdict is fitted on: single citations
// not marked score-only.
func trainable(items []item) []item {
	var out []item
	for _, it := range items {
		if it.Scope == scopeCitation && !it.ScoreOnly {
			out = append(out, it)
		}
	}
	return out
}

// mask is f with the dropped signals at 0.
func mask(f audit.Features, drop map[string]bool) audit.Features {
	if len(drop) == 0 {
		return f
	}
	g := slices.Clone(f)
	for i, s := range audit.Signals {
		if drop[s.Name] {
			g[i] = 0
		}
	}
	return g
}

// balance weighs items so that every data set, and within a data set
// each class, has the same total weight; the mean weight is 1. Fitting
// and choosing a threshold under these weights maximise the mean over
// data sets of balanced accuracy: a large set does not drown a small one.
func balance(items []item) []float64 {
	type cell struct {
		dataset   string
		supported bool
	}
	n := map[cell]int{}
	for _, it := range items {
		n[cell{it.Dataset, it.Supported}]++
	}
	w := make([]float64, len(items))
	for i, it := range items {
		w[i] = float64(len(items)) / float64(len(n)*n[cell{it.Dataset, it.Supported}])
	}
	return w
}

// modelScore is the model's support score of an item, the support_score
// of its finding (audit.Model.Decide; -1 without features), and its
// decision score, which a decisive signal puts below 0 (p-1) so that no
// threshold in [0, 1] passes it.
func modelScore(m audit.Model, it item) (score, decision float64) {
	if it.Features == nil {
		return -1, -1
	}
	_, score = m.Decide(it.Features, "")
	decision = m.Probability(it.Features)
	if m.HardFailed(it.Features) {
		decision--
	}
	return score, decision
}

// ruleScore is the word-overlap rule's score of an item (item.Rule).
func ruleScore(it item) float64 { return it.Rule }

// cut returns the threshold in [0, 1] that maximises the weighted share
// of correct decisions (supported when the score reaches it) on labelled
// scores: with balance's weights, the mean balanced accuracy of the data
// sets. Thresholds are taken halfway between adjacent scores; of equally
// good ones, the middle one.
func cut(scores []float64, items []item, w []float64) float64 {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] < scores[idx[b]] })
	// Below every score all pass: correct is the supported weight. Each
	// group of equal scores then fails in turn; a threshold outside
	// [0, 1] (where decisive failures and unmeasured items lie) is not
	// a candidate, but the state it leads to is counted on.
	correct := 0.0
	for i, it := range items {
		if it.Supported {
			correct += w[i]
		}
	}
	type cand struct{ t, correct float64 }
	var cands []cand
	if len(idx) == 0 || scores[idx[0]] >= 0 {
		cands = append(cands, cand{0, correct})
	}
	for k := 0; k < len(idx); {
		j := k
		for ; j < len(idx) && scores[idx[j]] == scores[idx[k]]; j++ {
			if items[idx[j]].Supported {
				correct -= w[idx[j]]
			} else {
				correct += w[idx[j]]
			}
		}
		if j < len(idx) {
			next := scores[idx[j]]
			t := (scores[idx[k]] + next) / 2
			if t < 0 && next >= 0 {
				t = 0
			}
			if t >= 0 && t <= 1 {
				cands = append(cands, cand{t, correct})
			}
		}
		k = j
	}
	if len(cands) == 0 {
		return 0.5
	}
	best := math.Inf(-1)
	for _, c := range cands {
		best = math.Max(best, c.correct)
	}
	var ts []float64
	for _, c := range cands {
		if c.correct >= best-1e-9 {
			ts = append(ts, c.t)
		}
	}
	return ts[len(ts)/2]
}

// Shipped is the procedure of a shipped model: the signals it weighs
// and every decisive signal, as the table of signals says.
func Shipped(model audit.Shipped) Procedure {
	drop := map[string]bool{}
	for _, s := range audit.Signals {
		drop[s.Name] = s.Weighed&model == 0
	}
	return Procedure{Drop: drop, HardFail: audit.Decisive()}
}
