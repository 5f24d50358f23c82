package report

import (
	"math"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/estimate"
)

// Without labels, a machine's rate below the bar fails the run only on
// what is certain (the fabricated citations alone), or, under
// --accept-machine, where it would even were the machine to fail up to
// --machine-false-alarms of the supported citations; otherwise the run is
// INCONCLUSIVE below the bar and names the fix.
func TestAMachineFailureAllowsForFalseAlarms(t *testing.T) {
	cases := []struct {
		name        string
		run         run
		accept      bool
		falseAlarms float64
		status      string
		ceiling     float64
		line        []string
	}{
		// a German shop's month: the machine read 85.4 %, people 94.9 %
		{"a rate below the bar is not a failure of the machine's verdicts alone", run{s: 854, u: 146}, false, DefaultMachineFalseAlarms, StatusInconclusive, 1,
			[]string{"INCONCLUSIVE: the machine's rate 85.4% is below the bar 90.0%", "they fail faithful paraphrases too", "--accept-machine would not fail it either: were the machine to call up to 80.0% of the supported citations not supported (--machine-false-alarms), every citation it calls unsupported here could be a false alarm, so its verdicts alone set no ceiling on the true rate", "ragaudit sample -n"}},
		{"however far below the bar", run{s: 400, u: 600}, false, 0.45, StatusInconclusive, 0.727273,
			[]string{"INCONCLUSIVE: the machine's rate 40.0% is below the bar 90.0%", "or let the machine's verdicts fail it with --accept-machine: were it to call up to 45.0% of the supported citations not supported (--machine-false-alarms), the true rate would still be at most 72.7%"}},
		{"accepted, a rate far below the bar fails, saying what it rests on", run{s: 400, u: 600}, true, 0.45, StatusFail, 0.727273,
			[]string{"FAIL: citation accuracy 40.0% is below the bar 90.0%, and would be at most 72.7% were the machine to call up to 45.0% of the supported citations not supported (--machine-false-alarms, --accept-machine)", "machine verdicts, not verified"}},
		// a German and Spanish bank's month with every citation correct:
		// the machine read 44.7 %
		{"accepted, a month of faithful answers the machine reads far below the bar is undecided by default", run{s: 34, u: 42}, true, DefaultMachineFalseAlarms, StatusInconclusive, 1,
			[]string{"so even --accept-machine does not fail it"}},
		{"accepted, a rate close below the bar is still undecided", run{s: 854, u: 146}, true, DefaultMachineFalseAlarms, StatusInconclusive, 1,
			[]string{"so even --accept-machine does not fail it"}},
		// 85 supported, 5 judged unsupported, 10 fabricated: the fabricated
		// alone hold it to 90 %
		{"fabricated citations count in full", run{s: 85, u: 5, f: 10}, true, DefaultMachineFalseAlarms, StatusInconclusive, 0.9, []string{"could be as high as 90.0%"}},
		{"fabricated citations alone below the bar fail, accepted or not", run{s: 85, u: 3, f: 12}, false, DefaultMachineFalseAlarms, StatusFail, 0.88,
			[]string{"FAIL: citation accuracy 85.0% is below the bar 90.0%, and would be at most 88.0% were every citation the machine judged unsupported supported: the 12 fabricated citations alone fail it"}},
		{"accepted with no false alarms: the machine's rate as it is", run{s: 854, u: 146}, true, 0, StatusFail, 0.854,
			[]string{"FAIL: citation accuracy 85.4% is below the bar 90.0% (1000 citations; machine verdicts, not verified)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.run.summary(0.9)
			s.acceptMachine, s.machineFalseAlarms = tc.accept, tc.falseAlarms
			s.Decide()
			line := StatusLine(&s)
			if s.Status != tc.status {
				t.Fatalf("status %s, want %s: %s", s.Status, tc.status, line)
			}
			for _, want := range tc.line {
				if !strings.Contains(line, want) {
					t.Errorf("status line lacks %q:\n%s", want, line)
				}
			}
			if c := s.MachineCeiling; c == nil || c.Rate != tc.ceiling || c.FalseAlarms != tc.falseAlarms {
				t.Errorf("machine_ceiling %+v, want rate %v at %v", c, tc.ceiling, tc.falseAlarms)
			}
			if (s.Status == StatusFail) != s.BelowBar() || (s.Status == StatusInconclusive) != s.InconclusiveBelowBar {
				t.Errorf("BelowBar %v, inconclusive_below_bar %v with status %s", s.BelowBar(), s.InconclusiveBelowBar, s.Status)
			}
		})
	}
}

