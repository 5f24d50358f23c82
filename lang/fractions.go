package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// fraction is a share written in words ("a third", "die Hälfte") and the
// percentage it is.
type fraction struct {
	pct   string
	words []string
}

// readFractions reads [fractions]: percent = the words of a share.
func (l *Language) readFractions(t, _ *table) error {
	l.fractions = nil
	return entries(t, "fractions", func(k, f string) error {
		if v, err := strconv.ParseFloat(k, 64); err != nil || v <= 0 || v > 100 {
			return fmt.Errorf("fraction %q: want a percentage, got %q", f, k)
		}
		l.fractions = append(l.fractions, fraction{pct: k, words: strings.Fields(f)})
		return nil
	})
}

// FractionAt returns the percentage of a share written in words at
// words[i] ("a third" is "33.3", "die Hälfte" "50", "half price" "50":
// half price is half off) and how many words it takes, the longest form
// first; "", 0 for none. Whether the sentence is about a share is the
// caller's to judge.
func (l *Language) FractionAt(words []string, i int) (string, int) {
	pct, best := "", 0
	for _, f := range l.fractions {
		if len(f.words) <= best || i+len(f.words) > len(words) {
			continue
		}
		match := true
		for k, w := range f.words {
			if !lowerIs(words[i+k], w) {
				match = false
				break
			}
		}
		if match {
			pct, best = f.pct, len(f.words)
		}
	}
	return pct, best
}
