package lang

import "fmt"

// readRanged reads [ranged]: a form of the first member of each group of
// [opposites] whose members stand in order, so that a range between two
// of them holds those between ("Monday to Friday" holds Tuesday).
func (l *Language) readRanged(t *table) error {
	l.ranged = map[int]bool{}
	for _, w := range t.words("ranged") {
		os, ok := lookup(l.opposites, w)
		if !ok {
			return fmt.Errorf("[ranged] %q is in no group of [opposites]", w)
		}
		for _, o := range os {
			l.ranged[o.group] = true
		}
	}
	return nil
}

// WithinRange reports whether b[j] is an end of a range b gives of an
// ordered group ([ranged]) that holds a[i]'s member between its ends:
// "tuesday" against "monday" or "friday" of "monday to friday",
// "maandag tot en met vrijdag", "du lundi au vendredi". The first word
// between the ends joins a range ([bound-range], or [ranges] where it
// joins no list: "lundi et vendredi" are two days); up to two more may
// follow it ("tot en met"). a and b are normalised words.
func (l *Language) WithinRange(a []string, i int, b []string, j int) bool {
	for _, x := range l.opposites[a[i]] {
		if !l.ranged[x.group] {
			continue
		}
		for _, y := range l.opposites[b[j]] {
			if y.group != x.group {
				continue
			}
			if z, ok := l.rangeEnd(b, j, +1, x.group); ok && between(x.member, y.member, z) {
				return true
			}
			if z, ok := l.rangeEnd(b, j, -1, x.group); ok && between(x.member, y.member, z) {
				return true
			}
		}
	}
	return false
}

// rangeEnd finds the other end of a range of group g from b[j], looking
// in direction dir, and returns its member.
func (l *Language) rangeEnd(b []string, j, dir, g int) (int, bool) {
	for gap := 1; gap <= 3; gap++ {
		k := j + dir*(gap+1)
		if k < 0 || k >= len(b) {
			return 0, false
		}
		lo := min(j, k)
		first := b[lo+1] // the word after the range's first end
		if !l.JoinsRange(first) && (!l.IsRangeWord(first) || l.IsListJoin(first)) {
			return 0, false
		}
		if gap > 1 && !l.IsRangeWord(b[lo+gap]) && !l.IsStopword(b[lo+gap]) {
			return 0, false
		}
		for _, z := range l.opposites[b[k]] {
			if z.group == g {
				return z.member, true
			}
		}
	}
	return 0, false
}

// between reports whether m lies between the members a and b, inclusive.
func between(m, a, b int) bool {
	return min(a, b) <= m && m <= max(a, b)
}

// InRanged reports whether w is a word of a group of [ranged] (a
// weekday).
func (l *Language) InRanged(w string) bool {
	for _, o := range l.opposites[w] {
		if l.ranged[o.group] {
			return true
		}
	}
	return false
}
