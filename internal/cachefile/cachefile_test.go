package cachefile_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ragaudit/ragaudit/internal/cachefile"
)

func TestPathNamesTheEntryByItsHashInASubfolder(t *testing.T) {
	got := cachefile.Path("cache", []byte{0xab, 0x01, 0xff}, ".json")
	if want := filepath.Join("cache", "ab", "ab01ff.json"); got != want {
		t.Errorf("Path = %q, want %q", got, want)
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := cachefile.Path(dir, []byte{0x12, 0x34}, ".f32")
	if err := cachefile.Write(p, []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := cachefile.Write(p, []byte("second")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(p); err != nil || string(b) != "second" {
		t.Errorf("the entry reads %q, %v; want the second write whole", b, err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "12", ".tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left: %q", left)
	}

	// A rename that fails (the entry's name is a folder) leaves no
	// temporary file behind.
	blocked := filepath.Join(dir, "56", "5678.f32")
	if err := os.MkdirAll(filepath.Join(blocked, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := cachefile.Write(blocked, []byte("lost")); err == nil {
		t.Error("no error writing over a folder")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "56", ".tmp-*")); len(left) != 0 {
		t.Errorf("temporary files left after a failed write: %q", left)
	}
}
