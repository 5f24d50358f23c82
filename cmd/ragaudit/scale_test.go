package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/shard"
)

// ragaudit runs ragaudit with args as given (no --out added) and returns its
// exit code and stderr.
func ragaudit(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var so, se bytes.Buffer
	code := run(context.Background(), append([]string{"ragaudit"}, args...), strings.NewReader(""), &so, &se)
	return code, se.String()
}

// reportDirFiles are the files a report directory holds, compared byte for
// byte between one machine's run and a merge of shards.
var reportDirFiles = []string{"summary.json", "summary.txt", "skipped.jsonl", "report.html", "findings.jsonl", "findings.csv"}

// sameReports fails unless two report directories hold the same bytes.
func sameReports(t *testing.T, one, merged string) {
	t.Helper()
	for _, f := range reportDirFiles {
		a, b := readFile(t, filepath.Join(one, f)), readFile(t, filepath.Join(merged, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between one machine (%d bytes) and the merge (%d bytes)", f, len(a), len(b))
		}
	}
}

// corpusDir writes a generated corpus of k files to dir: generated
// conversations (the same ids recur across files, as distinct ids must
// unite), broken lines, a record repeated within a file, an undated
// record, and a file of many small tenants (past the cap of named
// groups only when the files are taken together).
func corpusDir(t *testing.T, r *rand.Rand, dir string, k int) {
	t.Helper()
	for i := range k {
		var b bytes.Buffer
		if err := corpus.Write(context.Background(), &b, r.IntN(25), r.Uint64()); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if i == 0 || r.IntN(2) == 0 {
			text += "{not json\n"
		}
		if lines := strings.SplitAfter(text, "\n"); (i == 0 || r.IntN(2) == 0) && len(lines) > 2 {
			text += lines[0] // a record repeated within the file
		}
		if r.IntN(3) == 0 {
			text += `{"conversation_id":"undated","messages":[{"role":"user","content":"Refund window?"},{"role":"assistant","content":"Refunds take 30 days [1].","retrieval":[{"id":"1","text":"Refunds take 90 days."}]}]}` + "\n"
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("part-%02d.jsonl", i)), []byte(text), 0o644)
	}
	var many strings.Builder
	for i := range 700 {
		fmt.Fprintf(&many, `{"conversation_id":"t-%d","tenant":"tenant-%04d","timestamp":"2026-11-0%dT10:00:00Z","messages":[{"role":"user","content":"Price?"},{"role":"assistant","content":"It costs €%d [1].","retrieval":[{"id":"1","text":"It costs €%d."}]}]}`+"\n",
			i, i, 1+i%9, i%7, i%5)
	}
	os.WriteFile(filepath.Join(dir, "tenants-a.jsonl"), []byte(many.String()), 0o644)
	many.Reset()
	for i := range 700 {
		fmt.Fprintf(&many, `{"conversation_id":"u-%d","tenant":"tenant-%04d","timestamp":"2026-11-1%dT10:00:00Z","messages":[{"role":"user","content":"Price?"},{"role":"assistant","content":"It costs €%d [1].","retrieval":[{"id":"1","text":"It costs €%d."}]}]}`+"\n",
			i, 500+i, i%9, i%3, i%4)
	}
	os.WriteFile(filepath.Join(dir, "tenants-b.jsonl"), []byte(many.String()), 0o644)
}

