package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
	"github.com/ragaudit/ragaudit/shard"
	"github.com/ragaudit/ragaudit/store"
)

// inputs names what the run reads: the units of --plan, or the inputs
// given, each object-storage prefix listed (sorted bytewise) and each
// object pinned to the version listed.
func (o *auditOptions) inputs(c *cli.Context) error {
	o.store = newStore()
	ctx := c.Context
	if o.PlanPath != "" {
		if len(o.Files) > 0 {
			return usageErr("--plan %s names the inputs: give no log file with it", o.PlanPath)
		}
		b, err := o.store.ReadFile(ctx, o.PlanPath)
		if err != nil {
			return usageErr("--plan: %v", err)
		}
		if o.plan, err = shard.ReadPlan(o.PlanPath, b); err != nil {
			return usageErr("--plan: %v", err)
		}
		if err := o.store.SetParams(o.plan.Params); err != nil {
			return usageErr("--plan: %v", err)
		}
		for _, u := range o.plan.Units {
			o.Files = append(o.Files, u.URL)
			o.listed = append(o.listed, store.Info{Name: u.URL, Size: u.Size, ETag: u.ETag, Modified: u.Modified})
		}
		o.pins = o.plan.Pins()
		return nil
	}
	var files []string
	o.pins = map[string]string{}
	for _, f := range o.Files {
		if !store.IsURL(f) {
			files = append(files, f)
			if fi, err := os.Stat(f); err == nil {
				o.listed = append(o.listed, store.LocalInfo(f, fi))
			}
			continue
		}
		infos, err := o.store.List(ctx, f)
		if err != nil {
			return storeErr(err)
		}
		for _, in := range infos {
			files = append(files, in.Name)
			o.pins[in.Name] = in.ETag
		}
		o.listed = append(o.listed, infos...)
	}
	o.Files = files
	return nil
}

// storeErr is a store error as the CLI reports it: transient ones keep
// their kind (exit 75), the rest are usage errors (exit 2).
func storeErr(err error) error {
	var t *store.TransientError
	if errors.As(err, &t) {
		return err
	}
	return usageErr("%v", err)
}

// localOut is where the report is written: --out, or for an --out URL a
// temporary directory uploaded after the commit (uploadReport).
func (o *auditOptions) localOut() (string, error) {
	if !store.IsURL(o.Out) {
		return o.Out, nil
	}
	dir, err := os.MkdirTemp("", "ragaudit-report-*")
	if err != nil {
		return "", err
	}
	o.outLocal = filepath.Join(dir, "report")
	return o.outLocal, nil
}

// uploadReport copies a report written locally to its --out URL, the
// summary last: a reader that finds summary.json finds the rest.
func (o *auditOptions) uploadReport(ctx context.Context) error {
	if o.outLocal == "" {
		return nil
	}
	defer os.RemoveAll(filepath.Dir(o.outLocal))
	for _, name := range []string{report.FileFindingsJSONL, report.FileFindingsCSV, report.FileSkipped, report.FileHTML,
		report.FileSummaryText, report.FileSummaryJSON} {
		from := filepath.Join(o.outLocal, name)
		if _, err := os.Stat(from); err != nil {
			continue
		}
		if err := copyFile(ctx, o.store, from, store.Join(o.Out, name)); err != nil {
			return err
		}
	}
	return nil
}

// copyFile copies a local file to a file or object.
func copyFile(ctx context.Context, st *store.Store, from, to string) error {
	f, err := os.Open(from)
	if err != nil {
		return err
	}
	defer f.Close()
	return st.Retry(ctx, to, func() error {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		w, err := st.Create(ctx, to)
		if err != nil {
			return err
		}
		if _, err := io.Copy(w, f); err != nil {
			w.Abort()
			return err
		}
		return w.Commit()
	})
}

// fetched makes a local copy of a file named by URL (labels, a baseline),
// for code that reads paths; a path is returned as it is.
func (o *auditOptions) fetched(c *cli.Context, name string) (string, error) {
	if !store.IsURL(name) {
		return name, nil
	}
	if o.store == nil {
		o.store = newStore()
	}
	b, err := o.store.ReadFile(c.Context, name)
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp("", "ragaudit-"+filepath.Base(name)+"-*")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.Write(b); err != nil {
		return "", err
	}
	return f.Name(), nil
}

// sameInputTwice says which input is given twice, if one is.
func sameInputTwice(files []string) error {
	for i, f := range files {
		if f != readers.Stdin && slices.Contains(files[:i], f) {
			return usageErr("%s is given twice: its records would be counted twice", f)
		}
	}
	return nil
}

// newStore makes the store of a command (tests shorten its backoff).
var newStore = store.New
