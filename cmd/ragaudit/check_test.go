package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// checkRetrieval states a refund window of 90 days and two shipping times.
const checkRetrieval = `[{"id":"ref-1a2b3c4d","source":"refund-policy.md","text":"Refunds are accepted within 90 days of delivery. After 90 days we issue store credit instead of a refund.","score":0.82},
 {"id":"ref-5e6f7a8b","source":"shipping.md","text":"Standard shipping takes 3 to 5 business days. Express shipping takes 1 to 2 business days and costs €9.90.","score":0.7}]`

func checkInput(answer string) string {
	b, _ := json.Marshal(answer)
	return `{"conversation_id":"c-1","tenant":"acme","question":"What is the refund window?","answer":` + string(b) + `,"retrieval":` + checkRetrieval + `}`
}

func TestCheckExitsByDecision(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		args   []string
		code   int
		action string
	}{
		{name: "an answer its chunks support passes with 0", code: exitPass, action: "pass",
			input: checkInput("Refunds are accepted within 90 days of delivery [ref-1a2b3c4d].")},
		{name: "a fabricated id is refused with 1", code: exitFail, action: "refuse",
			input: checkInput("Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]. Store credit follows [ref-deadbeef].")},
		{name: "a decisive failure among supported claims is dropped with 1", code: exitFail, action: "drop",
			input: checkInput("Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 5 business days [ref-5e6f7a8b]. Express shipping costs €9.90 [ref-5e6f7a8b].")},
		{name: "a score-only failure is annotated with 3", code: 3, action: "annotate",
			input: checkInput("Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]. Our loyalty programme rewards frequent buyers generously [ref-5e6f7a8b].")},
		{name: "an answer without retrieval is unverifiable with 4", code: 4, action: "unverifiable",
			input: `{"conversation_id":"c-1","answer":"Refunds are accepted within 90 days of delivery [1]."}`},
		{name: "the top score under --min-score refuses with 1", code: exitFail, action: "refuse", args: []string{"--min-score", "0.9"},
			input: checkInput("Refunds are accepted within 90 days of delivery [ref-1a2b3c4d].")},
		{name: "a canonical record's last answer is checked", code: exitPass, action: "pass",
			input: `{"conversation_id":"c-2","messages":[{"role":"user","content":"Refunds?"},{"role":"assistant","content":"Refunds are accepted within 90 days of delivery [ref-1a2b3c4d].","retrieval":` + checkRetrieval + `}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.input, append(append([]string{"check", "--no-project"}, tc.args...), "-")...)
			if r.code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s; stdout %s", r.code, tc.code, r.stderr, r.stdout)
			}
			var d struct {
				Action  string `json:"action"`
				Content string `json:"content"`
			}
			if err := json.Unmarshal([]byte(r.stdout), &d); err != nil {
				t.Fatalf("stdout is not the decision: %v\n%s", err, r.stdout)
			}
			if d.Action != tc.action {
				t.Errorf("action %s, want %s", d.Action, tc.action)
			}
		})
	}
}

func TestCheckRefusesBadInputWithOneLine(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{name: "not JSON", input: "refunds", want: "malformed_json"},
		{name: "no conversation id", input: `{"answer":"x","retrieval":[]}`, want: `"conversation_id" is missing`},
		{name: "a score that is text", input: `{"conversation_id":"c","answer":"x","retrieval":[{"id":"1","score":"high"}]}`, want: "wrong_field_type"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.input, "check", "--no-project")
			if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
				t.Errorf("exit %d, stderr %q: want 2 and one line saying %q", r.code, r.stderr, tc.want)
			}
		})
	}
}

func TestCheckSharesTheAuditsFlagsAndAppendsToTheDecisionLog(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "decisions.jsonl")
	for range 2 {
		if r := runCLI(t, checkInput("Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]."), "check", "--no-project", "--resolve", "id", "--threshold", "0.6", "--decision-log", log); r.code != exitPass {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	}
	if r := runCLI(t, "{}", "check", "--no-project", "--threshold", "1.5"); r.code != exitUsage || !strings.Contains(r.stderr, "--threshold 1.5") {
		t.Errorf("--threshold 1.5: exit %d, %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(string(readFile(t, log))), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d decisions logged, want 2", len(lines))
	}
	rec, err := readers.ParseCanonical([]byte(lines[0]))
	if err != nil || rec.Guardrail == nil || rec.Guardrail.Action != "pass" {
		t.Fatalf("the log line reads back as %+v (%v)", rec.Guardrail, err)
	}
}
