package estimate

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
)

// DesignOptions tune the stratification; zero values take the defaults.
type DesignOptions struct {
	// MinTenantLabels: a tenant has strata of its own only where the
	// allocation gives them at least this many labels (default 10), so
	// that each stratum's variance rests on enough labels; the other
	// tenants share one stratum per machine verdict.
	MinTenantLabels int64
	// SDFloor is the least standard deviation anticipated in a stratum
	// (default 0.1): a machine sure of itself can be surely wrong, and a
	// stratum it is sure about must still be seen.
	SDFloor float64
}

func (o DesignOptions) withDefaults() DesignOptions {
	if o.MinTenantLabels <= 0 {
		o.MinTenantLabels = 10
	}
	if o.SDFloor <= 0 {
		o.SDFloor = 0.1
	}
	return o
}

// Stratum is a group of auditable citations sampled on its own.
type Stratum struct {
	// ID is opaque, safe to write where a reviewer sees it.
	ID string `json:"id"`
	// Name says what the stratum holds, machine verdict included: for
	// reports, not for the reviewer.
	Name string `json:"name"`
	// Pooled: the stratum holds several tenants, and Tenant is empty.
	Pooled    bool   `json:"pooled"`
	Tenant    string `json:"tenant"`
	Supported bool   `json:"machine_supported"`
	Citations int64  `json:"citations"` // N_h
	// SD is the anticipated standard deviation of y - p in the stratum
	// (p calibrated, floored): it drives the allocation and the plan.
	SD     float64 `json:"anticipated_sd"`
	Labels int64   `json:"labels"` // n_h allocated
}

// Inclusion is the probability that a citation of the stratum is drawn.
func (s Stratum) Inclusion() float64 {
	if s.Citations == 0 {
		return 0
	}
	return float64(s.Labels) / float64(s.Citations)
}

// Design is a stratified sample plan: strata, their allocation of labels,
// and the seed of the draw. It is a function of the frame, the number of
// labels, the seed and the options only.
type Design struct {
	Seed   uint64    `json:"seed"`
	Labels int64     `json:"labels"` // labels allocated, at most the auditable citations
	Strata []Stratum `json:"strata"`
	// The population: every citation, those fabricated, those the
	// machine calls supported (fabricated ones never are).
	Citations        int64 `json:"citations"`
	Fabricated       int64 `json:"fabricated"`
	MachineSupported int64 `json:"machine_supported"`

	opts   DesignOptions
	assign map[cell]int // every cell of the frame → its stratum
	own    map[cell]int // the cells with a stratum of their own
	sums   []popSums    // per stratum
}

// ErrTooFewLabels: the requested labels cannot give every stratum two.
var ErrTooFewLabels = errors.New("too few labels for the strata")

// NewDesign stratifies the frame by tenant and machine verdict and
// allocates n labels by Neyman (n_h ∝ N_h·S_h), each stratum getting at
// least two (or all it has) and at most all it has. n at or above the
// auditable citations is a census.
func NewDesign(f *Frame, n int64, seed uint64, opts DesignOptions) (*Design, error) {
	if n < 0 {
		return nil, fmt.Errorf("labels %d: want at least 0", n)
	}
	opts = opts.withDefaults()
	all, fab := f.totals()
	d := &Design{Seed: seed, Citations: all.N + fab, Fabricated: fab, MachineSupported: all.Sup, opts: opts}
	own := map[cell]bool{}
	for _, k := range f.sortedCells() {
		own[k] = true
	}
	// A tenant whose share of the labels is too small joins its verdict's
	// pool; the pool's allocation changes with it, so repeat until stable.
	for {
		d.build(f, own)
		x := neyman(float64(min(n, all.N)), d.weights())
		moved := false
		for k, i := range d.own {
			if x[i] < float64(opts.MinTenantLabels) {
				delete(own, k)
				moved = true
			}
		}
		if !moved {
			break
		}
	}
	alloc, err := allocate(min(n, all.N), d.weights(), d.lower(), d.upper())
	if err != nil {
		return nil, fmt.Errorf("%d labels over %d strata: %w", n, len(d.Strata), err)
	}
	for i := range d.Strata {
		d.Strata[i].Labels = alloc[i]
		d.Labels += alloc[i]
	}
	return d, d.nameStrata()
}

