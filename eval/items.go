package eval

import (
	"path/filepath"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Label scopes (label_scope of a label line): what a human judged.
const (
	scopeCitation = "citation" // a sentence's only citation: the pair's own label
	scopeJoint    = "joint"    // a sentence's citations judged together
)

// item is one human judgement that a verdict is scored on. A label on a
// sentence's only citation judges the per-citation verdict; the labels
// given to a sentence's citations together (label_scope joint) are one
// item, judging the sentence verdict over the union of its cited chunks.
type item struct {
	Set          string // the label file
	Dataset      string // what leave-one-dataset-out holds out (DatasetOf the label file)
	Language     string // what leave-one-language-out holds out: the sentence's, as the audit read it
	Conversation string
	Tenant       string
	Agent        string
	Scope        string // scopeCitation or scopeJoint
	Supported    bool
	// ScoreOnly: never fitted on (a second view of a data set that is
	// fitted on in another label file).
	ScoreOnly bool
	// Features are the model's inputs; nil: fabricated or not auditable,
	// unsupported whatever the verdict.
	Features audit.Features
	// Rule is the word-overlap rule's score of the labelled sentence
	// against the chunks it cites (package overlap); -1: not measured.
	Rule  float64
	Lines int // the label lines the item stands for
}

// datasetOf names the data set of a label file by its folder
// (../shared/data/wice/dev.labels.jsonl → wice).
func datasetOf(labelFile string) string {
	if d := filepath.Base(filepath.Dir(labelFile)); d != "." && d != string(filepath.Separator) {
		return d
	}
	return strings.TrimSuffix(filepath.Base(labelFile), ".jsonl")
}

// itemsOf joins labels to findings as Join does (partial left out unless
// partialAs names the class to count it as) and returns the items, in the
// order of their first label line, with what Join left out. The rule's
// score is measured on each labelled sentence with the chunk texts of
// texts (nil: not measured).
func itemsOf(set string, findings []audit.Finding, labels []readers.Label, partialAs string, texts *chunkTexts) ([]item, leftOut) {
	pairs, left := Join(findings, labels, partialAs)
	var out []item
	for _, g := range claims(pairs) {
		f, l := g[0].Finding, g[0].Label
		it := item{Set: set, Dataset: datasetOf(set), Language: f.Language, Conversation: f.ConversationID, Tenant: f.Tenant, Agent: f.Agent,
			Scope: scopeCitation, Supported: allSupported(g), Lines: len(g)}
		switch {
		case l.LabelScope == scopeJoint:
			// The labels of a sentence's citations, judged together, are one
			// item: the labelled span's, with the sentence verdict of the
			// audit's sentence that its first citation matched.
			it.Scope, it.Features = scopeJoint, sentenceFeatures(f, findings)
		case f.SupportScore != nil:
			it.Features = audit.FeaturesOf(f.Signals)
		}
		ls := make([]readers.Label, len(g))
		for i, p := range g {
			ls[i] = p.Label
		}
		it.Rule = texts.ruleScore(ls, f.Language)
		out = append(out, it)
	}
	return out, left
}

// sentenceFeatures are the inputs of the sentence verdict of f's
// sentence: its signals over the union of its cited chunks, or the
// signals of its one auditable citation; nil when it has none.
func sentenceFeatures(f *audit.Finding, findings []audit.Finding) audit.Features {
	if s := sentenceSignals(f, findings); s != nil {
		return audit.FeaturesOf(s)
	}
	return nil
}

// sentenceSignals are the signals the sentence verdict of f's sentence
// was made from: over the union of its cited chunks, or those of its one
// auditable citation; nil when it has none.
func sentenceSignals(f *audit.Finding, findings []audit.Finding) map[string]audit.Score {
	if f.SentenceSignals != nil {
		return f.SentenceSignals
	}
	for i := range findings {
		g := &findings[i]
		if g.ConversationID == f.ConversationID && g.MessageIndex == f.MessageIndex && g.SentenceIndex == f.SentenceIndex &&
			g.SupportScore != nil {
			return g.Signals
		}
	}
	return nil
}
