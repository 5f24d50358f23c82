package estimate

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
)

// Drawn is a citation drawn for review.
type Drawn struct {
	Citation  Citation
	Stratum   int     // index in the design's Strata
	Order     int     // position in the review order, from 0
	Inclusion float64 // probability the design draws it: n_h/N_h
}

// ticket is a citation's place in the lottery: two uniform draws from a
// PCG seeded by the design's seed and the hash of the key. The first ranks
// it in its stratum, the second in the review order.
type ticket struct {
	rank, order uint64
}

func draw(seed uint64, key string) ticket {
	h := fnv.New64a()
	h.Write([]byte(key))
	src := rand.NewPCG(seed, h.Sum64())
	return ticket{src.Uint64(), src.Uint64()}
}

// Draw selects, in each stratum, the n_h citations with the smallest
// tickets: a simple random sample without replacement within each
// stratum, which depends on the keys and the seed only, not on the order
// of items, and grows by inclusion (with the same strata, a stratum given
// more labels keeps the citations it had and adds the next tickets). The
// sample comes in review order, random across strata, so that a review
// stopped early still holds a random sample of each stratum. items must be
// the population the design was made from.
func (d *Design) Draw(items []Citation) ([]Drawn, error) {
	type entry struct {
		t    ticket
		item int
	}
	byStratum := make([][]entry, len(d.Strata))
	seen := make(map[string]struct{}, len(items))
	for i, c := range items {
		if err := c.check(); err != nil {
			return nil, err
		}
		if _, dup := seen[c.Key]; dup {
			return nil, fmt.Errorf("citation key %q given twice: keys must be unique", c.Key)
		}
		seen[c.Key] = struct{}{}
		if c.Fabricated {
			continue
		}
		h, ok := d.StratumOf(c)
		if !ok {
			return nil, fmt.Errorf("citation %q: tenant %q with this verdict is not in the design's population", c.Key, c.Tenant)
		}
		byStratum[h] = append(byStratum[h], entry{draw(d.Seed, c.Key), i})
	}
	// Ties (equal hashes of two keys) are broken by key.
	byRank := func(a, b entry) int {
		if c := cmp.Compare(a.t.rank, b.t.rank); c != 0 {
			return c
		}
		return strings.Compare(items[a.item].Key, items[b.item].Key)
	}
	byOrder := func(a, b entry) int {
		if c := cmp.Compare(a.t.order, b.t.order); c != 0 {
			return c
		}
		return strings.Compare(items[a.item].Key, items[b.item].Key)
	}
	var picked []entry
	var stratumOf []int
	for h, es := range byStratum {
		if int64(len(es)) != d.Strata[h].Citations {
			return nil, fmt.Errorf("stratum %s holds %d citations, the design %d: these are not the citations the design was made from",
				d.Strata[h].Name, len(es), d.Strata[h].Citations)
		}
		slices.SortFunc(es, byRank)
		picked = append(picked, es[:d.Strata[h].Labels]...)
		for range d.Strata[h].Labels {
			stratumOf = append(stratumOf, h)
		}
	}
	strata := make(map[int]int, len(picked)) // item → stratum
	for i, e := range picked {
		strata[e.item] = stratumOf[i]
	}
	slices.SortFunc(picked, byOrder)
	out := make([]Drawn, len(picked))
	for i, e := range picked {
		h := strata[e.item]
		out[i] = Drawn{Citation: items[e.item], Stratum: h, Order: i, Inclusion: d.Strata[h].Inclusion()}
	}
	return out, nil
}
