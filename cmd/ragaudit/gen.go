package main

import (
	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/pipeline"
)

// genCommand writes synthetic logs for benchmarks (hidden: a developer tool).
func genCommand() *cli.Command {
	return &cli.Command{
		Name:  "gen",
		Usage: "write N synthetic conversations as JSONL to stdout (for benchmarks)",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "conversations", Aliases: []string{"n"}, Value: 1000},
			&cli.Uint64Flag{Name: "seed", Value: 1},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageErr("gen takes no arguments: ragaudit gen -n %s", c.Args().First())
			}
			if c.Int("conversations") < 0 {
				return usageErr("--conversations must be positive")
			}
			if err := corpus.Write(c.Context, c.App.Writer, c.Int("conversations"), c.Uint64("seed")); err != nil {
				if c.Context.Err() != nil {
					return pipeline.ErrInterrupted
				}
				return err
			}
			return nil
		},
	}
}
