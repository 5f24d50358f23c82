package audit

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/internal/corpus"
	"github.com/ragaudit/ragaudit/readers"
)

// splitCases are answers with the shapes the marker loops handle: merged
// groups across a line break, markers straddling Punkt's cuts, glued
// markers, ideographic stops, lists and headings.
var splitCases = []string{
	"A [1]. B.[2] C", "a [1]Bc.[2]De [3]", "- x [1]\n1. y", "U.S. e.g. €1.50 [^1]", "\n\n[1]\n", "【1:0†a】. [2]",
	"Refunds take 30 days [1].\n[2] Next para [3].", "One [1]\n\n[2] Two [3]. Three.[4]Four [5] Five",
	"# Heading [1]\nText here [2]. More text.[3] [4] End [5][6] Next one.\n- item [7]\n  - sub [8]. Tail [9]",
	"Cells form colonies [2][3] The first state was Ohio [1]. According to [1]Reuters, it rose.",
	"返金は配達から30日以内です。 [1]送料は無料です。[2]彼は「はい。」と言った。[3]",
	"x.[1]Y [2]Z.[3] [4]W [5]", "It costs €5 [1]. [2]. [3] Then [4]. ", "[1] [2] [3]", "A[1]B[2]C[3].",
}

// splitInputs are the answers of the dev sets and of generated logs with
// their chunk ids, plus splitCases and the splitter's own test cases.
func splitInputs(t testing.TB) (answers []string, ids []map[string]bool) {
	var buf bytes.Buffer
	if err := corpus.Write(context.Background(), &buf, 200, 7); err != nil {
		t.Fatal(err)
	}
	gen := filepath.Join(t.TempDir(), "gen.jsonl")
	if err := os.WriteFile(gen, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range append(append([]string(nil), realLogs...), gen) {
		for rec, err := range readers.JSONL(path, readers.Options{}, nil) {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			for _, m := range rec.Messages {
				chunkIDs := map[string]bool{}
				for _, c := range m.Retrieval {
					chunkIDs[c.ID] = true
				}
				answers, ids = append(answers, m.Content), append(ids, chunkIDs)
			}
		}
	}
	for _, s := range splitCases {
		answers, ids = append(answers, s, strings.Repeat(s+" ", 20)), append(ids, nil, nil)
	}
	return answers, ids
}

// TestSplitMatchesOldSplitter checks that the linear splitter cuts every
// answer exactly as the quadratic one did.
func TestSplitMatchesOldSplitter(t *testing.T) {
	answers, ids := splitInputs(t)
	if len(answers) < 500 {
		t.Fatalf("only %d answers: dev sets missing?", len(answers))
	}
	for i, a := range answers {
		got, want := testSplitter.splitAnswer(a, ids[i]), testSplitter.oldSplit(a, ids[i])
		if !reflect.DeepEqual(got, want) {
			t.Errorf("answer %d %.200q:\n got %+v\nwant %+v", i, a, got, want)
		}
	}
}

// BenchmarkSplitLongAnswer splits one 200 KB answer of 25,000 cited
// sentences: the splitter was quadratic in them (QA defect 1).
func BenchmarkSplitLongAnswer(b *testing.B) {
	answer := strings.Repeat("Ab [1]. ", 25000)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		testSplitter.splitAnswer(answer, nil)
	}
}
