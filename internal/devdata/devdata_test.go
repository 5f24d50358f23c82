package devdata

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeTB records how Dir ends a test that cannot have its data.
type fakeTB struct {
	testing.TB
	fatal, skipped string
}

func (f *fakeTB) Helper()                        {}
func (f *fakeTB) Fatal(args ...any)              { f.fatal = fmt.Sprint(args...); runtime.Goexit() }
func (f *fakeTB) Fatalf(format string, a ...any) { f.Fatal(fmt.Sprintf(format, a...)) }
func (f *fakeTB) Skip(args ...any)               { f.skipped = "skip"; runtime.Goexit() }
func (f *fakeTB) Skipf(format string, a ...any)  { f.Skip() }
func (f *fakeTB) SkipNow()                       { f.Skip() }

// dir runs Dir on a fake test, as a test's own goroutine would.
func dir(needs ...string) (string, *fakeTB) {
	f := &fakeTB{}
	var got string
	done := make(chan struct{})
	go func() {
		defer close(done)
		got = Dir(f, needs...)
	}()
	<-done
	return got, f
}

func TestDir(t *testing.T) {
	data := t.TempDir()
	if err := os.MkdirAll(filepath.Join(data, "hagrid"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "hagrid", "dev.jsonl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		env   string
		needs []string
		fatal []string // in the failure; nil: Dir returns the folder
	}{
		{name: "the folder RAGAUDIT_DATA names, holding what is needed", env: data, needs: []string{"hagrid/dev.jsonl"}},
		{name: "the folder RAGAUDIT_DATA names, needing nothing in it", env: data},
		{name: "a file missing under RAGAUDIT_DATA fails naming the folder and how to set it", env: data,
			needs: []string{"hagrid/dev.jsonl", "multilingual/xnli-de.dev.jsonl"},
			fatal: []string{"the development sets are not at " + data, "set RAGAUDIT_DATA or make eval DATA=...", "xnli-de.dev.jsonl"}},
		{name: "a folder that is not there fails", env: filepath.Join(data, "nowhere"),
			fatal: []string{"not at " + filepath.Join(data, "nowhere") + " (named by RAGAUDIT_DATA; set RAGAUDIT_DATA"}},
		{name: "unset, the default beside the repository is where it looks", needs: []string{"no-such-set/dev.jsonl"},
			fatal: []string{"shared/data (the default: ../shared/data beside the repository; set RAGAUDIT_DATA", "no-such-set"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(Env, tc.env)
			got, f := dir(tc.needs...)
			if f.skipped != "" {
				t.Fatal("Dir skipped the test")
			}
			if tc.fatal == nil {
				if f.fatal != "" || got != data {
					t.Fatalf("Dir = %q, failure %q; want %q", got, f.fatal, data)
				}
				return
			}
			for _, want := range tc.fatal {
				if !strings.Contains(f.fatal, want) {
					t.Errorf("failure %q lacks %q", f.fatal, want)
				}
			}
		})
	}
}

func TestFileIsThePathOfANeededFile(t *testing.T) {
	data := t.TempDir()
	if err := os.MkdirAll(filepath.Join(data, "begin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "begin", "dev.labels.jsonl"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(Env, data)
	if got, want := File(t, "begin/dev.labels.jsonl"), filepath.Join(data, "begin", "dev.labels.jsonl"); got != want {
		t.Errorf("File = %q, want %q", got, want)
	}
}

func TestTheDefaultIsBesideTheModuleRoot(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "internal", "devdata", "devdata.go")); err != nil {
		t.Errorf("module root %s: %v", root, err)
	}
}
