package eval

import (
	"strings"
	"testing"
)

func TestTargets(t *testing.T) {
	m := func(ba, auc float64) Metrics {
		return Metrics{Supported: 10, Unsupported: 10, BalancedAccuracy: ba, AUC: auc}
	}
	rows := []Row{
		{Set: "d/a/l.jsonl", Scope: scopeCitation, Rule: m(0.80, 0.90), Model: m(0.84, 0.91)},
		{Set: "d/b/l.jsonl", Scope: scopeCitation, Rule: m(0.80, 0.90), Model: m(0.81, 0.89)},
		{Set: "d/b/l.jsonl", Scope: scopeJoint, Rule: m(0.50, 0.50), Model: m(0.70, 0.70)},
		{Set: "d/b/other.jsonl", Scope: scopeCitation, ScoreOnly: true, Rule: m(0.9, 0.9), Model: m(0.1, 0.1)},
	}
	count := func(cs []Check) (mustMissed, aimMissed int) {
		for _, c := range cs {
			switch {
			case !c.Met && c.Must:
				mustMissed++
			case !c.Met:
				aimMissed++
			}
		}
		return
	}
	cases := []struct {
		name            string
		checks          []Check
		wantMust, wantA int
	}{
		{"a held-out set below the rule's AUC misses a must, below its margin an aim; score-only rows are not targets",
			ruleTargets(rows), 1, 1},
		{"a minimum holds on the row it names", minimumTargets(rows, map[string]float64{"b/joint": 0.7}, true), 0, 0},
		{"a minimum ignores score-only label files", minimumTargets(rows, map[string]float64{"b/citation": 0.8}, true), 0, 0},
		{"a minimum above the row's balanced accuracy is missed", minimumTargets(rows, map[string]float64{"b/joint": 0.75}, true), 1, 0},
		{"a minimum aimed at is missed as an aim", minimumTargets(rows, map[string]float64{"b/joint": 0.75}, false), 0, 1},
		{"a minimum that names no row is missed", minimumTargets(rows, map[string]float64{"c/joint": 0.5}, true), 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if must, aim := count(tc.checks); must != tc.wantMust || aim != tc.wantA {
				t.Errorf("missed %d musts and %d aims, want %d and %d: %+v", must, aim, tc.wantMust, tc.wantA, tc.checks)
			}
		})
	}
}

// A language's balanced accuracy more than langGap below English's on the
// same items is a must missed, but an open one: reported, not failing the
// evaluation; AUC is an aim.
func TestLanguageTargets(t *testing.T) {
	m := func(ba, auc float64) Metrics {
		return Metrics{Supported: 10, Unsupported: 10, BalancedAccuracy: ba, AUC: auc}
	}
	rows := []Row{
		{Set: "d/x-en.dev.labels.jsonl", Scope: scopeCitation, Model: m(0.70, 0.80)},
		{Set: "d/x-nl.dev.labels.jsonl", Scope: scopeCitation, Model: m(0.68, 0.76)},
		{Set: "d/x-fr.dev.labels.jsonl", Scope: scopeCitation, Model: m(0.66, 0.78)},
	}
	checks := languageTargets(rows)
	if len(checks) != 4 {
		t.Fatalf("%d checks, want 4 (two languages, BA and AUC): %+v", len(checks), checks)
	}
	want := []struct{ must, open, met bool }{{true, true, true}, {false, false, false}, {true, true, false}, {false, false, true}}
	for i, w := range want {
		if c := checks[i]; c.Must != w.must || c.Open != w.open || c.Met != w.met {
			t.Errorf("check %q: must %v open %v met %v, want %v %v %v", c.What, c.Must, c.Open, c.Met, w.must, w.open, w.met)
		}
	}
	rep := &Report{Targets: checks}
	if rep.Missed() {
		t.Error("an open must missed failed the evaluation")
	}
	var b strings.Builder
	if err := WriteText(&b, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "NOT MET (must, open) x fr: balanced accuracy 0.660") {
		t.Errorf("the open must is not reported as such:\n%s", b.String())
	}
	rep.Targets = append(rep.Targets, Check{What: "closed", Must: true})
	if !rep.Missed() {
		t.Error("a must missed did not fail the evaluation")
	}
}
