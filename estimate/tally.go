package estimate

import (
	"fmt"
	"sort"
)

// classSums are the sums over the citations labelled with one class.
type classSums struct {
	N  int64
	F  int64 // Σ prediction, in 1/scale
	FF int64 // Σ prediction², in 1/scale²
}

// cellSums are a cell's sums within one stratum: its population, and its
// labels by class.
type cellSums struct {
	pop         popSums
	lab         [3]classSums // by labelClass: supported, partial, unsupported
	cannotJudge int64
}

const (
	classSupported = iota
	classPartial
	classUnsupported
)

func labelClass(l Label) int {
	switch l {
	case Supported:
		return classSupported
	case Partial:
		return classPartial
	}
	return classUnsupported
}

type tallyKey struct {
	stratum string
	cell
}

// Tally holds every term of the estimate as sums over citations: per
// stratum, tenant and machine verdict, the count and prediction sums of
// the population and of the labels by class; fabricated citations per
// tenant. Sums of integers, so Merge is exact: tallies of parts of the
// logs add up to the tally of the whole. Its memory grows with strata and
// tenants, not citations. Not safe for concurrent use: give each worker
// its own and Merge them.
type Tally struct {
	cells      map[tallyKey]*cellSums
	fabricated map[string]*fabSums
}

// fabSums count a tenant's fabricated citations and the labels given to
// them anyway (ignored: a fabricated citation is a failure).
type fabSums struct {
	N, Labelled int64
}

// NewTally returns an empty tally.
func NewTally() *Tally {
	return &Tally{cells: map[tallyKey]*cellSums{}, fabricated: map[string]*fabSums{}}
}

// Add counts one citation of the audit in the stratum the design gives it
// (ignored for a fabricated citation) with its label, Unlabelled when it
// was not drawn or not yet judged. Each citation is added once.
func (t *Tally) Add(stratum string, c Citation, l Label) error {
	if err := c.check(); err != nil {
		return err
	}
	if l != Unlabelled {
		if _, err := ParseLabel(string(l)); err != nil {
			return fmt.Errorf("citation %q: %w", c.Key, err)
		}
	}
	if c.Fabricated {
		f := t.fabricated[c.Tenant]
		if f == nil {
			f = &fabSums{}
			t.fabricated[c.Tenant] = f
		}
		f.N++
		if l != Unlabelled {
			f.Labelled++
		}
		return nil
	}
	k := tallyKey{stratum, cell{c.Tenant, c.Supported}}
	s := t.cells[k]
	if s == nil {
		s = &cellSums{}
		t.cells[k] = s
	}
	s.pop.add(c)
	switch l {
	case Unlabelled:
	case CannotJudge:
		s.cannotJudge++
	default:
		q := quantise(c.prediction())
		cs := &s.lab[labelClass(l)]
		cs.N++
		cs.F += q
		cs.FF += q * q
	}
	return nil
}

// Merge adds o's citations to t, as if they had been added to t.
func (t *Tally) Merge(o *Tally) {
	for k, s := range o.cells {
		d := t.cells[k]
		if d == nil {
			d = &cellSums{}
			t.cells[k] = d
		}
		d.pop.merge(s.pop)
		for i := range d.lab {
			d.lab[i].N += s.lab[i].N
			d.lab[i].F += s.lab[i].F
			d.lab[i].FF += s.lab[i].FF
		}
		d.cannotJudge += s.cannotJudge
	}
	for tenant, f := range o.fabricated {
		d := t.fabricated[tenant]
		if d == nil {
			d = &fabSums{}
			t.fabricated[tenant] = d
		}
		d.N += f.N
		d.Labelled += f.Labelled
	}
}

// keys lists the cells in a fixed order: stratum, tenant, verdict.
func (t *Tally) keys() []tallyKey {
	out := make([]tallyKey, 0, len(t.cells))
	for k := range t.cells {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.stratum != b.stratum {
			return a.stratum < b.stratum
		}
		if a.tenant != b.tenant {
			return a.tenant < b.tenant
		}
		return a.supported && !b.supported
	})
	return out
}

// tenants lists every tenant of the tally, sorted.
func (t *Tally) tenants() []string {
	seen := map[string]bool{}
	for k := range t.cells {
		seen[k.tenant] = true
	}
	for n := range t.fabricated {
		seen[n] = true
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
