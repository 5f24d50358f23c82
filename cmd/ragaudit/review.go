package main

import (
	"fmt"
	"net"
	"os"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/review"
)

func reviewCommand() *cli.Command {
	flags := append([]cli.Flag{
		&cli.StringFlag{Name: "sample", Required: true, Usage: "the sample to review (written by ragaudit sample)"},
		&cli.StringFlag{Name: "labels", Required: true, Usage: "the label file: created, or resumed at its first unlabelled citation; every label is appended and synced as it is given"},
		&cli.StringFlag{Name: "reviewer", Value: os.Getenv("USER"), DefaultText: "$USER", Usage: "who judges, written with every label"},
		&cli.IntFlag{Name: "port", Usage: "port on 127.0.0.1 (0: any free port)"},
		&cli.StringFlag{Name: "addr", Aliases: []string{"listen"}, Usage: "serve on this host:port instead of 127.0.0.1 (with --public for an address other machines can reach)"},
		&cli.BoolFlag{Name: "public", Usage: "allow --addr to be reachable from other machines (the page shows customer conversations)"},
		&cli.BoolFlag{Name: "show-verdict", Usage: "show the machine's verdict (a reviewer who sees it tends to agree with it)"},
	}, auditFlagsWithout("shard", "out", "strict", "junit", "fail-on", "baseline", "allow-missing-baseline", "labels", "partial-as", "html-max-failures", "reproducible")...)
	return &cli.Command{
		Name:      "review",
		Usage:     "label a sample of citations in a page served on this machine",
		ArgsUsage: "LOGS... (the logs the sample was drawn from, with the same flags)",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			opts, err := auditOptionsFrom(c)
			if err != nil {
				return err
			}
			return runReview(c, &opts)
		},
	}
}

func runReview(c *cli.Context, o *auditOptions) error {
	if c.String("reviewer") == "" {
		return usageErr("review needs --reviewer NAME (written with every label; $USER is not set)")
	}
	sample, err := review.ReadSample(c.String("sample"))
	if err != nil {
		return usageErr("--sample: %v", err)
	}
	po := o.pipeline(c.App.Reader, c.App.ErrWriter)
	if h := pipeline.ConfigHash(version, &po); h != sample[0].ConfigHash {
		return usageErr("--sample %s was drawn under another audit configuration (%s; these flags: %s): review it with the flags it was drawn with, or draw a new sample",
			c.String("sample"), sample[0].Config, pipeline.ConfigSummary(version, &po))
	}
	labels, err := review.OpenLabels(c.String("labels"), sample)
	if err != nil {
		return usageErr("--labels: %v", err)
	}
	defer labels.Close()
	if labels.Repaired != "" {
		fmt.Fprintf(c.App.ErrWriter, "ragaudit review: %s: %s\n", c.String("labels"), labels.Repaired)
	}
	if labels.Carried > 0 {
		fmt.Fprintf(c.App.ErrWriter, "ragaudit review: %d label(s) of a smaller sample of the same seed carry over\n", labels.Carried)
	}
	addr := c.String("addr")
	if addr == "" {
		addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(c.Int("port")))
	}
	l, err := review.Listen(addr, c.Bool("public"))
	if err != nil {
		return usageErr("%v", err)
	}
	defer l.Close()

	views := review.NewCollector(sample)
	po.Logger = nil
	if _, err := pipeline.Run(c.Context, po, views); err != nil {
		return err
	}
	if missing := views.Missing(); len(missing) > 0 {
		from := "give the logs and filters the sample was drawn from"
		if d := sample[0].DrawnFrom; d != nil {
			from = "the sample was drawn from " + d.String() + ": give those, with those filters"
		}
		return usageErr("%d of the sample's %d citations are not in these logs (the first: conversation %s, line %d of the sample): %s",
			len(missing), len(sample), missing[0].ConversationID, missing[0].Line, from)
	}
	srv, err := review.NewServer(labels, sample, views.Views, c.String("reviewer"), c.Bool("show-verdict"))
	if err != nil {
		return err
	}
	err = srv.Serve(c.Context, l, func(url string) {
		fmt.Fprintf(c.App.ErrWriter, "ragaudit review: %d / %d labelled; open %s\n(keys 1 supported, 2 partial, 3 unsupported, 0 cannot judge, space skip, backspace undo; Ctrl-C stops, every label is already saved)\n",
			labels.Done(), len(sample), url)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "ragaudit review: stopped with %d / %d labelled in %s\n", labels.Done(), len(sample), c.String("labels"))
	return nil
}