// The property a sharded run stands on: for random corpora cut into random
// shards (balanced either way, run in any order), the merge writes the
// report directory one machine writes over the same inputs in the same
// order, byte for byte.
func TestRandomSplitsMergeToTheOneMachineReport(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	for trial := range 3 {
		r := rand.New(rand.NewPCG(uint64(trial), 26))
		t.Run(fmt.Sprintf("corpus %d", trial), func(t *testing.T) {
			dir := t.TempDir()
			logs := filepath.Join(dir, "logs")
			os.Mkdir(logs, 0o755)
			corpusDir(t, r, logs, 3+r.IntN(5))
			n := 1 + r.IntN(4)
			balance := shard.Balances[r.IntN(2)]
			run, plan := filepath.Join(dir, "run"), filepath.Join(dir, "plan.json")
			if code, se := ragaudit(t, "plan", "--shards", fmt.Sprint(n), "--balance", balance, "-o", plan, logs); code != 0 {
				t.Fatalf("plan: %d %s", code, se)
			}
			one := filepath.Join(dir, "one")
			if code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--junit", one+".xml", "--out", one); !decided(code) {
				t.Fatalf("one machine: exit %d: %s", code, se)
			}
			for _, i := range r.Perm(n) {
				if code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", fmt.Sprintf("%d/%d", i, n), "--out", run); code != 0 {
					t.Fatalf("shard %d/%d: exit %d: %s", i, n, code, se)
				}
			}
			merged := filepath.Join(dir, "merged")
			if code, se := ragaudit(t, "merge", "-q", "--junit", merged+".xml", "--out", merged, run); !decided(code) {
				t.Fatalf("merge: exit %d: %s", code, se)
			}
			sameReports(t, one, merged)
			if !bytes.Equal(readFile(t, one+".xml"), readFile(t, merged+".xml")) {
				t.Errorf("the JUnit files differ")
			}
			sum := string(readFile(t, filepath.Join(one, "summary.json")))
			for _, want := range []string{`"duplicate_record"`, `"(other tenants)"`} {
				if !strings.Contains(sum, want) && trial == 0 {
					t.Errorf("the corpus does not exercise %s", want)
				}
			}
		})
	}
}

