package review

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// A label written without the sentence's text still says which sentence
// its failure is: the sentence the audit kept for it, or where it is; the
// list of labelled failures never shows an empty one.
func TestALabelledFailureNamesItsSentence(t *testing.T) {
	marker := "[1]"
	with := labelledFailure(readers.Label{ConversationID: "c-1", MessageIndex: 1, CitationMarker: &marker, SentenceText: "Refunds take 30 days [1]."}, estimate.Citation{}, place{at: report.Place{Turn: 2, Turns: 3, Sentence: 1}})
	if with.Sentence != "Refunds take 30 days [1]." || with.Place().String() != "turn 2, sentence 1" {
		t.Errorf("with its text: %q, at %s", with.Sentence, with.Place())
	}
	without := labelledFailure(readers.Label{ConversationID: "c-1", MessageIndex: 1, CitationMarker: &marker, CharStart: 27, CharEnd: 52}, estimate.Citation{Supported: true}, place{at: report.Place{Turn: 1, Turns: 1, Sentence: 2}})
	if !strings.Contains(without.Sentence, "characters 27–52") || without.Machine != "supported" {
		t.Errorf("without its text: %+v", without)
	}
	kept := labelledFailure(readers.Label{ConversationID: "c-1", MessageIndex: 1, CitationMarker: &marker, CharStart: 27, CharEnd: 52}, estimate.Citation{}, place{sentence: "It costs €15 [1]."})
	if kept.Sentence != "It costs €15 [1]." {
		t.Errorf("without its text, kept by the audit: %q", kept.Sentence)
	}
}
