package lang

import (
	"fmt"
	"strings"
)

// readOpposites reads [opposites]: a line is a group of words that
// exclude one another, its members separated by "|", each member's
// forms by spaces ("before | after", "montag montags | dienstag dienstags
// | …"). Words are matched as written (lower-cased), not stemmed: Dutch
// "vóór" (before) and "voor" (for) stem alike.
func (l *Language) readOpposites(t, _ *table) error {
	l.restrictors = set(l.withNormalized(t.words("restrictors")))
	l.universals = set(l.withNormalized(t.words("universals")))
	for w := range l.restrictors {
		if l.universals[w] {
			return fmt.Errorf("[restrictors] and [universals] both hold %q", w)
		}
	}
	l.opposites = map[string]opposite{}
	for g, line := range t.sections["opposites"] {
		members := strings.Split(strings.ToLower(line), "|")
		if len(members) < 2 {
			return fmt.Errorf("[opposites] %q: want two members or more, separated by |", line)
		}
		for m, forms := range members {
			for _, w := range l.withNormalized(strings.Fields(forms)) {
				if o, dup := l.opposites[w]; dup && o != (opposite{g, m}) {
					return fmt.Errorf("[opposites] %q: %q is in two groups", line, w)
				}
				l.opposites[w] = opposite{group: g, member: m}
			}
		}
	}
	return nil
}

// opposite places a word in its group of [opposites].
type opposite struct{ group, member int }

// Opposes reports whether the normalised words a and b are different
// members of one group of [opposites] ("before" and "after", "montag"
// and "dienstags").
func (l *Language) Opposes(a, b string) bool {
	x, ok := l.opposites[a]
	y, ok2 := l.opposites[b]
	return ok && ok2 && x.group == y.group && x.member != y.member
}

// InOpposites reports whether the normalised word w is in a group of
// [opposites].
func (l *Language) InOpposites(w string) bool {
	_, ok := l.opposites[w]
	return ok
}

// IsRestrictor reports whether the normalised word w limits a claim to
// some of a kind: "only", "alleen", "nur", "seuls", "solo".
func (l *Language) IsRestrictor(w string) bool { return l.restrictors[w] }

// IsUniversal reports whether the normalised word w extends a claim to all
// of a kind: "all", "alle", "jeder", "tous", "todos".
func (l *Language) IsUniversal(w string) bool { return l.universals[w] }

// withNormalized is words, lower-cased, each followed by its form as
// Normalize gives it where that differs (English "always" → "alway"), so
// the tables match the words the checks compare.
func (l *Language) withNormalized(words []string) []string {
	var out []string
	for _, w := range words {
		w = strings.ToLower(w)
		out = append(out, w)
		if n := l.Normalize(w); n != "" && n != w {
			out = append(out, n)
		}
	}
	return out
}
