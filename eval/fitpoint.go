package eval

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Point is an operating point: the threshold, and tenants' own.
type Point struct {
	Threshold float64
	Tenants   map[string]float64
}

// ThresholdOf is the threshold of a tenant's citations.
func (p Point) ThresholdOf(tenant string) float64 { return p.thresholdOf(tenant) }

func (p Point) thresholdOf(tenant string) float64 {
	if t, ok := p.Tenants[tenant]; ok {
		return t
	}
	return p.Threshold
}

// PointOptions say how an operating point is fitted and tested.
type PointOptions struct {
	// MinTenantLabels: a tenant with this many labels, and
	// MinClassLabels of each class, gets a threshold of its own; 0: none.
	MinTenantLabels int
	Folds           int    // cross-validation by conversation; default 5
	Replicates      int    // of the bootstrap; default 1000
	Seed            uint64 // of the bootstrap
}

// MinClassLabels is the least number of labels of each class (supported,
// not supported) a threshold is fitted on.
const MinClassLabels = 10

func (o PointOptions) withDefaults() PointOptions {
	if o.Folds < 2 {
		o.Folds = 5
	}
	if o.Replicates <= 0 {
		o.Replicates = 1000
	}
	return o
}

// fitter fits operating points on labels of one sample: the strata sizes
// its weights come from and the machine verdict the sample was drawn
// under (the post-strata of tenants' fits).
type fitter struct {
	sizes map[string]int64 // design strata (byStratum) and cells (byCell)
	o     PointOptions
}

// fit fits the operating point on labels. Each tenant with enough
// labels first gets its own threshold, fitted on its labels (weighed
// within its cells) against its own citations; then the threshold of
// the other tenants is fitted on theirs, keeping the machine rate of all
// citations within the labels' interval. Each threshold is fitOne's: the
// best design-weighted balanced accuracy among those whose machine rate
// lies within the labels' 95 % interval of the human rate (rateInterval).
func (f *fitter) fit(ls []Scored, pop *Population) Point {
	var p Point
	for _, tenant := range f.ownTenants(ls, pop) {
		if p.Tenants == nil {
			p.Tenants = map[string]float64{}
		}
		tl := slices.DeleteFunc(slices.Clone(ls), func(l Scored) bool { return l.Tenant != tenant })
		_, lo, hi := rateInterval(tl, byCell, f.sizes, pop.tenant(tenant))
		p.Tenants[tenant] = fitOne(tl, designWeights(tl, byCell, f.sizes), pop.tenant(tenant), lo, hi)
	}
	_, lo, hi := rateInterval(ls, byStratum, f.sizes, pop)
	rest, own := pop.without(p.Tenants)
	rl := slices.DeleteFunc(slices.Clone(ls), func(l Scored) bool { _, ok := p.Tenants[l.Tenant]; return ok })
	if len(rl) == 0 {
		p.Threshold = fitOne(ls, designWeights(ls, byStratum, f.sizes), pop, lo, hi) // for tenants without labels
		return p
	}
	p.Threshold = fitOne(rl, designWeights(rl, byStratum, f.sizes), rest, lo-own, hi-own)
	return p
}

// ownTenants are the tenants with enough labels of each class for a
// threshold of their own, sorted; none when the logs hold one tenant
// (its threshold is the threshold).
func (f *fitter) ownTenants(ls []Scored, pop *Population) []string {
	if f.o.MinTenantLabels <= 0 || len(pop.tenants()) < 2 {
		return nil
	}
	n := map[string]*[2]int{}
	for _, l := range ls {
		if n[l.Tenant] == nil {
			n[l.Tenant] = &[2]int{}
		}
		n[l.Tenant][b2i(l.Supported)]++
	}
	var out []string
	for _, t := range tenantsOf(ls) {
		c := n[t]
		if c[0]+c[1] >= f.o.MinTenantLabels && c[0] >= MinClassLabels && c[1] >= MinClassLabels {
			out = append(out, t)
		}
	}
	return out
}

// fitOne is the threshold with the best weighted balanced accuracy of
// the labels among those whose machine rate on pop is within [lo, hi];
// the one whose rate is nearest the middle when no threshold is.
func fitOne(ls []Scored, w []float64, pop *Population, lo, hi float64) float64 {
	tmin, tmax, ok := pop.thresholdRange(lo, hi)
	var t float64
	if ok && hasBoth(ls) {
		t = bestWithin(ls, w, tmin, tmax)
	} else {
		t = pop.rateMatch((lo + hi) / 2)
	}
	return math.Min(math.Max(t, 0.01), 0.99)
}

func hasBoth(ls []Scored) bool {
	var n [2]int
	for _, l := range ls {
		n[b2i(l.Supported)]++
	}
	return n[0] > 0 && n[1] > 0
}

