package review

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
	"github.com/ragaudit/ragaudit/report"
)

// Population is a sink of the stream that keeps every citation the rate
// counts (supported, unsupported, fabricated; not the not-auditable), as
// the estimate sees it and, with Lines, as a sample line would show it.
// Memory grows with the citations: about 100 bytes each, plus the
// sentence with Lines.
type Population struct {
	Citations []estimate.Citation
	Lines     []Item // with keepLines: the label-schema fields of each citation
	places    []place
	keepLines bool
	seen      map[string]int
	sentences map[labelPlace]bool // SentencesFor: where to keep the sentence
	files     []string            // the input files, in the order their first citation came
	fileAt    map[string]int32
}

// labelPlace is where a label puts its citation, short of the characters.
type labelPlace struct {
	conv     string
	msg      int
	citation string
}

// SentencesFor keeps the sentence of the citations these labels call
// unsupported and give without its text, so that the report can list it:
// only theirs, as the population holds no sentence otherwise.
func (p *Population) SentencesFor(labels []readers.Label) {
	for _, l := range labels {
		// Kept too for a label that gives its sentence without a digest of
		// it: matchLabels checks that the logs still say it.
		if l.SentenceText == "" && l.Label != readers.LabelSupported || l.SentenceText != "" && l.Evidence == "" {
			if p.sentences == nil {
				p.sentences = map[labelPlace]bool{}
			}
			p.sentences[labelPlace{l.ConversationID, l.MessageIndex, l.CitationID()}] = true
		}
	}
}

// NewPopulation collects the citations; keepLines also keeps what a sample
// line needs (sampling), not only what the estimate needs (--labels).
func NewPopulation(keepLines bool) *Population {
	return &Population{keepLines: keepLines, seen: map[string]int{}}
}

// Result adds the record's citations.
func (p *Population) Result(res *audit.Result) error {
	for i := range res.Findings {
		if f := &res.Findings[i]; f.Cited() {
			p.AddFinding(f, EvidenceOf(res.Record, f), report.TurnsOf(res.Record).Place(f))
		}
	}
	return nil
}

// AddFinding adds one finding with the digest of its evidence (EvidenceOf),
// as Result does: the population of a sharded run is read back from its
// findings files this way, in the one-machine order. Keys alike (two
// records alike but for their place, e.g. undated) are told apart by a
// count over the whole population, the same in both: a shard writes no
// key, so none depends on what the shard could not see.
func (p *Population) AddFinding(f *audit.Finding, evidence string, at report.Place) {
	c, ok := citationOf(f)
	if !ok {
		return
	}
	// Two records alike but for their place in the logs (no timestamp
	// to tell turns apart) would give two citations one key.
	base := c.Key
	if n := p.seen[base]; n > 0 {
		c.Key += fmt.Sprintf("#%d", n)
	}
	p.seen[base]++ // (counted on the suffixed key, a third alike took #1 again)
	p.Citations = append(p.Citations, c)
	pl := place{f.ConversationID, f.Timestamp, f.MessageIndex, f.CharStart, f.CharEnd, f.Citation, evidence, at, "", p.fileOf(f.Source)}
	if p.sentences[labelPlace{f.ConversationID, f.MessageIndex, f.Citation}] {
		pl.sentence = f.Sentence
	}
	p.places = append(p.places, pl)
	if p.keepLines {
		it := lineOf(f)
		it.Evidence = evidence
		p.Lines = append(p.Lines, it)
	}
}

// place is where a citation is, as labels name it.
type place struct {
	conv, ts        string
	msg, start, end int
	citation        string
	evidence        string
	at              report.Place // as findings number it
	sentence        string       // SentencesFor: kept for labels without it
	file            int32        // Population.files
}

// fileOf is the index of the input file of a finding's source
// ("logs/2026-05.jsonl:12", "x.parquet:row 3"), adding it when new.
func (p *Population) fileOf(source string) int32 {
	file, _ := report.SplitSource(source)
	if k, ok := p.fileAt[file]; ok {
		return k
	}
	if p.fileAt == nil {
		p.fileAt = map[string]int32{}
	}
	p.fileAt[file] = int32(len(p.files))
	p.files = append(p.files, file)
	return p.fileAt[file]
}

// EvidenceOf is a digest of what a reviewer judges: the sentence and the
// cited chunk's text. A label whose evidence changed since the review
// (the logs were edited, a chunk re-indexed) judged something else.
func EvidenceOf(rec *readers.Record, f *audit.Finding) string {
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s", len(f.Sentence), f.Sentence)
	if f.ChunkID != nil && f.MessageIndex < len(rec.Messages) {
		m := &rec.Messages[f.MessageIndex]
		if i := m.ChunkIndex(*f.ChunkID); i >= 0 {
			h.Write([]byte(m.Retrieval[i].Text))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Skip ignores skipped records.
func (p *Population) Skip(*readers.SkipError) error { return nil }

// citationOf is a finding as the estimate sees it; false for findings
// outside the rate.
func citationOf(f *audit.Finding) (estimate.Citation, bool) {
	switch f.Verdict {
	case audit.Supported, audit.Unsupported, audit.Fabricated:
	default:
		return estimate.Citation{}, false
	}
	c := estimate.Citation{Key: ItemKey(f), Tenant: f.Tenant, Supported: f.Verdict == audit.Supported,
		Fabricated: f.Verdict == audit.Fabricated, Score: math.NaN()}
	if f.SupportScore != nil && !c.Fabricated {
		c.Score = float64(*f.SupportScore)
	}
	return c, true
}

// lineOf is a finding as a line of the sample file (no design fields yet).
func lineOf(f *audit.Finding) Item {
	m := "[" + f.Citation + "]"
	it := Item{Judgment: Judgment{ConversationID: f.ConversationID, MessageIndex: f.MessageIndex, SentenceText: f.Sentence,
		CharStart: f.CharStart, CharEnd: f.CharEnd, CitationMarker: &m, Citation: f.Citation,
		Timestamp: f.Timestamp, Tenant: f.Tenant, Agent: f.Agent}}
	if f.ChunkID != nil {
		id := *f.ChunkID
		it.ChunkID = &id
	}
	return it
}
