package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

func evalCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringSliceFlag{Name: "labels", Required: true, KeepSpace: true, Usage: "labels JSONL (schema of ../shared/data/*/dev.labels.jsonl); repeatable, each file is reported as a set"},
		&cli.StringFlag{Name: "partial", Value: "exclude", Usage: "partial labels: exclude, supported or unsupported"},
		&cli.IntFlag{Name: "cv", Usage: "instead of the configured model, fit on K-1 folds by conversation and score the held-out fold"},
		&cli.BoolFlag{Name: "ablation", Usage: "with --cv: also refit without each signal in turn"},
		&cli.BoolFlag{Name: "json", Usage: "print the metrics as JSON"},
		&cli.BoolFlag{Name: "sweep", Usage: "also print balanced accuracy for thresholds 0.30..0.70"},
	}, withoutFlag(auditCommand().Flags, "out", "strict", "junit", "fail-on", "baseline", "labels", "partial-as")...)
	return &cli.Command{
		Name:      "eval",
		Usage:     "audit labelled logs and measure agreement with the human labels",
		ArgsUsage: "LOGS...",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			opts, err := auditOptionsFrom(c)
			if err != nil {
				return err
			}
			partial := c.String("partial")
			switch partial {
			case "exclude":
				partial = ""
			case audit.Supported, audit.Unsupported:
			default:
				return usageErr("--partial %q: want exclude, supported or unsupported", partial)
			}
			findings, err := auditForEval(c, &opts)
			if err != nil {
				return err
			}
			rep := evalReport{Sets: map[string]setReport{}}
			var examples []eval.Example
			for _, path := range c.StringSlice("labels") {
				labels, err := readers.ReadLabels(path)
				if err != nil {
					return usageErr("%v", err)
				}
				labels = readers.JudgedLabels(labels) // cannot-judge is no label
				pairs, left := eval.Join(findings, labels, partial)
				if len(pairs) == 0 {
					return usageErr("%s: no label matched a finding: are these the labels of these logs?", path)
				}
				sr := newSetReport(pairs, left.Unmatched, c.Bool("sweep"))
				sr.Labels, sr.LeftOutUncited, sr.LeftOutPartial = len(labels), left.Uncited, left.Partial
				rep.Sets[path] = sr
				examples = append(examples, eval.Examples(path, findings, labels)...)
			}
			if k := c.Int("cv"); k > 0 {
				if k < 2 {
					return usageErr("--cv %d: want at least 2 folds", k)
				}
				rep.CV = crossValidate(examples, k, eval.UnusedSignals(opts.Embed != "none"), opts.Audit.Model.HardFail, c.Bool("ablation"))
			}
			if c.Bool("json") {
				return report.WriteJSON(c.App.Writer, rep)
			}
			return writeEvalText(c.App.Writer, &rep)
		},
	}
}

// auditForEval audits the logs and returns every finding.
func auditForEval(c *cli.Context, o *auditOptions) ([]audit.Finding, error) {
	po := o.pipeline(c.App.Reader, c.App.ErrWriter)
	po.Logger = nil // eval and calibrate report agreement, not input problems
	var all pipeline.Collect
	if _, err := pipeline.Run(c.Context, po, &all); err != nil {
		return nil, err
	}
	return all.Findings, nil
}

type evalReport struct {
	Sets map[string]setReport `json:"sets"`
	CV   *cvReport            `json:"cross_validation,omitempty"`
}

type setReport struct {
	Overall   eval.Metrics            `json:"overall"`
	ByAgent   map[string]eval.Metrics `json:"by_agent"`
	ByScope   map[string]eval.Metrics `json:"by_label_scope"`
	SignalAUC map[string]float64      `json:"signal_auc"`
	Unmatched int                     `json:"unmatched_labels"`
	// Every label line is scored or counted here: lines = n + unmatched +
	// the two left out (uncited sentences have no citation to judge;
	// partial is left out unless --partial says how to count it).
	Labels         int                `json:"label_lines"`
	LeftOutUncited int                `json:"left_out_uncited"`
	LeftOutPartial int                `json:"left_out_partial"`
	Sweep          map[string]float64 `json:"sweep,omitempty"`
}

type cvReport struct {
	Folds    int                                `json:"folds"`
	Sets     map[string]eval.Metrics            `json:"sets"`
	Ablation map[string]map[string]eval.Metrics `json:"ablation,omitempty"` // dropped signal → set → metrics
}