func tenantsOf(ls []Scored) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range ls {
		if !seen[l.Tenant] {
			seen[l.Tenant] = true
			out = append(out, l.Tenant)
		}
	}
	sort.Strings(out)
	return out
}

// rateInterval estimates the human rate over pop (fabricated citations
// count as failures) from the labels, each weighing the citations it
// stands for: the share supported among the auditable citations with a
// 95 % Wilson interval at the effective sample size, as estimate's
// labels-only fallback does (a stratum's variance floored by Jeffreys's
// p̃(1 − p̃), the finite-population correction per stratum).
func rateInterval(ls []Scored, key func(Scored) string, sizes map[string]int64, pop *Population) (est, lo, hi float64) {
	type stratum struct{ n, y, size float64 }
	strata := map[string]*stratum{}
	var sumW float64
	for _, l := range ls {
		s := strata[key(l)]
		if s == nil {
			s = &stratum{size: float64(sizes[key(l)])}
			strata[key(l)] = s
			sumW += s.size
		}
		s.n++
		if l.Supported {
			s.y++
		}
	}
	var q, v float64
	for _, k := range sortedKeys(strata) { // a fixed order: sums of floats
		s := strata[k]
		mean := s.y / s.n
		q += s.size * mean / sumW
		pt := (s.y + 0.5) / (s.n + 1)
		s2 := pt * (1 - pt)
		if s.n > 1 {
			s2 = math.Max(s2, (s.y-s.y*s.y/s.n)/(s.n-1))
		}
		share := s.size / sumW
		v += share * share * math.Max(1-s.n/s.size, 0) * s2 / s.n
	}
	scale := float64(pop.auditable()) / float64(pop.total)
	if v == 0 {
		return q * scale, q * scale, q * scale
	}
	lo, hi = wilsonInterval(q, q*(1-q)/v)
	return q * scale, lo * scale, hi * scale
}

// wilsonInterval is Wilson's 95 % score interval for a share p of n.
func wilsonInterval(p, n float64) (float64, float64) {
	const z = 1.959963984540054
	if n <= 0 || math.IsInf(n, 1) {
		return p, p
	}
	c := (p + z*z/(2*n)) / (1 + z*z/n)
	h := z / (1 + z*z/n) * math.Sqrt(math.Max(p*(1-p)/n+z*z/(4*n*n), 0))
	return math.Max(c-h, 0), math.Min(c+h, 1)
}

// crossValidate predicts each label by the operating point fitted on the
// folds (by conversation) that do not hold it; a fold whose training
// labels lack a class is predicted at base.
func (f *fitter) crossValidate(ls []Scored, pop *Population, base Point) []bool {
	out := make([]bool, len(ls))
	for k := range f.o.Folds {
		var train []Scored
		var test []int
		for i, l := range ls {
			if foldOf(l.Conversation, f.o.Folds) == k {
				test = append(test, i)
			} else {
				train = append(train, l)
			}
		}
		p := base
		if hasBoth(train) {
			p = f.fit(train, pop)
		}
		for _, i := range test {
			out[i] = ls[i].Decision >= p.thresholdOf(ls[i].Tenant)
		}
	}
	return out
}

// bootstrapDifference is the 95 % percentile interval of the balanced
// accuracy of a minus that of b on the labels, both weighed by the
// design, over resamples of the labels drawn with replacement within each
// design stratum (the sample's own randomness).
func (f *fitter) bootstrapDifference(ls []Scored, a, b []bool) (lo, hi float64) {
	byStratumIdx := map[string][]int{}
	for i, l := range ls {
		byStratumIdx[l.Stratum] = append(byStratumIdx[l.Stratum], i)
	}
	keys := make([]string, 0, len(byStratumIdx))
	for k := range byStratumIdx {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	rng := rand.New(rand.NewPCG(f.o.Seed, 0x9e3779b97f4a7c15))
	diffs := make([]float64, 0, f.o.Replicates)
	rl, ra, rb := make([]Scored, len(ls)), make([]bool, len(ls)), make([]bool, len(ls))
	for range f.o.Replicates {
		j := 0
		for _, k := range keys {
			idx := byStratumIdx[k]
			for range idx {
				i := idx[rng.IntN(len(idx))]
				rl[j], ra[j], rb[j] = ls[i], a[i], b[i]
				j++
			}
		}
		w := designWeights(rl, byStratum, f.sizes)
		if d := balancedAccuracy(rl, w, ra) - balancedAccuracy(rl, w, rb); !math.IsNaN(d) {
			diffs = append(diffs, d)
		}
	}
	if len(diffs) == 0 {
		return math.NaN(), math.NaN()
	}
	sort.Float64s(diffs)
	at := func(q float64) float64 { return diffs[min(int(q*float64(len(diffs))), len(diffs)-1)] }
	return at(0.025), at(0.975)
}
