package audit

import "github.com/ragaudit/ragaudit/lang"

// limitAfter reports whether the words from i, right after a negation
// cue, make it a limit: a phrase of [bound-over] or [bound-under] there or
// after one word ("no tarda más de 30 días", "ne prend pas plus de 30
// jours", "does not take more than 30 days").
func limitAfter(l *lang.Language, words []string, i int) bool {
	return figureWithin(words, i, 5) && (i < len(words) && l.OverUnderAt(words[i:]) || i+1 < len(words) && l.OverUnderAt(words[i+1:]))
}

// figureWithin reports whether one of the n words from i is a figure: a
// comparison limits only a figure ("does not take more than 30 days";
// "is not more than a guide" denies).
func figureWithin(words []string, i, n int) bool {
	for k := i; k < len(words) && k < i+n; k++ {
		if words[k] != "" && isDigit(words[k][0]) {
			return true
		}
	}
	return false
}

// englishLimitAfter is limitAfter for the English reading.
func englishLimitAfter(words []string, i int) bool {
	l, ok := lang.Get("en")
	return ok && limitAfter(l, words, i)
}
