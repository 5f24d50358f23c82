package audit

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// FeatureNames are the model's inputs, in order. Each is a named signal a
// reader can check in findings.jsonl ("signals").
var FeatureNames = []string{
	"np_coverage",         // share of noun-phrase words found in the chunk
	"token_overlap",       // share of content words found in the chunk
	"window_overlap",      // share of content words found in the best window
	"ngram_sim",           // character 4-gram cosine with the best window
	"embed_sim",           // embedding cosine with the most similar window
	"number_mismatch",     // 1 when a number, amount or date is absent from the chunk
	"negation_mismatch",   // 1 when one side is negated and the other is not
	"entity_missing",      // share of the sentence's proper nouns absent from the chunk
	"bigram_overlap",      // share of adjacent content-word pairs found in the chunk
	"missing_words",       // content words absent from the chunk, /8, capped at 1
	"length",              // content words of the sentence, /30, capped at 1
	"soft_recall",         // weighted share of the sentence's words matched by word vectors in the chunk
	"soft_min",            // the worst-matched contentful word
	"entity_mismatch",     // 1 when a close match names an entity the chunk does not
	"sentence_min_bigram", // the lowest bigram_overlap among the sentence's cited chunks
	"sentence_min_ngram",  // the lowest ngram_sim among the sentence's cited chunks
	"plain_overlap",       // the word-overlap rule's share of content words found in the chunk
}

var featureIndex = func() map[string]int {
	m := map[string]int{}
	for i, n := range FeatureNames {
		m[n] = i
	}
	return m
}()

// againstSupport are the signals that measure disagreement (or, for
// length, neither): their weights may take any sign.
var againstSupport = map[string]bool{"number_mismatch": true, "negation_mismatch": true, "entity_missing": true,
	"missing_words": true, "length": true, "entity_mismatch": true}

// Supportive reports whether a signal measures agreement between the
// sentence and the chunk, so that its weight must not be negative.
func Supportive(signal string) bool { return !againstSupport[signal] }

// Features turns signals into the model's input vector, in FeatureNames
// order. A signal that could not be computed takes its nearest stand-in
// (no noun phrase: word overlap) or 0.
func Features(s Signals) []float64 {
	tok := math.Max(s.TokenOverlap, 0)
	np := s.NPCoverage
	if np < 0 {
		np = tok
	}
	bi := s.BigramOverlap
	if bi < 0 {
		bi = tok
	}
	f := []float64{np, tok, math.Max(s.WindowOverlap, 0), s.NgramSim, math.Max(s.EmbedSim, 0), 0, 0, 0,
		bi, math.Min(float64(s.MissingWords)/8, 1), math.Min(float64(s.Words)/30, 1),
		math.Max(s.SoftRecall, 0), math.Max(s.SoftMin, 0), 0}
	if s.EntityMismatch {
		f[13] = 1
	}
	if len(s.NumbersMissing) > 0 {
		f[5] = 1
	}
	if s.NegationMismatch {
		f[6] = 1
	}
	if s.EntityShare >= 0 {
		f[7] = 1 - s.EntityShare
	}
	// Alone (one citation, the union of a sentence's chunks, a candidate
	// better chunk) a pair is its sentence's weakest citation.
	minBi, minNgram := bi, s.NgramSim
	if s.sentenceMin != nil {
		minBi, minNgram = s.sentenceMin[0], s.sentenceMin[1]
	}
	return append(f, minBi, minNgram, math.Max(s.PlainOverlap, 0))
}

// setSentenceMin gives each of a sentence's measured citations the lowest
// bigram_overlap and ngram_sim among them. A sentence whose citations do
// not all state it word for word is often a synthesis that none of them
// supports (HAGRID's jointly judged sentences); measured by cross-validation
// in the README.
func setSentenceMin(sigs []*Signals) {
	if len(sigs) < 2 {
		return
	}
	lo := [2]float64{math.Inf(1), math.Inf(1)}
	for _, s := range sigs {
		f := Features(*s)
		lo[0] = math.Min(lo[0], f[featureIndex["bigram_overlap"]])
		lo[1] = math.Min(lo[1], f[featureIndex["ngram_sim"]])
	}
	for _, s := range sigs {
		s.sentenceMin = &lo
	}
}

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

