package estimate

import (
	"fmt"
	"math"
	"testing"
)

// kind is k citations alike, for a test population.
type kind struct {
	stratum   string
	tenant    string
	supported bool // machine verdict
	score     float64
	label     Label
	k         int
}

// tallyOf adds k citations of each kind to a fresh tally.
func tallyOf(t *testing.T, kinds ...kind) *Tally {
	t.Helper()
	tl := NewTally()
	for i, kd := range kinds {
		for j := range kd.k {
			c := Citation{Key: fmt.Sprintf("%d-%d", i, j), Tenant: kd.tenant, Supported: kd.supported, Score: kd.score}
			if err := tl.Add(kd.stratum, c, kd.label); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tl
}

// addFabricated adds k fabricated citations of a tenant.
func addFabricated(t *testing.T, tl *Tally, tenant string, k int) {
	t.Helper()
	for j := range k {
		if err := tl.Add("", Citation{Key: fmt.Sprintf("fab-%s-%d", tenant, j), Tenant: tenant, Fabricated: true, Score: math.NaN()}, Unlabelled); err != nil {
			t.Fatal(err)
		}
	}
}

func near[A, B ~float64](a A, b B, tol float64) bool { return math.Abs(float64(a)-float64(b)) <= tol }

// handCase is a population small enough to estimate by hand: one tenant,
// stratum A (machine: supported, 100 citations, 20 labelled) and B
// (machine: unsupported, 50 citations, 20 labelled), 10 fabricated.
func handCase(t *testing.T) *Tally {
	S, U := Supported, Unsupported
	tl := tallyOf(t,
		kind{"A", "t", true, 0.9, S, 10}, kind{"A", "t", true, 0.5, S, 5},
		kind{"A", "t", true, 0.9, U, 3}, kind{"A", "t", true, 0.5, U, 2},
		kind{"A", "t", true, 0.7, Unlabelled, 80},
		kind{"B", "t", false, 0.5, S, 3}, kind{"B", "t", false, 0.1, S, 2},
		kind{"B", "t", false, 0.5, U, 5}, kind{"B", "t", false, 0.1, U, 10},
		kind{"B", "t", false, 0.3, Unlabelled, 30},
	)
	addFabricated(t, tl, "t", 10)
	return tl
}

// The arithmetic of the hand case, N = 160 citations, M = 150 auditable:
//
//	A: n = 20, Σy = 15, Σf = 10·.9+5·.5+3·.9+2·.5 = 15.2, Σf² = 12.28, Σyf = 11.5, F_A = 15.2 + 80·.7 = 71.2
//	   Cyy = 15 − 15²/20 = 3.75 (the Jeffreys floor, 19·(15.5/21)(5.5/21) = 3.673, is lower)
//	   Cyf = 11.5 − 15·15.2/20 = 0.1,  Cff = 12.28 − 15.2²/20 = 0.728
//	   a_A = 100²·(1 − 20/100)/(20·19) = 21.0526
//	B: n = 20, Σy = 5, Σf = 5.2, Σf² = 2.12, Σyf = 1.7, F_B = 5.2 + 30·.3 = 14.2
//	   Cyy = 5 − 5²/20 = 3.75, Cyf = 1.7 − 5·5.2/20 = 0.4, Cff = 2.12 − 5.2²/20 = 0.768
//	   a_B = 50²·(1 − 20/50)/(20·19) = 3.9474
//	A = Σ a·Cff = 18.3579, B = Σ a·Cyf = 3.6842, C = Σ a·Cyy = 93.75
//	λ = B/A = 0.200688
//	T(λ) = λ·71.2 + 100·(15 − 15.2λ)/20 + λ·14.2 + 50·(5 − 5.2λ)/20 = 87.5 − 3.6λ = 86.7775
//	Var T = C − 2λB + λ²A = 93.0106
//	θ = T/N = 0.542360; p = T/M = 0.578517, Var p = 93.0106/150² = 0.0041338
//	n_eff = p(1 − p)/Var p = 58.986
//	df (Satterthwaite) = (78.7196 + 14.2910)² / (78.7196²/19 + 14.2910²/19) = 25.679
//	two-sided: Wilson(p, 58.986, t.975(25.68) = 2.05678) · 150/160 = [0.417577, 0.657290]
//	one-sided: Wilson(p, 58.986, t.95(25.68) = 1.70641) · 150/160 = [0.438430, 0.639364]
func TestPPIMatchesTheHandComputedCase(t *testing.T) {
	r, err := handCase(t).Estimate(Options{Bar: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want Number
	}{
		{"λ", r.Lambda, 0.200688},
		{"estimate", r.Rate, 0.542360},
		{"ci95 low", r.Low, 0.417577},
		{"ci95 high", r.High, 0.657290},
		{"one-sided lower", r.Lower, 0.438430},
		{"one-sided upper", r.Upper, 0.639364},
		{"machine rate", r.MachineRate, 100.0 / 160},
	}
	for _, c := range checks {
		if !near(c.got, c.want, 5e-6) {
			t.Errorf("%s = %.6f, want %.6f", c.name, c.got, c.want)
		}
	}
	if r.Method != MethodPPI || r.Decision != Inconclusive {
		t.Errorf("method %s decision %s, want %s %s", r.Method, r.Decision, MethodPPI, Inconclusive)
	}
	if r.Citations != 160 || r.Fabricated != 10 || r.Labels != (LabelCounts{Supported: 20, Unsupported: 20}) {
		t.Errorf("counts %d %d %+v", r.Citations, r.Fabricated, r.Labels)
	}
	tl := handCase(t)
	gs, _ := tl.groups(tl.keys(), false)
	if df := satterthwaite(gs, float64(r.Lambda)); !near(df, 25.6785, 1e-3) {
		t.Errorf("degrees of freedom %.4f, want 25.6785", df)
	}
}

// With λ = 0 the same case is the labels' stratified estimate:
// T = 100·15/20 + 50·5/20 = 87.5, θ = 87.5/160 = 0.546875, Var T = C =
// 93.75 (78.9474 from A, 14.8026 from B), p = 87.5/150 = 0.583333,
// n_eff = p(1 − p)/(93.75/150²) = 58.333, df = 93.75²/((78.9474² +
// 14.8026²)/19) = 25.883, t.975 = 2.05598: Wilson · 150/160 = [0.421339,
// 0.661854], wider than PPI++'s [0.417577, 0.657290].
func TestLabelsOnlyIsTheStratifiedMeanOfTheLabels(t *testing.T) {
	r, err := handCase(t).Estimate(Options{LabelsOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Lambda != 0 || !near(r.Rate, 0.546875, 1e-12) {
		t.Fatalf("λ %v estimate %v, want 0 and 0.546875", r.Lambda, r.Rate)
	}
	if !near(r.Low, 0.421339, 5e-6) || !near(r.High, 0.661854, 5e-6) {
		t.Errorf("interval [%.6f, %.6f], want [0.421339, 0.661854]", r.Low, r.High)
	}
}

// Fewer than 10 labels of a class: the labels alone, Wilson. One stratum,
// N = 100, 20 labels of which 5 supported: p = 0.25, Var T = a·Cyy =
// 21.0526·3.75 = 78.947, Var p = 0.0078947, p(1 − p)/Var p = 23.75, under
// the simple random sample's 20/(1 − 20/100) = 25, so n_eff = 23.75;
// Wilson(0.25, 23.75) at z.975 = [0.119530, 0.450083], at z.95 =
// [0.134752, 0.416382].
func TestFewLabelsOfAClassFallBackToWilson(t *testing.T) {
	r, err := tallyOf(t,
		kind{"A", "t", true, 0.9, Supported, 5}, kind{"A", "t", true, 0.9, Unsupported, 15},
		kind{"A", "t", true, 0.9, Unlabelled, 80},
	).Estimate(Options{Bar: 0.9})
	if err != nil {
		t.Fatal(err)
	}
	if r.Method != MethodWilson || r.Lambda != 0 || r.Rate != 0.25 {
		t.Fatalf("method %s λ %v estimate %v, want wilson 0 0.25", r.Method, r.Lambda, r.Rate)
	}
	for _, c := range []struct{ got, want Number }{{r.Low, 0.119530}, {r.High, 0.450083}, {r.Lower, 0.134752}, {r.Upper, 0.416382}} {
		if !near(c.got, c.want, 5e-6) {
			t.Errorf("bound %.6f, want %.6f", c.got, c.want)
		}
	}
	// Not on the interval (too few labels: TestTooFewLabelsDecideNothing),
	// but the 15 labelled unsupported alone hold the rate to 85 %.
	if r.Decision != Fail || !r.TooFewLabels {
		t.Errorf("decision %s (too few labels: %v) at bar 0.9 on 20 labels, 15 unsupported of 100, want FAIL", r.Decision, r.TooFewLabels)
	}
}

func TestEdgeCases(t *testing.T) {
	S, U, X := Supported, Unsupported, Unlabelled
	cases := []struct {
		name                string
		kinds               []kind
		fabricated          int
		bar                 float64
		method, decision    string
		rate, low, high     Number // NaN rate: none expected
		lower, upper        Number
		unsampled, cannotJd int64
	}{
		{name: "with no labels nothing is estimated and the interval is every possible rate",
			kinds: []kind{{"A", "t", true, 0.8, X, 8}}, fabricated: 2, bar: 0.5,
			method: MethodNone, decision: Inconclusive, rate: Number(math.NaN()), low: 0, high: 0.8, lower: 0, upper: 0.8, unsampled: 8},
		{name: "with no labels, fabricated citations alone can fail the bar",
			kinds: []kind{{"A", "t", true, 0.8, X, 8}}, fabricated: 2, bar: 0.9,
			method: MethodNone, decision: Fail, rate: Number(math.NaN()), low: 0, high: 0.8, lower: 0, upper: 0.8, unsampled: 8},
		{name: "all fabricated is a census at zero",
			fabricated: 5, bar: 0.9,
			method: MethodCensus, decision: Fail, rate: 0, low: 0, high: 0, lower: 0, upper: 0},
		{name: "all fabricated passes a zero bar",
			fabricated: 5, bar: 0,
			method: MethodCensus, decision: Pass, rate: 0, low: 0, high: 0, lower: 0, upper: 0},
		{name: "every citation labelled is a census: zero width at the truth",
			kinds:      []kind{{"A", "t", true, 0.8, S, 30}, {"A", "t", true, 0.8, U, 6}, {"B", "t", false, 0.2, S, 4}, {"B", "t", false, 0.2, U, 10}},
			fabricated: 10, bar: 0.6,
			method: MethodCensus, decision: Fail, rate: 34.0 / 60, low: 34.0 / 60, high: 34.0 / 60, lower: 34.0 / 60, upper: 34.0 / 60},
		// p = 1, n_eff = 20/(1 − 0.2) = 25: Wilson(1, 25) = [0.866808, 1] and
		// one-sided [0.902346, 1]: labels that all agree are not certainty.
		{name: "labels of one class keep an interval",
			kinds: []kind{{"A", "t", true, 0.9, S, 20}, {"A", "t", true, 0.9, X, 80}}, bar: 0.85,
			method: MethodWilson, decision: Inconclusive, rate: 1, low: 0.866808, high: 1, lower: 0.902346, upper: 1}, // 20 labels: too few to decide
		{name: "a stratum without labels borrows its verdict's labels and widens the interval by all it holds",
			kinds: []kind{
				{"A", "t", true, 0.9, S, 15}, {"A", "t", true, 0.9, U, 5}, {"A", "t", true, 0.9, X, 80},
				{"C", "t", true, 0.9, X, 5},
				{"B", "t", false, 0.1, S, 5}, {"B", "t", false, 0.1, U, 15}, {"B", "t", false, 0.1, X, 30}},
			bar: 0.5, method: MethodPPI, decision: Inconclusive, unsampled: 5,
			// λ = 0 (no spread of scores), C borrows A's labels:
			// 100·15/20 + 50·5/20 + 5·15/20 = 91.25 of 155.
			rate: 91.25 / 155},
		{name: "cannot-judge labels are counted and left out",
			kinds: []kind{{"A", "t", true, 0.9, S, 5}, {"A", "t", true, 0.9, U, 15}, {"A", "t", true, 0.9, CannotJudge, 3}, {"A", "t", true, 0.9, X, 77}},
			bar:   0.9, method: MethodWilson, decision: Fail, cannotJd: 3, rate: 0.25}, // 20 labels: too few for the interval; the 15 unsupported fail it
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl := tallyOf(t, c.kinds...)
			addFabricated(t, tl, "t", c.fabricated)
			r, err := tl.Estimate(Options{Bar: c.bar})
			if err != nil {
				t.Fatal(err)
			}
			if r.Method != c.method || r.Decision != c.decision {
				t.Errorf("method %s decision %s, want %s %s", r.Method, r.Decision, c.method, c.decision)
			}
			if math.IsNaN(float64(c.rate)) != math.IsNaN(float64(r.Rate)) || !math.IsNaN(float64(c.rate)) && !near(r.Rate, c.rate, 1e-9) {
				t.Errorf("estimate %v, want %v", r.Rate, c.rate)
			}
			if c.method != MethodPPI && c.cannotJd == 0 {
				for _, b := range []struct{ got, want Number }{{r.Low, c.low}, {r.High, c.high}, {r.Lower, c.lower}, {r.Upper, c.upper}} {
					if !near(b.got, b.want, 5e-6) {
						t.Errorf("bounds %v %v %v %v, want %v %v %v %v", r.Low, r.High, r.Lower, r.Upper, c.low, c.high, c.lower, c.upper)
						break
					}
				}
			}
			if r.Unsampled != c.unsampled || r.Labels.CannotJudge != c.cannotJd {
				t.Errorf("unsampled %d cannot judge %d, want %d %d", r.Unsampled, r.Labels.CannotJudge, c.unsampled, c.cannotJd)
			}
		})
	}
}

// Cannot-judge is non-response: the estimate is the one without those
// labels, but the bounds take the share of its group they stand for from
// none to all supported, so a reviewer who skips the hard cases cannot
// verify a rate.
func TestCannotJudgeWidensTheBoundsNotTheEstimate(t *testing.T) {
	base := []kind{{"A", "t", true, 0.9, Supported, 12}, {"A", "t", true, 0.4, Unsupported, 11}, {"A", "t", true, 0.7, Unlabelled, 60},
		{"B", "t", false, 0.3, Supported, 4}, {"B", "t", false, 0.2, Unsupported, 9}, {"B", "t", false, 0.2, Unlabelled, 40}}
	with := append(base, kind{"A", "t", true, 0.6, CannotJudge, 7})
	without := append(base, kind{"A", "t", true, 0.6, Unlabelled, 7})
	a, _ := tallyOf(t, with...).Estimate(Options{})
	b, _ := tallyOf(t, without...).Estimate(Options{})
	if a.Labels.CannotJudge != 7 {
		t.Errorf("cannot-judge counted %d, want 7", a.Labels.CannotJudge)
	}
	if a.Rate != b.Rate {
		t.Errorf("cannot-judge changed the estimate: %v, want %v", a.Rate, b.Rate)
	}
	// Group A: 90 citations, 23 labels and 7 not judged of 30 drawn, so
	// 90·7/30 = 21 citations are unknown: the bounds move by 21/143 at most.
	if !(a.Lower < b.Lower && a.Upper > b.Upper) || float64(b.Lower-a.Lower) > 21.0/143+1e-9 || float64(a.Upper-b.Upper) > 21.0/143+1e-9 {
		t.Errorf("bounds with cannot-judge [%v, %v], without [%v, %v]: want wider by at most 21/143", a.Lower, a.Upper, b.Lower, b.Upper)
	}
}

// A census whose wrong citations the reviewer marks cannot judge is no
// verified PASS: 103 supported labels of 120 citations, the other 17 not
// judged (11 of them the machine's unsupported), is 85.8 % at worst.
func TestCannotJudgeOnTheWrongOnesIsNoPass(t *testing.T) {
	a, _ := tallyOf(t, kind{"A", "t", true, 0.9, Supported, 103}, kind{"A", "t", true, 0.9, CannotJudge, 6},
		kind{"B", "t", false, 0.2, CannotJudge, 11}).Estimate(Options{Bar: 0.9})
	if a.Decision == Pass || float64(a.Lower) > 103.0/120+1e-9 {
		t.Errorf("decision %s, lower bound %v: want no PASS and a lower bound at most 103/120", a.Decision, a.Lower)
	}
}

// Partial counts as not supported unless Options say otherwise, and then
// exactly as a supported label would.
func TestPartialCountsAsConfigured(t *testing.T) {
	rest := []kind{{"A", "t", true, 0.8, Supported, 12}, {"A", "t", true, 0.8, Unsupported, 11}, {"A", "t", true, 0.8, Unlabelled, 60}}
	partial := append(rest, kind{"A", "t", true, 0.8, Partial, 5})
	asSup := append(rest, kind{"A", "t", true, 0.8, Supported, 5})
	asUns := append(rest, kind{"A", "t", true, 0.8, Unsupported, 5})
	p1, _ := tallyOf(t, partial...).Estimate(Options{})
	u, _ := tallyOf(t, asUns...).Estimate(Options{})
	p2, _ := tallyOf(t, partial...).Estimate(Options{PartialSupported: true})
	s, _ := tallyOf(t, asSup...).Estimate(Options{})
	if p1.Rate != u.Rate || p1.Low != u.Low || p2.Rate != s.Rate || p2.High != s.High {
		t.Errorf("partial as unsupported %v vs %v; as supported %v vs %v", p1.Rate, u.Rate, p2.Rate, s.Rate)
	}
	if p1.Labels.Partial != 5 {
		t.Errorf("partial counted %d, want 5", p1.Labels.Partial)
	}
}

// A citation without a score is predicted by its verdict: the same
// estimate as scores of exactly 1 and 0.
func TestNaNScoresArePredictedByTheVerdict(t *testing.T) {
	mk := func(sup, uns float64) []kind {
		return []kind{{"A", "t", true, sup, Supported, 14}, {"A", "t", true, sup, Unsupported, 6}, {"A", "t", true, sup, Unlabelled, 50},
			{"B", "t", false, uns, Supported, 4}, {"B", "t", false, uns, Unsupported, 12}, {"B", "t", false, uns, Unlabelled, 30}}
	}
	a, err := tallyOf(t, mk(math.NaN(), math.NaN())...).Estimate(Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := tallyOf(t, mk(1, 0)...).Estimate(Options{})
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("NaN scores %+v\nverdict scores %+v", a, b)
	}
}

func TestScoresOutsideTheUnitIntervalAreRefused(t *testing.T) {
	for _, s := range []float64{-0.1, 1.5, math.Inf(1)} {
		c := Citation{Key: "k1", Tenant: "t", Supported: true, Score: s}
		if err := NewTally().Add("A", c, Unlabelled); err == nil {
			t.Errorf("score %v accepted by the tally", s)
		}
		if err := NewFrame().Add(c); err == nil {
			t.Errorf("score %v accepted by the frame", s)
		}
	}
	if err := NewTally().Add("A", Citation{Key: "k", Score: 0.5}, Label("maybe")); err == nil {
		t.Error("an unknown label was accepted")
	}
}

func TestDecisionAtTheBar(t *testing.T) {
	cases := []struct {
		name              string
		lower, upper, bar float64
		want              string
	}{
		{"a lower bound at the bar passes", 0.9, 0.95, 0.9, Pass},
		{"a lower bound above the bar passes", 0.91, 0.95, 0.9, Pass},
		{"an upper bound below the bar fails", 0.8, 0.899, 0.9, Fail},
		{"an upper bound at the bar is inconclusive", 0.8, 0.9, 0.9, Inconclusive},
		{"bounds either side of the bar are inconclusive", 0.85, 0.95, 0.9, Inconclusive},
	}
	for _, c := range cases {
		if got := decide(c.lower, c.upper, c.bar); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if _, err := NewTally().Estimate(Options{Bar: 1.2}); err == nil {
		t.Error("a bar of 1.2 was accepted")
	}
	if _, err := NewTally().Estimate(Options{Power: 1}); err == nil {
		t.Error("a power of 1 was accepted")
	}
}

// The hand case's agreement: the reviewer's classes against the machine's
// are 15 supported/supported, 5 supported/unsupported (in B), 5
// unsupported/supported (in A), 15 unsupported/unsupported. Weighted by
// N/n (A: 100/20 = 5, B: 50/20 = 2.5): unsupported caught 2.5·15 / (2.5·15
// + 5·5) = 0.6, supported kept 5·15 / (5·15 + 2.5·5) = 0.857143, balanced
// accuracy 0.728571.
func TestAgreementIsWeightedByInclusion(t *testing.T) {
	r, _ := handCase(t).Estimate(Options{})
	c := r.Agreement.Confusion
	if c.SupportedAsSupported != 15 || c.SupportedAsUnsupported != 5 || c.UnsupportedAsSupported != 5 || c.UnsupportedAsUnsupported != 15 {
		t.Errorf("confusion %+v", c)
	}
	if !near(r.Agreement.BalancedAccuracy, (0.6+75/87.5)/2, 1e-12) {
		t.Errorf("balanced accuracy %v, want 0.728571", r.Agreement.BalancedAccuracy)
	}
	// Unweighted it would be 15/20 = 0.75: the sample holds more of B's
	// citations than B's share of all.
	if !near(r.Agreement.UnsupportedCaught, 0.6, 1e-12) {
		t.Errorf("unsupported caught %v, want 0.6", r.Agreement.UnsupportedCaught)
	}
}

// A tenant's citations in a stratum are a post-stratum: given how many of
// them were labelled, those are a random sample of them. In a pooled
// stratum of 44 (x: 20, y: 20, z: 4) with 20 labels: x has 6 supported of
// 10 → 20·6/10 = 12 of 20 = 0.6; y 3 of 10 → 6 of 20, plus 5 fabricated →
// 6/25 = 0.24; z has no labels and no estimate.
func TestTenantsArePostStrataOfTheStrata(t *testing.T) {
	tl := tallyOf(t,
		kind{"P", "x", true, math.NaN(), Supported, 6}, kind{"P", "x", true, math.NaN(), Unsupported, 4}, kind{"P", "x", true, math.NaN(), Unlabelled, 10},
		kind{"P", "y", true, math.NaN(), Supported, 3}, kind{"P", "y", true, math.NaN(), Unsupported, 7}, kind{"P", "y", true, math.NaN(), Unlabelled, 10},
		kind{"P", "z", true, math.NaN(), Unlabelled, 4},
	)
	addFabricated(t, tl, "y", 5)
	r, err := tl.Estimate(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Tenants) != 2 || r.Tenants[0].Tenant != "x" || r.Tenants[1].Tenant != "y" {
		t.Fatalf("tenants %+v, want x and y (z has no labels)", r.Tenants)
	}
	if x, y := r.Tenants[0], r.Tenants[1]; !near(x.Rate, 0.6, 1e-12) || !near(y.Rate, 0.24, 1e-12) || y.Citations != 25 || y.Fabricated != 5 {
		t.Errorf("x %v, y %v of %d (%d fabricated)", x.Rate, y.Rate, y.Citations, y.Fabricated)
	}
}

// A tenant with no label in one of its strata: that part of its estimate
// is borrowed from the stratum, and its interval takes that part from none
// to all supported. Tenant x: 20 citations in A, 10 labelled (8
// supported); 10 in pooled stratum P, where only w has labels (2 of 10
// supported). x = (20·8/10 + 10·2/10)/30 = 18/30 = 0.6; its interval is
// the Wilson interval of its 20 citations in A, stretched by 10/30 upward.
func TestATenantWithoutLabelsInAStratumIsBoundedByTheWorstCase(t *testing.T) {
	tl := tallyOf(t,
		kind{"A", "x", true, 0.9, Supported, 8}, kind{"A", "x", true, 0.9, Unsupported, 2}, kind{"A", "x", true, 0.9, Unlabelled, 10},
		kind{"P", "x", false, 0.2, Unlabelled, 10},
		kind{"P", "w", false, 0.2, Supported, 2}, kind{"P", "w", false, 0.2, Unsupported, 8}, kind{"P", "w", false, 0.2, Unlabelled, 30},
	)
	r, err := tl.Estimate(Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := r.Tenants[1]
	if x.Tenant != "x" || !near(x.Rate, 0.6, 1e-12) || x.Unsampled != 10 || x.Method != MethodWilson {
		t.Fatalf("tenant x: %+v", x)
	}
	// A alone: p = 0.8 over 20, n_eff = min(p(1 − p)/Var p, 10/(1 − 10/20) = 20).
	alone := tallyOf(t, kind{"A", "x", true, 0.9, Supported, 8}, kind{"A", "x", true, 0.9, Unsupported, 2}, kind{"A", "x", true, 0.9, Unlabelled, 10})
	a, _ := alone.Estimate(Options{})
	if !near(x.Low, a.Low*20/30, 1e-12) || !near(x.High, (a.High*20+10)/30, 1e-12) {
		t.Errorf("x's interval [%v, %v], want A's [%v, %v] scaled to 30 citations and 10 added above", x.Low, x.High, a.Low, a.High)
	}
}

// handCaseTimes is the hand case with every kind k times as many: 40k
// labels.
func handCaseTimes(t *testing.T, k int) *Tally {
	t.Helper()
	S, U, X := Supported, Unsupported, Unlabelled
	tl := tallyOf(t,
		kind{"A", "t", true, 0.9, S, 10 * k}, kind{"A", "t", true, 0.5, S, 5 * k},
		kind{"A", "t", true, 0.9, U, 3 * k}, kind{"A", "t", true, 0.5, U, 2 * k},
		kind{"A", "t", true, 0.7, X, 80 * k},
		kind{"B", "t", false, 0.5, S, 3 * k}, kind{"B", "t", false, 0.1, S, 2 * k},
		kind{"B", "t", false, 0.5, U, 5 * k}, kind{"B", "t", false, 0.1, U, 10 * k},
		kind{"B", "t", false, 0.3, X, 30 * k},
	)
	addFabricated(t, tl, "t", 10*k)
	return tl
}

func TestLabelsToDecide(t *testing.T) {
	big := func() *Tally { return handCaseTimes(t, 5) } // 200 labels of 750 auditable
	r, _ := big().Estimate(Options{Bar: 0.56})
	if r.Decision != Inconclusive || r.LabelsToDecide <= 0 || r.LabelsToDecide > 750-200 {
		t.Errorf("%s, labels to decide %d, want INCONCLUSIVE and between 1 and the 550 unlabelled", r.Decision, r.LabelsToDecide)
	}
	farther, _ := big().Estimate(Options{Bar: 0.58})
	if farther.Decision == Inconclusive && farther.LabelsToDecide >= r.LabelsToDecide {
		t.Errorf("a bar farther from the estimate needs %d labels, not fewer than %d", farther.LabelsToDecide, r.LabelsToDecide)
	}
	decided, _ := big().Estimate(Options{Bar: 0.95})
	if decided.Decision != Fail || decided.LabelsToDecide != 0 {
		t.Errorf("at bar 0.95: %s with %d labels to go, want FAIL and 0", decided.Decision, decided.LabelsToDecide)
	}
	few, _ := handCase(t).Estimate(Options{Bar: 0.5}) // 40 labels
	if few.LabelsToDecide < MinLabels-40 {
		t.Errorf("with 40 labels: %d labels to decide, want at least the %d short of MinLabels", few.LabelsToDecide, MinLabels-40)
	}
	none, _ := tallyOf(t, kind{"A", "t", true, 0.8, Unlabelled, 8}).Estimate(Options{Bar: 0.5})
	if none.LabelsToDecide != -1 {
		t.Errorf("without an estimate: %d labels to decide, want -1", none.LabelsToDecide)
	}
}

// Below MinLabels labels the interval is not known to hold
// (docs/estimate.md, §9), so the decision never rests on it: INCONCLUSIVE,
// or FAIL when the fabricated citations alone fail the bar. A census is
// the rate itself and decides.
func TestTooFewLabelsDecideNothing(t *testing.T) {
	S, U, X := Supported, Unsupported, Unlabelled
	cases := []struct {
		name       string
		kinds      []kind
		fabricated int
		bar        float64
		decision   string
		tooFew     bool
	}{
		{name: "twenty labels all supported do not pass a low bar",
			kinds: []kind{{"A", "t", true, 0.9, S, 20}, {"A", "t", true, 0.9, X, 400}}, bar: 0.5,
			decision: Inconclusive, tooFew: true},
		{name: "twenty labels all unsupported do not fail a high bar",
			kinds: []kind{{"A", "t", true, 0.9, U, 20}, {"A", "t", true, 0.9, X, 400}}, bar: 0.9,
			decision: Inconclusive, tooFew: true},
		{name: "cannot-judge labels do not count toward the minimum",
			kinds: []kind{{"A", "t", true, 0.9, S, MinLabels - 1}, {"A", "t", true, 0.9, CannotJudge, 5}, {"A", "t", true, 0.9, X, 400}}, bar: 0.5,
			decision: Inconclusive, tooFew: true},
		{name: "fabricated citations alone fail the bar whatever the labels",
			kinds: []kind{{"A", "t", true, 0.9, S, 20}, {"A", "t", true, 0.9, X, 100}}, fabricated: 40, bar: 0.9,
			decision: Fail, tooFew: true},
		// 20 labelled unsupported of 100 citations: at most 80 % whatever
		// the 80 others are
		{name: "citations labelled unsupported alone fail the bar whatever the others",
			kinds: []kind{{"A", "t", true, 0.9, U, 20}, {"A", "t", true, 0.9, X, 80}}, bar: 0.9,
			decision: Fail, tooFew: true},
		{name: "with fabricated ones they fail it together",
			kinds: []kind{{"A", "t", true, 0.9, U, 6}, {"A", "t", true, 0.9, S, 10}, {"A", "t", true, 0.9, X, 80}}, fabricated: 5, bar: 0.9,
			decision: Fail, tooFew: true},
		{name: "the minimum of labels decides on the interval",
			kinds: []kind{{"A", "t", true, 0.9, S, MinLabels}, {"A", "t", true, 0.9, X, 400}}, bar: 0.5,
			decision: Pass},
		{name: "a census of fewer citations than the minimum decides",
			kinds: []kind{{"A", "t", true, 0.9, S, 12}, {"A", "t", true, 0.9, U, 3}}, bar: 0.9,
			decision: Fail},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl := tallyOf(t, c.kinds...)
			addFabricated(t, tl, "t", c.fabricated)
			r, err := tl.Estimate(Options{Bar: c.bar})
			if err != nil {
				t.Fatal(err)
			}
			if r.Decision != c.decision || r.TooFewLabels != c.tooFew || r.MinLabels != MinLabels {
				t.Errorf("decision %s, too few labels %v, min labels %d; want %s, %v, %d", r.Decision, r.TooFewLabels, r.MinLabels, c.decision, c.tooFew, MinLabels)
			}
			if r.Decision == Inconclusive && r.LabelsToDecide < MinLabels-r.Labels.Counted() {
				t.Errorf("%d labels to decide, fewer than the %d short of the minimum", r.LabelsToDecide, MinLabels-r.Labels.Counted())
			}
		})
	}
}

// The labels still to decide never outnumber the citations a person can
// label: when the labels given and those to decide reach every citation
// not fabricated, what decides is a census of them, and the advice is the
// citations still without a counted label.
func TestLabelsToDecideStopAtACensus(t *testing.T) {
	S, U, X := Supported, Unsupported, Unlabelled
	cases := []struct {
		name       string
		kinds      []kind
		fabricated int
		census     bool
		toDecide   int64
	}{
		{name: "thirty labels of a month of 58 citations: label the other 28, a census",
			kinds:  []kind{{"A", "t", true, 0.9, S, 26}, {"A", "t", true, 0.9, U, 4}, {"A", "t", true, 0.9, X, 28}},
			census: true, toDecide: 28},
		{name: "fabricated citations need no label: the census is of the 50 others",
			kinds: []kind{{"A", "t", true, 0.9, S, 28}, {"A", "t", true, 0.9, U, 2}, {"A", "t", true, 0.9, X, 20}}, fabricated: 3,
			census: true, toDecide: 20},
		{name: "thirty labels of 400 citations: seventy more, short of a census",
			kinds:  []kind{{"A", "t", true, 0.9, S, 26}, {"A", "t", true, 0.9, U, 4}, {"A", "t", true, 0.9, X, 370}},
			census: false, toDecide: -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tl := tallyOf(t, c.kinds...)
			addFabricated(t, tl, "t", c.fabricated)
			r, err := tl.Estimate(Options{Bar: 0.9})
			if err != nil {
				t.Fatal(err)
			}
			labellable := r.Citations - r.Fabricated
			if r.Decision != Inconclusive || r.CensusToDecide != c.census || r.Labels.Counted()+r.LabelsToDecide > labellable {
				t.Fatalf("decision %s, census %v, %d labels to decide after %d of %d; want INCONCLUSIVE, census %v, never past %d",
					r.Decision, r.CensusToDecide, r.LabelsToDecide, r.Labels.Counted(), labellable, c.census, labellable)
			}
			if c.toDecide >= 0 && r.LabelsToDecide != c.toDecide {
				t.Errorf("%d labels to decide, want %d", r.LabelsToDecide, c.toDecide)
			}
			if !c.census && r.LabelsToDecide < MinLabels-r.Labels.Counted() {
				t.Errorf("%d labels to decide, fewer than the %d short of the minimum", r.LabelsToDecide, MinLabels-r.Labels.Counted())
			}
		})
	}
}

// No bound passes what the labels fix: 8 citations labelled unsupported
// of 158 leave at most 150 supported, whatever the interval of the
// estimate says (it had said 95.6 %).
func TestBoundsStayWithinWhatTheLabelsFix(t *testing.T) {
	a, _ := tallyOf(t, kind{"A", "t", true, 0.9, Supported, 142}, kind{"A", "t", true, 0.9, Unlabelled, 8},
		kind{"B", "t", false, 0.2, Unsupported, 8}).Estimate(Options{Bar: 0.9})
	most, least := 150.0/158, 142.0/158
	for _, x := range []Number{a.Rate, a.Low, a.High, a.Lower, a.Upper} {
		if float64(x) > most+1e-12 || float64(x) < least-1e-12 {
			t.Errorf("rate %v, bounds [%v, %v], one-sided [%v, %v]: want all within [%v, %v]", a.Rate, a.Low, a.High, a.Lower, a.Upper, least, most)
			break
		}
	}
}
