package eval

import (
	"math"
	"slices"
	"sort"
)

// Scored is one labelled citation as the operating point sees it: numbers
// and names, no text.
type Scored struct {
	Tenant       string
	Conversation string // cross-validation folds never split one
	// Stratum is the design stratum the citation was drawn from (the
	// label's), or tenant × machine verdict for labels not drawn by
	// ragaudit sample.
	Stratum string
	// Verdict is the machine verdict under the model the sample was drawn
	// with: with the tenant, the post-stratum of a tenant's own fit.
	Verdict bool
	// Decision is p(supported) under the model, or below 0 when a
	// decisive check fails the citation (no threshold passes it).
	Decision  float64
	Supported bool    // the reviewer's label (partial counted as configured)
	Rule      float64 // the word-overlap rule's score of the labelled sentence; -1: none
}

// Population holds the decision score of every citation the rate counts,
// by tenant: what the machine rate is at any threshold.
type Population struct {
	scores map[string][]float64 // by tenant, sorted ascending: citations that can pass
	never  map[string]int64     // by tenant: fabricated, or failed by a decisive check
	fab    map[string]int64     // by tenant: fabricated (not in any stratum)
	all    []float64            // every tenant's scores, sorted
	total  int64
}

// NewPopulation returns an empty population.
func NewPopulation() *Population {
	return &Population{scores: map[string][]float64{}, never: map[string]int64{}, fab: map[string]int64{}}
}

// Add counts one citation: decision < 0 never passes; a fabricated one
// (never passes either) is outside every stratum of a sample.
func (p *Population) Add(tenant string, decision float64, fabricated bool) {
	p.total++
	if fabricated {
		p.fab[tenant]++
		decision = -1
	}
	if decision < 0 {
		p.never[tenant]++
		return
	}
	p.scores[tenant] = append(p.scores[tenant], decision)
	p.all = nil
}

// tenants are the tenants of the population.
func (p *Population) tenants() []string {
	seen := map[string]bool{}
	for t := range p.scores {
		seen[t] = true
	}
	for t := range p.never {
		seen[t] = true
	}
	return sortedKeys(seen)
}

// Total is the number of citations counted (the rate's denominator).
func (p *Population) Total() int64 { return p.total }

// auditable is the number of citations a sample could draw: all but the
// fabricated.
func (p *Population) auditable() int64 {
	n := p.total
	for _, f := range p.fab {
		n -= f
	}
	return n
}

// cells counts each tenant's auditable citations by machine verdict at
// the thresholds: the post-strata of a tenant's own fit (cellKey).
func (p *Population) cells(global float64, tenants map[string]float64) map[string]int64 {
	p.sorted()
	out := map[string]int64{}
	for tenant := range p.never {
		out[cellKey(tenant, false)] += p.never[tenant] - p.fab[tenant]
	}
	for tenant, s := range p.scores {
		t, ok := tenants[tenant]
		if !ok {
			t = global
		}
		k := passing(s, t)
		out[cellKey(tenant, true)] += k
		out[cellKey(tenant, false)] += int64(len(s)) - k
	}
	return out
}

// cellKey names a tenant's citations of one machine verdict.
func cellKey(tenant string, supported bool) string {
	if supported {
		return "cell\x00" + tenant + "\x00supported"
	}
	return "cell\x00" + tenant + "\x00unsupported"
}

func (p *Population) sorted() []float64 {
	if p.all == nil {
		for _, s := range p.scores {
			p.all = append(p.all, s...)
		}
		sort.Float64s(p.all)
		for t := range p.scores {
			sort.Float64s(p.scores[t])
		}
	}
	return p.all
}

// passing counts the scores at or above t in an ascending list.
func passing(s []float64, t float64) int64 {
	return int64(len(s) - sort.SearchFloat64s(s, t))
}

