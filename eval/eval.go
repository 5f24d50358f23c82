package eval

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Pair is one labelled citation with ragaudit's prediction.
type Pair struct {
	Label     readers.Label
	Predicted string  // supported or unsupported
	Score     float64 // support score; higher means more supported
	Agent     string
	// HardFail: the pair fails whatever the threshold (fabricated, or a
	// hard-fail signal of the model), for threshold sweeps.
	HardFail bool
	Finding  *audit.Finding
}

// hasHardReason reports whether a decisive signal failed the citation.
func hasHardReason(reasons []string) bool {
	for _, code := range reasons {
		if r, ok := audit.ReasonOf(code); ok && r.Decisive {
			return true
		}
	}
	return false
}

// leftOut counts the labels Join does not score, by why: with the pairs
// they account for every label line.
type leftOut struct {
	Unmatched int // cited, but no finding of that conversation, message and citation
	Uncited   int // an uncited sentence: no citation to judge
	Partial   int // partial, and partialAs did not say how to count it
}

// Join matches each cited label (partial excluded unless partialAs names
// the class to count it as) to the finding of the same conversation,
// message and citation whose sentence overlaps the labelled span most. It
// returns the pairs and what it left out.
func Join(findings []audit.Finding, labels []readers.Label, partialAs string) (pairs []Pair, left leftOut) {
	type key struct {
		conv string
		msg  int
	}
	byMsg := map[key][]*audit.Finding{}
	for i := range findings {
		f := &findings[i]
		if f.Cited() {
			k := key{f.ConversationID, f.MessageIndex}
			byMsg[k] = append(byMsg[k], f)
		}
	}
	for _, l := range labels {
		if l.CitationMarker == nil {
			left.Uncited++
			continue
		}
		truth := l.Label
		if truth == "partial" {
			if partialAs == "" {
				left.Partial++
				continue
			}
			truth = partialAs
		}
		citation := strings.Trim(*l.CitationMarker, "[]^ ")
		var best *audit.Finding
		bestOverlap := 0
		for _, f := range byMsg[key{l.ConversationID, l.MessageIndex}] {
			if f.Citation != citation && (f.ChunkID == nil || l.ChunkID == nil || *f.ChunkID != *l.ChunkID) {
				continue
			}
			ov := min(f.CharEnd, l.CharEnd) - max(f.CharStart, l.CharStart)
			if ov > bestOverlap {
				best, bestOverlap = f, ov
			}
		}
		if best == nil {
			left.Unmatched++
			continue
		}
		l.Label = truth
		// Each label line is one pair, judged by the per-citation verdict;
		// judgeClaims and itemsOf make the lines of a claim judged jointly
		// one item, judged by the sentence verdict.
		verdict, score := best.Verdict, best.SupportScore
		p := Pair{Label: l, Agent: best.Agent, Predicted: audit.Unsupported, Finding: best}
		if verdict == audit.Supported {
			p.Predicted = audit.Supported
		}
		if score != nil {
			p.Score = float64(*score)
		}
		p.HardFail = score == nil || (verdict == audit.Unsupported && hasHardReason(best.Reasons))
		pairs = append(pairs, p)
	}
	return pairs, left
}

// Metrics describe agreement on a set of pairs; "positive" is unsupported,
// the class an auditor must catch.
type Metrics struct {
	N                    int     `json:"n"`
	Supported            int     `json:"labelled_supported"`
	Unsupported          int     `json:"labelled_unsupported"`
	BalancedAccuracy     float64 `json:"balanced_accuracy"`
	PrecisionUnsupported float64 `json:"precision_unsupported"`
	RecallUnsupported    float64 `json:"recall_unsupported"`
	AUC                  float64 `json:"auc"`
	Confusion            struct {
		TP int `json:"unsupported_as_unsupported"`
		FN int `json:"unsupported_as_supported"`
		FP int `json:"supported_as_unsupported"`
		TN int `json:"supported_as_supported"`
	} `json:"confusion"`
}

// compute returns the metrics of pairs.
func compute(pairs []Pair) Metrics {
	var m Metrics
	m.N = len(pairs)
	for _, p := range pairs {
		unsup := p.Label.Label == audit.Unsupported
		predUnsup := p.Predicted == audit.Unsupported
		switch {
		case unsup && predUnsup:
			m.Confusion.TP++
		case unsup:
			m.Confusion.FN++
		case predUnsup:
			m.Confusion.FP++
		default:
			m.Confusion.TN++
		}
	}
	c := m.Confusion
	m.Unsupported, m.Supported = c.TP+c.FN, c.TN+c.FP
	tpr, tnr := ratio(c.TP, c.TP+c.FN), ratio(c.TN, c.TN+c.FP)
	m.BalancedAccuracy = (tpr + tnr) / 2
	m.PrecisionUnsupported = ratio(c.TP, c.TP+c.FP)
	m.RecallUnsupported = tpr
	m.AUC = auc(pairs)
	return m
}

