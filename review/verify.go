package review

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// VerifyOptions say how to read the labels.
type VerifyOptions struct {
	LabelFiles       []string
	ConfigHash       string // the audit's: labels sampled under another configuration are refused
	Config           string // the same, in words, for the message that says what differs
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
		if ls.DrawnFrom == nil {
			ls.DrawnFrom = drawnFromOf(path)
		}
		for _, l := range labels {
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
	var frame *estimate.Frame
	if !census {
		var err error
		if stratum, frame, err = strataOf(pop, ls, o, v); err != nil {
			return nil, err
		}
	} else {
		v.Design = "every citation labelled (a census): no sample, so no assumption about how the labels were chosen"
	}
	if err := labelsOfEveryFile(pop, given, v.Design); err != nil {
		return nil, err
	}
	if len(given) == 0 && len(ls.Labels) > 0 {
		// No estimate rests on no label: this is the wrong label file or
		// the wrong logs, not an inconclusive audit.
		return nil, fmt.Errorf("none of the %d labels judges a citation of these logs (%d match no citation, %d judged evidence that has changed since): were they given for other logs?",
			len(ls.Labels), unmatched, changed)
	}
	skipped, err := skippedInReview(pop, frame, ls.Labels, given)
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

// skippedInReview returns the citations a sample drew that the review
// passed over without a label: of each sample size labels were given on,
// the drawn citations before its last labelled one in review order. A
// review stopped early still holds a random sample of each stratum (the
// order is random), but one that leaves out citations on its way may
// have left out the hard ones, so they count as not judged. Labels not
// drawn by ragaudit sample have no order (and no frame): none. frame is
// the population's, as strataOf built it.
func skippedInReview(pop *Population, frame *estimate.Frame, labels []readers.Label, given map[int]readers.Label) (map[int]bool, error) {
	sizes := map[int64]bool{}
	var seed uint64
	for _, l := range labels {
		if l.Sample != "" && l.SampleSize > 0 {
			sizes[l.SampleSize], seed = true, l.Seed
		}
	}
	if len(sizes) == 0 || frame == nil {
		return nil, nil
	}
	index := make(map[string]int, len(pop.Citations))
	for i, c := range pop.Citations {
		index[c.Key] = i
	}
	out := map[int]bool{}
	for _, size := range slices.Sorted(maps.Keys(sizes)) {
		d, err := estimate.NewDesign(frame, size, seed, estimate.DesignOptions{})
		if err != nil {
			return nil, err
		}
		drawn, err := d.Draw(pop.Citations)
		if err != nil {
			return nil, err
		}
		last := -1
		for _, x := range drawn {
			if l, ok := given[index[x.Citation.Key]]; ok && l.SampleSize == size {
				last = max(last, x.Order)
			}
		}
		for _, x := range drawn {
			if i := index[x.Citation.Key]; x.Order < last {
				if _, ok := given[i]; !ok {
					out[i] = true
				}
			}
		}
	}
	return out, nil
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

// notDrawn is the design of labels ragaudit sample did not draw.
const notDrawn = "labels not drawn by ragaudit sample: taken as a random sample of each tenant's citations of each machine verdict (an assumption; a biased choice of citations biases the estimate)"

// strataOf returns each citation's stratum: the sample's design, rebuilt
// and checked against the labels, or tenant × machine verdict; and the
// population's frame it rebuilt the design from (nil for labels not drawn
// by ragaudit sample).
func strataOf(pop *Population, ls *LabelSet, o VerifyOptions, v *report.Verified) (func(estimate.Citation) string, *estimate.Frame, error) {
	labels := ls.Labels
	sampled := 0
	var size int64
	for _, l := range labels {
		if l.Sample != "" {
			sampled++
			size = max(size, l.SampleSize)
		}
	}
	if sampled == 0 {
		v.Design = notDrawn
		return func(c estimate.Citation) string { return fmt.Sprintf("%q/%v", c.Tenant, c.Supported) }, nil, nil
	}
	l0 := labels[0]
	where := func(i int) string { return fmt.Sprintf("%s:%d", ls.Files[i], labels[i].Line) }
	for i, l := range labels {
		switch {
		case l.Sample == "":
			return nil, nil, fmt.Errorf("%s: a label without a sample among labels of a sample: give the labels of one review", where(i))
		case l.Seed != l0.Seed:
			return nil, nil, fmt.Errorf("%s: from a sample of another seed than %s: give the labels of one sample (or of larger draws of its seed)", where(i), where(0))
		case l.ConfigHash == "":
			// A label written by hand or by another tool that kept the
			// sample's id but not the fields that travel with it.
			return nil, nil, fmt.Errorf("%s: a label of sample %s without the sample's config_hash (and config, seed, sample_size): copy every field of the sample's line into the label, or leave out \"sample\" to give labels not drawn by ragaudit sample",
				where(i), l.Sample)
		case l.SampleSize == 0:
			return nil, nil, fmt.Errorf("%s: a label of sample %s without the sample's sample_size: copy every field of the sample's line into the label, or leave out \"sample\" to give labels not drawn by ragaudit sample",
				where(i), l.Sample)
		case l.ConfigHash != o.ConfigHash:
			return nil, nil, fmt.Errorf("%s: the sample was drawn under another audit configuration (%s; this audit: %s): audit with the flags it was drawn with",
				where(i), orUnknown(l.Config), o.Config)
		}
	}
	frame := estimate.NewFrame()
	for _, c := range pop.Citations {
		if err := frame.Add(c); err != nil {
			return nil, nil, err
		}
	}
	d, err := estimate.NewDesign(frame, size, l0.Seed, estimate.DesignOptions{})
	if err != nil {
		return nil, nil, err
	}
	sizes := map[string]int64{}
	for _, s := range d.Strata {
		sizes[s.ID] = s.Citations
	}
	for i, l := range labels {
		n, ok := sizes[l.Stratum]
		switch {
		case !ok:
			return nil, nil, fmt.Errorf("%s: the label's tenant and verdict group (%s) has no citation in these logs with these filters: %s", where(i), tenantOf(l), drawnFromAdvice(ls.DrawnFrom))
		case l.StratumSize != 0 && l.StratumSize != n:
			return nil, nil, fmt.Errorf("%s: these logs with these filters hold %d citations of the label's tenant and verdict group (%s) where the sample was drawn from %d: %s; or the sample was drawn by another build of ragaudit, whose verdicts put some citations in another group: audit with that build, or draw the sample again with this one (ragaudit sample, with the same flags) and review it", where(i), n, tenantOf(l), l.StratumSize, drawnFromAdvice(ls.DrawnFrom))
		}
	}
	// Drawn again over these logs, the sample draws from no group its
	// labels are not from: a group none of them is from holds citations
	// the sample never saw (drawn with --tenant, audited without).
	from := map[string]bool{}
	for _, l := range labels {
		from[l.Stratum] = true
	}
	for _, st := range d.Strata {
		if st.Labels > 0 && !from[st.ID] {
			return nil, nil, fmt.Errorf("these logs with these filters hold citations of a tenant and verdict group (%s) none of the labels is from, where the sample, drawn again over them, would draw %d: %s", st.Name, st.Labels, drawnFromAdvice(ls.DrawnFrom))
		}
	}
	v.Seed, v.SampleSize = l0.Seed, size
	ids := slices.Sorted(maps.Keys(sizes))
	v.Design = fmt.Sprintf("ragaudit sample, seed %d: %d labels allocated over %d strata (tenant × machine verdict, Neyman)", l0.Seed, size, len(ids))
	return func(c estimate.Citation) string {
		if h, ok := d.StratumOf(c); ok {
			return d.Strata[h].ID
		}
		return ""
	}, frame, nil
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
func tenantOf(l readers.Label) string {
	if l.Tenant == "" {
		return "no tenant"
	}
	return fmt.Sprintf("tenant %q", report.Printable(l.Tenant))
}

// drawnFromOf reads what a label file's sample was drawn from: the first
// line that says (nil when none does, or the file cannot be read again).
func drawnFromOf(path string) *DrawnFrom {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), readers.DefaultMaxLineBytes)
	for sc.Scan() {
		var line struct {
			DrawnFrom *DrawnFrom `json:"drawn_from"`
		}
		if json.Unmarshal(sc.Bytes(), &line) == nil && line.DrawnFrom != nil {
			return line.DrawnFrom
		}
	}
	return nil
}
