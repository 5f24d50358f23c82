package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Nothing to measure is a data problem, not a quality failure: status
// NO_DATA, exit 2, and the cause in one line — never "n/a … FAIL", exit 1.
func TestNothingToMeasureIsNoDataExit2(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name  string
		stdin string
		args  []string
		cause string
	}{
		{"an empty file", "", []string{write("empty.jsonl", "")}, "the input holds no record"},
		{"empty stdin", "", []string{"-"}, "the input holds no record"},
		{"answers without markers", "", []string{write("nomarkers.jsonl", `{"conversation_id":"a","messages":[{"role":"user","content":"Hi?"},{"role":"assistant","content":"Refunds take 30 days.","retrieval":[{"id":"1","text":"Refunds take 30 days."}]}]}`+"\n")},
			"none of the 1 answer(s) cites anything"},
		{"only web citations", "", []string{filepath.Join(testdata, "formats", "openai-chat-completions-url-citation.json")}, "none of the 2 citation(s) can be audited"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.stdin, append([]string{"audit", "-q"}, tc.args...)...)
			if r.code != exitUsage {
				t.Errorf("exit %d, want %d", r.code, exitUsage)
			}
			if strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "nothing to measure: "+tc.cause) {
				t.Errorf("stderr %q, want one line with the cause %q", r.stderr, tc.cause)
			}
			sum := summaryOf(t, r)
			if sum["status"] != "NO_DATA" || !strings.HasPrefix(sum["status_detail"].(string), tc.cause) {
				t.Errorf("status %v: %v", sum["status"], sum["status_detail"])
			}
			if !strings.Contains(r.stdout, "NO DATA: "+tc.cause) || strings.Contains(r.stdout, "FAIL") {
				t.Errorf("text summary %q", r.stdout)
			}
		})
	}
}

// --fail-on gates on more than the rate: the audit passes the bar but
// fails the gate (exit 1, the gate named), and passes with a looser limit.
func TestFailOnGatesOnCounts(t *testing.T) {
	ex := testdata + "/example.jsonl"
	r := runCLI(t, "", "audit", "-q", "--bar", "0.5", "--fail-on", "fabricated", "--fail-on", "uncited=5", ex)
	if r.code != exitFail || !strings.Contains(r.stderr, "--fail-on fabricated failed: 2 fabricated citations") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	sum := summaryOf(t, r)
	gates := sum["gates"].([]any)
	if len(gates) != 2 || gates[0].(map[string]any)["pass"] != false || gates[1].(map[string]any)["pass"] != true || sum["status"] != "FAIL" {
		t.Errorf("gates %v, status %v", gates, sum["status"])
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0.5", "--fail-on", "fabricated=2", "--fail-on", "uncited=5%", ex); r.code != exitPass {
		t.Errorf("looser limits: exit %d, %s", r.code, r.stderr)
	}
	for _, bad := range []string{"fabricatd", "uncited=many", "drop=5%"} {
		if r := runCLI(t, "", "audit", "-q", "--fail-on", bad, ex); r.code != exitUsage || !strings.Contains(r.stderr, "--fail-on") {
			t.Errorf("--fail-on %s: exit %d, %q", bad, r.code, r.stderr)
		}
	}
}

// --baseline shows how the rate and each tenant's rate changed, and
// --fail-on drop gates on a fall.
func TestBaselineShowsTheChangeAndGatesOnADrop(t *testing.T) {
	good := runCLI(t, "", "audit", "-q", "--bar", "0", "--tenant", "globex", testdata+"/example.jsonl")
	base := filepath.Join(good.out, "summary.json")
	worse := filepath.Join(t.TempDir(), "worse.jsonl")
	// The same logs with one supported globex citation made unsupported.
	b := strings.Replace(string(readFile(t, testdata+"/example.jsonl")), "Unused months are refunded pro rata [1]", "Unused months are refunded in full within 90 days [1]", 1)
	if !strings.Contains(b, "within 90 days [1]") {
		t.Fatal("the example changed: adapt the edit")
	}
	os.WriteFile(worse, []byte(b), 0o644)
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--tenant", "globex", "--baseline", base, "--fail-on", "drop=1%", worse)
	sum := summaryOf(t, r)
	bl, _ := sum["baseline"].(map[string]any)
	if bl == nil || bl["change"].(float64) >= 0 || r.code != exitFail || !strings.Contains(r.stdout, "Since the baseline") {
		t.Errorf("exit %d, baseline %v, stdout %q", r.code, bl, r.stdout)
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0", "--tenant", "globex", "--baseline", base, "--fail-on", "drop=50%", worse); r.code != exitPass {
		t.Errorf("a drop within the limit: exit %d %s", r.code, r.stderr)
	}
}

