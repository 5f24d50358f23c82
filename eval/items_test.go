package eval

import (
	"math"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// The labels of a sentence's citations judged together are one item,
// scored by the sentence's signals; a single citation is an item of its
// own; the rule measures the labelled sentence, not the audit's.
func TestItemsGroupJointLabelsAndMeasureTheLabelledSentence(t *testing.T) {
	str := func(s string) *string { return &s }
	score := audit.Score(0.9)
	content := "Paris is in France [1]. Rome is in Italy [1][2]."
	rec := &readers.Record{ConversationID: "c", Messages: []readers.Message{
		{Role: "user", Content: "q"},
		{Role: "assistant", Content: content, Retrieval: []readers.Chunk{
			{ID: "1", Text: "Paris is the capital of France."}, {ID: "2", Text: "Rome is in Italy."}}},
	}}
	var texts chunkTexts
	texts.add(rec)
	sentSignals := map[string]audit.Score{"plain_overlap": 1, "ngram_sim": 0.7}
	findings := []audit.Finding{
		{ConversationID: "c", MessageIndex: 1, SentenceIndex: 0, CharStart: 0, CharEnd: 23, Citation: "1", ChunkID: str("1"),
			Verdict: audit.Supported, SupportScore: &score, Signals: map[string]audit.Score{"plain_overlap": 1}},
		{ConversationID: "c", MessageIndex: 1, SentenceIndex: 1, CharStart: 24, CharEnd: 48, Citation: "1", ChunkID: str("1"),
			Verdict: audit.Unsupported, SupportScore: &score, Signals: map[string]audit.Score{"plain_overlap": 0}, SentenceSignals: sentSignals},
		{ConversationID: "c", MessageIndex: 1, SentenceIndex: 1, CharStart: 24, CharEnd: 48, Citation: "2", ChunkID: str("2"),
			Verdict: audit.Supported, SupportScore: &score, Signals: map[string]audit.Score{"plain_overlap": 1}, SentenceSignals: sentSignals},
	}
	labels := []readers.Label{
		// The labelled sentence is longer than the audit's: the rule reads it whole.
		{ConversationID: "c", MessageIndex: 1, SentenceText: "Near Spain, Paris is in France [1].", CharStart: 0, CharEnd: 23,
			CitationMarker: str("[1]"), ChunkID: str("1"), Label: "supported", LabelScope: "citation"},
		{ConversationID: "c", MessageIndex: 1, SentenceText: "Rome is in Italy [1][2].", CharStart: 24, CharEnd: 48,
			CitationMarker: str("[1]"), ChunkID: str("1"), Label: "unsupported", LabelScope: "joint"},
		{ConversationID: "c", MessageIndex: 1, SentenceText: "Rome is in Italy [1][2].", CharStart: 24, CharEnd: 48,
			CitationMarker: str("[2]"), ChunkID: str("2"), Label: "unsupported", LabelScope: "joint"},
	}
	items, left := itemsOf("data/x/l.jsonl", findings, labels, "", &texts)
	if len(items) != 2 || left != (leftOut{}) {
		t.Fatalf("items %+v, left out %+v", items, left)
	}
	single, joint := items[0], items[1]
	if single.Scope != scopeCitation || !single.Supported || single.Dataset != "x" || math.Abs(single.Rule-0.5) > 1e-12 {
		t.Errorf("single citation: %+v (want the rule of the labelled sentence: paris, france of near, spain, paris, france)", single)
	}
	if joint.Scope != scopeJoint || joint.Supported || joint.Lines != 2 || joint.Rule != 1 {
		t.Errorf("joint sentence: %+v", joint)
	}
	if joint.Features.Of("ngram_sim") != 0.7 {
		t.Errorf("the joint item is not scored by the sentence's signals: %v", joint.Features)
	}
}
