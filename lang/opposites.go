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
	l.opposites = map[string]opposite{}
	for g, line := range t.sections["opposites"] {
		members := strings.Split(strings.ToLower(line), "|")
		if len(members) < 2 {
			return fmt.Errorf("[opposites] %q: want two members or more, separated by |", line)
		}
		for m, forms := range members {
			for _, w := range strings.Fields(forms) {
				if _, dup := l.opposites[w]; dup {
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
