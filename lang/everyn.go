package lang

// readEveryN reads [every-n], the words that open "every n units of time"
// as a word of [universals] does (Dutch "om de twee weken"), and
// [every-other], the words that after such an opener make it every second
// unit ("every other week", "jede zweite Woche").
func (l *Language) readEveryN(t, _ *table) error {
	l.everyN = set(l.withNormalized(t.words("every-n")))
	l.everyOther = set(l.withNormalized(t.words("every-other")))
	return nil
}

// OpensEveryN reports whether the normalised word w opens "every n units"
// as a word of [universals] does: "om" of "om de twee weken".
func (l *Language) OpensEveryN(w string) bool { return l.universals[w] || l.everyN[w] }

// IsEveryOther reports whether the normalised word w, after an opener of
// "every n units", makes it every second unit: "other", "zweite".
func (l *Language) IsEveryOther(w string) bool { return l.everyOther[w] }
