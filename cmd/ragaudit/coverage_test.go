package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// coverageLog writes a log of n cited answers, the first absent of whose
// chunks carry their text under a key ragaudit does not read.
func coverageLog(t *testing.T, n, absent int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		textKey := "text"
		if i < absent {
			textKey = "body"
		}
		fmt.Fprintf(&b, `{"conversation_id":"c%d","timestamp":"2026-05-12T09:%02d:00Z","messages":[{"role":"user","content":"Refund?"},{"role":"assistant","content":"Refunds are accepted within 30 days of delivery [1].","retrieval":[{"id":"1","%s":"Refunds are accepted within 30 days of delivery."}]}]}`+"\n", i, i%60, textKey)
	}
	p := filepath.Join(t.TempDir(), "log.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A run that checked fewer citations than --min-checked is INCOMPLETE
// (exit 5), never PASS however good the rate of the rest, and says so in
// every headline: the text summary, summary.json, report.html, JUnit and
// GitHub's annotations.
func TestFewCitationsCheckedIsNeverPass(t *testing.T) {
	log := coverageLog(t, 20, 13) // 7 of 20 checked, all supported
	junit := filepath.Join(t.TempDir(), "junit.xml")
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(t.TempDir(), "step.md"))
	r := runCLI(t, "", "audit", "--bar", "80%", "--junit", junit, log)
	if r.code != exitIncomplete {
		t.Fatalf("exit %d, want %d: %s", r.code, exitIncomplete, r.stderr)
	}
	sum := summaryOf(t, r)
	cov := sum["coverage"].(map[string]any)
	if sum["status"] != "INCOMPLETE" || sum["pass"] != false || cov["checked"] != 7.0 || cov["not_checked"] != 13.0 {
		t.Errorf("status %v pass %v, coverage %v", sum["status"], sum["pass"], cov)
	}
	for _, want := range []string{"INCOMPLETE", "7 of 20 citations checked (35.0%), 13 could not be: 13 chunk text absent"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout does not say %q:\n%s", want, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, "::error title=ragaudit INCOMPLETE::") {
		t.Errorf("no error annotation:\n%s", r.stdout)
	}
	html := string(readFile(t, filepath.Join(r.out, "report.html")))
	if !strings.Contains(html, `id="headline-checked"><b>7</b> of <b>20</b> citations checked`) || !strings.Contains(html, `class="verdict incomplete"`) {
		t.Error("report.html's headline does not say how many were checked")
	}
	x := string(readFile(t, junit))
	if !strings.Contains(x, `<property name="citations_checked" value="7"/>`) || !strings.Contains(x, `name="citations checked"><failure message="INCOMPLETE"`) {
		t.Errorf("JUnit does not fail the run's coverage:\n%s", x)
	}

	// At a share it meets, the rate decides again.
	if r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "100%", "--bar", "60%", "--min-checked", "30%", log); r.code != exitPass {
		t.Errorf("--min-checked 30%%: exit %d: %s", r.code, r.stderr)
	}
	// --strict wants every citation checked.
	if r := runCLI(t, "", "audit", "-q", "--strict", "--bar", "80%", coverageLog(t, 100, 1)); r.code != exitIncomplete {
		t.Errorf("--strict with 1 of 100 unchecked: exit %d", r.code)
	}
	if r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "100%", "--bar", "80%", coverageLog(t, 100, 1)); r.code != exitPass {
		t.Errorf("1 of 100 unchecked under the default 95%%: exit %d: %s", r.code, r.stderr)
	}
	if r := runCLI(t, "", "audit", "-q", "--min-checked", "120%", log); r.code != exitUsage {
		t.Errorf("--min-checked 120%%: exit %d", r.code)
	}
}

