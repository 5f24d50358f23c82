package estimate

import (
	"fmt"
	"math"
)

// Citation is one citation of an audit as the estimate sees it: numbers
// and names, no text.
type Citation struct {
	// Key identifies the citation uniquely and stably across runs (e.g.
	// conversation, message, sentence and citation joined). The draw
	// depends on it, never on the order citations are given in.
	Key string
	// Tenant is the tenant as written in the logs.
	Tenant string
	// Supported is the machine verdict at the audit's threshold.
	Supported bool
	// Fabricated: the cited id was not retrieved. A certain failure that
	// needs no person; never sampled.
	Fabricated bool
	// Score is the machine's p(supported) in [0, 1], or NaN when the audit
	// gave none; it is the prediction the estimator corrects.
	Score float64
}

// prediction is the value the estimator corrects: the score, or the
// verdict as 0 or 1 when there is no score. Any prediction keeps the
// estimate unbiased; a better one only narrows the interval.
func (c Citation) prediction() float64 {
	if math.IsNaN(c.Score) {
		if c.Supported {
			return 1
		}
		return 0
	}
	return c.Score
}

// check refuses a score that is neither NaN nor in [0, 1]: it would say
// the input is not what the caller thinks it is.
func (c Citation) check() error {
	if !math.IsNaN(c.Score) && (c.Score < 0 || c.Score > 1) {
		return fmt.Errorf("citation %q: score %v is outside [0, 1]", c.Key, c.Score)
	}
	return nil
}

// Label is a reviewer's judgment of a sampled citation.
type Label string

// Labels a reviewer gives; Unlabelled is a citation nobody judged.
const (
	Unlabelled  Label = ""
	Supported   Label = "supported"
	Partial     Label = "partial"
	Unsupported Label = "unsupported"
	// CannotJudge is non-response: the citation is left out of the
	// estimate as if it had not been drawn, and counted.
	CannotJudge Label = "cannot_judge"
)

// ParseLabel reads a label as written in a label file.
func ParseLabel(s string) (Label, error) {
	switch l := Label(s); l {
	case Supported, Partial, Unsupported, CannotJudge:
		return l, nil
	}
	return "", fmt.Errorf("label %q: want supported, partial, unsupported or cannot_judge", s)
}