// A run without data has no rate: as a baseline, or as the run compared
// with one, it is not compared (its 0 is no rate of 0), and a drop gate
// says so rather than passing or failing on it.
func TestBaselineWithoutDataIsNotCompared(t *testing.T) {
	ex := testdata + "/example.jsonl"
	junit := filepath.Join(t.TempDir(), "junit.xml")
	empty := runCLI(t, "", "audit", "-q", "--junit", junit, "--tenant", "nobody", ex)
	full := runCLI(t, "", "audit", "-q", "--bar", "0", ex)
	if summaryOf(t, empty)["status"] != "NO_DATA" {
		t.Fatalf("the empty run: %v", summaryOf(t, empty)["status"])
	}
	if strings.Contains(string(readFile(t, junit)), "machine_citation_accuracy") {
		t.Error("JUnit gives a run without data a machine rate")
	}
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--fail-on", "drop=2%", "--baseline", filepath.Join(empty.out, "summary.json"), ex)
	bl, _ := summaryOf(t, r)["baseline"].(map[string]any)
	if r.code != exitPass || bl == nil || bl["not_compared"] != "the baseline had no data" || !strings.Contains(r.stdout, "not compared: the baseline had no data") || strings.Contains(r.stdout, "0.0% →") {
		t.Errorf("against an empty baseline: exit %d, baseline %v\n%s", r.code, bl, r.stdout)
	}
	r = runCLI(t, "", "audit", "-q", "--bar", "0", "--tenant", "nobody", "--fail-on", "drop=2%", "--baseline", filepath.Join(full.out, "summary.json"), ex)
	if r.code != exitUsage || summaryOf(t, r)["status"] != "NO_DATA" || strings.Contains(r.stdout, "points") {
		t.Errorf("an empty run against a baseline: exit %d\n%s", r.code, r.stdout)
	}
}

// --junit writes one test case per conversation, failing with its failing
// citations; the XML parses and its counts match the cases.
func TestJUnitOneCasePerConversation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "junit.xml")
	runCLI(t, "", "audit", "-q", "--junit", path, testdata+"/payloads.jsonl")
	runCLI(t, "", "audit", "-q", "--junit", path, testdata+"/example.jsonl")
	var doc struct {
		Tests int `xml:"tests,attr"`
		Suite struct {
			Failures int `xml:"failures,attr"`
			Cases    []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Text string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(readFile(t, path), &doc); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, c := range doc.Suite.Cases {
		if c.Failure != nil {
			failed++
		}
		if c.Name == "c-0003" && (c.Failure == nil || !strings.Contains(c.Failure.Text, `"€15.00" is not in chunk 1`)) {
			t.Errorf("c-0003: %+v", c.Failure)
		}
	}
	if doc.Tests != 11 || len(doc.Suite.Cases) != 11 || failed != doc.Suite.Failures || failed == 0 {
		t.Errorf("tests %d, cases %d, failures %d of %d", doc.Tests, len(doc.Suite.Cases), failed, doc.Suite.Failures)
	}
}

// On GitHub Actions, the result and the worst failures are annotations and
// the job summary is written; text from the logs cannot inject commands or
// markup.
func TestGitHubActionsAnnotationsAndStepSummary(t *testing.T) {
	summary := filepath.Join(t.TempDir(), "step.md")
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", summary)
	r := runCLI(t, "", "audit", "-q", testdata+"/payloads.jsonl")
	if !strings.Contains(r.stdout, "::error title=ragaudit FAIL::Citation accuracy 25.0%25") {
		t.Errorf("no result annotation in %q", r.stdout)
	}
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(line, "::warning file=") && strings.Count(line, "::") != 2 {
			t.Errorf("an annotation carries a second command: %q", line)
		}
	}
	md := string(readFile(t, summary))
	if !strings.Contains(md, "## ragaudit: ❌ FAIL") || strings.Contains(md, "<b>") || strings.Contains(md, "=HYPERLINK(\"http") {
		t.Errorf("step summary:\n%s", md)
	}
	// A job summary the runner's file refuses is a warning: the audit's
	// status and exit code stand.
	t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(t.TempDir(), "no-such-dir", "step.md"))
	if r := runCLI(t, "", "audit", "-q", "--bar", "0", testdata+"/example.jsonl"); r.code != exitPass || !strings.Contains(r.stderr, "job summary (GITHUB_STEP_SUMMARY) was not written") {
		t.Errorf("an unwritable job summary: exit %d, %q", r.code, r.stderr)
	}
}

