package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/review"
)

// calibrateFlags are the flags calibrate and audit --calibrate share.
func calibrateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "config-out", Value: "ragaudit-config.json", Usage: "model file to write (read it back with audit, sample, check and serve --config)"},
		&cli.IntFlag{Name: "min-tenant-labels", Value: 60, Usage: "a tenant with this many labelled citations (and 10 of each class) gets a threshold of its own; 0: never"},
		&cli.IntFlag{Name: "cv", Value: 5, Usage: "folds of the cross-validation (by conversation) that measures the calibration out of sample"},
	}
}

func calibrateCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringSliceFlag{Name: "labels", Required: true, KeepSpace: true, Usage: "your reviewer's labels of a sample of these logs' citations (from ragaudit review, or any file in the label schema); repeatable"},
		&cli.StringFlag{Name: "partial-as", Value: "unsupported", Usage: "count a partial label as unsupported or supported"},
	}, calibrateFlags()...)
	flags = append(flags, auditFlagsWithout("out", "strict", "junit", "fail-on", "baseline", "allow-missing-baseline", "labels", "partial-as",
		"html-max-failures", "reproducible")...)
	flags[2].(*cli.StringFlag).Aliases = []string{"o"}
	return &cli.Command{
		Name:  "calibrate",
		Usage: "fit the verdict's operating point (thresholds) on your reviewer's labels and write a model file, if it is better",
		Description: `The thresholds are fitted on the labels, each weighing the citations of its
stratum it stands for: the best balanced accuracy among the thresholds whose
machine rate lies within the labels' 95% interval of the human rate. The file is
written only when the labels show it better than the current model by more
than their uncertainty (docs/calibration.md); otherwise the command says why
and exits 1. Run it with the flags the sample was drawn with.`,
		ArgsUsage: "LOGS...",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			opts, err := auditOptionsFrom(c)
			if err != nil {
				return err
			}
			labels, err := calibrationLabels(c.StringSlice("labels"))
			if err != nil {
				return err
			}
			po := opts.pipeline(c.App.Reader, c.App.ErrWriter)
			sink := eval.NewCalibrating(opts.Audit.Model, labels)
			if _, err := pipeline.Run(c.Context, po, sink); err != nil {
				return err
			}
			return calibrate(c, &po, sink, labels, c.App.Writer)
		},
	}
}

// calibrationLabels reads the label files as audit --labels does (a
// citation judged differently in two files is an error) and keeps the
// judgments.
func calibrationLabels(paths []string) ([]readers.Label, error) {
	ls, err := review.ReadLabelSet(paths)
	if err != nil {
		return nil, usageErr("--labels: %v", err)
	}
	labels := readers.JudgedLabels(ls.Labels)
	if len(labels) == 0 {
		return nil, usageErr("--labels: no label says supported, partial or unsupported")
	}
	return labels, nil
}

// calibrate fits on what sink collected, writes the model file when the
// rule allows it, and says so on w; a calibration not written is exit 1.
func calibrate(c *cli.Context, po *pipeline.Options, sink *eval.Calibrating, labels []readers.Label, w io.Writer) error {
	partial := c.String("partial-as")
	if partial != readers.LabelUnsupported && partial != readers.LabelSupported {
		return usageErr("--partial-as %q: want unsupported or supported", partial)
	}
	if k := c.Int("cv"); k < 2 {
		return usageErr("--cv %d: want at least 2 folds", k)
	}
	cal, err := eval.Calibrate(sink, eval.CalibrateOptions{Labels: labels, Files: c.StringSlice("labels"), PartialAs: partial,
		ConfigHash: pipeline.ConfigHash(version, po), Config: pipeline.ConfigSummary(version, po), Embedder: po.Embed.Kind, Version: version,
		Point: eval.PointOptions{MinTenantLabels: c.Int("min-tenant-labels"), Folds: c.Int("cv"), Seed: 1}})
	if err != nil {
		return usageErr("calibrate: %v", err)
	}
	path := c.String("config-out")
	if cal.Better {
		if err := cal.Write(path); err != nil {
			return usageErr("--config-out: %v", err)
		}
	}
	if err := cal.WriteText(w, path, cal.Better); err != nil {
		return err
	}
	if !cal.Better {
		return &gateError{"the calibration was not written: the labels do not show it better than the current model by more than their uncertainty"}
	}
	return nil
}
