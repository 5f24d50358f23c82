package review

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"unicode"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// VerifyOptions say how to read the labels.
type VerifyOptions struct {
	LabelFiles       []string
	ConfigHash       string   // the audit's: labels sampled under another configuration are refused
	Config           string   // the same, in words, for the message that says what differs
	Logs             []string // the audit's log files, as given: where labels of several samples each need theirs
	Bar              float64
	PartialSupported bool
}

// LabelSet is the labels of one or more label files, read and merged: the
// same citation judged alike in two files counts once, judged differently
// it is an error (two reviewers disagree: resolve it first).
type LabelSet struct {
	Labels []readers.Label
	Files  map[int]string // label index → its file, for messages
	// DrawnFrom is what the labels' sample was drawn from (the first a
	// label line names; nil: none does, e.g. labels of an older ragaudit).
	DrawnFrom *DrawnFrom
	// From is what each label's sample was drawn from (nil where its
	// line does not say).
	From []*DrawnFrom
	// Replaced counts the lines a later line of their file replaced or
	// withdrew (a reviewer's corrections).
	Replaced int
}

// ReadLabelSet reads and merges label files.
func ReadLabelSet(paths []string) (*LabelSet, error) {
	ls := &LabelSet{Files: map[int]string{}}
	at := map[string]int{}
	for _, path := range paths {
		labels, replaced, err := readers.ReadLabelsCounting(path)
		if err != nil {
			return nil, err
		}
		ls.Replaced += replaced
		from := drawnFromLines(path)
		for _, l := range labels {
			if ls.DrawnFrom == nil {
				ls.DrawnFrom = from[l.Line]
			}
			k := l.Key()
			if i, dup := at[k]; dup {
				if ls.Labels[i].Label != l.Label {
					return nil, fmt.Errorf("%s:%d and %s:%d judge the same citation differently (%s, %s): settle it in one file, then audit again",
						ls.Files[i], ls.Labels[i].Line, path, l.Line, ls.Labels[i].Label, l.Label)
				}
				continue
			}
			at[k] = len(ls.Labels)
			ls.Files[len(ls.Labels)] = path
			ls.Labels = append(ls.Labels, l)
			ls.From = append(ls.From, from[l.Line])
		}
	}
	return ls, nil
}

