package report

import (
	"bytes"
	"strings"
	"testing"
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
