package report

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
	"github.com/ragaudit/ragaudit/readers"
)

// Report file names, as written into the report directory.
const (
	FileFindingsJSONL = "findings.jsonl"
	FileFindingsCSV   = "findings.csv"
	FileSkipped       = "skipped.jsonl"
	FileSummaryJSON   = "summary.json"
	FileSummaryText   = "summary.txt"
	FileHTML          = "report.html"
)

// reportFiles are the names a report directory may hold.
var reportFiles = []string{FileFindingsJSONL, FileFindingsCSV, FileSkipped, FileSummaryJSON, FileSummaryText, FileHTML}

// MaxSkippedListedPerReason bounds skipped.jsonl: past it, the records
// skipped for a reason are counted (summary.json) but not listed, so that a
// small file of millions of bad lines cannot write gigabytes. The stream
// applies it (pipeline.Total) and hands the report only those listed.
const MaxSkippedListedPerReason = pipeline.MaxSkippedListed

// Dir is the report directory of one audit (--out) as a sink of the
// stream: findings stream into a fresh sibling directory, and Commit puts
// it in the place of the previous report with one rename. A reader of
// --out sees the old report or the new one, never a mix; a run killed at
// any moment leaves the old report whole. A lock keeps a second run off the
// same directory while the first writes.
type Dir struct {
	// HTML are report.html's options (the model, the embedder, the
	// generation time), set before Commit.
	HTML HTMLOptions
	// Cards are the run's worst findings for report.html (the fold of its
	// units), set before Commit.
	Cards     *Collected
	path, tmp string
	lock      *os.File
	modes     map[string]fs.FileMode // the previous report's file modes, kept
	dirMode   fs.FileMode            // the previous directory's mode (0: new)
	files     []*os.File
	jsonl     *FindingsJSONL
	csv       *FindingsCSV
	skipped   *bufio.Writer
	done      bool
	// noFindings: no findings.jsonl or findings.csv (OpenReportDir).
	noFindings bool
}

// OpenDir starts a report in path, creating its parent if needed; a path
// that is a symbolic link is followed (followLink). It
// refuses a path that is a file, or a directory holding anything but a
// report (ragaudit replaces the whole directory and never deletes what it
// did not write), or one another run is writing.
func OpenDir(path string, maxFailures int) (*Dir, error) {
	return OpenReportDir(path, maxFailures, true)
}

// OpenReportDir is OpenDir; without findings, the report holds no
// findings.jsonl or findings.csv (a merge whose findings are its runs'
// Parquet files).
func OpenReportDir(path string, maxFailures int, findings bool) (*Dir, error) {
	path, err := followLink(filepath.Clean(path))
	if err != nil {
		return nil, err
	}
	parent, base := filepath.Split(path)
	if parent == "" {
		parent = "."
	}
	if base == "." || base == ".." || base == "" {
		abs, err := filepath.Abs(path)
		if err != nil {
			return nil, err
		}
		return OpenReportDir(abs, maxFailures, findings)
	}
	if err := os.MkdirAll(parent, 0o777); err != nil {
		return nil, err
	}
	d := &Dir{path: path, modes: map[string]fs.FileMode{}, Cards: NewCollected(maxFailures), noFindings: !findings}
	// Checked before the lock too, so that a wrong --out leaves nothing
	// behind; and again under it.
	if err := d.inspect(); err != nil {
		return nil, err
	}
	lock, err := lockOut(filepath.Join(parent, "."+base+".lock"), path)
	if err != nil {
		return nil, err
	}
	d.lock = lock
	if err := d.start(parent, base); err != nil {
		d.Abort()
		return nil, err
	}
	return d, nil
}

// maxLinks bounds a chain of symbolic links, as the kernel does (40).
const maxLinks = 40

// followLink returns where a report at path is written: path itself, or,
// when path is a symbolic link (--out reports/latest → reports/2026-10),
// the directory it leads to, so that the report is swapped in there and
// the link stays a link. A link to nothing yet leads to where the report
// will be made.
func followLink(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(filepath.Dir(path), target)
		}
		path = filepath.Clean(target)
	}
	return "", fmt.Errorf("%s: more than %d symbolic links in a row", path, maxLinks)
}

// start checks what is at the path, clears what killed runs left, and
// opens the new report's streams.
func (d *Dir) start(parent, base string) error {
	if err := d.inspect(); err != nil {
		return err
	}
	removeStale(parent, base)
	tmp, err := makeSibling(parent, base, d.dirMode)
	if err != nil {
		return err
	}
	d.tmp = tmp
	return d.openStreams()
}

// inspect checks what is at path now and notes the modes to keep.
func (d *Dir) inspect() error {
	fi, err := os.Stat(d.path)
	switch {
	case os.IsNotExist(err):
		return nil
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is a file, not a report directory: give another --out", d.path)
	}
	d.dirMode = fi.Mode().Perm()
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return err
	}
	var foreign []string
	for _, e := range entries {
		name := e.Name()
		switch {
		case slices.Contains(reportFiles, name) && e.Type().IsRegular():
			if info, err := e.Info(); err == nil {
				d.modes[name] = info.Mode().Perm()
			}
		case strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-"):
			// a temporary file of an older ragaudit's report, dropped
		default:
			foreign = append(foreign, name)
		}
	}
	if len(d.modes) > 0 && len(foreign) == 0 && !isReportSummary(filepath.Join(d.path, FileSummaryJSON)) {
		// Files with a report's names but no ragaudit summary: someone's own.
		for name := range d.modes {
			foreign = append(foreign, name)
		}
		slices.Sort(foreign)
	}
	if len(foreign) > 0 {
		if len(foreign) > 3 {
			foreign = append(foreign[:3], "…")
		}
		return fmt.Errorf("%s holds files that are not a ragaudit report (%s): ragaudit replaces the whole --out directory, so give it a directory of its own", d.path, strings.Join(foreign, ", "))
	}
	return nil
}

