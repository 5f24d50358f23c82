package review

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// drawnSample is one sample's design rebuilt over the citations it was
// drawn from: all of the audit's, or, where the labels come from samples
// of several sets of logs (three months' samples given with the
// quarter's logs), those of its own logs.
type drawnSample struct {
	labels  []int               // the labels of the sample, by index
	members []estimate.Citation // the citations it was drawn from
	frame   *estimate.Frame
	design  *estimate.Design
	seed    uint64
	from    *DrawnFrom
	prefix  string // of its strata's ids, where there are several samples
	sizes   map[int64]bool
}

// notDrawn is the design of labels ragaudit sample did not draw.
const notDrawn = "labels not drawn by ragaudit sample: taken as a random sample of each tenant's citations of each machine verdict (an assumption; a biased choice of citations biases the estimate)"

// strataOf returns each citation's stratum: the design of the sample (or
// samples) the labels were drawn by, rebuilt and checked against the
// labels, or tenant × machine verdict for labels not drawn by ragaudit
// sample (and no samples).
//
// Labels of samples drawn from different logs (January's, February's and
// March's, each drawn and reviewed in its month) are strata of their own:
// each sample's design is rebuilt over the citations of its own logs, and
// the estimate over all the logs is the stratified one, each month's
// labels standing for that month's citations only. Every log file of the
// audit must be one sample's.
func strataOf(pop *Population, ls *LabelSet, o VerifyOptions, v *report.Verified) (func(estimate.Citation) string, []drawnSample, error) {
	if !slices.ContainsFunc(ls.Labels, func(l readers.Label) bool { return l.Sample != "" }) {
		v.Design, v.SelfChosen = notDrawn, true
		return func(c estimate.Citation) string { return fmt.Sprintf("%q/%v", c.Tenant, c.Supported) }, nil, nil
	}
	samples, err := sampleGroups(pop, ls, o.Logs)
	if err != nil {
		return nil, nil, err
	}
	for k := range samples {
		if err := samples[k].rebuild(ls, o); err != nil {
			return nil, nil, err
		}
	}
	if len(samples) == 1 {
		d, l0 := samples[0].design, ls.Labels[samples[0].labels[0]]
		v.Seed, v.SampleSize = l0.Seed, d.Labels
		v.Design = fmt.Sprintf("ragaudit sample, seed %d: %d labels allocated over %d strata (tenant × machine verdict, Neyman)", l0.Seed, d.Labels, len(d.Strata))
		return func(c estimate.Citation) string {
			if h, ok := d.StratumOf(c); ok {
				return d.Strata[h].ID
			}
			return ""
		}, samples, nil
	}
	of := make(map[string]int, len(pop.Citations)) // citation key → its sample
	var names []string
	strata := 0
	for k := range samples {
		s := &samples[k]
		s.prefix = fmt.Sprintf("%d|", k)
		for _, c := range s.members {
			of[c.Key] = k
		}
		names = append(names, fmt.Sprintf("%s (seed %d, %d labels)", s.from, s.seed, s.design.Labels))
		strata += len(s.design.Strata)
		v.SampleSize += s.design.Labels
	}
	v.Samples = len(samples)
	v.Design = fmt.Sprintf("%d samples drawn by ragaudit sample, each of its own logs, each standing for its logs' citations only: %s; %d strata (logs × tenant × machine verdict, Neyman)",
		len(samples), strings.Join(names, "; "), strata)
	return func(c estimate.Citation) string {
		s := &samples[of[c.Key]]
		if h, ok := s.design.StratumOf(c); ok {
			return s.prefix + s.design.Strata[h].ID
		}
		return ""
	}, samples, nil
}

