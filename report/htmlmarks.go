package report

import (
	"strings"
	"unicode/utf8"
)

// Segment is a run of text with a highlight class ("" for none).
type Segment struct {
	Text  string
	Class string
}

// marks splits text into segments, marking every case-insensitive
// occurrence of each term with class, and the code-point span [from, to)
// (if to > from) with spanClass. Term marks win over the span; byte spans
// in skip are left unmarked.
func marks(text string, class string, terms []string, spanClass string, from, to int, skip ...[2]int) []Segment {
	// Classes by code (0 none, 1 span, 2 term): a string per byte was most
	// of the report's cost on long chunks.
	names := [...]string{"", spanClass, class}
	cls := make([]uint8, len(text))
	if to > from {
		end := byteOffset(text, to)
		for i := byteOffset(text, from); i < end; i++ {
			cls[i] = 1
		}
	}
	hay, fold := strings.ToLower(text), strings.ToLower
	if len(hay) != len(text) { // a case mapping changed byte lengths: match exactly
		hay, fold = text, func(s string) string { return s }
	}
	for _, t := range terms {
		t = fold(strings.TrimSpace(t))
		if t == "" {
			continue
		}
		for i := 0; ; {
			k := strings.Index(hay[i:], t)
			if k < 0 {
				break
			}
			a, b := i+k, i+k+len(t)
			// Whole words only: "30" is not marked inside "[1]30" or "1930".
			if (a == 0 || !isWordByte(hay[a-1])) && (b == len(hay) || !isWordByte(hay[b])) && !within(a, skip) {
				for j := a; j < b; j++ {
					cls[j] = 2
				}
			}
			i = a + 1
		}
	}
	var out []Segment
	start := 0
	for i := 1; i <= len(text); i++ {
		if i == len(text) || (names[cls[i]] != names[cls[start]] && utf8.RuneStart(text[i])) {
			out = append(out, Segment{Text: text[start:i], Class: names[cls[start]]})
			start = i
		}
	}
	return out
}

func byteOffset(s string, runes int) int {
	for i := range s {
		if runes == 0 {
			return i
		}
		runes--
	}
	return len(s)
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func within(i int, spans [][2]int) bool {
	for _, sp := range spans {
		if i >= sp[0] && i < sp[1] {
			return true
		}
	}
	return false
}
