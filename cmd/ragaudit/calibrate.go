package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/review"
)

// calibrateFlags are the flags calibrate and audit --calibrate share.
func calibrateFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "config-out", Value: "ragaudit-config.json", Usage: "model file to write (read it back with audit, sample, check and serve --config)"},
		&cli.IntFlag{Name: "min-tenant-labels", Value: 60, Usage: "a tenant with this many labelled citations (and 10 of each class) gets a threshold of its own; 0: never"},
		&cli.IntFlag{Name: "cv", Value: 5, Usage: "folds of the cross-validation (by conversation) that measures the calibration out of sample"},
		&cli.BoolFlag{Name: "weights", Usage: "refit the verdict's weights too (the signals of --embed, e.g. an endpoint's similarity), not only its thresholds: for many labels, or an embedder the shipped weights were not fitted for"},
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
			k, err := calibrationFrom(c, labels, c.StringSlice("labels"), c.String("partial-as"))
			if err != nil {
				return err
			}
			po := opts.pipeline(c.App.Reader, c.App.ErrWriter)
			sink := eval.NewCalibrating(opts.Audit.Model, labels)
			sink.KeepInputs = k.Weights
			if _, err := pipeline.Run(c.Context, po, sink); err != nil {
				return err
			}
			cal, err := k.fit(&po, sink)
			if err != nil {
				return err
			}
			if err := cal.WriteText(c.App.Writer, k.ConfigOut, cal.Better); err != nil {
				return err
			}
			if !cal.Better {
				return &gateError{"the calibration was not written: the labels do not show it better than the current model by more than their uncertainty"}
			}
			return nil
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

// calibration is what a calibration is asked to do: the flags calibrate
// and audit --calibrate share.
type calibration struct {
	Labels          []readers.Label `json:"-"`
	Files           []string        `json:"-"`
	PartialAs       string          `json:"-"`
	ConfigOut       string          `json:"config_out"`
	MinTenantLabels int             `json:"min_tenant_labels"`
	Folds           int             `json:"cv"`
	Weights         bool            `json:"weights,omitempty"`
}

// calibrationFrom reads the shared flags.
func calibrationFrom(c *cli.Context, labels []readers.Label, files []string, partial string) (*calibration, error) {
	if partial != readers.LabelUnsupported && partial != readers.LabelSupported {
		return nil, usageErr("--partial-as %q: want unsupported or supported", partial)
	}
	k := &calibration{Labels: labels, Files: files, PartialAs: partial, ConfigOut: c.String("config-out"),
		MinTenantLabels: c.Int("min-tenant-labels"), Folds: c.Int("cv"), Weights: c.Bool("weights")}
	switch {
	case k.Folds < 2:
		return nil, usageErr("--cv %d: want at least 2 folds", k.Folds)
	case k.MinTenantLabels < 0:
		return nil, usageErr("--min-tenant-labels %d: want 0 (never) or more", k.MinTenantLabels)
	case k.ConfigOut == "":
		return nil, usageErr("--config-out: want the model file to write")
	}
	return k, nil
}

// fit fits on what sink collected and writes the model file when the rule
// allows it.
func (k *calibration) fit(po *pipeline.Options, sink *eval.Calibrating) (*eval.Calibration, error) {
	o := eval.CalibrateOptions{Labels: k.Labels, Files: k.Files, PartialAs: k.PartialAs,
		ConfigHash: pipeline.ConfigHash(version, po), Config: pipeline.ConfigSummary(version, po), Embedder: po.Embed.Kind, Version: version,
		Point: eval.PointOptions{MinTenantLabels: k.MinTenantLabels, Folds: k.Folds, Seed: 1}}
	if k.Weights {
		proc := eval.Shipped(shippedModel(po.Embed.Kind))
		o.Weights = &proc
	}
	cal, err := eval.Calibrate(sink, o)
	if err != nil {
		return nil, notFitted{usageErr("calibrate: %v", err)}
	}
	if cal.Better {
		if err := cal.Write(k.ConfigOut); err != nil {
			return nil, usageErr("--config-out: %v", err)
		}
	}
	return cal, nil
}

// notFitted is fit's error when the labels fit no operating point (too
// few of a verdict, of a tenant): audit --calibrate says so and keeps its
// report and exit code; ragaudit calibrate fails on it.
type notFitted struct{ error }

func (e notFitted) Unwrap() error { return e.error }

// summary is the calibration as summary.json and the text report give it.
func (k *calibration) summary(cal *eval.Calibration) *report.Calibrated {
	r := cal.File.Calibration
	return &report.Calibrated{Written: cal.Better, File: k.ConfigOut, Why: cal.Why, Labels: cal.Matched,
		Threshold: [2]float64{r.Before.Threshold, cal.File.Model.Threshold}, TenantThresholds: cal.File.Model.TenantThresholds,
		MachineRate: r.MachineRate, HumanRate: r.HumanRate, BalancedAccuracy: r.BalancedAccuracy, Rule: cal.BARule}
}

// calibratedOn says, when --labels are the sample --config was calibrated
// on, how to verify them: under the configuration they were drawn under,
// which the calibration does not change ("" otherwise).
func (o *auditOptions) calibratedOn() string {
	c := o.calibrated
	if c == nil || c.Sample == "" || o.labels == nil || len(o.labels.Labels) == 0 || o.labels.Labels[0].Sample != c.Sample {
		return ""
	}
	return "; these labels are the sample --config was calibrated on: verify them under the configuration they were drawn under (without this --config), and draw the next sample under it"
}
