package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/internal/s3test"
	"github.com/ragaudit/ragaudit/store"
)

// From plan to merge over objects in an S3-compatible store (in this
// process, on 127.0.0.1): JSONL, gzip and Parquet objects under a
// date-partitioned prefix, shards writing their run to another bucket, and
// the merge's report byte for byte one machine's over the same objects.
// summary.json names each object by URL with its digest and ETag.
func TestShardedRunOverObjectStorage(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	srv := s3test.Start(t, "logs", "audit")
	st := store.New()
	ctx := context.Background()
	dir := t.TempDir()
	var raw bytes.Buffer
	corpus.Write(ctx, &raw, 12, 1)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	corpus.Write(ctx, zw, 9, 2)
	zw.Close()
	local := filepath.Join(dir, "c.jsonl")
	corpus.WriteFile(local, 7, 3)
	pq := filepath.Join(dir, "c.parquet")
	if code, se := ragaudit(t, "convert", "-q", "-o", pq, local); code != 0 {
		t.Fatal(se)
	}
	pqBytes, _ := os.ReadFile(pq)
	for key, data := range map[string][]byte{
		"logs/2026/11/date=2026-11-01/part-0.jsonl":    raw.Bytes(),
		"logs/2026/11/date=2026-11-02/part-0.jsonl.gz": gz.Bytes(),
		"logs/2026/11/date=2026-11-03/part-0.parquet":  pqBytes,
	} {
		if err := st.WriteFile(ctx, srv.Object("logs", key), data); err != nil {
			t.Fatal(err)
		}
	}
	plan, run := srv.Object("audit", "run-2026-11/plan.json"), srv.Object("audit", "run-2026-11/")
	if code, se := ragaudit(t, "plan", "--shards", "2", "-o", plan, srv.Object("logs", "logs/2026/11/")); code != 0 {
		t.Fatalf("plan: %s", se)
	}
	for _, i := range []string{"1/2", "0/2"} {
		if code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", i, "--out", run); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, se)
		}
	}
	merged, one := filepath.Join(dir, "merged"), filepath.Join(dir, "one")
	if code, se := ragaudit(t, "merge", "-q", "--out", merged, run); !decided(code) {
		t.Fatalf("merge: exit %d: %s", code, se)
	}
	if code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--out", one); !decided(code) {
		t.Fatalf("one machine: exit %d: %s", code, se)
	}
	sameReports(t, one, merged)
	var sum struct {
		Inputs []struct {
			Path, SHA256, ETag string
			Records            int
		}
	}
	json.Unmarshal(readFile(t, filepath.Join(merged, "summary.json")), &sum)
	if len(sum.Inputs) != 3 {
		t.Fatalf("inputs %+v", sum.Inputs)
	}
	for _, in := range sum.Inputs {
		if !strings.HasPrefix(in.Path, "s3://logs/logs/2026/11/date=2026-11-0") || strings.Contains(in.Path, "?") || len(in.SHA256) != 64 || in.ETag == "" || in.Records == 0 {
			t.Errorf("input %+v: want its URL (no query), digest, ETag and records", in)
		}
	}
	// The report itself may go to a bucket too.
	if code, se := ragaudit(t, "merge", "-q", "--out", srv.Object("audit", "reports/2026-11/"), run); !decided(code) {
		t.Fatalf("merge to a bucket: exit %d: %s", code, se)
	}
	b, err := st.ReadFile(ctx, srv.Object("audit", "reports/2026-11/summary.json"))
	if err != nil || !bytes.Equal(b, readFile(t, filepath.Join(merged, "summary.json"))) {
		t.Errorf("the report in the bucket: %v", err)
	}
}

// A store that keeps failing makes a shard exit 75 (retry the task), not
// 2 (do not): the engine's retry policy depends on it.
func TestAFailingStoreIsExit75(t *testing.T) {
	newStore = func() *store.Store { s := store.New(); s.Retries, s.Backoff = 1, time.Millisecond; return s }
	defer func() { newStore = store.New }()
	srv := s3test.Start(t, "logs", "audit")
	st := store.New()
	ctx := context.Background()
	var b bytes.Buffer
	corpus.Write(ctx, &b, 3, 1)
	st.WriteFile(ctx, srv.Object("logs", "a.jsonl"), b.Bytes())
	plan := srv.Object("audit", "run/plan.json")
	if code, se := ragaudit(t, "plan", "--shards", "1", "-o", plan, srv.Object("logs", "")); code != 0 {
		t.Fatal(se)
	}
	srv.FailWith(func(w http.ResponseWriter, r *http.Request) bool {
		if r.Method == http.MethodGet && strings.Contains(r.URL.Path, "a.jsonl") {
			w.WriteHeader(http.StatusServiceUnavailable)
			return true
		}
		return false
	})
	code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", "0/1", "--out", srv.Object("audit", "run/"))
	if code != exitTempFail || !strings.Contains(se, "retry") {
		t.Errorf("exit %d, want 75: %s", code, se)
	}
}
