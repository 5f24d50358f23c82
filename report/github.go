package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// GitHubAnnotations writes workflow commands that GitHub Actions shows as
// annotations: the result, and the worst failures at their file and line.
// GitHub shows a file of the repository only: a log inside workspace (the
// checkout, $GITHUB_WORKSPACE) is named by its path in it; one outside it
// (a download in /tmp, stdin) gets no file=, and its file:line leads the
// message instead. An empty workspace is the working directory.
func GitHubAnnotations(w io.Writer, s *Summary, workspace string) error {
	var b strings.Builder
	level := "error"
	switch s.Status {
	case StatusPass:
		level = "notice"
	case StatusInconclusive: // cannot tell yet, no failure: README's CI recipe lets the job go on
		if !s.InconclusiveBelowBar { // exit 6: it stops the job
			level = "warning"
		}
	}
	fmt.Fprintf(&b, "::%s title=ragaudit %s::%s\n", level, ghProperty(shownStatus(s)), ghData(headline(s)))
	// With labels the status is the reviewed sample's, while the worst
	// citations are the machine's verdicts: each says so.
	machine := ""
	if s.Verified != nil {
		machine = " (machine verdict)"
	}
	for _, f := range s.Worst {
		file, line := SplitSource(f.Source)
		title, where := "ragaudit: "+f.Verdict+" citation"+machine, Printable(f.ConversationID)+" "+f.Place+" "+Printable(f.Marker)
		if f.Marker == "" {
			title, where = "ragaudit: uncited sentence"+machine, Printable(f.ConversationID)+" "+f.Place
		}
		if rel := inWorkspace(file, workspace); rel != "" {
			fmt.Fprintf(&b, "::warning file=%s,line=%s,title=%s::%s\n", ghProperty(rel), ghProperty(line),
				ghProperty(title), ghData(where+": "+f.Reason))
			continue
		}
		fmt.Fprintf(&b, "::warning title=%s::%s\n", ghProperty(title), ghData(f.Source+" "+where+": "+f.Reason))
	}
	if v := s.Verified; v != nil {
		for _, f := range v.LabelledUnsupported[:min(len(v.LabelledUnsupported), labelledShownInText)] {
			fmt.Fprintf(&b, "::warning title=%s::%s\n", ghProperty("ragaudit: unsupported citation (reviewer's label)"),
				ghData(fmt.Sprintf("%s %s %s (machine: %s): %s", Printable(f.ConversationID), f.Place(), Printable(f.Marker), f.Machine, Printable(truncate(f.Sentence, 160)))))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// inWorkspace is file's path relative to workspace, with forward slashes,
// or "" when it is not inside it (or is stdin).
func inWorkspace(file, workspace string) string {
	if file == "" || file == readers.Stdin {
		return ""
	}
	if workspace == "" {
		workspace = "."
	}
	abs, err1 := filepath.Abs(file)
	ws, err2 := filepath.Abs(workspace)
	if err1 != nil || err2 != nil {
		return ""
	}
	// A checkout reached through a link (/home/runner/work → /mnt/…) is
	// the same place.
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		abs = r
	}
	if r, err := filepath.EvalSymlinks(ws); err == nil {
		ws = r
	}
	rel, err := filepath.Rel(ws, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// GitHubStepSummary writes the job summary in Markdown (appended to the
// file $GITHUB_STEP_SUMMARY names). Text from the logs is escaped so that
// it renders as text, never as markup or links.
func GitHubStepSummary(w io.Writer, s *Summary) error {
	var b strings.Builder
	status := "❌ " + shownStatus(s)
	switch {
	case s.Status == StatusPass:
		status = "✅ " + shownStatus(s)
	case s.Status == StatusInconclusive && !s.InconclusiveBelowBar: // exit 3, a warning as its annotation is
		status = "⚠️ " + shownStatus(s)
	}
	fmt.Fprintf(&b, "## ragaudit: %s\n\n%s\n\n", status, mdEscape(headline(s)))
	if v := s.Verified; v != nil {
		b.WriteString("The status is the reviewed sample's; the counts and the last rows below are the machine's verdicts, which a reviewer may have labelled otherwise.\n\n")
	}
	c := s.Counts
	by := c.CitationsByVerdict
	b.WriteString("| citations | supported | unsupported | fabricated | uncited sentences | answers below the floor |\n|---:|---:|---:|---:|---:|---:|\n")
	floor := fmt.Sprint(c.AnsweredBelowFloor)
	if c.FloorNotChecked > 0 {
		floor += fmt.Sprintf(" (%d not checked: no retrieval score)", c.FloorNotChecked)
	}
	if n := sumCounts(c.FloorNotRead); n > 0 {
		floor += fmt.Sprintf(" (%d not read: language %s)", n, languageCounts(c.FloorNotRead))
	}
	uncited := fmt.Sprint(c.UncitedFactual)
	if n := sumCounts(c.NotReadSentences); n > 0 {
		uncited += fmt.Sprintf(" (%d not read: language %s)", n, languageCounts(c.NotReadSentences))
	}
	fmt.Fprintf(&b, "| %d | %d | %d | %d | %s | %s |\n\n", c.Citations, by["supported"], by["unsupported"], by["fabricated"], uncited, floor)
	if s.Baseline != nil {
		fmt.Fprintf(&b, "Since the baseline: %s\n\n", s.Baseline)
	}
	for _, g := range s.Gates {
		mark := "✅"
		switch {
		case g.NotCompared:
			mark = "➖"
		case g.Undecided:
			mark = "❔"
		case !g.Pass:
			mark = "❌"
		}
		fmt.Fprintf(&b, "- %s `--fail-on %s`: %s\n", mark, g.Spec, mdEscape(g.Detail))
	}
	if v := s.Verified; v != nil && len(v.LabelledUnsupported) > 0 {
		fmt.Fprintf(&b, "\n**Labelled unsupported by the reviewers** (%d; what failed the verified rate):\n\n| conversation | message | citation | sentence | the machine's verdict |\n|---|---:|---|---|---|\n", v.LabelledUnsupportedCount)
		for _, f := range v.LabelledUnsupported {
			fmt.Fprintf(&b, "| %s | %d | %s | %s | %s |\n", mdEscape(f.ConversationID), f.MessageIndex, mdEscape(f.Marker), mdEscape(truncate(f.Sentence, 160)), f.Machine)
		}
	}
	if len(s.Worst) > 0 {
		b.WriteString("\n| where | conversation | place | citation | verdict | why |\n|---|---|---|---|---|---|\n")
		for _, f := range s.Worst {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", mdEscape(f.Source), mdEscape(f.ConversationID), f.Place, mdEscape(f.Marker), f.Verdict, mdEscape(f.Reason))
		}
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func headline(s *Summary) string {
	if s.Status == StatusNoData {
		return "Nothing to measure: " + s.StatusDetail
	}
	checked, over := "", "over"
	if c := s.Coverage; c != nil {
		checked = "; " + c.Sentence()
		if s.CheckedTooFew() {
			over = "over the citations checked only,"
		}
	}
	if s.Status == StatusIncomplete {
		return fmt.Sprintf("Incomplete: %s (citation accuracy %s %s, bar %s)", s.StatusDetail, pct(s.CitationAccuracy), strings.TrimSuffix(over, ","), pct(s.Bar))
	}
	why := ""
	if s.Status != StatusPass && (!s.BelowBar() || s.Verified != nil || s.CheckedTooFew()) { // the figures below do not say it
		why = s.StatusDetail + ". "
	}
	if v := s.Verified; v != nil {
		l := v.Labels
		return fmt.Sprintf("%sVerified citation accuracy %s (95%% CI %s–%s) from %d reviewed citations, bar %s; the machine's own rate %s%s",
			why, pctN(v.Rate), pctN(v.Low), pctN(v.High), l.Supported+l.Partial+l.Unsupported, pct(s.Bar), pct(s.CitationAccuracy), checked)
	}
	by := s.Counts.CitationsByVerdict
	if over == "over" {
		over = fmt.Sprintf("over %d citations,", by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated])
	}
	floor := ""
	if s.Status == StatusPass {
		floor = floorClause(s)
	}
	return fmt.Sprintf("%sCitation accuracy %s (95%% CI %s–%s) %s bar %s (the machine's verdicts, not verified%s)%s",
		why, pct(s.CitationAccuracy), pct(s.CI95Low), pct(s.CI95High), over, pct(s.Bar), floor, checked)
}

// SplitSource splits a finding's source, "file:line", at its last colon.
func SplitSource(src string) (file, line string) {
	if i := strings.LastIndexByte(src, ':'); i >= 0 {
		return src[:i], src[i+1:]
	}
	return src, ""
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(Printable(s))
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(Printable(s))
}

// mdEscape makes text render as itself in GitHub Markdown: markup
// characters are backslash-escaped, HTML's are entities.
func mdEscape(s string) string {
	var b strings.Builder
	for _, r := range Printable(s) {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\\', '`', '*', '_', '{', '}', '[', ']', '(', ')', '#', '+', '-', '.', '!', '|', '~', '"', '\'', ':', '@', '=':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
