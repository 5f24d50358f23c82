package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/estimate"

	"github.com/ragaudit/ragaudit/audit"
)

// Statuses of a run, in summary.json ("status") and the text summary.
const (
	StatusPass         = "PASS"
	StatusFail         = "FAIL"         // below the bar, or a --fail-on gate failed
	StatusInconclusive = "INCONCLUSIVE" // the labels do not yet decide at the bar; without labels, the machine's interval does not
	StatusNoData       = "NO_DATA"      // nothing to measure: a data problem, not a quality failure
	// StatusIncomplete: fewer citations than --min-checked could be
	// checked, so the rate speaks for too few of them to pass or fail.
	StatusIncomplete = "INCOMPLETE"
)

// Decide sets the run's status and, when it is not a pass, why in one
// line; Pass is then whether the status is PASS. With labels, the verified
// estimate's decision rules, not the machine's rate. Call it once the
// gates, baseline and verified estimate are in.
func (s *Summary) Decide() {
	floor, share := s.machineFloor()
	s.MachineFloor, s.MachineCeiling = nil, nil
	if by := s.Counts.CitationsByVerdict; s.Verified == nil && by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] > 0 {
		s.MachineFloor = &MachineFloor{Recall: round6(s.recall()), Rate: floor}
		s.MachineCeiling = &MachineCeiling{FalseAlarms: round6(s.machineFalseAlarms), Rate: s.ceilingOverAll(s.machineFalseAlarms)}
	}
	s.Status, s.StatusDetail = s.decide(floor, share)
	s.Pass = s.Status == StatusPass
	s.InconclusiveBelowBar = s.inconclusiveBelowBar()
}

// CheckedTooFew reports whether the run checked fewer citations, or read
// fewer records, than --min-checked: then its rate is of the citations
// checked only, and it fails only on what the rest cannot undo.
func (s *Summary) CheckedTooFew() bool { return s.Coverage != nil && !s.Coverage.Enough() }

// BelowBar reports whether the run failed on its rate (the verified one
// with labels), rather than on a --fail-on gate.
func (s *Summary) BelowBar() bool {
	return s.Status == StatusFail && s.rateFailure() != ""
}

// decide: a run fails when it fails whatever its citations not checked
// (and records not read) turn out to be; short of that, a run that checked
// too few, or whose gate could not be measured, is INCOMPLETE; then the
// verified estimate may be undecided; else it passes. floor and share are
// the machine's (machineFloor), for a run without labels.
func (s *Summary) decide(floor, share float64) (status, detail string) {
	if cause := s.noData(); cause != "" {
		// Answers that cite nothing still fail a gate on what they say
		// ("--fail-on uncited"): a bot that stopped citing is no empty day.
		for _, g := range s.Gates {
			if s.Counts.Answers > 0 && !g.Pass && !g.Undecided {
				return StatusFail, fmt.Sprintf("--fail-on %s failed: %s (%s)", g.Spec, g.Detail, cause)
			}
		}
		for _, g := range s.Gates {
			if s.Counts.Answers > 0 && g.Undecided {
				return StatusIncomplete, fmt.Sprintf("--fail-on %s is not met: %s (%s)", g.Spec, g.Detail, cause)
			}
		}
		return StatusNoData, cause
	}
	if why := s.guardFailure(); why != "" {
		return StatusFail, why
	}
	if why := s.rateFailure(); why != "" {
		return StatusFail, why
	}
	// A failed gate is a failure whatever more labels would say of the rate.
	for _, g := range s.Gates {
		if !g.Pass && !g.Undecided {
			return StatusFail, fmt.Sprintf("--fail-on %s failed: %s", g.Spec, g.Detail) + s.whateverUnchecked()
		}
	}
	if s.CheckedTooFew() {
		return StatusIncomplete, s.Coverage.incompleteDetail()
	}
	if s.strict && s.Counts.RecordsSkipped > 0 {
		return StatusIncomplete, s.strictDetail()
	}
	for _, g := range s.Gates {
		if g.Undecided {
			return StatusIncomplete, fmt.Sprintf("--fail-on %s is not met: %s", g.Spec, g.Detail)
		}
	}
	if v := s.Verified; v != nil && v.Decision == estimate.Inconclusive {
		return StatusInconclusive, s.inconclusiveDetail()
	}
	if s.Verified == nil {
		return s.machineDecision(floor, share)
	}
	return StatusPass, ""
}