// auc is the probability that a supported pair scores above an unsupported
// one (ties count half): the Mann-Whitney statistic.
func auc(pairs []Pair) float64 {
	type sv struct {
		s   float64
		pos bool
	}
	var xs []sv
	nPos, nNeg := 0, 0
	for _, p := range pairs {
		pos := p.Label.Label == audit.Supported
		xs = append(xs, sv{p.Score, pos})
		if pos {
			nPos++
		} else {
			nNeg++
		}
	}
	if nPos == 0 || nNeg == 0 {
		return 0
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i].s < xs[j].s })
	var rankSum float64
	for i := 0; i < len(xs); {
		j := i
		for j < len(xs) && xs[j].s == xs[i].s {
			j++
		}
		avg := float64(i+j+1) / 2 // ranks are 1-based
		for k := i; k < j; k++ {
			if xs[k].pos {
				rankSum += avg
			}
		}
		i = j
	}
	return (rankSum - float64(nPos*(nPos+1))/2) / float64(nPos*nNeg)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// byAgent groups pairs by agent, names sorted.
func byAgent(pairs []Pair) (names []string, groups map[string][]Pair) {
	groups = map[string][]Pair{}
	for _, p := range pairs {
		groups[p.Agent] = append(groups[p.Agent], p)
	}
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, groups
}

// sweepBA returns the balanced accuracy obtained with each support threshold
// (hard failures stay unsupported), to choose and justify a default.
func sweepBA(pairs []Pair, thresholds []float64) []float64 {
	out := make([]float64, len(thresholds))
	for i, t := range thresholds {
		re := make([]Pair, len(pairs))
		for j, p := range pairs {
			p.Predicted = audit.Supported
			if p.HardFail || p.Score < t {
				p.Predicted = audit.Unsupported
			}
			re[j] = p
		}
		out[i] = compute(re).BalancedAccuracy
	}
	return out
}

// signalAUC is the AUC of each named signal alone on pairs (higher signal
// meaning supported; below 0.5 means the signal points the other way).
func signalAUC(pairs []Pair) map[string]float64 {
	out := map[string]float64{}
	for _, s := range audit.Signals {
		n := s.Name
		var ps []Pair
		for _, p := range pairs {
			if p.Finding == nil || p.Finding.Signals == nil {
				continue
			}
			v, ok := p.Finding.Signals[n]
			if !ok {
				continue
			}
			q := p
			q.Score = float64(v)
			ps = append(ps, q)
		}
		if len(ps) > 0 {
			out[n] = auc(ps)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

// judgeClaims makes the label lines of a claim judged jointly (label_scope
// joint) one pair, judged by the sentence verdict over the cited chunks
// together, as itemsOf does for the held-out tables; it returns the pairs
// and how many lines were folded into their claim's first.
func judgeClaims(pairs []Pair, findings []audit.Finding) ([]Pair, int) {
	var out []Pair
	folded := 0
	for _, g := range claims(pairs) {
		p := g[0]
		if p.Label.LabelScope != scopeJoint {
			out = append(out, p)
			continue
		}
		folded += len(g) - 1
		for _, q := range g {
			if q.Label.Label != audit.Supported {
				p.Label.Label = q.Label.Label
			}
		}
		f := *p.Finding
		f.Signals = sentenceSignals(p.Finding, findings)
		p.Finding, p.Predicted, p.Score = &f, audit.Unsupported, 0
		if f.SentenceVerdict == audit.Supported {
			p.Predicted = audit.Supported
		}
		if f.SentenceScore != nil {
			p.Score = float64(*f.SentenceScore)
		}
		p.HardFail = f.SentenceScore == nil
		out = append(out, p)
	}
	return out, folded
}

// claims groups pairs by what a person judged: the label lines of a claim
// judged jointly (label_scope joint, one labelled span) form one group,
// every other pair is a group of its own; groups in the order of their
// first line.
func claims(pairs []Pair) [][]Pair {
	type span struct {
		conv            string
		msg, start, end int
	}
	at := map[span]int{} // index in out
	var out [][]Pair
	for _, p := range pairs {
		if p.Label.LabelScope != scopeJoint {
			out = append(out, []Pair{p})
			continue
		}
		k := span{p.Label.ConversationID, p.Label.MessageIndex, p.Label.CharStart, p.Label.CharEnd}
		if i, ok := at[k]; ok {
			out[i] = append(out[i], p)
			continue
		}
		at[k] = len(out)
		out = append(out, []Pair{p})
	}
	return out
}

// allSupported: a claim is supported only if every line judging it says
// so (a joint label is the same on each line of its claim; should two
// differ, the stricter one counts).
func allSupported(g []Pair) bool {
	for _, p := range g {
		if p.Label.Label != audit.Supported {
			return false
		}
	}
	return true
}
