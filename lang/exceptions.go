package lang

import (
	"strings"
	"unicode/utf8"
)

// readExceptions reads [exceptions]: a line is a phrase that leaves
// something out of what its sentence says of all ("except", "mit
// Ausnahme von", "à l'exception de"), kept as the words the checks
// compare (lower-cased, an elided article split off, normalised); a line
// opening with "-" is one that does not, a condition or a clause
// ("- except that", "- sauf si").
func (l *Language) readExceptions(t, _ *table) error {
	l.exceptions, l.notExceptions, l.exceptionCues = nil, nil, nil
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
			l.exceptionCues = appendUniqueString(l.exceptionCues, longestWord(strings.ToLower(line)))
		}
	}
	return nil
}

// MayHoldException reports whether text may hold an exception phrase:
// the longest word of one of them is in it, in any case. A sentence
// without one need not be split into words for ExceptionAt.
func (l *Language) MayHoldException(text string) bool {
	for _, cue := range l.exceptionCues {
		if containsFold(text, cue) {
			return true
		}
	}
	return false
}

// containsFold reports whether s holds the lower-case sub in any case;
// positions whose first byte cannot open sub are passed by a byte test.
func containsFold(s, sub string) bool {
	first := sub[0]
	for i := 0; i+len(sub) <= len(s); i++ {
		if b := s[i]; b != first && (b >= utf8.RuneSelf || b|0x20 != first) {
			continue
		}
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func longestWord(phrase string) string {
	best := ""
	for _, f := range strings.Fields(strings.NewReplacer("'", " ", "’", " ").Replace(phrase)) {
		if len(f) > len(best) {
			best = f
		}
	}
	return best
}

func appendUniqueString(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
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
