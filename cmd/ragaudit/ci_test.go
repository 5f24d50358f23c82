package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Nothing to measure is a data problem, not a quality failure: status
// NO_DATA, exit 2, and the cause in one line — never "n/a … FAIL", exit 1.
func TestNothingToMeasureIsNoDataExit4(t *testing.T) {
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
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.stdin, append([]string{"audit", "-q"}, tc.args...)...)
			if r.code != exitNoData {
				t.Errorf("exit %d, want %d", r.code, exitNoData)
			}
			if r.stderr != "" { // -q: the status line on stdout says it
				t.Errorf("-q also says on stderr %q", r.stderr)
			}
			sum := summaryOf(t, r)
			if sum["status"] != "NO_DATA" || !strings.HasPrefix(sum["status_detail"].(string), tc.cause) {
				t.Errorf("status %v: %v", sum["status"], sum["status_detail"])
			}
			if strings.Count(r.stdout, "\n") != 1 || !strings.HasPrefix(r.stdout, "NO_DATA: nothing to measure: "+tc.cause) {
				t.Errorf("-q prints %q, want the status line alone", r.stdout)
			}
			if !strings.Contains(r.text, "NO_DATA: nothing to measure: "+tc.cause) || strings.Contains(r.text, "FAIL") {
				t.Errorf("text summary %q", r.text)
			}
		})
	}
}

