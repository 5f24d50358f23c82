package report

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable makes text from the logs safe to print on a terminal: control
// characters (an ESC sequence can move the cursor and overwrite "FAIL"
// with a forged "PASS"), bidirectional overrides (which make
// "\u202egnp.exe" read "exe.png") and invisible format characters (a
// zero-width space makes a second "acme" look like the first) are shown as
// escapes instead.
func Printable(s string) string { return escapeRunes(s, unsafeRune) }

// PrintableText is Printable for text that may span lines (sentences and
// chunks in findings.csv): line feeds and tabs are kept.
func PrintableText(s string) string {
	return escapeRunes(s, func(r rune) bool { return r != '\n' && r != '\t' && unsafeRune(r) })
}

func escapeRunes(s string, unsafe func(rune) bool) string {
	if !anyUnsafe(s, unsafe) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80 && unsafe(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r) && r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anyUnsafe is strings.IndexFunc(s, unsafe) >= 0 with printable ASCII
// passed over inline: every cell of findings.csv goes through here.
func anyUnsafe(s string, unsafe func(rune) bool) bool {
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if unsafe(r) {
			return true
		}
		i += size
	}
	return false
}

func unsafeRune(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || unicode.Is(unicode.Cf, r)
}

// isBidiControl reports the embedding, override and isolate controls.
func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// neutraliseBidi shows the bidirectional controls in rendered HTML as
// escapes; html/template escapes markup, not these.
func neutraliseBidi(html []byte) []byte {
	if !bytes.ContainsFunc(html, isBidiControl) { // the usual case: no copy
		return html
	}
	return []byte(bidiReplacer.Replace(string(html)))
}

// bidiReplacer replaces each rune isBidiControl reports with its escape;
// a Replacer keeps every other byte as it is, valid UTF-8 or not.
var bidiReplacer = func() *strings.Replacer {
	var pairs []string
	for r := rune(0x2000); r < 0x2100; r++ {
		if isBidiControl(r) {
			pairs = append(pairs, string(r), fmt.Sprintf(`\u%04x`, r))
		}
	}
	return strings.NewReplacer(pairs...)
}()
