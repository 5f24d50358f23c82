package estimate

import "math"

// domain is the arithmetic behind one estimate, kept for the labels still
// needed.
type domain struct {
	N, M   int64 // citations, of them auditable
	lambda float64
	method string
	// The estimate, the two-sided and the one-sided bounds.
	rate, low, high, lower, upper float64
}

// moments are the variance's terms: Var T̂(λ) = C − 2λB + λ²A, where for
// each group a = N²(1 − n/N)/(n(n − 1)) weighs the centred sums of the
// labelled y and f (zero outside the domain).
type moments struct{ A, B, C float64 }

func (m moments) at(lambda float64) float64 {
	return max(m.C-2*lambda*m.B+lambda*lambda*m.A, 0)
}

// groupMoments returns the group's centred sums Cyy, Cyf, Cff.
func groupMoments(g *group) (cyy, cyf, cff float64) {
	n := float64(g.n)
	y, f := float64(g.y), float64(g.f)/scale
	// y² = y for a 0/1 label. The spread of y is at least the Jeffreys
	// estimate's, p̃(1 − p̃) with p̃ = (y + ½)/(n + 1): a stratum whose
	// labels all agree is not known to be pure.
	pt := (y + 0.5) / (n + 1)
	cyy = max(y-y*y/n, (n-1)*pt*(1-pt))
	cyf = float64(g.yf)/scale - y*f/n
	cff = float64(g.ff)/(scale*scale) - f*f/n
	return cyy, cyf, cff
}

// weight is a: a group's share of the variance per unit of centred sum; 0
// for a census (nothing left to sample).
func weight(g *group) float64 {
	if g.n >= g.N || g.n < 2 {
		return 0
	}
	N, n := float64(g.N), float64(g.n)
	return N * N * (1 - n/N) / (n * (n - 1))
}

// total is T̂(λ) = Σ_g λ·F_g + N_g·ē_g, with ē_g = (Σy − λΣf)/n_g over
// the group's labels (zero outside the domain), F_g the domain's
// predictions summed over the group's whole population.
func total(gs []*group, lambda float64) float64 {
	var t float64
	for _, g := range gs {
		if g.Nd == 0 || g.n == 0 {
			continue
		}
		e := (float64(g.y) - lambda*float64(g.f)/scale) / float64(g.n)
		t += lambda*float64(g.Fd)/scale + float64(g.N)*e
	}
	return t
}

func sumMoments(gs []*group) moments {
	var m moments
	for _, g := range gs {
		a := weight(g)
		if a == 0 || g.Nd == 0 {
			continue
		}
		cyy, cyf, cff := groupMoments(g)
		m.A += a * cff
		m.B += a * cyf
		m.C += a * cyy
	}
	return m
}

// tuneLambda is PPI++'s power tuning: the λ in [0, 1] of least variance.
func tuneLambda(m moments) float64 {
	if m.A <= 0 {
		return 0
	}
	return min(max(m.B/m.A, 0), 1)
}

// estimateDomain estimates the rate of the domain whose sums the groups
// hold, fab its fabricated citations.
func estimateDomain(gs []*group, fab int64, opts Options) (Estimate, domain) {
	var d domain
	var e Estimate
	var yes, labels, machine int64
	census, estimable := true, true
	for _, g := range gs {
		d.M += g.Nd
		machine += g.machineSupPop
		e.Labels.Supported += g.classes[classSupported]
		e.Labels.Partial += g.classes[classPartial]
		e.Labels.Unsupported += g.classes[classUnsupported]
		e.Labels.CannotJudge += g.cannot
		yes += g.y
		labels += g.nd
		if g.Nd > 0 {
			census = census && g.n == g.N
			estimable = estimable && !g.deficient() && g.n > 0
		}
	}
	d.N = d.M + fab
	e.Citations, e.Fabricated = d.N, fab
	ceiling := 1.0 // fabricated citations cap the rate
	if d.N > 0 {
		ceiling = float64(d.M) / float64(d.N)
		e.MachineRate = Number(float64(machine) / float64(d.N))
	}
	switch {
	case d.N > 0 && (d.M == 0 || census):
		d.method = MethodCensus
		d.rate = total(gs, 0) / float64(d.N)
		d.low, d.high, d.lower, d.upper = d.rate, d.rate, d.rate, d.rate
	case d.N == 0 || !estimable || labels == 0:
		d.method = MethodNone
		d.rate = math.NaN()
		d.low, d.high, d.lower, d.upper = 0, ceiling, 0, ceiling
	case yes < MinClassLabels || labels-yes < MinClassLabels:
		d.wilson(gs, labels)
	default:
		d.ppi(gs, opts.LabelsOnly)
	}
	d.low, d.high = clip(d.low, ceiling), clip(d.high, ceiling)
	d.lower, d.upper = clip(d.lower, ceiling), clip(d.upper, ceiling)
	e.Method, e.Decision = d.method, decide(d.lower, d.upper, opts.Bar)
	e.Rate, e.Lambda = Number(d.rate), Number(d.lambda)
	e.Low, e.High, e.Lower, e.Upper = Number(d.low), Number(d.high), Number(d.lower), Number(d.upper)
	return e, d
}

