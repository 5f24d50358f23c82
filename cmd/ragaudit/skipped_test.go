package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// skippedLog is the example log (11 records, under --min-checked 50% so
// that a few skipped do not stop the run) with records that cannot be read (an
// assistant message without text) or are read twice, appended.
func skippedLog(t *testing.T, extra ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "logs.jsonl")
	body := string(readFile(t, filepath.Join(testdata, "example.jsonl")))
	for _, e := range extra {
		body += e + "\n"
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const unreadable = `{"conversation_id":"x-1","messages":[{"role":"assistant","content":null}]}`

// The status line (all -q prints, the line a CI log shows) never says a
// bare PASS while records were not read: it names them with their reason.
// --strict makes any skipped record a non-pass, and the status it prints
// is the one its exit code documents (INCOMPLETE, exit 5).
func TestTheStatusLineNamesSkippedRecords(t *testing.T) {
	example := string(readFile(t, filepath.Join(testdata, "example.jsonl")))
	first := strings.SplitN(example, "\n", 2)[0]
	cases := []struct {
		name string
		args []string
		log  string
		code int
		line string // the status line has this
	}{
		{"a pass names the record skipped and why", []string{"--bar", "0", "--min-checked", "50%"}, skippedLog(t, unreadable), exitPass,
			"citations; 1 record skipped: missing_content)"},
		{"a pass names each reason with its count", []string{"--bar", "0", "--min-checked", "50%"}, skippedLog(t, unreadable, unreadable, `{"conversation_id":`), exitPass,
			"citations; 3 records skipped: malformed_json 1, missing_content 2)"},
		{"a failure names them too", []string{"--min-checked", "50%", "--accept-machine", "--machine-false-alarms", "0"}, skippedLog(t, unreadable), exitFail, "; 1 record skipped: missing_content; machine verdicts, not verified)"},
		{"a run without skips says nothing of them", []string{"--bar", "0"}, skippedLog(t), exitPass, "citations)"},
		{"--strict with a skipped record is INCOMPLETE, exit 5", []string{"--strict", "--bar", "0"}, skippedLog(t, unreadable), exitIncomplete,
			"INCOMPLETE: only 11 of 12 records"},
		{"--strict with a lower --min-checked is INCOMPLETE all the same", []string{"--strict", "--min-checked", "0", "--bar", "0"}, skippedLog(t, unreadable), exitIncomplete,
			"INCOMPLETE: --strict: 1 input record(s) skipped (missing_content 1;"},
		{"--strict with a record given twice is INCOMPLETE", []string{"--strict", "--bar", "0"}, skippedLog(t, first), exitIncomplete,
			"INCOMPLETE: --strict: 1 input record(s) skipped (duplicate_record 1;"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append(append([]string{"audit", "-q"}, tc.args...), tc.log)...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", r.code, tc.code, r.stdout, r.stderr)
			}
			line := strings.TrimSpace(r.stdout)
			if !strings.Contains(line, tc.line) || strings.Count(line, "\n") > 0 || strings.Count(line, "skipped:")+strings.Count(line, "skipped (") > 1 {
				t.Errorf("status line %q, want one line with %q, naming the skipped records once", line, tc.line)
			}
			if head := strings.SplitN(r.text, "\n", 3)[1]; head != line {
				t.Errorf("the summary's headline %q differs from the -q line %q", head, line)
			}
		})
	}
}

// A record given twice is audited once: the Records line counts it as
// skipped, saying so, and the status line, which names what was lost,
// leaves it out.
func TestADuplicateRecordIsSaidToBeAuditedOnce(t *testing.T) {
	lines := strings.SplitAfter(string(readFile(t, testdata+"/example.jsonl")), "\n")
	log := filepath.Join(t.TempDir(), "twice.jsonl")
	if err := os.WriteFile(log, []byte(lines[0]+lines[1]+lines[0]), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "audit", log)
	if !strings.Contains(r.stdout, "Records: 3 read, 2 audited, 0 filtered out, 1 skipped (duplicate_record 1: the same record again, audited once)") {
		t.Errorf("the Records line:\n%s", r.stdout)
	}
	if status := strings.Split(r.stdout, "\n")[1]; strings.Contains(status, "skipped") {
		t.Errorf("the status line names the duplicate as lost: %s", status)
	}
}

// A retry logged as a record of its own (the same question, another
// answer) is audited with the first, and the run says both were: the log
// cannot tell which the user was shown. A conversation logged again after
// every turn is no retry.
func TestAnAnswerGivenAgainIsCountedAndSaid(t *testing.T) {
	rec := func(turns ...string) string {
		msgs := ""
		for i := 0; i < len(turns); i += 2 {
			msgs += fmt.Sprintf(`,{"role":"user","content":%q},{"role":"assistant","content":%q,"retrieval":[{"id":"1","text":"Refunds take 30 days. Exchanges take 14 days."}]}`, turns[i], turns[i+1])
		}
		return `{"conversation_id":"r-1","timestamp":"2026-05-12T09:00:00Z","messages":[` + msgs[1:] + "]}\n"
	}
	log := filepath.Join(t.TempDir(), "retry.jsonl")
	body := rec("Refund window?", "Refunds take 60 days [1].") + rec("Refund window?", "Refunds take 30 days [1].") +
		rec("Refund window?", "Refunds take 30 days [1].", "Exchanges?", "Exchanges take 14 days [1].")
	if err := os.WriteFile(log, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI(t, "", "audit", log)
	c := summaryOf(t, r)["counts"].(map[string]any)
	if c["answers"] != 3.0 || c["answers_given_again"] != 1.0 || c["answers_repeated"] != 1.0 ||
		!strings.Contains(r.stdout, "1 answers given again to a question an earlier record of their conversation answered otherwise (a retry, or a regenerated answer): both audited") {
		t.Errorf("answers %v, given again %v, repeated %v:\n%s", c["answers"], c["answers_given_again"], c["answers_repeated"], r.stdout)
	}
}
