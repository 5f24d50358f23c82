package report

import (
	"strings"
	"testing"
)

func TestPrintableEscapesWhatATerminalWouldObey(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain text is unchanged", "acme GmbH – Köln", "acme GmbH – Köln"},
		{"an escape sequence cannot move the cursor", "x\r\x1b[1APASS", `x\x0d\x1b[1APASS`},
		{"a C1 control is escaped", "a\u009bb", `a\u009bb`},
		{"a right-to-left override is shown, not obeyed", "\u202egnp.exe", `\u202egnp.exe`},
		{"an isolate is shown too", "a\u2067b\u2069", `a\u2067b\u2069`},
		{"a zero-width space cannot make a second acme look like the first", "ac\u200bme", `ac\u200bme`},
		{"a byte order mark and a soft hyphen are shown", "\ufeffac\u00adme", `\ufeffac\u00adme`},
		{"a NUL byte is shown", "a\x00b", `a\x00b`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Printable(tc.in); got != tc.want {
				t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestHTMLShowsBidiOverridesAsEscapes(t *testing.T) {
	got := string(neutraliseBidi([]byte("<td>\u202egnp.exe</td><td>ok</td>")))
	if strings.ContainsRune(got, 0x202e) || !strings.Contains(got, `\u202egnp.exe`) {
		t.Errorf("got %q", got)
	}
}

func TestPrintableTextKeepsLinesAndTabs(t *testing.T) {
	in := "line one\n\tline two\r\x1b[2Kforged\x00"
	if got, want := PrintableText(in), "line one\n\tline two\\x0d\\x1b[2Kforged\\x00"; got != want {
		t.Errorf("PrintableText = %q, want %q", got, want)
	}
}
