package report

import (
	"math"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
)

// run is a run's counts: supported, unsupported and fabricated citations,
// and citations not checked for two causes (languages_differ,
// language_unsupported); records read but unreadable.
type run struct {
	s, u, f, differ, unsupported int
	unreadable                   int
}

func (r run) summary(bar float64) Summary {
	c := audit.Counts{RecordsRead: 40 + r.unreadable, RecordsAudited: 40, RecordsSkipped: r.unreadable, Answers: 40, Sentences: 40,
		UncitedFactual: 3, Citations: r.s + r.u + r.f + r.differ + r.unsupported,
		CitationsByVerdict:     map[string]int{audit.Supported: r.s, audit.Unsupported: r.u, audit.Fabricated: r.f, audit.NotAuditable: r.differ + r.unsupported},
		ByReason:               map[string]int{"languages_differ": r.differ, "language_unsupported": r.unsupported},
		SkippedByReason:        map[string]int{"invalid_json": r.unreadable},
		NotAuditableByLanguage: map[string]int{"it": r.unsupported}}
	w := audit.Wilson(r.s, r.s+r.u+r.f)
	s := Summary{CitationAccuracy: round6(float64(r.s) / float64(r.s+r.u+r.f)), CI95Low: round6(w.Low), CI95High: round6(w.High), Bar: bar, Counts: c}
	s.Coverage = coverageOf(c, pipeline.Retrieval{}, DefaultMinChecked)
	return s
}

