package estimate

import "math"

// domain is the arithmetic behind one estimate, kept for the labels still
// needed.
type domain struct {
	N, M   int64 // citations, of them auditable
	lambda float64
	est    Estimate
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
	e := &d.est
	var yes, labels int64
	census, estimable := true, true
	for _, g := range gs {
		d.M += g.Nd
		e.MachineRate += float64(g.machineSupPop)
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
	if d.N > 0 {
		e.MachineRate /= float64(d.N)
	}
	ceiling := 1.0 // fabricated citations cap the rate
	if d.N > 0 {
		ceiling = float64(d.M) / float64(d.N)
	}
	switch {
	case d.N > 0 && (d.M == 0 || census):
		e.Method = MethodCensus
		e.Rate = total(gs, 0) / float64(d.N)
		e.Low, e.High, e.Lower, e.Upper = e.Rate, e.Rate, e.Rate, e.Rate
	case d.N == 0 || !estimable || labels == 0:
		e.Method = MethodNone
		e.Rate = math.NaN()
		e.Low, e.High, e.Lower, e.Upper = 0, ceiling, 0, ceiling
	case yes < MinClassLabels || labels-yes < MinClassLabels:
		d.wilson(gs, labels)
	default:
		d.ppi(gs, opts.LabelsOnly)
	}
	if e.Method != MethodCensus && e.Method != MethodNone {
		e.Low, e.High = clip(e.Low, ceiling), clip(e.High, ceiling)
		e.Lower, e.Upper = clip(e.Lower, ceiling), clip(e.Upper, ceiling)
	}
	e.Lambda = d.lambda
	e.Decision = decide(e.Lower, e.Upper, opts.Bar)
	return *e, d
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
	d.est.Method = MethodPPI
	df := satterthwaite(gs, d.lambda)
	d.bound(total(gs, d.lambda), m.at(d.lambda), math.Inf(1), tQuantile(z975, df), tQuantile(z95, df))
}

// wilson is the labels' stratified estimate (λ = 0) with Wilson bounds,
// the effective sample size never more than a simple random sample of the
// same labels would have.
func (d *domain) wilson(gs []*group, labels int64) {
	d.est.Method = MethodWilson
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
	e := &d.est
	M, share := float64(d.M), float64(d.M)/float64(d.N)
	p, vp := t/M, v/(M*M)
	e.Rate = p * share
	neff := most
	if vp > 0 && p > 0 && p < 1 {
		neff = min(p*(1-p)/vp, most)
	}
	if math.IsInf(neff, 1) && vp > 0 { // p outside (0, 1): PPI's can be
		se := math.Sqrt(vp)
		e.Low, e.High = (p-q975*se)*share, (p+q975*se)*share
		e.Lower, e.Upper = (p-q95*se)*share, (p+q95*se)*share
		return
	}
	pc := min(max(p, 0), 1)
	lo, hi := wilsonBounds(pc, neff, q975)
	e.Low, e.High = lo*share, hi*share
	lo, hi = wilsonBounds(pc, neff, q95)
	e.Lower, e.Upper = lo*share, hi*share
}

// wilsonBounds is the Wilson score interval of a proportion p observed on n
// (possibly infinite: no sampling error left).
func wilsonBounds(p, n, z float64) (lo, hi float64) {
	if math.IsInf(n, 1) {
		return p, p
	}
	z2 := z * z
	centre := (p + z2/(2*n)) / (1 + z2/n)
	half := z / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return max(centre-half, 0), min(centre+half, 1)
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

// tQuantile is Student's t quantile with df degrees of freedom at the
// normal quantile z, by the Cornish-Fisher expansion.
func tQuantile(z, df float64) float64 {
	if math.IsInf(df, 1) {
		return z
	}
	df = max(df, 1)
	z2 := z * z
	g1 := (z2 + 1) * z / 4
	g2 := ((5*z2+16)*z2 + 3) * z / 96
	g3 := (((3*z2+19)*z2+17)*z2 - 15) * z / 384
	g4 := ((((79*z2+776)*z2+1482)*z2-1920)*z2 - 945) * z / 92160
	return z + g1/df + g2/(df*df) + g3/(df*df*df) + g4/(df*df*df*df)
}
