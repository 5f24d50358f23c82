package eval

import (
	"fmt"
	"math"
)

// Operating is an operating point fitted on a user's labels and tested,
// out of sample on the same labels, against the one it would replace.
type Operating struct {
	Base, Fitted Point
	// RuleFitted is the word-overlap rule's operating point fitted by the
	// same procedure on the same labels (with a rule population).
	RuleFitted Point
	// Labels counted, by class (partial as configured).
	Supported, NotSupported int
	// Balanced accuracy on the labels, each weighed by the citations it
	// stands for: the base's (fixed, so in sample is out of sample), the
	// fitted's by cross-validation by conversation (each label predicted
	// by the point fitted on the other folds), and the word-overlap rule's
	// fitted by the same procedure on the same folds.
	BABase, BAFitted, BARule float64
	// DiffLow, DiffHigh: the 95 % bootstrap interval of BAFitted − BABase.
	DiffLow, DiffHigh float64
	// The human rate the labels estimate, with its 95 % interval, and the
	// machine's rate on every citation at the base and the fitted point.
	Human, HumanLow, HumanHigh float64
	RateBase, RateFitted       float64
	// Better says whether the fitted point replaces the base, and Why.
	Better bool
	Why    string
}

// FitOperating fits the operating point on labelled citations (ls, with
// the decision scores of the base model), tests it against base and
// applies the rule that decides whether it may replace it (Better).
// designSizes are the citations of each design stratum the labels name;
// a label without a stratum is taken as drawn at random from its tenant's
// citations of its machine verdict. pop holds the base model's decision
// score of every citation; rulePop the word-overlap rule's (nil: the
// rule is not fitted beside).
func FitOperating(ls []Scored, designSizes map[string]int64, pop, rulePop *Population, base Point, o PointOptions) (*Operating, error) {
	f, ls, op, err := prepare(ls, designSizes, pop, base, o)
	if err != nil {
		return nil, err
	}
	op.Fitted = pop.writable(f.fit(ls, pop))
	op.RateFitted = pop.Rate(op.Fitted.Threshold, op.Fitted.Tenants)
	f.test(op, ls, f.crossValidate(ls, pop, base), pop, rulePop)
	return op, nil
}

// prepare makes the fitter of a sample's labels (design strata and the
// base's cells), puts each label without a design stratum in its cell,
// and counts the classes: a threshold needs MinClassLabels of each.
func prepare(ls []Scored, designSizes map[string]int64, pop *Population, base Point, o PointOptions) (*fitter, []Scored, *Operating, error) {
	o = o.withDefaults()
	f := &fitter{sizes: pop.cells(base.Threshold, base.Tenants), o: o}
	for k, n := range designSizes {
		f.sizes[k] = n
	}
	ls = append([]Scored(nil), ls...)
	for i := range ls {
		if ls[i].Stratum == "" {
			ls[i].Stratum = byCell(ls[i])
		}
		if f.sizes[ls[i].Stratum] <= 0 {
			return nil, nil, nil, fmt.Errorf("no citation of the logs is in the stratum a label was drawn from (%q): are these the labels of these logs?", ls[i].Stratum)
		}
	}
	op := &Operating{Base: base}
	for _, l := range ls {
		if l.Supported {
			op.Supported++
		} else {
			op.NotSupported++
		}
	}
	if op.Supported < MinClassLabels || op.NotSupported < MinClassLabels {
		return nil, nil, nil, fmt.Errorf("%d labels supported and %d not: a threshold needs at least %d of each", op.Supported, op.NotSupported, MinClassLabels)
	}
	op.RateBase = pop.Rate(base.Threshold, base.Tenants)
	return f, ls, op, nil
}