// machineDecision decides a run without labels on the machine's verdicts,
// once nothing else fails it or leaves it incomplete.
func (s *Summary) machineDecision(floor, share float64) (status, detail string) {
	// Below the bar, the machine's verdicts fail the run only where
	// machineFails (rateFailure has failed it then): otherwise it is
	// undecided, since they fail faithful paraphrases too (a German shop's
	// month read 85.4 % where people judged 94.9 %).
	if !s.machinePass() {
		if why := s.machineFailureDoubt(); why != "" {
			return StatusInconclusive, why
		}
	}
	// The machine's rate passes only where its interval clears the bar:
	// the interval covers the sampling of citations, not the machine's own
	// errors, and people writing plausible months to break it saw the
	// machine land at or just above the bar while the true rate was 86–89 %.
	// A rate near the bar over few citations needs people to decide.
	if s.CI95Low < s.Bar && s.CI95High > s.CI95Low {
		return StatusInconclusive, fmt.Sprintf("the machine's rate clears the bar, but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower, and even their 95%% interval (%s–%s), which covers only the sampling of citations, reaches below the bar %s; %s",
			pct(s.CI95Low), pct(s.CI95High), pct(s.Bar), verifyWith(s))
	}
	// Even where the interval clears the bar, the rate is of the
	// machine's verdicts: they miss unsupported citations that read close
	// to their chunks, and people writing months to test it saw the rate
	// read 5–8 points above their own over 50 to 500 citations. Only the
	// user can choose to take it as a pass (--accept-machine).
	if !s.acceptMachine && s.Bar > 0 { // no rate is below a bar of 0
		accept := fmt.Sprintf("--accept-machine would not pass it either: were the machine to catch only %s of the unsupported citations (--machine-recall), the true rate could be as low as %s", pct(s.recall()), pct(floor))
		if floor >= s.Bar {
			accept = fmt.Sprintf("or let the machine's verdicts pass with --accept-machine: were it to catch only %s of the unsupported citations (--machine-recall), the true rate would still be at least %s", pct(s.recall()), pct(floor))
		}
		return StatusInconclusive, fmt.Sprintf("the machine's rate clears the bar with its 95%% interval (%s–%s), but it is the machine's verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower; %s; %s",
			pct(s.CI95Low), pct(s.CI95High), verifyWith(s), accept)
	}
	// Accepted, the machine's rate passes only where it would clear the bar
	// were the machine to catch no more of the unsupported citations than
	// people saw it catch: a machine rate of 95 % over a month people
	// wrote at 86 % passed before.
	if s.Bar > 0 {
		if floor < s.Bar {
			return StatusInconclusive, fmt.Sprintf("the machine's rate clears the bar with its 95%% interval (%s–%s), but the machine may catch as few as %s of the unsupported citations (--machine-recall): the up to %s its verdicts leave not supported could stand for %s, a true rate as low as %s, below the bar %s; %s, or set --machine-recall to what a reviewed sample of your own logs measures (audit --labels says it)",
				pct(s.CI95Low), pct(s.CI95High), pct(s.recall()), pct(share), pct(1-floor), pct(floor), pct(s.Bar), verifyWith(s))
		}
		return StatusPass, "the machine's verdicts, not verified (--accept-machine): a reviewed sample gives the verified rate"
	}
	// Said in summary.json as on the status line: no reader takes it
	// for a verified pass.
	return StatusPass, "the machine's verdicts, not verified (a bar of 0): a reviewed sample gives the verified rate"
}

// DefaultMachineRecall is the share of the unsupported citations the
// machine is taken to catch when --accept-machine lets its verdicts pass a
// run: people writing months to break it (sentences that read close to
// their chunks) saw it catch one in three, where the public labelled sets
// measure 0.71–0.91 out of sample (docs/estimate.md §8).
const DefaultMachineRecall = 0.33