// A run none of whose citations could be checked is INCOMPLETE (exit 5),
// never NO_DATA (an empty day) nor a rate: web citations name a page, not
// its text.
func TestOnlyUncheckableCitationsAreIncomplete(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", filepath.Join(testdata, "formats", "openai-chat-completions-url-citation.json"))
	if r.code != exitIncomplete || r.stderr != "" {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	sum := summaryOf(t, r)
	cov := sum["coverage"].(map[string]any)
	if sum["status"] != "INCOMPLETE" || cov["checked"] != 0.0 || cov["not_checked"] != 2.0 {
		t.Errorf("status %v, coverage %v", sum["status"], cov)
	}
	if !strings.HasPrefix(r.stdout, "INCOMPLETE: only 0 of 2 citations (0.0%) could be checked") ||
		!strings.Contains(r.text, "Citation accuracy: n/a: none of the 2 citations could be checked") {
		t.Errorf("status line %q, text summary %q", r.stdout, r.text)
	}
}

// --fail-on gates on more than the rate: the audit passes the bar but
// fails the gate (exit 1, the gate named), and passes with a looser limit.
func TestFailOnGatesOnCounts(t *testing.T) {
	ex := testdata + "/example.jsonl"
	r := runCLI(t, "", "audit", "-q", "--bar", "0.5", "--fail-on", "fabricated", "--fail-on", "uncited=5", ex)
	if r.code != exitFail || !strings.Contains(r.stdout, "--fail-on fabricated failed: 2 fabricated citations") {
		t.Errorf("exit %d, stdout %q", r.code, r.stdout)
	}
	sum := summaryOf(t, r)
	gates := sum["gates"].([]any)
	if len(gates) != 2 || gates[0].(map[string]any)["pass"] != false || gates[1].(map[string]any)["pass"] != true || sum["status"] != "FAIL" {
		t.Errorf("gates %v, status %v", gates, sum["status"])
	}
	if r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "100%", "--bar", "0.5", "--fail-on", "fabricated=2", "--fail-on", "uncited=5%", ex); r.code != exitPass {
		t.Errorf("looser limits: exit %d, %s", r.code, r.stderr)
	}
	for _, bad := range []string{"fabricatd", "uncited=many", "drop=5%"} {
		if r := runCLI(t, "", "audit", "-q", "--fail-on", bad, ex); r.code != exitUsage || !strings.Contains(r.stderr, "--fail-on") {
			t.Errorf("--fail-on %s: exit %d, %q", bad, r.code, r.stderr)
		}
	}
	// A decimal comma is refused with the limit written with a point.
	for bad, want := range map[string]string{"uncited=2,5%": "uncited=2.5%", "fabricated=1,5": "fabricated=1.5"} {
		if r := runCLI(t, "", "audit", "-q", "--fail-on", bad, ex); r.code != exitUsage || !strings.Contains(r.stderr, "write the decimal with a point: "+want) {
			t.Errorf("--fail-on %s: exit %d, %q; want it to suggest %s", bad, r.code, r.stderr, want)
		}
	}
	for _, flag := range []string{"--bar", "--min-checked"} {
		if r := runCLI(t, "", "audit", "-q", flag, "90,5%", ex); r.code != exitUsage || !strings.Contains(r.stderr, "write the decimal with a point: 90.5%") {
			t.Errorf("%s 90,5%%: exit %d, %q; want it to suggest 90.5%%", flag, r.code, r.stderr)
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
	if bl == nil || bl["change"].(float64) >= 0 || r.code != exitFail || !strings.Contains(r.text, "Since the baseline") {
		t.Errorf("exit %d, baseline %v, summary %q", r.code, bl, r.text)
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0", "--tenant", "globex", "--baseline", base, "--fail-on", "drop=50%", worse); r.code != exitPass {
		t.Errorf("a drop within the limit: exit %d %s", r.code, r.stderr)
	}
}

// A --tenant or --agent that matches no record where the log writes the
// name in another case, or a letter or two away, is a typo, not an empty
// day: exit 2 naming the name the log writes; a name the log does not
// hold at all is NO_DATA.
func TestAFilterInAnotherCaseOrATypoIsAUsageError(t *testing.T) {
	ex := testdata + "/example.jsonl"
	r := runCLI(t, "", "audit", "-q", "--tenant", "Globex", ex)
	if r.code != exitUsage || !strings.Contains(r.stderr, `--tenant "Globex" matches no record, but the log names "globex"`) {
		t.Errorf("--tenant Globex: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "-q", "--tenant", "Globex", "--tenant", "acme", ex); r.code == exitUsage {
		t.Errorf("a second --tenant that matches: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "-q", "--tenant", "globexx", ex); r.code != exitUsage || !strings.Contains(r.stderr, `--tenant "globexx" matches no record, but the log names "globex"`) {
		t.Errorf("--tenant globexx: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "-q", "--tenant", "nobody", ex); r.code != exitNoData {
		t.Errorf("--tenant nobody: exit %d", r.code)
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
	if r.code != exitPass || bl == nil || bl["not_compared"] != "the baseline had no data" || !strings.Contains(r.text, "not compared: the baseline had no data") || strings.Contains(r.text, "0.0% →") {
		t.Errorf("against an empty baseline: exit %d, baseline %v\n%s", r.code, bl, r.text)
	}
	r = runCLI(t, "", "audit", "-q", "--bar", "0", "--tenant", "nobody", "--fail-on", "drop=2%", "--baseline", filepath.Join(full.out, "summary.json"), ex)
	if r.code != exitNoData || summaryOf(t, r)["status"] != "NO_DATA" || strings.Contains(r.text, "points") {
		t.Errorf("an empty run against a baseline: exit %d\n%s", r.code, r.text)
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
	failed, rateCase := 0, false
	for _, c := range doc.Suite.Cases {
		if c.Failure != nil {
			failed++
		}
		// the machine's rate below the bar but within its false alarms:
		// INCONCLUSIVE, a case of its own beside the conversations'
		rateCase = rateCase || c.Name == "citation accuracy (machine verdicts)" && c.Failure != nil && strings.Contains(c.Failure.Text, "--machine-false-alarms")
		if c.Name == "c-0003" && (c.Failure == nil || !strings.Contains(c.Failure.Text, `"€15.00" is not in chunk 1`)) {
			t.Errorf("c-0003: %+v", c.Failure)
		}
	}
	if doc.Tests != 12 || len(doc.Suite.Cases) != 12 || failed != doc.Suite.Failures || failed == 0 || !rateCase {
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
	r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-false-alarms", "45%", testdata+"/payloads.jsonl")
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
	os.WriteFile(filepath.Join(dir, "ragaudit.yaml"), []byte("bar: 30%\nfail-on: [uncited=5]\ntenant: [acme, globex]\naccept-machine: true\nmachine-recall: 100%\n"), 0o644)
	ex, _ := filepath.Abs(testdata + "/example.jsonl")
	t.Chdir(sub)
	r := runCLI(t, "", "audit", "-q", ex)
	sum := summaryOf(t, r)
	if sum["bar"] != 0.3 || r.code != exitPass || sum["config"].(map[string]any)["project"] != "../ragaudit.yaml" || sum["config"].(map[string]any)["accept_machine"] != true {
		t.Errorf("from the project file: exit %d, bar %v, config %v", r.code, sum["bar"], sum["config"])
	}
	if !strings.Contains(r.text, "Settings from project file ../ragaudit.yaml") {
		t.Errorf("the summary does not name the project file:\n%s", r.text)
	}
	if tenants := sum["config"].(map[string]any)["tenants"].([]any); len(tenants) != 2 {
		t.Errorf("tenants %v", tenants)
	}
	// accept-machine lets the machine's verdicts pass, and every headline
	// says that is what passed.
	if !strings.HasPrefix(r.stdout, "PASS (machine verdicts, not verified): ") {
		t.Errorf("the status line does not say the pass is the machine's: %q", r.stdout)
	}
	if html := string(readFile(t, filepath.Join(r.out, "report.html"))); !strings.Contains(html, `<small id="machine-pass">machine verdicts, not verified</small>`) {
		t.Error("report.html's headline does not say the pass is the machine's")
	}
	if d, _ := sum["status_detail"].(string); !strings.Contains(d, "not verified") {
		t.Errorf("summary.json's status_detail does not say the pass is the machine's: %q", d)
	}
	// Without it, the same run is INCONCLUSIVE and names the way to verify,
	// and JUnit fails a case of the rate though every answer's may pass.
	junit := filepath.Join(t.TempDir(), "junit.xml")
	if r := runCLI(t, "", "audit", "-q", "--accept-machine=false", "--junit", junit, ex); r.code != exitInconclusive || !strings.Contains(r.stdout, "not a verified rate") || !strings.Contains(r.stdout, "ragaudit sample -n") {
		t.Errorf("without accept-machine: exit %d, %q", r.code, r.stdout)
	}
	if x := string(readFile(t, junit)); !strings.Contains(x, `name="citation accuracy (machine verdicts)"><failure message="INCONCLUSIVE"`) {
		t.Errorf("JUnit does not fail the machine's undecided rate:\n%s", x)
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0.95", ex); summaryOf(t, r)["bar"] != 0.95 || r.code != exitFail {
		t.Errorf("the flag must win: exit %d", r.code)
	}
	if r := runCLI(t, "", "audit", "-q", "--no-project", ex); summaryOf(t, r)["bar"] != 0.9 {
		t.Error("--no-project still read the file")
	}
	// Outside a repository, a parent's file is not read.
	os.Remove(filepath.Join(dir, ".git"))
	if r := runCLI(t, "", "audit", "-q", ex); summaryOf(t, r)["bar"] != 0.9 || strings.Contains(r.text, "project file") {
		t.Errorf("outside a repository a parent's project file was read: bar %v", summaryOf(t, r)["bar"])
	}
	os.Mkdir(filepath.Join(dir, ".git"), 0o755)
	os.WriteFile(filepath.Join(dir, "ragaudit.yaml"), []byte("barr: 0.5\n"), 0o644)
	if r := runCLI(t, "", "audit", "-q", ex); r.code != exitUsage || !strings.Contains(r.stderr, `unknown key "barr": did you mean "bar"?`) {
		t.Errorf("a mistyped key: exit %d %q", r.code, r.stderr)
	}
}

// A log whose chunks are under a key ragaudit does not read is not a log
// of fabricated citations: each such answer is warned of with the keys it
// has, and the run is INCOMPLETE (exit 5), naming the keys and --mapping.
func TestChunksUnderAnotherKeyAreIncomplete(t *testing.T) {
	in := filepath.Join(t.TempDir(), "kb_hits.jsonl")
	os.WriteFile(in, []byte(strings.ReplaceAll(string(readFile(t, testdata+"/example.jsonl")), `"retrieval"`, `"kb_hits"`)), 0o644)
	r := runCLI(t, "", "audit", "--strict", in)
	if r.code != exitIncomplete || !strings.Contains(r.stderr, "could be checked") || !strings.Contains(r.stderr, "`kb_hits`") || !strings.Contains(r.stderr, "--mapping") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, `msg="no retrieval logged"`) || !strings.Contains(r.stderr, "message_keys=content,kb_hits,role") {
		t.Errorf("no warning naming the keys: %q", r.stderr)
	}
	if summaryOf(t, r)["status"] != "INCOMPLETE" {
		t.Errorf("status %v", summaryOf(t, r)["status"])
	}
	if !strings.Contains(r.text, "0 fabricated, 21 not auditable (21 no retrieval logged)") {
		t.Errorf("the citations are not said to be unauditable for want of retrieval:\n%s", r.text)
	}
}

// A mapping that names the chunks' id under a key they do not have is no
// log of made-up citations: "[doc-1]" cannot be told from a chunk logged
// without its id, so the run is INCOMPLETE (exit 5), naming the cause and
// the fix; the right key audits the same log.
func TestChunkIDsNotLoggedAreIncomplete(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "turns.jsonl")
	os.WriteFile(in, []byte(`{"sid": "s-1", "q": "How long do refunds take?", "a": "Refunds are issued within 30 days of delivery [doc-1].", "docs": [{"doc_id": "doc-1", "body": "Refunds are issued within 30 days of delivery. After that we give store credit."}]}
{"sid": "s-2", "q": "How long is shipping?", "a": "Standard shipping takes 2 working days [doc-2].", "docs": [{"doc_id": "doc-2", "body": "Standard shipping takes 2 working days and costs 4.95 euros."}]}
`), 0o644)
	mapping := func(id string) string {
		m := filepath.Join(dir, id+".yaml")
		os.WriteFile(m, []byte("name: shop\nversion: 1\nunit: turn\nconversation: {id: sid}\nturn:\n  user: q\n  assistant: a\n  retrieval:\n    list: docs\n    fields: {id: "+id+", text: body}\n"), 0o644)
		return m
	}
	r := runCLI(t, "", "audit", "--mapping", mapping("id"), in)
	if r.code != exitIncomplete || !strings.Contains(r.stderr, "without ids") || !strings.Contains(r.stderr, "--mapping") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.text, "0 fabricated, 2 not auditable (2 chunk ids absent)") {
		t.Errorf("the citations are not said to be unauditable for want of ids:\n%s", r.text)
	}
	if r := runCLI(t, "", "audit", "-q", "--bar", "0", "--mapping", mapping("doc_id"), in); !strings.Contains(r.text, "Citations: 2 supported") {
		t.Errorf("with the right key: exit %d\n%s", r.code, r.text)
	}
}

// A baseline made under another configuration is compared, and the
// change is said not to be quality alone.
func TestBaselineUnderAnotherConfigurationIsSaidSo(t *testing.T) {
	base := runCLI(t, "", "audit", "-q", "--bar", "0", "--threshold", "0.9", testdata+"/example.jsonl")
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--baseline", filepath.Join(base.out, "summary.json"), testdata+"/example.jsonl")
	if bl := summaryOf(t, r)["baseline"].(map[string]any); bl["configuration_changed"] != true || !strings.Contains(r.text, "not quality alone") {
		t.Errorf("baseline %v, summary %q", bl, r.text)
	}
	same := runCLI(t, "", "audit", "-q", "--bar", "0", "--baseline", filepath.Join(base.out, "summary.json"), "--threshold", "0.9", testdata+"/example.jsonl")
	if strings.Contains(same.text, "not quality alone") {
		t.Error("the same configuration is said to differ")
	}
}

// -q prints the status line alone on stdout — the line the full summary
// starts its verdict with — and nothing on stderr: the exit code and that
// line say it all; the report is written all the same.
func TestQuietPrintsOnlyTheStatusLine(t *testing.T) {
	ex := testdata + "/example.jsonl"
	cases := []struct {
		name, want, stderr string
		args               []string
		code               int
	}{
		{"below the bar", "FAIL: citation accuracy 71.4% is below the bar 90.0% (21 citations; machine verdicts, not verified)\n", "",
			[]string{"--accept-machine", "--machine-false-alarms", "0", ex}, exitFail},
		{"below the bar, but the machine's verdicts alone",
			"INCONCLUSIVE: the machine's rate 71.4% is below the bar 90.0%, but it is the machine's verdicts, not a verified rate: they fail faithful paraphrases too, so the true rate can be higher; verify it with a reviewed sample (ragaudit sample -n 19 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); --accept-machine would not fail it either: were the machine to call up to 80.0% of the supported citations not supported (--machine-false-alarms), the true rate could be as high as 90.5%; citation accuracy 71.4%, bar 90.0% (21 citations)\n", "",
			[]string{ex}, exitInconclusiveBelow},
		{"below the bar whatever the machine judged: its fabricated citations alone fail it",
			"FAIL: citation accuracy 71.4% is below the bar 95.0%, and would be at most 90.5% were every citation the machine judged unsupported supported: the 2 fabricated citations alone fail it (21 citations; machine verdicts, not verified)\n", "",
			[]string{"--bar", "95%", ex}, exitFail},
		{"a failed gate", "FAIL: --fail-on fabricated failed: 2 fabricated citations; citation accuracy 71.4% is at or above the bar 50.0% (21 citations)\n",
			"", []string{"--bar", "50%", "--fail-on", "fabricated", ex}, exitFail},
		{"skipped records are named on the status line and warn nobody",
			"PASS (machine verdicts, not verified): citation accuracy 100.0% is at or above the bar 40.0% (3 citations; 7 records skipped: bad_timestamp 1, invalid_utf8 1, malformed_json 1, missing_content 1, missing_field 1, no_assistant_message 1, wrong_field_type 1)\n", "",
			[]string{"--accept-machine", "--machine-recall", "100%", "--bar", "40%", "--min-checked", "0", testdata + "/bad.jsonl"}, exitPass},
		{"a machine rate whose interval reaches below the bar is INCONCLUSIVE",
			"INCONCLUSIVE: the machine's rate clears the bar, but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower, and even their 95% interval (43.9%–100.0%), which covers only the sampling of citations, reaches below the bar 90.0%; verify it with a reviewed sample (ragaudit sample -n 3 -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format); citation accuracy 100.0%, bar 90.0% (3 citations; 7 records skipped: bad_timestamp 1, invalid_utf8 1, malformed_json 1, missing_content 1, missing_field 1, no_assistant_message 1, wrong_field_type 1)\n",
			"",
			[]string{"--min-checked", "0", testdata + "/bad.jsonl"}, exitInconclusive},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"audit", "-q"}, tc.args...)...)
			if r.code != tc.code || r.stdout != tc.want || r.stderr != tc.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q, %q", r.code, r.stdout, r.stderr, tc.code, tc.want, tc.stderr)
			}
			if lines := strings.Split(r.text, "\n"); len(lines) < 3 || lines[1]+"\n" != tc.want {
				t.Errorf("summary.txt does not start its verdict with the status line:\n%s", r.text)
			}
			for _, f := range []string{"report.html", "findings.jsonl", "findings.csv", "summary.json"} {
				if _, err := os.Stat(filepath.Join(r.out, f)); err != nil {
					t.Errorf("-q did not write %s: %v", f, err)
				}
			}
		})
	}
	if r := runCLI(t, "", "audit", testdata+"/bad.jsonl"); !strings.Contains(r.stderr, "level=WARN") {
		t.Errorf("without -q the skipped records are not warned of: %q", r.stderr)
	}
}

