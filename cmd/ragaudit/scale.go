package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/shard"
	"github.com/ragaudit/ragaudit/store"
)

// mergeFlags are decided when shards are merged, on the whole run: a
// shard refuses them, merge takes them.
var mergeFlags = []string{"bar", "min-checked", "strict", "accept-machine", "machine-recall", "machine-false-alarms", "fail-on", "baseline", "allow-missing-baseline", "junit", "labels", "partial-as"}

func planCommand() *cli.Command {
	return &cli.Command{
		Name:      "plan",
		Usage:     "pin the inputs of a sharded run: every object under the prefixes, sorted, with its size and ETag, each assigned to a shard",
		ArgsUsage: "PREFIX... (s3://bucket/logs/2026/11/, gs://…, azblob://…, a directory or files)",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "shards", Usage: "how many shards (tasks of the array job)", Required: true},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the plan here (a path or URL; - : stdout)", Value: "-"},
			&cli.StringFlag{Name: "balance", Value: "size", Usage: "how units are assigned to shards: size (largest first to the least loaded) or hash (of the name: stable as files are added)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return usageErr("plan needs at least one prefix, directory or file")
			}
			st := newStore()
			var infos []store.Info
			for _, p := range c.Args().Slice() {
				in, err := st.List(c.Context, p)
				if err != nil {
					return storeErr(err)
				}
				infos = append(infos, in...)
			}
			p, err := shard.NewPlan("ragaudit "+version, infos, c.Int("shards"), c.String("balance"), st.Params())
			if err != nil {
				return usageErr("%v", err)
			}
			if out := c.String("output"); out != "-" {
				if err := st.WriteFile(c.Context, out, p.Encode()); err != nil {
					return storeErr(err)
				}
				fmt.Fprintf(c.App.ErrWriter, "ragaudit plan: %d units in %d shards (%s), plan %s, written to %s\n", len(p.Units), p.Shards, p.Balance, p.ID, out)
				return nil
			}
			_, err = c.App.Writer.Write(p.Encode())
			return err
		},
	}
}

// runShard audits this shard's units of the plan into the run at --out:
// per unit its findings and, last, its state. Units already done (a
// retried task) are not audited again. It exits 0 whatever the rate.
func runShard(ctx context.Context, o *auditOptions, stdin io.Reader, stderr io.Writer) error {
	start := time.Now()
	which, err := shard.ParseShard(o.Shard, os.Getenv)
	if err != nil {
		return usageErr("%v", err)
	}
	plan, err := o.shardPlan(ctx, which)
	if err != nil {
		return err
	}
	if which.N == 0 {
		which.N = plan.Shards
	}
	if which.N != plan.Shards || which.I >= plan.Shards {
		return usageErr("shard %d of %d (%s), but the plan has %d shards", which.I, which.N, which.Source, plan.Shards)
	}
	po := o.pipeline(stdin, stderr)
	config, err := json.Marshal(o)
	if err != nil {
		return err
	}
	meta := shard.Meta{Tool: "ragaudit " + version, Plan: plan.ID, ConfigHash: pipeline.ConfigHash(version, &po), Config: config,
		HTMLMaxFailures: o.HTMLMaxFailures}
	todo, done, err := pendingUnits(ctx, o.store, o.Out, meta, plan.Of(which.I))
	if err != nil {
		return err
	}
	if len(todo) > 0 {
		po.Files = nil
		for _, u := range todo {
			if err := u.CheckLocal(os.Stat); err != nil {
				return usageErr("%v", err)
			}
			po.Files = append(po.Files, u.URL)
		}
		w := shard.NewWriter(ctx, o.store, o.Out, meta, todo)
		if _, err := pipeline.Run(ctx, po, w); err != nil {
			w.Abort()
			return err
		}
	}
	if !o.Quiet {
		fmt.Fprintf(stderr, "ragaudit audit: shard %d of %d (%s): %d units audited, %d already done, in %s (%s)\n",
			which.I, which.N, which.Source, len(todo), done, o.Out, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// refuseOnShard refuses what a shard cannot do: the flags decided at the
// merge, and --last.
func refuseOnShard(c *cli.Context, o *auditOptions) error {
	if o.Shard == "" {
		return nil
	}
	for _, name := range mergeFlags {
		if c.IsSet(name) {
			return usageErr("--%s is decided on the whole run: give it to ragaudit merge, not to a shard", name)
		}
	}
	switch {
	case c.IsSet("judge-url"):
		return usageErr("--judge-url with --shard: the judge's budget (--judge-max-calls: the first citations of the band in input order) is one for the whole run, which no shard sees; judge on one machine (ragaudit audit --plan PLAN --judge-url …), or shard without a judge")
	case o.Last > 0:
		return usageErr("--last with --shard: the latest conversations are chosen across all inputs, which no shard sees; the five-minute audit stays on one machine: ragaudit audit --last %d over the newest partitions (e.g. ragaudit audit --last %d s3://bucket/logs/date=2026-11-30/)", o.Last, o.Last)
	case !c.IsSet("out"):
		return usageErr("--shard needs --out: the run's directory or prefix (e.g. s3://audit/run-2026-11/), shared by every shard and read by ragaudit merge")
	case slicesContains(o.Files, "-"):
		return usageErr("--shard cannot read standard input: give the files or a prefix (or --plan)")
	}
	return nil
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// shardPlan is the run's plan: --plan, or one made from the inputs as
// this shard lists them. Every shard writes it to the run (the same
// bytes); a shard that listed otherwise (files added meanwhile) is
// refused, since the shards would not cover one set of inputs.
func (o *auditOptions) shardPlan(ctx context.Context, which shard.Which) (*shard.Plan, error) {
	plan := o.plan
	if plan == nil {
		if which.N == 0 {
			return nil, usageErr("--shard %s gives no count of shards: give --plan (ragaudit plan … --shards N), or --shard I/N", o.Shard)
		}
		var err error
		if plan, err = shard.NewPlan("ragaudit "+version, o.listed, which.N, "size", o.store.Params()); err != nil {
			return nil, usageErr("%v", err)
		}
	}
	name := shard.PlanPath(o.Out)
	b, err := o.store.ReadFile(ctx, name)
	switch {
	case errors.Is(err, store.ErrNotExist):
		if err := o.store.WriteFile(ctx, name, plan.Encode()); err != nil {
			return nil, storeErr(err)
		}
	case err != nil:
		return nil, storeErr(err)
	default:
		there, err := shard.ReadPlan(name, b)
		if err != nil {
			return nil, usageErr("%v", err)
		}
		if there.ID != plan.ID {
			return nil, usageErr("%s holds another plan (%s; this shard's is %s): the inputs changed since the first shard listed them, or --out is another run's; give every shard the same --plan", name, there.ID, plan.ID)
		}
	}
	return plan, nil
}

// pendingUnits are the units without a state of this configuration yet;
// done counts the others.
func pendingUnits(ctx context.Context, st *store.Store, run string, meta shard.Meta, units []shard.Unit) (todo []shard.Unit, done int, err error) {
	for _, u := range units {
		b, err := st.ReadFile(ctx, shard.StatePath(run, u.I))
		if errors.Is(err, store.ErrNotExist) {
			todo = append(todo, u)
			continue
		}
		if err != nil {
			return nil, 0, storeErr(err)
		}
		s, err := shard.DecodeState(shard.StatePath(run, u.I), b)
		if err != nil || s.Tool != meta.Tool || s.Plan != meta.Plan || s.ConfigHash != meta.ConfigHash {
			todo = append(todo, u) // another version or configuration: audited again, its files replaced
			continue
		}
		done++
	}
	return todo, done, nil
}
