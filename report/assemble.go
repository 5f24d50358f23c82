package report

import (
	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
)

// Run is what a finished run gives the summary.
type Run struct {
	Version    string
	Tally      *audit.Tally
	Inputs     []pipeline.Input
	Retrieval  pipeline.Retrieval
	Bar        float64
	MinChecked float64 // the share of citations a pass needs checked (--min-checked)
	// Strict: any record read but skipped (a duplicate too) keeps the run
	// from passing (--strict).
	Strict bool
	// AcceptMachine: without labels, the machine's verdicts may pass the
	// run (--accept-machine); otherwise such a run is INCONCLUSIVE.
	AcceptMachine bool
	// MachineRecall is the share of the unsupported citations the machine
	// is taken to catch (--machine-recall): an accepted machine rate passes
	// only where it clears the bar even so. 0: DefaultMachineRecall.
	MachineRecall float64
	// MachineFalseAlarms is the share of the supported citations the
	// machine is taken to call not supported at most
	// (--machine-false-alarms): without labels, a rate below the bar fails
	// only where it would even so. 0: none, the machine's rate as it is.
	MachineFalseAlarms float64
	Config             any    // the configuration of record, written into summary.json
	ConfigHash         string // pipeline.ConfigHash
	Project            string // the project file flags came from; "": none
	Verified           *Verified
	// Baseline is an earlier run's summary (--baseline) read from
	// BaselinePath; nil: none.
	Baseline     *Summary
	BaselinePath string
	// BaselineMissing: BaselinePath does not exist yet and that is allowed
	// (a first run): nothing is compared, and drop gates say so.
	BaselineMissing bool
	Gates           []GateSpec
	Guard           *pipeline.GuardCounts // a guard's decision log; nil: none
	Judge           *JudgeSummary         // a judge for the uncertain band; nil: none
	// Worst are the run's worst failures (Collected.Worst); SkippedNotListed
	// the skipped records past the listing bound (pipeline.Outcome).
	Worst            []Flagged
	SkippedNotListed map[string]int
}

// Assemble makes the run's summary: counts and the machine's rate, the
// verified estimate, the baseline's change, the gates, and the status they
// decide.
func Assemble(r Run) (Summary, error) {
	sum := NewSummary(r.Version, r.Tally, r.Bar, r.Config, r.Inputs)
	sum.ConfigHash = r.ConfigHash
	sum.Project = r.Project
	if r.Retrieval.NotLogged > 0 || r.Retrieval.ChunksWithoutText > 0 || r.Retrieval.Notes != (pipeline.Notes{}) {
		sum.Retrieval = &r.Retrieval
	}
	sum.Coverage = coverageOf(sum.Counts, r.Retrieval, r.MinChecked)
	sum.strict, sum.acceptMachine = r.Strict, r.AcceptMachine
	if r.MachineRecall > 0 {
		sum.machineRecall = r.MachineRecall
	}
	sum.machineFalseAlarms = r.MachineFalseAlarms
	sum.Verified = r.Verified
	sum.Guard = guardOf(r.Guard)
	sum.Judge = r.Judge
	sum.Worst, sum.SkippedNotListed = r.Worst, r.SkippedNotListed
	if sum.Worst == nil {
		sum.Worst = []Flagged{}
	}
	switch {
	case r.Baseline != nil:
		sum.Baseline = CompareBaseline(r.BaselinePath, r.Baseline, &sum)
	case r.BaselineMissing:
		sum.Baseline = &BaselineChange{Path: r.BaselinePath, Tenants: []TenantChange{}, NotCompared: NoBaselineYet, Missing: true}
	}
	var err error
	if sum.Gates, err = EvaluateGates(r.Gates, &sum); err != nil {
		return sum, err
	}
	sum.Decide()
	return sum, nil
}
