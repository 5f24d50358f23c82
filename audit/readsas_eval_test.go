//go:build eval

package audit

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/internal/devdata"
)

// TestReadsAsAgreesWithDetect: the stopword shortcut (readsAsOne) that
// spares detection on most answers and chunks never names a language the
// detector, surely, does not: on every answer and chunk of the dev sets
// where the shortcut decides.
func TestReadsAsAgreesWithDetect(t *testing.T) {
	dir := devdata.Dir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.jsonl"))
	var read int
	for _, f := range files {
		if strings.HasSuffix(f, ".labels.jsonl") {
			continue
		}
		texts := dataTexts(t, f)
		read += len(texts)
		decided := 0
		for _, x := range texts {
			code, ok := testAuditor.readsAsOne(x, minSampleWords)
			if !ok {
				continue
			}
			decided++
			if g, sure := detect(x); !g.undetermined() && sure >= minSure && g.code != code {
				t.Errorf("%s: the shortcut reads %s, detection surely %s: %.200q", f, code, g.code, x)
			}
		}
		rel, _ := filepath.Rel(dir, f)
		t.Logf("%s: %d texts, the shortcut decides %d", rel, len(texts), decided)
	}
	if read == 0 {
		t.Fatalf("no development sets under %s (set RAGAUDIT_DATA)", dir)
	}
}

// dataTexts is the answers and chunks of a conversations file.
func dataTexts(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	var out []string
	for sc.Scan() {
		var r struct {
			Messages []struct {
				Role, Content string
				Retrieval     []struct{ Text string }
			}
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, m := range r.Messages {
			if m.Role == "assistant" {
				out = append(out, m.Content)
				for _, c := range m.Retrieval {
					out = append(out, c.Text)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}
