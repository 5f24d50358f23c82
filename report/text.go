package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/readers"
)

// WriteJSON writes v as indented JSON with a trailing newline.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// WriteText writes the short summary people read on stdout and in CI logs.
func WriteText(w io.Writer, s *Summary) error {
	c := s.Counts
	by := c.CitationsByVerdict
	var b strings.Builder
	fmt.Fprintf(&b, "ragaudit %s — citation audit\n", s.Version)
	if s.Project != "" {
		fmt.Fprintf(&b, "Settings from project file %s (flags given on the command line win)\n", Printable(s.Project))
	}
	auditable := by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated]
	b.WriteString(StatusLine(s) + "\n")
	writeAccuracy(&b, s, auditable)
	if s.Coverage != nil {
		fmt.Fprintf(&b, "Checked: %s\n", s.Coverage.Sentence())
	}
	writeJudge(&b, s.Judge)
	for _, note := range s.Notes() {
		fmt.Fprintf(&b, "Note: %s\n", note)
	}
	about := ""
	if c.ConversationsEstimated {
		about = "about "
	}
	fmt.Fprintf(&b, "Audited: %s%d conversations, %d answers, %d sentences (%d cited)",
		about, c.Conversations, c.Answers, c.Sentences, c.CitedSentences)
	if n := c.RepeatedAnswers; n > 0 {
		fmt.Fprintf(&b, "; %d answers repeated in later records of their conversation, audited once", n)
	}
	if n := c.RegeneratedAnswers; n > 0 {
		fmt.Fprintf(&b, "; %d answers given again to a question an earlier record of their conversation answered otherwise (a retry, or a regenerated answer): both audited", n)
	}
	b.WriteString("\n")
	if langs := answerLanguages(c.AnswersByLanguage); langs != "" {
		fmt.Fprintf(&b, "Languages: %s\n", langs)
	}
	fmt.Fprintf(&b, "Citations: %d supported, %d unsupported, %d fabricated, %d not auditable%s\n",
		by[audit.Supported], by[audit.Unsupported], by[audit.Fabricated], by[audit.NotAuditable], notAuditableBecause(c))
	uncited := "uncited factual sentences"
	if c.UncitedFactual == 1 {
		uncited = "uncited factual sentence"
	}
	fmt.Fprintf(&b, "Failures: %d fabricated, %d unsupported, %d %s, %d answered below the retrieval floor",
		by[audit.Fabricated], by[audit.Unsupported], c.UncitedFactual, uncited, c.AnsweredBelowFloor)
	if c.FloorNotChecked > 0 {
		fmt.Fprintf(&b, " (%d more not checked against it: no retrieval score)", c.FloorNotChecked)
	}
	b.WriteString("\n")
	if len(c.NotReadSentences) > 0 || len(c.FloorNotRead) > 0 {
		fmt.Fprintf(&b, "Not read (a language the checks do not read): %s\n", notReadLine(c))
	}
	fmt.Fprintf(&b, "Unsupported because: %s\n", unsupportedBecause(c.ByReason))
	fmt.Fprintf(&b, "Refusals (not failures): %d; rejected answers (claims citing evidence not retrieved): %d\n", c.Refusals, c.Rejected)
	fmt.Fprintf(&b, "Resolution: %d by id", c.Resolution["id"]+c.Resolution["id_case"])
	if n := c.Resolution["id_case"]; n > 0 {
		fmt.Fprintf(&b, " (%d of them regardless of case: one chunk's id alone matches so)", n)
	}
	fmt.Fprintf(&b, ", %d by position, %d by source", c.Resolution["position"], c.Resolution["source"])
	if n := c.Resolution["earlier_turn"]; n > 0 {
		fmt.Fprintf(&b, ", %d by an earlier turn's retrieval", n)
	}
	fmt.Fprintf(&b, ", %d unresolved", c.Resolution["unresolved"])
	if n := c.ByReason["no_retrieval_logged"]; n > 0 && n <= c.Resolution["unresolved"] {
		fmt.Fprintf(&b, " (%d of them in answers with no retrieval logged: nothing to resolve them to)", n)
	}
	if n := c.ByReason["too_many_citations"]; n > 0 {
		fmt.Fprintf(&b, ", %d not resolved (past the first %d distinct citations of a claim)", n, audit.MaxCitationsPerClaim)
	}
	b.WriteString("\n")
	writeRecords(&b, c)
	b.WriteString("\n")
	writeWorstTenants(&b, s.Tenants, s.Verified != nil)
	writeGuard(&b, s)
	writeBaseline(&b, s.Baseline)
	writeGates(&b, s.Gates)
	writeWorst(&b, s)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeAccuracy writes the headline rate: over the citations checked only when
