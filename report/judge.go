package report

import (
	"fmt"
	"strings"

	"github.com/ragaudit/ragaudit/llmjudge"
)

// JudgeSummary is what a judge for the uncertain band did in the run
// (summary.json's "judge"; nil without --judge-url). The machine's rate
// counts the judge's verdicts and is still the machine's: only a verified
// rate is checked by a person.
type JudgeSummary struct {
	Model    string `json:"model"`
	URL      string `json:"url"`
	Prompt   string `json:"prompt"`
	Band     string `json:"band"`
	MaxCalls int    `json:"max_calls"` // < 0: none
	llmjudge.Counts
}

// writeJudge says how many citations the judge decided, which model, and
// how many were left to the lexical verdict and why.
func writeJudge(b *strings.Builder, j *JudgeSummary) {
	if j == nil {
		return
	}
	fmt.Fprintf(b, "Judge: %s decided %d of the %d citations in its band %s (%d supported; %d against the lexical verdict)",
		Printable(j.Model), j.Judged, j.InBand, j.Band, j.Supported, j.Changed)
	var left []string
	if j.Budget > 0 {
		left = append(left, fmt.Sprintf("%d past --judge-max-calls %d", j.Budget, j.MaxCalls))
	}
	if j.Errors > 0 {
		left = append(left, fmt.Sprintf("%d the judge did not answer", j.Errors))
	}
	if len(left) > 0 {
		fmt.Fprintf(b, "; left to the lexical verdict: %s", strings.Join(left, ", "))
	}
	b.WriteString(". The rate counts its verdicts and is still the machine's, not verified\n")
}