// A first run in CI has no baseline yet: without --allow-missing-baseline
// that is a usage error saying what to do; with it the run goes on, and
// drop gates say "not compared: no baseline yet" — never passed as if
// compared, never failed.
func TestFirstRunWithoutBaseline(t *testing.T) {
	ex := testdata + "/example.jsonl"
	missing := filepath.Join(t.TempDir(), "previous", "summary.json")
	r := runCLI(t, "", "audit", "-q", "--bar", "0", "--baseline", missing, "--fail-on", "drop=2%", ex)
	if r.code != exitUsage || !strings.Contains(r.stderr, "--allow-missing-baseline") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("a missing baseline without the flag: exit %d, %q", r.code, r.stderr)
	}
	for _, tc := range []struct {
		name string
		bar  string
		code int
	}{{"the rate passes", "0", exitPass}, {"the rate fails on its own", "0.95", exitFail}} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", "audit", "--bar", tc.bar, "--baseline", missing, "--allow-missing-baseline",
				"--fail-on", "drop=2%", "--fail-on", "tenant-drop=5%", ex)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d: %s", r.code, tc.code, r.stderr)
			}
			sum := summaryOf(t, r)
			bl, _ := sum["baseline"].(map[string]any)
			if bl == nil || bl["missing"] != true || bl["not_compared"] != "no baseline yet" {
				t.Errorf("baseline %v", bl)
			}
			for _, g := range sum["gates"].([]any) {
				g := g.(map[string]any)
				if g["not_compared"] != true || g["detail"] != "not compared: no baseline yet" {
					t.Errorf("gate %v", g)
				}
			}
			if detail, _ := sum["status_detail"].(string); strings.Contains(detail, "fail-on") {
				t.Errorf("a drop gate without a baseline decided the run: %v", sum["status_detail"])
			}
			line := "Baseline: not compared: no baseline yet (" + missing + " does not exist; --allow-missing-baseline); keep this run's summary.json as the next run's baseline\n"
			if !strings.Contains(r.stdout, line) || !strings.Contains(r.stdout, "Gates (--fail-on): drop=2% not compared: no baseline yet; tenant-drop=5% not compared: no baseline yet\n") ||
				strings.Contains(r.stdout, "drop=2% pass") {
				t.Errorf("the summary does not say the baseline is missing in one line:\n%s", r.stdout)
			}
		})
	}
	// A baseline that exists but is not a summary is still an error.
	bad := filepath.Join(t.TempDir(), "summary.json")
	os.WriteFile(bad, []byte("{}"), 0o644)
	if r := runCLI(t, "", "audit", "-q", "--baseline", bad, "--allow-missing-baseline", ex); r.code != exitUsage || !strings.Contains(r.stderr, "not a ragaudit summary.json") {
		t.Errorf("a broken baseline: exit %d %q", r.code, r.stderr)
	}
}

