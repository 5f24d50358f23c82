package eval

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// vec is a feature vector with the named signals set.
func vec(signals map[string]float64) audit.Features {
	scores := map[string]audit.Score{}
	for n, v := range signals {
		if !slices.ContainsFunc(audit.Signals, func(s audit.Signal) bool { return s.Name == n }) {
			panic("no signal " + n)
		}
		scores[n] = audit.Score(v)
	}
	return audit.FeaturesOf(scores)
}

// A signal of agreement that the labels contradict (here token_overlap:
// high on unsupported pairs) is left out rather than given a negative
// weight, so the fitted model stays monotone; the others keep their sign.
func TestFitKeepsAgreementSignalsNonNegative(t *testing.T) {
	var items []item
	for i := 0; i < 200; i++ {
		sup := i%2 == 0
		ngram := 0.3 + 0.4*float64(i%7)/7 // higher when supported
		tok := 0.9 - 0.5*float64(i%5)/5   // higher when unsupported
		if sup {
			ngram += 0.3
			tok -= 0.3
		}
		items = append(items, item{Dataset: "d", Scope: scopeCitation, Supported: sup,
			Features: vec(map[string]float64{"ngram_sim": ngram, "token_overlap": tok})})
	}
	var xs []example
	for _, it := range items {
		xs = append(xs, example{Features: it.Features, Supported: it.Supported})
	}
	if free := fitLogistic("free", xs, 1.0); free.Weights["token_overlap"] >= 0 {
		t.Fatalf("the unconstrained fit gives token_overlap %v: the case does not test anything", free.Weights["token_overlap"])
	}
	m := Procedure{}.fit("monotone", items)
	for _, s := range audit.Signals {
		if s.Supportive && m.Weights[s.Name] < 0 {
			t.Errorf("weight of %s = %v, want ≥ 0", s.Name, m.Weights[s.Name])
		}
	}
	if m.Weights["token_overlap"] != 0 || m.Weights["ngram_sim"] <= 0 {
		t.Errorf("token_overlap %v (want 0), ngram_sim %v (want > 0)", m.Weights["token_overlap"], m.Weights["ngram_sim"])
	}
}

// A decisive signal fails an item whatever its probability: its decision
// score is below 0, and its score (the support_score users see, whose AUC
// is measured) below the threshold; left out, it decides nothing.
func TestModelScoreFailsDecisively(t *testing.T) {
	m := audit.Model{Bias: 5, Weights: map[string]float64{"ngram_sim": 1}, Threshold: 0.5, HardFail: []string{"entity_mismatch"}}
	failed := item{Features: vec(map[string]float64{"entity_mismatch": 1, "ngram_sim": 1})}
	score, decision := modelScore(m, failed)
	if p := m.Probability(failed.Features); decision >= 0 || score >= m.Threshold || math.Abs(score-p*m.Threshold) > 1e-12 {
		t.Errorf("hard-failed item: score %v, decision %v (p %v); want p × threshold and below 0", score, decision, p)
	}
	if p, d := modelScore(m, item{}); p != -1 || d != -1 {
		t.Error("an item without features is not scored -1")
	}
	m.HardFail = nil
	if _, d := modelScore(m, failed); d < m.Threshold {
		t.Errorf("without the rule the item's decision score is %v", d)
	}
}

// balance gives every data set, and every class within it, the same total
// weight, whatever their sizes; the mean weight is 1.
func TestBalanceWeighsDataSetsAndClassesEqually(t *testing.T) {
	var items []item
	add := func(d string, sup bool, n int) {
		for range n {
			items = append(items, item{Dataset: d, Supported: sup})
		}
	}
	add("big", true, 300)
	add("big", false, 100)
	add("small", true, 10)
	add("small", false, 30)
	w := balance(items)
	type cell struct {
		dataset   string
		supported bool
	}
	totals := map[cell]float64{}
	sum := 0.0
	for i, it := range items {
		totals[cell{it.Dataset, it.Supported}] += w[i]
		sum += w[i]
	}
	for k, v := range totals {
		if math.Abs(v-sum/4) > 1e-9 {
			t.Errorf("%s supported=%v weighs %v of %v, want a quarter", k.dataset, k.supported, v, sum)
		}
	}
	if math.Abs(sum/float64(len(items))-1) > 1e-9 {
		t.Errorf("mean weight %v", sum/float64(len(items)))
	}
}

func TestCut(t *testing.T) {
	sup, uns := item{Dataset: "a", Supported: true}, item{Dataset: "a"}
	cases := []struct {
		name   string
		scores []float64
		items  []item
		want   float64
	}{
		{"separable scores are cut halfway between the classes",
			[]float64{0.1, 0.2, 0.6, 0.8}, []item{uns, uns, sup, sup}, 0.4},
		{"of equally good thresholds the middle one is taken",
			[]float64{0.1, 0.3, 0.4, 0.6, 0.7, 0.9}, []item{uns, sup, uns, sup, uns, sup}, 0.5},
		{"a failure below 0 is never passed: the cut stays in [0, 1]",
			[]float64{-0.5, -0.4, 0.2}, []item{sup, sup, uns}, 0},
		{"when everything passes best the cut is 0",
			[]float64{0.2, 0.3}, []item{sup, sup}, 0.0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := cut(tc.scores, tc.items, balance(tc.items)); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("cut %v, want %v", got, tc.want)
			}
		})
	}
}

// A data set is scored by a fit that never saw it: here its labels follow
// a signal that is noise in the other sets, so a fit that saw it scores it
// well (pooled cross-validation), and leave-one-dataset-out at chance.
func TestLeaveOneDatasetOutNeverFitsOnTheHeldOutSet(t *testing.T) {
	var items []item
	add := func(d string, sup bool, plain, ngram float64) {
		items = append(items, item{Set: d + "/l.jsonl", Dataset: d, Conversation: fmt.Sprint(d, len(items)), Scope: scopeCitation,
			Supported: sup, Rule: plain, Features: vec(map[string]float64{"plain_overlap": plain, "ngram_sim": ngram})})
	}
	for i := 0; i < 160; i++ {
		sup := i%2 == 0
		noise := float64(i%5) / 5
		plain := 0.3 + 0.1*noise
		if sup {
			plain += 0.3
		}
		add([]string{"a", "b"}[i/80], sup, plain, noise)
	}
	for i := 0; i < 80; i++ {
		sup := i%2 == 0
		ngram := 0.1 + 0.2*float64(i%3)/3
		if sup {
			ngram += 0.6
		}
		add("c", sup, 0.5, ngram)
	}
	find := func(rows []Row) Row {
		for _, r := range rows {
			if r.Dataset() == "c" {
				return r
			}
		}
		t.Fatalf("no row for c: %+v", rows)
		return Row{}
	}
	if pooled := find(crossValidate(items, 5, Procedure{})); pooled.Model.BalancedAccuracy < 0.9 {
		t.Fatalf("pooled CV scores c at balanced accuracy %.3f: the case does not test anything", pooled.Model.BalancedAccuracy)
	}
	if held := find(leaveOneDatasetOut(items, Procedure{})); held.Model.BalancedAccuracy > 0.6 {
		t.Errorf("held out, c scores balanced accuracy %.3f: its labels were fitted on", held.Model.BalancedAccuracy)
	}
}
