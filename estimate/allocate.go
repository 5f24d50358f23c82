package estimate

import (
	"fmt"
	"math"
	"sort"
)

// neyman shares n in proportion to w, without bounds.
func neyman(n float64, w []float64) []float64 {
	var sum float64
	for _, v := range w {
		sum += v
	}
	x := make([]float64, len(w))
	if sum == 0 {
		return x
	}
	for i, v := range w {
		x[i] = n * v / sum
	}
	return x
}

// allocate shares n whole labels in proportion to w within [lo, hi] per
// stratum: strata whose share passes a bound are fixed at it and the rest
// shared again; fractions go to the largest remainders, ties to the
// earlier stratum.
func allocate(n int64, w []float64, lo, hi []int64) ([]int64, error) {
	var sumLo, sumHi int64
	for i := range w {
		sumLo += lo[i]
		sumHi += hi[i]
	}
	if n >= sumHi {
		return append([]int64(nil), hi...), nil
	}
	if n < sumLo {
		return nil, fmt.Errorf("%w: %d labels, %d needed to give each stratum two", ErrTooFewLabels, n, sumLo)
	}
	x := boundedShares(float64(n), w, lo, hi)
	out := make([]int64, len(x))
	var given int64
	for i, v := range x {
		out[i] = int64(math.Floor(v))
		given += out[i]
	}
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		fa, fb := x[order[a]]-float64(out[order[a]]), x[order[b]]-float64(out[order[b]])
		return fa > fb
	})
	for _, i := range order {
		if given >= n {
			break
		}
		if out[i] < hi[i] {
			out[i]++
			given++
		}
	}
	return out, nil
}

// boundedShares is the continuous Neyman allocation within bounds.
func boundedShares(n float64, w []float64, lo, hi []int64) []float64 {
	x := make([]float64, len(w))
	fixed := make([]bool, len(w))
	for {
		rest, free := n, make([]float64, len(w))
		for i := range w {
			if fixed[i] {
				rest -= x[i]
			} else {
				free[i] = w[i]
			}
		}
		share := neyman(rest, free)
		over, under := false, false
		for i := range w {
			if !fixed[i] && share[i] > float64(hi[i]) {
				over = true
			}
			if !fixed[i] && share[i] < float64(lo[i]) {
				under = true
			}
		}
		for i := range w {
			switch {
			case fixed[i]:
			case over && share[i] > float64(hi[i]):
				x[i], fixed[i] = float64(hi[i]), true
			case !over && under && share[i] < float64(lo[i]):
				x[i], fixed[i] = float64(lo[i]), true
			case !over && !under:
				x[i] = share[i]
			}
		}
		if !over && !under {
			return x
		}
	}
}