// sampleGroups puts the labels in one group per set of logs their sample
// was drawn from: one group for labels of one sample (or of larger draws
// of its seed); several where the label lines name different logs, each
// given the audit's citations of its logs.
func sampleGroups(pop *Population, ls *LabelSet, logs []string) ([]drawnSample, error) {
	var groups []drawnSample
	at := map[string]int{}
	for i := range ls.Labels {
		key := ""
		if f := ls.From[i]; f != nil {
			key = f.String()
		}
		k, ok := at[key]
		if !ok {
			k, at[key] = len(groups), len(groups)
			groups = append(groups, drawnSample{from: ls.From[i], sizes: map[int64]bool{}})
		}
		groups[k].labels = append(groups[k].labels, i)
	}
	// Labels whose lines do not say (an older ragaudit's, or edited) go
	// with the one sample the others name.
	if k, ok := at[""]; ok && len(groups) == 2 {
		g := groups[k]
		groups = slices.Delete(groups, k, k+1)
		groups[0].labels = append(groups[0].labels, g.labels...)
		slices.Sort(groups[0].labels)
	}
	if len(groups) == 1 {
		groups[0].members = pop.Citations
		return groups, nil
	}
	owner := make([]int, len(pop.files)) // each input file's group
	for f := range owner {
		owner[f] = -1
	}
	for k, g := range groups {
		if g.from == nil {
			i := g.labels[0]
			return nil, fmt.Errorf("%s:%d: a label that does not say which logs its sample was drawn from (drawn_from), among labels of samples of several logs: give the labels of each sample as ragaudit review wrote them", ls.Files[i], ls.Labels[i].Line)
		}
		for _, log := range g.from.Logs {
			// merge knows the files only by their citations: there, a
			// sample's log without one is taken for an empty day, and a
			// month left out shows in its strata's sizes
			if len(logs) > 0 && !slices.ContainsFunc(logs, func(p string) bool { return sameFile(p, log) }) {
				return nil, fmt.Errorf("the labels of the sample drawn from %s need all its logs, and %s is not among these logs: audit every log file of every sample the labels are from (named as they were given to ragaudit sample: a relative path is read from the directory the audit runs in)", g.from, log)
			}
			f := slices.IndexFunc(pop.files, func(p string) bool { return sameFile(p, log) })
			switch {
			case f < 0:
				continue // a file without citations (an empty day)
			case owner[f] >= 0 && owner[f] != k:
				return nil, fmt.Errorf("%s is in two samples the labels are from (%s; %s): give the labels of one sample of each log file", log, groups[owner[f]].from, g.from)
			}
			owner[f] = k
		}
	}
	for f, k := range owner {
		if k < 0 {
			return nil, fmt.Errorf("the labels are from samples of other logs than %s: none of them was drawn from it, so none can speak for its citations; sample it (ragaudit sample) and review it too, or audit only the logs the samples were drawn from", pop.files[f])
		}
	}
	for i, c := range pop.Citations {
		g := &groups[owner[pop.places[i].file]]
		g.members = append(g.members, c)
	}
	return groups, nil
}