// ragaudit.yaml's citation_regex (as validator configurations spell it)
// is --citation-regex: a made-up id of the team's own shape is fabricated.
func TestProjectFileCitationRegex(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.jsonl")
	os.WriteFile(log, []byte(`{"conversation_id":"c1","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Refunds take 30 days {{kb:77}}. Members ship free {{kb:12}}.","retrieval":[{"id":"77","text":"Refunds take 30 days."}]}]}`+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "ragaudit.yaml"), []byte("citation_regex: ['\\{\\{kb:(\\d+)\\}\\}']\nbar: 0\n"), 0o644)
	r := runCLI(t, "", "audit", "-q", "--project", filepath.Join(dir, "ragaudit.yaml"), log)
	c := counts(t, r)
	if by := c["citations_by_verdict"].(map[string]any); by["fabricated"] != 1.0 || by["supported"] != 1.0 {
		t.Errorf("exit %d, citations %v: want one supported and one fabricated", r.code, by)
	}
}

// A run that could not read many of its records is INCOMPLETE, however
// good the rate of the rest: their citations were never seen. Duplicates
// (audited once) do not count.
func TestManySkippedRecordsAreNeverPass(t *testing.T) {
	good := readFile(t, coverageLog(t, 10, 0))
	var b strings.Builder
	b.Write(good)
	for i := range 5 {
		fmt.Fprintf(&b, `{"conversation_id":"bad%d","messages":"not a list"}`+"\n", i)
	}
	p := filepath.Join(t.TempDir(), "log.jsonl")
	os.WriteFile(p, []byte(b.String()), 0o644)
	r := runCLI(t, "", "audit", "-q", "--bar", "80%", p)
	if r.code != exitIncomplete || !strings.Contains(r.stdout, "only 10 of 15 records (66.7%) could be read") {
		t.Errorf("exit %d, stdout %q", r.code, r.stdout)
	}
	twice := filepath.Join(t.TempDir(), "twice.jsonl")
	os.WriteFile(twice, append(append([]byte{}, good...), good...), 0o644)
	if r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "100%", "--bar", "70%", twice); r.code != exitPass {
		t.Errorf("a log holding every record twice: exit %d: %s", r.code, r.stdout)
	}
}

// A run that checked too few citations but fails whatever they turn out
// to be is a FAIL (exit 1), its status line and every headline saying how
// many were checked: a failed gate is not hidden behind INCOMPLETE. When
// they could change the decision it stays INCOMPLETE (exit 5).
func TestAFailureIsNotHiddenBehindIncomplete(t *testing.T) {
	// 20 answers: 13 whose chunk text is under a key not read, 2 citing a
	// chunk not retrieved, 5 supported.
	log := coverageLog(t, 20, 13)
	b := strings.Replace(string(readFile(t, log)), `delivery [1].","retrieval"`, `delivery [7].","retrieval"`, 15)
	b = strings.Replace(b, `delivery [7].","retrieval"`, `delivery [1].","retrieval"`, 13)
	os.WriteFile(log, []byte(b), 0o644)
	cases := []struct {
		name   string
		args   []string
		code   int
		status string
		line   string
	}{
		{"a fabricated citation fails the gate whatever the citations not checked are",
			[]string{"--bar", "20%", "--fail-on", "fabricated"}, exitFail, "FAIL",
			"--fail-on fabricated failed: 2 fabricated citations, whatever the 13 citations not checked turn out to be; citation accuracy 71.4% over the citations checked only, bar 20.0% (7 of 20 citations checked (35.0%), 13 could not be: 13 chunk text absent)"},
		{"a rate the citations not checked could lift over the bar is incomplete",
			[]string{"--bar", "80%"}, exitIncomplete, "INCOMPLETE", "only 7 of 20 citations (35.0%) could be checked"},
		{"a rate below the bar were every citation not checked supported fails",
			[]string{"--bar", "95%"}, exitFail, "FAIL", "and would be at most 90.0% were the 13 not checked and every citation the machine judged unsupported all supported: the 2 fabricated citations alone fail it (7 of 20 citations checked (35.0%)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			junit := filepath.Join(dir, "junit.xml")
			t.Setenv("GITHUB_ACTIONS", "true")
			t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(dir, "step.md"))
			r := runCLI(t, "", append(append([]string{"audit", "-q", "--junit", junit}, tc.args...), log)...)
			status, _, _ := strings.Cut(r.stdout, "\n")
			if r.code != tc.code || !strings.HasPrefix(status, tc.status+": ") || !strings.Contains(status, tc.line) {
				t.Fatalf("exit %d, want %d; status line %q, want it to say %q", r.code, tc.code, status, tc.line)
			}
			sum := summaryOf(t, r)
			if sum["status"] != tc.status || !strings.HasPrefix(status, tc.status+": "+sum["status_detail"].(string)) {
				t.Errorf("summary.json status %v, detail %q", sum["status"], sum["status_detail"])
			}
			if !strings.Contains(r.stdout, "::error title=ragaudit "+tc.status+"::") || !strings.Contains(r.stdout, "7 of 20 citations") {
				t.Errorf("the annotation does not say %s and how many were checked:\n%s", tc.status, r.stdout)
			}
			html := string(readFile(t, filepath.Join(r.out, "report.html")))
			if !strings.Contains(html, `class="verdict `+strings.ToLower(tc.status)+`"`) || !strings.Contains(html, "citation accuracy of the 7 citations checked only") {
				t.Error("report.html's headline does not say the status and that the rate is of the citations checked only")
			}
			if x := string(readFile(t, junit)); !strings.Contains(x, `<property name="status" value="`+tc.status+`"/>`) || !strings.Contains(x, `name="citations checked"><failure message="`+tc.status+`"`) {
				t.Errorf("JUnit does not carry the status and the coverage:\n%s", x)
			}
		})
	}
}

