package eval

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// CalibrateOptions say what Calibrate fits and records.
type CalibrateOptions struct {
	Labels    []readers.Label // a reviewer's labels (cannot-judge and withdrawn lines already applied)
	Files     []string        // the label files they were read from, recorded with their digests
	PartialAs string          // how a partial label counts: unsupported (default) or supported
	// ConfigHash and Config are the run's configuration: labels drawn by
	// ragaudit sample under another one are refused, as audit --labels
	// refuses them (their strata would not be these verdicts').
	ConfigHash, Config string
	Embedder, Version  string // recorded in the model file
	Point              PointOptions
	// Weights: refit the weights too, by this procedure (the signals of
	// the run's embedder), on the labels; the Calibrating sink must keep
	// the inputs. Else the thresholds alone.
	Weights *Procedure
}

// Calibration is an operating point fitted on a user's labels, tested
// against the run's, and the model file that holds it.
type Calibration struct {
	*Operating
	File    audit.ModelFile
	Design  string // how the labels were drawn, in words
	Matched int    // labels fitted on
	Skipped string // labels not fitted on, and why ("" when none)
}

// Calibrate fits the operating point of the run's model on the labels
// (design-weighted, out of sample against the current one) and makes the
// model file: the same weights, the fitted thresholds, and a record of
// how and why (Operating.Better says whether it may be written).
func Calibrate(c *Calibrating, o CalibrateOptions) (*Calibration, error) {
	if o.PartialAs == "" {
		o.PartialAs = readers.LabelUnsupported
	}
	cal := &Calibration{}
	ls, inputs, sizes, err := cal.scored(c, o)
	if err != nil {
		return nil, err
	}
	base := Point{Threshold: c.Model.Threshold, Tenants: c.Model.TenantThresholds}
	fitted := c.Model
	if o.Weights != nil {
		rw := Reweighting{Proc: *o.Weights, Labels: inputs, Pop: c.Inputs}
		var m audit.Model
		if cal.Operating, m, err = FitOperatingWeights(ls, rw, sizes, c.Pop, c.RulePop, base, o.Point); err != nil {
			return nil, err
		}
		fitted.Bias, fitted.Weights = m.Bias, m.Weights
	} else if cal.Operating, err = FitOperating(ls, sizes, c.Pop, c.RulePop, base, o.Point); err != nil {
		return nil, err
	}
	cal.File, err = cal.modelFile(c.Model, fitted, o)
	return cal, err
}

// scored joins the labels to the findings: each labelled citation the
// rate counts, with its decision score, the rule's, and its stratum.
func (cal *Calibration) scored(c *Calibrating, o CalibrateOptions) ([]Scored, []audit.Features, map[string]int64, error) {
	sampled := 0
	for _, l := range o.Labels {
		if l.Sample != "" {
			sampled++
			if l.ConfigHash == "" {
				return nil, nil, nil, fmt.Errorf("label of %s:%d: a label of sample %s without the sample's config_hash (and config, seed, sample_size): copy every field of the sample's line into the label, or leave out \"sample\" to give labels not drawn by ragaudit sample",
					l.ConversationID, l.MessageIndex, l.Sample)
			}
			if l.ConfigHash != o.ConfigHash {
				return nil, nil, nil, fmt.Errorf("label of %s:%d: its sample was drawn under another audit configuration (%s; this run: %s): calibrate with the flags it was drawn with",
					l.ConversationID, l.MessageIndex, orNotRecorded(l.Config), o.Config)
			}
		}
	}
	cal.Design = "labels not drawn by ragaudit sample: taken as a random sample of each tenant's citations of each machine verdict (an assumption; a biased choice of citations biases the fit)"
	if sampled > 0 {
		cal.Design = fmt.Sprintf("ragaudit sample %s (seed %d), each label weighing the citations of its stratum it stands for", o.Labels[0].Sample, o.Labels[0].Seed)
	}
	pairs, left := Join(c.Findings, o.Labels, o.PartialAs)
	sizes := map[string]int64{}
	var ls []Scored
	var inputs []audit.Features
	var outside int
	for _, p := range pairs {
		f, l := p.Finding, p.Label
		decision, _, ok := c.scores(f)
		if !ok || f.Verdict == audit.Fabricated || l.LabelScope == scopeJoint || (sampled > 0 && l.Sample == "") {
			outside++
			continue
		}
		s := Scored{Tenant: f.Tenant, Conversation: f.ConversationID, Verdict: f.Verdict == audit.Supported,
			Decision: decision, Supported: l.Label == readers.LabelSupported, Rule: c.Texts.ruleScore([]readers.Label{l}, f.Language)}
		if l.Sample != "" {
			s.Stratum = "stratum\x00" + l.Stratum
			sizes[s.Stratum] = l.StratumSize
		}
		ls = append(ls, s)
		var in audit.Features
		if decision >= 0 || f.SupportScore != nil {
			in = audit.FeaturesOf(f.Signals)
		}
		inputs = append(inputs, in)
	}
	cal.Matched = len(ls)
	var skipped []string
	for _, x := range []struct {
		n    int
		what string
	}{{left.Unmatched, "match no citation of these logs"}, {left.Uncited, "judge uncited sentences"},
		{outside, "judge a fabricated or unchecked citation, a claim's citations together, or are not of the sample"}} {
		if x.n > 0 {
			skipped = append(skipped, fmt.Sprintf("%d %s", x.n, x.what))
		}
	}
	cal.Skipped = strings.Join(skipped, "; ")
	if len(ls) == 0 {
		return nil, nil, nil, fmt.Errorf("no label judges a citation of these logs (%s): are these the labels of these logs?", cal.Skipped)
	}
	return ls, inputs, sizes, nil
}

