package report

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// An answer none of whose citations could be checked is a skipped case
// with its cause, never a passing one; a failure beside an unchecked
// citation still fails the case, and a checked citation passes it.
func TestJUnitSkipsAnswersWithNothingChecked(t *testing.T) {
	na := func(reason string) audit.Finding {
		return audit.Finding{MessageIndex: 1, Marker: "[1]", Citation: "1", Verdict: audit.NotAuditable, Reasons: []string{reason}, Sentence: "Yes [1]."}
	}
	ok := audit.Finding{MessageIndex: 1, Marker: "[2]", Citation: "2", Verdict: audit.Supported, Sentence: "Refunds take 30 days [2]."}
	fab := audit.Finding{MessageIndex: 1, Marker: "[9]", Citation: "9", Verdict: audit.Fabricated, Reasons: []string{"citation_not_retrieved"}, Sentence: "Fees are €5 [9]."}
	cases := []struct {
		name              string
		findings          []audit.Finding
		failures, skipped int
		wantIn, wantNotIn string
	}{
		{"an answer whose only citation was not checked is skipped with the cause",
			[]audit.Finding{na("answer_word_only")}, 0, 1, `<skipped message="1 citation(s) not checked: answer word only (answer_word_only)">`, "<failure"},
		{"an answer whose citations were none checked lists each cause",
			[]audit.Finding{na("languages_differ"), na("chunk_text_truncated")}, 0, 1, "chunk in another language (languages_differ); chunk text truncated (chunk_text_truncated)", "<failure"},
		{"an answer with a checked citation beside an unchecked one passes",
			[]audit.Finding{na("languages_differ"), ok}, 0, 0, "></testcase>", "<skipped"},
		{"a failing citation beside an unchecked one fails the answer",
			[]audit.Finding{na("languages_differ"), fab}, 1, 0, "<failure", "<skipped"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			j := NewJUnitCases(&b)
			res := &audit.Result{Record: &readers.Record{ConversationID: "c-1", File: "logs.jsonl", Line: 1,
				Messages: []readers.Message{{Role: "user", Content: "?"}, {Role: "assistant", Content: "Yes [1]."}}},
				Answers: []audit.Answer{{MessageIndex: 1}}, Findings: tc.findings}
			if err := j.Result(res); err != nil {
				t.Fatal(err)
			}
			j.Flush()
			tests, failures, skipped := j.Counts()
			if tests != 1 || failures != tc.failures || skipped != tc.skipped {
				t.Errorf("tests %d, failures %d, skipped %d; want 1, %d, %d", tests, failures, skipped, tc.failures, tc.skipped)
			}
			if out := b.String(); !strings.Contains(out, tc.wantIn) || strings.Contains(out, tc.wantNotIn) {
				t.Errorf("want %q and no %q in:\n%s", tc.wantIn, tc.wantNotIn, out)
			}
		})
	}
}

// With labels the answers' cases stay the machine's, so a run the labels
// fail (or leave undecided) has a case of its own that fails with the
// status; a run they pass has none.
func TestJUnitFailsWhereTheLabelsFailTheRun(t *testing.T) {
	for _, tc := range []struct {
		status   string
		verified bool
		want     bool
	}{
		{StatusFail, true, true},
		{StatusInconclusive, true, true},
		{StatusPass, true, false},
		{StatusFail, false, false}, // the machine's own failures are the answers' cases
	} {
		dir := t.TempDir()
		j, err := NewJUnit(dir+"/junit.xml", "ragaudit")
		if err != nil {
			t.Fatal(err)
		}
		sum := &Summary{Status: tc.status, StatusDetail: "verified citation accuracy 88.0% is below the bar 90.0%", Bar: 0.9}
		if tc.verified {
			sum.Verified = &Verified{LabelledUnsupportedCount: 1, LabelledUnsupported: []LabelledFailure{{ConversationID: "c-7", MessageIndex: 3, Turn: 2, Turns: 2, SentenceNumber: 1, Marker: "[2]",
				Sentence: "Lunch is included.", Machine: "supported"}}}
		}
		if err := j.Commit(t.Context(), sum); err != nil {
			t.Fatal(err)
		}
		out, err := os.ReadFile(dir + "/junit.xml")
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(string(out), `name="verified citation accuracy"><failure message="`+tc.status+`"`)
		if tc.want && !strings.Contains(string(out), "c-7 turn 2, sentence 1 [2] (machine: supported): Lunch is included.") {
			t.Errorf("status %s: the verified case does not name the reviewers' failure:\n%s", tc.status, out)
		}
		if got != tc.want || got != strings.Contains(string(out), `failures="1"`) {
			t.Errorf("status %s, labels %v: verified case %v, want %v:\n%s", tc.status, tc.verified, got, tc.want, out)
		}
	}
}

// A conversation logged again after each turn audits its later answer in
// a record of its own: that case is named by its turn, never as the
// first turn's case again.
func TestJUnitNamesALaterTurnAloneInItsRecord(t *testing.T) {
	msgs := []readers.Message{{Role: "user", Content: "?"}, {Role: "assistant", Content: "Yes [1]."}, {Role: "user", Content: "And?"}, {Role: "assistant", Content: "No [1]."}}
	ok := func(mi int) audit.Finding {
		return audit.Finding{MessageIndex: mi, Marker: "[1]", Citation: "1", Verdict: audit.Supported, Sentence: "Yes [1]."}
	}
	var b bytes.Buffer
	j := NewJUnitCases(&b)
	first := &audit.Result{Record: &readers.Record{ConversationID: "c-7", File: "logs.jsonl", Line: 1, Messages: msgs[:2]},
		Answers: []audit.Answer{{MessageIndex: 1}}, Findings: []audit.Finding{ok(1)}}
	again := &audit.Result{Record: &readers.Record{ConversationID: "c-7", File: "logs.jsonl", Line: 2, Messages: msgs},
		Answers: []audit.Answer{{MessageIndex: 3}}, Findings: []audit.Finding{ok(3)}}
	for _, res := range []*audit.Result{first, again} {
		if err := j.Result(res); err != nil {
			t.Fatal(err)
		}
	}
	j.Flush()
	if out := b.String(); strings.Count(out, `name="c-7"`) != 1 || !strings.Contains(out, `name="c-7, turn 2"`) {
		t.Errorf("want one case c-7 and one c-7, turn 2:\n%s", out)
	}
}
