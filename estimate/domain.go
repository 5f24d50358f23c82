package estimate

import "math"

// domain is the arithmetic behind one estimate (all citations or a
// tenant's), kept for the labels still needed.
type domain struct {
	N        int64 // citations, fabricated ones included
	M        int64 // auditable citations in groups with labels
	unsample int64 // auditable citations in groups without labels
	// nonresp is the share of M its groups' non-response stands for:
	// each group's citations in the proportion of its drawn citations
	// left without a counted label (cannot judge, or skipped in review).
	// The bounds take them from none to all supported, as unsampled ones:
	// a reviewer who skips the hard cases must not verify a rate.
	nonresp float64
	lambda  float64
	method  string
	// The estimate, the two-sided and the one-sided bounds.
	rate, low, high, lower, upper float64
}

// moments are the variance's terms: Var T̂(λ) = C − 2λB + λ²A, where each
// group's a = N²(1 − n/N)/(n(n − 1)) weighs the centred sums of its
// labelled y and f.
type moments struct{ A, B, C float64 }

func (m moments) at(lambda float64) float64 {
	return max(m.C-2*lambda*m.B+lambda*lambda*m.A, 0)
}

// dof is a group's degrees of freedom, n − 1; a group of one label has
// one, its spread being the Jeffreys floor alone.
func dof(g *group) float64 { return float64(max(g.n-1, 1)) }

// groupMoments returns the group's centred sums Cyy, Cyf, Cff.
func groupMoments(g *group) (cyy, cyf, cff float64) {
	n := float64(g.n)
	y, f := float64(g.y), float64(g.f)/scale
	// y² = y for a 0/1 label. The spread of y is at least the Jeffreys
	// estimate's, p̃(1 − p̃) with p̃ = (y + ½)/(n + 1): a group whose
	// labels all agree is not known to be pure.
	pt := (y + 0.5) / (n + 1)
	cyy = max(y-y*y/n, dof(g)*pt*(1-pt))
	cyf = float64(g.yf)/scale - y*f/n
	cff = float64(g.ff)/(scale*scale) - f*f/n
	return cyy, cyf, cff
}

// weight is a: a group's share of the variance per unit of centred sum; 0
// for a census (nothing left to sample) or a group without labels.
func weight(g *group) float64 {
	if g.n >= g.N || g.n == 0 {
		return 0
	}
	N, n := float64(g.N), float64(g.n)
	return N * N * (1 - n/N) / (n * dof(g))
}

// part is a group's T̂(λ) = λ·F + N·ē, ē = (Σy − λΣf)/n over its labels.
// A group without labels borrows its ref's ē, kept within [0, N] (a
// guess, not an estimate: the bounds do not rely on it).
func part(g *group, lambda float64) float64 {
	l := g
	if g.n == 0 {
		l = g.ref
	}
	if l == nil || l.n == 0 {
		return math.NaN()
	}
	e := (float64(l.y) - lambda*float64(l.f)/scale) / float64(l.n)
	t := lambda*float64(g.F)/scale + float64(g.N)*e
	if g.n == 0 {
		t = min(max(t, 0), float64(g.N))
	}
	return t
}

// total sums part over the groups with labels (known) or without.
func total(gs []*group, lambda float64, known bool) float64 {
	var t float64
	for _, g := range gs {
		if (g.n > 0) == known {
			t += part(g, lambda)
		}
	}
	return t
}

