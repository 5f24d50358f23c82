package report

import (
	"fmt"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
)

// Verified is the citation-accuracy estimate from the machine verdicts and
// a person's labels (audit --labels): summary.json's "verified".
type Verified struct {
	estimate.Result
	LabelFile string `json:"label_file"`
	// Design says how the labels were drawn: by ragaudit sample (its id,
	// seed and size), or not (then they are taken as a random sample within
	// each tenant × machine verdict, an assumption).
	Design string `json:"design"`
	// SelfChosen: labels not drawn by ragaudit sample and not a census,
	// whose estimate rests on their having been chosen at random; every
	// headline says so.
	SelfChosen      bool   `json:"self_chosen,omitempty"`
	PartialCountsAs string `json:"partial_counts_as"`
	// UnmatchedLabels judge no citation of this audit (other logs, other
	// filters): counted, never used. ChangedEvidence judged a sentence or
	// chunk text the logs no longer hold: counted, never used.
	UnmatchedLabels int `json:"unmatched_labels"`
	ChangedEvidence int `json:"labels_on_changed_evidence"`
	// ReplacedLabels counts the label lines a later line of their file
	// replaced or withdrew (a reviewer's corrections): not used.
	ReplacedLabels int `json:"label_lines_replaced,omitempty"`
	// Skipped counts the citations the sample drew that the review passed
	// over without a label (before its last labelled one in review
	// order): not judged, like cannot_judge, so the bounds take them from
	// none to all supported.
	Skipped int `json:"skipped_in_review"`
	// Reviewers counts the labels used by who gave them.
	Reviewers map[string]int `json:"reviewers"`
	// Seed and SampleSize of the sample the labels were drawn by (0 when
	// they were not): a larger draw of the same seed extends it. Samples
	// counts the samples where there are several, each of its own logs
	// (Seed 0, SampleSize their sum).
	Seed       uint64 `json:"seed,omitempty"`
	SampleSize int64  `json:"sample_size,omitempty"`
	Samples    int    `json:"samples,omitempty"`
	// Calibration is the operating point --calibrate fitted on the same
	// labels (nil: not asked).
	Calibration *Calibrated `json:"calibration,omitempty"`
	// LabelledUnsupported are the citations the reviewers labelled
	// unsupported (partial ones too where partial counts so), the first
	// MaxLabelledShown in the order of the logs; LabelledUnsupportedCount
	// counts them all. The report's other rows are the machine's verdicts:
	// these are what failed the verified rate.
	LabelledUnsupported      []LabelledFailure `json:"labelled_unsupported,omitempty"`
	LabelledUnsupportedCount int               `json:"labelled_unsupported_count"`
}

// NotJudgedText says how many drawn citations have no counted label:
// "17 drawn citations are not judged (6 cannot_judge, 11 passed over in
// review)".
func (v *Verified) NotJudgedText() string {
	n := v.Labels.CannotJudge
	what := fmt.Sprintf("%d drawn citations are not judged", n)
	if n == 1 {
		what = "1 drawn citation is not judged"
	}
	switch cannot := n - int64(v.Skipped); {
	case v.Skipped == 0:
		return what + " (labelled cannot_judge)"
	case cannot == 0:
		return what + " (passed over in review)"
	default:
		return fmt.Sprintf("%s (%d cannot_judge, %d passed over in review)", what, cannot, v.Skipped)
	}
}

// MaxLabelledShown is how many labelled failures a report lists.
const MaxLabelledShown = 20

// LabelledFailure is a citation a reviewer labelled unsupported, with the
// machine's verdict on it.
type LabelledFailure struct {
	ConversationID string `json:"conversation_id"`
	MessageIndex   int    `json:"message_index"`
	// Turn and SentenceNumber number it as findings do (Place); Turns is
	// how many answers its record holds.
	Turn           int    `json:"turn"`
	Turns          int    `json:"-"`
	SentenceNumber int    `json:"sentence_number"`
	Marker         string `json:"marker"`
	Sentence       string `json:"sentence"`
	Machine        string `json:"machine_verdict"` // supported or unsupported
}

// Place is where the labelled citation stands, as findings say it.
func (f LabelledFailure) Place() Place {
	return Place{Turn: f.Turn, Turns: f.Turns, Sentence: f.SentenceNumber}
}

// MachineAgreement is how well the machine verdict agrees with careful
// human raters out of sample (leave-one-dataset-out balanced accuracy on
// the public labelled sets, make eval), quoted where a rate is not
// verified.
const MachineAgreement = "on four public labelled sets, each scored by a model fitted on the other three, the verdict agreed with human raters at balanced accuracy 0.58 to 0.87"

// CensusText is the advice when the labels to decide reach every citation
// a person can label (CensusToDecide): label them all, never "more" than
// there are.
func (v *Verified) CensusText() string {
	all := fmt.Sprintf("all %d citations", v.Citations-v.Fabricated)
	if v.Fabricated > 0 {
		all = fmt.Sprintf("all %d citations not fabricated", v.Citations-v.Fabricated)
	}
	return fmt.Sprintf("label %s (a census, which decides): %d more", all, v.LabelsToDecide)
}

// labelledNotSupported counts the labels that call their citation not
// supported, partial ones as the estimate counted them.
func (v *Verified) labelledNotSupported() int64 {
	return v.LabelledNotSupported(v.PartialCountsAs == readers.LabelSupported)
}
