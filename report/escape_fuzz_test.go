package report

import (
	"encoding/xml"
	"strings"
	"testing"
	"unicode"
)

// Whatever the logs hold, what ragaudit writes for people and CI carries no
// control character a terminal would obey, no markup, and no line break
// that would start a second workflow command.
func FuzzEscapes(f *testing.F) {
	for _, s := range []string{"", "plain", "x\r\x1b[1APASS", "<b>&amp;</b>", "\u202egnp.exe", "a\u200bb", "::error::x\n::warning::y", "50%", "\xff\xfe", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, out := range []string{Printable(s), ghData(s), ghProperty(s)} {
			for _, r := range out {
				if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
					t.Fatalf("%q escaped to %q, which holds %U", s, out, r)
				}
			}
		}
		if p := ghProperty(s); strings.ContainsAny(p, ",:") {
			t.Fatalf("workflow property %q holds a separator", p)
		}
		for _, attr := range []bool{false, true} {
			var v struct {
				A    string `xml:"a,attr"`
				Text string `xml:",chardata"`
			}
			doc := `<x a="` + xmlEscape(s, true) + `">` + xmlEscape(s, attr) + `</x>`
			if err := xml.Unmarshal([]byte(doc), &v); err != nil {
				t.Fatalf("%q: not XML: %v\n%s", s, err, doc)
			}
		}
		if m := mdEscape(s); strings.ContainsAny(m, "<>\n\r") || strings.Contains(m, "](") {
			t.Fatalf("Markdown %q holds markup", m)
		}
	})
}
