package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/review"
	"github.com/ragaudit/ragaudit/shard"
	"github.com/ragaudit/ragaudit/store"
)

func mergeCommand() *cli.Command {
	keep := append([]string{"out", "quiet", "reproducible"}, mergeFlags...)
	var flags []cli.Flag
	for _, f := range auditCommand().Flags {
		if slices.Contains(keep, f.Names()[0]) {
			flags = append(flags, f)
		}
	}
	flags = append(flags, &cli.StringFlag{Name: "plan", Usage: "the run's plan, when it is not RUN/plan.json"},
		&cli.StringFlag{Name: "findings", Value: "jsonl", Usage: "jsonl: write findings.jsonl and findings.csv, read back from the runs' Parquet files in unit order (the report directory one machine writes); none: leave them out (the Parquet files are the findings; for a large run, much faster)"})
	return &cli.Command{
		Name:        "merge",
		Usage:       "fold the units of sharded runs into the report one machine would write",
		ArgsUsage:   "RUN... (the --out of ragaudit audit --shard: a directory or a prefix such as s3://audit/run-2026-11/)",
		Description: exitCodesHelp,
		Flags:       append(flags, projectFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageErr("merge needs the run to merge (the --out its shards wrote to)")
			}
			if c.IsSet("plan") && c.NArg() > 1 {
				return usageErr("--plan names the plan of one run: give one RUN with it")
			}
			return runMerge(c)
		},
	}
}

// runMerge reads every unit's state of the runs, folds them in unit order
// with the one-machine run's fold, and writes the report as audit does,
// findings read back from the runs' Parquet files in unit order.
func runMerge(c *cli.Context) error {
	ctx, start := c.Context, time.Now()
	st := newStore()
	var runs []*shard.Run
	for _, name := range c.Args().Slice() {
		r, err := shard.OpenRun(ctx, st, name, c.String("plan"))
		if err != nil {
			return storeErr(err)
		}
		runs = append(runs, r)
	}
	// The report's flags are known before the states are read: its
	// outputs open first, so that skipped records stream into them.
	o, err := mergeOptions(c, st)
	if err != nil {
		return err
	}
	switch c.String("findings") {
	case "jsonl":
	case "none":
		o.noFindings = true
	default:
		return usageErr("--findings %q: want jsonl or none", c.String("findings"))
	}
	outputs, dir, err := o.outputs(c.App.Writer, c.App.ErrWriter)
	defer func() {
		for _, out := range outputs {
			out.Abort()
		}
	}()
	if err != nil {
		return err
	}
	attempts := func(m shard.Meta) bool {
		var a struct {
			Attempts bool `json:"attempts"`
		}
		json.Unmarshal(m.Config, &a)
		return a.Attempts
	}
	mo := shard.MergeOptions{Tool: "ragaudit " + version, Attempts: attempts, Skip: func(s *readers.SkipError) error {
		for _, out := range outputs {
			if err := out.Skip(s); err != nil {
				return err
			}
		}
		return nil
	}}
	if junit := junitOf(outputs); junit != nil {
		mo.BeforeUnit = func(run string, s *shard.State) error {
			r, err := shard.OpenJUnit(ctx, st, run, s)
			if err != nil || r == nil {
				return err
			}
			defer r.Close()
			return junit.Append(r, s.JUnit.Tests, s.JUnit.Failures, s.JUnit.Skipped)
		}
	}
	m, err := shard.Merge(ctx, st, runs, mo)
	if err != nil {
		return storeErr(err)
	}
	if err := o.fromMeta(c, m.Meta); err != nil {
		return err
	}
	po := o.pipeline(nil, c.App.ErrWriter)
	if h := pipeline.ConfigHash(version, &po); h != m.Meta.ConfigHash {
		return fmt.Errorf("the units' configuration does not read back as written (%s, %s): a bug; please report it", h, m.Meta.ConfigHash)
	}
	r := runOutcome{Outcome: m.Total.Result(), cards: m.Report, configHash: m.Meta.ConfigHash,
		configSummary: pipeline.ConfigSummary(version, &po), embedder: m.Meta.Embedder}
	if o.labels != nil {
		r.pop = review.NewPopulation(false)
		r.pop.SentencesFor(o.labels.Labels)
	}
	if err := readFindingsBack(ctx, st, m, o, &r, dir); err != nil {
		return err
	}
	return o.writeReport(ctx, &r, outputs, dir, c.App.ErrWriter, start)
}

