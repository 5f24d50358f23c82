package report

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// JUnit writes a JUnit XML file for CI systems that show test results: one
// test case per audited answer (a record's assistant message), failing
// with its failing citations and uncited sentences, skipped when none of
// its citations could be checked; one skipped case per record that could
// not be audited. Cases stream to a temporary file (the suite's counts
// come first in the XML), so memory does not grow with the audit.
type JUnit struct {
	*JUnitCases
	out   *AtomicFile
	cases *os.File
	suite string
}

// JUnitCases writes test cases (JUnit's body) and counts them: a JUnit
// file's, or a shard's unit's, which a merge appends (JUnit.Append) in
// unit order.
type JUnitCases struct {
	w                        *bufio.Writer
	tests, failures, skipped int
}

// NewJUnitCases writes cases to w; Flush at the end.
func NewJUnitCases(w io.Writer) *JUnitCases { return &JUnitCases{w: bufio.NewWriter(w)} }

// Flush writes what is buffered.
func (j *JUnitCases) Flush() error { return j.w.Flush() }

// Counts are the cases written, those failing and those skipped.
func (j *JUnitCases) Counts() (tests, failures, skipped int) { return j.tests, j.failures, j.skipped }

// Append adds cases written by JUnitCases elsewhere (a shard's), with
// their counts.
func (j *JUnit) Append(r io.Reader, tests, failures, skipped int) error {
	if _, err := io.Copy(j.w, r); err != nil {
		return err
	}
	j.tests += tests
	j.failures += failures
	j.skipped += skipped
	return nil
}

// NewJUnit starts a JUnit file at path; suite names the test suite.
func NewJUnit(path, suite string) (*JUnit, error) {
	out, err := CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	cases, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".cases-*")
	if err != nil {
		out.Abort()
		return nil, err
	}
	os.Remove(cases.Name()) // unnamed: gone with the process whatever happens
	return &JUnit{JUnitCases: NewJUnitCases(cases), out: out, cases: cases, suite: suite}, nil
}

// Result adds the record's test cases: one per assistant answer, named by
// the conversation, and by the turn (Place) when the record holds several
// answers, so that a failing case says which answer failed.
func (j *JUnitCases) Result(res *audit.Result) error {
	rec := res.Record
	turns := TurnsOf(rec)
	answers := make([]int, 0, len(res.Answers))
	for _, a := range res.Answers {
		answers = append(answers, a.MessageIndex)
	}
	if len(answers) == 0 {
		answers = []int{-1} // one case for the record
	}
	for _, mi := range answers {
		var fails, unchecked, causes []string
		cited := 0
		for i := range res.Findings {
			f := &res.Findings[i]
			if mi >= 0 && f.MessageIndex != mi {
				continue
			}
			if f.Cited() {
				cited++
			}
			if f.Verdict == audit.NotAuditable {
				unchecked = append(unchecked, fmt.Sprintf("%s %s %s: %s\n  %s", turns.Place(f), Printable(f.Marker), f.Verdict,
					notCheckedBecause(f.Reasons), Printable(truncate(f.Sentence, 300))))
				if c := notCheckedBecause(f.Reasons); !slices.Contains(causes, c) {
					causes = append(causes, c)
				}
			}
			if Severity(f) == 0 {
				continue
			}
			fails = append(fails, fmt.Sprintf("%s %s %s: %s\n  %s", turns.Place(f), Printable(f.Marker), f.Verdict,
				Explain(f), Printable(truncate(f.Sentence, 300))))
		}
		// A later turn is named by its turn even alone in its record (a
		// conversation logged again after each turn): its case is not
		// the first turn's.
		name := rec.ConversationID
		if t := turns.Turn(mi); t > 0 && (len(answers) > 1 || t > 1) {
			name = fmt.Sprintf("%s, turn %d", rec.ConversationID, t)
		}
		// An answer none of whose citations could be checked passed
		// nothing: skipped with the cause, as the summary counts it
		// unchecked. A failure of its own still fails it.
		if len(fails) == 0 && cited > 0 && len(unchecked) == cited {
			if err := j.skippedCase(rec, name, unchecked, causes); err != nil {
				return err
			}
			continue
		}
		if err := j.testCase(rec, name, fails); err != nil {
			return err
		}
	}
	return nil
}

