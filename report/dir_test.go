package report

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// writeReport runs one report into out, committing with ctx; it returns
// Commit's error. The summary's version says which run wrote it.
func writeReport(t *testing.T, out, version string, ctx context.Context) error {
	t.Helper()
	d, err := OpenDir(out, 10)
	if err != nil {
		return err
	}
	defer d.Abort()
	if err := d.Skip(&readers.SkipError{File: "a.jsonl", Line: 1, Reason: readers.ReasonMalformedJSON, Detail: version}); err != nil {
		t.Fatal(err)
	}
	sum := NewSummary(version, audit.NewTally(), 0.9, nil, nil)
	d.HTML = HTMLOptions{Model: audit.DefaultModel()}
	return d.Commit(ctx, &sum)
}

func reportVersion(t *testing.T, out string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, FileSummaryJSON))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range reportFiles {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("%s missing from the report", name)
		}
	}
	i := strings.Index(string(b), `"version": "`)
	return strings.SplitN(string(b[i+12:]), `"`, 2)[0]
}

// A commit replaces the whole previous report at once, and leaves nothing
// beside it.
func TestCommitReplacesTheWholeReport(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "report")
	for _, v := range []string{"first", "second"} {
		if err := writeReport(t, out, v, context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := reportVersion(t, out); got != v {
			t.Errorf("report of run %q after run %q", got, v)
		}
	}
	entries, _ := os.ReadDir(parent)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"report"}) {
		t.Errorf("beside the report: %v", names)
	}
}

// An interrupt that arrives while the report files are being written
// (report.html of a large audit takes a while) leaves the previous report
// as it was, and Commit returns the context's error.
func TestInterruptedCommitKeepsThePreviousReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report")
	if err := writeReport(t, out, "old", context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := writeReport(t, out, "new", ctx); err != context.Canceled {
		t.Fatalf("commit after an interrupt: %v, want context.Canceled", err)
	}
	if got := reportVersion(t, out); got != "old" {
		t.Errorf("report of run %q after an interrupted run", got)
	}
}

// A second run on the same --out while the first writes is refused, naming
// the first; once the first is done, the second may write.
func TestSecondWriterIsRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report")
	first, err := OpenDir(out, 10)
	if err != nil {
		t.Fatal(err)
	}
	_, err = OpenDir(out, 10)
	if err == nil || !strings.Contains(err.Error(), "another ragaudit run (pid ") {
		t.Fatalf("second writer: %v", err)
	}
	first.Abort()
	if err := writeReport(t, out, "second", context.Background()); err != nil {
		t.Fatalf("after the first run ended: %v", err)
	}
}

// What killed runs left beside --out (a new report never swapped in, an
// old one swapped out) is removed by the next run.
func TestStaleTemporariesAreRemoved(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "report")
	for _, stale := range []string{".report.tmp-99-0", ".report.old-98-1"} {
		if err := os.MkdirAll(filepath.Join(parent, stale), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(parent, stale, FileFindingsJSONL), []byte("{}\n"), 0o644)
	}
	if err := writeReport(t, out, "v", context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, stale := range []string{".report.tmp-99-0", ".report.old-98-1"} {
		if _, err := os.Stat(filepath.Join(parent, stale)); err == nil {
			t.Errorf("%s left in place", stale)
		}
	}
}

// New report files follow the umask; a report the owner restricted stays
// restricted after the next run.
func TestReportModesFollowUmaskAndThePreviousReport(t *testing.T) {
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	out := filepath.Join(t.TempDir(), "report")
	if err := writeReport(t, out, "v1", context.Background()); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(filepath.Join(out, FileFindingsCSV))
	if m := fi.Mode().Perm(); m != 0o640 {
		t.Errorf("findings.csv mode %o under umask 027, want 640", m)
	}
	syscall.Umask(0o022)
	os.Chmod(filepath.Join(out, FileFindingsJSONL), 0o600)
	os.Chmod(out, 0o700)
	if err := writeReport(t, out, "v2", context.Background()); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(filepath.Join(out, FileFindingsJSONL)); fi.Mode().Perm() != 0o600 {
		t.Errorf("findings.jsonl mode %o after the next run, want the owner's 600", fi.Mode().Perm())
	}
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o700 {
		t.Errorf("report directory mode %o after the next run, want the owner's 700", fi.Mode().Perm())
	}
}

// ragaudit replaces the whole --out directory, so it refuses one that holds
// anything else, and a file in its place.
func TestOutMustBeAReportDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	if _, err := OpenDir(dir, 10); err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("a directory with other files: %v", err)
	}
	if _, err := OpenDir(filepath.Join(dir, "notes.txt"), 10); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("a file as --out: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
		t.Error("the user's file was touched")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a refused --out left %d entries", len(entries))
	}
	// A file of the user's with a report's name is theirs too.
	own := t.TempDir()
	os.WriteFile(filepath.Join(own, FileSummaryJSON), []byte(`{"mine": 1}`), 0o644)
	if _, err := OpenDir(own, 10); err == nil || !strings.Contains(err.Error(), "summary.json") {
		t.Errorf("a directory with the user's own summary.json: %v", err)
	}
}

// --out given as a symbolic link to a directory: the report lands in the
// link's target, run after run, and the link stays a link.
func TestOutAsASymlinkStaysALink(t *testing.T) {
	parent := t.TempDir()
	cases := []struct {
		name   string
		target string // the link's text, relative to parent unless absolute
		made   bool   // the target exists before the first run
	}{
		{"a relative link to a directory", "runs/2026-10", true},
		{"an absolute link to a directory", filepath.Join(parent, "abs", "2026-10"), true},
		{"a link to a directory not made yet", "runs/2026-11", false},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			target := tc.target
			if !filepath.IsAbs(target) {
				target = filepath.Join(parent, target)
			}
			if tc.made {
				if err := os.MkdirAll(target, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(parent, "latest"+string(rune('a'+i)))
			if err := os.Symlink(tc.target, link); err != nil {
				t.Fatal(err)
			}
			for _, v := range []string{"first", "second"} {
				if err := writeReport(t, link, v, context.Background()); err != nil {
					t.Fatal(err)
				}
				if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
					t.Fatalf("after run %q --out is no longer a link: %v %v", v, fi.Mode(), err)
				}
				if got := reportVersion(t, target); got != v {
					t.Errorf("the link's target holds the report of run %q after run %q", got, v)
				}
			}
			if got, _ := os.Readlink(link); got != tc.target {
				t.Errorf("the link now reads %q, want %q", got, tc.target)
			}
		})
	}
}
