package report

import (
	"bytes"
	"fmt"
	"strings"
)

// Printable makes text from the logs safe to print on a terminal: control
// characters (an ESC sequence can move the cursor and overwrite "FAIL"
// with a forged "PASS") and bidirectional overrides (which make
// "\u202egnp.exe" read "exe.png") are shown as escapes instead.
func Printable(s string) string {
	if strings.IndexFunc(s, unsafeRune) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80 && unsafeRune(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || isBidiControl(r)
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