func newSetReport(pairs []eval.Pair, unmatched int, sweep bool) setReport {
	r := setReport{Overall: eval.Compute(pairs), ByAgent: map[string]eval.Metrics{}, ByScope: map[string]eval.Metrics{},
		SignalAUC: eval.SignalAUC(pairs), Unmatched: unmatched}
	names, groups := eval.ByAgent(pairs)
	for _, n := range names {
		r.ByAgent[n] = eval.Compute(groups[n])
	}
	scopes := map[string][]eval.Pair{}
	for _, p := range pairs {
		scopes[p.Label.LabelScope] = append(scopes[p.Label.LabelScope], p)
	}
	for s, ps := range scopes {
		r.ByScope[s] = eval.Compute(ps)
	}
	if sweep {
		r.Sweep = map[string]float64{}
		ths := sweepThresholds()
		for i, ba := range eval.Sweep(pairs, ths) {
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

// crossValidate scores the shipped fitting procedure (the model's signals,
// its hard-fail rules) by K-fold CV, and with --ablation refits without each
// signal in turn (a hard-fail signal is then neither weighed nor decisive).
func crossValidate(xs []eval.Example, k int, drop map[string]bool, hardFail []string, ablation bool) *cvReport {
	r := &cvReport{Folds: k, Sets: map[string]eval.Metrics{}}
	for set, pairs := range eval.CrossValidate(xs, k, drop, hardFail) {
		r.Sets[set] = eval.Compute(pairs)
	}
	if ablation {
		r.Ablation = map[string]map[string]eval.Metrics{}
		for _, n := range audit.FeatureNames {
			if drop[n] {
				continue
			}
			without := map[string]bool{n: true}
			for d := range drop {
				without[d] = true
			}
			var hard []string
			for _, h := range hardFail {
				if h != n {
					hard = append(hard, h)
				}
			}
			r.Ablation[n] = map[string]eval.Metrics{}
			for set, pairs := range eval.CrossValidate(xs, k, without, hard) {
				r.Ablation[n][set] = eval.Compute(pairs)
			}
		}
	}
	return r
}

func writeEvalText(w io.Writer, rep *evalReport) error {
	var b strings.Builder
	// A rate without a denominator (a group with one class, or nothing
	// predicted unsupported) is n/a, not 0 or 0.5.
	num := func(v float64, defined bool) string {
		if !defined {
			return "  n/a"
		}
		return fmt.Sprintf("%.3f", v)
	}
	row := func(name string, m eval.Metrics) {
		both := m.Supported > 0 && m.Unsupported > 0
		c := m.Confusion
		fmt.Fprintf(&b, "%-26s %5d %5d %5d  %s  %s  %s  %s   %4d %4d %4d %4d\n", name, m.N, m.Supported, m.Unsupported,
			num(m.BalancedAccuracy, both), num(m.PrecisionUnsupported, c.TP+c.FP > 0), num(m.RecallUnsupported, m.Unsupported > 0), num(m.AUC, both),
			c.TP, c.FN, c.FP, c.TN)
	}
	header := func(title string) {
		fmt.Fprintf(&b, "%-26s %5s %5s %5s  %5s  %5s  %5s  %5s   %4s %4s %4s %4s\n", title, "n", "sup", "uns", "BA", "P(u)", "R(u)", "AUC", "u→u", "u→s", "s→u", "s→s")
	}
	for _, set := range sortedKeys(rep.Sets) {
		r := rep.Sets[set]
		header(set)
		row("overall", r.Overall)
		for _, n := range sortedKeys(r.ByAgent) {
			row("agent "+report.Printable(n), r.ByAgent[n])
		}
		for _, s := range sortedKeys(r.ByScope) {
			row("scope "+report.Printable(s), r.ByScope[s])
		}
		fmt.Fprintf(&b, "label lines: %d = %d scored + %d not matched to a finding + %d uncited sentences + %d partial (left out; see --partial)\nAUC of each signal alone:",
			r.Labels, r.Overall.N, r.Unmatched, r.LeftOutUncited, r.LeftOutPartial)
		for _, n := range audit.FeatureNames {
			if v, ok := r.SignalAUC[n]; ok {
				fmt.Fprintf(&b, " %s %.3f", n, v)
			}
		}
		b.WriteString("\n")
		if r.Sweep != nil {
			b.WriteString("threshold → balanced accuracy:")
			for _, k := range sortedKeys(r.Sweep) {
				fmt.Fprintf(&b, " %s→%.3f", k, r.Sweep[k])
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	if cv := rep.CV; cv != nil {
		header(fmt.Sprintf("%d-fold CV by conversation", cv.Folds))
		for _, set := range sortedKeys(cv.Sets) {
			row(shortSet(set), cv.Sets[set])
		}
		if cv.Ablation != nil {
			b.WriteString("\nablation: balanced accuracy without each signal (CV)\n")
			for _, n := range audit.FeatureNames {
				if _, ok := cv.Ablation[n]; !ok {
					continue
				}
				fmt.Fprintf(&b, "  without %-20s ", n)
				for _, set := range sortedKeys(cv.Ablation[n]) {
					fmt.Fprintf(&b, " %s %.3f", shortSet(set), cv.Ablation[n][set].BalancedAccuracy)
				}
				b.WriteString("\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shortSet names a label set by its folder (../shared/data/hagrid/… → hagrid).
func shortSet(path string) string {
	parts := strings.Split(path, "/")
	if len(parts) >= 2 {
		return parts[len(parts)-2]
	}
	return path
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func withoutFlag(flags []cli.Flag, names ...string) []cli.Flag {
	var out []cli.Flag
	for _, f := range flags {
		if !slices.Contains(names, f.Names()[0]) {
			out = append(out, f)
		}
	}
	return out
}