// machineFloor is the lowest true rate the machine's verdicts vouch for,
// and the share of citations they call not supported (fabricated
// included) at the top of its 95 % interval. A fabricated citation is
// certain; of the others, the machine finds at least machineRecall of the
// unsupported ones, so the share it judged unsupported stands for at most
// that share over machineRecall. False alarms only make the floor lower.
// Decide keeps the floor in MachineFloor.
func (s *Summary) machineFloor() (floor, share float64) {
	by := s.Counts.CitationsByVerdict
	n := by[audit.Supported] + by[audit.Unsupported] + by[audit.Fabricated]
	share = 1 - s.CI95Low
	if n == 0 {
		return 0, share
	}
	fab := float64(by[audit.Fabricated]) / float64(n)
	judged := max(0, share-fab)
	return round6(max(0, 1-fab-judged/s.recall())), share
}

// recall is machineRecall, DefaultMachineRecall where none was set.
func (s *Summary) recall() float64 {
	if s.machineRecall > 0 {
		return s.machineRecall
	}
	return DefaultMachineRecall
}

// verifyWith is the advice to verify a machine's rate by a reviewed
// sample, with the commands.
func verifyWith(s *Summary) string {
	return fmt.Sprintf("verify it with a reviewed sample (ragaudit sample -n %d -o sample.jsonl LOGS; ragaudit review --sample sample.jsonl --labels labels.jsonl LOGS; ragaudit audit --labels labels.jsonl LOGS, each with the flags this run read LOGS with, such as --mapping or --format)", sampleN(s))
}

// sampleN is how many citations the advice to verify samples: never more
// than there are to label (verifyAdvice).
func sampleN(s *Summary) int {
	_, n := verifyAdvice(s)
	return n
}

// rateFailure says why the rate fails the bar ("" when it does not). When
// the run checked too few citations, only a rate below the bar even were
// every citation not checked supported: unreadable records may hold any
// number of citations, so then the rate never fails.
func (s *Summary) rateFailure() string {
	v, c := s.Verified, s.Coverage
	short := s.CheckedTooFew()
	if short && (c.unread() || c.Checked == 0) {
		return ""
	}
	if v != nil {
		if v.Decision != estimate.Fail {
			return ""
		}
		why := fmt.Sprintf("verified citation accuracy %s: its one-sided 95%% upper bound %s is below the bar %s", pctN(v.Rate), pctN(v.Upper), pct(s.Bar))
		if v.TooFewLabels || v.Method == estimate.MethodNone { // decided without the interval
			why = fmt.Sprintf("the %d fabricated citations alone hold the rate to at most %s, below the bar %s, whatever the %d labels say",
				v.Fabricated, pct(float64(v.Citations-v.Fabricated)/float64(v.Citations)), pct(s.Bar), v.Labels.Counted())
			if bad := v.labelledNotSupported(); bad > 0 {
				which := fmt.Sprintf("the %d citations labelled not supported", bad)
				if v.Fabricated > 0 {
					which = fmt.Sprintf("the %d fabricated citations and the %d labelled not supported", v.Fabricated, bad)
				}
				why = fmt.Sprintf("%s alone hold the rate to at most %s, below the bar %s, whatever the citations not labelled are",
					which, pct(float64(v.Citations-v.Fabricated-bad)/float64(v.Citations)), pct(s.Bar))
			}
		}
		if !short {
			return why
		}
		// The estimate is of the citations checked; the others count
		// here as all supported.
		best := (float64(v.Upper)*float64(c.Checked) + float64(c.NotChecked)) / float64(c.Citations)
		if round6(best) >= s.Bar {
			return ""
		}
		return why + fmt.Sprintf(" over the %d citations checked, and would be %s were the %d not checked all supported", c.Checked, pct(best), c.NotChecked)
	}
	if s.machinePass() || !s.machineFails() {
		return ""
	}
	rate, bar := pctPair(s.CitationAccuracy, s.Bar) // never "90.0% is below the bar 90.0%"
	over, unchecked := "", ""
	if short {
		over, unchecked = fmt.Sprintf(" over the %d citations checked", c.Checked), fmt.Sprintf("the %d not checked all supported and ", c.NotChecked)
	}
	// machineFails: the fabricated citations alone fail it, or, accepted,
	// the machine's verdicts do with its false alarms allowed
	if fabricated := s.ceilingOverAll(1); fabricated < s.Bar {
		all := "every citation the machine judged unsupported"
		if short {
			all = fmt.Sprintf("the %d not checked and every citation the machine judged unsupported all", c.NotChecked)
		}
		return fmt.Sprintf("citation accuracy %s%s is below the bar %s, and would be at most %s were %s supported: the %d fabricated citations alone fail it",
			rate, over, bar, pct(fabricated), all, s.Counts.CitationsByVerdict[audit.Fabricated])
	}
	if s.machineFalseAlarms == 0 {
		if short {
			return fmt.Sprintf("citation accuracy %s%s is below the bar %s, and would be %s were %s", rate, over, bar, pct(s.ceilingOverAll(0)), strings.TrimSuffix(unchecked, " and "))
		}
		return fmt.Sprintf("citation accuracy %s is below the bar %s", rate, bar)
	}
	return fmt.Sprintf("citation accuracy %s%s is below the bar %s, and would be at most %s were %sthe machine to call up to %s of the supported citations not supported (--machine-false-alarms, --accept-machine)",
		rate, over, bar, pct(s.ceilingOverAll(s.machineFalseAlarms)), unchecked, pct(s.machineFalseAlarms))
}

