package readers

import "testing"

func TestTextCutByTheLoggerReadsAsTruncated(t *testing.T) {
	cases := []struct {
		name   string
		text   string
		status string
		want   string
	}{
		{"an ellipsis and a truncated label cut the text", "Items must be unused and in the orig... [truncated]", "", TextTruncated},
		{"a truncated label in parentheses cuts the text", "Items must be unused and in the orig (truncated)", "", TextTruncated},
		{"the label is read regardless of case", "Items must be unused and in the orig [TRUNCATED]", "", TextTruncated},
		{"an elided span in brackets cuts the text", "Items must be unused and in the orig[…]", "", TextTruncated},
		{"an elided span with three dots cuts the text", "Refunds are accepted within 60 days of del[...]", "", TextTruncated},
		{"an ellipsis right after a partial word cuts the text", "Artikel müssen unbenutzt und originalverp…", "", TextTruncated},
		{"three full stops after a word are prose (scraped pages end so)", "Die Rückgabe ist innerhalb von 30 Tagen kosten...", "", TextFull},
		{"an ellipsis after a word and a space cuts the text", "Items must be unused and in the original …  ", "", TextTruncated},
		{"an ellipsis after a full stop is prose", "Refunds are accepted within 30 days. …", "", TextFull},
		{"an ellipsis opening the text is prose", "… Refunds are accepted within 30 days of delivery.", "", TextFull},
		{"a text ending in a full stop is whole", "Refunds are accepted within 30 days of delivery.", "", TextFull},
		{"a logged full status keeps an ellipsis as the document's own", "Prices vary by region…", TextFull, TextFull},
		{"a logged redacted status is kept", "Prices vary by region…", TextRedacted, TextRedacted},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := Chunk{Text: tc.text, Status: tc.status}
			if got := c.TextStatus(); got != tc.want {
				t.Errorf("TextStatus(%q, status %q) = %q, want %q", tc.text, tc.status, got, tc.want)
			}
			if got, want := c.CutInText(), tc.status == "" && tc.want == TextTruncated; got != want {
				t.Errorf("CutInText = %v, want %v", got, want)
			}
		})
	}
}
