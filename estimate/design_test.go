package estimate

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// frameOf counts k citations per (tenant, verdict, score) into a frame.
func frameOf(t *testing.T, cells ...struct {
	tenant    string
	supported bool
	score     float64
	k         int
}) (*Frame, []Citation) {
	t.Helper()
	f := NewFrame()
	var cs []Citation
	for i, c := range cells {
		for j := range c.k {
			x := Citation{Key: fmt.Sprintf("%s/%d/%d", c.tenant, i, j), Tenant: c.tenant, Supported: c.supported, Score: c.score}
			if err := f.Add(x); err != nil {
				t.Fatal(err)
			}
			cs = append(cs, x)
		}
	}
	return f, cs
}

type cellSpec = struct {
	tenant    string
	supported bool
	score     float64
	k         int
}

// Thirty small tenants, as in ExpertQA, and one large one.
func manyTenants(t *testing.T) (*Frame, []Citation) {
	var cells []cellSpec
	cells = append(cells, cellSpec{"big", true, 0.8, 400}, cellSpec{"big", false, 0.3, 300})
	for i := range 30 {
		name := fmt.Sprintf("field-%02d", i)
		cells = append(cells, cellSpec{name, true, 0.7, 10}, cellSpec{name, false, 0.4, 8})
	}
	return frameOf(t, cells...)
}

func TestSmallTenantsSharePooledStrata(t *testing.T) {
	f, _ := manyTenants(t)
	d, err := NewDesign(f, 100, 1, DesignOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var total int64
	for _, s := range d.Strata {
		names = append(names, s.Name)
		total += s.Labels
		if s.Labels < 2 {
			t.Errorf("%s: %d labels, want at least 2", s.Name, s.Labels)
		}
		if s.Inclusion() != float64(s.Labels)/float64(s.Citations) {
			t.Errorf("%s: inclusion %v", s.Name, s.Inclusion())
		}
	}
	want := []string{`tenant "big"; machine: supported`, `tenant "big"; machine: unsupported`,
		"tenants pooled; machine: supported", "tenants pooled; machine: unsupported"}
	if strings.Join(names, "|") != strings.Join(want, "|") {
		t.Errorf("strata %q, want %q", names, want)
	}
	if total != 100 || d.Labels != 100 || d.Citations != 700+540 {
		t.Errorf("labels %d (%d), citations %d", total, d.Labels, d.Citations)
	}
	// Tenants of 60 and 50 citations: with 400 labels of 1,800, each
	// share is past 10 (about 400·60/1800 = 13 and 11), and each tenant
	// has strata of its own.
	cells := []cellSpec{{"big", true, 0.8, 400}, {"big", false, 0.3, 300}}
	for i := range 10 {
		cells = append(cells, cellSpec{fmt.Sprintf("mid-%d", i), true, 0.7, 60}, cellSpec{fmt.Sprintf("mid-%d", i), false, 0.4, 50})
	}
	f, _ = frameOf(t, cells...)
	if d, _ := NewDesign(f, 400, 1, DesignOptions{}); len(d.Strata) != 22 {
		t.Errorf("%d strata, want 22", len(d.Strata))
	}
	if d, _ := NewDesign(f, 100, 1, DesignOptions{}); len(d.Strata) != 4 {
		t.Errorf("%d strata with 100 labels, want 4", len(d.Strata))
	}
}

// Neyman: n_h ∝ N_h·S_h. Two strata of 100, one scored 0.5 (S = 0.5),
// one 0.9 (S = √(0.9·0.1) = 0.3): 40 labels share 0.5:0.3, 25 and 15.
func TestNeymanAllocationFollowsTheAnticipatedSpread(t *testing.T) {
	f, _ := frameOf(t, cellSpec{"t", true, 0.9, 100}, cellSpec{"t", false, 0.5, 100})
	d, err := NewDesign(f, 40, 1, DesignOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Strata[0].Labels != 15 || d.Strata[1].Labels != 25 {
		t.Errorf("allocation %d, %d, want 15, 25", d.Strata[0].Labels, d.Strata[1].Labels)
	}
	if math.Abs(d.Strata[0].SD-0.3) > 1e-12 || d.Strata[1].SD != 0.5 {
		t.Errorf("anticipated SD %v, %v", d.Strata[0].SD, d.Strata[1].SD)
	}
	// A machine sure of itself (p = 1) is still given the floor, 0.1.
	f, _ = frameOf(t, cellSpec{"t", true, 1, 100}, cellSpec{"t", false, 0.5, 100})
	d, _ = NewDesign(f, 60, 1, DesignOptions{})
	if d.Strata[0].SD != 0.1 || d.Strata[0].Labels != 10 {
		t.Errorf("a sure stratum: SD %v, %d labels, want 0.1 and 10 (60·0.1/0.6)", d.Strata[0].SD, d.Strata[0].Labels)
	}
}

func TestDesignEdges(t *testing.T) {
	f, _ := frameOf(t, cellSpec{"t", true, 0.9, 30}, cellSpec{"t", false, 0.5, 12})
	d, err := NewDesign(f, 500, 1, DesignOptions{})
	if err != nil || d.Labels != 42 || d.Strata[0].Labels != 30 || d.Strata[1].Labels != 12 {
		t.Errorf("more labels than citations: %+v %v, want a census of 42", d, err)
	}
	if _, err := NewDesign(f, 3, 1, DesignOptions{}); !errors.Is(err, ErrTooFewLabels) {
		t.Errorf("3 labels for 2 strata: %v", err)
	}
	if _, err := NewDesign(f, -1, 1, DesignOptions{}); err == nil {
		t.Error("a negative number of labels was accepted")
	}
	if _, ok := d.StratumOf(Citation{Tenant: "t", Supported: true, Fabricated: true}); ok {
		t.Error("a fabricated citation has a stratum")
	}
	if _, ok := d.StratumOf(Citation{Tenant: "other", Supported: true}); ok {
		t.Error("a tenant the frame never saw has a stratum")
	}
	empty, err := NewDesign(NewFrame(), 10, 1, DesignOptions{})
	if err != nil || len(empty.Strata) != 0 || empty.Labels != 0 {
		t.Errorf("empty frame: %+v %v", empty, err)
	}
}

// Stratum ids say nothing a reviewer could read the verdict from, are the
// same for the same seed and differ with the seed.
func TestStratumIDsAreOpaque(t *testing.T) {
	f, _ := manyTenants(t)
	a, _ := NewDesign(f, 100, 7, DesignOptions{})
	b, _ := NewDesign(f, 100, 7, DesignOptions{})
	c, _ := NewDesign(f, 100, 8, DesignOptions{})
	for i, s := range a.Strata {
		if strings.Contains(s.ID, "supported") || strings.Contains(s.ID, "big") || len(s.ID) != 13 {
			t.Errorf("id %q of %q", s.ID, s.Name)
		}
		if s.ID != b.Strata[i].ID || s.ID == c.Strata[i].ID {
			t.Errorf("id %q: seed 7 again gives %q, seed 8 %q", s.ID, b.Strata[i].ID, c.Strata[i].ID)
		}
	}
}
