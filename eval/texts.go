package eval

import (
	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/eval/overlap"
	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/readers"
)

// chunkTexts holds the chunk texts of audited records, for the word-overlap
// rule: it measures the labelled sentence, the unit a human judged, not
// the sentence the audit split, against the chunks its labels name.
type chunkTexts struct {
	chunks map[textKey]string
}

type textKey struct {
	conv  string
	msg   int
	chunk string
}

// add keeps the retrieved chunks of rec (of a repeated id, the first, as
// citations resolve).
func (t *chunkTexts) add(rec *readers.Record) {
	if t.chunks == nil {
		t.chunks = map[textKey]string{}
	}
	for mi, m := range rec.Messages {
		for _, c := range m.Retrieval {
			k := textKey{rec.ConversationID, mi, c.ID}
			if _, ok := t.chunks[k]; !ok && (c.Status == "" || c.Status == readers.TextFull) {
				t.chunks[k] = c.Text
			}
		}
	}
}

// ruleScore is the rule's score of a labelled sentence against the chunks
// its label lines name; -1 when none of them was retrieved.
func (t *chunkTexts) ruleScore(lines []readers.Label, language string) float64 {
	if t == nil || len(lines) == 0 {
		return -1
	}
	var texts []string
	for _, l := range lines {
		if l.ChunkID == nil {
			continue
		}
		if text, ok := t.chunks[textKey{l.ConversationID, l.MessageIndex, *l.ChunkID}]; ok {
			texts = append(texts, text)
		}
	}
	if len(texts) == 0 {
		return -1
	}
	s := lines[0].SentenceText
	return overlap.OverlapWithout(overlapStopwords(language), audit.StripMarkers(s, audit.FindMarkers(s, nil)), texts...)
}

// overlapStopwords is the word-overlap rule's stopword list in a
// language: its own list where ragaudit has one, else English's.
func overlapStopwords(code string) func(string) bool {
	if l, ok := lang.Get(code); ok && code != "en" {
		return l.IsOverlapStopword
	}
	return overlap.IsStopword
}

// Audited is a pipeline sink that keeps what an evaluation needs of an
// audit: every finding, and the chunk texts for the word-overlap rule.
type Audited struct {
	Findings []audit.Finding
	Texts    chunkTexts
}

// Result keeps a record's findings and chunk texts.
func (a *Audited) Result(r *audit.Result) error {
	a.Findings = append(a.Findings, r.Findings...)
	a.Texts.add(r.Record)
	return nil
}

// Skip ignores a skipped record: agreement is measured on what was audited.
func (a *Audited) Skip(*readers.SkipError) error { return nil }
