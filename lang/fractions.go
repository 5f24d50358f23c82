package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// fraction is a share written in words ("a third", "die Hälfte") and the
// percentage it is.
type fraction struct {
	pct       string
	words     []string
	ambiguous bool // also a common phrase ("a third party", "un cuarto"): a share only beside a share word
}

// readFractions reads [fractions]: percent = the words of a share.
func (l *Language) readFractions(t, _ *table) error {
	l.fractions = nil
	l.shareWords = set(t.words("share-words"))
	return entries(t, "fractions", func(k, f string) error {
		if v, err := strconv.ParseFloat(k, 64); err != nil || v <= 0 || v > 100 {
			return fmt.Errorf("fraction %q: want a percentage, got %q", f, k)
		}
		amb := strings.HasSuffix(f, "*")
		l.fractions = append(l.fractions, fraction{pct: k, words: strings.Fields(strings.TrimSuffix(f, "*")), ambiguous: amb})
		return nil
	})
}

// IsShareWord reports whether w is a word of [share-words]: one that
// makes a sentence about a share or a price ("off", "Rabatt", "remise",
// "descuento"), where an ambiguous fraction is one.
func (l *Language) IsShareWord(w string) bool { v, _ := lookup(l.shareWords, w); return v }

// FractionAt returns the percentage of a share written in words at
// words[i] ("a third" is "33.3", "die Hälfte" "50", "half price" "50":
// half price is half off), how many words it takes, the longest form
// first ("", 0 for none), and whether it is also a common phrase ("a
// third party", "un tiers", "un cuarto"): a share only in a sentence
// with a share word (IsShareWord), which is the caller's to judge.
func (l *Language) FractionAt(words []string, i int) (string, int, bool) {
	pct, best, amb := "", 0, false
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
			pct, best, amb = f.pct, len(f.words), f.ambiguous
		}
	}
	return pct, best, amb
}