// --min-score over chunks without scores (a log of distances) does not
// pass silently: the answers are counted as not checked against the
// floor in every output, and --fail-on below-floor is not met.
func TestAFloorOverChunksWithoutScores(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log.jsonl")
	os.WriteFile(p, []byte(`{"conversation_id":"c1","messages":[{"role":"user","content":"?"},{"role":"assistant","content":"Refunds are accepted within 30 days of delivery [1].","retrieval":[{"id":"1","text":"Refunds are accepted within 30 days of delivery.","distance":0.12}]}]}`+"\n"), 0o644)
	cases := []struct {
		name string
		args []string
		code int
		line string
	}{
		{"a below-floor gate is not met", []string{"--min-score", "0.5", "--fail-on", "below-floor"}, exitIncomplete,
			"INCOMPLETE: --fail-on below-floor is not met: 0 answers given below the retrieval floor; 1 answer(s) not checked against the floor"},
		{"without a gate the rate decides and the answers are counted", []string{"--accept-machine", "--machine-recall", "100%", "--bar", "20%", "--min-score", "0.5"}, exitPass, "PASS (machine verdicts, not verified): "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append(append([]string{"audit", "-q"}, tc.args...), p)...)
			if r.code != tc.code || !strings.HasPrefix(r.stdout, tc.line) {
				t.Fatalf("exit %d, status %q", r.code, r.stdout)
			}
			if n := counts(t, r)["answers_floor_not_checked"]; n != 1.0 {
				t.Errorf("answers_floor_not_checked %v", n)
			}
			if !strings.Contains(r.text, "(1 more not checked against it: no retrieval score)") {
				t.Errorf("the text summary does not say it:\n%s", r.text)
			}
			if html := string(readFile(t, filepath.Join(r.out, "report.html"))); !strings.Contains(html, "<b>1</b>not checked against the retrieval floor") {
				t.Error("report.html does not say it")
			}
		})
	}
}

// With --last, records read but without a timestamp cannot be placed
// among the others: the status says so, not that they could not be read.
func TestUndatedRecordsUnderLastAreSaidToBeUndated(t *testing.T) {
	log := coverageLog(t, 20, 0)
	undated := strings.ReplaceAll(string(readFile(t, log)), `"timestamp":"2026-05-12T09:1`, `"when":"`)
	os.WriteFile(log, []byte(undated), 0o644)
	r := runCLI(t, "", "audit", "--last", "100", log)
	if r.code != exitIncomplete || !strings.Contains(r.stdout, "INCOMPLETE: only 10 of 20 records (50.0%) could be audited, under --min-checked 95.0%: the other 10 have no timestamp, so --last cannot place them") ||
		!strings.Contains(r.stdout, "10 of 20 records have no timestamp for --last") || strings.Contains(r.stdout, "could not be read") {
		t.Errorf("exit %d:\n%s", r.code, r.stdout)
	}
}
