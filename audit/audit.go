package audit

import (
	"fmt"
	"math"
	"time"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// Config is what the audit itself needs; the CLI fills it from flags.
type Config struct {
	Resolve    ResolveRule `json:"resolve"`
	MinScore   float64     `json:"min_score"` // 0: no retrieval floor
	Thresholds Thresholds  `json:"thresholds"`
}

// DefaultConfig is the configuration without flags.
func DefaultConfig() Config {
	return Config{Resolve: ResolveAuto, Thresholds: DefaultThresholds}
}

// Auditor audits records. Build it once (it loads the language models) and
// share it: Audit is safe for concurrent use.
type Auditor struct {
	cfg      Config
	splitter *Splitter
	tagger   *nounphrase.Tagger
}

// New loads the models and returns an Auditor.
func New(cfg Config) (*Auditor, error) {
	if _, err := ParseResolveRule(string(cfg.Resolve)); err != nil {
		return nil, err
	}
	sp, err := NewSplitter()
	if err != nil {
		return nil, fmt.Errorf("loading sentence model: %w", err)
	}
	tg, err := nounphrase.NewTagger()
	if err != nil {
		return nil, fmt.Errorf("loading tagger model: %w", err)
	}
	return &Auditor{cfg: cfg, splitter: sp, tagger: tg}, nil
}

// Answer summarises one audited assistant message.
type Answer struct {
	MessageIndex int
	Status       string // Answered, Refusal, AnsweredBelowFloor
	Sentences    int
	FloorReason  string // why it is below the floor
}

// Result is the audit of one record.
type Result struct {
	Record   *readers.Record
	Answers  []Answer
	Findings []Finding
}

// Audit checks every assistant message of rec.
func (a *Auditor) Audit(rec *readers.Record) Result {
	res := Result{Record: rec}
	ts := ""
	if !rec.Timestamp.IsZero() {
		ts = rec.Timestamp.Format(time.RFC3339)
	}
	base := Finding{
		ConversationID: rec.ConversationID,
		Tenant:         rec.Tenant,
		Agent:          rec.Agent,
		Timestamp:      ts,
		Source:         fmt.Sprintf("%s:%d", rec.File, rec.Line),
	}
	for mi, msg := range rec.Messages {
		if msg.Role != "assistant" {
			continue
		}
		ans, fs := a.auditMessage(base, mi, msg)
		res.Answers = append(res.Answers, ans)
		res.Findings = append(res.Findings, fs...)
	}
	return res
}

func (a *Auditor) auditMessage(base Finding, mi int, msg readers.Message) (Answer, []Finding) {
	chunkIDs := make(map[string]bool, len(msg.Retrieval))
	for _, c := range msg.Retrieval {
		if c.ID != "" {
			chunkIDs[c.ID] = true
		}
	}
	sents := a.splitter.Split(msg.Content, chunkIDs)
	ans := Answer{MessageIndex: mi, Status: Answered, Sentences: len(sents)}
	nMarkers := 0
	for _, s := range sents {
		nMarkers += len(s.Markers)
	}
	if IsRefusal(msg.Content, nMarkers) {
		ans.Status = Refusal
		return ans, nil
	}
	if reason := a.belowFloor(msg.Retrieval); reason != "" && len(sents) > 0 {
		ans.Status, ans.FloorReason = AnsweredBelowFloor, reason
	}

	evs := make([]*evidence, len(msg.Retrieval)) // built lazily, once per chunk
	evidenceOf := func(i int) *evidence {
		if evs[i] == nil {
			evs[i] = newEvidence(msg.Retrieval[i].Text)
		}
		return evs[i]
	}

	var out []Finding
	runeOffsets := newRuneCounter(msg.Content)
	for _, s := range sents {
		f := base
		f.MessageIndex = mi
		f.SentenceIndex = s.Index
		f.CharStart, f.CharEnd = runeOffsets.at(s.Start), runeOffsets.at(s.End)
		f.Sentence = s.Text
		f.AnswerStatus = ans.Status

		if len(s.Markers) == 0 {
			if a.isFactual(s) {
				f.Verdict, f.SentenceVerdict = Uncited, Uncited
				f.Reasons = []string{"no_citation"}
				out = append(out, f)
			}
			continue
		}

		c := a.claimOf(s)
		type pair struct {
			marker, id string
			chunk      int
			by         string
		}
		var pairs []pair
		seen := map[string]bool{}
		for _, m := range s.Markers {
			for _, id := range m.IDs {
				if seen[id] {
					continue
				}
				seen[id] = true
				idx, by := Resolve(a.cfg.Resolve, id, msg.Retrieval)
				pairs = append(pairs, pair{marker: m.Raw, id: id, chunk: idx, by: by})
			}
		}

		// Sentence level: the cited, auditable chunks together.
		var cited []*evidence
		for _, p := range pairs {
			if p.chunk >= 0 && msg.Retrieval[p.chunk].Text != "" {
				cited = append(cited, evidenceOf(p.chunk))
			}
		}
		sentVerdict := Fabricated
		if len(cited) > 0 {
			sentVerdict, _, _ = a.cfg.Thresholds.Verdict(runChecks(&c, union(cited)))
		} else if anyResolved(pairs, func(p pair) bool { return p.chunk >= 0 }) {
			sentVerdict = NotAuditable
		}

		for _, p := range pairs {
			g := f
			g.Marker, g.Citation, g.ResolvedBy = p.marker, p.id, p.by
			g.SentenceVerdict = sentVerdict
			switch {
			case p.chunk < 0:
				g.Verdict = Fabricated
				g.Reasons = []string{"citation_not_retrieved"}
			case msg.Retrieval[p.chunk].Text == "":
				id := msg.Retrieval[p.chunk].ID
				g.ChunkID = &id
				g.Verdict = NotAuditable
				g.Reasons = []string{"chunk_text_absent"}
			default:
				id := msg.Retrieval[p.chunk].ID
				if id == "" {
					id = fmt.Sprintf("#%d", p.chunk+1)
				}
				g.ChunkID = &id
				sig := runChecks(&c, evidenceOf(p.chunk))
				v, score, reasons := a.cfg.Thresholds.Verdict(sig)
				g.Verdict, g.Reasons = v, reasons
				g.SupportScore = scorePtr(score)
				if sig.NPCoverage >= 0 {
					g.NPCoverage = scorePtr(sig.NPCoverage)
				}
				if sig.TokenOverlap >= 0 {
					g.TokenOverlap = scorePtr(sig.TokenOverlap)
				}
				g.NPFound, g.NPMissing, g.NumbersMissing = sig.NPFound, sig.NPMissing, sig.NumbersMissing
			}
			out = append(out, g)
		}
	}
	return ans, out
}

func anyResolved[T any](xs []T, pred func(T) bool) bool {
	for _, x := range xs {
		if pred(x) {
			return true
		}
	}
	return false
}

// belowFloor says why an answer had nothing relevant to stand on, or "".
func (a *Auditor) belowFloor(chunks []readers.Chunk) string {
	if len(chunks) == 0 {
		return "no chunks retrieved"
	}
	if a.cfg.MinScore <= 0 {
		return ""
	}
	best, scored := math.Inf(-1), false
	for _, c := range chunks {
		if c.Score != nil {
			scored = true
			best = math.Max(best, *c.Score)
		}
	}
	if scored && best < a.cfg.MinScore {
		return fmt.Sprintf("best retrieval score %.4f < --min-score %.4f", best, a.cfg.MinScore)
	}
	return ""
}

func (a *Auditor) claimOf(s Sentence) claim {
	c := claim{plain: s.Plain, quantities: Quantities(s.Plain)}
	c.phrases = nounphrase.Phrases(a.tagger.Tag(s.Plain))
	seen := map[string]bool{}
	for _, w := range nounphrase.Words(s.Plain) {
		if nounphrase.IsStopword(w) || isNumeric(w) {
			continue
		}
		st := nounphrase.Stem(w)
		if !seen[st] {
			seen[st] = true
			c.stems = append(c.stems, st)
		}
	}
	return c
}

func isNumeric(w string) bool {
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' && w[i] != ',' {
			return false
		}
	}
	return true
}

// runeCounter converts byte offsets to code-point offsets incrementally.
type runeCounter struct {
	s            string
	lastB, lastR int
}

func newRuneCounter(s string) *runeCounter { return &runeCounter{s: s} }

func (rc *runeCounter) at(b int) int {
	if b < rc.lastB {
		rc.lastB, rc.lastR = 0, 0
	}
	rc.lastR += utf8.RuneCountInString(rc.s[rc.lastB:b])
	rc.lastB = b
	return rc.lastR
}
