package readers

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// SpanToBytes converts a [start, end) span counted in unit (codepoint,
// utf8 or utf16) into byte offsets of s.
func SpanToBytes(s string, start, end int, unit string) (int, int, error) {
	if start < 0 || end < start {
		return 0, 0, fmt.Errorf("bad span %d-%d", start, end)
	}
	switch strings.ToLower(unit) {
	case "", "codepoint", "codepoints", "char", "chars":
		return unitsToBytes(s, start, end, "code point", func(rune) int { return 1 })
	case "utf8", "utf-8", "byte", "bytes", "utf8_byte":
		if end > len(s) || !utf8.RuneStart(byteAt(s, start)) || !utf8.RuneStart(byteAt(s, end)) {
			return 0, 0, fmt.Errorf("byte span %d-%d does not fit the %d bytes of the text on character boundaries", start, end, len(s))
		}
		return start, end, nil
	case "utf16", "utf-16":
		return unitsToBytes(s, start, end, "UTF-16 unit", func(r rune) int { return utf16.RuneLen(r) })
	}
	return 0, 0, fmt.Errorf("offset unit %q: want codepoint, utf8 or utf16", unit)
}

// unitsToBytes maps a span counted in units of width(r) per rune to bytes.
func unitsToBytes(s string, start, end int, unit string, width func(rune) int) (int, int, error) {
	a, b, n := -1, -1, 0
	for i, r := range s {
		if n == start {
			a = i
		}
		if n == end {
			b = i
		}
		n += width(r)
	}
	if start == n {
		a = len(s)
	}
	if end == n {
		b = len(s)
	}
	if a < 0 || b < 0 {
		return 0, 0, fmt.Errorf("span %d-%d does not fit the text (%d %ss) on character boundaries", start, end, n, unit)
	}
	return a, b, nil
}

func byteAt(s string, i int) byte {
	if i >= len(s) {
		return 0
	}
	return s[i]
}
