package pipeline

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// answerWith is a canonical record whose answer cites [1] and logs fields.
func answerWith(id, fields string) string {
	return `{"conversation_id":"` + id + `","messages":[{"role":"user","content":"Refund?"},` +
		`{"role":"assistant","content":"Refunds are accepted within 30 days of delivery [1].",` + fields + `}]}` + "\n"
}

// runLog audits the files with the given lines and returns the outcome
// and what was logged.
func runLog(t *testing.T, workers int, files ...string) (*Outcome, string) {
	t.Helper()
	var paths []string
	for i, content := range files {
		p := filepath.Join(t.TempDir(), fmt.Sprintf("log%d.jsonl", i+1))
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	var log strings.Builder
	o := Options{Files: paths, Workers: workers, Audit: audit.DefaultConfig(), Embed: Embedding{Kind: EmbedNone},
		Logger: slog.New(slog.NewTextHandler(&log, nil))}
	out, err := Run(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return out, strings.ReplaceAll(log.String(), filepath.Dir(paths[0])+string(filepath.Separator), "")
}

// Chunks with no text under any key the reader knows are warned of once
// per set of keys, with how many and where the first is, instead of once
// per record; the run's outcome lists the shapes, most frequent first.
func TestChunksWithoutTextAreWarnedOncePerShape(t *testing.T) {
	var log strings.Builder
	log.WriteString(answerWith("a1", `"retrieval":[{"id":"1","body":"Refunds are accepted within 30 days of delivery."}]`))
	log.WriteString(answerWith("a2", `"retrieval":[{"id":"1","payload":"x"}]`))
	for i := range 40 {
		log.WriteString(answerWith(fmt.Sprintf("b%d", i), `"retrieval":[{"id":"1","body":"x"},{"id":"2","body":"y"}]`))
	}
	log.WriteString(answerWith("ok", `"retrieval":[{"id":"1","text":"Refunds are accepted within 30 days of delivery."}]`))
	out, logged := runLog(t, 2, log.String())
	r := out.Retrieval
	want := []Shape{{Keys: []string{"body", "id"}, Count: 81, First: "log1.jsonl:1"}, {Keys: []string{"id", "payload"}, Count: 1, First: "log1.jsonl:2"}}
	for i := range r.ChunkShapes {
		r.ChunkShapes[i].First = filepath.Base(r.ChunkShapes[i].First)
	}
	if r.ChunksWithoutText != 82 || !reflect.DeepEqual(r.ChunkShapes, want) || r.ChunkShapesNotListed != 0 {
		t.Errorf("chunks without text %d, shapes %+v; want 82, %+v", r.ChunksWithoutText, r.ChunkShapes, want)
	}
	if n := strings.Count(logged, `msg="chunks without text"`); n != 2 {
		t.Fatalf("%d warnings, want one per shape:\n%s", n, logged)
	}
	if !strings.Contains(logged, "81 chunks (first at log1.jsonl:1) have only the keys body, id,") ||
		!strings.Contains(logged, "1 chunk (first at log1.jsonl:2) has only the keys id, payload,") {
		t.Errorf("the warning does not give the count, the first record and the keys:\n%s", logged)
	}
	if strings.Index(logged, "keys=body,id") > strings.Index(logged, "keys=id,payload") {
		t.Errorf("the most frequent shape is not warned of first:\n%s", logged)
	}
	if c := out.Inputs[0].Coverage; c.ChunksAbsent != 82 || c.ChunksFull != 1 {
		t.Errorf("coverage %+v: the chunks without text are absent", c)
	}
}

// Cited answers whose chunk list is under no key the reader knows are
// counted per set of keys and warned of once per set, not per answer.
func TestAnswersWithoutRetrievalAreCountedPerShape(t *testing.T) {
	var log strings.Builder
	for i := range 3 {
		log.WriteString(answerWith(fmt.Sprintf("h%d", i), `"hits":[{"id":"1","text":"x"}]`))
	}
	log.WriteString(answerWith("r", `"results":[]`))
	log.WriteString(`{"conversation_id":"f","question":"Q?","answer":"Refunds take 30 days [1].","hits":[]}` + "\n")
	out, logged := runLog(t, 1, log.String())
	r := out.Retrieval
	if r.NotLogged != 5 || len(r.MessageShapes) != 3 {
		t.Fatalf("not logged %d, shapes %+v", r.NotLogged, r.MessageShapes)
	}
	got := fmt.Sprint(r.MessageShapes[0].Keys, r.MessageShapes[0].Count, r.MessageShapes[1].Keys, r.MessageShapes[2].Keys)
	if got != "[content hits role] 3 [answer conversation_id hits question] [content results role]" {
		t.Errorf("shapes %s", got)
	}
	if n := strings.Count(logged, `msg="no retrieval logged"`); n != 3 || !strings.Contains(logged, "answers=3") {
		t.Errorf("%d warnings, want one per shape with its count:\n%s", n, logged)
	}
}

// A file whose records give a field under two keys is warned of once,
// with the keys, counts and first lines; a file read from one key each is
// not. Each input says which keys it was read from.
func TestDriftWithinAFileIsWarnedOnce(t *testing.T) {
	var drifting strings.Builder
	for i := range 5 {
		key := "text"
		if i >= 2 {
			key = "content"
		}
		drifting.WriteString(answerWith(fmt.Sprint(i), `"retrieval":[{"id":"1","`+key+`":"Refunds are accepted within 30 days of delivery."}]`))
	}
	steady := answerWith("s", `"retrieval":[{"id":"1","text":"Refunds are accepted within 30 days of delivery."}]`)
	out, logged := runLog(t, 1, drifting.String(), steady)
	if n := strings.Count(logged, `msg="schema changed within the file"`); n != 1 {
		t.Fatalf("%d warnings, want one:\n%s", n, logged)
	}
	if !strings.Contains(logged, "log1.jsonl: the chunk text is under `text` in 2 chunks (first at line 1) and under `content` in 3 (first at line 3): the log's schema changed within the file") {
		t.Errorf("the warning:\n%s", logged)
	}
	want := []readers.KeyUse{{Field: "chunk_text", Key: "text", Count: 2, First: 1}, {Field: "chunk_text", Key: "content", Count: 3, First: 3}}
	var got []readers.KeyUse
	for _, u := range out.Inputs[0].KeysRead {
		if u.Field == "chunk_text" {
			got = append(got, u)
		}
	}
	if !reflect.DeepEqual(got, want) || len(out.Inputs[1].KeysRead) == 0 {
		t.Errorf("keys read %+v and %+v", out.Inputs[0].KeysRead, out.Inputs[1].KeysRead)
	}
}

// Shapes are listed most frequent first, then by keys, and at most
// MaxShapes of them; the others are counted, and so are those met once
// too many were being counted.
func TestShapesAreSortedAndBounded(t *testing.T) {
	var s shapes
	for i := range MaxShapes + 5 {
		for range i % 3 {
			s.add([]string{fmt.Sprintf("k%02d", i)}, "", "f:1")
		}
		s.add([]string{fmt.Sprintf("k%02d", i)}, "", "f:1")
	}
	listed, notListed := s.top()
	if len(listed) != MaxShapes || notListed != 5 {
		t.Fatalf("%d listed, %d not, want %d and 5", len(listed), notListed, MaxShapes)
	}
	for i := 1; i < len(listed); i++ {
		a, b := listed[i-1], listed[i]
		if a.Count < b.Count || a.Count == b.Count && a.Keys[0] > b.Keys[0] {
			t.Fatalf("%v before %v", a, b)
		}
	}
	var many shapes
	for i := range maxTrackedShapes + 3 {
		many.add([]string{fmt.Sprint(i)}, "", "f:1")
	}
	if _, n := many.top(); len(many.list) != maxTrackedShapes || n != maxTrackedShapes-MaxShapes+1 {
		t.Errorf("%d shapes held, %d not listed", len(many.list), n)
	}
}

// The shapes and the keys read do not depend on the number of workers.
func TestShapesAreTheSameForAnyWorkers(t *testing.T) {
	var log strings.Builder
	for i := range 30 {
		log.WriteString(answerWith(fmt.Sprint(i), fmt.Sprintf(`"retrieval":[{"id":"1","k%d":"x"}]`, i%7)))
	}
	one, _ := runLog(t, 1, log.String())
	four, _ := runLog(t, 4, log.String())
	for _, o := range []*Outcome{one, four} {
		for i := range o.Retrieval.ChunkShapes {
			o.Retrieval.ChunkShapes[i].First = filepath.Base(o.Retrieval.ChunkShapes[i].First)
		}
	}
	if !reflect.DeepEqual(one.Retrieval, four.Retrieval) {
		t.Errorf("1 worker: %+v\n4 workers: %+v", one.Retrieval, four.Retrieval)
	}
}

// An answer an adapter read without retrieval has no keys of its own to
// name: the warning says it logs none, not "only the keys ,".
func TestNoRetrievalOfAnAdapterNamesNoEmptyKeys(t *testing.T) {
	var log strings.Builder
	warnShapes(slog.New(slog.NewTextHandler(&log, nil)), &Retrieval{MessageShapes: []Shape{{Count: 1, First: "t.jsonl:4"}}}, false)
	if got := log.String(); !strings.Contains(got, "1 cited answer (first at t.jsonl:4) logs no retrieval") || strings.Contains(got, "keys ,") {
		t.Errorf("warning %q", got)
	}
}