// notCheckedBecause is the labels of a not-auditable finding's reasons.
func notCheckedBecause(codes []string) string {
	var out []string
	for _, code := range codes {
		if r, ok := audit.ReasonOf(code); ok {
			out = append(out, r.Label+" ("+code+")")
		} else {
			out = append(out, code)
		}
	}
	return strings.Join(out, ", ")
}

// skippedCase writes the case of an answer whose citations were none
// checked, skipped with why.
func (j *JUnitCases) skippedCase(rec *readers.Record, name string, unchecked, causes []string) error {
	j.tests++
	j.skipped++
	fmt.Fprintf(j.w, "  <testcase classname=\"%s\" name=\"%s\" file=\"%s\" line=\"%d\">\n    <skipped message=\"%s\">",
		xmlAttr(classname(rec)), xmlAttr(name), xmlAttr(rec.File), rec.Line,
		xmlAttr(fmt.Sprintf("%d citation(s) not checked: %s", len(unchecked), strings.Join(causes, "; "))))
	j.w.WriteString(xmlEscape(strings.Join(unchecked, "\n"), false))
	_, err := j.w.WriteString("</skipped>\n  </testcase>\n")
	return err
}

// testCase writes one test case, failing with fails when there are any.
func (j *JUnitCases) testCase(rec *readers.Record, name string, fails []string) error {
	j.tests++
	fmt.Fprintf(j.w, `  <testcase classname="%s" name="%s" file="%s" line="%d">`, xmlAttr(classname(rec)), xmlAttr(name), xmlAttr(rec.File), rec.Line)
	if len(fails) > 0 {
		j.failures++
		fmt.Fprintf(j.w, "\n    <failure message=\"%d failing citation(s) or uncited sentence(s)\" type=\"ragaudit\">", len(fails))
		j.w.WriteString(xmlEscape(strings.Join(fails, "\n"), false))
		j.w.WriteString("</failure>\n  ")
	}
	_, err := j.w.WriteString("</testcase>\n")
	return err
}

// Skip adds a skipped case for a record that could not be audited.
func (j *JUnitCases) Skip(e *readers.SkipError) error {
	j.tests++
	j.skipped++
	_, err := fmt.Fprintf(j.w, "  <testcase classname=\"skipped\" name=\"%s\" file=\"%s\" line=\"%d\"><skipped message=\"%s\"/></testcase>\n",
		xmlAttr(fmt.Sprintf("%s:%d", e.File, e.Line)), xmlAttr(e.File), e.Line, xmlAttr(e.Reason+": "+e.Detail))
	return err
}