// sharded makes a run of n shards over a small corpus: its logs, plan and
// run directory.
func sharded(t *testing.T, n int) (logs, plan, run string) {
	t.Helper()
	dir := t.TempDir()
	logs, plan, run = filepath.Join(dir, "logs"), filepath.Join(dir, "plan.json"), filepath.Join(dir, "run")
	os.Mkdir(logs, 0o755)
	for i := range 3 {
		if err := corpus.WriteFile(filepath.Join(logs, fmt.Sprintf("part-%d.jsonl", i)), 5, uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	if code, se := ragaudit(t, "plan", "--shards", fmt.Sprint(n), "-o", plan, logs); code != 0 {
		t.Fatalf("plan: %s", se)
	}
	return logs, plan, run
}

// What merge refuses, each with a message that says what to do.
func TestMergeRefusesRunsThatDoNotBelongTogether(t *testing.T) {
	t.Run("a unit without its state", func(t *testing.T) {
		_, plan, run := sharded(t, 2)
		ragaudit(t, "audit", "-q", "--plan", plan, "--shard", "0/2", "--out", run)
		code, se := ragaudit(t, "merge", "-q", "--out", t.TempDir()+"/m", run)
		if code != exitUsage || !strings.Contains(se, "units have no state yet") || !strings.Contains(se, "run their shards") {
			t.Errorf("exit %d: %s", code, se)
		}
	})
	t.Run("shards audited under two configurations", func(t *testing.T) {
		_, plan, run := sharded(t, 2)
		ragaudit(t, "audit", "-q", "--plan", plan, "--shard", "0/2", "--out", run)
		ragaudit(t, "audit", "-q", "--min-score", "0.4", "--plan", plan, "--shard", "1/2", "--out", run)
		code, se := ragaudit(t, "merge", "-q", "--out", t.TempDir()+"/m", run)
		if code != exitUsage || !strings.Contains(se, "audited under another configuration") {
			t.Errorf("exit %d: %s", code, se)
		}
	})
	t.Run("an input changed since the plan", func(t *testing.T) {
		logs, plan, run := sharded(t, 1)
		f, _ := os.OpenFile(filepath.Join(logs, "part-1.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("\n")
		f.Close()
		// The shard reading it refuses it, and so would the merge.
		code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", "0/1", "--out", run)
		if code != exitUsage || !strings.Contains(se, "part-1.jsonl changed since the plan") {
			t.Errorf("the shard: exit %d: %s", code, se)
		}
		code, se = ragaudit(t, "merge", "-q", "--out", t.TempDir()+"/m", run)
		if code != exitUsage {
			t.Errorf("the merge: exit %d: %s", code, se)
		}
	})
	t.Run("an input edited since the plan, its size kept", func(t *testing.T) {
		logs, plan, run := sharded(t, 1)
		p := filepath.Join(logs, "part-1.jsonl")
		b := readFile(t, p)
		b[len(b)-2] ^= 1 // a byte of its last record: the same size, another content
		os.WriteFile(p, b, 0o644)
		later := time.Now().Add(time.Minute)
		os.Chtimes(p, later, later)
		code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", "0/1", "--out", run)
		if code != exitUsage || !strings.Contains(se, "part-1.jsonl changed since the plan") || !strings.Contains(se, "modified") {
			t.Errorf("exit %d: %s", code, se)
		}
	})
	t.Run("a shard of another plan", func(t *testing.T) {
		logs, plan, run := sharded(t, 2)
		ragaudit(t, "audit", "-q", "--plan", plan, "--shard", "0/2", "--out", run)
		other := filepath.Join(t.TempDir(), "plan.json")
		ragaudit(t, "plan", "--shards", "2", "--balance", "hash", "-o", other, logs)
		code, se := ragaudit(t, "audit", "-q", "--plan", other, "--shard", "1/2", "--out", run)
		if code != exitUsage || !strings.Contains(se, "holds another plan") {
			t.Errorf("exit %d: %s", code, se)
		}
	})
}

// What a shard refuses, and what it does when run again.
func TestShardFlags(t *testing.T) {
	_, plan, run := sharded(t, 2)
	cases := []struct {
		name string
		args []string
		code int
		says string
	}{
		{"--last stays on one machine", []string{"--last", "200"}, exitUsage, "the five-minute audit stays on one machine"},
		{"the bar is the merge's", []string{"--bar", "0.8"}, exitUsage, "--bar is decided on the whole run: give it to ragaudit merge"},
		{"labels are the merge's", []string{"--labels", "x.jsonl"}, exitUsage, "--labels is decided on the whole run"},
		{"the index counts from 0", []string{"--shard", "2/2"}, exitUsage, "must be below 2"},
		{"a count other than the plan's", []string{"--shard", "1/3"}, exitUsage, "the plan has 2 shards"},
		{"auto without an engine", []string{"--shard", "auto"}, exitUsage, "no engine's index variable is set"},
		{"the judge's budget is the whole run's", []string{"--judge-url", "http://127.0.0.1:1/v1", "--judge-model", "m"}, exitUsage, "no shard sees"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"audit", "-q", "--plan", plan, "--out", run, "--shard", "0/2"}, tc.args...)
			code, se := ragaudit(t, args...)
			if code != tc.code || !strings.Contains(se, tc.says) {
				t.Errorf("exit %d (want %d): %s", code, tc.code, se)
			}
		})
	}
	t.Run("a retried shard leaves done units as they are", func(t *testing.T) {
		t.Setenv("SLURM_ARRAY_TASK_ID", "3")
		t.Setenv("SLURM_ARRAY_TASK_MIN", "2")
		t.Setenv("SLURM_ARRAY_TASK_COUNT", "2")
		if code, se := ragaudit(t, "audit", "--plan", plan, "--shard", "auto", "--out", run); code != 0 || !strings.Contains(se, "shard 1 of 2 (Slurm job array") {
			t.Fatalf("exit %d: %s", code, se)
		}
		code, se := ragaudit(t, "audit", "--plan", plan, "--shard", "auto", "--out", run)
		if code != 0 || !strings.Contains(se, "0 units audited") {
			t.Errorf("again: exit %d: %s", code, se)
		}
	})
}

// The reviewed-sample workflow on a sharded run: sample --from draws the
// sample one machine draws from the same inputs (the same citations, strata
// and order; only drawn_from names the run), and merge --labels gives the
// report one machine's audit --labels gives.
func TestSampleAndLabelsOfAShardedRun(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	dir := t.TempDir()
	logs := filepath.Join(dir, "logs")
	os.Mkdir(logs, 0o755)
	corpusDir(t, rand.New(rand.NewPCG(9, 9)), logs, 4)
	plan, run := filepath.Join(dir, "plan.json"), filepath.Join(dir, "run")
	ragaudit(t, "plan", "--shards", "3", "-o", plan, logs)
	for i := range 3 {
		if code, se := ragaudit(t, "audit", "-q", "--plan", plan, "--shard", fmt.Sprintf("%d/3", i), "--out", run); code != 0 {
			t.Fatal(se)
		}
	}
	one, from := filepath.Join(dir, "one.jsonl"), filepath.Join(dir, "from.jsonl")
	// One machine over the same inputs in the same order: the plan's.
	files, _ := filepath.Glob(filepath.Join(logs, "*"))
	if code, se := ragaudit(t, append([]string{"sample", "-q", "-n", "40", "--seed", "7", "-o", one}, files...)...); code != 0 {
		t.Fatalf("sample: %s", se)
	}
	if code, se := ragaudit(t, "sample", "-q", "-n", "40", "--seed", "7", "-o", from, "--from", run); code != 0 {
		t.Fatalf("sample --from: %s", se)
	}
	withoutSource := func(path string) []string {
		var out []string
		for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, path))), "\n") {
			var m map[string]any
			json.Unmarshal([]byte(line), &m)
			delete(m, "drawn_from")
			b, _ := json.Marshal(m)
			out = append(out, string(b))
		}
		return out
	}
	a, b := withoutSource(one), withoutSource(from)
	if len(a) != 40 || strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("sample --from differs from one machine's (%d and %d lines)", len(a), len(b))
	}
	// A reviewer's labels: every third citation judged unsupported.
	var labels strings.Builder
	for i, line := range strings.Split(strings.TrimSpace(string(readFile(t, from))), "\n") {
		label := "supported"
		if i%3 == 0 {
			label = "unsupported"
		}
		labels.WriteString(strings.TrimSuffix(line, "}") + `,"label":"` + label + `","reviewer":"alice"}` + "\n")
	}
	lf := filepath.Join(dir, "labels.jsonl")
	os.WriteFile(lf, []byte(labels.String()), 0o644)
	oneOut, mergedOut := filepath.Join(dir, "one"), filepath.Join(dir, "merged")
	c1, se1 := ragaudit(t, "audit", "-q", "--plan", plan, "--labels", lf, "--bar", "0.5", "--out", oneOut)
	c2, se2 := ragaudit(t, "merge", "-q", "--labels", lf, "--bar", "0.5", "--out", mergedOut, run)
	if c1 != c2 || c1 == exitUsage {
		t.Fatalf("exit %d (%s) and %d (%s)", c1, se1, c2, se2)
	}
	sameReports(t, oneOut, mergedOut)
	if !strings.Contains(string(readFile(t, filepath.Join(mergedOut, "summary.json"))), `"verified"`) {
		t.Errorf("the merged summary has no verified rate")
	}
}

