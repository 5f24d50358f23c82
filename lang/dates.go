package lang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readDates reads [months], [month-time-words], [date-connectors] and
// [ordinal-nouns].
func (l *Language) readDates(t, _ *table) error {
	l.months = map[string]int{}
	err := entries(t, "months", func(k, f string) error {
		m, err := strconv.Atoi(k)
		if err != nil || m < 1 || m > 12 {
			return fmt.Errorf("month %q", k)
		}
		l.months[f] = m
		return nil
	})
	if len(l.months) > 0 && err == nil {
		for m := 1; m <= 12; m++ {
			if !l.hasMonth(m) {
				return fmt.Errorf("[months]: no month %d", m)
			}
		}
	}
	l.monthTime = set(t.words("month-time-words"))
	l.dateConn = set(t.words("date-connectors"))
	l.ordNouns = set(t.words("ordinal-nouns"))
	return err
}

func (l *Language) hasMonth(m int) bool {
	for _, v := range l.months {
		if v == m {
			return true
		}
	}
	return false
}

// Month returns the month (1–12) a word names, in full or abbreviated,
// with or without its full stop and in any case ("März", "mrt", "févr.",
// "Sept."). Whether a capital is required is the caller's
// (MonthsCapitalised): "may" is also an English verb.
func (l *Language) Month(w string) (int, bool) {
	m, ok := lookup(l.months, strings.TrimSuffix(w, "."))
	return m, ok
}

// IsMonthTimeWord reports whether w, before a month name, makes it a time
// ("in May", "im Mai", "sinds maart", "depuis mars", "desde marzo").
func (l *Language) IsMonthTimeWord(w string) bool { v, _ := lookup(l.monthTime, w); return v }

// IsDateConnector reports whether w may stand between a day and its
// month or a month and its year ("12th of May", "12 de mayo de 2026").
func (l *Language) IsDateConnector(w string) bool { v, _ := lookup(l.dateConn, w); return v }

// OrdinalBefore reports whether, in a language that writes ordinals with
// a full stop (OrdinalDot), digits and a full stop before the word next
// are an ordinal and end no sentence: before a month ("12. Mai"), an
// ordinal noun ("19. Jahrhundert", "3. Platz") or a lower-case word
// ("am 3. und 4. Mai"). It is false in the other languages.
func (l *Language) OrdinalBefore(next string) bool {
	if !l.OrdinalDot || next == "" {
		return false
	}
	if _, ok := l.Month(next); ok {
		return true
	}
	r, _ := utf8.DecodeRuneInString(next)
	noun, _ := lookup(l.ordNouns, next)
	return unicode.IsLower(r) || noun
}