// readFindingsBack reads the runs' findings in unit order into the report
// directory's findings.jsonl and findings.csv (unless --findings none) and
// into the population the labels are matched to (with --labels).
func readFindingsBack(ctx context.Context, st *store.Store, m *shard.Merged, o *auditOptions, r *runOutcome, dir *report.Dir) error {
	if o.noFindings && r.pop == nil {
		return nil
	}
	err := m.EachFinding(ctx, st, func(p *report.ParquetFinding) error {
		if r.pop != nil && p.F.Cited() {
			r.pop.AddFinding(&p.F, p.Evidence, report.Place{Turn: p.Turn, Turns: p.Turns, Sentence: p.F.SentenceIndex + 1})
		}
		return dir.Findings([]audit.Finding{p.F}, p.TurnsOf())
	})
	if err != nil {
		return storeErr(err)
	}
	return nil
}

// junitOf is the JUnit output among outputs, if any.
func junitOf(outputs []report.Output) *report.JUnit {
	for _, out := range outputs {
		if j, ok := out.(*report.JUnit); ok {
			return j
		}
	}
	return nil
}

// mergeOptions are the report's flags of a merge; the audit's own come
// from the units' states (fromMeta).
func mergeOptions(c *cli.Context, st *store.Store) (*auditOptions, error) {
	// The project file's bar and gates are the merge's, as they are a
	// one-machine audit's (the shards leave them to it).
	project, err := applyProject(c, c.App.Commands)
	if err != nil {
		return nil, err
	}
	o := &auditOptions{
		Project: project.path, projectFailOn: project.failOn,
		Out: c.String("out"), Quiet: c.Bool("quiet"), Reproducible: c.Bool("reproducible"), JUnit: c.String("junit"),
		github: os.Getenv("GITHUB_ACTIONS") == "true", stepSummary: os.Getenv("GITHUB_STEP_SUMMARY"),
		workspace: os.Getenv("GITHUB_WORKSPACE"), store: st, HTMLMaxFailures: report.DefaultMaxFailures,
	}
	return o, nil
}

// fromMeta takes the audit's configuration from the units' states, and
// sets the merge's flags in it, so that summary.json states the
// configuration as one machine's run would.
func (o *auditOptions) fromMeta(c *cli.Context, m shard.Meta) error {
	keep := *o
	var shardOpts auditOptions
	if err := json.Unmarshal(m.Config, &shardOpts); err != nil {
		return fmt.Errorf("the units' configuration: %v", err)
	}
	*o = shardOpts
	o.Out, o.Quiet, o.Reproducible, o.JUnit = keep.Out, keep.Quiet, keep.Reproducible, keep.JUnit
	o.github, o.stepSummary, o.workspace, o.store, o.outLocal = keep.github, keep.stepSummary, keep.workspace, keep.store, keep.outLocal
	o.noFindings, o.Project = keep.noFindings, keep.Project
	o.Bar, o.MinChecked, o.Strict, o.AcceptMachine = rateOf(c, "bar"), rateOf(c, "min-checked"), c.Bool("strict"), c.Bool("accept-machine")
	o.MachineRecall, o.MachineFalseAlarms = rateOf(c, "machine-recall"), rateOf(c, "machine-false-alarms")
	if o.Strict && !c.IsSet("min-checked") {
		o.MinChecked = 1
	}
	o.FailOn, o.BaselinePath, o.AllowMissingBaseline = c.StringSlice("fail-on"), c.String("baseline"), c.Bool("allow-missing-baseline")
	if keep.projectFailOn != nil {
		o.FailOn = keep.projectFailOn
	}
	o.LabelsPath, o.PartialAs = c.StringSlice("labels"), c.String("partial-as")
	o.gates, o.labels, o.baseline, o.baselineMissing = nil, nil, nil, false
	if err := o.validateRates(); err != nil {
		return err
	}
	return o.reportFiles(c)
}
