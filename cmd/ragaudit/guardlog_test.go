package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ragaudit/ragaudit/guard"
)

// writeGuardLog runs a guard over answers (each given one regeneration,
// the same answer) and returns its decision log, one line per decision.
func writeGuardLog(t *testing.T, answers ...string) []string {
	t.Helper()
	var buf bytes.Buffer
	n := 0
	g, err := guard.New(guard.DefaultConfig(), guard.WithPolicy("", patientPolicy()), guard.WithLog(&buf), guard.WithVersion(version),
		guard.WithClock(func() time.Time { return time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC) }),
		guard.WithIDs(func() string { n++; return fmt.Sprintf("d-%03d", n) }))
	if err != nil {
		t.Fatal(err)
	}
	var retrieval []guard.Chunk
	if err := json.Unmarshal([]byte(checkRetrievalCanonical), &retrieval); err != nil {
		t.Fatal(err)
	}
	for i, a := range answers {
		r := guard.Request{ConversationID: fmt.Sprintf("c-%d", i), Tenant: "acme", Question: "Refunds?", Retrieval: retrieval, Answer: a}
		if _, err := g.Apply(context.Background(), r, sameAgain{a}); err != nil {
			t.Fatal(err)
		}
	}
	return strings.Split(strings.TrimSpace(buf.String()), "\n")
}

// checkRetrievalCanonical is checkRetrieval in readers.Chunk's field names.
const checkRetrievalCanonical = `[{"ID":"ref-1a2b3c4d","Source":"refund-policy.md","Text":"Refunds are accepted within 90 days of delivery. After 90 days we issue store credit instead of a refund.","Score":0.82},
 {"ID":"ref-5e6f7a8b","Source":"shipping.md","Text":"Standard shipping takes 3 to 5 business days. Express shipping takes 1 to 2 business days and costs €9.90.","Score":0.7}]`

type sameAgain struct{ answer string }

func (s sameAgain) Regenerate(context.Context, guard.Request, []string) (string, error) {
	return s.answer, nil
}

// edit rewrites one line of a decision log as a JSON object.
func edit(t *testing.T, line string, change func(map[string]any)) string {
	var v map[string]any
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Fatal(err)
	}
	change(v)
	b, _ := json.Marshal(v)
	return string(b)
}

func writeLines(t *testing.T, lines []string) string {
	p := filepath.Join(t.TempDir(), "decisions.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTheAuditRecomputesTheGuardsVerdicts(t *testing.T) {
	const (
		good     = "Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]."
		oneWrong = "Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 5 business days [ref-5e6f7a8b]. Express shipping costs €9.90 [ref-5e6f7a8b]."
		twoWrong = "Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 7 business days [ref-5e6f7a8b]."
	)
	lines := writeGuardLog(t, good, oneWrong, twoWrong)
	guardrail := func(v map[string]any) map[string]any { return v["guardrail"].(map[string]any) }
	served := func(v map[string]any) map[string]any { return guardrail(v)["served"].(map[string]any) }
	firstCitation := func(verdict map[string]any) map[string]any {
		return verdict["claims"].([]any)[0].(map[string]any)["citations"].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name   string
		lines  []string
		args   []string
		code   int
		says   string
		counts string // disagreements, other model, compared
	}{
		{name: "a log written by the guard agrees with the audit", lines: lines, code: exitPass, counts: "0 0 3"},
		{name: "a served score that differs fails the run", code: exitFail, says: "recomputed otherwise under the same model", counts: "1 0 3",
			lines: []string{edit(t, lines[0], func(v map[string]any) { firstCitation(served(v))["support_score"] = 0.5 }), lines[1], lines[2]}},
		{name: "an attempt's verdict that differs fails the run with --attempts", args: []string{"--attempts"}, code: exitFail, says: "attempt 1", counts: "1 0 3",
			lines: []string{lines[0], lines[1], edit(t, lines[2], func(v map[string]any) {
				firstCitation(guardrail(v)["attempts"].([]any)[0].(map[string]any)["verdict"].(map[string]any))["verdict"] = "supported"
			})}},
		{name: "a fallback that does not read as a refusal fails the run", code: exitFail, says: "the guard served a fallback, which the audit reads as answered", counts: "1 0 3",
			lines: []string{lines[0], lines[1], edit(t, lines[2], func(v map[string]any) {
				v["messages"].([]any)[1].(map[string]any)["content"] = "Refunds are accepted within 90 days of delivery [ref-1a2b3c4d]."
				delete(guardrail(v), "served")
			})}},
		{name: "verdicts logged under another model are not compared", args: []string{"--threshold", "0.6"}, code: exitPass, counts: "0 3 0",
			lines: []string{edit(t, lines[0], func(v map[string]any) { firstCitation(served(v))["support_score"] = 0.5 }), lines[1], lines[2]}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// A bar the three citations' interval clears, the machine's verdicts
			// accepted: the rate is not what is tested.
			r := runCLI(t, "", append(append([]string{"audit", "--no-project", "--accept-machine", "--machine-recall", "100%", "--bar", "40%"}, tc.args...), writeLines(t, tc.lines))...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.says) {
				t.Fatalf("exit %d, want %d saying %q; stderr %s", r.code, tc.code, tc.says, r.stderr)
			}
			var sum struct {
				Guard struct {
					Disagreements int `json:"disagreements"`
					OtherModel    int `json:"decisions_of_another_model"`
					Compared      int `json:"verdicts_compared"`
				} `json:"guard"`
			}
			json.Unmarshal(readFile(t, filepath.Join(r.out, "summary.json")), &sum)
			if got := fmt.Sprintf("%d %d %d", sum.Guard.Disagreements, sum.Guard.OtherModel, sum.Guard.Compared); got != tc.counts {
				t.Errorf("disagreements, decisions of another model and verdicts compared: %s, want %s", got, tc.counts)
			}
			if !strings.Contains(r.text, fmt.Sprintf("Guard verdicts recomputed: %d decisions compared", sum.Guard.Compared)) {
				t.Errorf("the text and summary.json disagree on the verdicts compared (%d):\n%s", sum.Guard.Compared, r.text)
			}
		})
	}
}