// --fail-on on the command line adds to the project file's gates; one of
// the same name replaces the file's, and the run says so on stderr.
// Other list flags given on the command line replace the file's list.
func TestFailOnAddsToTheProjectFilesGates(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "ragaudit.yaml"), []byte("bar: 30%\nfail-on: [fabricated=5, uncited=2%]\ntenant: [acme, globex]\n"), 0o644)
	ex, _ := filepath.Abs(testdata + "/example.jsonl")
	t.Chdir(dir)
	specs := func(r runResult) []string {
		var out []string
		for _, g := range summaryOf(t, r)["gates"].([]any) {
			out = append(out, g.(map[string]any)["fail_on"].(string))
		}
		return out
	}
	cases := []struct {
		name   string
		args   []string
		gates  string
		stderr string
	}{
		{"the file's gates alone", nil, "fabricated=5 uncited=2%", ""},
		{"a new gate adds to them", []string{"--fail-on", "below-floor"}, "fabricated=5 uncited=2% below-floor", ""},
		{"a gate of the same name replaces the file's, in its place", []string{"--fail-on", "uncited=5", "--fail-on", "rejected"},
			"fabricated=5 uncited=5 rejected", "ragaudit: --fail-on uncited=5 replaces uncited=2% of ragaudit.yaml\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append(append([]string{"audit"}, tc.args...), ex)...)
			if got := strings.Join(specs(r), " "); got != tc.gates {
				t.Errorf("gates %q, want %q", got, tc.gates)
			}
			if got := regexp.MustCompile(`(?m)^ragaudit: --fail-on .* replaces .*\n`).FindAllString(r.stderr, -1); strings.Join(got, "") != tc.stderr {
				t.Errorf("stderr says %q, want %q", got, tc.stderr)
			}
		})
	}
	// Other lists: the command line's replaces the file's.
	r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "100%", "--tenant", "acme", "--fail-on", "uncited=5", ex)
	if tenants := summaryOf(t, r)["config"].(map[string]any)["tenants"].([]any); len(tenants) != 1 || tenants[0] != "acme" {
		t.Errorf("--tenant acme with the file's [acme, globex]: tenants %v", tenants)
	}
	if r.stderr != "" {
		t.Errorf("-q still says on stderr %q", r.stderr)
	}
}