// Rate is the share of citations the machine calls supported with a
// threshold per tenant (tenants not listed: global).
func (p *Population) Rate(global float64, tenants map[string]float64) float64 {
	if p.total == 0 {
		return math.NaN()
	}
	p.sorted()
	var n int64
	for tenant, s := range p.scores {
		t, ok := tenants[tenant]
		if !ok {
			t = global
		}
		n += passing(s, t)
	}
	return float64(n) / float64(p.total)
}

// tenant is the population of one tenant.
func (p *Population) tenant(name string) *Population {
	p.sorted()
	s := p.scores[name]
	return &Population{scores: map[string][]float64{name: s}, never: map[string]int64{name: p.never[name]},
		fab: map[string]int64{name: p.fab[name]}, all: s, total: int64(len(s)) + p.never[name]}
}

// without is the population of the tenants not in own, its rates still
// over every citation, and the share of every citation that the tenants
// in own pass at their thresholds.
func (p *Population) without(own map[string]float64) (rest *Population, passed float64) {
	if len(own) == 0 {
		return p, 0
	}
	p.sorted()
	rest = &Population{scores: map[string][]float64{}, never: map[string]int64{}, fab: map[string]int64{}, total: p.total}
	var n int64
	for tenant, s := range p.scores {
		if t, ok := own[tenant]; ok {
			n += passing(s, t)
			continue
		}
		rest.scores[tenant] = s
		rest.all = append(rest.all, s...)
	}
	sort.Float64s(rest.all)
	return rest, float64(n) / float64(p.total)
}

// thresholdRange is the range of thresholds whose machine rate is within
// [lo, hi]: tmin is the least threshold passing at most hi, tmax the
// greatest passing at least lo. ok is false when no threshold does
// (ties, or every threshold's rate outside).
func (p *Population) thresholdRange(lo, hi float64) (tmin, tmax float64, ok bool) {
	s := p.sorted()
	n := len(s)
	if p.total == 0 || n == 0 {
		return 0, 1, false
	}
	maxPass := int(math.Floor(hi*float64(p.total) + 1e-9)) // at most this many pass
	minPass := int(math.Ceil(lo*float64(p.total) - 1e-9))  // at least this many pass
	tmin, tmax = 0, 1
	if k := n - maxPass; k > 0 { // at least k scores below the threshold
		tmin = above(s, s[k-1])
	}
	if minPass > n {
		return tmin, tmax, false
	}
	if minPass > 0 {
		tmax = s[n-minPass]
	}
	return tmin, tmax, tmin <= tmax
}

// rateMatch is the threshold whose machine rate is nearest to r.
func (p *Population) rateMatch(r float64) float64 {
	s := p.sorted()
	n := len(s)
	if n == 0 {
		return 0.5
	}
	pass := int(math.Round(r * float64(p.total)))
	switch {
	case pass <= 0:
		return above(s, s[n-1])
	case pass >= n:
		return s[0]
	}
	return above(s, s[n-pass-1])
}

// writable returns the point with each threshold written in as few
// decimals as keep every citation's decision: six where a value of six
// decimals lies between the greatest score below the threshold and the
// least at or above it, more where the scores stand closer. A threshold
// fitted on a score ("at least this many pass") and rounded up would fail
// every citation of that score, and a model file must decide as the fit
// it reports.
func (p *Population) writable(pt Point) Point {
	s := p.sorted()
	out := Point{Threshold: decisionKeeping(s, pt.Threshold)}
	if len(pt.Tenants) > 0 {
		out.Tenants = make(map[string]float64, len(pt.Tenants))
		for t, v := range pt.Tenants {
			out.Tenants[t] = decisionKeeping(s, v)
		}
	}
	return out
}