// too few were, the verified estimate when labels were given, else the
// machine's own rate with how to verify it.
func writeAccuracy(b *strings.Builder, s *Summary, auditable int) {
	short := s.CheckedTooFew()
	switch {
	case s.Status == StatusNoData:
	case short && (s.Verified == nil || s.Status == StatusIncomplete):
		if auditable == 0 {
			fmt.Fprintf(b, "Citation accuracy: n/a: none of the %d citations could be checked\n", s.Counts.Citations)
			break
		}
		rate, bar := pctPair(s.CitationAccuracy, s.Bar)
		verdict := "too few to pass or fail"
		if s.Status == StatusFail {
			verdict = "the failure above stands whatever the others are"
		}
		fmt.Fprintf(b, "Citation accuracy: %s (95%% CI %s–%s) over the %d citations checked only, bar %s: %s\n",
			rate, pct(s.CI95Low), pct(s.CI95High), auditable, bar, verdict)
		if s.Verified != nil { // what the labels say still shows: the worst failures point to it
			writeVerified(b, s, auditable)
		}
	case s.Verified != nil:
		writeVerified(b, s, auditable)
	default:
		rate, bar := pctPair(s.CitationAccuracy, s.Bar)
		how, n := verifyAdvice(s)
		fmt.Fprintf(b, "Citation accuracy: %s (95%% CI %s–%s) over %d citations, bar %s\n",
			rate, pct(s.CI95Low), pct(s.CI95High), auditable, bar)
		fmt.Fprintf(b, "Not verified: the machine's own verdicts; the interval covers the sampling of citations, not the machine's errors\n  (%s).\n  %s ragaudit sample -n %d -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS;\n  then ragaudit audit --labels labels.jsonl LOGS (each with the flags this run read LOGS with, such as --mapping or --format)\n",
			MachineAgreement, how, n)
	}
}

// SampleToVerify is the sample the advice to verify draws: past it, a
// larger one narrows the interval little.
const SampleToVerify = 150

// verifyAdvice is how to verify the machine's rate: a sample of
// SampleToVerify citations, or, when there are no more citations to label
// than that, all of them (a census): never more labels than citations.
func verifyAdvice(s *Summary) (how string, n int) {
	by := s.Counts.CitationsByVerdict
	labellable := by[audit.Supported] + by[audit.Unsupported]
	if labellable == 0 || labellable > SampleToVerify {
		return "To verify:", SampleToVerify
	}
	all := fmt.Sprintf("all %d citations", labellable)
	if by[audit.Fabricated] > 0 {
		all = fmt.Sprintf("all %d citations not fabricated", labellable)
	}
	return fmt.Sprintf("To verify, label %s (a census):", all), labellable
}

// writeWorstTenants names the three tenants of lowest accuracy.
// writeWorstTenants lists the three tenants of the lowest machine rate;
// with labels it says they are the machine's (the verified rates by
// tenant are above).
func writeWorstTenants(b *strings.Builder, tenants []audit.Group, labelled bool) {
	if len(tenants) == 0 || len(tenants) == 1 && tenants[0].Name == "" {
		return
	}
	var parts []string
	for i, g := range tenants {
		if i == 3 {
			break
		}
		name := Printable(g.Name)
		if name == "" {
			name = "(none)"
		}
		parts = append(parts, fmt.Sprintf("%s %s of %d", name, pct(g.Accuracy), g.Citations))
	}
	title := "Worst tenants"
	if labelled {
		title = "Worst tenants by the machine's verdicts"
	}
	fmt.Fprintf(b, "%s: %s\n", title, strings.Join(parts, "; "))
}