func clip(v, ceiling float64) float64 { return min(max(v, 0), ceiling) }

func decide(lower, upper, bar float64) string {
	switch {
	case lower >= bar:
		return Pass
	case upper < bar:
		return Fail
	}
	return Inconclusive
}

// ppi is the stratified PPI++ estimate, its interval the Wilson interval at
// the effective sample size its variance implies, with Student's t
// quantiles at Satterthwaite's degrees of freedom.
func (d *domain) ppi(gs []*group, labelsOnly bool) {
	m := sumMoments(gs)
	if !labelsOnly {
		d.lambda = tuneLambda(m)
	}
	d.method = MethodPPI
	df := satterthwaite(gs, d.lambda)
	d.bound(total(gs, d.lambda), m.at(d.lambda), math.Inf(1), tQuantile(z975, df), tQuantile(z95, df))
}

// wilson is the labels' stratified estimate (λ = 0) with Wilson bounds,
// the effective sample size never more than a simple random sample of the
// same labels would have.
func (d *domain) wilson(gs []*group, labels int64) {
	d.method = MethodWilson
	most := math.Inf(1)
	if labels < d.M {
		most = float64(labels) / (1 - float64(labels)/float64(d.M))
	}
	d.bound(total(gs, 0), sumMoments(gs).at(0), most, z975, z95)
}

// bound sets the estimate from the estimated total of supported citations
// and its variance: p = T/M among auditable citations, its effective
// sample size n = p(1 − p)/Var(p) (at most most), Wilson's score interval
// at n, scaled by M/N (fabricated citations are failures). A p at 0 or 1
// takes most; where that is infinite, the normal interval.
func (d *domain) bound(t, v, most, q975, q95 float64) {
	M, share := float64(d.M), float64(d.M)/float64(d.N)
	p, vp := t/M, v/(M*M)
	d.rate = p * share
	neff := most
	if vp > 0 && p > 0 && p < 1 {
		neff = min(p*(1-p)/vp, most)
	}
	if math.IsInf(neff, 1) && vp > 0 { // p outside (0, 1): PPI's can be
		se := math.Sqrt(vp)
		d.low, d.high = (p-q975*se)*share, (p+q975*se)*share
		d.lower, d.upper = (p-q95*se)*share, (p+q95*se)*share
		return
	}
	pc := min(max(p, 0), 1)
	lo, hi := wilsonBounds(pc, neff, q975)
	d.low, d.high = lo*share, hi*share
	lo, hi = wilsonBounds(pc, neff, q95)
	d.lower, d.upper = lo*share, hi*share
}

// satterthwaite is the degrees of freedom of the variance: each group's
// term has n − 1.
func satterthwaite(gs []*group, lambda float64) float64 {
	var sum, sq float64
	for _, g := range gs {
		a := weight(g)
		if a == 0 || g.Nd == 0 {
			continue
		}
		cyy, cyf, cff := groupMoments(g)
		v := a * max(cyy-2*lambda*cyf+lambda*lambda*cff, 0)
		sum += v
		sq += v * v / float64(g.n-1)
	}
	if sq == 0 {
		return math.Inf(1)
	}
	return sum * sum / sq
}
