package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// auditFiles streams every record of o.Files through the filters and the
// auditor, in input order (or oldest first with --last), and hands each
// result to emit. Every record read ends up audited, filtered or skipped in
// the returned tally.
func auditFiles(ctx context.Context, auditor *audit.Auditor, o auditOptions, stdin io.Reader, stderr io.Writer,
	logger *slog.Logger, emit func(*audit.Result) error) (*audit.Tally, []report.Input, error) {

	var bar *progressbar.ProgressBar
	if !o.Quiet {
		if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(stderr),
				progressbar.OptionSetDescription("auditing"), progressbar.OptionShowCount(),
				progressbar.OptionSetItsString("records"), progressbar.OptionShowIts(),
				progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
			defer bar.Finish()
		}
	}

	tally := audit.NewTally()
	var latest *readers.Latest
	if o.Last > 0 {
		latest = readers.NewLatest(o.Last)
	}
	keep := func(r *readers.Record) bool {
		return (len(o.Tenants) == 0 || contains(o.Tenants, r.Tenant)) &&
			(len(o.Agents) == 0 || contains(o.Agents, r.Agent))
	}
	auditOne := func(rec *readers.Record) error {
		res := auditor.Audit(rec)
		tally.Add(&res)
		return emit(&res)
	}

	inputs := make([]report.Input, 0, len(o.Files))
	seq, warned := 0, 0
	for _, path := range o.Files {
		stats := &readers.FileStats{}
		for rec, err := range readers.JSONL(path, readers.Options{MaxLineBytes: o.MaxLineBytes, Stdin: stdin}, stats) {
			if ctx.Err() != nil {
				return nil, nil, cli.Exit("interrupted; no report written", 130)
			}
			tally.Read()
			if bar != nil {
				bar.Add(1)
			}
			var skip *readers.SkipError
			switch {
			case errors.As(err, &skip):
				tally.Skip(skip)
				if warned++; warned <= maxWarnings {
					logger.Warn("skipped record", "at", fmt.Sprintf("%s:%d", skip.File, skip.Line), "reason", skip.Reason, "detail", skip.Detail)
				} else if warned == maxWarnings+1 {
					logger.Warn("more records skipped; further warnings suppressed, summary.json counts them all")
				}
				continue
			case err != nil:
				return nil, nil, usageErr("%v", err)
			}
			rec.Seq = seq
			seq++
			switch {
			case !keep(&rec):
				tally.Filter()
			case latest != nil:
				if latest.Offer(rec) {
					tally.Filter()
				}
			default:
				if err := auditOne(&rec); err != nil {
					return nil, nil, err
				}
			}
		}
		inputs = append(inputs, report.Input{Path: path, SHA256: stats.SHA256, Bytes: stats.Bytes, Records: stats.Records, Skipped: stats.Skipped})
	}
	if latest != nil {
		for _, rec := range latest.Records() {
			if err := auditOne(&rec); err != nil {
				return nil, nil, err
			}
		}
	}
	return tally, inputs, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// maxWarnings bounds per-record warnings so a broken file cannot flood a
// terminal; every skip is still counted in the summary.
const maxWarnings = 100

// newLogger logs warnings to stderr as key=value lines without a clock, so
// the same input gives the same diagnostics.
func newLogger(stderr io.Writer, quiet bool) *slog.Logger {
	if quiet {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{
		Level: slog.LevelWarn,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	}))
}
