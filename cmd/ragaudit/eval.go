package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/report"
)

func evalCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringSliceFlag{Name: "labels", Required: true, KeepSpace: true, Usage: "label file (JSONL: conversation_id, message_index, char_start, char_end, citation_marker, label); repeatable, each file is reported as a set"},
		&cli.StringSliceFlag{Name: "score-only", KeepSpace: true, Usage: "labels JSONL scored like --labels but never fitted on by --cv or --lodo (another view of a data set fitted on in another file); repeatable"},
		&cli.StringFlag{Name: "partial", Value: "exclude", Usage: "partial labels: exclude, supported or unsupported"},
		&cli.IntFlag{Name: "cv", Usage: "also fit the verdict and the word-overlap rule on K-1 folds by conversation and score the held-out fold"},
		&cli.BoolFlag{Name: "lodo", Usage: "also fit the verdict and the word-overlap rule on every data set (a label file's folder) but one and score that one, for each"},
		&cli.BoolFlag{Name: "lolo", Usage: "also fit the verdict and the word-overlap rule on the sentences of every language but one and score that one's, for each"},
		&cli.BoolFlag{Name: "ablation", Usage: "with --cv or --lodo: also refit without each signal in turn"},
		&cli.BoolFlag{Name: "targets", Usage: "with --lodo: check that the verdict does at least as well as the rule on every held-out data set; exit 1 if not"},
		&cli.BoolFlag{Name: "lang-targets", Usage: "with --lodo: report whether each language of a parallel set (label files named SOURCE-LANG.…) is within 0.03 of English on the same items, in balanced accuracy and AUC"},
		&cli.StringSliceFlag{Name: "min-ba", Usage: "with --lodo: require this balanced accuracy of a data set and scope, as DATASET/SCOPE=X (wice/citation=0.72); exit 1 if not; repeatable"},
		&cli.StringSliceFlag{Name: "aim-ba", Usage: "with --lodo: report whether this balanced accuracy of a data set and scope is reached, as --min-ba, without failing; repeatable"},
		&cli.BoolFlag{Name: "json", Usage: "print the metrics as JSON"},
		&cli.BoolFlag{Name: "sweep", Usage: "also print balanced accuracy for thresholds 0.30..0.70"},
		&cli.StringFlag{Name: "write-model", Usage: "also fit the verdict's weights and threshold on every --labels file (each a data set weighing the same) and write the model file: how make model fits the shipped models"},
	}, auditFlagsWithout("out", "strict", "junit", "fail-on", "baseline", "allow-missing-baseline", "labels", "partial-as")...)
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
	rep, err := eval.Evaluate(audited, eval.Options{Labels: c.StringSlice("labels"), ScoreOnly: c.StringSlice("score-only"),
		Partial: f.partial, Sweep: c.Bool("sweep"), Folds: c.Int("cv"), LODO: c.Bool("lodo"), LOLO: c.Bool("lolo"), LangTargets: c.Bool("lang-targets"), Ablation: c.Bool("ablation"),
		Targets: c.Bool("targets"), MinBA: f.minBA, AimBA: f.aimBA, Procedure: eval.Shipped(shippedModel(opts.Embed))})
	if err != nil {
		return usageErr("%v", err)
	}
	if path := c.String("write-model"); path != "" {
		if err := writeModel(c, audited, opts.Embed, path); err != nil {
			return err
		}
	}
	if c.Bool("json") {
		err = report.WriteJSON(c.App.Writer, rep)
	} else {
		err = eval.WriteText(c.App.Writer, rep)
	}
	if err != nil {
		return err
	}
	if rep.Missed() {
		return &gateError{"eval: a target is not met"}
	}
	return nil
}

// writeModel fits the shipped procedure on the labels and writes the
// model file (make model).
func writeModel(c *cli.Context, audited *eval.Audited, embedder, path string) error {
	mf, err := eval.FitModel(audited, eval.FitModelOptions{Labels: c.StringSlice("labels"), Model: shippedModel(embedder),
		Name: "calibrated:" + embedder, Embedder: embedder, Version: version})
	if err != nil {
		return usageErr("--write-model: %v", err)
	}
	if err := eval.WriteModelFile(path, mf); err != nil {
		return usageErr("--write-model: %v", err)
	}
	return nil
}

// shippedModel is the shipped model of an embedder (--embed): without
// embeddings, or with them.
func shippedModel(embedder string) audit.Shipped {
	if embedder == "none" {
		return audit.WithoutEmbedder
	}
	return audit.WithEmbedder
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

// auditFlagsWithout are audit's flags for a command that audits without
// writing a report (eval, calibrate, sample, review): all but names, and
// --quiet without audit's "only the status line" (it prints none).
func auditFlagsWithout(names ...string) []cli.Flag {
	// audit's --calibrate and its flags are audit's own (calibrate has them as its flags).
	names = append(names, "quiet", "calibrate", "config-out", "min-tenant-labels", "cv", "weights")
	flags := withoutFlag(auditCommand().Flags, names...)
	return append(flags, &cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no warnings on stderr"})
}

func withoutFlag(flags []cli.Flag, names ...string) []cli.Flag {
	var out []cli.Flag
	for _, f := range flags {
		if !slices.Contains(names, f.Names()[0]) {
			out = append(out, f)
		}
	}
	return out
}
