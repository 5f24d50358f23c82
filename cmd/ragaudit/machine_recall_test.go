package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// monthLog writes n answers of one citation each: the first bad of them
// cite a chunk about something else, the rest quote their chunk.
func monthLog(t *testing.T, n, bad int) string {
	t.Helper()
	var b strings.Builder
	for i := range n {
		answer := fmt.Sprintf("Order %d ships within 3 working days of payment [1].", i)
		if i < bad {
			answer = fmt.Sprintf("Gift cards for order %d never expire and can be used in every store [1].", i)
		}
		fmt.Fprintf(&b, `{"conversation_id":"m%d","timestamp":"2026-05-%02dT09:%02d:00Z","messages":[{"role":"user","content":"When?"},{"role":"assistant","content":%q,"retrieval":[{"id":"1","text":"Order %d ships within 3 working days of payment."}]}]}`+"\n",
			i, 1+i%28, i%60, answer, i)
	}
	p := filepath.Join(t.TempDir(), "month.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// --accept-machine passes a machine rate only where it would clear the bar
// were the machine to catch no more than --machine-recall of the
// unsupported citations: a machine rate of 95 % over 300 citations, whose
// interval clears a bar of 90 %, could stand for a true rate near 75 %
// when the machine catches one in three, as people writing months to break
// it saw.
func TestAcceptedMachineRateAllowsForTheUnsupportedItMisses(t *testing.T) {
	month := monthLog(t, 300, 15)
	r := runCLI(t, "", "audit", "-q", "--accept-machine", month)
	sum := summaryOf(t, r)
	floor, _ := sum["machine_floor"].(map[string]any)
	if r.code != exitInconclusive || sum["citation_accuracy"] != 0.95 || sum["ci95_low"].(float64) < 0.9 || floor == nil || floor["recall"] != 0.33 || floor["rate"].(float64) >= 0.9 {
		t.Fatalf("exit %d, rate %v (low %v), floor %v: %s", r.code, sum["citation_accuracy"], sum["ci95_low"], floor, r.stdout)
	}
	for _, want := range []string{"INCONCLUSIVE: ", "may catch as few as 33.0% of the unsupported citations (--machine-recall)", "a true rate as low as", "ragaudit sample -n 150"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the status line does not say %q: %s", want, r.stdout)
		}
	}
	if r.stderr != "" { // -q prints the status line, and only it
		t.Errorf("-q also says on stderr: %q", r.stderr)
	}
	// Without --accept-machine it says whether the flag would pass it. On
	// GitHub, where README's recipe lets the job go on after it, it is a
	// warning, not an error.
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(t.TempDir(), "step.md"))
	if r := runCLI(t, "", "audit", "-q", month); r.code != exitInconclusive || !strings.Contains(r.stdout, "--accept-machine would not pass it either") ||
		!strings.Contains(r.stdout, "::warning title=ragaudit INCONCLUSIVE::") {
		t.Errorf("without --accept-machine: exit %d, %s", r.code, r.stdout)
	}
	// A recall measured on the user's own labels is the user's to give.
	r = runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", "90%", month)
	if r.code != exitPass || !strings.HasPrefix(r.stdout, "PASS (machine verdicts, not verified): citation accuracy 95.0% is at or above the bar 90.0%, and would be at least ") ||
		!strings.Contains(r.stdout, "were the machine to catch only 90.0% of the unsupported citations (--machine-recall)") {
		t.Errorf("--machine-recall 90%%: exit %d, %s", r.code, r.stdout)
	}
	// Few unsupported citations over many clear the bar at the default,
	// and every headline says what the pass rests on.
	r = runCLI(t, "", "audit", "-q", "--accept-machine", monthLog(t, 600, 3))
	floorSaid := "would be at least 95.6% were the machine to catch only 33.0% of the unsupported citations"
	if r.code != exitPass || !strings.HasPrefix(r.stdout, "PASS (machine verdicts, not verified): citation accuracy 99.5% is at or above the bar 90.0%, and "+floorSaid) {
		t.Errorf("3 unsupported of 600: exit %d, %s", r.code, r.stdout)
	}
	if !strings.Contains(r.stdout, "::notice title=ragaudit PASS (machine verdicts%2C not verified)::") || !strings.Contains(r.stdout, strings.ReplaceAll(floorSaid, "%", "%25")) {
		t.Errorf("the GitHub annotation does not give the floor:\n%s", r.stdout)
	}
	if html := string(readFile(t, filepath.Join(r.out, "report.html"))); !strings.Contains(html, `the true rate could be as low as <b>95.6%</b>: <code>--accept-machine</code> passes a run only where this clears the bar`) {
		t.Error("report.html does not give the floor")
	}
	for _, bad := range []string{"0", "120%", "-0.1"} {
		if r := runCLI(t, "", "audit", "-q", "--accept-machine", "--machine-recall", bad, month); r.code != exitUsage || !strings.Contains(r.stderr, "machine-recall") {
			t.Errorf("--machine-recall %s: exit %d, %s", bad, r.code, r.stderr)
		}
	}
}
