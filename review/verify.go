package review

import (
	"fmt"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// VerifyOptions say how to read the labels.
type VerifyOptions struct {
	LabelFile        string
	ConfigHash       string // the audit's: labels sampled under another configuration are refused
	Bar              float64
	PartialSupported bool
}

// Verify estimates the true citation-accuracy rate from the population's
// machine verdicts and the labels. Labels drawn by ragaudit sample are used
// with their design (rebuilt from the same audit, and checked against it);
// other label files are taken as a random sample within each tenant ×
// machine verdict. Labels that judge no citation of the audit are counted.
func Verify(pop *Population, labels []readers.Label, o VerifyOptions) (*report.Verified, error) {
	v := &report.Verified{LabelFile: o.LabelFile, PartialCountsAs: readers.LabelUnsupported}
	if o.PartialSupported {
		v.PartialCountsAs = readers.LabelSupported
	}
	stratum, design, err := strataOf(pop, labels, o)
	if err != nil {
		return nil, err
	}
	v.Design = design
	given, unmatched := matchLabels(pop, labels)
	v.UnmatchedLabels = unmatched
	t := estimate.NewTally()
	for i, c := range pop.Citations {
		l := estimate.Unlabelled
		if lab, ok := given[i]; ok {
			l = estimate.Label(lab.Label)
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

// strataOf returns each citation's stratum: the sample's design, rebuilt
// and checked against the labels, or tenant × machine verdict.
func strataOf(pop *Population, labels []readers.Label, o VerifyOptions) (func(estimate.Citation) string, string, error) {
	sampled := 0
	for _, l := range labels {
		if l.Sample != "" {
			sampled++
		}
	}
	if sampled == 0 {
		return func(c estimate.Citation) string { return fmt.Sprintf("%q/%v", c.Tenant, c.Supported) },
			"labels not drawn by ragaudit sample: taken as a random sample of each tenant's citations of each machine verdict", nil
	}
	l0 := labels[0]
	for _, l := range labels {
		switch {
		case l.Sample == "":
			return nil, "", fmt.Errorf("%s:%d: a label without a sample among labels of a sample: give the labels of one review", o.LabelFile, l.Line)
		case l.Sample != l0.Sample || l.Seed != l0.Seed || l.SampleSize != l0.SampleSize:
			return nil, "", fmt.Errorf("%s:%d: from another sample than line %d: give the labels of one sample", o.LabelFile, l.Line, l0.Line)
		case l.ConfigHash != o.ConfigHash:
			return nil, "", fmt.Errorf("%s:%d: the sample was drawn under another audit configuration (model, thresholds, resolution, floor or embedder): audit with the flags it was drawn with", o.LabelFile, l.Line)
		}
	}
	frame := estimate.NewFrame()
	for _, c := range pop.Citations {
		if err := frame.Add(c); err != nil {
			return nil, "", err
		}
	}
	d, err := estimate.NewDesign(frame, l0.SampleSize, l0.Seed, estimate.DesignOptions{})
	if err != nil {
		return nil, "", err
	}
	ids := map[string]bool{}
	for _, s := range d.Strata {
		ids[s.ID] = true
	}
	for _, l := range labels {
		if !ids[l.Stratum] {
			return nil, "", fmt.Errorf("%s:%d: stratum %s is not in the design these logs give: were the labels sampled from other logs or with other filters?", o.LabelFile, l.Line, l.Stratum)
		}
	}
	stratum := func(c estimate.Citation) string {
		if h, ok := d.StratumOf(c); ok {
			return d.Strata[h].ID
		}
		return ""
	}
	return stratum, fmt.Sprintf("ragaudit sample %s: seed %d, %d labels allocated over %d strata (tenant × machine verdict, Neyman)",
		l0.Sample, l0.Seed, l0.SampleSize, len(d.Strata)), nil
}

// matchLabels finds each label's citation: the same conversation, message
// and citation (and timestamp, when the label has one), the sentence span
// equal or overlapping most. It returns the labels by citation index and
// how many labels matched none.
func matchLabels(pop *Population, labels []readers.Label) (map[int]readers.Label, int) {
	type cand struct{ i, start, end int }
	type where struct {
		conv     string
		msg      int
		citation string
	}
	byPlace := map[where][]cand{}
	ts := map[int]string{}
	for i, pl := range pop.places {
		k := where{pl.conv, pl.msg, pl.citation}
		byPlace[k] = append(byPlace[k], cand{i, pl.start, pl.end})
		ts[i] = pl.ts
	}
	given := map[int]readers.Label{}
	unmatched := 0
	for _, l := range labels {
		k := where{l.ConversationID, l.MessageIndex, l.CitationID()}
		best, bestOverlap := -1, 0
		for _, c := range byPlace[k] {
			if l.Timestamp != "" && ts[c.i] != l.Timestamp {
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
		if _, taken := given[best]; best < 0 || taken {
			unmatched++
			continue
		}
		given[best] = l
	}
	return given, unmatched
}
