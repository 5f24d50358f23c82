package report

import (
	"os"
	"path/filepath"
	"testing"
)

// A report whose files cannot all be replaced replaces none of them: no
// new findings beside an old summary.
func TestCommitAllReplacesAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"findings.csv", "summary.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "summary.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	var files []*AtomicFile
	for _, name := range []string{"findings.csv", "summary.json", "summary.txt"} {
		f, err := CreateAtomic(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("new")
		files = append(files, f)
	}
	if err := CommitAll(files); err == nil {
		t.Fatal("CommitAll replaced files over a directory")
	}
	for _, f := range files {
		f.Abort()
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("%d entries left, want the 3 of the old report (temporary files removed)", len(entries))
	}
	for _, name := range []string{"findings.csv", "summary.txt"} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != "old" {
			t.Errorf("%s = %q, want the old report's", name, b)
		}
	}

	// With the way clear, all are replaced.
	os.Remove(filepath.Join(dir, "summary.json"))
	files = files[:0]
	for _, name := range []string{"findings.csv", "summary.json"} {
		f, err := CreateAtomic(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("new")
		files = append(files, f)
	}
	if err := CommitAll(files); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"findings.csv", "summary.json"} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != "new" {
			t.Errorf("%s = %q after commit", name, b)
		}
	}
}