// Without a plan, each shard lists its inputs itself and writes the plan
// into the run; a shard that lists another set (a file added meanwhile)
// is refused, since the shards would not cover one set of inputs.
func TestShardsWithoutAPlanListTheSameInputs(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	logs, _, run := sharded(t, 2)
	files, _ := filepath.Glob(filepath.Join(logs, "*"))
	for _, i := range []string{"1/2", "0/2"} {
		if code, se := ragaudit(t, append([]string{"audit", "-q", "--shard", i, "--out", run}, files...)...); code != 0 {
			t.Fatalf("shard %s: %s", i, se)
		}
	}
	merged, one := filepath.Join(t.TempDir(), "m"), filepath.Join(t.TempDir(), "one")
	ragaudit(t, "merge", "-q", "--out", merged, run)
	ragaudit(t, "audit", "-q", "--plan", filepath.Join(run, "plan.json"), "--out", one)
	sameReports(t, one, merged)
	corpus.WriteFile(filepath.Join(logs, "part-9.jsonl"), 3, 9)
	files, _ = filepath.Glob(filepath.Join(logs, "*"))
	code, se := ragaudit(t, append([]string{"audit", "-q", "--shard", "0/2", "--out", run}, files...)...)
	if code != exitUsage || !strings.Contains(se, "holds another plan") {
		t.Errorf("a shard listing another set: exit %d: %s", code, se)
	}
}

