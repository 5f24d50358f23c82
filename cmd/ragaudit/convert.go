package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

func convertCommand() *cli.Command {
	return &cli.Command{
		Name:      "convert",
		Usage:     "write canonical JSONL or Parquet from any supported input",
		ArgsUsage: "FILE... (- reads stdin)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Required: true, Usage: "file to write (.jsonl or .parquet)"},
			&cli.StringFlag{Name: "to", Usage: "jsonl or parquet (default: from the output's extension)"},
			&cli.StringFlag{Name: "format", Usage: "input format (default: detected): " + strings.Join(readers.Formats(), ", ")},
			&cli.StringFlag{Name: "mapping", Usage: "YAML mapping of a custom flat log"},
			&cli.StringFlag{Name: "mapping-name", Usage: "which mapping of --mapping"},
			&cli.IntFlag{Name: "max-line-bytes", Value: readers.DefaultMaxLineBytes, Usage: "skip JSONL lines longer than this"},
			&cli.BoolFlag{Name: "allow-skipped", Usage: "write the copy even when input records could not be read (its audits will not know of them)"},
			&cli.BoolFlag{Name: "strict", Usage: "the default, kept for scripts: no copy is written when an input record is skipped", Hidden: true},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no warnings on stderr"},
		},
		Action: runConvert,
	}
}

// runConvert writes every record of the inputs as canonical JSONL or Parquet.
func runConvert(c *cli.Context) error {
	files := c.Args().Slice()
	if len(files) == 0 {
		return usageErr("convert needs at least one input file")
	}
	out := c.String("output")
	to := c.String("to")
	if to == "" {
		to = strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	}
	f, err := report.CreateAtomic(out)
	if err != nil {
		return usageErr("%v", err)
	}
	defer f.Abort()
	var w readers.Writer
	switch to {
	case "jsonl":
		w = readers.NewJSONLWriter(f)
	case "parquet":
		if w, err = readers.NewParquetWriter(f); err != nil {
			return err
		}
	default:
		return usageErr("--to %q: want jsonl or parquet (or an output ending in .jsonl or .parquet)", to)
	}
	logger := newLogger(c.App.ErrWriter, c.Bool("quiet"))
	warn := pipeline.NewSkipWarner(logger)
	var maps []readers.Mapping
	if mp := c.String("mapping"); mp != "" {
		if maps, err = readers.ReadMappings(mp); err != nil {
			return usageErr("--mapping: %v", err)
		}
		warnUnread(c, mp, maps)
	}
	written, skipped := 0, 0
	for _, path := range files {
		for rec, err := range readers.Open(path, readers.Options{MaxLineBytes: c.Int("max-line-bytes"), Stdin: c.App.Reader, Format: c.String("format"), Mappings: maps, MappingName: c.String("mapping-name"), Context: c.Context}, nil) {
			var skip *readers.SkipError
			switch {
			case errors.As(err, &skip):
				skipped++
				warn.Skipped(skip)
				continue
			case err != nil:
				return usageErr("%v", err)
			}
			for _, warning := range rec.Warnings {
				logger.Warn("adapter", "at", fmt.Sprintf("%s:%d", rec.File, rec.Line), "detail", warning)
			}
			if err := w.Write(&rec); err != nil {
				return err
			}
			written++
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	// A copy without the records it could not read would audit as
	// complete where its source is INCOMPLETE: none is written unless
	// asked for.
	if skipped > 0 && !c.Bool("allow-skipped") {
		return &incompleteError{fmt.Sprintf("no copy written: %d input record(s) could not be read (the warnings above name each file and line and why), and a copy without them would audit as complete; fix them, or write the copy without them with --allow-skipped", skipped)}
	}
	if err := f.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(c.App.ErrWriter, "ragaudit: wrote %d records to %s (%s), skipped %d\n", written, out, to, skipped)
	return nil
}