// whateverUnchecked ends the detail of a failure of a run that checked
// too few: what it did not check cannot undo it.
func (s *Summary) whateverUnchecked() string {
	c := s.Coverage
	switch {
	case !s.CheckedTooFew():
		return ""
	case c.unread() && c.NotChecked > 0:
		return fmt.Sprintf(", whatever the %d citations not checked and the %d unreadable records hold", c.NotChecked, c.RecordsSkipped)
	case c.unread():
		return fmt.Sprintf(", whatever the %d unreadable records hold", c.RecordsSkipped)
	}
	return fmt.Sprintf(", whatever the %d citations not checked turn out to be", c.NotChecked)
}

// strictDetail is the status detail of a --strict run that skipped
// records it would otherwise pass with (duplicates, or a --min-checked
// below 100 %).
func (s *Summary) strictDetail() string {
	var parts []string
	for _, r := range slices.Sorted(maps.Keys(s.Counts.SkippedByReason)) {
		parts = append(parts, fmt.Sprintf("%s %d", r, s.Counts.SkippedByReason[r]))
	}
	return fmt.Sprintf("--strict: %d input record(s) skipped (%s; skipped.jsonl says why, record by record)", s.Counts.RecordsSkipped, strings.Join(parts, ", "))
}

// inconclusiveDetail says why the labels do not decide, and how many more
// are expected to.
func (s *Summary) inconclusiveDetail() string {
	v := s.Verified
	more := ""
	if v.LabelsToDecide > 0 {
		more = fmt.Sprintf("; about %d more labels are expected to decide", v.LabelsToDecide)
		if v.TooFewLabels {
			more = fmt.Sprintf("; review at least %d more", v.LabelsToDecide)
		}
		size := v.SampleSize + v.LabelsToDecide
		if v.CensusToDecide {
			more, size = "; "+v.CensusText(), v.Citations-v.Fabricated
		}
		// The sample holds citations nobody judged yet: those first.
		unreviewed := v.SampleSize - v.Labels.Counted() - v.Labels.CannotJudge
		first, then := "", ":"
		if v.SampleSize > 0 && unreviewed > 0 {
			first = fmt.Sprintf(": the sample drawn holds %d citations not labelled yet; review them (ragaudit review, with the sample and label file reviewed)", unreviewed)
			then = first + ", then"
		}
		switch {
		case first != "" && unreviewed >= v.LabelsToDecide && !v.CensusToDecide:
			more += first
		case v.Samples > 1:
			more += then + " draw a larger sample of each set of logs with its own seed (ragaudit sample -n N --seed SEED -o SAMPLE --force over those logs, SAMPLE being its sample file reviewed) and review it with the same label file, whose labels carry over"
		case v.SampleSize > 0:
			more += then + fmt.Sprintf(" draw a larger sample of the same seed over the one reviewed (ragaudit sample -n %d --seed %d -o SAMPLE --force, SAMPLE being the sample file reviewed: --force because it holds the smaller sample; a new -o file needs none) and review it with the same label file, whose labels carry over",
				size, v.Seed)
		}
	}
	if v.Unsampled > 0 && !v.TooFewLabels {
		more += fmt.Sprintf("; %d citations are of tenant and verdict groups without a label, which the bounds count from none to all supported and the estimate only assumes like the others: label some of each group (ragaudit sample draws them)", v.Unsampled)
	}
	if notJudged := v.Labels.CannotJudge; notJudged > 0 && !v.TooFewLabels {
		// The interval takes them from none to all supported: more labels
		// elsewhere cannot stand in for them.
		more = fmt.Sprintf("; %s, which the bounds count from none to all supported: judge them (ragaudit review, with the sample and label file reviewed) before drawing more", v.NotJudgedText())
	}
	if v.TooFewLabels {
		labels := fmt.Sprintf("only %d labels count", v.Labels.Counted())
		if v.Labels.Counted() == 1 {
			labels = "only 1 label counts"
		}
		return fmt.Sprintf("%s, and the verified interval is known to hold from %d on (docs/estimate.md): it decides nothing yet%s",
			labels, v.MinLabels, more)
	}
	return fmt.Sprintf("the bar %s lies between the verified one-sided 95%% bounds %s and %s%s", pct(s.Bar), pctN(v.Lower), pctN(v.Upper), more)
}

