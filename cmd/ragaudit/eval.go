package main

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
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
		&cli.StringSliceFlag{Name: "labels", Required: true, KeepSpace: true, Usage: "label file (JSONL: conversation_id, message_index, char_start, char_end, citation_marker, label); repeatable, each file is reported as a set"},
		&cli.StringSliceFlag{Name: "score-only", KeepSpace: true, Usage: "labels JSONL scored like --labels but never fitted on by --cv or --lodo (another view of a data set fitted on in another file); repeatable"},
		&cli.StringFlag{Name: "partial", Value: "exclude", Usage: "partial labels: exclude, supported or unsupported"},
		&cli.IntFlag{Name: "cv", Usage: "also fit the verdict and the word-overlap rule on K-1 folds by conversation and score the held-out fold"},
		&cli.BoolFlag{Name: "lodo", Usage: "also fit the verdict and the word-overlap rule on every data set (a label file's folder) but one and score that one, for each"},
		&cli.BoolFlag{Name: "ablation", Usage: "with --cv or --lodo: also refit without each signal in turn"},
		&cli.BoolFlag{Name: "targets", Usage: "with --lodo: check that the verdict does at least as well as the rule on every held-out data set; exit 1 if not"},
		&cli.StringSliceFlag{Name: "min-ba", Usage: "with --lodo: require this balanced accuracy of a data set and scope, as DATASET/SCOPE=X (wice/citation=0.72); exit 1 if not; repeatable"},
		&cli.StringSliceFlag{Name: "aim-ba", Usage: "with --lodo: report whether this balanced accuracy of a data set and scope is reached, as --min-ba, without failing; repeatable"},
		&cli.BoolFlag{Name: "json", Usage: "print the metrics as JSON"},
		&cli.BoolFlag{Name: "sweep", Usage: "also print balanced accuracy for thresholds 0.30..0.70"},
	}, withoutFlag(auditCommand().Flags, "out", "strict", "junit", "fail-on", "baseline", "labels", "partial-as")...)
	return &cli.Command{
		Name:      "eval",
		Usage:     "audit labelled logs and measure agreement with the human labels",
		ArgsUsage: "LOGS...",
		Flags:     flags,
		Action:    runEval,
	}
}

// evalFlags are the eval flags read before auditing, so that a usage
// error costs no audit.
type evalFlags struct {
	partial      string // "" (exclude), supported or unsupported
	minBA, aimBA map[string]float64
}

func readEvalFlags(c *cli.Context) (evalFlags, error) {
	f := evalFlags{partial: c.String("partial")}
	switch f.partial {
	case "exclude":
		f.partial = ""
	case audit.Supported, audit.Unsupported:
	default:
		return f, usageErr("--partial %q: want exclude, supported or unsupported", f.partial)
	}
	var err error
	if f.minBA, err = parseMinBA("min-ba", c.StringSlice("min-ba")); err != nil {
		return f, err
	}
	if f.aimBA, err = parseMinBA("aim-ba", c.StringSlice("aim-ba")); err != nil {
		return f, err
	}
	if k := c.Int("cv"); k == 1 || k < 0 {
		return f, usageErr("--cv %d: want at least 2 folds", k)
	}
	if !c.Bool("lodo") && (c.Bool("targets") || len(f.minBA)+len(f.aimBA) > 0) {
		return f, usageErr("--targets, --min-ba and --aim-ba need --lodo")
	}
	return f, nil
}

func runEval(c *cli.Context) error {
	opts, err := auditOptionsFrom(c)
	if err != nil {
		return err
	}
	f, err := readEvalFlags(c)
	if err != nil {
		return err
	}
	audited, err := auditForEval(c, &opts)
	if err != nil {
		return err
	}
	rep, items, err := scoreLabelFiles(c, audited, f.partial)
	if err != nil {
		return err
	}
	heldOutTables(c, &rep, items, eval.Shipped(opts.Embed != "none"), f)
	if c.Bool("json") {
		err = report.WriteJSON(c.App.Writer, rep)
	} else {
		err = writeEvalText(c.App.Writer, &rep)
	}
	if err != nil {
		return err
	}
	for _, t := range rep.Targets {
		if t.Must && !t.Met {
			return &gateError{"eval: a target is not met"}
		}
	}
	return nil
}

