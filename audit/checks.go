package audit

import (
	"github.com/ragaudit/ragaudit/nounphrase"
)

// claim is what the checks know of a sentence, computed once per sentence.
type claim struct {
	plain      string
	phrases    []nounphrase.Phrase
	stems      []string // distinct content-word stems
	quantities []Quantity
}

// evidence is what the checks know of one chunk (or of the union of the
// chunks a sentence cites), computed once per answer.
type evidence struct {
	words      map[string]bool // Normalize()d words
	stems      map[string]bool
	quantities QuantityIndex
}

func newEvidence(text string) *evidence {
	ev := &evidence{words: map[string]bool{}, stems: map[string]bool{}, quantities: IndexQuantities(text)}
	for _, w := range nounphrase.Words(text) {
		ev.words[w] = true
		ev.stems[nounphrase.Stem(w)] = true
	}
	return ev
}

// union merges evidences, for the sentence-level verdict over all cited chunks.
func union(evs []*evidence) *evidence {
	if len(evs) == 1 {
		return evs[0]
	}
	u := &evidence{words: map[string]bool{}, stems: map[string]bool{}, quantities: QuantityIndex{}}
	for _, ev := range evs {
		for k := range ev.words {
			u.words[k] = true
		}
		for k := range ev.stems {
			u.stems[k] = true
		}
		for k := range ev.quantities {
			u.quantities[k] = true
		}
	}
	return u
}

// Signals are the named measurements of one (sentence, chunk) pair that a
// verdict is made from; the evidence lists say why.
type Signals struct {
	NPCoverage     float64 // mean share of each noun phrase's words found in the chunk
	TokenOverlap   float64 // share of the sentence's content-word stems found in the chunk
	NumbersMissing []string
	NPFound        []string
	NPMissing      []string
	HasContent     bool // the sentence has something to check (words or numbers)
}

// Check is one named, documented measurement over a pair, in the manner of
// go/analysis: checks are independent and each fills its own signals.
type Check struct {
	Name string
	Doc  string
	Run  func(c *claim, ev *evidence, s *Signals)
}

// Checks are the checks run on every pair, in order.
var Checks = []Check{
	{
		Name: "noun_phrases",
		Doc:  "noun phrases of the sentence found in the chunk (case, plural and punctuation normalised)",
		Run: func(c *claim, ev *evidence, s *Signals) {
			if len(c.phrases) == 0 {
				s.NPCoverage = -1
				return
			}
			var sum float64
			for _, p := range c.phrases {
				found := 0
				for _, w := range p.Words {
					if ev.words[w] || ev.stems[nounphrase.Stem(w)] {
						found++
					}
				}
				sum += float64(found) / float64(len(p.Words))
				if found == len(p.Words) {
					s.NPFound = appendUnique(s.NPFound, p.Text)
				} else {
					s.NPMissing = appendUnique(s.NPMissing, p.Text)
				}
			}
			s.NPCoverage = sum / float64(len(c.phrases))
			s.HasContent = true
		},
	},
	{
		Name: "word_overlap",
		Doc:  "share of the sentence's content words (stemmed, stopwords removed) present in the chunk",
		Run: func(c *claim, ev *evidence, s *Signals) {
			if len(c.stems) == 0 {
				s.TokenOverlap = -1
				return
			}
			found := 0
			for _, st := range c.stems {
				if ev.stems[st] {
					found++
				}
			}
			s.TokenOverlap = float64(found) / float64(len(c.stems))
			s.HasContent = true
		},
	},
	{
		Name: "numbers",
		Doc:  "every number, amount, percentage and date of the sentence appears in the chunk (normalised)",
		Run: func(c *claim, ev *evidence, s *Signals) {
			for _, q := range c.quantities {
				if !ev.quantities.Supports(q) {
					s.NumbersMissing = appendUnique(s.NumbersMissing, q.Raw)
				}
			}
			if len(c.quantities) > 0 {
				s.HasContent = true
			}
		},
	},
}

func runChecks(c *claim, ev *evidence) Signals {
	var s Signals
	for _, ch := range Checks {
		ch.Run(c, ev, &s)
	}
	return s
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
