package lang

import "strings"

// readPairJoins reads [pair-joins]: the two words of a pair said as one
// ("tanto X como Y", "sowohl X als auch Y", "zowel X als Y"), by the
// first.
func (l *Language) readPairJoins(t, _ *table) error {
	l.pairJoins = map[string]string{}
	for _, line := range t.sections["pair-joins"] {
		if f := strings.Fields(strings.ToLower(line)); len(f) == 2 {
			l.pairJoins[f[0]] = f[1]
		}
	}
	return nil
}

// PairJoins reports whether the lower-cased word join joins the second of
// a pair the word open opened ([pair-joins]: "como" after "tanto", "als"
// after "sowohl" or "zowel").
func (l *Language) PairJoins(open, join string) bool {
	j, ok := l.pairJoins[open]
	return ok && j == join
}