// Validate checks that a model (e.g. from a config file) is usable.
func (m *Model) Validate() error {
	known := map[string]bool{}
	for _, n := range FeatureNames {
		known[n] = true
	}
	for n, w := range m.Weights {
		if !known[n] {
			return fmt.Errorf("model %q: unknown signal %q in weights (known: %v)", m.Name, n, FeatureNames)
		}
		if math.IsNaN(w) || math.IsInf(w, 0) {
			return fmt.Errorf("model %q: weight of %s is not a number", m.Name, n)
		}
	}
	for _, n := range m.HardFail {
		if !slices.Contains(HardFailSignals, n) {
			return fmt.Errorf("model %q: hard_fail %q: want one of %s", m.Name, n, strings.Join(HardFailSignals, ", "))
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

// Outdated says, for a model fitted by an older ragaudit, what it lacks:
// the word-overlap signal, or a monotone fit ("" when current).
func (m *Model) Outdated() string {
	var notes []string
	if _, ok := m.Weights["plain_overlap"]; !ok {
		notes = append(notes, "it has no weight for plain_overlap, the word-overlap signal, and was fitted on sentences rather than the spans citations cover")
	}
	for _, n := range FeatureNames {
		if Supportive(n) && m.Weights[n] < 0 {
			notes = append(notes, fmt.Sprintf("%s has a negative weight, so more overlap lowers a score", n))
			break
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return strings.Join(notes, "; ") + ": run ragaudit calibrate again to refit it"
}

// Probability is p(supported) for a feature vector.
func (m *Model) Probability(f []float64) float64 {
	z := m.Bias
	for i, n := range FeatureNames {
		z += m.Weights[n] * f[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// ThresholdFor returns the tenant's calibrated threshold, or the default.
func (m *Model) ThresholdFor(tenant string) float64 {
	if t, ok := m.TenantThresholds[tenant]; ok {
		return t
	}
	return m.Threshold
}

// decisive reports whether a signal is one of the model's hard-fail rules.
func (m *Model) decisive(signal string) bool {
	for _, h := range m.HardFail {
		if h == signal {
			return true
		}
	}
	return false
}

// HardFailed reports whether one of the model's decisive signals fails
// the feature vector, whatever its score.
func (m *Model) HardFailed(f []float64) bool {
	for _, h := range m.HardFail {
		if f[featureIndex[h]] == 1 {
			return true
		}
	}
	return false
}

// Decide is the verdict on a feature vector: supported or not, and its
// support score: p, or p × the threshold when a decisive signal fails it,
// so that every failing vector scores below the threshold (in the order
// of p) and sorting by score puts it among the failures.
func (m *Model) Decide(f []float64, tenant string) (supported bool, score float64) {
	p, t := m.Probability(f), m.ThresholdFor(tenant)
	if m.HardFailed(f) {
		return false, p * t
	}
	return p >= t, p
}

// Verdict decides one pair and says why; score is Decide's.
func (m *Model) Verdict(s Signals, tenant string) (verdict string, score float64, reasons []string) {
	f := Features(s)
	ok, score := m.Decide(f, tenant)
	verdict = Supported
	if !ok {
		verdict = Unsupported
		for _, h := range m.HardFail {
			if f[featureIndex[h]] == 1 {
				reasons = append(reasons, h)
			}
		}
		if len(reasons) == 0 {
			reasons = append(reasons, "low_similarity")
			if len(s.Unstated) > 0 && s.PlainOverlap >= partlyStated {
				reasons = append(reasons, "partly_stated")
			}
		}
	}
	return verdict, score, reasons
}

// partlyStated is the share of its content words a chunk must state for
// a sentence of low similarity to be partly stated too (the reason
// partly_stated, with the rest in Finding.Unstated).
const partlyStated = 0.5

// Example is one labelled feature vector for fitting.
type Example struct {
	Features  []float64
	Supported bool
	Weight    float64 // 0 means 1
}

// Fit fits a logistic regression by Newton's method with an L2 penalty
// (lambda) on the weights, not the bias. It is deterministic: same examples,
// same model. Classes are reweighted to balance, since the verdict is judged
// by balanced accuracy.
func Fit(name string, xs []Example, lambda float64) Model {
	k := len(FeatureNames) + 1 // bias last
	w := make([]float64, k)
	var pos, neg float64
	for _, x := range xs {
		if x.Supported {
			pos += exWeight(x)
		} else {
			neg += exWeight(x)
		}
	}
	cw := func(x Example) float64 {
		if pos == 0 || neg == 0 {
			return exWeight(x)
		}
		if x.Supported {
			return exWeight(x) * (pos + neg) / (2 * pos)
		}
		return exWeight(x) * (pos + neg) / (2 * neg)
	}
	for iter := 0; iter < 50; iter++ {
		grad := make([]float64, k)
		hess := make([][]float64, k)
		for i := range hess {
			hess[i] = make([]float64, k)
		}
		for _, x := range xs {
			z := w[k-1]
			for i, v := range x.Features {
				z += w[i] * v
			}
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if x.Supported {
				y = 1
			}
			c := cw(x)
			for i := 0; i < k; i++ {
				vi := 1.0
				if i < k-1 {
					vi = x.Features[i]
				}
				grad[i] += c * (y - p) * vi
				for j := 0; j < k; j++ {
					vj := 1.0
					if j < k-1 {
						vj = x.Features[j]
					}
					hess[i][j] += c * p * (1 - p) * vi * vj
				}
			}
		}
		for i := 0; i < k-1; i++ {
			grad[i] -= lambda * w[i]
			hess[i][i] += lambda
		}
		hess[k-1][k-1] += 1e-9
		step := solve(hess, grad)
		maxStep := 0.0
		for i := range w {
			w[i] += step[i]
			maxStep = math.Max(maxStep, math.Abs(step[i]))
		}
		if maxStep < 1e-9 {
			break
		}
	}
	m := Model{Name: name, Bias: round(w[k-1]), Weights: map[string]float64{}, Threshold: 0.5}
	for i, n := range FeatureNames {
		m.Weights[n] = round(w[i])
	}
	return m
}

func exWeight(x Example) float64 {
	if x.Weight == 0 {
		return 1
	}
	return x.Weight
}

// round keeps six decimals so fitted models print and reload exactly.
func round(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// solve solves a·x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64(nil), a[i]...), b[i])
	}
	for col := 0; col < n; col++ {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[piv][col]) {
				piv = r
			}
		}
		m[col], m[piv] = m[piv], m[col]
		if math.Abs(m[col][col]) < 1e-12 {
			continue
		}
		for r := col + 1; r < n; r++ {
			f := m[r][col] / m[col][col]
			for c := col; c <= n; c++ {
				m[r][c] -= f * m[col][c]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		if math.Abs(m[r][r]) < 1e-12 {
			continue
		}
		s := m[r][n]
		for c := r + 1; c < n; c++ {
			s -= m[r][c] * x[c]
		}
		x[r] = s / m[r][r]
	}
	return x
}

// BestThreshold returns the probability threshold that maximises balanced
// accuracy on labelled probabilities (ties: the one nearest 0.5).
func BestThreshold(ps []float64, supported []bool) float64 {
	cands := append([]float64(nil), ps...)
	sort.Float64s(cands)
	best, bestBA := 0.5, -1.0
	for i, t := range cands {
		if i > 0 && t == cands[i-1] {
			continue
		}
		var tp, fn, tn, fp float64
		for j, p := range ps {
			switch {
			case supported[j] && p >= t:
				tp++
			case supported[j]:
				fn++
			case p < t:
				tn++
			default:
				fp++
			}
		}
		if tp+fn == 0 || tn+fp == 0 {
			continue
		}
		ba := (tp/(tp+fn) + tn/(tn+fp)) / 2
		if ba > bestBA+1e-12 || (math.Abs(ba-bestBA) <= 1e-12 && math.Abs(t-0.5) < math.Abs(best-0.5)) {
			best, bestBA = t, ba
		}
	}
	return round(best)
}