func TestAnExpiredDecisionIsSkippedAsNotServed(t *testing.T) {
	lines := writeGuardLog(t, "Refunds are accepted within 90 days of delivery [ref-1a2b3c4d].")
	expired := edit(t, lines[0], func(v map[string]any) { v["guardrail"].(map[string]any)["action"] = "expired" })
	r := runCLI(t, "", "audit", "--no-project", writeLines(t, []string{lines[0], expired}))
	if !strings.Contains(r.stdout, "skipped (not_served 1: never served)") {
		t.Errorf("the expired decision is not counted as skipped not_served:\n%s", r.stdout)
	}
}

func TestSampleDrawsTheClaimsTheGuardDropped(t *testing.T) {
	lines := writeGuardLog(t,
		"Refunds are accepted within 90 days of delivery [ref-1a2b3c4d].",
		"Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 5 business days [ref-5e6f7a8b]. Express shipping costs €9.90 [ref-5e6f7a8b].",
		"Refunds are accepted within 30 days of delivery [ref-1a2b3c4d]. Standard shipping takes 3 to 7 business days [ref-5e6f7a8b].")
	out := filepath.Join(t.TempDir(), "sample.jsonl")
	if r := runCLI(t, "", "sample", "--no-project", "-q", "--guard-dropped", "-n", "10", "--seed", "1", "-o", out, writeLines(t, lines)); r.code != exitPass {
		t.Fatalf("sample exit %d: %s", r.code, r.stderr)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(string(readFile(t, out))), "\n") {
		var it struct {
			Sentence string `json:"sentence_text"`
		}
		json.Unmarshal([]byte(line), &it)
		got = append(got, it.Sentence)
	}
	// The drop's one claim, and the two claims of each of the fallback's
	// two attempts; never a claim that was served.
	if len(got) != 5 {
		t.Fatalf("%d drawn, want the 5 dropped claims: %q", len(got), got)
	}
	for _, s := range got {
		if !strings.Contains(s, "30 days") && !strings.Contains(s, "3 to 7") {
			t.Errorf("drawn %q, which the guard did not drop", s)
		}
	}
}

// patientPolicy is the default policy with a budget no loaded machine
// runs out of: these tests are about what is decided and logged, and a
// check cut short by a busy runner would decide by the fail mode instead
// (the budget has tests of its own in package guard).
func patientPolicy() guard.Policy {
	p := guard.DefaultPolicy()
	p.Timeout = time.Minute
	return p
}