// A run that checked too few citations fails when it fails whatever they
// turn out to be, and is INCOMPLETE only when they could change the
// decision; it never passes. A failure says how many were checked.
func TestWhatWasNotCheckedCannotHideAFailure(t *testing.T) {
	cases := []struct {
		name     string
		run      run
		bar      float64
		gates    []GateSpec
		baseline float64 // the baseline's rate, for drop gates
		accept   bool    // --accept-machine: the machine's rate may fail the run
		status   string
		line     []string // what the status line says
	}{
		{name: "a rate below the bar even were every citation not checked supported fails, accepted",
			run: run{s: 10, u: 15, f: 2, differ: 5, unsupported: 4}, bar: 0.9, accept: true, status: StatusFail,
			line: []string{"citation accuracy 37.0% over the 27 citations checked is below the bar 90.0%, and would be 52.8% were the 9 not checked all supported",
				"27 of 36 citations checked (75.0%), 9 could not be: 5 chunk in another language, 4 language not supported"}},
		{name: "a rate the citations not checked could lift over the bar is incomplete",
			run: run{s: 25, u: 2, differ: 5, unsupported: 4}, bar: 0.9, status: StatusIncomplete},
		{name: "a fabricated count over its limit fails whatever the citations not checked are",
			run: run{s: 25, f: 2, differ: 5, unsupported: 4}, bar: 0.5, gates: []GateSpec{{Name: "fabricated"}}, status: StatusFail,
			line: []string{"--fail-on fabricated failed: 2 fabricated citations, whatever the 9 citations not checked turn out to be",
				"citation accuracy 92.6% over the citations checked only, bar 50.0%", "27 of 36 citations checked (75.0%)"}},
		{name: "a fabricated share over its limit fails: its denominator holds the citations not checked",
			run: run{s: 25, f: 2, differ: 5, unsupported: 4}, bar: 0.5, gates: []GateSpec{{Name: "fabricated", Limit: 0.05, Share: true}}, status: StatusFail},
		{name: "an uncited count over its limit fails whatever the records not read hold",
			run: run{s: 30, unreadable: 10}, bar: 0.5, gates: []GateSpec{{Name: "uncited", Limit: 2}}, status: StatusFail,
			line: []string{"whatever the 10 unreadable records hold"}},
		{name: "an uncited share over its limit is undecided when records could not be read",
			run: run{s: 30, unreadable: 10}, bar: 0.5, gates: []GateSpec{{Name: "uncited", Limit: 0.05, Share: true}}, status: StatusIncomplete},
		{name: "a drop the citations not checked could undo is undecided",
			run: run{s: 25, u: 2, differ: 5, unsupported: 4}, bar: 0.5, baseline: 0.95, gates: []GateSpec{{Name: "drop", Limit: 0.01, Share: true}}, status: StatusIncomplete},
		{name: "a drop that stays were every citation not checked supported fails",
			run: run{s: 25, u: 2, differ: 5, unsupported: 4}, bar: 0.5, baseline: 0.99, gates: []GateSpec{{Name: "drop", Limit: 0.01, Share: true}}, status: StatusFail},
		{name: "a rate below the bar never fails when unreadable records could hold any citation",
			run: run{s: 10, u: 20, unreadable: 10}, bar: 0.9, status: StatusIncomplete},
		{name: "a run that checked too few never passes however good its rate",
			run: run{s: 27, differ: 5, unsupported: 4}, bar: 0.5, gates: []GateSpec{{Name: "fabricated"}}, status: StatusIncomplete,
			line: []string{"only 27 of 36 citations (75.0%) could be checked, under --min-checked 95.0%"}},
		{name: "every cause of citations not checked is named with its count",
			run: run{s: 27, differ: 5, unsupported: 4}, bar: 0.5, status: StatusIncomplete,
			line: []string{"5 citation(s): the sentence and the cited chunk are in different languages", "; 4 citation(s) are in a language the checks do not support (it 4)"}},
		{name: "too few records read and citations checked are both named",
			run: run{s: 27, differ: 5, unreadable: 10}, bar: 0.5, status: StatusIncomplete,
			line: []string{"only 40 of 50 records (80.0%) could be read", "; only 27 of 32 citations (84.4%) could be checked, under --min-checked 95.0%: 5 citation(s)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.run.summary(tc.bar)
			s.acceptMachine = tc.accept
			if tc.baseline > 0 {
				s.Baseline = &BaselineChange{Before: tc.baseline, Now: s.CitationAccuracy, Change: round6(s.CitationAccuracy - tc.baseline)}
			}
			var err error
			if s.Gates, err = EvaluateGates(tc.gates, &s); err != nil {
				t.Fatal(err)
			}
			s.Decide()
			line := StatusLine(&s)
			if s.Status != tc.status {
				t.Errorf("status %s, want %s: %s", s.Status, tc.status, line)
			}
			for _, want := range tc.line {
				if !strings.Contains(line, want) {
					t.Errorf("the status line does not say %q:\n%s", want, line)
				}
			}
			if s.Status == StatusFail && !strings.Contains(line, "citations checked") {
				t.Errorf("a failure of a run that checked too few does not say how many were checked: %s", line)
			}
			for _, g := range s.Gates {
				if g.Undecided && (s.Status != StatusIncomplete || g.Pass) {
					t.Errorf("an undecided gate %s (pass %v) in a run that is %s", g.Spec, g.Pass, s.Status)
				}
			}
			if h := headline(&s); s.Status != StatusPass && !strings.Contains(h, "citations checked") && !strings.Contains(h, "could be checked") {
				t.Errorf("the CI headline does not say how many citations were checked: %s", h)
			}
		})
	}
}

