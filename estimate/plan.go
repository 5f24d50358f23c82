package estimate

import (
	"math"
)

// PlanAssumption is what the plan's figures rest on.
const PlanAssumption = "the machine's score is calibrated (a citation scored p is supported with probability p), " +
	"so that in each stratum y − p varies by the mean of p(1 − p), at least 0.1²; " +
	"the labels are drawn as the design draws them, all judged; " +
	"to decide is for the one-sided 95 % bound to clear the bar with the stated power"

// Need is the number of labels a goal takes; -1 when no number of labels
// reaches it (a true rate exactly at the bar).
type Need struct {
	// To decide: the true rate assumed, or its margin from the bar (the
	// same labels either side, the spread being the machine's).
	TrueRate float64 `json:"true_rate,omitempty"`
	Margin   float64 `json:"margin,omitempty"`
	// To reach a half-width of the two-sided 95 % interval.
	HalfWidth float64 `json:"half_width,omitempty"`
	Labels    int64   `json:"labels"`
}

// Plan says how many labels the estimate needs, from the machine verdicts
// alone.
type Plan struct {
	Assumption  string  `json:"assumption"`
	Bar         float64 `json:"bar"`
	Power       float64 `json:"power"`
	MachineRate float64 `json:"machine_rate"`
	Citations   int64   `json:"citations"`
	Auditable   int64   `json:"auditable"` // not fabricated: the most labels that can help
	// MinLabels: fewer labels decide nothing unless they are a census
	// (Result.TooFewLabels); ToLabel applies it to a need.
	MinLabels int64 `json:"min_labels"`
	// ToDecide: to decide at the bar if the true rate is the machine's,
	// then if it is the bar ± each margin (margins the fabricated
	// citations leave impossible on both sides are left out).
	ToDecide []Need `json:"to_decide"`
	// ToHalfWidth: for the two-sided 95 % interval's half-width.
	ToHalfWidth []Need `json:"to_half_width"`
}

// PlanOptions tune the plan; zero values take the defaults.
type PlanOptions struct {
	Bar        float64
	Power      float64   // default 0.8
	Margins    []float64 // default 0.01, 0.02, 0.05
	HalfWidths []float64 // default 0.05, 0.03, 0.02
	Design     DesignOptions
}

// Plan computes, for the design NewDesign would make with each number of
// labels, the labels each goal takes.
func (f *Frame) Plan(opts PlanOptions) (Plan, error) {
	if err := checkBar(opts.Bar, &opts.Power); err != nil {
		return Plan{}, err
	}
	if opts.Margins == nil {
		opts.Margins = []float64{0.01, 0.02, 0.05}
	}
	if opts.HalfWidths == nil {
		opts.HalfWidths = []float64{0.05, 0.03, 0.02}
	}
	all, fab := f.totals()
	p := Plan{Assumption: PlanAssumption, Bar: opts.Bar, Power: opts.Power, Citations: all.N + fab, Auditable: all.N, MinLabels: MinLabels}
	if p.Citations == 0 {
		return p, nil
	}
	p.MachineRate = float64(all.Sup) / float64(p.Citations)
	se := func(n int64) float64 {
		d, err := NewDesign(f, n, 0, opts.Design)
		if err != nil {
			return math.Inf(1)
		}
		return d.standardError()
	}
	ceiling := float64(all.N) / float64(p.Citations)
	zDecide := z95 + normalQuantile(opts.Power)
	need := func(gap float64) int64 {
		if gap == 0 {
			return -1
		}
		return smallestLabels(all.N, se, gap/zDecide)
	}
	p.ToDecide = append(p.ToDecide, Need{TrueRate: p.MachineRate, Labels: need(math.Abs(p.MachineRate - opts.Bar))})
	for _, m := range opts.Margins {
		if opts.Bar-m < 0 && opts.Bar+m > ceiling {
			continue
		}
		p.ToDecide = append(p.ToDecide, Need{Margin: m, Labels: need(m)})
	}
	for _, h := range opts.HalfWidths {
		p.ToHalfWidth = append(p.ToHalfWidth, Need{HalfWidth: h, Labels: smallestLabels(all.N, se, h/z975)})
	}
	return p, nil
}

// ToLabel is how many labels to give for a need to decide: the design's
// figure raised to MinLabels (fewer decide nothing), and at most every
// auditable citation, which is then a census (census true). A need of -1
// (no number decides) stays -1.
func (p *Plan) ToLabel(need int64) (labels int64, census bool) {
	if need < 0 {
		return need, false
	}
	labels = max(need, p.MinLabels)
	if labels >= p.Auditable {
		return p.Auditable, true
	}
	return labels, false
}

// standardError anticipates the rate's standard error under the design:
// √(Σ_h N_h²(1/n_h − 1/N_h)S_h²)/N.
func (d *Design) standardError() float64 {
	var v float64
	for _, s := range d.Strata {
		if s.Labels == 0 {
			if s.Citations > 0 {
				return math.Inf(1)
			}
			continue
		}
		N, n := float64(s.Citations), float64(s.Labels)
		v += N * N * (1/n - 1/N) * s.SD * s.SD
	}
	return math.Sqrt(max(v, 0)) / float64(d.Citations)
}

// smallestLabels bisects for the fewest labels, up to all auditable, whose
// standard error is at most target (a census always is).
func smallestLabels(auditable int64, se func(int64) float64, target float64) int64 {
	lo, hi := int64(0), auditable
	for lo < hi {
		mid := lo + (hi-lo)/2
		if se(mid) <= target {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// labelsToDecide is how many more labels are expected to decide at the
// bar: the plan's arithmetic with the strata's observed spread of y − λp
// (floored as the design floors it), the labels already given kept, and
// the true rate taken to be the estimate.
func (d *domain) labelsToDecide(gs []*group, opts Options) int64 {
	switch {
	case decide(d.lower, d.upper, opts.Bar) != Inconclusive:
		return 0
	case d.method == MethodNone:
		return -1
	}
	floor := DesignOptions{}.withDefaults().SDFloor
	w := make([]float64, len(gs))
	sd := make([]float64, len(gs))
	lo := make([]int64, len(gs))
	hi := make([]int64, len(gs))
	var given int64
	for i, g := range gs {
		sd[i] = floor
		if g.n >= 2 {
			cyy, cyf, cff := groupMoments(g)
			s2 := (cyy - 2*d.lambda*cyf + d.lambda*d.lambda*cff) / float64(g.n-1)
			sd[i] = max(math.Sqrt(max(s2, 0)), floor)
		}
		w[i] = float64(g.N) * sd[i]
		lo[i], hi[i] = max(g.n, min(2, g.N)), g.N
		given += g.n
	}
	se := func(n int64) float64 {
		alloc, err := allocate(n, w, lo, hi)
		if err != nil {
			return math.Inf(1)
		}
		var v float64
		for i, g := range gs {
			N, k := float64(g.N), float64(alloc[i])
			if k > 0 {
				v += N * N * (1/k - 1/N) * sd[i] * sd[i]
			}
		}
		return math.Sqrt(max(v, 0)) / float64(d.N)
	}
	target := math.Abs(d.rate-opts.Bar) / (z95 + normalQuantile(opts.Power))
	return max(smallestLabels(d.M, se, target)-given, 0)
}

// HalfWidth anticipates the half-width of the two-sided 95 % interval the
// design's labels will give, under PlanAssumption.
func (d *Design) HalfWidth() float64 { return z975 * d.standardError() }
