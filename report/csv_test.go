package report

import (
	"bytes"
	"encoding/csv"
	"math"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
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

// TestAppendScoreCell holds the score cells to the cells of the strings.
func TestAppendScoreCell(t *testing.T) {
	for _, v := range []float64{0, 0.5, 1, 0.123456, -0.25, -0.00001, 1e300, math.NaN(), math.Inf(1), math.Inf(-1)} {
		s := audit.Score(v)
		want := csvReference(t, []string{SafeCell(s.String())})
		if got := string(appendScoreCell(nil, s)) + "\n"; got != want {
			t.Errorf("%v: got %q, want %q", v, got, want)
		}
	}
}

// findings.csv shows control characters from the logs as escapes, as the
// terminal does: `cat findings.csv` must not run an escape sequence, and a
// NUL must not cut a cell short in tools that read C strings.
func TestCSVEscapesControlCharacters(t *testing.T) {
	var b bytes.Buffer
	c, err := NewFindingsCSV(&b)
	if err != nil {
		t.Fatal(err)
	}
	f := audit.Finding{ConversationID: "c\x00", Tenant: "acme\x1b[2K\rPASS", Sentence: "Refunds\ttake 30 days.\nYes [1].", Verdict: audit.Unsupported}
	if err := c.Write([]audit.Finding{f}, Turns{}); err != nil {
		t.Fatal(err)
	}
	c.Flush()
	out := b.String()
	for _, r := range out {
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			t.Fatalf("raw control character %q in %q", r, out)
		}
	}
	for _, want := range []string{`c\x00`, `acme\x1b[2K\x0dPASS`, "Refunds\ttake 30 days.\nYes [1]."} {
		if !strings.Contains(out, want) {
			t.Errorf("%q not in %q", want, out)
		}
	}
}