// unsupportedBecause counts why citations are unsupported, in the order
// and words of audit.Reasons: "2 number mismatch, …, 5 low similarity (1
// of them partly stated), …; 1 misattributed (another retrieved chunk
// supports the sentence)".
func unsupportedBecause(by map[string]int) string {
	var why, beside []string
	for _, r := range audit.Reasons {
		if r.Verdict != audit.Unsupported || r.Of != "" || r.Optional && by[r.Code] == 0 {
			continue
		}
		part := fmt.Sprintf("%d %s", by[r.Code], r.Label)
		var kinds []string // the kinds a reason names (contradictions), those that count any
		for _, q := range audit.Reasons {
			switch {
			case q.Of != r.Code:
			case q.Says == "":
				part += fmt.Sprintf(" (%d of them %s)", by[q.Code], q.Label)
			case by[q.Code] > 0:
				kinds = append(kinds, fmt.Sprintf("%d %s", by[q.Code], q.Label))
			}
		}
		if len(kinds) > 0 {
			part += " (" + strings.Join(kinds, ", ") + ")"
		}
		if r.Beside {
			beside = append(beside, fmt.Sprintf("%s (%s)", part, r.Doc))
		} else {
			why = append(why, part)
		}
	}
	return strings.Join(append([]string{strings.Join(why, ", ")}, beside...), "; ")
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// pctPair formats a rate and the bar it is compared with, with as many
// decimals as it takes to tell them apart: "71.4% … FAIL (bar 71.4%)"
// reads as a contradiction.
func pctPair(rate, bar float64) (string, string) {
	for d := 1; ; d++ {
		r, b := fmt.Sprintf("%.*f%%", d, 100*rate), fmt.Sprintf("%.*f%%", d, 100*bar)
		if r != b || rate == bar || d == 6 {
			return r, b
		}
	}
}

// writeWorst lists the worst failures as linters list problems:
// "logs.jsonl:3 c-0003 sentence 1 [1] unsupported: \"€15.00\" is not in chunk 1".
func writeWorst(b *strings.Builder, s *Summary) {
	if len(s.Worst) == 0 {
		return
	}
	by := s.Counts.CitationsByVerdict
	failing := by[audit.Fabricated] + by[audit.Unsupported] + s.Counts.UncitedFactual
	if s.Verified != nil {
		b.WriteString("Worst failures by the machine's verdicts (the reviewers' are listed above):\n")
	} else {
		b.WriteString("Worst failures:\n")
	}
	for _, f := range s.Worst {
		marker := ""
		if f.Marker != "" {
			marker = " " + Printable(f.Marker)
		}
		fmt.Fprintf(b, "  %s %s %s%s %s: %s\n", Printable(f.Source), Printable(f.ConversationID), f.Place, marker, f.Verdict, f.Reason)
	}
	if more := failing - len(s.Worst); more > 0 {
		fmt.Fprintf(b, "  … %d failing rows in all (findings.csv, report.html)\n", failing)
	}
}

func writeBaseline(b *strings.Builder, c *BaselineChange) {
	if c == nil {
		return
	}
	if c.Missing {
		fmt.Fprintf(b, "Baseline: not compared: %s (%s does not exist; --allow-missing-baseline); keep this run's summary.json as the next run's baseline\n", NoBaselineYet, Printable(c.Path))
		return
	}
	fmt.Fprintf(b, "Since the baseline (%s): %s", Printable(c.Path), c)
	var parts []string
	for i, t := range c.Tenants {
		if i == 3 || t.Change >= 0 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %+.1f", Printable(t.Name), 100*t.Change))
	}
	if len(parts) > 0 {
		fmt.Fprintf(b, "; largest tenant drops: %s", strings.Join(parts, ", "))
	}
	if c.ConfigurationChanged {
		b.WriteString(" — the baseline was made under another configuration (model, thresholds, floor, embedder, judge or version), so this change is not quality alone")
	}
	b.WriteString("\n")
}

func writeGates(b *strings.Builder, gates []Gate) {
	if len(gates) == 0 {
		return
	}
	var parts []string
	for _, g := range gates {
		if g.NotCompared {
			parts = append(parts, fmt.Sprintf("%s %s", g.Spec, g.Detail)) // "drop=2% not compared: no baseline yet"
			continue
		}
		status := "pass"
		switch {
		case g.Undecided:
			status = "NOT MET" // neither passed nor failed: see Detail
		case !g.Pass:
			status = "FAIL"
		}
		parts = append(parts, fmt.Sprintf("%s %s (%s)", g.Spec, status, g.Detail))
	}
	fmt.Fprintf(b, "Gates (--fail-on): %s\n", strings.Join(parts, "; "))
}

// writeVerified leads with the rate a person's labels verified, the
// machine's own beside it, and how far the machine agrees with the person.
func writeVerified(b *strings.Builder, s *Summary, auditable int) {
	v := s.Verified
	fmt.Fprintf(b, "Verified citation accuracy: %s (95%% CI %s–%s), bar %s\n", pctN(v.Rate), pctN(v.Low), pctN(v.High), pct(s.Bar))
	if v.TooFewLabels {
		fmt.Fprintf(b, "  Too few labels: the interval is known to hold from %d labels on, so it decides nothing yet\n", v.MinLabels)
	}
	l := v.Labels
	fmt.Fprintf(b, "  from %d reviewed citations (%d supported, %d partial counted as %s, %d unsupported) and the machine's verdicts on all %d; method %s",
		l.Supported+l.Partial+l.Unsupported, l.Supported, l.Partial, v.PartialCountsAs, l.Unsupported, auditable, v.Method)
	if l.CannotJudge > 0 {
		fmt.Fprintf(b, "; %s: left out of the estimate, counted from none to all supported in its bounds", v.NotJudgedText())
	}
	if v.UnmatchedLabels > 0 {
		fmt.Fprintf(b, "; %d label(s) match no citation of this audit and are not used", v.UnmatchedLabels)
	}
	if v.ChangedEvidence > 0 {
		fmt.Fprintf(b, "; %d label(s) judged a sentence or chunk text these logs no longer hold and are not used", v.ChangedEvidence)
	}
	if v.ReplacedLabels > 0 {
		fmt.Fprintf(b, "; %d label line(s) replaced or withdrawn by a later line of their reviewer", v.ReplacedLabels)
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "  Labels: %s; by %s\n", v.Design, reviewers(v.Reviewers))
	if v.Unsampled > 0 {
		fmt.Fprintf(b, "  %d citation(s) belong to strata without a label: their rate is bounded (none to all supported), not estimated\n", v.Unsampled)
	}
	c := v.Agreement.Confusion
	fmt.Fprintf(b, "  The machine against the reviewer on the sample: balanced accuracy %s, weighted to all citations (labels — reviewer unsupported: %d caught, %d passed; reviewer supported: %d failed, %d passed)\n",
		numOrNA(v.Agreement.BalancedAccuracy), c.UnsupportedAsUnsupported, c.UnsupportedAsSupported, c.SupportedAsUnsupported, c.SupportedAsSupported)
	if caught := v.Agreement.UnsupportedCaught; !math.IsNaN(float64(caught)) {
		n := c.UnsupportedAsUnsupported + c.UnsupportedAsSupported
		low := recallFloor(v.Agreement)
		fmt.Fprintf(b, "  It caught an estimated %s of the unsupported citations, weighted to all citations (%d of %d labelled unsupported; the low end of its 95%% interval %s): %s\n",
			pctN(caught), c.UnsupportedAsUnsupported, n, pct(low), recallAdvice(v.Agreement))
	}
	if failed := v.Agreement.SupportedFailed; !math.IsNaN(float64(failed)) {
		n := c.SupportedAsUnsupported + c.SupportedAsSupported
		high := falseAlarmCeiling(v.Agreement)
		fmt.Fprintf(b, "  It failed an estimated %s of the supported citations, weighted to all citations (%d of %d labelled supported; the high end of its 95%% interval %s): runs of such logs without labels should take no less than %s as --machine-false-alarms\n",
			pctN(failed), c.SupportedAsUnsupported, n, pct(high), pct(high))
	}
	writeLabelledFailures(b, v)
	if len(v.Tenants) > 1 {
		var parts []string
		for _, t := range v.Tenants {
			parts = append(parts, fmt.Sprintf("%s %s (%s–%s, %s)", Printable(t.Tenant), pctN(t.Rate), pctN(t.Low), pctN(t.High), t.Decision))
		}
		fmt.Fprintf(b, "  Verified by tenant: %s\n", strings.Join(parts, "; "))
	}
	writeCalibrated(b, v.Calibration)
	rate, bar := pctPair(s.CitationAccuracy, s.Bar)
	fmt.Fprintf(b, "Machine's own rate: %s (95%% CI %s–%s, sampling only) over %d citations (bar %s)\n", rate, pct(s.CI95Low), pct(s.CI95High), auditable, bar)
}

// labelledShownInText is how many labelled failures the text summary
// lists (summary.json holds MaxLabelledShown).
const labelledShownInText = 10

// writeLabelledFailures lists the citations the reviewers labelled
// unsupported: what failed the verified rate, where the worst failures
// below are the machine's verdicts.
func writeLabelledFailures(b *strings.Builder, v *Verified) {
	n := v.LabelledUnsupportedCount
	if n == 0 {
		return
	}
	shown := v.LabelledUnsupported[:min(len(v.LabelledUnsupported), labelledShownInText)]
	count := fmt.Sprint(n)
	if len(shown) < n {
		count = fmt.Sprintf("the first %d of %d", len(shown), n)
	}
	fmt.Fprintf(b, "  Labelled unsupported by the reviewers (%s):\n", count)
	for _, f := range shown {
		fmt.Fprintf(b, "    %s %s %s (machine: %s): %s\n", Printable(f.ConversationID), f.Place(), Printable(f.Marker), f.Machine, Printable(truncate(f.Sentence, 160)))
	}
}

func numOrNA(x estimate.Number) string {
	if math.IsNaN(float64(x)) {
		return "n/a"
	}
	return fmt.Sprintf("%.3f", float64(x))
}

// reviewers lists who gave the labels used, with how many each.
func reviewers(m map[string]int) string {
	if len(m) == 0 {
		return "nobody (no label was used)"
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(m)) {
		who := Printable(name)
		if who == "" {
			who = "(unnamed)"
		}
		parts = append(parts, fmt.Sprintf("%s %d", who, m[name]))
	}
	return strings.Join(parts, ", ")
}

// notAuditableBecause says why citations are not auditable:
// " (3 chunk text absent, 1 no retrieval logged)", or "".
func notAuditableBecause(c audit.Counts) string {
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(c.ByReason)) {
		if strings.HasPrefix(r, "chunk_text_") || r == "no_retrieval_logged" || r == "chunk_ids_absent" || r == "too_many_citations" || r == "duplicate_chunk_id" || r == "search_result_unnamed" || r == "chunk_sources_absent" {
			parts = append(parts, fmt.Sprintf("%d %s", c.ByReason[r], strings.ReplaceAll(r, "_", " ")))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// answerLanguages names the languages the answers were read in, most
// answers first ("German 60, English 4"), or "" when every answer was
// read as English: the line is for logs where the language matters.
func answerLanguages(by map[string]int) string {
	if len(by) == 0 || len(by) == 1 && by["en"] > 0 {
		return ""
	}
	codes := slices.Sorted(maps.Keys(by))
	slices.SortStableFunc(codes, func(a, b string) int { return by[b] - by[a] })
	parts := make([]string, len(codes))
	for i, code := range codes {
		parts[i] = fmt.Sprintf("%s %d", Printable(lang.Name(code)), by[code])
	}
	return strings.Join(parts, ", ") + " answers"
}

// writeRecords writes the Records line: how many were read, audited,
// filtered out and skipped, by reason.
func writeRecords(b *strings.Builder, c audit.Counts) {
	fmt.Fprintf(b, "Records: %d read, %d audited, %d filtered out, %d skipped", c.RecordsRead, c.RecordsAudited, c.RecordsFiltered, c.RecordsSkipped)
	if c.RecordsSkipped > 0 {
		var parts []string
		for _, r := range slices.Sorted(maps.Keys(c.SkippedByReason)) {
			part := fmt.Sprintf("%s %d", r, c.SkippedByReason[r])
			switch r { // nothing of theirs is lost: the status line leaves them out
			case readers.ReasonDuplicate:
				part += ": the same record again, audited once"
			case readers.ReasonNotServed:
				part += ": never served"
			}
			parts = append(parts, part)
		}
		fmt.Fprintf(b, " (%s)", strings.Join(parts, ", "))
	}
}

// falseAlarmCeiling is the least a run without labels should take as
// --machine-false-alarms from a sample's agreement: the high end of the
// interval of the share of supported citations the machine failed.
func falseAlarmCeiling(a estimate.Agreement) float64 {
	c := a.Confusion
	n := c.SupportedAsUnsupported + c.SupportedAsSupported
	return math.Max(float64(a.SupportedFailed), audit.Wilson(int(c.SupportedAsUnsupported), int(n)).High)
}

// recallAdvice says what --machine-recall later runs of such logs may
// take: the low end of the interval, or none where it is 0 (the flag
// wants a share above 0: "no more than 0.0%" could not be followed).
func recallAdvice(a estimate.Agreement) string {
	if low := recallFloor(a); low > 0 {
		return "runs of such logs without labels may take no more than " + pct(low) + " as --machine-recall"
	}
	return "the labels do not show that it catches any share of them for certain, so runs of such logs without labels can take no --machine-recall: review a sample of each"
}

// recallFloor is the most a run without labels may take as
// --machine-recall from a sample's agreement: a recall measured on few
// unsupported labels is uncertain, so the low end of its interval, not
// the estimate (13 labels, 8 caught: 62 %, but as little as 36 %).
func recallFloor(a estimate.Agreement) float64 {
	c := a.Confusion
	n := c.UnsupportedAsUnsupported + c.UnsupportedAsSupported
	return math.Min(float64(a.UnsupportedCaught), audit.Wilson(int(c.UnsupportedAsUnsupported), int(n)).Low)
}

// notReadLine names what the run could not read for its language: uncited
// sentences that may state facts, answers below the floor that may answer.
func notReadLine(c audit.Counts) string {
	var parts []string
	if len(c.NotReadSentences) > 0 {
		parts = append(parts, fmt.Sprintf("%d uncited sentences, factual or not (%s)", sumCounts(c.NotReadSentences), languageCounts(c.NotReadSentences)))
	}
	if len(c.FloorNotRead) > 0 {
		parts = append(parts, fmt.Sprintf("%d answers below the retrieval floor, answers or refusals (%s)", sumCounts(c.FloorNotRead), languageCounts(c.FloorNotRead)))
	}
	return strings.Join(parts, "; ")
}

// sumCounts is the sum of a map's counts.
func sumCounts(m map[string]int) int {
	n := 0
	for _, k := range m {
		n += k
	}
	return n
}
