package eval

import (
	"fmt"
	"slices"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Options say what an evaluation measures.
type Options struct {
	Labels    []string // label files, each reported as a set
	ScoreOnly []string // label files scored like Labels, never fitted on
	Partial   string   // how a partial label counts: "" (left out), supported or unsupported
	Sweep     bool     // balanced accuracy at thresholds 0.30 to 0.70
	Folds     int      // k-fold cross-validation by conversation (0: none)
	LODO      bool     // leave one data set out
	LOLO      bool     // leave one language out
	Ablation  bool     // the held-out tables refitted without each signal in turn
	Targets   bool     // with LODO: the verdict at least as good as the rule (RuleTargets)
	// LangTargets: with LODO, each language of a parallel set within
	// langGap of English on the same items (languageTargets).
	LangTargets bool
	MinBA       map[string]float64
	AimBA       map[string]float64
	// Procedure fits the held-out tables' verdicts (Shipped for the
	// configured embedder).
	Procedure Procedure
}

// Report is an evaluation: each label file under the configured model,
// and the held-out tables of the verdict beside the word-overlap rule.
type Report struct {
	Sets    map[string]SetReport `json:"sets"`
	CV      *HeldOut             `json:"cross_validation,omitempty"`
	LODO    *HeldOut             `json:"leave_one_dataset_out,omitempty"`
	LOLO    *HeldOut             `json:"leave_one_language_out,omitempty"`
	Targets []Check              `json:"targets,omitempty"`
}

// SetReport is the agreement of the configured model on one label file.
type SetReport struct {
	Overall   Metrics            `json:"overall"`
	ByAgent   map[string]Metrics `json:"by_agent"`
	ByScope   map[string]Metrics `json:"by_label_scope"`
	SignalAUC map[string]float64 `json:"signal_auc"`
	Unmatched int                `json:"unmatched_labels"`
	// Every label line is scored or counted here: lines = n + unmatched +
	// the two left out (uncited sentences have no citation to judge;
	// partial is left out unless Options.Partial says how to count it).
	Labels         int `json:"label_lines"`
	LeftOutUncited int `json:"left_out_uncited"`
	LeftOutPartial int `json:"left_out_partial"`
	// FoldedJoint counts the label lines beyond the first of each claim
	// judged jointly: such a claim is one pair, as in the held-out tables.
	FoldedJoint int                `json:"folded_joint_lines"`
	Sweep       map[string]float64 `json:"sweep,omitempty"`
}

// HeldOut is the agreement of the verdict and of the word-overlap rule,
// both fitted by the same protocol, on items the fit never saw.
type HeldOut struct {
	Folds    int              `json:"folds,omitempty"` // cross-validation
	Rows     []Row            `json:"rows"`
	Ablation map[string][]Row `json:"ablation,omitempty"` // left-out signal → rows
}

// Evaluate joins each label file to the audited findings and measures
// agreement as o asks. A label file that cannot be read, or matches no
// finding, is an error.
func Evaluate(a *Audited, o Options) (*Report, error) {
	rep := &Report{Sets: map[string]SetReport{}}
	var items []item
	files := append(slices.Clone(o.Labels), o.ScoreOnly...)
	for i, path := range files {
		labels, err := judgedLabels(path)
		if err != nil {
			return nil, err
		}
		pairs, left := Join(a.Findings, labels, o.Partial)
		if len(pairs) == 0 {
			return nil, noMatch(path)
		}
		pairs, folded := judgeClaims(pairs, a.Findings)
		sr := newSetReport(pairs, left.Unmatched, o.Sweep)
		sr.Labels, sr.LeftOutUncited, sr.LeftOutPartial, sr.FoldedJoint = len(labels), left.Uncited, left.Partial, folded
		rep.Sets[path] = sr
		its, _ := itemsOf(path, a.Findings, labels, o.Partial, &a.Texts)
		for j := range its {
			its[j].ScoreOnly = i >= len(o.Labels)
		}
		items = append(items, its...)
	}
	rep.heldOut(items, o)
	return rep, nil
}

// judgedLabels reads a label file without its cannot-judge lines (no label).
func judgedLabels(path string) ([]readers.Label, error) {
	labels, err := readers.ReadLabels(path)
	if err != nil {
		return nil, err
	}
	return readers.JudgedLabels(labels), nil
}

func noMatch(path string) error {
	return fmt.Errorf("%s: no label matched a finding: are these the labels of these logs?", path)
}

// heldOut adds the cross-validation and leave-one-dataset-out tables that
// o asks for, and the targets.
func (rep *Report) heldOut(items []item, o Options) {
	proc := o.Procedure
	if k := o.Folds; k > 0 {
		rep.CV = &HeldOut{Folds: k, Rows: crossValidate(items, k, proc)}
		if o.Ablation {
			rep.CV.Ablation = ablation(proc, func(p Procedure) []Row { return crossValidate(items, k, p) })
		}
	}
	if o.LOLO {
		rep.LOLO = &HeldOut{Rows: leaveOneLanguageOut(items, proc)}
	}
	if !o.LODO {
		return
	}
	rep.LODO = &HeldOut{Rows: leaveOneDatasetOut(items, proc)}
	if o.Ablation {
		rep.LODO.Ablation = ablation(proc, func(p Procedure) []Row { return leaveOneDatasetOut(items, p) })
	}
	if o.Targets {
		rep.Targets = ruleTargets(rep.LODO.Rows)
	}
	if o.LangTargets {
		rep.Targets = append(rep.Targets, languageTargets(rep.LODO.Rows)...)
	}
	rep.Targets = append(rep.Targets, minimumTargets(rep.LODO.Rows, o.MinBA, true)...)
	rep.Targets = append(rep.Targets, minimumTargets(rep.LODO.Rows, o.AimBA, false)...)
}

// Missed reports whether a target that must be met is not (open ones
// aside).
func (rep *Report) Missed() bool {
	return slices.ContainsFunc(rep.Targets, func(c Check) bool { return c.Must && !c.Met && !c.Open })
}

func newSetReport(pairs []Pair, unmatched int, sweep bool) SetReport {
	r := SetReport{Overall: compute(pairs), ByAgent: map[string]Metrics{}, ByScope: map[string]Metrics{},
		SignalAUC: signalAUC(pairs), Unmatched: unmatched}
	names, groups := byAgent(pairs)
	for _, n := range names {
		r.ByAgent[n] = compute(groups[n])
	}
	scopes := map[string][]Pair{}
	for _, p := range pairs {
		scopes[p.Label.LabelScope] = append(scopes[p.Label.LabelScope], p)
	}
	for s, ps := range scopes {
		r.ByScope[s] = compute(ps)
	}
	if sweep {
		r.Sweep = map[string]float64{}
		ths := sweepThresholds()
		for i, ba := range sweepBA(pairs, ths) {
			r.Sweep[fmt.Sprintf("%.2f", ths[i])] = ba
		}
	}
	return r
}

func sweepThresholds() []float64 {
	var ths []float64
	for t := 30; t <= 70; t += 5 {
		ths = append(ths, float64(t)/100)
	}
	return ths
}

// ablation refits by the procedure without each of its signals in turn
// (a decisive signal is then neither weighed nor decisive).
func ablation(proc Procedure, heldOut func(Procedure) []Row) map[string][]Row {
	out := map[string][]Row{}
	for _, s := range audit.Signals {
		if !proc.Drop[s.Name] || slices.Contains(proc.HardFail, s.Name) {
			out[s.Name] = heldOut(proc.without(s.Name))
		}
	}
	return out
}