// Runs merged together are one run of their units in order: a month
// merged from its days is the month audited at once.
func TestRunsMergeInOrder(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	dir := t.TempDir()
	var runs, files []string
	for d := range 2 {
		logs := filepath.Join(dir, fmt.Sprintf("day-%d", d))
		os.Mkdir(logs, 0o755)
		for i := range 2 {
			f := filepath.Join(logs, fmt.Sprintf("part-%d.jsonl", i))
			corpus.WriteFile(f, 4, uint64(10*d+i))
			files = append(files, f)
		}
		run := filepath.Join(dir, fmt.Sprintf("run-%d", d))
		if code, se := ragaudit(t, append([]string{"audit", "-q", "--shard", "0/1", "--out", run}, files[len(files)-2:]...)...); code != 0 {
			t.Fatal(se)
		}
		runs = append(runs, run)
	}
	merged, one := filepath.Join(dir, "m"), filepath.Join(dir, "one")
	if code, se := ragaudit(t, append([]string{"merge", "-q", "--out", merged}, runs...)...); !decided(code) {
		t.Fatal(se)
	}
	ragaudit(t, append([]string{"audit", "-q", "--out", one}, files...)...)
	sameReports(t, one, merged)
	// --findings none: the same report but the findings, which are the
	// runs' Parquet files.
	lean := filepath.Join(dir, "lean")
	ragaudit(t, append([]string{"merge", "-q", "--findings", "none", "--out", lean}, runs...)...)
	for _, f := range reportDirFiles {
		_, err := os.Stat(filepath.Join(lean, f))
		if strings.HasPrefix(f, "findings.") != os.IsNotExist(err) {
			t.Errorf("--findings none: %s: %v", f, err)
		} else if err == nil && !bytes.Equal(readFile(t, filepath.Join(one, f)), readFile(t, filepath.Join(lean, f))) {
			t.Errorf("--findings none: %s differs from one machine's", f)
		}
	}
}

// A project file's bar and gates are the merge's, as they are one
// machine's: the shards leave them to it rather than refuse them, and the
// merge reads the file, so the merged report is the one-machine report.
func TestProjectFileOfAShardedRun(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000") // report.html's time, or the two differ at a second's turn
	_, plan, run := sharded(t, 2)
	project := filepath.Join(t.TempDir(), "ragaudit.yaml")
	if err := os.WriteFile(project, []byte("bar: 99%\nfail-on:\n  - fabricated\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(t.TempDir(), "one")
	oneCode, se := ragaudit(t, "audit", "-q", "--project", project, "--plan", plan, "--out", one)
	if oneCode != exitFail {
		t.Fatalf("one machine: exit %d, want %d (the project's 99%% bar): %s", oneCode, exitFail, se)
	}
	for i := range 2 {
		if code, se := ragaudit(t, "audit", "-q", "--project", project, "--plan", plan, "--shard", fmt.Sprintf("%d/2", i), "--out", run); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, se)
		}
	}
	merged := filepath.Join(t.TempDir(), "merged")
	if code, se := ragaudit(t, "merge", "-q", "--project", project, "--out", merged, run); code != oneCode {
		t.Fatalf("merge: exit %d, want %d: %s", code, oneCode, se)
	}
	sameReports(t, one, merged)
}

// decided reports whether an exit code is a run's status (PASS, FAIL,
// INCONCLUSIVE above or below the bar), not an error or a run without
// data.
func decided(code int) bool {
	return code == exitPass || code == exitFail || code == exitInconclusive || code == exitInconclusiveBelow
}
