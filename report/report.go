// Package report writes the results of an audit: findings as JSONL and CSV,
// summary.json, and the short text summary for people and CI. It only
// consumes findings and a summary; it never re-runs checks.
package report

import (
	"math"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
)

// Summary is the content of summary.json. It holds no clock time, so the
// same input and config give the same bytes.
type Summary struct {
	Tool             string  `json:"tool"`
	Version          string  `json:"version"`
	CitationAccuracy float64 `json:"citation_accuracy"`
	CI95Low          float64 `json:"ci95_low"`
	CI95High         float64 `json:"ci95_high"`
	Bar              float64 `json:"bar"`
	Pass             bool    `json:"pass"` // the rate is at or above the bar
	// Status is PASS, FAIL or NO_DATA (Decide); StatusDetail says why when
	// it is not a pass.
	Status       string       `json:"status"`
	StatusDetail string       `json:"status_detail,omitempty"`
	Counts       audit.Counts `json:"counts"`
	// Coverage is how many citations were checked, and why the others
	// could not be.
	Coverage *Coverage `json:"coverage"`
	// Retrieval is there when cited answers log no retrieval, or chunks
	// no text (both may be under a key the reader does not know).
	Retrieval *pipeline.Retrieval `json:"retrieval,omitempty"`
	// SkippedNotListed counts, by reason, the skipped records past
	// MaxSkippedListedPerReason that skipped.jsonl does not list.
	SkippedNotListed map[string]int `json:"skipped_not_listed,omitempty"`
	PeriodStart      string         `json:"period_start"` // first conversation timestamp audited
	PeriodEnd        string         `json:"period_end"`
	Tenants          []audit.Group  `json:"tenants"` // worst accuracy first
	Agents           []audit.Group  `json:"agents"`
	Days             []audit.Group  `json:"days"` // by date
	// Histogram counts citations per support_score bin (20 bins of 0.05)
	// for each of supported and unsupported.
	Histogram map[string][]int `json:"support_score_histogram"`
	// MachineFloor is, without labels, the lowest true rate the machine's
	// verdicts vouch for: --accept-machine passes only where it clears the
	// bar. nil with labels, or with no citation checked.
	MachineFloor *MachineFloor `json:"machine_floor,omitempty"`
	// MachineCeiling is, without labels, the highest true rate the
	// machine's verdicts leave possible: a rate below the bar fails the
	// run only where this is below it too. nil as MachineFloor.
	MachineCeiling *MachineCeiling `json:"machine_ceiling,omitempty"`
	// InconclusiveBelowBar: the run is INCONCLUSIVE with the rate it rests on below
	// the bar (the verified estimate with labels, the machine's rate
	// without): exit 6, which CI letting exit 3 through still stops on.
	InconclusiveBelowBar bool `json:"inconclusive_below_bar,omitempty"`
	// Verified is the estimate from a person's labels (audit --labels);
	// with it, the status is its decision.
	Verified *Verified `json:"verified,omitempty"`
	// Gates are the --fail-on checks, Baseline the comparison with an
	// earlier run (--baseline).
	Gates []Gate `json:"gates,omitempty"`
	// Guard is what a guard's decision log says of the guard (nil: the
	// logs are no guard's).
	Guard *Guard `json:"guard,omitempty"`
	// Judge is what a judge for the uncertain band did (nil: none).
	Judge    *JudgeSummary   `json:"judge,omitempty"`
	Baseline *BaselineChange `json:"baseline,omitempty"`
	// Worst are the worst failing findings (WorstShown at most), worst
	// first, with the reason in words.
	Worst  []Flagged `json:"worst_failures"`
	Config any       `json:"config"`
	// strict: any skipped record keeps the run from passing (Run.Strict).
	strict bool
	// acceptMachine: the machine's verdicts may pass a run without labels
	// (Run.AcceptMachine).
	acceptMachine bool
	// machineRecall: the share of unsupported citations the machine is
	// taken to catch when acceptMachine passes a run (Run.MachineRecall).
	machineRecall float64
	// machineFalseAlarms: the share of supported citations the machine is
	// taken to call not supported at most (Run.MachineFalseAlarms).
	machineFalseAlarms float64
	// ConfigHash identifies what decides the verdicts (tool version, model,
	// thresholds, resolution, floor, embedder): two runs are compared as
	// like with like only when it is the same.
	ConfigHash string           `json:"config_hash,omitempty"`
	Inputs     []pipeline.Input `json:"inputs"`
	// Project is the project file flags came from (in Config as well):
	// the text summary names it, since it can change the bar unseen.
	Project string `json:"-"`
}

// NewSummary assembles the summary from a tally.
func NewSummary(version string, t *audit.Tally, bar float64, config any, inputs []pipeline.Input) Summary {
	r := t.Accuracy()
	c := t.Counts()
	auditable := c.CitationsByVerdict[audit.Supported] + c.CitationsByVerdict[audit.Unsupported] + c.CitationsByVerdict[audit.Fabricated]
	s := Summary{
		Tool:             "ragaudit",
		Version:          version,
		CitationAccuracy: round6(r.Value),
		CI95Low:          round6(r.Low),
		CI95High:         round6(r.High),
		Bar:              bar,
		// Judged on the rate as reported (six decimals), so that
		// summary.json never shows a rate equal to the bar and a FAIL.
		Pass:      auditable > 0 && round6(r.Value) >= bar,
		Counts:    c,
		Tenants:   t.Tenants(),
		Agents:    t.Agents(),
		Days:      t.Days(),
		Histogram: t.Histogram(),
		Config:    config,
		Inputs:    inputs,
	}
	s.PeriodStart, s.PeriodEnd = t.Period()
	for _, gs := range [][]audit.Group{s.Tenants, s.Agents, s.Days} {
		for i := range gs {
			gs[i].Accuracy = round6(gs[i].Accuracy)
		}
	}
	return s
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// MachineFloor is the true rate the machine's verdicts vouch for, were the
// machine to catch only Recall of the unsupported citations (the bottom of
// the rate's 95 % interval, each judged not supported standing for 1/Recall).
type MachineFloor struct {
	Recall float64 `json:"recall"`
	Rate   float64 `json:"rate"`
}