// build makes the strata: one per own cell, one pool per verdict for the
// rest, in the frame's cell order.
func (d *Design) build(f *Frame, own map[cell]bool) {
	d.Strata, d.sums, d.assign, d.own = nil, nil, map[cell]int{}, map[cell]int{}
	pool := [2]int{-1, -1}
	poolTenants := [2][]string{}
	for _, k := range f.sortedCells() {
		v := verdictIndex(k.supported)
		var i int
		if own[k] {
			i = d.addStratum(k.tenant, k.supported)
			d.own[k] = i
		} else {
			if pool[v] < 0 {
				pool[v] = d.addStratum("", k.supported)
			}
			i = pool[v]
			poolTenants[v] = append(poolTenants[v], k.tenant)
		}
		d.assign[k] = i
		d.sums[i].merge(*f.cells[k])
	}
	for v, ts := range poolTenants {
		switch {
		case len(ts) == 1: // a pool of one tenant is that tenant's stratum
			d.Strata[pool[v]].Tenant = ts[0]
		case len(ts) > 1:
			d.Strata[pool[v]].Pooled = true
		}
	}
	for i := range d.Strata {
		s := &d.Strata[i]
		s.Citations = d.sums[i].N
		s.SD = max(math.Sqrt(max(d.sums[i].meanPQ(), 0)), d.opts.SDFloor)
	}
}

func (d *Design) addStratum(tenant string, supported bool) int {
	d.Strata = append(d.Strata, Stratum{Tenant: tenant, Supported: supported})
	d.sums = append(d.sums, popSums{})
	return len(d.Strata) - 1
}

func verdictIndex(supported bool) int {
	if supported {
		return 1
	}
	return 0
}

func (d *Design) weights() []float64 {
	w := make([]float64, len(d.Strata))
	for i, s := range d.Strata {
		w[i] = float64(s.Citations) * s.SD
	}
	return w
}

func (d *Design) lower() []int64 {
	lo := make([]int64, len(d.Strata))
	for i, s := range d.Strata {
		lo[i] = min(2, s.Citations)
	}
	return lo
}

func (d *Design) upper() []int64 {
	hi := make([]int64, len(d.Strata))
	for i, s := range d.Strata {
		hi[i] = s.Citations
	}
	return hi
}

// nameStrata writes each stratum's descriptive name and its opaque id, a
// hash of what the stratum holds keyed by the seed.
func (d *Design) nameStrata() error {
	seen := map[string]bool{}
	for i := range d.Strata {
		s := &d.Strata[i]
		who := "tenants pooled"
		if !s.Pooled {
			who = fmt.Sprintf("tenant %q", s.Tenant)
		}
		verdict := "unsupported"
		if s.Supported {
			verdict = "supported"
		}
		s.Name = fmt.Sprintf("%s; machine: %s", who, verdict)
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%t\x00%s\x00%t", d.Seed, s.Pooled, s.Tenant, s.Supported)
		s.ID = fmt.Sprintf("s%012x", h.Sum64()>>16)
		if seen[s.ID] {
			return fmt.Errorf("strata %q: the same id %s for two strata; try another seed", s.Name, s.ID)
		}
		seen[s.ID] = true
	}
	return nil
}

// StratumOf returns the index in Strata of a citation's stratum; false for
// a fabricated citation, or a tenant and verdict the frame did not hold.
func (d *Design) StratumOf(c Citation) (int, bool) {
	if c.Fabricated {
		return 0, false
	}
	i, ok := d.assign[cell{c.Tenant, c.Supported}]
	return i, ok
}