// Verify estimates the true citation-accuracy rate from the population's
// machine verdicts and the labels. Labels drawn by ragaudit sample are used
// with their design (rebuilt from the same audit, and checked against it:
// the same strata of the same size, the same evidence); other label files
// are taken as a random sample within each tenant × machine verdict.
// Labels that judge no citation of the audit are counted.
func Verify(pop *Population, ls *LabelSet, o VerifyOptions) (*report.Verified, error) {
	v := &report.Verified{LabelFile: fmt.Sprint(o.LabelFiles), PartialCountsAs: readers.LabelUnsupported, Reviewers: map[string]int{}}
	if len(o.LabelFiles) == 1 {
		v.LabelFile = o.LabelFiles[0]
	}
	if o.PartialSupported {
		v.PartialCountsAs = readers.LabelSupported
	}
	given, unmatched, changed := matchLabels(pop, ls.Labels)
	v.UnmatchedLabels, v.ChangedEvidence, v.ReplacedLabels = unmatched, changed, ls.Replaced
	// Every citation labelled is no sample: the estimate is exact whatever
	// design drew the labels, so a census drawn by another build (whose
	// verdicts group the citations otherwise) or with other flags counts.
	census := len(given) > 0 && len(given) == labellable(pop)
	stratum := func(c estimate.Citation) string { return fmt.Sprintf("%q/%v", c.Tenant, c.Supported) }
	var samples []drawnSample
	if !census {
		var err error
		if stratum, samples, err = strataOf(pop, ls, o, v); err != nil {
			return nil, err
		}
	} else {
		v.Design = "every citation labelled (a census): no sample, so no assumption about how the labels were chosen"
	}
	if err := labelsOfEveryFile(pop, given, v.Design); err != nil {
		return nil, err
	}
	if err := labelsEvenAcrossFiles(pop, given, v.Design); err != nil {
		return nil, err
	}
	if len(given) == 0 && len(ls.Labels) > 0 {
		// No estimate rests on no label: this is the wrong label file or
		// the wrong logs, not an inconclusive audit.
		return nil, fmt.Errorf("none of the %d labels judges a citation of these logs (%d match no citation, %d judged evidence that has changed since): were they given for other logs?",
			len(ls.Labels), unmatched, changed)
	}
	skipped, err := skippedInReview(pop, samples, given)
	if err != nil {
		return nil, err
	}
	v.Skipped = len(skipped)
	t := estimate.NewTally()
	for i, c := range pop.Citations {
		l := estimate.Unlabelled
		if skipped[i] {
			l = estimate.CannotJudge // non-response: the bounds take it either way
		}
		if lab, ok := given[i]; ok {
			l = estimate.Label(lab.Label)
			v.Reviewers[lab.Reviewer]++
			if lab.Label == readers.LabelUnsupported || lab.Label == readers.LabelPartial && !o.PartialSupported {
				v.LabelledUnsupportedCount++
				if len(v.LabelledUnsupported) < report.MaxLabelledShown {
					v.LabelledUnsupported = append(v.LabelledUnsupported, labelledFailure(lab, c, pop.places[i]))
				}
			}
		}
		if err := t.Add(stratum(c), c, l); err != nil {
			return nil, err
		}
	}
	r, err := t.Estimate(estimate.Options{Bar: o.Bar, PartialSupported: o.PartialSupported})
	if err != nil {
		return nil, err
	}
	v.Result = r
	return v, nil
}

// labelledFailure is a label of unsupported as a report lists it.
func labelledFailure(lab readers.Label, c estimate.Citation, pl place) report.LabelledFailure {
	marker := ""
	if lab.CitationMarker != nil {
		marker = *lab.CitationMarker
	}
	machine := "unsupported"
	if c.Supported {
		machine = "supported"
	}
	sentence := cmp.Or(lab.SentenceText, pl.sentence)
	if sentence == "" { // neither the label nor the audit kept it: say where it is
		sentence = fmt.Sprintf("(the sentence at characters %d–%d of the answer)", lab.CharStart, lab.CharEnd)
	}
	at := pl.at
	return report.LabelledFailure{ConversationID: lab.ConversationID, MessageIndex: lab.MessageIndex, Turn: at.Turn, Turns: at.Turns,
		SentenceNumber: at.Sentence, Marker: marker, Sentence: sentence, Machine: machine}
}

// labellable is how many citations of pop a person can label: the
// fabricated are certain failures, never sampled.
func labellable(pop *Population) int {
	n := 0
	for _, c := range pop.Citations {
		if !c.Fabricated {
			n++
		}
	}
	return n
}

// labelsOfEveryFile refuses labels not drawn by ragaudit sample that
// judge no citation of an input file holding some: taken as a random
// sample of all the logs they would speak for a file none was drawn from
// (April's labels with April and May's logs passed May's failures).
func labelsOfEveryFile(pop *Population, given map[int]readers.Label, design string) error {
	if design != notDrawn || len(given) == 0 || len(pop.files) < 2 {
		return nil
	}
	labelled, labellable := make([]bool, len(pop.files)), make([]bool, len(pop.files))
	for i := range given {
		labelled[pop.places[i].file] = true
	}
	for i, c := range pop.Citations {
		labellable[pop.places[i].file] = labellable[pop.places[i].file] || !c.Fabricated
	}
	for k, f := range pop.files {
		if labellable[k] && !labelled[k] {
			return fmt.Errorf("the labels judge no citation of %s: they were not drawn from all of these logs, and taken as a random sample of them they would speak for citations none of them could come from; draw a sample of all of them (ragaudit sample), or audit only the logs the labels were chosen from", f)
		}
	}
	return nil
}

