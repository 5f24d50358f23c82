package lang

import (
	"slices"
	"strings"
)

// readQuantityWords reads [clock], [clock-hours], [clock-marks],
// [clock-before], [ranges], [minus] and [currency-connectors]: the words around a
// number that make it a time of day, negative, or an amount.
func (l *Language) readQuantityWords(t, _ *table) error {
	l.clockWords = set(t.words("clock"))
	l.clockHours = set(t.words("clock-hours"))
	l.clockMarks = set(t.words("clock-marks"))
	l.clockPre = phrasesOf(t.sections["clock-before"])
	l.clockPreLate = phrasesOf(t.sections["clock-before-late"])
	l.ranges = set(t.words("ranges"))
	l.minus = map[string][]string{}
	for _, line := range t.sections["minus"] {
		w, cancel, _ := strings.Cut(strings.ToLower(line), "|")
		for _, f := range strings.Fields(w) {
			l.minus[f] = strings.Fields(cancel)
		}
	}
	l.curConn = set(t.words("currency-connectors"))
	return nil
}

// IsClockWord reports whether w, after an hour, always makes it a time of
// day ("17 Uhr", "17.30 Uhr"); hour words that are also durations are
// IsClockHour's.
func (l *Language) IsClockWord(w string) bool { v, _ := lookup(l.clockWords, w); return v }

// IsClockHour reports whether w is an hour word that makes a time of day
// after a word of ClockBefore ("om 17 uur", "à 17 heures", "a las 17
// horas") or after an hour with minutes ("17.30 uur"), and is a duration
// elsewhere ("24 uur", "24 heures").
func (l *Language) IsClockHour(w string) bool { v, _ := lookup(l.clockHours, w); return v }

// IsClockMark reports whether w, written between an hour and its minutes,
// makes them a time of day ("17h30", "17 h 30", "9u30").
func (l *Language) IsClockMark(w string) bool { v, _ := lookup(l.clockMarks, w); return v }

// phrasesOf reads a section's words and phrases ("; " between them),
// lowercased, each as its words.
func phrasesOf(lines []string) [][]string {
	var out [][]string
	for _, line := range lines {
		for _, p := range strings.Split(line, ";") {
			if ws := strings.Fields(strings.ToLower(p)); len(ws) > 0 {
				out = append(out, ws)
			}
		}
	}
	return out
}

// ClockBefore reports whether words, the words written right before an
// hour (the last one next to it), end with a word or phrase that makes the
// hour a time of day ("um 17.30", "om 17 uur", "à 9 h", "a las 17
// horas"). Words are compared lowercased.
func (l *Language) ClockBefore(words []string) bool { return endsWithPhrase(words, l.clockPre) }

// ClockBeforeLate is ClockBefore for an hour of the afternoon or evening
// (13 to 23) written with an hour word: words that make such an hour a
// time of day ("voor 22 uur", "avant 18 heures") but may open a duration
// before a smaller one ("voor 2 uur" can be "for two hours").
func (l *Language) ClockBeforeLate(words []string) bool { return endsWithPhrase(words, l.clockPreLate) }

// endsWithPhrase reports whether words end with one of phrases.
func endsWithPhrase(words []string, phrases [][]string) bool {
	return slices.ContainsFunc(phrases, func(p []string) bool {
		if len(p) > len(words) {
			return false
		}
		for k, w := range words[len(words)-len(p):] {
			if !lowerIs(w, p[k]) {
				return false
			}
		}
		return true
	})
}

// IsRangeWord reports whether w stands between the two ends of a range
// ("8 bis 20 Uhr", "van 9 tot 17 uur", "de 9 h à 18 h", "de 9 a 18 h").
func (l *Language) IsRangeWord(w string) bool { v, _ := lookup(l.ranges, w); return v }

// IsMinus reports whether w, written right before a number after the word
// before ("" at the start), makes the number negative: "minus 5 Grad",
// "moins 5 degrés", "menos 5 grados", but not "au moins 5 jours" or "al
// menos 5 días" ("at least"). After a number it is a subtraction or a
// unit ("10 min 5 s"); that is the caller's to tell.
func (l *Language) IsMinus(before, w string) bool {
	cancel, ok := lookup(l.minus, w)
	return ok && !slices.ContainsFunc(cancel, func(c string) bool { return lowerIs(before, c) })
}

// IsCurrencyConnector reports whether w may stand between a multiplier and
// its currency ("millones de euros", "millions d'euros"; an elided form
// is written with its apostrophe, either ' or ’).
func (l *Language) IsCurrencyConnector(w string) bool {
	var buf [64]byte
	v, _ := l.curConn[strings.ReplaceAll(string(appendLower(buf[:0], w)), "’", "'")]
	return v
}

// MonthTimeWords lists the words of IsMonthTimeWord, lowercased and
// sorted, for callers that look them up without allocating.
func (l *Language) MonthTimeWords() []string { return sortedKeys(l.monthTime) }
