package estimate

import (
	"fmt"
	"math"
	"strconv"
)

// Methods of an estimate.
const (
	// MethodPPI: prediction-powered (PPI++), the machine's predictions on
	// every citation corrected by the labels, λ tuned to the data.
	MethodPPI = "ppi++"
	// MethodWilson: the labels alone, with a Wilson interval, when they
	// hold fewer than MinClassLabels of either class.
	MethodWilson = "wilson"
	// MethodCensus: every citation is labelled or fabricated; the rate is
	// known exactly.
	MethodCensus = "census"
	// MethodNone: no labels to estimate from; the interval is every rate
	// the fabricated citations leave possible and Rate is NaN.
	MethodNone = "none"
)

// Decisions at the bar.
const (
	Pass         = "PASS"         // the one-sided 95 % lower bound is at or above the bar
	Fail         = "FAIL"         // the one-sided 95 % upper bound is below the bar
	Inconclusive = "INCONCLUSIVE" // neither: more labels needed
)

// MinLabels is the fewest labels counted (supported, partial or
// unsupported) on which the overall decision rests: below it, the 95 %
// interval's coverage fell under 93 % on the development sets at some
// sample size, and a new user's logs gave 82 % at 20 labels
// (docs/estimate.md, §9). With fewer, the decision is INCONCLUSIVE unless
// the fabricated citations and those labelled not supported alone put the
// rate below the bar.
const MinLabels = 100

// MinClassLabels: with fewer labels of either class (supported, not
// supported) the estimate uses the labels alone.
const MinClassLabels = 10

// Options of an estimate.
type Options struct {
	Bar float64 // the rate to clear, in [0, 1]
	// PartialSupported counts partial labels as supported; by default
	// they are not.
	PartialSupported bool
	// Power is the chance that the bound clears the bar when the rate is
	// as estimated, for LabelsToDecide (default 0.8).
	Power float64
	// LabelsOnly sets λ = 0: the labels alone within the strata, to show
	// what the machine's predictions add.
	LabelsOnly bool
}

// LabelCounts are the labels given, by class.
type LabelCounts struct {
	Supported   int64 `json:"supported"`
	Partial     int64 `json:"partial"`
	Unsupported int64 `json:"unsupported"`
	CannotJudge int64 `json:"cannot_judge"`
}

// Counted is the number of labels that count in the estimate: all but
// cannot-judge.
func (l LabelCounts) Counted() int64 { return l.Supported + l.Partial + l.Unsupported }

// Estimate is the estimated true citation-accuracy rate of all citations or
// of one tenant's.
type Estimate struct {
	Tenant string `json:"tenant,omitempty"`
	// Rate is the estimate: truly supported citations over all citations,
	// fabricated ones counted as failures. NaN with MethodNone.
	Rate Number `json:"estimate"`
	Low  Number `json:"ci95_low"` // two-sided 95 % interval
	High Number `json:"ci95_high"`
	// Lower and Upper are the one-sided 95 % bounds the decision uses.
	Lower    Number `json:"lower95"`
	Upper    Number `json:"upper95"`
	Method   string `json:"method"`
	Decision string `json:"decision"`
	// Lambda weighs the machine's predictions: 0 is the labels alone, 1
	// is plain prediction-powered inference.
	Lambda      Number `json:"lambda"`
	MachineRate Number `json:"machine_rate"` // machine-supported over all citations
	Citations   int64  `json:"citations"`
	Fabricated  int64  `json:"fabricated"`
	// Unsampled counts the citations in strata where there is no label
	// (for a tenant: where it has none). The interval takes them from
	// none to all supported; the estimate assumes them like the labelled
	// citations of their stratum, or of the same machine verdict.
	Unsampled int64       `json:"unsampled"`
	Labels    LabelCounts `json:"labels"`
}

// Result is the estimate over all citations, per tenant with labels, and
// how far the machine agrees with the reviewer.
type Result struct {
	Estimate
	Tenants []Estimate `json:"tenants"` // tenants with labels, by name
	// LabelsToDecide is how many more labels are expected to decide at
	// the bar (with Options.Power) if the rate is as estimated and the
	// strata vary as observed; 0 once decided, -1 without an estimate.
	LabelsToDecide int64 `json:"labels_to_decide"`
	// TooFewLabels: fewer than MinLabels labels were counted, so the
	// decision is not made on the interval (INCONCLUSIVE, or FAIL when the
	// fabricated citations and those labelled not supported alone fail
	// the bar) and LabelsToDecide is at
	// least the labels short of MinLabels.
	TooFewLabels bool  `json:"too_few_labels,omitempty"`
	MinLabels    int64 `json:"min_labels"`
	// CensusToDecide: the labels expected to decide reach every citation
	// a person can label (all but the fabricated), so what decides is a
	// census, and LabelsToDecide is the citations still without a counted
	// label: advice never asks for more labels than there are citations.
	CensusToDecide bool      `json:"census_to_decide,omitempty"`
	Agreement      Agreement `json:"agreement"`
	// LabelsOnFabricated: labels given to fabricated citations, ignored
	// (a fabricated citation is a failure whatever its label).
	LabelsOnFabricated int64 `json:"labels_on_fabricated"`
}

