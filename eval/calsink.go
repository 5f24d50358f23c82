package eval

import (
	"math"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Calibrating is a pipeline sink that keeps what a calibration needs of an
// audit: the decision score of every citation the rate counts under the
// run's model, and the word-overlap rule's (Population), and the findings
// and chunk texts of the conversations the labels name. Its memory grows
// by 16 bytes a citation beyond the labelled conversations.
type Calibrating struct {
	Model   audit.Model
	Pop     *Population // the model's decision scores
	RulePop *Population // the rule's score on the audited claim (plain_overlap)
	Audited             // the labelled conversations' findings and chunk texts
	convs   map[string]bool
	// KeepInputs keeps every citation's model inputs (Inputs), which
	// refitting the weights needs: some 140 bytes a citation.
	KeepInputs bool
	Inputs     []PopItem
}

// NewCalibrating collects for a calibration of m on labels.
func NewCalibrating(m audit.Model, labels []readers.Label) *Calibrating {
	c := &Calibrating{Model: m, Pop: NewPopulation(), RulePop: NewPopulation(), convs: map[string]bool{}}
	for _, l := range labels {
		c.convs[l.ConversationID] = true
	}
	return c
}

// Result counts the record's citations and keeps a labelled
// conversation's findings.
func (c *Calibrating) Result(r *audit.Result) error {
	for i := range r.Findings {
		f := &r.Findings[i]
		decision, rule, ok := c.scores(f)
		if !ok {
			continue
		}
		c.Pop.Add(f.Tenant, decision, f.Verdict == audit.Fabricated)
		c.RulePop.Add(f.Tenant, rule, f.Verdict == audit.Fabricated)
		if c.KeepInputs {
			in := PopItem{Tenant: f.Tenant, Fabricated: f.Verdict == audit.Fabricated}
			if f.SupportScore != nil && !in.Fabricated {
				in.Features = audit.FeaturesOf(f.Signals)
			}
			c.Inputs = append(c.Inputs, in)
		}
	}
	if c.convs[r.Record.ConversationID] {
		return c.Audited.Result(r)
	}
	return nil
}

// scores are a citation's decision score under the model (below 0: it
// cannot pass) and the rule's; false for a finding outside the rate.
func (c *Calibrating) scores(f *audit.Finding) (decision, rule float64, ok bool) {
	switch f.Verdict {
	case audit.Fabricated:
		return -1, -1, true
	case audit.Supported, audit.Unsupported:
	default:
		return 0, 0, false
	}
	if f.SupportScore == nil { // failed without a score (a number across languages)
		return -1, -1, true
	}
	decision = float64(*f.SupportScore)
	if c.Model.HardFailed(audit.FeaturesOf(f.Signals)) {
		decision = -1
	}
	// The score is written with four decimals: one within 0.00005 of the
	// threshold is put on the side of the verdict the audit gave, so
	// that the machine rate at the run's own thresholds is the audit's.
	if t := c.Model.ThresholdFor(f.Tenant); decision >= 0 && (decision >= t) != (f.Verdict == audit.Supported) {
		decision = t
		if f.Verdict != audit.Supported {
			decision = math.Nextafter(t, -1)
		}
	}
	rule = -1
	if v, ok := f.Signals["plain_overlap"]; ok {
		rule = float64(v)
	}
	return decision, rule, true
}
