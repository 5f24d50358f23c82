package readers

import (
	"os"
	"path/filepath"
	"testing"
)

// A label file written on Windows, or two joined with cat, holds byte
// order marks at the start of lines: they are no part of a judgment.
func TestLabelLinesStartingWithAByteOrderMarkAreRead(t *testing.T) {
	const bom = "\ufeff"
	one := `{"conversation_id":"c","message_index":1,"char_start":0,"char_end":9,"citation_marker":"[1]","label":"supported"}`
	two := `{"conversation_id":"d","message_index":1,"char_start":0,"char_end":9,"citation_marker":"[1]","label":"unsupported"}`
	cases := []struct {
		name string
		data string
	}{
		{"a mark at the start of the file", bom + one + "\n" + two + "\n"},
		{"a mark at the start of the second line", one + "\n" + bom + two + "\n"},
		{"marks at the start of both lines", bom + one + "\r\n" + bom + two},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "labels.jsonl")
			if err := os.WriteFile(path, []byte(tc.data), 0o644); err != nil {
				t.Fatal(err)
			}
			labels, err := ReadLabels(path)
			if err != nil || len(labels) != 2 || labels[1].Label != LabelUnsupported || labels[1].Line != 2 {
				t.Fatalf("labels %+v, err %v", labels, err)
			}
		})
	}
}