func orNotRecorded(s string) string {
	if s == "" {
		return "not recorded"
	}
	return s
}

// modelFile is the fitted model (the run's weights, or refitted ones) with
// the fitted thresholds, and the record of the calibration.
func (cal *Calibration) modelFile(m, fitted audit.Model, o CalibrateOptions) (audit.ModelFile, error) {
	rec := &audit.Calibration{Labels: cal.Matched, Supported: cal.Operating.Supported, PartialAs: o.PartialAs,
		Folds: o.Point.withDefaults().Folds, Replicates: o.Point.withDefaults().Replicates,
		HumanRate:        [3]float64{round(cal.Human), round(cal.HumanLow), round(cal.HumanHigh)},
		MachineRate:      [2]float64{round(cal.RateBase), round(cal.RateFitted)},
		BalancedAccuracy: [4]float64{round(cal.BABase), round(cal.BAFitted), round(cal.DiffLow), round(cal.DiffHigh)},
		Rule:             cal.Why}
	rec.Before.Name, rec.Before.Threshold, rec.Before.TenantThresholds = m.Name, m.Threshold, m.TenantThresholds
	if len(o.Labels) > 0 && o.Labels[0].Sample != "" {
		rec.Sample, rec.DrawnUnder = o.Labels[0].Sample, o.Labels[0].ConfigHash
	}
	// The weights' name, and the labels that placed the threshold.
	weights, _, _ := strings.Cut(m.Name, " @ ")
	if o.Weights != nil {
		weights = "weights refitted"
	}
	fitted.Name = weights + " @ labels"
	if rec.Sample != "" {
		fitted.Name = weights + " @ sample " + rec.Sample[:min(8, len(rec.Sample))]
	}
	// The thresholds as fitted: Population.writable made them values of
	// few decimals that decide every citation as the fit did.
	fitted.Threshold, fitted.TenantThresholds = cal.Fitted.Threshold, nil
	if len(cal.Fitted.Tenants) > 0 {
		fitted.TenantThresholds = maps.Clone(cal.Fitted.Tenants)
	}
	mf := audit.ModelFile{Tool: "ragaudit", Version: o.Version, Embedder: o.Embedder, Model: fitted, Calibration: rec}
	for _, path := range o.Files {
		sum, err := fileSHA256(path)
		if err != nil {
			return mf, err
		}
		mf.FittedOn = append(mf.FittedOn, audit.Fitting{Labels: path, SHA256: sum, Pairs: cal.Matched})
	}
	return mf, nil
}

// Write writes the model file, all of it or nothing.
func (cal *Calibration) Write(path string) error { return WriteModelFile(path, cal.File) }

// WriteText says what was fitted on what, the machine before and after
// beside the word-overlap rule, and whether and why the file was written.
func (cal *Calibration) WriteText(w io.Writer, path string, written bool) error {
	var b strings.Builder
	fmt.Fprintf(&b, "calibrated on %d labelled citations (%d supported, %d not; partial as %s): %s\n",
		cal.Matched, cal.Operating.Supported, cal.NotSupported, cal.File.Calibration.PartialAs, cal.Design)
	if cal.Skipped != "" {
		fmt.Fprintf(&b, "not fitted on: %s\n", cal.Skipped)
	}
	fmt.Fprintf(&b, "human rate from the labels: %.1f%% (95%% %.1f%%–%.1f%%)\n", 100*cal.Human, 100*cal.HumanLow, 100*cal.HumanHigh)
	fmt.Fprintf(&b, "%-30s %9s  %12s  %s\n", "", "threshold", "machine rate", fmt.Sprintf("balanced accuracy (%d-fold CV by conversation, design-weighted)", cal.File.Calibration.Folds))
	fmt.Fprintf(&b, "%-30s %9.4f  %11.1f%%  %.3f\n", "current ("+report.Printable(cal.File.Calibration.Before.Name)+")", cal.Base.Threshold, 100*cal.RateBase, cal.BABase)
	fmt.Fprintf(&b, "%-30s %9.4f  %11.1f%%  %.3f (difference %+.3f, 95%% %+.3f to %+.3f)\n", "calibrated", cal.Fitted.Threshold, 100*cal.RateFitted,
		cal.BAFitted, cal.BAFitted-cal.BABase, cal.DiffLow, cal.DiffHigh)
	fmt.Fprintf(&b, "%-30s %9s  %12s  %.3f\n", "word-overlap rule, same fit", "", "", cal.BARule)
	for _, t := range slices.Sorted(maps.Keys(cal.Fitted.Tenants)) {
		fmt.Fprintf(&b, "tenant %s: its own threshold %.4f\n", report.Printable(t), cal.Fitted.Tenants[t])
	}
	if written {
		fmt.Fprintf(&b, "wrote %s: %s\nuse it: ragaudit audit --config %s LOGS (and sample, check, serve)\n", path, cal.Why, path)
	} else {
		fmt.Fprintf(&b, "NOT written (%s): %s\n", path, cal.Why)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