// Commit writes the file: the suite with its counts, then the cases.
func (j *JUnit) Commit(_ context.Context, sum *Summary) error {
	if err := j.w.Flush(); err != nil {
		return err
	}
	if _, err := j.cases.Seek(0, io.SeekStart); err != nil {
		return err
	}
	w := bufio.NewWriter(j.out)
	status := shownStatus(sum)
	// The run's own case: its coverage fails it (INCOMPLETE, NO_DATA), or
	// it failed though it checked too few (what it checked suffices).
	runCase := sum.Status == StatusIncomplete || sum.Status == StatusNoData || sum.CheckedTooFew()
	// With labels the answers' cases stay the machine's verdicts, and
	// the labels may fail the run where they all pass: a case of the
	// verified rate says so.
	verifiedCase := !runCase && sum.Verified != nil && (sum.Status == StatusFail || sum.Status == StatusInconclusive)
	// Without labels a machine rate that clears the bar is INCONCLUSIVE
	// while every answer's case may pass: a case of the rate says so.
	machineCase := !runCase && sum.Verified == nil && sum.Status == StatusInconclusive
	tests, failures := j.tests, j.failures
	if runCase || verifiedCase || machineCase {
		tests, failures = tests+1, failures+1
	}
	fmt.Fprintf(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"ragaudit\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n", tests, failures, j.skipped)
	fmt.Fprintf(w, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n", xmlAttr(j.suite), tests, failures, j.skipped)
	fmt.Fprintf(w, "  <properties><property name=\"status\" value=\"%s\"/><property name=\"bar\" value=\"%g\"/>", xmlAttr(status), sum.Bar)
	if v := sum.Verified; v != nil {
		fmt.Fprintf(w, "<property name=\"verified_citation_accuracy\" value=\"%.6f\"/><property name=\"verified_ci95_low\" value=\"%.6f\"/><property name=\"verified_ci95_high\" value=\"%.6f\"/>",
			float64(v.Rate), float64(v.Low), float64(v.High))
	}
	if sum.Status != StatusNoData { // no data: no rate, not a rate of 0
		fmt.Fprintf(w, "<property name=\"machine_citation_accuracy\" value=\"%.6f\"/>", sum.CitationAccuracy)
	}
	if c := sum.Coverage; c != nil {
		fmt.Fprintf(w, "<property name=\"citations\" value=\"%d\"/><property name=\"citations_checked\" value=\"%d\"/><property name=\"citations_not_checked\" value=\"%d\"/>",
			c.Citations, c.Checked, c.NotChecked)
	}
	fmt.Fprint(w, "</properties>\n")
	if runCase {
		// The conversations' cases may all pass: the run itself does not.
		fmt.Fprintf(w, "  <testcase classname=\"ragaudit\" name=\"citations checked\"><failure message=\"%s\" type=\"ragaudit\">%s</failure></testcase>\n",
			xmlAttr(sum.Status), xmlEscape(sum.StatusDetail+"\n"+sum.Coverage.Sentence(), false))
	}
	if machineCase {
		fmt.Fprintf(w, "  <testcase classname=\"ragaudit\" name=\"citation accuracy (machine verdicts)\"><failure message=\"%s\" type=\"ragaudit\">%s</failure></testcase>\n",
			xmlAttr(status), xmlEscape(sum.StatusDetail, false))
	}
	if verifiedCase {
		body := sum.StatusDetail
		if v := sum.Verified; len(v.LabelledUnsupported) > 0 {
			body += fmt.Sprintf("\nlabelled unsupported by the reviewers (%d):", v.LabelledUnsupportedCount)
			for _, f := range v.LabelledUnsupported {
				body += fmt.Sprintf("\n%s %s %s (machine: %s): %s", f.ConversationID, f.Place(), f.Marker, f.Machine, truncate(f.Sentence, 300))
			}
		}
		fmt.Fprintf(w, "  <testcase classname=\"ragaudit\" name=\"verified citation accuracy\"><failure message=\"%s\" type=\"ragaudit\">%s</failure></testcase>\n",
			xmlAttr(status), xmlEscape(body, false))
	}
	if _, err := io.Copy(w, j.cases); err != nil {
		return err
	}
	w.WriteString("</testsuite>\n</testsuites>\n")
	if err := w.Flush(); err != nil {
		return err
	}
	j.cases.Close()
	return j.out.Commit()
}

// Abort discards the file.
func (j *JUnit) Abort() {
	j.cases.Close()
	j.out.Abort()
}

func classname(rec *readers.Record) string {
	if rec.Tenant != "" {
		return "ragaudit." + rec.Tenant
	}
	return "ragaudit"
}

// xmlEscape makes text from the logs safe in XML 1.0: control characters
// are shown as escapes (as on the terminal), runes XML cannot carry become
// U+FFFD, and markup is escaped; in an attribute, quotes and line breaks too.
func xmlEscape(s string, attr bool) string {
	if attr {
		s = Printable(s)
	} else {
		s = PrintableText(s)
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		case r == utf8.RuneError, r == 0xfffe, r == 0xffff, r >= 0xd800 && r <= 0xdfff:
			b.WriteRune('\ufffd')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func xmlAttr(s string) string { return xmlEscape(s, true) }
