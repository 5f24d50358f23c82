package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// world is a made-up population: two tenants whose scores separate
// supported from unsupported citations, the first mostly supported,
// each citation with a label a reviewer would give.
type world struct {
	pop  *Population
	cits []Scored
}

func newWorld(seed uint64, n int) world {
	r := rand.New(rand.NewPCG(seed, 1))
	w := world{pop: NewPopulation()}
	for i := range n {
		tenant, share := "a", 0.8
		if i%2 == 1 {
			tenant, share = "b", 0.3
		}
		sup := r.Float64() < share
		score := 0.25 + 0.2*r.Float64()
		if sup {
			score += 0.25
		}
		w.pop.Add(tenant, score, false)
		w.cits = append(w.cits, Scored{Tenant: tenant, Conversation: fmt.Sprintf("c%d", i), Decision: score, Supported: sup, Verdict: score >= 0.47})
	}
	return w
}

// rate is the human rate of the world.
func (w world) rate() float64 {
	var y float64
	for _, c := range w.cits {
		if c.Supported {
			y++
		}
	}
	return y / float64(len(w.cits))
}

// draw is a stratified sample: per tenant × machine verdict, k citations
// at random (the first k of a shuffle), with the strata sizes.
func (w world) draw(seed uint64, k map[string]int) ([]Scored, map[string]int64) {
	r := rand.New(rand.NewPCG(seed, 2))
	by := map[string][]Scored{}
	for _, c := range w.cits {
		c.Stratum = byCell(c)
		by[c.Stratum] = append(by[c.Stratum], c)
	}
	sizes := map[string]int64{}
	var out []Scored
	for key, cs := range by {
		sizes[key] = int64(len(cs))
		r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
		out = append(out, cs[:min(k[key], len(cs))]...)
	}
	return out, sizes
}

// A sample that draws the machine's unsupported citations eight times as
// heavily as its supported ones misleads an unweighted estimate of the
// human rate; each label weighing the citations it stands for does not.
func TestDesignWeightsUndoAStratifiedSample(t *testing.T) {
	w := newWorld(1, 4000)
	k := map[string]int{cellKey("a", true): 20, cellKey("b", true): 20, cellKey("a", false): 160, cellKey("b", false): 160}
	ls, sizes := w.draw(2, k)
	var yes float64
	for _, l := range ls {
		if l.Supported {
			yes++
		}
	}
	unweighted := yes / float64(len(ls))
	est, lo, hi := rateInterval(ls, byStratum, sizes, w.pop)
	if truth := w.rate(); math.Abs(unweighted-truth) < 0.1 || lo > truth || hi < truth || math.Abs(est-truth) > 0.05 {
		t.Errorf("human rate %.3f: unweighted %.3f, weighted %.3f [%.3f, %.3f]: want the weighted interval to cover it and the unweighted far off",
			truth, unweighted, est, lo, hi)
	}
}

// The fitted threshold's machine rate lies within the labels' interval of
// the human rate, and the threshold range is exactly the thresholds that
// keep it there.
func TestThresholdRangeKeepsTheRateWithin(t *testing.T) {
	pop := NewPopulation()
	for i := range 100 {
		pop.Add("t", float64(i)/100, false) // 0.00 … 0.99: rate(t) = 1 − t
	}
	pop.Add("t", -1, true) // fabricated: never passes, counts in the rate
	tests := []struct {
		name       string
		lo, hi     float64
		tmin, tmax float64
		ok         bool
	}{
		{"a band of rates is a band of thresholds", 0.30, 0.50, 0.495, 0.69, true},
		{"every rate allows every threshold", 0, 1, 0, 1, true},
		{"a rate above what passing all gives has none", 0.995, 1, 0, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tmin, tmax, ok := pop.thresholdRange(tc.lo, tc.hi)
			if ok != tc.ok || (ok && (math.Abs(tmin-tc.tmin) > 1e-9 || math.Abs(tmax-tc.tmax) > 1e-9)) {
				t.Fatalf("range %v–%v ok %v, want %v–%v ok %v", tmin, tmax, ok, tc.tmin, tc.tmax, tc.ok)
			}
			if ok {
				for _, th := range []float64{tmin, tmax} {
					if r := pop.Rate(th, nil); r < tc.lo-1e-9 || r > tc.hi+1e-9 {
						t.Errorf("threshold %v: rate %v outside [%v, %v]", th, r, tc.lo, tc.hi)
					}
				}
			}
		})
	}
	if r := pop.Rate(pop.rateMatch(0.42), nil); math.Abs(r-0.42) > 0.01 {
		t.Errorf("rateMatch(0.42) gives rate %v", r)
	}
}