// A project file keeps flags in version control; flags given on the
// command line win; a mistyped key is refused with the key meant.
func TestProjectFile(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	os.WriteFile(filepath.Join(dir, "ragaudit.yaml"), []byte("bar: 50%\nfail-on: [uncited=5]\ntenant: [acme, globex]\n"), 0o644)
	ex, _ := filepath.Abs(testdata + "/example.jsonl")
	t.Chdir(sub)
	r := runCLI(t, "", "audit", "-q", ex)
	sum := summaryOf(t, r)
	if sum["bar"] != 0.5 || r.code != exitPass || sum["config"].(map[string]any)["project"] != "../ragaudit.yaml" {
		t.Errorf("from the project file: exit %d, bar %v, config %v", r.code, sum["bar"], sum["config"])
	}
	if !strings.Contains(r.stdout, "Settings from project file ../ragaudit.yaml") {
		t.Errorf("the summary does not name the project file:\n%s", r.stdout)
	}
	if tenants := sum["config"].(map[string]any)["tenants"].([]any); len(tenants) != 2 {
		t.Errorf("tenants %v", tenants)
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0.95", ex); summaryOf(t, r)["bar"] != 0.95 || r.code != exitFail {
		t.Errorf("the flag must win: exit %d", r.code)
	}
	if r := runCLI(t, "", "audit", "-q", "--no-project", ex); summaryOf(t, r)["bar"] != 0.9 {
		t.Error("--no-project still read the file")
	}
	// Outside a repository, a parent's file is not read.
	os.Remove(filepath.Join(dir, ".git"))
	if r := runCLI(t, "", "audit", "-q", ex); summaryOf(t, r)["bar"] != 0.9 || strings.Contains(r.stdout, "project file") {
		t.Errorf("outside a repository a parent's project file was read: bar %v", summaryOf(t, r)["bar"])
	}
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, "ragaudit.yaml"), []byte("barr: 0.5\n"), 0o644)
	if r := runCLI(t, "", "audit", "-q", ex); r.code != exitUsage || !strings.Contains(r.stderr, `unknown key "barr": did you mean "bar"?`) {
		t.Errorf("a mistyped key: exit %d %q", r.code, r.stderr)
	}
}

// A log whose chunks are under another key is not a log of fabricated
// citations: each such answer is warned of with the keys it has, and when
// no record logs its retrieval the run stops with exit 2 and a --mapping
// hint.
func TestChunksUnderAnotherKeyAreNoData(t *testing.T) {
	in := filepath.Join(t.TempDir(), "hits.jsonl")
	os.WriteFile(in, []byte(strings.ReplaceAll(string(readFile(t, testdata+"/example.jsonl")), `"retrieval"`, `"hits"`)), 0o644)
	r := runCLI(t, "", "audit", "--strict", in)
	if r.code != exitUsage || !strings.Contains(r.stderr, "no record logs what was retrieved") || !strings.Contains(r.stderr, "--mapping") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, `msg="no retrieval logged"`) || !strings.Contains(r.stderr, "message_keys=content,hits,role") {
		t.Errorf("no warning naming the keys: %q", r.stderr)
	}
	if summaryOf(t, r)["status"] != "NO_DATA" {
		t.Errorf("status %v", summaryOf(t, r)["status"])
	}
	if !strings.Contains(r.stdout, "0 fabricated, 21 not auditable (21 no retrieval logged)") {
		t.Errorf("the citations are not said to be unauditable for want of retrieval:\n%s", r.stdout)
	}
}

// A baseline made under another configuration is compared, and the
// change is said not to be quality alone.
func TestBaselineUnderAnotherConfigurationIsSaidSo(t *testing.T) {
	base := runCLI(t, "", "audit", "-q", "--bar", "0", "--threshold", "0.9", testdata+"/example.jsonl")
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--baseline", filepath.Join(base.out, "summary.json"), testdata+"/example.jsonl")
	if bl := summaryOf(t, r)["baseline"].(map[string]any); bl["configuration_changed"] != true || !strings.Contains(r.stdout, "not quality alone") {
		t.Errorf("baseline %v, stdout %q", bl, r.stdout)
	}
	same := runCLI(t, "", "audit", "-q", "--bar", "0", "--baseline", filepath.Join(base.out, "summary.json"), "--threshold", "0.9", testdata+"/example.jsonl")
	if strings.Contains(same.stdout, "not quality alone") {
		t.Error("the same configuration is said to differ")
	}
}