// LabelledNotSupported counts the labels that call their citation not
// supported (partial too, unless partialSupported): failures whatever the
// other citations turn out to be.
func (r *Result) LabelledNotSupported(partialSupported bool) int64 {
	if partialSupported {
		return r.Labels.Unsupported
	}
	return r.Labels.Unsupported + r.Labels.Partial
}

// capAtCensus caps the labels still to decide at the citations without a
// counted label: once the labels given and those to come reach every
// citation a person can label, a census decides (its rate is exact, with
// no minimum of labels), and no more labels than there are citations are
// asked for.
func (r *Result) capAtCensus() {
	labellable, n := r.Citations-r.Fabricated, r.Labels.Counted()
	if r.LabelsToDecide > 0 && n+r.LabelsToDecide >= labellable {
		r.LabelsToDecide, r.CensusToDecide = max(labellable-n, 1), true
	}
}

// Estimate combines every citation's machine prediction with the labels.
func (t *Tally) Estimate(opts Options) (Result, error) {
	if err := checkBar(opts.Bar, &opts.Power); err != nil {
		return Result{}, err
	}
	var r Result
	var fab int64
	for _, f := range t.fabricated {
		fab += f.N
		r.LabelsOnFabricated += f.Labelled
	}
	keys := t.keys()
	gs, ids := t.groups(keys, opts.PartialSupported)
	lendLabels(gs)
	var d domain
	r.Estimate, d = estimateDomain(gs, fab, opts)
	r.Agreement = agreement(gs)
	r.LabelsToDecide = d.labelsToDecide(gs, opts)
	r.MinLabels = MinLabels
	if n := r.Labels.Counted(); n < MinLabels && r.Method != MethodCensus && r.Method != MethodNone {
		// Only what no more labels can change decides: the fabricated
		// citations and those labelled not supported.
		r.TooFewLabels = true
		r.Decision = decide(0, float64(r.Citations-r.Fabricated-r.LabelledNotSupported(opts.PartialSupported))/float64(r.Citations), opts.Bar)
		if r.Decision == Pass { // a bar of 0
			r.Decision = Inconclusive
		}
		if r.Decision == Inconclusive {
			r.LabelsToDecide = max(r.LabelsToDecide, MinLabels-n)
		} else {
			r.LabelsToDecide = 0
		}
	}
	r.capAtCensus()
	stratum := make(map[string]*group, len(gs))
	for i, g := range gs {
		stratum[ids[i]] = g
	}
	byTenant := map[string][]tallyKey{}
	for _, k := range keys {
		byTenant[k.tenant] = append(byTenant[k.tenant], k)
	}
	for _, name := range t.tenants() {
		tg, tids := t.groups(byTenant[name], opts.PartialSupported)
		for i, g := range tg { // a tenant without labels in a stratum borrows the stratum's
			if s := stratum[tids[i]]; g.n == 0 {
				g.ref = s
				if s.n == 0 {
					g.ref = s.ref
				}
			}
		}
		var tfab int64
		if f := t.fabricated[name]; f != nil {
			tfab = f.N
		}
		e, _ := estimateDomain(tg, tfab, opts)
		if e.Labels == (LabelCounts{}) {
			continue
		}
		e.Tenant = name
		r.Tenants = append(r.Tenants, e)
	}
	return r, nil
}

// checkBar refuses a bar outside [0, 1] and a power outside (0, 1); a zero
// power takes the default, 0.8.
func checkBar(bar float64, power *float64) error {
	if bar < 0 || bar > 1 || math.IsNaN(bar) {
		return fmt.Errorf("bar %v: want a rate in [0, 1]", bar)
	}
	if *power == 0 {
		*power = 0.8
	}
	if *power <= 0 || *power >= 1 || math.IsNaN(*power) {
		return fmt.Errorf("power %v: want a probability in (0, 1)", *power)
	}
	return nil
}

// Number is a figure of the estimate, written in JSON with six decimals
// so that outputs are the same on every platform, and NaN (no figure) as
// null.
type Number float64

// MarshalJSON writes the number with fixed precision, NaN as null.
func (x Number) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, float64(x), 'f', 6, 64), nil
}
