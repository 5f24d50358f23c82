package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"unicode/utf8"
)

// visibleName renders a name from the logs (tenant, agent, conversation,
// chunk id, marker) for the page: each invisible or control character is
// shown as a marked escape, so that "acme" followed by a zero-width space
// does not pass for "acme". The rest is escaped as html/template does.
func visibleName(s string) template.HTML {
	if s == "" {
		return `<span class="mute">(none)</span>`
	}
	var b strings.Builder
	for len(s) > 0 {
		i := strings.IndexFunc(s, unsafeRune)
		if i < 0 {
			b.WriteString(template.HTMLEscapeString(s))
			break
		}
		b.WriteString(template.HTMLEscapeString(s[:i]))
		r, n := utf8.DecodeRuneInString(s[i:])
		fmt.Fprintf(&b, `<span class="esc" title="invisible character U+%04X">%s</span>`, r, template.HTMLEscapeString(Printable(string(r))))
		s = s[i+n:]
	}
	return template.HTML(b.String())
}

// isControlByte reports the C0 control bytes but tab and line feed, and
// DEL: bytes a terminal acts on when report.html is printed there.
func isControlByte(c byte) bool {
	return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f
}

// neutraliseControls shows the control characters that html/template lets
// through (ESC, CR, C1 controls) as escapes in the rendered page, so that
// `cat report.html` runs no terminal sequence from the logs. The page's own
// markup has none.
func neutraliseControls(page []byte) []byte {
	if bytes.IndexFunc(page, func(r rune) bool { return r < 0x80 && isControlByte(byte(r)) || r >= 0x80 && r < 0xa0 }) < 0 {
		return page
	}
	var b bytes.Buffer
	b.Grow(len(page) + 64)
	for len(page) > 0 {
		r, n := utf8.DecodeRune(page)
		switch {
		case n == 1 && r < 0x80 && isControlByte(byte(r)):
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.Write(page[:n])
		}
		page = page[n:]
	}
	return b.Bytes()
}