func (d *Dir) openStreams() error {
	if d.noFindings {
		kf, err := d.create(FileSkipped)
		if err != nil {
			return err
		}
		d.skipped = bufio.NewWriter(kf)
		return nil
	}
	jf, err := d.create(FileFindingsJSONL)
	if err != nil {
		return err
	}
	d.jsonl = NewFindingsJSONL(jf)
	cf, err := d.create(FileFindingsCSV)
	if err != nil {
		return err
	}
	if d.csv, err = NewFindingsCSV(cf); err != nil {
		return err
	}
	kf, err := d.create(FileSkipped)
	if err != nil {
		return err
	}
	d.skipped = bufio.NewWriter(kf)
	return nil
}

// create makes a report file in the new directory: its mode is the
// previous report's file's, or 0666 less the umask.
func (d *Dir) create(name string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(d.tmp, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return nil, err
	}
	d.files = append(d.files, f)
	if m, ok := d.modes[name]; ok {
		if err := f.Chmod(m); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// Result writes an audited record's findings.
func (d *Dir) Result(res *audit.Result) error {
	return d.Findings(res.Findings, TurnsOf(res.Record))
}

// Findings writes findings of one record, whose answers turns numbers (a
// merge writes those it reads back).
func (d *Dir) Findings(fs []audit.Finding, turns Turns) error {
	if d.noFindings {
		return nil
	}
	if err := d.jsonl.Write(fs, turns); err != nil {
		return err
	}
	return d.csv.Write(fs, turns)
}

// Skip lists a skipped record in skipped.jsonl (the summary has the
// counts, this file the file:line of each, for whoever must account for
// them); the stream hands it up to MaxSkippedListedPerReason per reason.
func (d *Dir) Skip(e *readers.SkipError) error {
	b, err := json.Marshal(struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Reason string `json:"reason"`
		Detail string `json:"detail"`
	}{e.File, e.Line, e.Reason, e.Detail})
	if err == nil {
		_, err = d.skipped.Write(append(b, '\n'))
	}
	return err
}

// Commit writes the summaries and report.html, then puts the new report in
// place of the old one. If ctx is cancelled first, it returns ctx.Err()
// and the old report stays.
func (d *Dir) Commit(ctx context.Context, sum *Summary) error {
	if err := d.writeRest(sum, d.HTML); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for _, f := range d.files {
		if err := f.Sync(); err != nil {
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	d.files = nil
	if err := syncDir(d.tmp); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	old, err := swapIn(d.tmp, d.path)
	if err != nil {
		return err
	}
	d.done = true
	if old != "" {
		os.RemoveAll(old)
	}
	syncDir(filepath.Dir(d.path))
	d.unlock()
	return nil
}

func (d *Dir) writeRest(sum *Summary, hopts HTMLOptions) error {
	if !d.noFindings {
		if err := d.jsonl.Flush(); err != nil {
			return err
		}
		if err := d.csv.Flush(); err != nil {
			return err
		}
	}
	if err := d.skipped.Flush(); err != nil {
		return err
	}
	for _, w := range []struct {
		name  string
		write func(f *os.File) error
	}{
		{FileSummaryJSON, func(f *os.File) error { return WriteJSON(f, sum) }},
		{FileSummaryText, func(f *os.File) error { return WriteText(f, sum) }},
		{FileHTML, func(f *os.File) error { return WriteHTML(f, sum, d.Cards.HTML(), hopts) }},
	} {
		f, err := d.create(w.name)
		if err != nil {
			return err
		}
		if err := w.write(f); err != nil {
			return err
		}
	}
	return nil
}

// Abort discards the new report and releases the lock; the old report
// stays. It is a no-op after Commit.
func (d *Dir) Abort() {
	if d.done {
		return
	}
	for _, f := range d.files {
		f.Close()
	}
	d.files = nil
	if d.tmp != "" {
		os.RemoveAll(d.tmp)
	}
	d.done = true
	d.unlock()
}

func (d *Dir) unlock() {
	if d.lock != nil {
		unlockOut(d.lock)
		d.lock = nil
	}
}

// removeStale removes what killed runs left beside the report: new reports
// never swapped in, and old ones swapped out but not yet removed. The
// caller holds the lock, so no other run is writing them.
func removeStale(parent, base string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, "."+base+".tmp-") || strings.HasPrefix(n, "."+base+".old-") {
			os.RemoveAll(filepath.Join(parent, n))
		}
	}
}

// makeSibling creates the new report's directory beside the old, with the
// old one's mode, or 0777 less the umask.
func makeSibling(parent, base string, mode fs.FileMode) (string, error) {
	for i := 0; ; i++ {
		name := filepath.Join(parent, fmt.Sprintf(".%s.tmp-%d-%d", base, os.Getpid(), i))
		err := os.Mkdir(name, 0o777)
		if os.IsExist(err) {
			continue
		}
		if err == nil && mode != 0 {
			err = os.Chmod(name, mode)
		}
		return name, err
	}
}

// syncDir makes the directory's entries durable.
func syncDir(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !isUnsupportedSync(err) {
		return err
	}
	return nil
}

// isReportSummary reports whether path is a summary.json ragaudit wrote.
func isReportSummary(path string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var head struct {
		Tool string `json:"tool"`
	}
	return json.Unmarshal(b, &head) == nil && head.Tool == "ragaudit"
}
