package review

import (
	"fmt"
	"math"

	"github.com/ragaudit/ragaudit/readers"
)

// unevenZ is how far apart, in standard errors, two log files' labelled
// shares of one tenant and verdict group must be for labels not drawn by
// ragaudit sample to be refused as no random sample of them: a random
// choice puts them that far apart about once in 30,000 groups.
const unevenZ = 4.0

// labelsEvenAcrossFiles refuses labels not drawn by ragaudit sample that
// label one log file's citations of a tenant and verdict group at a very
// different share than another's: taken as one random sample, the
// closely labelled file's labels would stand for the other's citations
// (January's 400 labels of 800 citations and February's 20 of 180 had
// passed a quarter above its true rate). Each pair of files is compared
// by a two-proportion z-test, each with 20 citations of the group or
// more.
func labelsEvenAcrossFiles(pop *Population, given map[int]readers.Label, design string) error {
	if design != notDrawn || len(pop.files) < 2 {
		return nil
	}
	type group struct {
		tenant    string
		supported bool
	}
	type tally struct{ n, labelled []int }
	by := map[group]*tally{}
	var order []group
	for i, c := range pop.Citations {
		if c.Fabricated {
			continue
		}
		g := group{c.Tenant, c.Supported}
		t := by[g]
		if t == nil {
			t = &tally{make([]int, len(pop.files)), make([]int, len(pop.files))}
			by[g] = t
			order = append(order, g)
		}
		f := pop.places[i].file
		t.n[f]++
		if _, ok := given[i]; ok {
			t.labelled[f]++
		}
	}
	for _, g := range order {
		t := by[g]
		for a := range pop.files {
			for b := range pop.files {
				if a == b || t.n[a] < 20 || t.n[b] < 20 {
					continue
				}
				pa, pb := float64(t.labelled[a])/float64(t.n[a]), float64(t.labelled[b])/float64(t.n[b])
				if pa <= pb {
					continue
				}
				p := float64(t.labelled[a]+t.labelled[b]) / float64(t.n[a]+t.n[b])
				se := math.Sqrt(p * (1 - p) * (1/float64(t.n[a]) + 1/float64(t.n[b])))
				if se > 0 && (pa-pb)/se > unevenZ {
					return fmt.Errorf("the labels were not drawn by ragaudit sample and label the citations of %s at %.0f %% (%d of %d) and those of %s at %.0f %% (%d of %d) in one tenant and verdict group (%s): no random sample labels files so unevenly, and taken as one, the first file's labels would stand for the other's citations; sample each file (or month) with ragaudit sample, review each sample, and give their label files as they are (docs/estimate.md: several samples, each of its own logs)",
						pop.files[a], 100*pa, t.labelled[a], t.n[a], pop.files[b], 100*pb, t.labelled[b], t.n[b], groupName(g.tenant, g.supported))
				}
			}
		}
	}
	return nil
}

// groupName names a tenant and verdict group for a message, as the
// design names its strata.
func groupName(tenant string, supported bool) string {
	verdict := "unsupported"
	if supported {
		verdict = "supported"
	}
	return tenantName(tenant) + "; machine: " + verdict
}
