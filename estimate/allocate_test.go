package estimate

import (
	"errors"
	"slices"
	"testing"
)

func TestAllocate(t *testing.T) {
	cases := []struct {
		name   string
		n      int64
		w      []float64
		lo, hi []int64
		want   []int64
	}{
		{name: "labels follow N·S: 10 by weights 3 and 1 is 7.5 and 2.5, the tie of halves to the first",
			n: 10, w: []float64{3, 1}, lo: []int64{2, 2}, hi: []int64{100, 100}, want: []int64{8, 2}},
		{name: "a stratum below two is raised to two and the rest shared again",
			n: 10, w: []float64{9, 0.5}, lo: []int64{2, 2}, hi: []int64{100, 100}, want: []int64{8, 2}},
		{name: "a stratum past its size takes all it has and the rest goes elsewhere",
			n: 10, w: []float64{1, 1}, lo: []int64{2, 2}, hi: []int64{3, 100}, want: []int64{3, 7}},
		{name: "a stratum of one citation takes it",
			n: 6, w: []float64{1, 1, 0.01}, lo: []int64{2, 2, 1}, hi: []int64{50, 50, 1}, want: []int64{3, 2, 1}},
		{name: "as many labels as citations is a census",
			n: 30, w: []float64{1, 2}, lo: []int64{2, 2}, hi: []int64{10, 20}, want: []int64{10, 20}},
		{name: "thirds go to the largest remainders: 10 by 1, 1, 1 is 4, 3, 3",
			n: 10, w: []float64{1, 1, 1}, lo: []int64{2, 2, 2}, hi: []int64{50, 50, 50}, want: []int64{4, 3, 3}},
	}
	for _, c := range cases {
		got, err := allocate(c.n, c.w, c.lo, c.hi)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: %v %v, want %v", c.name, got, err, c.want)
		}
	}
	if _, err := allocate(3, []float64{1, 1}, []int64{2, 2}, []int64{9, 9}); !errors.Is(err, ErrTooFewLabels) {
		t.Errorf("3 labels for two strata of at least two: %v, want ErrTooFewLabels", err)
	}
}
