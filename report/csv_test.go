package report

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

func csvReference(t testing.TB, record []string) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	if err := w.Write(record); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	return b.String()
}

// TestAppendCSVRecord holds the row encoder to encoding/csv's.
func TestAppendCSVRecord(t *testing.T) {
	for _, record := range [][]string{
		{},
		{""},
		{"", ""},
		{"plain", "two words", "1.0000"},
		{`say "no"`, "a,b", "line\nbreak", "cr\rlf\r\n", `\.`, `\.x`},
		{" leading space", "\tleading tab", "\u00a0nbsp", "\u2003em space", "trailing "},
		{"'=SUM(A1)", "é, ü", "\xff\xfe"},
	} {
		if got, want := string(appendCSVRecord(nil, record)), csvReference(t, record); got != want {
			t.Errorf("%q: got %q, want %q", record, got, want)
		}
	}
}

func FuzzAppendCSVRecord(f *testing.F) {
	f.Add("a\x00\"b\" ,c\n")
	f.Fuzz(func(t *testing.T, s string) {
		record := strings.Split(s, "\x00")
		if got, want := string(appendCSVRecord(nil, record)), csvReference(t, record); got != want {
			t.Errorf("%q: got %q, want %q", record, got, want)
		}
	})
}
