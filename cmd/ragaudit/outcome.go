package main

// The flags and rules by which a summary's status decides the run, and the
// error that carries its exit code (exitCode in main.go).

import (
	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/report"
)

// acceptMachineFlag lets the machine's verdicts pass or fail a run
// without labels (audit and merge).
func acceptMachineFlag() cli.Flag {
	return &cli.BoolFlag{Name: "accept-machine", Usage: "without --labels, let the machine's own verdicts decide the run: PASS where they clear the bar even were the machine to catch only --machine-recall of the unsupported citations (\"PASS (machine verdicts, not verified)\", exit 0), FAIL where they are below it even were up to --machine-false-alarms of the supported citations among those it calls not supported (exit 1). Without it such runs are INCONCLUSIVE (exit 3 above the bar, 6 below it) until a reviewed sample decides, because the machine misses unsupported citations that read close to their chunks and fails faithful paraphrases; only fabricated citations that alone fail the bar FAIL a run without labels"}
}

// machineRecallFlag is the share of unsupported citations the machine is
// taken to catch when --accept-machine passes a run (audit and merge).
func machineRecallFlag() cli.Flag {
	return rateFlag("machine-recall", report.DefaultMachineRecall, "the share of the unsupported citations the machine is taken to catch when --accept-machine lets its verdicts pass: each citation it calls not supported stands for 1/this many. The default is the least people saw it catch in answers written to read close to their chunks; audit --labels measures it on your own logs")
}

// machineFalseAlarmsFlag is the share of supported citations the machine
// is taken to call not supported at most, before --accept-machine lets
// its rate below the bar fail a run without labels (audit and merge).
func machineFalseAlarmsFlag() cli.Flag {
	return rateFlag("machine-false-alarms", report.DefaultMachineFalseAlarms, "the share of the supported citations the machine is taken to call not supported at most when --accept-machine lets its verdicts fail the run: a rate below the bar FAILs only where it would even so, else the run is INCONCLUSIVE (exit 6) until a reviewed sample decides. The default is the most people saw it fail of faithful paraphrases; audit --labels measures it on your own logs; 0 takes the machine's rate as it is")
}

// validateRates refuses the report's rates outside their range (audit
// and merge).
func (o *auditOptions) validateRates() error {
	switch {
	case !(o.Bar >= 0 && o.Bar <= 1): // NaN too
		return usageErr("--bar %v: want a rate between 0 and 1, e.g. 0.9", o.Bar)
	case !(o.MinChecked >= 0 && o.MinChecked <= 1):
		return usageErr("--min-checked %v: want a share between 0 and 1, e.g. 95%%", o.MinChecked)
	case !(o.MachineFalseAlarms >= 0 && o.MachineFalseAlarms < 1):
		return usageErr("--machine-false-alarms %v: want a share from 0 to below 1, e.g. 22%% (0: the machine fails no supported citation)", o.MachineFalseAlarms)
	case !(o.MachineRecall > 0 && o.MachineRecall <= 1):
		return usageErr("--machine-recall %v: want a share above 0 and at most 1, e.g. 33%% (100%%: the machine catches every unsupported citation)", o.MachineRecall)
	}
	return nil
}

// auditOutcome says what an audit's summary means for its caller: nil for
// a pass, or the error whose kind gives the exit code. --strict is in the
// status (a skipped record keeps the run from passing), so that the status
// printed and the exit code never disagree.
func auditOutcome(sum *report.Summary) error {
	switch {
	case sum.Status == report.StatusNoData && sum.Counts.RecordsAudited == 0 && sum.Counts.RecordsSkipped > 0:
		// Every record was unreadable: a broken input, never an empty day.
		return usageErr("%s", sum.StatusDetail)
	case sum.Status == report.StatusNoData:
		return &noDataError{sum.StatusDetail}
	case sum.Status == report.StatusIncomplete:
		return &incompleteError{sum.StatusDetail}
	case sum.Status == report.StatusInconclusive:
		return &inconclusiveError{sum.StatusDetail, sum.InconclusiveBelowBar}
	case sum.BelowBar():
		return errBelowBar
	case sum.Status == report.StatusFail:
		return &gateError{sum.StatusDetail}
	}
	return nil
}

// statedError is an outcome whose status line is printed already: its exit
// code without a second line on stderr.
type statedError struct{ error }

func (e *statedError) Unwrap() error { return e.error }
