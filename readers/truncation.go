package readers

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CutInText reports whether the chunk's text, logged with no text status,
// ends the way loggers cut a text: a truncation label ("… [truncated]",
// "(truncated)"), an elided span ("[…]", "[...]") or the one-character
// ellipsis after a word ("originalverp…", "in the original …"). Such a
// text is read as truncated (TextStatus): its last word may be partial
// ("orig" of "original packaging"), and what was cut may qualify the
// rest ("accepted within 30 days unless…"). An ellipsis after a full
// stop, or one opening the text, is prose; so are three full stops,
// which end scraped pages as often as cut ones ("See 3 more related
// articles..."): read as cuts, they made 6 of 158 WiCE dev citations
// "cannot tell", 2 of them rightly supported before.
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
	rest, ok := strings.CutSuffix(t, "…")
	if !ok {
		return false
	}
	rest = strings.TrimRightFunc(rest, unicode.IsSpace)
	r, _ := utf8.DecodeLastRuneInString(rest)
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == ','
}
