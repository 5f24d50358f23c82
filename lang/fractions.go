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
	l.readPercentRoles(t)
	if err := l.readHalves(t); err != nil {
		return err
	}
	if err := l.readDaytime(t); err != nil {
		return err
	}
	err := entries(t, "fractions", func(k, f string) error {
		if v, err := strconv.ParseFloat(k, 64); err != nil || v <= 0 || v > 100 {
			return fmt.Errorf("fraction %q: want a percentage, got %q", f, k)
		}
		amb := strings.HasSuffix(f, "*")
		l.fractions = append(l.fractions, fraction{pct: k, words: strings.Fields(strings.TrimSuffix(f, "*")), ambiguous: amb})
		return nil
	})
	l.fractionCues = cueSet{}
	for _, list := range [][]fraction{l.fractions, l.halves, l.daytime} {
		for _, f := range list {
			l.fractionCues.add(longestWord(strings.ToLower(strings.Join(f.words, " "))))
		}
	}
	return err
}

// MayHaveFraction reports whether text may hold a share, a half or a time
// of day in words ([fractions], [halves], [daytime]): the longest word of
// one of them is in it, in any case. A text without one need not be read
// word by word for them.
func (l *Language) MayHaveFraction(text string) bool {
	return l.fractionCues.in(text)
}

// readHalves reads [halves]: the amounts with a half in words before a
// unit ("anderthalb Jahre", "ein halbes Jahr", "half a year").
func (l *Language) readHalves(t *table) error {
	l.halves = nil
	return entries(t, "halves", func(k, f string) error {
		if _, err := strconv.ParseFloat(k, 64); err != nil {
			return fmt.Errorf("half %q: want a number, got %q", f, k)
		}
		l.halves = append(l.halves, fraction{pct: k, words: strings.Fields(strings.ReplaceAll(f, "-", " "))})
		return nil
	})
}

// readDaytime reads [daytime]: the hours to add to an hour in words
// before the phrase ("five in the afternoon" is 17:00).
func (l *Language) readDaytime(t *table) error {
	l.daytime = nil
	return entries(t, "daytime", func(k, f string) error {
		if k != "0" && k != "12" {
			return fmt.Errorf("daytime %q: want 0 or 12, got %q", f, k)
		}
		l.daytime = append(l.daytime, fraction{pct: k, words: strings.Fields(f)})
		return nil
	})
}

// MayOpenDaytime reports whether the lower-cased word w is the first word
// of a phrase of [daytime] ("du" of "du soir"): a cheap test before
// DaytimeAt, which the scan of every number would otherwise pay.
func (l *Language) MayOpenDaytime(w string) bool {
	for _, f := range l.daytime {
		if len(f.words) > 0 && f.words[0] == w {
			return true
		}
	}
	return false
}

// DaytimeAt returns the hours a phrase at words[i] adds to the hour in
// words before it ("in the afternoon", "'s middags", "de la tarde": 12;
// "in the morning": 0) and how many words it takes; "", 0 for none.
// Words as split at every character but letters and hyphens ("s
// middags", "de l après-midi").
func (l *Language) DaytimeAt(words []string, i int) (string, int) {
	v, n, _ := formAt(l.daytime, words, i)
	return v, n
}

// HalfAt returns the value of an amount with a half written in words at
// words[i] ("one and a half" is "1.5", "ein halbes" "0.5") and how many
// words it takes, the longest form first; "", 0 for none. It is an
// amount only before a unit, which is the caller's to read.
func (l *Language) HalfAt(words []string, i int) (string, int) {
	v, n, _ := formAt(l.halves, words, i)
	return v, n
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
	return formAt(l.fractions, words, i)
}

// formAt returns the longest of forms at words[i]: its value, how many
// words it takes and whether it is ambiguous.
func formAt(forms []fraction, words []string, i int) (string, int, bool) {
	pct, best, amb := "", 0, false
	for _, f := range forms {
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
