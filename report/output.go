package report

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Output is where a run writes once its summary is known: the report
// directory, a JUnit file, the text summary, GitHub's annotations. Each is
// a sink of the stream (most let what streams by pass) and commits at the
// end; a new output is one type here and one flag in cmd.
type Output interface {
	Result(*audit.Result) error
	Skip(*readers.SkipError) error
	Commit(ctx context.Context, sum *Summary) error
	Abort()
}

// atEnd is an Output that writes only at the end.
type atEnd struct{}

func (atEnd) Result(*audit.Result) error    { return nil }
func (atEnd) Skip(*readers.SkipError) error { return nil }
func (atEnd) Abort()                        {}

// Text writes the text summary (stdout), or with StatusOnly its status
// line alone (audit -q).
type Text struct {
	atEnd
	W          io.Writer
	StatusOnly bool
}

// Commit writes the summary.
func (t Text) Commit(_ context.Context, sum *Summary) error {
	if t.StatusOnly {
		_, err := io.WriteString(t.W, StatusLine(sum)+"\n")
		return err
	}
	return WriteText(t.W, sum)
}

// GitHub writes, on GitHub Actions, the workflow commands that show as
// annotations, and the job summary appended to StepSummary ("" : none).
type GitHub struct {
	atEnd
	Annotations io.Writer
	// Workspace is the checkout ($GITHUB_WORKSPACE; "": the working
	// directory): annotations name files inside it, and only those.
	Workspace   string
	StepSummary string
	// Warnings gets a job summary that cannot be written: the runner's
	// file, not the audit, so the audit's status and exit code stand.
	Warnings io.Writer
}

// Commit writes the annotations and the job summary.
func (g GitHub) Commit(_ context.Context, sum *Summary) error {
	if err := GitHubAnnotations(g.Annotations, sum, g.Workspace); err != nil {
		return err
	}
	if g.StepSummary == "" {
		return nil
	}
	err := g.stepSummary(sum)
	if err != nil && g.Warnings != nil {
		fmt.Fprintf(g.Warnings, "ragaudit: warning: the job summary (GITHUB_STEP_SUMMARY) was not written: %v\n", err)
		return nil
	}
	return err
}

func (g GitHub) stepSummary(sum *Summary) error {
	f, err := os.OpenFile(g.StepSummary, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	if err := GitHubStepSummary(f, sum); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