// scoreLabelFiles joins each label file (--labels, then --score-only) to
// the findings: its report under the configured model, and its items.
func scoreLabelFiles(c *cli.Context, audited *eval.Audited, partial string) (evalReport, []eval.Item, error) {
	rep := evalReport{Sets: map[string]setReport{}}
	var items []eval.Item
	files := append(slices.Clone(c.StringSlice("labels")), c.StringSlice("score-only")...)
	for i, path := range files {
		labels, err := readers.ReadLabels(path)
		if err != nil {
			return rep, nil, usageErr("%v", err)
		}
		labels = readers.JudgedLabels(labels) // cannot-judge is no label
		pairs, left := eval.Join(audited.Findings, labels, partial)
		if len(pairs) == 0 {
			return rep, nil, usageErr("%s: no label matched a finding: are these the labels of these logs?", path)
		}
		sr := newSetReport(pairs, left.Unmatched, c.Bool("sweep"))
		sr.Labels, sr.LeftOutUncited, sr.LeftOutPartial = len(labels), left.Uncited, left.Partial
		rep.Sets[path] = sr
		its, _ := eval.Items(path, audited.Findings, labels, partial, &audited.Texts)
		for j := range its {
			its[j].ScoreOnly = i >= len(c.StringSlice("labels"))
		}
		items = append(items, its...)
	}
	return rep, items, nil
}

// heldOutTables adds the cross-validation and leave-one-dataset-out
// tables that the flags ask for, and the targets.
func heldOutTables(c *cli.Context, rep *evalReport, items []eval.Item, proc eval.Procedure, f evalFlags) {
	if k := c.Int("cv"); k > 0 {
		rep.CV = &heldOutReport{Folds: k, Rows: eval.CrossValidate(items, k, proc)}
		if c.Bool("ablation") {
			rep.CV.Ablation = ablation(proc, func(p eval.Procedure) []eval.Row { return eval.CrossValidate(items, k, p) })
		}
	}
	if !c.Bool("lodo") {
		return
	}
	rep.LODO = &heldOutReport{Rows: eval.LeaveOneDatasetOut(items, proc)}
	if c.Bool("ablation") {
		rep.LODO.Ablation = ablation(proc, func(p eval.Procedure) []eval.Row { return eval.LeaveOneDatasetOut(items, p) })
	}
	if c.Bool("targets") {
		rep.Targets = eval.RuleTargets(rep.LODO.Rows)
	}
	rep.Targets = append(rep.Targets, eval.MinimumTargets(rep.LODO.Rows, f.minBA, true)...)
	rep.Targets = append(rep.Targets, eval.MinimumTargets(rep.LODO.Rows, f.aimBA, false)...)
}

// auditForEval audits the logs and returns every finding and the chunk
// texts (for the word-overlap rule).
func auditForEval(c *cli.Context, o *auditOptions) (*eval.Audited, error) {
	po := o.pipeline(c.App.Reader, c.App.ErrWriter)
	po.Logger = nil // eval and calibrate report agreement, not input problems
	var audited eval.Audited
	if _, err := pipeline.Run(c.Context, po, &audited); err != nil {
		return nil, err
	}
	return &audited, nil
}

