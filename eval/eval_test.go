package eval

import (
	"math"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

func pair(label, pred string, score float64) Pair {
	return Pair{Label: readers.Label{Label: label}, Predicted: pred, Score: score}
}

func TestComputeConfusionAndBalancedAccuracy(t *testing.T) {
	S, U := audit.Supported, audit.Unsupported
	pairs := []Pair{
		pair(U, U, 0.1), pair(U, U, 0.2), pair(U, S, 0.7), // recall on unsupported 2/3
		pair(S, S, 0.9), pair(S, S, 0.8), pair(S, S, 0.6), pair(S, U, 0.3), // specificity 3/4
	}
	m := Compute(pairs)
	if c := m.Confusion; c.TP != 2 || c.FN != 1 || c.FP != 1 || c.TN != 3 {
		t.Fatalf("confusion %+v", c)
	}
	if want := (2.0/3 + 3.0/4) / 2; math.Abs(m.BalancedAccuracy-want) > 1e-12 {
		t.Errorf("BA %v, want %v", m.BalancedAccuracy, want)
	}
	if math.Abs(m.PrecisionUnsupported-2.0/3) > 1e-12 {
		t.Errorf("precision %v", m.PrecisionUnsupported)
	}
	// AUC: of 12 (supported, unsupported) score pairs, the supported one is
	// higher in 10 (0.6 and 0.3 are below 0.7).
	if math.Abs(m.AUC-10.0/12) > 1e-12 {
		t.Errorf("AUC %v, want %v", m.AUC, 10.0/12)
	}
}

func TestAUCCountsTiesAsHalf(t *testing.T) {
	if got := AUC([]Pair{pair("supported", "", 0.5), pair("unsupported", "", 0.5)}); got != 0.5 {
		t.Errorf("AUC with a tie = %v", got)
	}
}

func TestJoinMatchesByCitationAndOverlap(t *testing.T) {
	marker, chunk := "[2]", "2"
	score := audit.Score(0.8)
	findings := []audit.Finding{
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 40, Citation: "1", Verdict: audit.Unsupported},
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 40, Citation: "2", ChunkID: &chunk, Verdict: audit.Supported, SupportScore: &score},
		{ConversationID: "c", MessageIndex: 1, CharStart: 41, CharEnd: 80, Citation: "2", Verdict: audit.Unsupported},
		{ConversationID: "c", MessageIndex: 1, CharStart: 81, CharEnd: 99, Verdict: audit.Uncited},
	}
	labels := []readers.Label{
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 38, CitationMarker: &marker, Label: "supported"},
		{ConversationID: "c", MessageIndex: 1, CharStart: 81, CharEnd: 99, Label: "unsupported"},                       // uncited: not a pair
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 38, CitationMarker: &marker, Label: "partial"},   // excluded
		{ConversationID: "x", MessageIndex: 1, CharStart: 0, CharEnd: 38, CitationMarker: &marker, Label: "supported"}, // no finding
	}
	pairs, left := Join(findings, labels, "")
	if len(pairs) != 1 || left.Unmatched != 1 {
		t.Fatalf("pairs %d, unmatched %d", len(pairs), left.Unmatched)
	}
	if pairs[0].Predicted != audit.Supported || pairs[0].Score != 0.8 {
		t.Errorf("joined the wrong finding: %+v", pairs[0])
	}
	pairs, _ = Join(findings, labels, audit.Unsupported)
	if len(pairs) != 2 || pairs[1].Label.Label != audit.Unsupported {
		t.Errorf("partial as unsupported: %+v", pairs)
	}
}

// A signal of agreement that the labels contradict (here token_overlap:
// high on unsupported pairs) is left out rather than given a negative
// weight, so the fitted model stays monotone; the others keep their sign.
func TestFitKeepsAgreementSignalsNonNegative(t *testing.T) {
	tok, ngram := audit.FeatureNames[1], audit.FeatureNames[3]
	if tok != "token_overlap" || ngram != "ngram_sim" {
		t.Fatalf("feature order changed: %v", audit.FeatureNames)
	}
	var xs []Example
	for i := 0; i < 200; i++ {
		f := make([]float64, len(audit.FeatureNames))
		sup := i%2 == 0
		f[3] = 0.3 + 0.4*float64(i%7)/7 // ngram_sim: higher when supported
		f[1] = 0.9 - 0.5*float64(i%5)/5 // token_overlap: higher when unsupported
		if sup {
			f[3] += 0.3
			f[1] -= 0.3
		}
		xs = append(xs, Example{Conversation: string(rune('a' + i%26)), Supported: sup, Features: f})
	}
	free := audit.Fit("free", func() (out []audit.Example) {
		for _, x := range xs {
			out = append(out, audit.Example{Features: x.Features, Supported: x.Supported})
		}
		return out
	}(), 1.0)
	if free.Weights[tok] >= 0 {
		t.Fatalf("the unconstrained fit gives token_overlap %v: the case does not test anything", free.Weights[tok])
	}
	m := Fit("monotone", xs, nil, nil)
	for _, n := range audit.FeatureNames {
		if audit.Supportive(n) && m.Weights[n] < 0 {
			t.Errorf("weight of %s = %v, want ≥ 0", n, m.Weights[n])
		}
	}
	if m.Weights[tok] != 0 || m.Weights[ngram] <= 0 {
		t.Errorf("token_overlap %v (want 0), ngram_sim %v (want > 0)", m.Weights[tok], m.Weights[ngram])
	}
}

// CV must score the model that ships: a hard-fail signal that carries no
// weight (entity_mismatch) is still decisive in Predict, though the drop
// set masks it out of the weights.
func TestPredictKeepsHardFailSignals(t *testing.T) {
	f := make([]float64, len(audit.FeatureNames))
	for i, n := range audit.FeatureNames {
		switch n {
		case "entity_mismatch":
			f[i] = 1
		case "ngram_sim":
			f[i] = 1
		}
	}
	m := audit.Model{Bias: 5, Weights: map[string]float64{"ngram_sim": 1}, Threshold: 0.5, HardFail: []string{"entity_mismatch"}}
	xs := []Example{{Features: f, Supported: true}}
	if p := Predict(m, xs, map[string]bool{"entity_mismatch": true})[0]; p.Predicted != audit.Unsupported {
		t.Fatalf("predicted %s: the hard-fail rule was masked", p.Predicted)
	}
	m.HardFail = nil
	if p := Predict(m, xs, map[string]bool{"entity_mismatch": true})[0]; p.Predicted != audit.Supported {
		t.Fatalf("predicted %s without the rule", p.Predicted)
	}
}