func orUnknown(s string) string {
	if s == "" {
		return "not recorded"
	}
	return s
}

// matchLabels finds each label's citation: the same conversation, message
// and citation (and timestamp, when the label has one), the sentence span
// equal or overlapping most. It returns the labels by citation index, how
// many labels matched none, and how many matched a citation whose evidence
// (sentence, chunk text) is not what was judged; those are not used.
func matchLabels(pop *Population, labels []readers.Label) (given map[int]readers.Label, unmatched, changed int) {
	type cand struct{ i, start, end int }
	type where struct {
		conv     string
		msg      int
		citation string
	}
	byPlace := map[where][]cand{}
	for i, pl := range pop.places {
		k := where{pl.conv, pl.msg, pl.citation}
		byPlace[k] = append(byPlace[k], cand{i, pl.start, pl.end})
	}
	given = map[int]readers.Label{}
	for _, l := range labels {
		best, bestOverlap := -1, 0
		for _, c := range byPlace[where{l.ConversationID, l.MessageIndex, l.CitationID()}] {
			if l.Timestamp != "" && pop.places[c.i].ts != l.Timestamp {
				continue
			}
			ov := min(c.end, l.CharEnd) - max(c.start, l.CharStart)
			if c.start == l.CharStart && c.end == l.CharEnd {
				ov = 1 << 30
			}
			if ov > bestOverlap {
				best, bestOverlap = c.i, ov
			}
		}
		_, taken := given[best]
		switch {
		case best < 0 || taken:
			unmatched++
		case l.Evidence != "" && l.Evidence != pop.places[best].evidence:
			changed++
		case l.Evidence == "" && l.SentenceText != "" && pop.places[best].sentence != "" && !sameSentence(l.SentenceText, pop.places[best].sentence):
			changed++ // "30 dagen" judged, the logs' sentence there now says "90 dagen"
		default:
			given[best] = l
		}
	}
	return given, unmatched, changed
}

// sameSentence reports whether a label's sentence text is the audited
// sentence's: its letters and digits, lower-cased, are within the
// sentence's (a label may leave out the marker, spaces or punctuation).
func sameSentence(labelled, audited string) bool {
	return strings.Contains(lettersAndDigits(audited), lettersAndDigits(labelled))
}

// lettersAndDigits is s lower-cased, its letters and digits only.
func lettersAndDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// drawnFromAdvice says which logs and filters to audit the labels with.
func drawnFromAdvice(d *DrawnFrom) string {
	if d == nil {
		return "audit the logs the sample was drawn from, with its filters (the label file does not name them)"
	}
	return "the sample was drawn from " + d.String() + ": audit those, with those filters"
}

// tenantOf names a label's tenant for a message.
func tenantOf(l readers.Label) string { return tenantName(l.Tenant) }

// tenantName names a tenant for a message, safe to print whatever the
// logs call it.
func tenantName(tenant string) string {
	if tenant == "" {
		return "no tenant"
	}
	return fmt.Sprintf("tenant %q", report.Printable(tenant))
}

// drawnFromLines reads what each line of a label file says its sample was
// drawn from, by line number (none when the file cannot be read again).
func drawnFromLines(path string) map[int]*DrawnFrom {
	out := map[int]*DrawnFrom{}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), readers.DefaultMaxLineBytes)
	var last *DrawnFrom // lines drawn from the same logs share one value
	for n := 1; sc.Scan(); n++ {
		var line struct {
			DrawnFrom *DrawnFrom `json:"drawn_from"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.DrawnFrom != nil {
			if last == nil || last.String() != line.DrawnFrom.String() {
				last = line.DrawnFrom
			}
			out[n] = last
		}
	}
	return out
}