type evalReport struct {
	Sets    map[string]setReport `json:"sets"`
	CV      *heldOutReport       `json:"cross_validation,omitempty"`
	LODO    *heldOutReport       `json:"leave_one_dataset_out,omitempty"`
	Targets []eval.Check         `json:"targets,omitempty"`
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

// heldOutReport is the agreement of the verdict and of the word-overlap
// rule, both fitted by the same protocol, on items the fit never saw.
type heldOutReport struct {
	Folds    int                   `json:"folds,omitempty"` // cross-validation
	Rows     []eval.Row            `json:"rows"`
	Ablation map[string][]eval.Row `json:"ablation,omitempty"` // left-out signal → rows
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

// ablation refits by the procedure without each of its signals in turn
// (a decisive signal is then neither weighed nor decisive).
func ablation(proc eval.Procedure, heldOut func(eval.Procedure) []eval.Row) map[string][]eval.Row {
	out := map[string][]eval.Row{}
	for _, n := range audit.FeatureNames {
		if !proc.Drop[n] || slices.Contains(proc.HardFail, n) {
			out[n] = heldOut(proc.Without(n))
		}
	}
	return out
}

// parseMinBA reads the values of --min-ba or --aim-ba, DATASET/SCOPE=X.
func parseMinBA(flag string, vals []string) (map[string]float64, error) {
	out := map[string]float64{}
	for _, v := range vals {
		key, num, ok := strings.Cut(v, "=")
		x, err := strconv.ParseFloat(num, 64)
		if !ok || err != nil || !strings.Contains(key, "/") || x < 0 || x > 1 {
			return nil, usageErr("--%s %q: want DATASET/SCOPE=X with X in [0, 1], e.g. wice/citation=0.72", flag, v)
		}
		out[key] = x
	}
	return out, nil
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
	// With held-out tables, the configured model's figures (on labels it
	// may have been fitted on) are left to --json.
	for _, set := range sortedKeys(rep.Sets) {
		if rep.CV != nil || rep.LODO != nil {
			break
		}
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
		writeHeldOut(&b, fmt.Sprintf("%d-fold cross-validation by conversation, all data sets pooled", cv.Folds), cv)
	}
	if lo := rep.LODO; lo != nil {
		writeHeldOut(&b, "leave-one-dataset-out: fitted on the other data sets, scored on this one", lo)
	}
	if len(rep.Targets) > 0 {
		b.WriteString("targets (leave-one-dataset-out)\n")
		for _, t := range rep.Targets {
			state := "met"
			switch {
			case !t.Met && t.Must:
				state = "NOT MET (must)"
			case !t.Met:
				state = "not met (aim)"
			}
			fmt.Fprintf(&b, "  %-14s %s\n", state, t.What)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeHeldOut prints held-out agreement, the rule and the verdict side
// by side, and the ablation's balanced accuracy and AUC.
func writeHeldOut(b *strings.Builder, title string, r *heldOutReport) {
	names := rowNames(r.Rows)
	fmt.Fprintf(b, "%s\n%-24s %-8s %5s %4s %4s   %-27s   %-27s\n", title, "", "", "", "", "", "word-overlap rule", "verdict")
	fmt.Fprintf(b, "%-24s %-8s %5s %4s %4s   %5s %5s %5s %5s   %5s %5s %5s %5s\n", "set", "scope", "n", "sup", "uns",
		"BA", "AUC", "P(u)", "R(u)", "BA", "AUC", "P(u)", "R(u)")
	for _, row := range r.Rows {
		m := row.Model
		fmt.Fprintf(b, "%-24s %-8s %5d %4d %4d   %s   %s\n", names[row.Set], row.Scope, m.N, m.Supported, m.Unsupported,
			metricCells(row.Rule), metricCells(row.Model))
	}
	if r.Ablation != nil {
		b.WriteString("ablation: the verdict refitted without one signal, balanced accuracy / AUC\n")
		fmt.Fprintf(b, "  %-22s", "left out")
		for _, row := range r.Rows {
			name := names[row.Set]
			if row.Scope != eval.ScopeCitation {
				name += " " + row.Scope
			}
			fmt.Fprintf(b, " %15s", name)
		}
		fmt.Fprintf(b, "\n  %-22s", "nothing")
		for _, row := range r.Rows {
			fmt.Fprintf(b, " %s", baAUC(row.Model))
		}
		for _, n := range audit.FeatureNames {
			rows, ok := r.Ablation[n]
			if !ok {
				continue
			}
			fmt.Fprintf(b, "\n  %-22s", n)
			for _, row := range rows {
				fmt.Fprintf(b, " %s", baAUC(row.Model))
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// metricCells is balanced accuracy, AUC, precision and recall on
// unsupported; n/a where there is nothing to divide by.
func metricCells(m eval.Metrics) string {
	both := m.Supported > 0 && m.Unsupported > 0
	c := m.Confusion
	return fmt.Sprintf("%5s %5s %5s %5s", cell(m.BalancedAccuracy, both), cell(m.AUC, both),
		cell(m.PrecisionUnsupported, c.TP+c.FP > 0), cell(m.RecallUnsupported, m.Unsupported > 0))
}

func baAUC(m eval.Metrics) string {
	both := m.Supported > 0 && m.Unsupported > 0
	return fmt.Sprintf("  %5s / %5s", cell(m.BalancedAccuracy, both), cell(m.AUC, both))
}

func cell(v float64, defined bool) string {
	if !defined {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", v)
}

// rowNames names each label file of rows by its data set, with the file
// name when a data set has several (wice, wice dev.chunked).
func rowNames(rows []eval.Row) map[string]string {
	files := map[string][]string{}
	for _, r := range rows {
		if d := r.Dataset(); !slices.Contains(files[d], r.Set) {
			files[d] = append(files[d], r.Set)
		}
	}
	out := map[string]string{}
	for d, fs := range files {
		for _, f := range fs {
			out[f] = d
			if len(fs) > 1 {
				out[f] = d + " " + strings.TrimSuffix(strings.TrimSuffix(filepath.Base(f), ".jsonl"), ".labels")
			}
		}
	}
	return out
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
