package lang

import (
	"fmt"
	"strconv"
	"strings"
)

// readEveryN reads [every-n], the words that open "every n units of time"
// as a word of [universals] does (Dutch "om de twee weken"), and
// [every-other], the words that after such an opener make it every second
// unit ("every other week", "jede zweite Woche").
func (l *Language) readEveryN(t, _ *table) error {
	l.everyN = set(l.withNormalized(t.words("every-n")))
	l.everyOther = set(l.withNormalized(t.words("every-other")))
	l.timesWords = map[string]int{}
	return entries(t, "times-words", func(n, f string) error {
		v, err := strconv.Atoi(n)
		if err != nil || v < 1 {
			return fmt.Errorf("%q: want a count of times, got %q", f, n)
		}
		for _, w := range l.withNormalized([]string{f}) {
			l.timesWords[w] = v
		}
		return nil
	})
}

// TimesWord returns the count of times the normalised word w says in one
// word ([times-words]: "twice", "zweimal", "tweemaal"); false for none.
func (l *Language) TimesWord(w string) (int, bool) {
	n, ok := l.timesWords[w]
	return n, ok
}

// SaysTimesInWord reports whether has holds a word of [times-words] that
// says n times ("twice" for 2, "zweimal", "tweemaal"); has is asked of
// each such word as normalised (and lower-cased).
func (l *Language) SaysTimesInWord(n int, has func(string) bool) bool {
	for w, v := range l.timesWords {
		if v == n && has(w) {
			return true
		}
	}
	return false
}

// OpensEveryN reports whether the normalised word w opens "every n units"
// as a word of [universals] does: "om" of "om de twee weken".
func (l *Language) OpensEveryN(w string) bool { return l.universals[w] || l.everyN[w] }

// IsEveryOther reports whether the normalised word w, after an opener of
// "every n units", makes it every second unit: "other", "zweite".
func (l *Language) IsEveryOther(w string) bool { return l.everyOther[w] }

// readAnytime reads [anytime], the words that say a thing holds at any
// time ("at any time", "jederzeit", "altijd"), and [limit-opens], the
// words after "only" that open the condition limiting it ("until",
// "solange", "als").
func (l *Language) readAnytime(t, _ *table) error {
	l.anytime = l.readPhraseList(t, "anytime")
	l.noTime = l.readPhraseList(t, "at-no-time")
	l.allDay = l.readPhraseList(t, "around-the-clock")
	l.limitOpens = l.readPhraseList(t, "limit-opens")
	l.anyWords = set(l.withNormalized(t.words("any-words")))
	l.alsoWords = set(l.withNormalized(t.words("also-words")))
	return nil
}

// IsAlsoWord reports whether the normalised word w extends what a
// sentence says to another thing ([also-words]: "also", "ook", "auch",
// "aussi", "también").
func (l *Language) IsAlsoWord(w string) bool { return l.alsoWords[w] }

// IsAnyWord reports whether the normalised word w, opening a sentence,
// says any one of a kind may do what it says ("Any user can …",
// "Cualquier usuario puede …"): said where the chunk says "only", of
// another, it names another group.
func (l *Language) IsAnyWord(w string) bool { return l.anyWords[w] }

// AnytimeAt returns how many words a phrase of [anytime] takes at
// words[i] (normalised words), 0 for none.
func (l *Language) AnytimeAt(words []string, i int) int { return l.anytime.at(words, i) }

// AbsoluteAt returns how many words a phrase of [anytime] or
// [at-no-time] ("always", "never", "nie", "jamais") takes at words[i],
// 0 for none: a claim saying it holds in every case.
func (l *Language) AbsoluteAt(words []string, i int) int {
	return max(l.anytime.at(words, i), l.noTime.at(words, i))
}

// AllDayAt returns how many words a phrase of [around-the-clock] takes
// at words[i] (normalised words), 0 for none.
func (l *Language) AllDayAt(words []string, i int) int { return l.allDay.at(words, i) }

// LimitOpensAt returns how many words a phrase of [limit-opens] takes at
// words[i], 0 for none.
func (l *Language) LimitOpensAt(words []string, i int) int { return l.limitOpens.at(words, i) }

// readPeriods reads [period-words]: "month 3 = quarter; quarterly", the
// words that name a period of that many units ("every three months" is
// "quarterly").
func (l *Language) readPeriods(t, _ *table) error {
	l.periods, l.periodWord, l.periodKey = map[string][]string{}, map[string]bool{}, map[string]string{}
	for _, line := range t.sections["period-words"] {
		k, v, ok := strings.Cut(line, "=")
		unit, n, _ := strings.Cut(strings.TrimSpace(k), " ")
		if !ok || unit == "" || n == "" {
			return fmt.Errorf("[period-words] %q: want \"UNIT N = word; word\"", line)
		}
		key := "time:" + unit + " " + n
		for _, w := range strings.Split(v, ";") {
			if w = strings.TrimSpace(w); w != "" {
				l.periods[key] = append(l.periods[key], l.withNormalized([]string{w})...)
				for _, f := range l.withNormalized([]string{w}) {
					l.periodWord[f] = true
					if _, had := l.periodKey[f]; !had {
						l.periodKey[f] = key
					}
				}
			}
		}
	}
	return nil
}

// IsPeriodWord reports whether the normalised word w names a period of
// [period-words] ("quarter", "fortnightly", "halbjährlich"): a period,
// no kind with members.
func (l *Language) IsPeriodWord(w string) bool { return l.periodWord[w] }

// PeriodOf is the unit and count a normalised word of [period-words]
// names ("quarter": "time:month", 3); ok is false for any other word.
func (l *Language) PeriodOf(w string) (unit string, n int, ok bool) {
	key, ok := l.periodKey[w]
	if !ok {
		return "", 0, false
	}
	unit, count, _ := strings.Cut(key, " ")
	n, err := strconv.Atoi(count)
	return unit, n, err == nil
}

// PeriodWords are the normalised words that name n of unit ("time:month",
// "3"): "quarter", "quarterly", "vierteljährlich".
func (l *Language) PeriodWords(unit, n string) []string { return l.periods[unit+" "+n] }
