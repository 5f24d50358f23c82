package estimate

import (
	"math"
	"sort"
)

// scale is the fixed point of predictions: they are taken at the four
// decimals findings are written with, so every sum is an exact integer and
// any split or order of the logs gives the same figures bit for bit.
const scale = 10000

// quantise returns a prediction in units of 1/scale.
func quantise(f float64) int64 { return int64(math.Round(f * scale)) }

// cell is a tenant's citations of one machine verdict: the finest group
// the design and the estimate distinguish.
type cell struct {
	tenant    string
	supported bool
}

// popSums are the population sums of a group of auditable citations.
type popSums struct {
	N   int64 // citations
	F   int64 // Σ prediction, in 1/scale
	FF  int64 // Σ prediction², in 1/scale²
	Sup int64 // citations the machine calls supported
}

func (s *popSums) add(c Citation) {
	q := quantise(c.prediction())
	s.N++
	s.F += q
	s.FF += q * q
	if c.Supported {
		s.Sup++
	}
}

func (s *popSums) merge(o popSums) {
	s.N += o.N
	s.F += o.F
	s.FF += o.FF
	s.Sup += o.Sup
}

// meanPQ is the mean of p(1-p): the variance of y - p within the group if
// p is calibrated.
func (s popSums) meanPQ() float64 {
	if s.N == 0 {
		return 0
	}
	return (float64(s.F)/scale - float64(s.FF)/(scale*scale)) / float64(s.N)
}

// Frame summarises the population of an audit for the design and the plan:
// per tenant and machine verdict, the auditable citations and the sums of
// their predictions; fabricated citations per tenant. Its memory grows
// with tenants, not citations. Like Tally, one per worker, then Merge.
type Frame struct {
	cells      map[cell]*popSums
	fabricated map[string]int64
}

// NewFrame returns an empty frame.
func NewFrame() *Frame {
	return &Frame{cells: map[cell]*popSums{}, fabricated: map[string]int64{}}
}

// Add counts one citation of the audit.
func (f *Frame) Add(c Citation) error {
	if err := c.check(); err != nil {
		return err
	}
	if c.Fabricated {
		f.fabricated[c.Tenant]++
		return nil
	}
	k := cell{c.Tenant, c.Supported}
	s := f.cells[k]
	if s == nil {
		s = &popSums{}
		f.cells[k] = s
	}
	s.add(c)
	return nil
}

// Merge adds the citations counted in o, as if they had been added to f.
func (f *Frame) Merge(o *Frame) {
	for k, s := range o.cells {
		if f.cells[k] == nil {
			f.cells[k] = &popSums{}
		}
		f.cells[k].merge(*s)
	}
	for t, n := range o.fabricated {
		f.fabricated[t] += n
	}
}

// totals returns the auditable sums and the fabricated count.
func (f *Frame) totals() (popSums, int64) {
	var all popSums
	for _, s := range f.cells {
		all.merge(*s)
	}
	var fab int64
	for _, n := range f.fabricated {
		fab += n
	}
	return all, fab
}

// sortedCells lists the cells in a fixed order: tenant, then supported
// before unsupported.
func (f *Frame) sortedCells() []cell {
	out := make([]cell, 0, len(f.cells))
	for k := range f.cells {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].tenant != out[j].tenant {
			return out[i].tenant < out[j].tenant
		}
		return out[i].supported && !out[j].supported
	})
	return out
}