// On a world whose machine calls far too many citations supported, the
// fit moves the threshold to where the machine rate agrees with the
// labels, gives a tenant with enough labels its own, and the rule lets
// it replace the old one; with the old one already right, it does not.
func TestFitOperatingMovesAWrongThreshold(t *testing.T) {
	w := newWorld(3, 3000)
	k := map[string]int{cellKey("a", true): 60, cellKey("b", true): 60, cellKey("a", false): 60, cellKey("b", false): 60}
	ls, sizes := w.draw(4, k)
	base := Point{Threshold: 0.30} // passes nearly everything
	op, err := FitOperating(ls, sizes, w.pop, nil, base, PointOptions{MinTenantLabels: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !op.Better || op.RateFitted < op.HumanLow || op.RateFitted > op.HumanHigh || op.Fitted.Threshold < 0.4 {
		t.Errorf("fitted %+v, rate %.3f, human %.3f–%.3f, better %v: %s", op.Fitted, op.RateFitted, op.HumanLow, op.HumanHigh, op.Better, op.Why)
	}
	if len(op.Fitted.Tenants) != 2 {
		t.Errorf("tenants' thresholds %v: want one each (120 labels each, both classes)", op.Fitted.Tenants)
	}
	if truth := w.rate(); math.Abs(op.RateFitted-truth) > 0.05 {
		t.Errorf("machine rate %.3f against the human %.3f", op.RateFitted, truth)
	}

	again, err := FitOperating(ls, sizes, w.pop, nil, op.Fitted, PointOptions{MinTenantLabels: 100, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if again.Better {
		t.Errorf("refitting the fitted point replaced it: %s", again.Why)
	}
}

// The rule that lets a fitted point replace the current one, case by case.
func TestDecideRule(t *testing.T) {
	tests := []struct {
		name                 string
		rateBase, rateFitted float64
		diffLow, diffHigh    float64
		better               bool
		says                 string
	}{
		{"the labels contradict the current rate and not the fitted one", 0.70, 0.52, -0.06, 0.02, true, "the current 70.0% is not"},
		{"both rates fit and balanced accuracy is better beyond doubt", 0.52, 0.53, 0.01, 0.08, true, "better: balanced accuracy"},
		{"both rates fit and the difference could be nothing", 0.52, 0.53, -0.02, 0.05, false, "not better by more than the uncertainty"},
		{"both rates fit and it is worse", 0.52, 0.53, -0.09, -0.01, false, "worse: balanced accuracy"},
		{"the fitted rate fits where the current does not, but it judges worse beyond doubt", 0.70, 0.52, -0.13, -0.06, false, "worse: balanced accuracy"},
		{"no threshold brings the rate within", 0.70, 0.65, 0.01, 0.05, false, "no threshold puts the machine rate within"},
		{"no resample holds both classes", 0.52, 0.53, math.NaN(), math.NaN(), false, "cannot measure"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			op := &Operating{HumanLow: 0.45, HumanHigh: 0.60, RateBase: tc.rateBase, RateFitted: tc.rateFitted,
				BABase: 0.7, BAFitted: 0.72, DiffLow: tc.diffLow, DiffHigh: tc.diffHigh}
			op.decide()
			if op.Better != tc.better || !contains(op.Why, tc.says) {
				t.Errorf("better %v (%s), want %v and %q", op.Better, op.Why, tc.better, tc.says)
			}
		})
	}
}

func contains(s, sub string) bool { return len(sub) == 0 || len(s) >= len(sub) && indexOf(s, sub) >= 0 }

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

// The bootstrap interval is the same on every run, and an operating point
// compared with itself differs by nothing.
func TestBootstrapIsDeterministic(t *testing.T) {
	w := newWorld(5, 600)
	ls, sizes := w.draw(6, map[string]int{cellKey("a", true): 30, cellKey("b", true): 30, cellKey("a", false): 30, cellKey("b", false): 30})
	f := &fitter{sizes: sizes, o: PointOptions{Seed: 9}.withDefaults()}
	a := predict(ls, 0.5, nil)
	b := predict(ls, 0.55, nil)
	lo1, hi1 := f.bootstrapDifference(ls, a, b)
	lo2, hi2 := f.bootstrapDifference(ls, a, b)
	if lo1 != lo2 || hi1 != hi2 || !(lo1 <= hi1) {
		t.Errorf("two runs: [%v, %v] and [%v, %v]", lo1, hi1, lo2, hi2)
	}
	if lo, hi := f.bootstrapDifference(ls, a, a); lo != 0 || hi != 0 {
		t.Errorf("a point against itself: [%v, %v]", lo, hi)
	}
}

// A threshold is written in as few decimals as keep every decision: one
// fitted on a score ("at least this many pass") is never rounded up past
// it, and scores closer than a millionth get more decimals.
func TestWrittenThresholdKeepsEveryDecision(t *testing.T) {
	s := []float64{0.2, 0.5, 0.5000004, 0.9270712, 0.9270715, 0.9270715, 0.95}
	for _, c := range []struct {
		t    float64
		pass int // scores at or above it
	}{{0.9270715, 3}, {0.92707135, 3}, {0.5000004, 5}, {0.5000002, 5}, {0.5, 6}, {0.35, 6}, {0.99, 0}} {
		v := decisionKeeping(s, c.t)
		n := 0
		for _, x := range s {
			if x >= v {
				n++
			}
		}
		if n != c.pass {
			t.Errorf("threshold %v written as %v passes %d scores, want %d", c.t, v, n, c.pass)
		}
		if short := strconv.FormatFloat(v, 'f', -1, 64); len(short) > len("0.1234567") && c.t != 0.5000002 && c.t != 0.5000004 {
			t.Errorf("threshold %v written as %s: want six or seven decimals where the scores leave room", c.t, short)
		}
	}
}
