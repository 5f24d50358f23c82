package eval

import (
	"math"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

func pair(label, pred string, score float64) Pair {
	return Pair{Label: readers.Label{Label: label}, Predicted: pred, Score: score}
}

func TestComputeConfusionAndBalancedAccuracy(t *testing.T) {
	S, U := audit.Supported, audit.Unsupported
	pairs := []Pair{
		pair(U, U, 0.1), pair(U, U, 0.2), pair(U, S, 0.7), // recall on unsupported 2/3
		pair(S, S, 0.9), pair(S, S, 0.8), pair(S, S, 0.6), pair(S, U, 0.3), // specificity 3/4
	}
	m := compute(pairs)
	if c := m.Confusion; c.TP != 2 || c.FN != 1 || c.FP != 1 || c.TN != 3 {
		t.Fatalf("confusion %+v", c)
	}
	if want := (2.0/3 + 3.0/4) / 2; math.Abs(m.BalancedAccuracy-want) > 1e-12 {
		t.Errorf("BA %v, want %v", m.BalancedAccuracy, want)
	}
	if math.Abs(m.PrecisionUnsupported-2.0/3) > 1e-12 {
		t.Errorf("precision %v", m.PrecisionUnsupported)
	}
	// AUC: of 12 (supported, unsupported) score pairs, the supported one is
	// higher in 10 (0.6 and 0.3 are below 0.7).
	if math.Abs(m.AUC-10.0/12) > 1e-12 {
		t.Errorf("AUC %v, want %v", m.AUC, 10.0/12)
	}
}

func TestAUCCountsTiesAsHalf(t *testing.T) {
	if got := auc([]Pair{pair("supported", "", 0.5), pair("unsupported", "", 0.5)}); got != 0.5 {
		t.Errorf("AUC with a tie = %v", got)
	}
}

func TestJoinMatchesByCitationAndOverlap(t *testing.T) {
	marker, chunk := "[2]", "2"
	score := audit.Score(0.8)
	findings := []audit.Finding{
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 40, Citation: "1", Verdict: audit.Unsupported},
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 40, Citation: "2", ChunkID: &chunk, Verdict: audit.Supported, SupportScore: &score},
		{ConversationID: "c", MessageIndex: 1, CharStart: 41, CharEnd: 80, Citation: "2", Verdict: audit.Unsupported},
		{ConversationID: "c", MessageIndex: 1, CharStart: 81, CharEnd: 99, Verdict: audit.Uncited},
	}
	labels := []readers.Label{
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 38, CitationMarker: &marker, Label: "supported"},
		{ConversationID: "c", MessageIndex: 1, CharStart: 81, CharEnd: 99, Label: "unsupported"},                       // uncited: not a pair
		{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 38, CitationMarker: &marker, Label: "partial"},   // excluded
		{ConversationID: "x", MessageIndex: 1, CharStart: 0, CharEnd: 38, CitationMarker: &marker, Label: "supported"}, // no finding
	}
	pairs, left := Join(findings, labels, "")
	if len(pairs) != 1 || left.Unmatched != 1 {
		t.Fatalf("pairs %d, unmatched %d", len(pairs), left.Unmatched)
	}
	if pairs[0].Predicted != audit.Supported || pairs[0].Score != 0.8 {
		t.Errorf("joined the wrong finding: %+v", pairs[0])
	}
	pairs, _ = Join(findings, labels, audit.Unsupported)
	if len(pairs) != 2 || pairs[1].Label.Label != audit.Unsupported {
		t.Errorf("partial as unsupported: %+v", pairs)
	}
}

// A citation failed by any decisive signal of the table fails whatever the
// threshold in a sweep; one failed on its score does not.
func TestJoinMarksDecisiveFailures(t *testing.T) {
	str := func(s string) *string { return &s }
	score := audit.Score(0.4)
	for _, code := range append(audit.Decisive(), "low_similarity") {
		f := audit.Finding{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 10, Citation: "1", ChunkID: str("1"),
			Verdict: audit.Unsupported, SupportScore: &score, Reasons: []string{code}}
		l := readers.Label{ConversationID: "c", MessageIndex: 1, CharStart: 0, CharEnd: 10, CitationMarker: str("[1]"), Label: "unsupported"}
		pairs, _ := Join([]audit.Finding{f}, []readers.Label{l}, "")
		if len(pairs) != 1 || pairs[0].HardFail != (code != "low_similarity") {
			t.Errorf("%s: pairs %+v", code, pairs)
		}
	}
}
