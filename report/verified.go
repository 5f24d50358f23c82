package report

import "github.com/ragaudit/ragaudit/estimate"

// Verified is the citation-accuracy estimate from the machine verdicts and
// a person's labels (audit --labels): summary.json's "verified".
type Verified struct {
	estimate.Result
	LabelFile string `json:"label_file"`
	// Design says how the labels were drawn: by ragaudit sample (its id,
	// seed and size), or not (then they are taken as a random sample within
	// each tenant × machine verdict, an assumption).
	Design          string `json:"design"`
	PartialCountsAs string `json:"partial_counts_as"`
	// UnmatchedLabels judge no citation of this audit (other logs, other
	// filters): counted, never used.
	UnmatchedLabels int `json:"unmatched_labels"`
}

// MachineAgreement is how well the machine verdict agrees with careful
// human raters out of sample (leave-one-dataset-out balanced accuracy on
// the public labelled sets, make eval), quoted where a rate is not
// verified.
const MachineAgreement = "on four public labelled sets, each scored by a model fitted on the other three, the verdict agreed with human raters at balanced accuracy 0.58 to 0.87"