// --fail-on below-floor never passes on answers the floor could not be
// checked on (their chunks carry no score): it is met only if it would
// be were they all below the floor; else not met, and the run INCOMPLETE
// unless it fails otherwise.
func TestABelowFloorGateIsNotMetOnAnswersNotChecked(t *testing.T) {
	cases := []struct {
		name             string
		below, unchecked int
		gate             GateSpec
		bar              float64
		status           string
		pass, undecided  bool
	}{
		{"answers not checked leave the gate not met", 0, 1, GateSpec{Name: "below-floor"}, 0.5, StatusIncomplete, false, true},
		{"a limit they cannot exceed is met", 0, 3, GateSpec{Name: "below-floor", Limit: 3}, 0.5, StatusPass, true, false},
		{"a limit they could exceed is not met", 1, 3, GateSpec{Name: "below-floor", Limit: 3}, 0.5, StatusIncomplete, false, true},
		{"a share counts them against every answer", 0, 3, GateSpec{Name: "below-floor", Limit: 0.1, Share: true}, 0.5, StatusPass, true, false},
		{"a share they could push over its limit is not met", 0, 5, GateSpec{Name: "below-floor", Limit: 0.1, Share: true}, 0.5, StatusIncomplete, false, true},
		{"a gate failed already fails whatever they are", 2, 5, GateSpec{Name: "below-floor"}, 0.5, StatusFail, false, false},
		{"a rate below the bar fails though the gate is not met", 0, 1, GateSpec{Name: "below-floor"}, 0.99, StatusFail, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := run{s: 30, u: 1}.summary(tc.bar)
			s.acceptMachine, s.machineRecall = true, 1 // the gate is tested, not whether the machine's rate may pass
			s.Counts.AnsweredBelowFloor, s.Counts.FloorNotChecked = tc.below, tc.unchecked
			var err error
			if s.Gates, err = EvaluateGates([]GateSpec{tc.gate}, &s); err != nil {
				t.Fatal(err)
			}
			s.Decide()
			g := s.Gates[0]
			if s.Status != tc.status || g.Pass != tc.pass || g.Undecided != tc.undecided {
				t.Errorf("status %s, gate pass %v undecided %v; want %s, %v, %v (%s)", s.Status, g.Pass, g.Undecided, tc.status, tc.pass, tc.undecided, StatusLine(&s))
			}
			if !strings.Contains(g.Detail, "not checked against the floor: their retrieval carries no score") {
				t.Errorf("the gate does not say answers were not checked: %s", g.Detail)
			}
			var b strings.Builder
			WriteText(&b, &s)
			if !strings.Contains(b.String(), "more not checked against it: no retrieval score") || !strings.Contains(b.String(), "could not be checked against the retrieval floor") {
				t.Errorf("the text summary does not say answers were not checked against the floor:\n%s", b.String())
			}
		})
	}
}

// A pass over enough checked citations still names those it could not
// check, with their causes, on the status line: a CI log never shows a
// bare PASS over citations it never saw.
func TestAPassNamesTheCitationsNotChecked(t *testing.T) {
	s := run{s: 150, unsupported: 6}.summary(0.9)
	s.acceptMachine = true
	s.Decide()
	want := "(150 citations; 6 not checked: 6 language not supported)"
	if got := StatusLine(&s); s.Status != StatusPass || !strings.HasSuffix(got, want) {
		t.Errorf("status %s, line %q; want a PASS ending %q", s.Status, got, want)
	}
}

// The machine's floor: fabricated citations count once (they are
// certain), each other one the machine calls not supported, at the top of
// the interval, stands for 1/recall of them; a recall of 1 leaves the
// interval's bottom.
func TestMachineFloor(t *testing.T) {
	s := Summary{CI95Low: 0.85, CI95High: 0.95, Bar: 0.9,
		Counts: audit.Counts{CitationsByVerdict: map[string]int{audit.Supported: 90, audit.Unsupported: 5, audit.Fabricated: 5}}}
	for _, tc := range []struct{ recall, want float64 }{{0, 1 - 0.05 - 0.10/DefaultMachineRecall}, {0.5, 0.75}, {1, 0.85}, {0.05, 0}} {
		s.machineRecall = tc.recall
		if got, share := s.machineFloor(); math.Abs(got-tc.want) > 1e-6 || math.Abs(share-0.15) > 1e-12 {
			t.Errorf("recall %v: floor %v (share %v), want %v", tc.recall, got, share, tc.want)
		}
	}
}