// test measures the fitted machine against the base out of sample (cv:
// each label's cross-validated verdict), beside the word-overlap rule
// fitted the same way, and applies the rule.
func (f *fitter) test(op *Operating, ls []Scored, cv []bool, pop, rulePop *Population) {
	w := designWeights(ls, byStratum, f.sizes)
	baseP := predict(ls, op.Base.Threshold, op.Base.Tenants)
	op.BABase, op.BAFitted = balancedAccuracy(ls, w, baseP), balancedAccuracy(ls, w, cv)
	op.DiffLow, op.DiffHigh = f.bootstrapDifference(ls, cv, baseP)
	op.Human, op.HumanLow, op.HumanHigh = rateInterval(ls, byStratum, f.sizes, pop)
	op.BARule = math.NaN()
	if rulePop != nil {
		rl := append([]Scored(nil), ls...)
		for i := range rl {
			rl[i].Decision = rl[i].Rule
		}
		op.RuleFitted = f.fit(rl, rulePop)
		op.BARule = balancedAccuracy(rl, w, f.crossValidate(rl, rulePop, Point{Threshold: 0.5}))
	}
	op.decide()
}

// FitPoint fits the operating point on labelled citations as
// FitOperating does, without testing it: for simulations that need the
// thresholds only.
func FitPoint(ls []Scored, designSizes map[string]int64, pop *Population, base Point, o PointOptions) Point {
	f := &fitter{sizes: pop.cells(base.Threshold, base.Tenants), o: o.withDefaults()}
	for k, n := range designSizes {
		f.sizes[k] = n
	}
	ls = append([]Scored(nil), ls...)
	for i := range ls {
		if ls[i].Stratum == "" {
			ls[i].Stratum = byCell(ls[i])
		}
	}
	return f.fit(ls, pop)
}

// decide applies the rule. The fitted point puts the machine rate within
// the labels' 95 % interval of the human rate first, and has the best
// balanced accuracy there; it replaces the base when the labels show it
// better by more than their uncertainty on that order: the base's machine
// rate is outside the interval (the labels contradict it at 95 %) and
// the fitted one's inside, or both are inside and the 95 % interval of
// the difference in balanced accuracy (cross-validated, bootstrapped over
// the design) is above 0. Never when that interval is below 0: a point
// that matches one sample's rate by judging its citations worse would
// read other logs' rates wrong.
func (op *Operating) decide() {
	inside := func(r float64) bool { return r >= op.HumanLow-1e-9 && r <= op.HumanHigh+1e-9 }
	ba := fmt.Sprintf("balanced accuracy %.3f against %.3f (95 %% interval of the difference %+.3f to %+.3f)",
		op.BAFitted, op.BABase, op.DiffLow, op.DiffHigh)
	human := fmt.Sprintf("the labels' 95 %% interval of the human rate (%.1f%% to %.1f%%)", 100*op.HumanLow, 100*op.HumanHigh)
	switch {
	case !inside(op.RateFitted):
		op.Why = fmt.Sprintf("no threshold puts the machine rate within %s", human)
	case op.DiffHigh < 0:
		op.Why = fmt.Sprintf("worse: %s; its machine rate %.1f%% is within %s, but only by judging the labelled citations worse, which other logs would not bear out",
			ba, 100*op.RateFitted, human)
	case !inside(op.RateBase):
		op.Better = true
		op.Why = fmt.Sprintf("better: its machine rate %.1f%% is within %s, the current %.1f%% is not; %s",
			100*op.RateFitted, human, 100*op.RateBase, ba)
	case math.IsNaN(op.DiffLow):
		op.Why = "the labels cannot measure a difference in balanced accuracy (no resample holds both classes)"
	case op.DiffLow > 0:
		op.Better = true
		op.Why = fmt.Sprintf("better: %s; both machine rates (%.1f%%, now %.1f%%) are within %s", ba, 100*op.RateFitted, 100*op.RateBase, human)
	default:
		op.Why = fmt.Sprintf("not better by more than the uncertainty: %s, and the current machine rate %.1f%% is within %s",
			ba, 100*op.RateBase, human)
	}
}
