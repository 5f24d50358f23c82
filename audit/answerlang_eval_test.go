//go:build eval

package audit

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/internal/devdata"
	"github.com/ragaudit/ragaudit/readers"
)

// TestAnswerLanguageOnDevSets measures the language the audit reads each
// answer of the development sets in (answerTongue, with its chunks), as
// lang's TestDetectionOnDevSets measures Detect alone: the share read in
// the set's language, and what the others were read in.
func TestAnswerLanguageOnDevSets(t *testing.T) {
	dir := devdata.Dir(t, "multilingual/xnli-de.dev.jsonl")
	sets := []struct{ file, lang string }{
		{"multilingual/sick-en.dev.jsonl", "en"}, {"multilingual/xnli-en.dev.jsonl", "en"},
		{"multilingual/sick-nl.dev.jsonl", "nl"}, {"multilingual/xnli-de.dev.jsonl", "de"},
		{"multilingual/xnli-fr.dev.jsonl", "fr"}, {"multilingual/xnli-es.dev.jsonl", "es"},
		{"hagrid/dev.jsonl", "en"}, {"expertqa/dev.jsonl", "en"}, {"wice/dev.jsonl", "en"}, {"begin/dev.jsonl", "en"},
	}
	for _, s := range sets {
		right, all := 0, 0
		wrong := map[string]int{}
		for rec, err := range readers.JSONL(filepath.Join(dir, s.file), readers.Options{}, nil) {
			if err != nil {
				t.Fatal(err)
			}
			for _, msg := range rec.Messages {
				if msg.Role != "assistant" {
					continue
				}
				m := &messageAudit{a: testAuditor, msg: msg}
				all++
				if code := m.answerTongue().code; code == s.lang {
					right++
				} else {
					wrong[code]++
				}
			}
		}
		var ws []string
		for k, v := range wrong {
			ws = append(ws, fmt.Sprintf("%s:%d", k, v))
		}
		sort.Strings(ws)
		t.Logf("%-32s %s answers %d/%d = %.4f (wrong: %s)", s.file, s.lang, right, all, float64(right)/float64(max(1, all)), strings.Join(ws, " "))
	}
}