// twoTurns is a conversation of two answers; the second cites a chunk
// that states another fee.
const twoTurns = `{"conversation_id":"mt-1","tenant":"acme","messages":[{"role":"user","content":"What is the refund window?"},` +
	`{"role":"assistant","content":"Refunds are accepted within 30 days of delivery [1].","retrieval":[{"id":"1","text":"Refunds are accepted within 30 days of delivery."}]},` +
	`{"role":"user","content":"And the fee?"},` +
	`{"role":"assistant","content":"Thanks for asking. The restocking fee is €15 for opened items [1].","retrieval":[{"id":"1","text":"A restocking fee of €25 applies to opened items."}]}]}` + "\n"

// JUnit has a case per answer of a multi-turn conversation, named by its
// turn, and JUnit, the text summary and the findings number the failing
// sentence alike: turn 2, sentence 2.
func TestJUnitNamesTheTurn(t *testing.T) {
	junit := filepath.Join(t.TempDir(), "junit.xml")
	r := runCLI(t, twoTurns, "audit", "--accept-machine", "--machine-false-alarms", "35%", "--junit", junit, "-")
	var doc struct {
		Suite struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Text string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(readFile(t, junit), &doc); err != nil {
		t.Fatal(err)
	}
	cs := doc.Suite.Cases
	if len(cs) != 2 || cs[0].Name != "mt-1, turn 1" || cs[0].Failure != nil || cs[1].Name != "mt-1, turn 2" || cs[1].Failure == nil ||
		!strings.HasPrefix(cs[1].Failure.Text, "turn 2, sentence 2 [1] unsupported: ") {
		t.Fatalf("cases %+v", cs)
	}
	if !strings.Contains(r.stdout, "-:1 mt-1 turn 2, sentence 2 [1] unsupported: ") {
		t.Errorf("the worst failures do not name the turn:\n%s", r.stdout)
	}
	var f struct {
		MessageIndex   int `json:"message_index"`
		SentenceIndex  int `json:"sentence_index"`
		Turn           int `json:"turn"`
		SentenceNumber int `json:"sentence_number"`
	}
	lines := strings.Split(strings.TrimSpace(string(readFile(t, filepath.Join(r.out, "findings.jsonl")))), "\n")
	json.Unmarshal([]byte(lines[len(lines)-1]), &f)
	if f.MessageIndex != 3 || f.SentenceIndex != 1 || f.Turn != 2 || f.SentenceNumber != 2 {
		t.Errorf("the last finding: %+v", f)
	}
}

// On GitHub Actions an annotation names file= only for a log inside the
// workspace (the checkout), by its path there: GitHub cannot show a file
// outside it. A log outside gets no file=, and its file:line leads the
// message.
func TestGitHubAnnotationsNameOnlyFilesInTheWorkspace(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	ws := t.TempDir()
	inside := filepath.Join(ws, "logs", "latest.jsonl")
	os.MkdirAll(filepath.Dir(inside), 0o755)
	os.WriteFile(inside, readFile(t, testdata+"/example.jsonl"), 0o644)
	outside := filepath.Join(t.TempDir(), "download.jsonl")
	os.WriteFile(outside, readFile(t, testdata+"/example.jsonl"), 0o644)
	t.Setenv("GITHUB_WORKSPACE", ws)
	warnings := func(r runResult) []string {
		var out []string
		for _, l := range strings.Split(r.stdout, "\n") {
			if strings.HasPrefix(l, "::warning") {
				out = append(out, l)
			}
		}
		if len(out) == 0 {
			t.Fatalf("no annotation in %q", r.stdout)
		}
		return out
	}
	for _, l := range warnings(runCLI(t, "", "audit", "-q", inside)) {
		if !strings.HasPrefix(l, "::warning file=logs/latest.jsonl,line=") {
			t.Errorf("a log in the workspace: %q", l)
		}
	}
	t.Chdir(ws) // a relative path is read from the working directory
	if l := warnings(runCLI(t, "", "audit", "-q", "logs/latest.jsonl"))[0]; !strings.HasPrefix(l, "::warning file=logs/latest.jsonl,line=") {
		t.Errorf("a relative path in the workspace: %q", l)
	}
	for _, l := range warnings(runCLI(t, "", "audit", "-q", outside)) {
		if strings.Contains(l, "file=") || !strings.Contains(l, "::"+strings.ReplaceAll(outside, ":", "%3A")+":") {
			t.Errorf("a log outside the workspace: %q", l)
		}
	}
	if l := warnings(runCLI(t, string(readFile(t, inside)), "audit", "-q", "-"))[0]; strings.Contains(l, "file=") || !strings.Contains(l, "::-:") {
		t.Errorf("stdin: %q", l)
	}
}

// lopsidedLog writes a log of 2,000 answers with a fabricated citation and
// 30 whose citation the chunk does not support (low similarity).
func lopsidedLog(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	chunk := `"retrieval":[{"id":"1","text":"Refunds are accepted within 30 days of delivery."}]`
	for i := range 2000 {
		fmt.Fprintf(&b, `{"conversation_id":"fab-%d","tenant":"acme","timestamp":"2026-05-12T09:00:00Z","messages":[{"role":"user","content":"What is the refund window?"},`+
			`{"role":"assistant","content":"Refunds are accepted within 30 days of delivery [9].",%s}]}`+"\n", i, chunk)
	}
	for i := range 30 {
		fmt.Fprintf(&b, `{"conversation_id":"low-%d","tenant":"globex","timestamp":"2026-05-13T09:00:00Z","messages":[{"role":"user","content":"Is support good?"},`+
			`{"role":"assistant","content":"Our support team answers every question quickly and politely [1].",%s}]}`+"\n", i, chunk)
	}
	path := filepath.Join(t.TempDir(), "lopsided.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// report.html's cap is shared: the 30 low-similarity rows are listed
// beside the 2,000 fabricated ones' worst, and the tiles say what is cut.
func TestHTMLCapIsShared(t *testing.T) {
	r := runCLI(t, "", "audit", "-q", "--reproducible", lopsidedLog(t))
	html := string(readFile(t, filepath.Join(r.out, "report.html")))
	all := regexp.MustCompile(`<article class="failure[^>]*data-reasons="([^"]*)"`).FindAllStringSubmatch(html, -1)
	low := 0
	for _, m := range all {
		if strings.Contains(" "+m[1]+" ", " low_similarity ") {
			low++
		}
	}
	if len(all) != 500 || low != 30 {
		t.Errorf("%d cards, %d of low similarity; want 500 and 30", len(all), low)
	}
	if !strings.Contains(html, `<small class="cut">470 listed below (its worst); all in findings.csv</small>`) {
		t.Error("the fabricated tile does not say that 470 of its 2000 rows are listed")
	}
}

// A machine's rate below the bar within its false alarms is INCONCLUSIVE
// with exit 6, which the README's CI recipe (letting 3 through) stops on:
// its annotation is an error, as a failure's is, and JUnit fails the rate.
func TestBelowTheBarUnverifiedStopsCI(t *testing.T) {
	dir := t.TempDir()
	junit := filepath.Join(dir, "junit.xml")
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(dir, "step.md"))
	r := runCLI(t, "", "audit", "-q", "--junit", junit, testdata+"/example.jsonl")
	if r.code != exitInconclusiveBelow || !strings.Contains(r.stdout, "::error title=ragaudit INCONCLUSIVE (below the bar)::the machine's rate 71.4%25 is below the bar 90.0%25") {
		t.Errorf("exit %d, want %d with an error annotation:\n%s", r.code, exitInconclusiveBelow, r.stdout)
	}
	if x := string(readFile(t, junit)); !strings.Contains(x, `name="citation accuracy (machine verdicts)"><failure message="INCONCLUSIVE (below the bar)"`) {
		t.Errorf("JUnit does not fail the machine's rate:\n%s", x)
	}
	if sum := summaryOf(t, r); sum["machine_ceiling"].(map[string]any)["rate"] != 0.904762 || sum["inconclusive_below_bar"] != true {
		t.Errorf("machine_ceiling %v, inconclusive_below_bar %v", sum["machine_ceiling"], sum["inconclusive_below_bar"])
	}
}
