package main

import (
	"fmt"
	"io"
	"log/slog"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

func evalCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "labels", Required: true, Usage: "labels JSONL (schema of ../shared/data/*/dev.labels.jsonl)"},
		&cli.StringFlag{Name: "partial", Value: "exclude", Usage: "partial labels: exclude, supported or unsupported"},
		&cli.BoolFlag{Name: "json", Usage: "print the metrics as JSON"},
		&cli.BoolFlag{Name: "sweep", Usage: "also print balanced accuracy for support thresholds 0.30..0.90"},
	}, auditCommand().Flags...)
	return &cli.Command{
		Name:      "eval",
		Usage:     "audit labelled logs and measure agreement with the human labels",
		ArgsUsage: "LOGS...",
		Flags:     withoutFlag(flags, "out", "strict"),
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
			labels, err := readers.ReadLabels(c.String("labels"))
			if err != nil {
				return usageErr("%v", err)
			}
			auditor, err := audit.New(opts.Audit)
			if err != nil {
				return err
			}
			var findings []audit.Finding
			_, _, err = auditFiles(c.Context, auditor, opts, c.App.Reader, c.App.ErrWriter, slog.New(slog.DiscardHandler),
				func(r *audit.Result) error { findings = append(findings, r.Findings...); return nil })
			if err != nil {
				return err
			}
			pairs, unmatched := eval.Join(findings, labels, partial)
			if len(pairs) == 0 {
				return cli.Exit("no label matched a finding: are these the labels of these logs?", exitUsage)
			}
			return writeEval(c.App.Writer, pairs, unmatched, c.Bool("json"), c.Bool("sweep"))
		},
	}
}

type evalReport struct {
	Overall   eval.Metrics            `json:"overall"`
	ByAgent   map[string]eval.Metrics `json:"by_agent"`
	ByScope   map[string]eval.Metrics `json:"by_label_scope"`
	Unmatched int                     `json:"unmatched_labels"`
	Sweep     map[string]float64      `json:"sweep,omitempty"`
}

func writeEval(w io.Writer, pairs []eval.Pair, unmatched int, asJSON, sweep bool) error {
	rep := evalReport{Overall: eval.Compute(pairs), ByAgent: map[string]eval.Metrics{}, ByScope: map[string]eval.Metrics{}, Unmatched: unmatched}
	names, groups := eval.ByAgent(pairs)
	for _, n := range names {
		rep.ByAgent[n] = eval.Compute(groups[n])
	}
	scopes := map[string][]eval.Pair{}
	for _, p := range pairs {
		scopes[p.Label.LabelScope] = append(scopes[p.Label.LabelScope], p)
	}
	for s, ps := range scopes {
		rep.ByScope[s] = eval.Compute(ps)
	}
	var ths []float64
	if sweep {
		rep.Sweep = map[string]float64{}
		for t := 0.30; t < 0.9001; t += 0.05 {
			ths = append(ths, t)
		}
		for i, ba := range eval.Sweep(pairs, ths) {
			rep.Sweep[fmt.Sprintf("%.2f", ths[i])] = ba
		}
	}
	if asJSON {
		return report.WriteJSON(w, rep)
	}
	var b strings.Builder
	row := func(name string, m eval.Metrics) {
		fmt.Fprintf(&b, "%-24s %5d %5d %5d  %.3f  %.3f  %.3f  %.3f   %4d %4d %4d %4d\n", name, m.N, m.Supported, m.Unsupported,
			m.BalancedAccuracy, m.PrecisionUnsupported, m.RecallUnsupported, m.AUC,
			m.Confusion.TP, m.Confusion.FN, m.Confusion.FP, m.Confusion.TN)
	}
	fmt.Fprintf(&b, "%-24s %5s %5s %5s  %5s  %5s  %5s  %5s   %4s %4s %4s %4s\n", "", "n", "sup", "uns", "BA", "P(u)", "R(u)", "AUC", "u→u", "u→s", "s→u", "s→s")
	row("overall", rep.Overall)
	for _, n := range names {
		row("agent "+n, rep.ByAgent[n])
	}
	for _, s := range []string{"citation", "joint"} {
		if m, ok := rep.ByScope[s]; ok {
			row("scope "+s, m)
		}
	}
	fmt.Fprintf(&b, "labels not matched to a finding: %d\n", unmatched)
	if sweep {
		b.WriteString("support threshold → balanced accuracy:")
		for _, t := range ths {
			fmt.Fprintf(&b, " %.2f→%.3f", t, rep.Sweep[fmt.Sprintf("%.2f", t)])
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func withoutFlag(flags []cli.Flag, names ...string) []cli.Flag {
	var out []cli.Flag
	for _, f := range flags {
		if !contains(names, f.Names()[0]) {
			out = append(out, f)
		}
	}
	return out
}
