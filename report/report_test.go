package report

import (
	"os"
	"path/filepath"
	"testing"
)

func TestSafeCell(t *testing.T) {
	cases := map[string]string{
		"=HYPERLINK(\"x\")": "'=HYPERLINK(\"x\")",
		"+SUM(1,2)":         "'+SUM(1,2)",
		"-2+3":              "'-2+3",
		"@cmd":              "'@cmd",
		"\tx":               "'\tx",
		"\rx":               "'\rx",
		"Refunds [1].":      "Refunds [1].",
		"":                  "",
	}
	for in, want := range cases {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAtomicFileAppearsOnlyOnCommit(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "summary.json")
	f, err := CreateAtomic(target)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("{}")
	if _, err := os.Stat(target); !os.IsNotExist(err) {
		t.Fatal("target exists before commit")
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(target)
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("after commit: %v, mode %v", err, info.Mode())
	}
	g, _ := CreateAtomic(filepath.Join(dir, "other.json"))
	g.WriteString("partial")
	g.Abort()
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("abort left files: %v", entries)
	}
}