func sumMoments(gs []*group) moments {
	var m moments
	for _, g := range gs {
		a := weight(g)
		if a == 0 {
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

// estimateDomain estimates the rate of the citations the groups hold,
// fab more of them fabricated. Groups without labels are bounded by the
// worst case: all supported, or none.
func estimateDomain(gs []*group, fab int64, opts Options) (Estimate, domain) {
	var d domain
	e := Estimate{Fabricated: fab}
	var yes, labels, machine int64
	census := true
	for _, g := range gs {
		if g.n == 0 {
			d.unsample += g.N
		} else {
			d.M += g.N
			d.nonresp += float64(g.N) * float64(g.cannot) / float64(g.n+g.cannot)
		}
		machine += g.machineSup
		e.Labels.Supported += g.classes[classSupported]
		e.Labels.Partial += g.classes[classPartial]
		e.Labels.Unsupported += g.classes[classUnsupported]
		e.Labels.CannotJudge += g.cannot
		yes += g.y
		labels += g.n
		census = census && g.n == g.N
	}
	d.N = d.M + d.unsample + fab
	e.Citations, e.Unsampled = d.N, d.unsample
	if d.N > 0 {
		e.MachineRate = Number(float64(machine) / float64(d.N))
	}
	switch {
	case d.N == 0 || labels == 0 && d.M+d.unsample > 0:
		d.method, d.rate = MethodNone, math.NaN()
		d.low, d.high, d.lower, d.upper = 0, 1, 0, 1
		if d.N > 0 {
			d.high = float64(d.unsample) / float64(d.N)
			d.upper = d.high
		}
	case census:
		d.method = MethodCensus
		d.rate = float64(yes) / float64(d.N) // the count ratio itself: no weighted sum to round

		d.low, d.high, d.lower, d.upper = d.rate, d.rate, d.rate, d.rate
	case yes < MinClassLabels || labels-yes < MinClassLabels:
		d.wilson(gs, labels)
	default:
		d.ppi(gs, opts.LabelsOnly)
	}
	if d.N > 0 && d.method != MethodCensus {
		// The labels fix what no interval may pass: the citations labelled
		// supported are at least supported, those labelled unsupported and
		// the fabricated at least not.
		least := float64(e.Labels.Supported) / float64(d.N)
		most := float64(d.N-fab-e.Labels.Unsupported) / float64(d.N)
		clip := func(x *float64) { *x = min(max(*x, least), most) }
		for _, x := range []*float64{&d.low, &d.lower, &d.high, &d.upper} {
			clip(x)
		}
		if !math.IsNaN(d.rate) {
			clip(&d.rate)
		}
	}
	e.Method, e.Decision = d.method, decide(d.lower, d.upper, opts.Bar)
	e.Rate, e.Lambda = Number(d.rate), Number(d.lambda)
	e.Low, e.High, e.Lower, e.Upper = Number(d.low), Number(d.high), Number(d.lower), Number(d.upper)
	return e, d
}

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
	d.bound(gs, m.at(d.lambda), math.Inf(1), tQuantile(z975, df), tQuantile(z95, df))
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
	d.bound(gs, sumMoments(gs).at(0), most, z975, z95)
}

// bound sets the estimate and its bounds. Over the groups with labels,
// p = T/M, its effective sample size n = p(1 − p)/Var(p) (at most most),
// and Wilson's score interval at n; a p at 0 or 1 takes most, and where
// that is infinite the normal interval holds. The groups without labels
// add their borrowed estimate to the rate and from none to all their
// citations to the bounds, and so does the groups' non-response;
// fabricated citations add failures.
func (d *domain) bound(gs []*group, v, most, q975, q95 float64) {
	M := float64(d.M)
	t := total(gs, d.lambda, true)
	p, vp := t/M, v/(M*M)
	interval := func(q float64) (lo, hi float64) {
		neff := most
		if vp > 0 && p > 0 && p < 1 {
			neff = min(p*(1-p)/vp, most)
		}
		if math.IsInf(neff, 1) && vp > 0 { // p outside (0, 1): PPI's can be
			se := math.Sqrt(vp)
			lo, hi = p-q*se, p+q*se
		} else {
			lo, hi = wilsonBounds(min(max(p, 0), 1), neff, q)
		}
		N, U, R := float64(d.N), float64(d.unsample), d.nonresp
		return max(lo, 0) * (M - R) / N, (min(hi, 1)*(M-R) + U + R) / N
	}
	d.rate = (t + total(gs, d.lambda, false)) / float64(d.N)
	d.low, d.high = interval(q975)
	d.lower, d.upper = interval(q95)
}

// satterthwaite is the degrees of freedom of the variance, each group's
// term having its own.
func satterthwaite(gs []*group, lambda float64) float64 {
	var sum, sq float64
	for _, g := range gs {
		a := weight(g)
		if a == 0 {
			continue
		}
		cyy, cyf, cff := groupMoments(g)
		v := a * max(cyy-2*lambda*cyf+lambda*lambda*cff, 0)
		sum += v
		sq += v * v / dof(g)
	}
	if sq == 0 {
		return math.Inf(1)
	}
	return sum * sum / sq
}
