package estimate

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
)

// population is a made-up audit of several tenants: citation i has a
// deterministic score, verdict, label and a few are fabricated.
func population(n int) ([]Citation, []Label) {
	cs := make([]Citation, n)
	ls := make([]Label, n)
	tenants := []string{"acme", "globex", "initech", "umbrella"}
	for i := range cs {
		u := float64((i*7919)%1000) / 1000
		cs[i] = Citation{Key: fmt.Sprintf("c%04d", i), Tenant: tenants[i%len(tenants)], Score: u, Supported: u >= 0.5,
			Fabricated: i%37 == 0}
		if i%11 == 0 {
			cs[i].Score = math.NaN()
		}
		switch {
		case i%3 == 0:
			ls[i] = Unlabelled
		case (i*31)%100 < int(100*(0.3+0.5*u)):
			ls[i] = Supported
		case i%17 == 0:
			ls[i] = Partial
		case i%19 == 0:
			ls[i] = CannotJudge
		default:
			ls[i] = Unsupported
		}
	}
	return cs, ls
}

func stratumOf(c Citation) string {
	if c.Supported {
		return "s-" + c.Tenant
	}
	return "u"
}

func estimateJSON(t *testing.T, tl *Tally) string {
	t.Helper()
	r, err := tl.Estimate(Options{Bar: 0.6})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Tallies of parts of the logs add up to the tally of the whole: the
// estimate is the same, byte for byte, however the citations are split
// and in whatever order the parts are merged.
func TestMergingPartsGivesTheEstimateOfTheWhole(t *testing.T) {
	cs, ls := population(600)
	whole := NewTally()
	for i, c := range cs {
		if err := whole.Add(stratumOf(c), c, ls[i]); err != nil {
			t.Fatal(err)
		}
	}
	want := estimateJSON(t, whole)
	splits := []struct {
		name string
		part func(i int) int
	}{
		{"first half and second half", func(i int) int { return i * 2 / len(cs) }},
		{"odd and even citations", func(i int) int { return i % 2 }},
		{"three uneven parts", func(i int) int { return (i * i) % 3 }},
	}
	for _, s := range splits {
		parts := []*Tally{NewTally(), NewTally(), NewTally()}
		for i := len(cs) - 1; i >= 0; i-- { // reverse order, too
			if err := parts[s.part(i)].Add(stratumOf(cs[i]), cs[i], ls[i]); err != nil {
				t.Fatal(err)
			}
		}
		for _, order := range [][3]int{{0, 1, 2}, {2, 1, 0}} {
			sum := NewTally()
			for _, k := range order {
				sum.Merge(parts[k])
			}
			if got := estimateJSON(t, sum); got != want {
				t.Errorf("%s merged in order %v:\n%s\nwant\n%s", s.name, order, got, want)
			}
		}
	}
}

// The same for the frame: a design from merged frames is the design of
// the whole.
func TestMergingFramesGivesTheDesignOfTheWhole(t *testing.T) {
	cs, _ := population(600)
	whole, a, b := NewFrame(), NewFrame(), NewFrame()
	for i, c := range cs {
		if err := whole.Add(c); err != nil {
			t.Fatal(err)
		}
		part := a
		if i%2 == 1 {
			part = b
		}
		if err := part.Add(c); err != nil {
			t.Fatal(err)
		}
	}
	b.Merge(a)
	d1, err1 := NewDesign(whole, 80, 3, DesignOptions{})
	d2, err2 := NewDesign(b, 80, 3, DesignOptions{})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	j1, _ := json.Marshal(d1)
	j2, _ := json.Marshal(d2)
	if string(j1) != string(j2) {
		t.Errorf("design of merged frames\n%s\nwant\n%s", j2, j1)
	}
}
