package estimate

import (
	"math"
	"testing"
)

// One tenant, every citation machine-supported, scored 0.5: one stratum,
// S = 0.5, N = 1000, SE(n) = 0.5·√(1/n − 1/1000).
//
//	half-width 0.05: 1.959964·SE ≤ 0.05 ⇔ 1/n ≤ (0.05/1.959964/0.5)² + 0.001 = 0.0036032 ⇔ n ≥ 277.5: 278
//	half-width 0.03: 1/n ≤ (0.03/1.959964/0.5)² + 0.001 = 0.0019371 ⇔ n ≥ 516.2: 517
//	to decide at 0.9 if the rate is the machine's, 1.0, with 80 % power:
//	(1.644854 + 0.841621)·SE ≤ 0.1 ⇔ 1/n ≤ (0.1/2.486475/0.5)² + 0.001 = 0.0074698 ⇔ n ≥ 133.9: 134
//	at a margin of 0.05: 1/n ≤ (0.05/2.486475/0.5)² + 0.001 = 0.0026175 ⇔ n ≥ 382.1: 383
func TestPlanMatchesTheHandComputedCase(t *testing.T) {
	f, _ := frameOf(t, cellSpec{"t", true, 0.5, 1000})
	p, err := f.Plan(PlanOptions{Bar: 0.9, Margins: []float64{0.05}, HalfWidths: []float64{0.05, 0.03}})
	if err != nil {
		t.Fatal(err)
	}
	if p.MachineRate != 1 || p.Citations != 1000 || p.Assumption == "" {
		t.Errorf("plan %+v", p)
	}
	want := []Need{{TrueRate: 1, Labels: 134}, {Margin: 0.05, Labels: 383}}
	if len(p.ToDecide) != len(want) || p.ToDecide[0] != want[0] || p.ToDecide[1] != want[1] {
		t.Errorf("to decide %+v, want %+v", p.ToDecide, want)
	}
	if h := p.ToHalfWidth; len(h) != 2 || h[0].Labels != 278 || h[1].Labels != 517 {
		t.Errorf("to half-width %+v, want 278 and 517", h)
	}
}

// Each figure is the fewest labels that reach the goal: one label fewer
// misses it.
func TestPlanGivesTheFewestLabels(t *testing.T) {
	f, _ := manyTenants(t)
	p, err := f.Plan(PlanOptions{Bar: 0.9})
	if err != nil {
		t.Fatal(err)
	}
	halfWidth := func(n int64) float64 {
		d, err := NewDesign(f, n, 0, DesignOptions{})
		if err != nil {
			return math.Inf(1)
		}
		return d.HalfWidth()
	}
	for _, need := range p.ToHalfWidth {
		if halfWidth(need.Labels) > need.HalfWidth || halfWidth(need.Labels-1) <= need.HalfWidth {
			t.Errorf("half-width %v: %d labels give %v, one fewer %v", need.HalfWidth, need.Labels, halfWidth(need.Labels), halfWidth(need.Labels-1))
		}
	}
	if len(p.ToDecide) != 4 || p.ToDecide[0].TrueRate != p.MachineRate {
		t.Errorf("to decide %+v", p.ToDecide)
	}
}

func TestPlanEdges(t *testing.T) {
	f, _ := frameOf(t, cellSpec{"t", true, 0.5, 100})
	p, _ := f.Plan(PlanOptions{Bar: 1, Margins: []float64{0.05}})
	// The machine says 1.0, at the bar: no number of labels decides.
	if p.ToDecide[0].Labels != -1 {
		t.Errorf("a true rate at the bar: %+v, want -1", p.ToDecide[0])
	}
	// Fabricated citations cap the rate at 100/200: with a bar of 0.6, a
	// margin of 0.1 is possible below it, one of 0.7 on neither side.
	for range 100 {
		if err := f.Add(Citation{Key: "f", Tenant: "t", Fabricated: true}); err != nil {
			t.Fatal(err)
		}
	}
	p, _ = f.Plan(PlanOptions{Bar: 0.6, Margins: []float64{0.1, 0.7}})
	if len(p.ToDecide) != 2 || p.ToDecide[1].Margin != 0.1 {
		t.Errorf("margins planned: %+v, want the machine's rate and 0.1", p.ToDecide)
	}
	if _, err := f.Plan(PlanOptions{Bar: -0.1}); err == nil {
		t.Error("a negative bar was accepted")
	}
	if p, err := NewFrame().Plan(PlanOptions{Bar: 0.9}); err != nil || p.Citations != 0 || p.ToDecide != nil {
		t.Errorf("empty frame: %+v %v", p, err)
	}
}

// The labels the plan says to give to decide are the design's figure
// raised to the minimum of labels, and at most every auditable citation,
// which is then a census: a plan never asks for more labels than there
// are citations.
func TestPlanToLabelIsAtLeastTheMinimumAndAtMostACensus(t *testing.T) {
	p := Plan{Auditable: 58, MinLabels: MinLabels}
	big := Plan{Auditable: 1000, MinLabels: MinLabels}
	cases := []struct {
		name   string
		plan   Plan
		need   int64
		labels int64
		census bool
	}{
		{"30 of a month of 58 are all 58, a census", p, 30, 58, true},
		{"58 of 58 are a census", p, 58, 58, true},
		{"30 of 1000 are raised to the minimum", big, 30, MinLabels, false},
		{"300 of 1000 stay 300", big, 300, 300, false},
		{"1200 of 1000 are all 1000, a census", big, 1200, 1000, true},
		{"no number of labels stays so", big, -1, -1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if n, census := c.plan.ToLabel(c.need); n != c.labels || census != c.census {
				t.Errorf("ToLabel(%d) = %d, %v; want %d, %v", c.need, n, census, c.labels, c.census)
			}
		})
	}
	f, _ := frameOf(t, cellSpec{"t", true, 0.5, 58})
	if got, _ := f.Plan(PlanOptions{Bar: 0.9}); got.MinLabels != MinLabels || got.Auditable != 58 {
		t.Errorf("plan min labels %d, auditable %d", got.MinLabels, got.Auditable)
	}
}
