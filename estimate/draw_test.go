package estimate

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func keysOf(ds []Drawn) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Citation.Key
	}
	return out
}

func designOf(t *testing.T, f *Frame, n int64, seed uint64) *Design {
	t.Helper()
	d, err := NewDesign(f, n, seed, DesignOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func mustDraw(t *testing.T, d *Design, cs []Citation) []Drawn {
	t.Helper()
	ds, err := d.Draw(cs)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// The same citations, seed and number of labels give the same sample in
// the same review order, whatever order the citations come in; another
// seed gives another sample.
func TestDrawIsReproducibleAndIgnoresInputOrder(t *testing.T) {
	f, cs := manyTenants(t)
	d := designOf(t, f, 100, 42)
	a := keysOf(mustDraw(t, d, cs))
	shuffled := slices.Clone(cs)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	if b := keysOf(mustDraw(t, d, shuffled)); !slices.Equal(a, b) {
		t.Errorf("shuffled input drew another sample:\n%v\n%v", a[:5], b[:5])
	}
	c := keysOf(mustDraw(t, designOf(t, f, 100, 43), cs))
	if slices.Equal(a, c) {
		t.Error("seeds 42 and 43 drew the same sample")
	}
}

// The drawn citations of each stratum number its allocation, carry its
// inclusion probability, and come mixed across strata in review order.
func TestDrawFollowsTheDesign(t *testing.T) {
	f, cs := manyTenants(t)
	d := designOf(t, f, 100, 42)
	ds := mustDraw(t, d, cs)
	per := map[int]int64{}
	firstStrata := map[int]bool{}
	for i, x := range ds {
		per[x.Stratum]++
		if x.Order != i || x.Inclusion != d.Strata[x.Stratum].Inclusion() || x.Citation.Fabricated {
			t.Fatalf("drawn %+v at %d", x, i)
		}
		if i < 20 {
			firstStrata[x.Stratum] = true
		}
	}
	for h, s := range d.Strata {
		if per[h] != s.Labels {
			t.Errorf("%s: %d drawn, %d allocated", s.Name, per[h], s.Labels)
		}
	}
	if len(firstStrata) < 3 {
		t.Errorf("the first 20 of the review come from %d strata: the order is not mixed", len(firstStrata))
	}
}

// Within a stratum every citation has the same chance, n_h/N_h: over
// 3,000 seeds, each of 12 citations in a stratum allocated 3 (of 2
// strata, 6 labels) is drawn 750 times give or take 3 standard errors
// (√(3000·0.25·0.75) = 23.7).
func TestDrawIsUniformWithinAStratum(t *testing.T) {
	f, cs := frameOf(t, cellSpec{"t", true, 0.5, 12}, cellSpec{"t", false, 0.5, 12})
	counts := map[string]int{}
	for seed := range uint64(3000) {
		for _, x := range mustDraw(t, designOf(t, f, 6, seed), cs) {
			counts[x.Citation.Key]++
		}
	}
	for _, c := range cs {
		if n := counts[c.Key]; n < 750-71 || n > 750+71 {
			t.Errorf("%s drawn %d times of 3000, want 750 ± 71", c.Key, n)
		}
	}
}

// With the same strata, more labels keep the citations drawn before.
func TestMoreLabelsKeepTheSampleDrawnBefore(t *testing.T) {
	f, cs := frameOf(t, cellSpec{"t", true, 0.8, 300}, cellSpec{"t", false, 0.3, 200})
	small := keysOf(mustDraw(t, designOf(t, f, 40, 9), cs))
	large := keysOf(mustDraw(t, designOf(t, f, 90, 9), cs))
	for _, k := range small {
		if !slices.Contains(large, k) {
			t.Errorf("%s drawn with 40 labels, not with 90", k)
		}
	}
}

func TestDrawRefusesAnotherPopulation(t *testing.T) {
	f, cs := frameOf(t, cellSpec{"t", true, 0.8, 30}, cellSpec{"t", false, 0.3, 20})
	d := designOf(t, f, 10, 1)
	cases := []struct {
		name  string
		items []Citation
		want  string
	}{
		{"a key given twice", append(slices.Clone(cs), cs[0]), "given twice"},
		{"a citation missing", cs[1:], "not the citations"},
		{"a tenant the design never saw", append(slices.Clone(cs), Citation{Key: "x", Tenant: "new", Score: 0.5}), "not in the design"},
		{"a score out of range", append(slices.Clone(cs[:len(cs)-1]), Citation{Key: "y", Tenant: "t", Score: 2}), "outside [0, 1]"},
	}
	for _, c := range cases {
		_, err := d.Draw(c.items)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	// Fabricated citations are in the population but never drawn.
	withFab := append(slices.Clone(cs), Citation{Key: "fab", Tenant: "t", Fabricated: true, Score: 0.5})
	if ds, err := d.Draw(withFab); err != nil || len(ds) != 10 || slices.Contains(keysOf(ds), "fab") {
		t.Errorf("with a fabricated citation: %v %v", keysOf(ds), err)
	}
}

// The draw is pinned: the same seed gives these citations on every
// platform and Go version (PCG and FNV-1a are specified algorithms). A
// change here changes every sample already handed to a reviewer.
func TestDrawGolden(t *testing.T) {
	f, cs := manyTenants(t)
	d := designOf(t, f, 30, 2024)
	var b strings.Builder
	for _, x := range mustDraw(t, d, cs) {
		fmt.Fprintf(&b, "%d %s %s %.6f\n", x.Order, d.Strata[x.Stratum].ID, x.Citation.Key, x.Inclusion)
	}
	golden := filepath.Join("testdata", "draw.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("the draw changed (go test ./estimate -update, and review the diff):\n%s", b.String())
	}
}

// Asking for more labels than there are auditable citations draws them
// all, and the estimate is the truth with no width.
func TestACensusEstimatesTheTruthExactly(t *testing.T) {
	f, cs := manyTenants(t)
	d := designOf(t, f, 5000, 1)
	ds := mustDraw(t, d, cs)
	if len(ds) != len(cs) {
		t.Fatalf("%d drawn of %d", len(ds), len(cs))
	}
	tl := NewTally()
	var yes int
	for i, c := range cs {
		l := Unsupported
		if i%3 != 0 {
			l, yes = Supported, yes+1
		}
		h, _ := d.StratumOf(c)
		if err := tl.Add(d.Strata[h].ID, c, l); err != nil {
			t.Fatal(err)
		}
	}
	r, err := tl.Estimate(Options{Bar: 0.9})
	if err != nil {
		t.Fatal(err)
	}
	truth := Number(float64(yes) / float64(len(cs)))
	if r.Method != MethodCensus || r.Rate != truth || r.Low != truth || r.High != truth || r.Decision != Fail {
		t.Errorf("census: %s %v [%v, %v] %s, want the truth %v and FAIL", r.Method, r.Rate, r.Low, r.High, r.Decision, truth)
	}
}