// decisionKeeping is t in the fewest decimals (six at least) that passes
// and fails the ascending scores s as t does, the value nearest t first.
func decisionKeeping(s []float64, t float64) float64 {
	j := sort.SearchFloat64s(s, t) // s[j] is the least score t passes
	lo, hi := math.Inf(-1), math.Inf(1)
	if j > 0 {
		lo = s[j-1]
	}
	if j < len(s) {
		hi = s[j]
	}
	for d := 6; d <= 15; d++ {
		scale := math.Pow(10, float64(d))
		for _, v := range [3]float64{math.Round(t*scale) / scale, math.Floor(t*scale) / scale, math.Ceil(t*scale) / scale} {
			if v > lo && v <= hi {
				return v
			}
		}
	}
	return t
}

// above is the least threshold that fails x: halfway to the next greater
// score of the ascending list s, or just above x when none is.
func above(s []float64, x float64) float64 {
	if j := sort.SearchFloat64s(s, math.Nextafter(x, 2)); j < len(s) {
		return (x + s[j]) / 2
	}
	return math.Nextafter(x, 2)
}

// designWeights weighs each labelled citation by the citations of its
// stratum it stands for, N_h / n_h (n_h: labels of the stratum among ls),
// so that sums over the labels estimate sums over the population however
// the sample was allocated.
func designWeights(ls []Scored, key func(Scored) string, sizes map[string]int64) []float64 {
	n := map[string]int{}
	for _, l := range ls {
		n[key(l)]++
	}
	w := make([]float64, len(ls))
	for i, l := range ls {
		w[i] = float64(sizes[key(l)]) / float64(n[key(l)])
	}
	return w
}

// byStratum is the design stratum of a label; byCell its tenant and
// machine verdict (a post-stratum within the design stratum).
func byStratum(l Scored) string { return l.Stratum }
func byCell(l Scored) string    { return cellKey(l.Tenant, l.Verdict) }

// balancedAccuracy is the mean of the recalls of both classes, each label
// weighed by w: with design weights, an estimate of the balanced accuracy
// on every citation. NaN without both classes.
func balancedAccuracy(ls []Scored, w []float64, pred []bool) float64 {
	var right, all [2]float64
	for i, l := range ls {
		c := b2i(l.Supported)
		all[c] += w[i]
		if pred[i] == l.Supported {
			right[c] += w[i]
		}
	}
	return (right[0]/all[0] + right[1]/all[1]) / 2
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// predict is each labelled citation's verdict at the thresholds.
func predict(ls []Scored, global float64, tenants map[string]float64) []bool {
	out := make([]bool, len(ls))
	for i, l := range ls {
		t, ok := tenants[l.Tenant]
		if !ok {
			t = global
		}
		out[i] = l.Decision >= t
	}
	return out
}

// bestWithin returns the threshold in [tmin, tmax] that maximises the
// weighted balanced accuracy of the labels: candidates are the ends and
// the points halfway between adjacent labelled scores; of equally good
// ones, the middle one.
func bestWithin(ls []Scored, w []float64, tmin, tmax float64) float64 {
	scores := make([]float64, 0, len(ls))
	for _, l := range ls {
		if l.Decision >= 0 {
			scores = append(scores, l.Decision)
		}
	}
	slices.Sort(scores)
	scores = slices.Compact(scores)
	cands := []float64{tmin}
	for i := 1; i < len(scores); i++ {
		if t := (scores[i-1] + scores[i]) / 2; t > tmin && t < tmax {
			cands = append(cands, t)
		}
	}
	if tmax > tmin {
		cands = append(cands, tmax)
	}
	var all [2]float64
	for i, l := range ls {
		all[b2i(l.Supported)] += w[i]
	}
	best, at := math.Inf(-1), []float64{}
	for _, t := range cands {
		var right [2]float64
		for i, l := range ls {
			if (l.Decision >= t) == l.Supported {
				right[b2i(l.Supported)] += w[i]
			}
		}
		v := right[0]/all[0] + right[1]/all[1]
		switch {
		case v > best+1e-12:
			best, at = v, []float64{t}
		case v >= best-1e-12:
			at = append(at, t)
		}
	}
	return at[len(at)/2]
}
