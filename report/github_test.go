package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/estimate"
)

// With labels the status is the reviewed sample's while the worst
// citations are the machine's verdicts: the annotations and the job
// summary say so; without labels they do not.
func TestGitHubSaysWhoseVerdictsTheRowsAre(t *testing.T) {
	for _, labelled := range []bool{false, true} {
		s := &Summary{Status: StatusFail, StatusDetail: "below the bar", Bar: 0.9,
			Worst: []Flagged{{Source: "logs.jsonl:4", ConversationID: "c-1", Place: "sentence 1", Marker: "[1]", Verdict: "unsupported", Reason: "low similarity"}}}
		if labelled {
			s.Verified = &Verified{}
		}
		var a, sum bytes.Buffer
		if err := GitHubAnnotations(&a, s, ""); err != nil {
			t.Fatal(err)
		}
		if err := GitHubStepSummary(&sum, s); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(a.String(), "unsupported citation (machine verdict)"); got != labelled {
			t.Errorf("labels %v: annotation says machine verdict %v:\n%s", labelled, got, a.String())
		}
		if got := strings.Contains(sum.String(), "the machine's verdicts"); got != labelled {
			t.Errorf("labels %v: summary says machine verdicts %v:\n%s", labelled, got, sum.String())
		}
	}
}

// The citations the reviewers labelled unsupported are listed where the
// run's other rows are the machine's: in the text summary and as
// annotations, with the machine's verdict on each.
func TestLabelledFailuresAreListed(t *testing.T) {
	v := &Verified{LabelledUnsupportedCount: 12}
	for i := range 12 {
		v.LabelledUnsupported = append(v.LabelledUnsupported, LabelledFailure{ConversationID: fmt.Sprintf("c-%d", i), MessageIndex: 1, Turn: 1, Turns: 1, SentenceNumber: 2, Marker: "[1]",
			Sentence: "Lunch is included.", Machine: "supported"})
	}
	s := &Summary{Status: StatusFail, Bar: 0.9, Verified: v}
	var text strings.Builder
	writeLabelledFailures(&text, v)
	if out := text.String(); !strings.Contains(out, "Labelled unsupported by the reviewers (the first 10 of 12)") ||
		!strings.Contains(out, "c-0 sentence 2 [1] (machine: supported): Lunch is included.") || strings.Contains(out, "c-10 ") {
		t.Errorf("text:\n%s", out)
	}
	var a bytes.Buffer
	if err := GitHubAnnotations(&a, s, ""); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(a.String(), "unsupported citation (reviewer's label)"); n != 10 {
		t.Errorf("%d annotations of labelled failures, want 10:\n%s", n, a.String())
	}
	var sum bytes.Buffer
	if err := GitHubStepSummary(&sum, s); err != nil {
		t.Fatal(err)
	}
	if out := sum.String(); !strings.Contains(out, "**Labelled unsupported by the reviewers** (12;") || !strings.Contains(out, `| c\-11 | 1 | \[1\] | Lunch is included\. | supported |`) {
		t.Errorf("job summary:\n%s", out)
	}
}

// The job summary's heading marks a run as its annotation does: an
// INCONCLUSIVE that CI lets through (exit 3) a warning, one below the bar
// (exit 6) and a FAIL an error, a PASS a pass.
func TestGitHubHeadingMarksTheStatusAsItsExit(t *testing.T) {
	for _, tc := range []struct {
		s    Summary
		want string
	}{
		{Summary{Status: StatusInconclusive, Bar: 0.9}, "## ragaudit: ⚠️ INCONCLUSIVE"},
		{Summary{Status: StatusInconclusive, InconclusiveBelowBar: true, Bar: 0.9}, "## ragaudit: ❌ INCONCLUSIVE (below the bar)"},
		{Summary{Status: StatusFail, Bar: 0.9}, "## ragaudit: ❌ FAIL"},
		{Summary{Status: StatusPass, Bar: 0.9}, "## ragaudit: ✅ PASS"},
	} {
		var sum bytes.Buffer
		if err := GitHubStepSummary(&sum, &tc.s); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(sum.String(), tc.want) {
			t.Errorf("heading %q, want %q", strings.SplitN(sum.String(), "\n", 2)[0], tc.want)
		}
	}
}

// An undecided verified rate with drawn citations not judged says it is
// the rate of those judged: the ones left out may be the failures.
func TestAnUndecidedVerifiedRateSaysWhatItLeavesOut(t *testing.T) {
	v := &Verified{}
	v.Rate, v.Labels = 0.959, estimate.LabelCounts{Supported: 116, CannotJudge: 24}
	s := &Summary{Status: StatusInconclusive, StatusDetail: "24 drawn citations are not judged", Bar: 0.9, Verified: v}
	if line := StatusLine(s); !strings.Contains(line, "verified citation accuracy of the citations judged 95.9%") {
		t.Errorf("status line %q", line)
	}
	v.Labels.CannotJudge = 0
	if line := StatusLine(s); !strings.Contains(line, "verified citation accuracy 95.9%") {
		t.Errorf("status line %q", line)
	}
}
