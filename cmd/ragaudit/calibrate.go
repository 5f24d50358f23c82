package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/eval"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

func calibrateCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringSliceFlag{Name: "labels", Required: true, KeepSpace: true, Usage: "label file (JSONL: conversation_id, message_index, char_start, char_end, citation_marker, label); repeatable"},
		&cli.StringFlag{Name: "config-out", Aliases: []string{"o"}, Value: "ragaudit-config.json", Usage: "config file to write (read it back with ragaudit audit --config)"},
		&cli.IntFlag{Name: "min-tenant-labels", Value: 60, Usage: "fit a tenant's own threshold when it has this many labelled citations (and 10 of each class); 0: never"},
		&cli.IntFlag{Name: "cv", Value: 5, Usage: "report K-fold cross-validation (by conversation) of the fit"},
	}, withoutFlag(auditCommand().Flags, "out", "strict", "junit", "fail-on", "baseline", "labels", "partial-as", "config", "threshold")...)
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
			var items []eval.Item
			var fitted []audit.Fitting
			for _, path := range c.StringSlice("labels") {
				labels, err := readers.ReadLabels(path)
				if err != nil {
					return usageErr("%v", err)
				}
				labels = readers.JudgedLabels(labels) // cannot-judge is no label
				its, _ := eval.Items(path, audited.Findings, labels, "", &audited.Texts)
				if len(its) == 0 {
					return usageErr("%s: no label matched a finding: are these the labels of these logs?", path)
				}
				sum, err := fileSHA256(path)
				if err != nil {
					return usageErr("%v", err)
				}
				items = append(items, its...)
				fitted = append(fitted, audit.Fitting{Labels: path, SHA256: sum, Pairs: len(eval.Trainable(its))})
			}
			proc := eval.Shipped(opts.Embed != "none")
			name := "calibrated"
			if c.String("config-out") != "" {
				name = "calibrated:" + opts.Embed
			}
			m := proc.Fit(name, items)
			m.TenantThresholds = tenantThresholds(m, eval.Trainable(items), c.Int("min-tenant-labels"))
			mf := audit.ModelFile{Tool: "ragaudit", Version: version, Embedder: opts.Embed, Model: m, FittedOn: fitted}

			f, err := report.CreateAtomic(c.String("config-out"))
			if err != nil {
				return usageErr("%v", err)
			}
			defer f.Abort()
			if err := report.WriteJSON(f, mf); err != nil {
				return err
			}
			if err := f.Commit(); err != nil {
				return err
			}
			w := c.App.Writer
			fmt.Fprintf(w, "fitted on %d labelled citations; wrote %s\n", len(eval.Trainable(items)), c.String("config-out"))
			if k := c.Int("cv"); k >= 2 {
				for _, r := range eval.CrossValidate(items, k, proc) {
					fmt.Fprintf(w, "%d-fold CV %s (%s): balanced accuracy %.3f, AUC %.3f (n=%d); word-overlap rule %.3f, %.3f\n",
						k, r.Set, r.Scope, r.Model.BalancedAccuracy, r.Model.AUC, r.Model.N, r.Rule.BalancedAccuracy, r.Rule.AUC)
				}
			}
			return nil
		},
	}
}

// tenantThresholds fits a threshold per tenant with enough labels of both
// classes: the probability cut that maximises that tenant's balanced
// accuracy under the pooled model.
func tenantThresholds(m audit.Model, items []eval.Item, minLabels int) map[string]float64 {
	byTenant := map[string][]eval.Item{}
	for _, it := range items {
		if it.Features != nil {
			byTenant[it.Tenant] = append(byTenant[it.Tenant], it)
		}
	}
	tenants := make([]string, 0, len(byTenant))
	for t := range byTenant {
		tenants = append(tenants, t)
	}
	sort.Strings(tenants)
	out := map[string]float64{}
	for _, t := range tenants {
		its := byTenant[t]
		var ps []float64
		var ys []bool
		pos := 0
		for _, it := range its {
			_, p := m.Decide(it.Features, "")
			ps = append(ps, p)
			ys = append(ys, it.Supported)
			if it.Supported {
				pos++
			}
		}
		if minLabels > 0 && len(its) >= minLabels && pos >= 10 && len(its)-pos >= 10 {
			out[t] = audit.BestThreshold(ps, ys)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func fileSHA256(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), nil
}