// A run that checked too few citations fails on the machine's verdicts
// only where the ceiling fails with every citation not checked counted
// supported.
func TestACeilingCountsCitationsNotCheckedAsSupported(t *testing.T) {
	s := run{s: 70, u: 20, differ: 10}.summary(0.9)
	s.acceptMachine, s.machineFalseAlarms = true, DefaultMachineFalseAlarms
	s.Decide()
	if s.Status != StatusIncomplete {
		t.Fatalf("status %s, want INCOMPLETE: %s", s.Status, StatusLine(&s))
	}
	s = run{s: 20, u: 70, differ: 10}.summary(0.9)
	s.acceptMachine, s.machineFalseAlarms = true, 0.45
	s.Decide()
	if s.Status != StatusFail || !strings.Contains(StatusLine(&s), "were the 10 not checked all supported and the machine to call up to 45.0%") {
		t.Fatalf("status %s, want FAIL naming the citations not checked: %s", s.Status, StatusLine(&s))
	}
}

// A gate's failure names the rate as it stands: never "at or above the
// bar" for a rate below it, never a rate of no citation.
func TestAGateFailureStatesTheRateTruly(t *testing.T) {
	s := run{s: 85, u: 15}.summary(0.9)
	s.machineFalseAlarms = DefaultMachineFalseAlarms
	s.Gates = []Gate{{Spec: "fabricated", Detail: "1 fabricated citation"}}
	s.Decide()
	if line := StatusLine(&s); s.Status != StatusFail || !strings.Contains(line, "citation accuracy 85.0% is below the bar 90.0%, but within the machine's false alarms") || strings.Contains(line, "at or above") {
		t.Errorf("status %s: %s", s.Status, line)
	}
	s = run{}.summary(0.9)
	s.Gates = []Gate{{Spec: "uncited", Detail: "5 uncited factual sentences"}}
	s.Decide()
	if line := StatusLine(&s); s.Status != StatusFail || strings.Contains(line, "0.0%") {
		t.Errorf("status %s, a rate of no citation: %s", s.Status, line)
	}
}

// INCONCLUSIVE below the bar (exit 6) is told apart in summary.json and
// every headline: the machine's rate below the bar within its false
// alarms, or, with labels, a verified estimate below the bar that too few
// labels leave undecided. Above the bar it is plain INCONCLUSIVE.
func TestInconclusiveBelowTheBarIsToldApart(t *testing.T) {
	cases := []struct {
		name     string
		run      run
		verified estimate.Number // NaN: no labels
		below    bool
	}{
		{"the machine's rate below the bar", run{s: 854, u: 146}, estimate.Number(math.NaN()), true},
		{"the machine's rate above the bar", run{s: 960, u: 40}, estimate.Number(math.NaN()), false},
		{"a verified estimate below the bar", run{s: 960, u: 40}, 0.85, true},
		{"a verified estimate above the bar", run{s: 854, u: 146}, 0.93, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.run.summary(0.9)
			s.machineFalseAlarms = DefaultMachineFalseAlarms
			if !math.IsNaN(float64(tc.verified)) {
				s.Verified = &Verified{Result: estimate.Result{Estimate: estimate.Estimate{Rate: tc.verified, Decision: estimate.Inconclusive}}}
			}
			s.Decide()
			if s.Status != StatusInconclusive || s.InconclusiveBelowBar != tc.below || strings.Contains(shownStatus(&s), "below the bar") != tc.below {
				t.Errorf("status %s, below the bar %v (%s); want INCONCLUSIVE, %v", s.Status, s.InconclusiveBelowBar, shownStatus(&s), tc.below)
			}
		})
	}
}

// summary.json's ceiling is the one the status line gives: of a run that
// checked too few, with the citations not checked counted supported.
func TestTheCeilingOfSummaryJSONIsTheStatusLines(t *testing.T) {
	s := run{s: 20, u: 70, differ: 10}.summary(0.9)
	s.acceptMachine, s.machineFalseAlarms = true, 0.45
	s.Decide()
	want := pct(s.MachineCeiling.Rate)
	if line := StatusLine(&s); !strings.Contains(line, "would be at most "+want+" were the 10 not checked all supported and") {
		t.Errorf("machine_ceiling %s is not the status line's: %s", want, line)
	}
}
