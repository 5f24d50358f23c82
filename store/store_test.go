package store

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/s3test"
)

func put(t *testing.T, st *Store, name string, data []byte) {
	t.Helper()
	if err := st.WriteFile(context.Background(), name, data); err != nil {
		t.Fatal(err)
	}
}

// A prefix lists its objects sorted bytewise, with sizes and ETags, and the
// names reports give them carry no query string.
func TestListingAPrefixIsSortedAndPinned(t *testing.T) {
	srv := s3test.Start(t, "logs")
	st := New()
	for _, k := range []string{"logs/2026/11/b.jsonl.gz", "logs/2026/11/a.jsonl", "logs/2026/11/B.jsonl", "logs/2026/10/z.jsonl", "logs/2026/11/sub/c.jsonl"} {
		put(t, st, srv.Object("logs", k), []byte(k))
	}
	got, err := st.List(context.Background(), srv.Object("logs", "logs/2026/11/"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, in := range got {
		names = append(names, in.Name)
		if in.ETag == "" || in.Size == 0 {
			t.Errorf("%s: no ETag or size: %+v", in.Name, in)
		}
	}
	want := "s3://logs/logs/2026/11/B.jsonl s3://logs/logs/2026/11/a.jsonl s3://logs/logs/2026/11/b.jsonl.gz s3://logs/logs/2026/11/sub/c.jsonl"
	if strings.Join(names, " ") != want {
		t.Errorf("listed %v\nwant %s", names, want)
	}
	if _, err := st.List(context.Background(), srv.Object("logs", "logs/2027/")); !errors.Is(err, ErrNotExist) {
		t.Errorf("an empty prefix: %v", err)
	}
}

// An object read against a plan's ETag is refused once it has changed.
func TestAPinnedObjectThatChangedIsRefused(t *testing.T) {
	srv := s3test.Start(t, "logs")
	st := New()
	name := srv.Object("logs", "a.jsonl")
	put(t, st, name, []byte("one"))
	info, err := st.Stat(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	put(t, st, name, []byte("two, longer"))
	if _, _, err := st.Open(context.Background(), name, info.ETag); !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), "make a new plan") {
		t.Errorf("changed since the plan: %v", err)
	}
}

// A download cut short resumes where it stopped, from the same version,
// and reads every byte once.
func TestACutDownloadResumes(t *testing.T) {
	srv := s3test.Start(t, "logs")
	st := New()
	st.Backoff = time.Millisecond
	name := srv.Object("logs", "big.jsonl")
	data := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	put(t, st, name, data)
	var cuts, resumed atomic.Int32
	srv.FailWith(func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method != http.MethodGet {
			return false
		}
		if rg := r.Header.Get("Range"); rg != "" && !strings.HasPrefix(rg, "bytes=0-") {
			resumed.Add(1)
			return false
		}
		if cuts.Add(1) > 1 {
			return false
		}
		// The first GET: headers for the whole object, then half of it.
		w.Header().Set("Content-Length", "1048576")
		w.WriteHeader(http.StatusOK)
		w.Write(data[:len(data)/2])
		panic(http.ErrAbortHandler)
	})
	r, _, err := st.Open(context.Background(), name, "")
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	r.Close()
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("read %d bytes (%v), want %d alike", len(got), err, len(data))
	}
	if cuts.Load() != 1 || resumed.Load() != 1 {
		t.Errorf("%d downloads cut, %d resumed: want one of each", cuts.Load(), resumed.Load())
	}
}

// A service that keeps failing is a transient error once the retries are
// spent (exit 75: the engine retries the task); a missing object is not.
func TestFailuresAreToldApart(t *testing.T) {
	srv := s3test.Start(t, "logs")
	st := New()
	st.Retries, st.Backoff = 1, time.Millisecond
	put(t, st, srv.Object("logs", "a.jsonl"), []byte("x"))
	if _, err := st.ReadFile(context.Background(), srv.Object("logs", "missing.jsonl")); !errors.Is(err, ErrNotExist) {
		t.Errorf("a missing object: %v", err)
	}
	srv.FailWith(func(w http.ResponseWriter, r *http.Request) bool {
		w.WriteHeader(http.StatusServiceUnavailable)
		return true
	})
	_, err := st.ReadFile(context.Background(), srv.Object("logs", "a.jsonl"))
	var tr *TransientError
	if !errors.As(err, &tr) {
		t.Errorf("a service unavailable: %v, want a TransientError", err)
	}
}

// Local paths and objects go through the same calls.
func TestLocalFilesAreFilesToo(t *testing.T) {
	dir := t.TempDir()
	st := New()
	put(t, st, Join(dir, "run", "units", "b"), []byte("b"))
	put(t, st, Join(dir, "run", "units", "a"), []byte("a"))
	got, err := st.List(context.Background(), Join(dir, "run"))
	if err != nil || len(got) != 2 || !strings.HasSuffix(got[0].Name, "/units/a") {
		t.Fatalf("%+v %v", got, err)
	}
	b, err := st.ReadFile(context.Background(), got[1].Name)
	if err != nil || string(b) != "b" {
		t.Errorf("%q %v", b, err)
	}
}