// sameFile reports whether two log paths name one file: as written, or
// made absolute from the working directory.
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	if a == readers.Stdin || b == readers.Stdin {
		return false
	}
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// rebuild checks the sample's labels against one another and the audit,
// and draws the design again over the sample's citations: the labels'
// strata must be its strata, of the same sizes, and no stratum it draws
// from may be one no label is from.
func (s *drawnSample) rebuild(ls *LabelSet, o VerifyOptions) error {
	labels := ls.Labels
	where := func(i int) string { return fmt.Sprintf("%s:%d", ls.Files[i], labels[i].Line) }
	first := s.labels[0]
	l0 := labels[first]
	var size int64
	for _, i := range s.labels {
		l := labels[i]
		switch {
		case l.Sample == "":
			return fmt.Errorf("%s: a label without a sample among labels of a sample: give the labels of one review", where(i))
		case l.Seed != l0.Seed:
			return fmt.Errorf("%s: from a sample of another seed than %s: give the labels of one sample (or of larger draws of its seed)", where(i), where(first))
		case l.ConfigHash == "":
			// A label written by hand or by another tool that kept the
			// sample's id but not the fields that travel with it.
			return fmt.Errorf("%s: a label of sample %s without the sample's config_hash (and config, seed, sample_size): copy every field of the sample's line into the label, or leave out \"sample\" to give labels not drawn by ragaudit sample",
				where(i), l.Sample)
		case l.SampleSize == 0:
			return fmt.Errorf("%s: a label of sample %s without the sample's sample_size: copy every field of the sample's line into the label, or leave out \"sample\" to give labels not drawn by ragaudit sample",
				where(i), l.Sample)
		case l.ConfigHash != o.ConfigHash:
			return fmt.Errorf("%s: the sample was drawn under another audit configuration (%s; this audit: %s): audit with the flags it was drawn with",
				where(i), orUnknown(l.Config), o.Config)
		}
		size = max(size, l.SampleSize)
		s.sizes[l.SampleSize] = true
	}
	s.seed = l0.Seed
	s.frame = estimate.NewFrame()
	for _, c := range s.members {
		if err := s.frame.Add(c); err != nil {
			return err
		}
	}
	d, err := estimate.NewDesign(s.frame, size, l0.Seed, estimate.DesignOptions{})
	if err != nil {
		return err
	}
	s.design = d
	sizes := map[string]int64{}
	for _, st := range d.Strata {
		sizes[st.ID] = st.Citations
	}
	for _, i := range s.labels {
		l := labels[i]
		n, ok := sizes[l.Stratum]
		switch {
		case !ok:
			return fmt.Errorf("%s: the label's tenant and verdict group (%s) has no citation in these logs with these filters: %s", where(i), tenantOf(l), drawnFromAdvice(s.from))
		case l.StratumSize != 0 && l.StratumSize != n:
			return fmt.Errorf("%s: these logs with these filters hold %d citations of the label's tenant and verdict group (%s) where the sample was drawn from %d: %s; or the sample was drawn by another build of ragaudit, whose verdicts put some citations in another group: audit with that build, or draw the sample again with this one (ragaudit sample, with the same flags) and review it", where(i), n, tenantOf(l), l.StratumSize, drawnFromAdvice(s.from))
		}
	}
	// Drawn again over these logs, the sample draws from no group its
	// labels are not from: a group none of them is from holds citations
	// the sample never saw (drawn with --tenant, audited without), or the
	// review stopped before it came to that group.
	from := map[string]bool{}
	for _, i := range s.labels {
		from[labels[i].Stratum] = true
	}
	for _, st := range d.Strata {
		if st.Labels > 0 && !from[st.ID] {
			return fmt.Errorf("these logs with these filters hold citations of a tenant and verdict group (%s) none of the labels is from, where the sample, drawn again over them, would draw %d: if the review stopped before its first citation of that group, review on (ragaudit review, with the sample and label file reviewed) until every group has a label; otherwise %s", st.Name, st.Labels, drawnFromAdvice(s.from))
		}
	}
	return nil
}

// skippedInReview returns the citations a sample drew that the review
// passed over without a label: of each sample size labels were given on,
// the drawn citations before its last labelled one in review order. A
// review stopped early still holds a random sample of each stratum (the
// order is random), but one that leaves out citations on its way may
// have left out the hard ones, so they count as not judged. Labels not
// drawn by ragaudit sample have no order: none.
func skippedInReview(pop *Population, samples []drawnSample, given map[int]readers.Label) (map[int]bool, error) {
	index := make(map[string]int, len(pop.Citations))
	for i, c := range pop.Citations {
		index[c.Key] = i
	}
	out := map[int]bool{}
	for _, s := range samples {
		for _, size := range slices.Sorted(maps.Keys(s.sizes)) {
			d, err := estimate.NewDesign(s.frame, size, s.seed, estimate.DesignOptions{})
			if err != nil {
				return nil, err
			}
			drawn, err := d.Draw(s.members)
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
	}
	return out, nil
}
