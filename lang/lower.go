package lang

import (
	"unicode"
	"unicode/utf8"
)

// The lookups the audit makes for every number of every chunk (Unit,
// Currency, Month, NumberAt …) lowercase a word into a buffer on the
// stack and index their map with it, which allocates nothing; the tables
// were a fortieth of a chunk's scan when each lowercased a new string.

// lookup returns m[strings.ToLower(w)].
func lookup[V any](m map[string]V, w string) (V, bool) {
	var buf [64]byte
	v, ok := m[string(appendLower(buf[:0], w))]
	return v, ok
}

// latinLower is unicode.ToLower of the runes of the Latin scripts the
// tables are written in (up to Latin Extended-B), looked up in a table.
var latinLower = func() (t [0x250]rune) {
	for r := range t {
		t[r] = unicode.ToLower(rune(r))
	}
	return t
}()

func toLower(r rune) rune {
	if r >= 0 && r < rune(len(latinLower)) {
		return latinLower[r]
	}
	return unicode.ToLower(r)
}

// appendLower appends strings.ToLower(w) to dst.
func appendLower(dst []byte, w string) []byte {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if c >= utf8.RuneSelf {
			for _, r := range w[i:] {
				dst = utf8.AppendRune(dst, toLower(r))
			}
			return dst
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// lowerIs reports whether strings.ToLower(w) == lower.
func lowerIs(w, lower string) bool {
	var buf [64]byte
	return string(appendLower(buf[:0], w)) == lower
}

// appendKey appends numberKey(strings.Join(words, " ")) to dst: the words
// lowercased, hyphens and spaces between them one space.
func appendKey(dst []byte, words []string) []byte {
	sep := false
	for _, w := range words {
		sep = true
		for _, r := range w {
			if r == '-' || unicode.IsSpace(r) {
				sep = true
				continue
			}
			if sep && len(dst) > 0 {
				dst = append(dst, ' ')
			}
			sep = false
			dst = utf8.AppendRune(dst, toLower(r))
		}
	}
	return dst
}
