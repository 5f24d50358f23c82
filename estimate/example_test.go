package estimate_test

import (
	"fmt"
	"hash/fnv"

	"github.com/ragaudit/ragaudit/estimate"
)

// uniform is a made-up number in [0, 1) for a key.
func uniform(key, salt string) float64 {
	h := fnv.New64a()
	h.Write([]byte(salt + key))
	return float64(h.Sum64()>>11) / (1 << 53)
}

// madeUpAudit makes up the citations of an audit: 1,000 citations of two
// tenants, scores in [0.2, 1), the verdict at 0.5, 2 % fabricated.
func madeUpAudit() []estimate.Citation {
	var cs []estimate.Citation
	for i := range 1000 {
		key := fmt.Sprintf("conv-%03d/1/0/[%d]", i/3, i%3+1)
		p := 0.2 + 0.8*uniform(key, "score")
		cs = append(cs, estimate.Citation{
			Key:        key,
			Tenant:     []string{"acme", "globex"}[i%2],
			Supported:  p >= 0.5,
			Fabricated: uniform(key, "fabricated") < 0.02,
			Score:      p,
		})
	}
	return cs
}

// reviewer stands in for a person: a citation scored p is supported with
// probability p, a little more for acme.
func reviewer(c estimate.Citation) estimate.Label {
	p := c.Score
	if c.Tenant == "acme" {
		p += 0.1
	}
	if uniform(c.Key, "reviewer") < p {
		return estimate.Supported
	}
	return estimate.Unsupported
}

// A design for 100 labels, and the first citations to review.
func ExampleNewDesign() {
	cs := madeUpAudit()
	frame := estimate.NewFrame()
	for _, c := range cs {
		if err := frame.Add(c); err != nil {
			panic(err)
		}
	}
	design, err := estimate.NewDesign(frame, 100, 2024, estimate.DesignOptions{})
	if err != nil {
		panic(err)
	}
	for _, s := range design.Strata {
		fmt.Printf("%s: %d of %d citations\n", s.Name, s.Labels, s.Citations)
	}
	drawn, err := design.Draw(cs)
	if err != nil {
		panic(err)
	}
	for _, d := range drawn[:3] {
		fmt.Printf("review %s (stratum %s, drawn with probability %.3f)\n", d.Citation.Key, design.Strata[d.Stratum].ID, d.Inclusion)
	}
	// Output:
	// tenant "acme"; machine: supported: 33 of 340 citations
	// tenant "acme"; machine: unsupported: 17 of 149 citations
	// tenant "globex"; machine: supported: 34 of 350 citations
	// tenant "globex"; machine: unsupported: 16 of 140 citations
	// review conv-087/1/0/[1] (stratum sa8b042f1775f, drawn with probability 0.114)
	// review conv-131/1/0/[3] (stratum sa8b042f1775f, drawn with probability 0.114)
	// review conv-288/1/0/[3] (stratum see7fa57e9747, drawn with probability 0.097)
}

// Every citation goes into the tally, the drawn ones with their label.
func ExampleTally_Estimate() {
	cs := madeUpAudit()
	frame := estimate.NewFrame()
	for _, c := range cs {
		_ = frame.Add(c)
	}
	design, _ := estimate.NewDesign(frame, 200, 7, estimate.DesignOptions{})
	drawn, _ := design.Draw(cs)
	labelled := map[string]bool{}
	for _, d := range drawn {
		labelled[d.Citation.Key] = true
	}
	tally := estimate.NewTally()
	for _, c := range cs {
		stratum, label := "", estimate.Unlabelled
		if i, ok := design.StratumOf(c); ok {
			stratum = design.Strata[i].ID
		}
		if labelled[c.Key] {
			label = reviewer(c)
		}
		if err := tally.Add(stratum, c, label); err != nil {
			panic(err)
		}
	}
	r, err := tally.Estimate(estimate.Options{Bar: 0.7})
	if err != nil {
		panic(err)
	}
	fmt.Printf("machine %.3f, verified %.3f (95 %% CI %.3f–%.3f) by %s, λ = %.2f: %s\n",
		r.MachineRate, r.Rate, r.Low, r.High, r.Method, r.Lambda, r.Decision)
	fmt.Printf("labels: %d supported, %d unsupported; balanced accuracy %.2f\n",
		r.Labels.Supported, r.Labels.Unsupported, r.Agreement.BalancedAccuracy)
	for _, t := range r.Tenants {
		fmt.Printf("%s: %.3f (%.3f–%.3f) %s\n", t.Tenant, t.Rate, t.Low, t.High, t.Decision)
	}
	fmt.Printf("%d more labels to decide\n", r.LabelsToDecide)
	// Output:
	// machine 0.690, verified 0.646 (95 % CI 0.593–0.694) by ppi++, λ = 1.00: FAIL
	// labels: 126 supported, 74 unsupported; balanced accuracy 0.69
	// acme: 0.680 (0.606–0.746) INCONCLUSIVE
	// globex: 0.611 (0.535–0.682) FAIL
	// 0 more labels to decide
}

// How many labels a decision at 90 % takes, before drawing any.
func ExampleFrame_Plan() {
	frame := estimate.NewFrame()
	for _, c := range madeUpAudit() {
		_ = frame.Add(c)
	}
	plan, err := frame.Plan(estimate.PlanOptions{Bar: 0.9})
	if err != nil {
		panic(err)
	}
	fmt.Printf("machine rate %.3f of %d citations\n", plan.MachineRate, plan.Citations)
	for _, n := range plan.ToDecide {
		if n.Margin == 0 {
			fmt.Printf("to decide if the machine is right: %d labels\n", n.Labels)
		} else {
			fmt.Printf("to decide %.2f from the bar: %d labels\n", n.Margin, n.Labels)
		}
	}
	for _, n := range plan.ToHalfWidth {
		fmt.Printf("±%.2f: %d labels\n", n.HalfWidth, n.Labels)
	}
	// Output:
	// machine rate 0.690 of 1000 citations
	// to decide if the machine is right: 25 labels
	// to decide 0.01 from the bar: 898 labels
	// to decide 0.02 from the bar: 724 labels
	// to decide 0.05 from the bar: 308 labels
	// ±0.05: 217 labels
	// ±0.03: 432 labels
	// ±0.02: 626 labels
}
