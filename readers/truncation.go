package readers

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CutInText reports whether the chunk's text, logged with no text status,
// ends the way loggers cut a text: a truncation label ("… [truncated]",
// "(truncated)"), an elided span ("[…]", "[...]") or an ellipsis after a
// word ("originalverp…", "in the original …", "kosten..."). Such a text is
// read as truncated (TextStatus): its last word may be partial
// ("orig" of "original packaging"), and what was cut may qualify the
// rest ("accepted within 30 days unless…"). An ellipsis after a full
// stop, or one opening the text, is prose.
func (c *Chunk) CutInText() bool {
	if c.Status != "" {
		return false
	}
	return endsCut(c.Text)
}

// truncationLabels end a logger's cut text, compared regardless of case.
var truncationLabels = [...]string{"[truncated]", "(truncated)", "<truncated>", "[…]", "[...]", "(…)", "(...)"}

func endsCut(text string) bool {
	t := strings.TrimRightFunc(text, unicode.IsSpace)
	if len(t) < 3 {
		return false
	}
	for _, l := range truncationLabels { // no lower-casing: this is on the audit's hot path
		if len(t) >= len(l) && strings.EqualFold(t[len(t)-len(l):], l) {
			return true
		}
	}
	var rest string
	switch {
	case strings.HasSuffix(t, "…"):
		rest = strings.TrimSuffix(t, "…")
	case strings.HasSuffix(t, "..."):
		rest = strings.TrimRight(t, ".")
	default:
		return false
	}
	rest = strings.TrimRightFunc(rest, unicode.IsSpace)
	r, _ := utf8.DecodeLastRuneInString(rest)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ','
}
