package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/eval"
)

func calibrateCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringSliceFlag{Name: "labels", Required: true, KeepSpace: true, Usage: "label file (JSONL: conversation_id, message_index, char_start, char_end, citation_marker, label); repeatable"},
		&cli.StringFlag{Name: "config-out", Aliases: []string{"o"}, Value: "ragaudit-config.json", Usage: "config file to write (read it back with ragaudit audit --config)"},
		&cli.IntFlag{Name: "min-tenant-labels", Value: 60, Usage: "fit a tenant's own threshold when it has this many labelled citations (and 10 of each class); 0: never"},
		&cli.IntFlag{Name: "cv", Value: 5, Usage: "report K-fold cross-validation (by conversation) of the fit"},
	}, auditFlagsWithout("out", "strict", "junit", "fail-on", "baseline", "allow-missing-baseline", "labels", "partial-as", "config", "threshold")...)
	return &cli.Command{
		Name:      "calibrate",
		Usage:     "fit the verdict model on your own labelled sentences and write a config file",
		ArgsUsage: "LOGS...",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			opts, err := auditOptionsFrom(c)
			if err != nil {
				return err
			}
			audited, err := auditForEval(c, &opts)
			if err != nil {
				return err
			}
			name := "calibrated"
			if c.String("config-out") != "" {
				name = "calibrated:" + opts.Embed
			}
			cal, err := eval.Calibrate(audited, eval.CalibrateOptions{Labels: c.StringSlice("labels"), Model: shippedModel(opts.Embed),
				Name: name, Embedder: opts.Embed, Version: version, MinTenantLabels: c.Int("min-tenant-labels"), Folds: c.Int("cv")})
			if err != nil {
				return usageErr("%v", err)
			}
			if err := cal.Write(c.String("config-out")); err != nil {
				return usageErr("%v", err)
			}
			return cal.WriteText(c.App.Writer, c.String("config-out"))
		},
	}
}