// machinePass: the machine's rate, as reported (six decimals), is at or
// above the bar, so that summary.json never shows a rate equal to the bar
// and a FAIL.
func (s *Summary) machinePass() bool {
	by := s.Counts.CitationsByVerdict
	return by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] > 0 && s.CitationAccuracy >= s.Bar
}

// noDataCause says why there is nothing to measure ("" when there is).
// noData says why the run has nothing to measure ("" when it has): then
// its rate of 0 is no rate.
// Citations that cannot be checked (no retrieval logged, no chunk text)
// are no "nothing to measure": the run is INCOMPLETE, naming the cause.
func (s *Summary) noData() string {
	return noDataCause(s.Counts)
}

func noDataCause(c audit.Counts) string {
	by := c.CitationsByVerdict
	readable := c.RecordsRead - c.RecordsSkipped
	switch {
	case c.RecordsRead == 0:
		return "the input holds no record (an empty file, or nothing on stdin)"
	case c.RecordsAudited == 0 && readable > 0 && c.RecordsFiltered == readable:
		return fmt.Sprintf("no record to audit: all %d readable record(s) were filtered out by --tenant/--agent/--last", c.RecordsFiltered)
	case c.RecordsAudited == 0:
		return fmt.Sprintf("no record could be read: all %d were skipped (see skipped.jsonl)", c.RecordsSkipped)
	case by[audit.Supported]+by[audit.Unsupported]+by[audit.Fabricated] > 0 || c.Citations > 0:
		return ""
	case c.Answers == 0:
		return fmt.Sprintf("none of the %d audited record(s) has an assistant answer", c.RecordsAudited)
	default:
		cause := fmt.Sprintf("none of the %d answer(s) cites anything: no citation marker such as [1] or [doc2], and no structured citation", c.Answers)
		if c.UncitedFactual > 0 {
			cause += fmt.Sprintf("; %d sentence(s) state facts without a citation (--fail-on uncited fails on them)", c.UncitedFactual)
		}
		if len(c.NotReadSentences) > 0 {
			cause += fmt.Sprintf("; sentences in a language the checks do not read (%s): whether they state facts without a citation is not known", languageCounts(c.NotReadSentences))
		}
		if len(c.UnreadMarkers) > 0 {
			var shapes []string
			for _, shape := range slices.Sorted(maps.Keys(c.UnreadMarkers)) {
				shapes = append(shapes, fmt.Sprintf("%s in %d", shape, c.UnreadMarkers[shape]))
			}
			cause += fmt.Sprintf("; answers hold marker-like text not read as citations (%s): if these are your bot's markers, declare them with --citation-regex", strings.Join(shapes, ", "))
		}
		return cause
	}
}

func pctN(x estimate.Number) string {
	if math.IsNaN(float64(x)) {
		return "n/a"
	}
	return pct(float64(x))
}
