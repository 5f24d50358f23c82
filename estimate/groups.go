package estimate

import "sort"

// group is one stratum, or strata merged at estimation because one held
// too few labels to estimate its variance; its sums are for one domain
// (all citations, or one tenant's).
type group struct {
	strata   []string
	verdicts [2]bool // machine verdicts it holds (unsupported, supported)
	N, n     int64   // the stratum's citations and labels, every tenant

	// The domain's sums: citations and their predictions; labels and
	// their sums. y is 1 for a label counted as supported.
	Nd, Fd        int64
	nd            int64
	y, f, ff, yf  int64
	classes       [3]int64 // labels by class
	cannot        int64
	machineYes    [2]int64 // labels by reviewer class (0 not supported, 1 supported) where the machine said supported
	machineNo     [2]int64 // … where the machine said unsupported
	machineSupPop int64
}

// deficient: labels too few to estimate the variance, and not a census.
func (g *group) deficient() bool { return g.n < 2 && g.n < g.N }

func (g *group) absorb(o *group) {
	g.strata = append(g.strata, o.strata...)
	g.verdicts[0] = g.verdicts[0] || o.verdicts[0]
	g.verdicts[1] = g.verdicts[1] || o.verdicts[1]
	g.N += o.N
	g.n += o.n
}

// strata sums the tally per stratum (every tenant), sorted by id.
func (t *Tally) strata() []*group {
	by := map[string]*group{}
	var out []*group
	for _, k := range t.keys() {
		g := by[k.stratum]
		if g == nil {
			g = &group{strata: []string{k.stratum}}
			by[k.stratum] = g
			out = append(out, g)
		}
		s := t.cells[k]
		g.verdicts[verdictIndex(k.supported)] = true
		g.N += s.pop.N
		for _, c := range s.lab {
			g.n += c.N
		}
	}
	return out
}

// collapse merges each deficient stratum into the stratum of the same
// machine verdict with the most labels, or the one with the most labels
// when its verdict has none to spare. It returns the groups and how many
// strata were merged away. With fewer than two labels in all, nothing can
// be merged into, and the deficient strata stay.
func collapse(gs []*group) ([]*group, int) {
	var keep, weak []*group
	for _, g := range gs {
		if g.deficient() {
			weak = append(weak, g)
		} else {
			keep = append(keep, g)
		}
	}
	best := func(match func(*group) bool) *group {
		var b *group
		for _, g := range keep {
			if g.n >= 2 && match(g) && (b == nil || g.n > b.n) {
				b = g
			}
		}
		return b
	}
	merged := 0
	for _, w := range weak {
		into := best(func(g *group) bool { return g.verdicts == w.verdicts })
		if into == nil {
			into = best(func(*group) bool { return true })
		}
		if into == nil {
			keep = append(keep, w)
			continue
		}
		into.absorb(w)
		merged++
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].strata[0] < keep[j].strata[0] })
	return keep, merged
}

// domainSums fills each group's domain sums from the tally's cells keys
// (all of them, or one tenant's). partialSupported counts partial labels
// as supported.
func (t *Tally) domainSums(gs []*group, keys []tallyKey, partialSupported bool) {
	of := map[string]*group{}
	for _, g := range gs {
		for _, s := range g.strata {
			of[s] = g
		}
		g.Nd, g.Fd, g.nd, g.y, g.f, g.ff, g.yf, g.cannot, g.machineSupPop = 0, 0, 0, 0, 0, 0, 0, 0, 0
		g.classes, g.machineYes, g.machineNo = [3]int64{}, [2]int64{}, [2]int64{}
	}
	for _, k := range keys {
		s := t.cells[k]
		g := of[k.stratum]
		g.Nd += s.pop.N
		g.Fd += s.pop.F
		g.machineSupPop += s.pop.Sup
		g.cannot += s.cannotJudge
		for class, c := range s.lab {
			g.classes[class] += c.N
			g.nd += c.N
			g.f += c.F
			g.ff += c.FF
			yes := class == classSupported || (class == classPartial && partialSupported)
			if yes {
				g.y += c.N
				g.yf += c.F
			}
			conf := &g.machineNo
			if k.supported {
				conf = &g.machineYes
			}
			conf[verdictIndex(yes)] += c.N
		}
	}
}
