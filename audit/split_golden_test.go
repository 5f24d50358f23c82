package audit

import (
	"path/filepath"
	"strings"
	"testing"
)

// splitGolden records the sentences the splitter cuts from every answer of
// the bundled real logs and of a generated corpus, from the hand-written
// cases and from the fuzz corpus. The linear splitter's answers were
// checked against the quadratic one it replaced before they were
// recorded; after a change to the splitter, run go test ./audit -update
// and read the diff.
var splitGolden = filepath.Join("testdata", "split.golden.jsonl")

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

// TestSplitMatchesGolden checks that every answer is cut as recorded.
func TestSplitMatchesGolden(t *testing.T) {
	logged := loggedAnswers(t)
	if len(logged) < 500 {
		t.Fatalf("only %d answers read", len(logged))
	}
	var extra [][]string
	for _, s := range splitCases {
		extra = append(extra, []string{s}, []string{strings.Repeat(s+" ", 20)})
	}
	checkGolden(t, splitGolden, logged, extra, func(a *goldenAnswer) any {
		return splitRecord(testSplitter.splitAnswer(a.content, a.chunkIDs))
	})
}

// splitRecord is the golden form of an answer's sentences: its span, list
// item or not, a hash of its plain text, and its markers' spans and ids
// (the texts are the answer's at those spans).
func splitRecord(sents []sentence) [][]any {
	out := make([][]any, 0, len(sents))
	for _, s := range sents {
		markers := make([][]any, 0, len(s.Markers))
		for _, m := range s.Markers {
			mk := []any{m.Start, m.End}
			for _, id := range m.IDs {
				mk = append(mk, id)
			}
			markers = append(markers, mk)
		}
		out = append(out, []any{s.Index, s.Start, s.End, s.ListItem, shortHash(s.Plain), markers})
	}
	return out
}

// BenchmarkSplitLongAnswer splits one 200 KB answer of 25,000 cited
// sentences: the splitter was quadratic in them.
func BenchmarkSplitLongAnswer(b *testing.B) {
	answer := strings.Repeat("Ab [1]. ", 25000)
	b.SetBytes(int64(len(answer)))
	b.ReportAllocs()
	for b.Loop() {
		testSplitter.splitAnswer(answer, nil)
	}
}
