package lang

import "strings"

// readExceptions reads [exceptions]: a line is a phrase that leaves
// something out of what its sentence says of all ("except", "mit
// Ausnahme von", "à l'exception de"), kept as the words the checks
// compare (lower-cased, an elided article split off, normalised); a line
// opening with "-" is one that does not, a condition or a clause
// ("- except that", "- sauf si").
func (l *Language) readExceptions(t, _ *table) error {
	l.exceptions, l.notExceptions = nil, nil
	for _, line := range t.sections["exceptions"] {
		line, not := strings.CutPrefix(strings.TrimSpace(line), "-")
		var words []string
		for _, f := range strings.Fields(strings.ToLower(line)) {
			if w := l.StripElision(f); w != f {
				words = append(words, f[:len(f)-len(w)], l.Normalize(w))
				continue
			}
			words = append(words, l.Normalize(f))
		}
		switch {
		case len(words) == 0:
		case not:
			l.notExceptions = append(l.notExceptions, words)
		default:
			l.exceptions = append(l.exceptions, words)
		}
	}
	return nil
}

// ExceptionAt returns how many words an exception phrase of
// [exceptions] takes at words[i] (normalised words), 0 for none:
// "except", "with the exception of", "außer", "sauf", "salvo"; not
// "except that" or "sauf si", which say a condition.
func (l *Language) ExceptionAt(words []string, i int) int {
	for _, p := range l.notExceptions {
		if i+len(p) <= len(words) && equalWords(words[i:i+len(p)], p) {
			return 0
		}
	}
	best := 0
	for _, p := range l.exceptions {
		if len(p) > best && i+len(p) <= len(words) && equalWords(words[i:i+len(p)], p) {
			best = len(p)
		}
	}
	return best
}

func equalWords(a, b []string) bool {
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}
