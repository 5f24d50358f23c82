package eval

import (
	"github.com/ragaudit/ragaudit/audit"
)

// Reweighting is what refitting the verdict's weights on a user's labels
// needs beyond the thresholds: the procedure (the signals weighed, the
// decisive ones), each label's model inputs, and every citation's.
type Reweighting struct {
	Proc   Procedure
	Labels []audit.Features // of the labels given to FitOperatingWeights, in order; nil: no score
	Pop    []PopItem
}

// PopItem is a citation the rate counts, as a refitted model scores it.
type PopItem struct {
	Tenant     string
	Features   audit.Features // nil: it cannot pass (fabricated, no score)
	Fabricated bool
}

// FitOperatingWeights is FitOperating with the weights refitted too: on
// each fold's labels (and then on all), the procedure's monotone logistic
// regression, each label weighing the citations it stands for and each
// class the same; then the operating point on the refitted scores, by the
// same rule. The cross-validation refits both, so the test against the
// base is out of sample for the weights as for the thresholds. pop holds
// the base model's decision scores (the sample's cells, the base's rate).
func FitOperatingWeights(ls []Scored, rw Reweighting, designSizes map[string]int64, pop, rulePop *Population, base Point, o PointOptions) (*Operating, audit.Model, error) {
	f, ls, op, err := prepare(ls, designSizes, pop, base, o)
	if err != nil {
		return nil, audit.Model{}, err
	}
	all := make([]int, len(ls))
	for i := range all {
		all[i] = i
	}
	m, pt, mpop := rw.fit(f, ls, all)
	pt = mpop.writable(pt)
	op.Fitted, op.RateFitted = pt, mpop.Rate(pt.Threshold, pt.Tenants)
	cv := make([]bool, len(ls))
	for k := range f.o.Folds {
		var train, test []int
		for i, l := range ls {
			if foldOf(l.Conversation, f.o.Folds) == k {
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		fm, fp := m, pt
		if hasBoth(pick(ls, train)) {
			fm, fp, _ = rw.fit(f, ls, train)
		}
		for _, i := range test {
			_, d := modelScore(fm, item{Features: rw.Labels[i]})
			cv[i] = rw.Labels[i] != nil && d >= fp.thresholdOf(ls[i].Tenant)
		}
	}
	f.test(op, ls, cv, pop, rulePop)
	return op, m, nil
}

// fit refits the weights on the labels idx, rescores them and every
// citation, and fits the operating point on those scores.
func (rw Reweighting) fit(f *fitter, ls []Scored, idx []int) (audit.Model, Point, *Population) {
	train := pick(ls, idx)
	items := make([]item, len(idx))
	for k, i := range idx {
		items[k] = item{Features: rw.Labels[i], Supported: ls[i].Supported}
	}
	m := rw.Proc.fitWith("reweighted", items, designWeights(train, byStratum, f.sizes))
	for k, i := range idx {
		train[k].Decision = -1
		if rw.Labels[i] != nil {
			_, train[k].Decision = modelScore(m, items[k])
		}
	}
	mpop := NewPopulation()
	for _, c := range rw.Pop {
		d := -1.0
		if c.Features != nil {
			_, d = modelScore(m, item{Features: c.Features})
		}
		mpop.Add(c.Tenant, d, c.Fabricated)
	}
	return m, f.fit(train, mpop), mpop
}

func pick(ls []Scored, idx []int) []Scored {
	out := make([]Scored, len(idx))
	for k, i := range idx {
		out[k] = ls[i]
	}
	return out
}
