package estimate

// group is the citations of one stratum, or of one tenant within a
// stratum: the population's sums and the labels'. A tenant's citations in
// a stratum are a post-stratum: given how many of them were labelled, the
// labelled ones are a simple random sample of them, as the stratum's are
// of the stratum.
type group struct {
	verdicts   [2]bool // machine verdicts it holds (unsupported, supported)
	N, F       int64   // citations; Σ prediction, in 1/scale
	machineSup int64   // citations the machine calls supported

	// Labels counted (supported or not) and their sums; y is 1 for a
	// label counted as supported.
	n, y, f, ff, yf int64
	classes         [3]int64 // labels by class
	cannot          int64
	// Labels by reviewer class (0 not supported, 1 supported) where the
	// machine said supported, and where it said unsupported.
	machineYes, machineNo [2]int64

	// ref, for a group without labels, holds the labels its point
	// estimate borrows (its interval borrows nothing).
	ref *group
}

// add sums one cell of the tally into the group.
func (g *group) add(supported bool, s *cellSums, partialSupported bool) {
	g.verdicts[verdictIndex(supported)] = true
	g.N += s.pop.N
	g.F += s.pop.F
	g.machineSup += s.pop.Sup
	g.cannot += s.cannotJudge
	for class, c := range s.lab {
		g.classes[class] += c.N
		g.n += c.N
		g.f += c.F
		g.ff += c.FF
		yes := class == classSupported || (class == classPartial && partialSupported)
		if yes {
			g.y += c.N
			g.yf += c.F
		}
		conf := &g.machineNo
		if supported {
			conf = &g.machineYes
		}
		conf[verdictIndex(yes)] += c.N
	}
}

// labelSums adds o's labels (not its population) to g.
func (g *group) labelSums(o *group) {
	g.n += o.n
	g.y += o.y
	g.f += o.f
	g.ff += o.ff
	g.yf += o.yf
}

// groups sums the cells keys (in tally order: by stratum) into one group
// per stratum, and returns them with their stratum ids.
func (t *Tally) groups(keys []tallyKey, partialSupported bool) ([]*group, []string) {
	var gs []*group
	var ids []string
	for _, k := range keys {
		if len(ids) == 0 || ids[len(ids)-1] != k.stratum {
			gs = append(gs, &group{})
			ids = append(ids, k.stratum)
		}
		gs[len(gs)-1].add(k.supported, t.cells[k], partialSupported)
	}
	return gs, ids
}

// lendLabels gives each stratum without labels the labels of the strata
// of the same machine verdict, or of all strata when its verdict has none:
// its point estimate assumes it is like them.
func lendLabels(gs []*group) {
	var byVerdicts = map[[2]bool]*group{}
	all := &group{}
	for _, g := range gs {
		if g.n == 0 {
			continue
		}
		if byVerdicts[g.verdicts] == nil {
			byVerdicts[g.verdicts] = &group{}
		}
		byVerdicts[g.verdicts].labelSums(g)
		all.labelSums(g)
	}
	for _, g := range gs {
		if g.n == 0 {
			g.ref = byVerdicts[g.verdicts]
			if g.ref == nil {
				g.ref = all
			}
		}
	}
}
