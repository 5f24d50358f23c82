package readers

import (
	"os"
	"path/filepath"
	"testing"
)

// A label file is read or refused with its line named; never a crash, and
// never a label in force that is not a judgment ReadLabels knows.
func FuzzReadLabels(f *testing.F) {
	for _, s := range []string{
		`{"conversation_id":"c","message_index":1,"char_start":0,"char_end":9,"citation_marker":"[1]","label":"supported"}` + "\n",
		`{"conversation_id":"c","message_index":1,"char_start":0,"char_end":9,"citation_marker":"[1]","label":"supported"}` + "\n" +
			`{"conversation_id":"c","message_index":1,"char_start":0,"char_end":9,"citation_marker":"[1]","label":"withdrawn"}` + "\n",
		`{"conversation_id":"c","label":"cannot_judge"}`, "{", "\n\n", `{"label":"supported"}`,
	} {
		f.Add([]byte(s))
	}
	path := filepath.Join(f.TempDir(), "labels.jsonl")
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		labels, err := ReadLabels(path)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, l := range labels {
			switch l.Label {
			case LabelSupported, LabelPartial, LabelUnsupported, LabelCannotJudge:
			default:
				t.Fatalf("label %q in force", l.Label)
			}
			if l.ConversationID == "" || seen[l.Key()] || l.Line < 1 {
				t.Fatalf("label %+v: no conversation, a citation twice, or no line", l)
			}
			seen[l.Key()] = true
		}
	})
}
