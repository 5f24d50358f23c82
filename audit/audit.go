package audit

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/eval/overlap"
	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// Config is what the audit itself needs; the CLI fills it from flags and
// config files.
type Config struct {
	Resolve  ResolveRule `json:"resolve"`
	MinScore float64     `json:"min_score"` // 0: no retrieval floor
	Model    Model       `json:"model"`
}

// DefaultConfig is the configuration without flags: the shipped model for
// the built-in embedder.
func DefaultConfig() Config {
	return Config{Resolve: ResolveAuto, Model: DefaultModel()}
}

// Embedder turns texts into vectors; package embed has the implementations.
// Implementations must be deterministic and safe for concurrent use.
type Embedder interface {
	Name() string
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// WordEmbedder is an Embedder that also compares single words (the
// built-in one does); it enables the word-alignment signal.
type WordEmbedder interface {
	WordIDs(text string) (ids []int32, weights []float32)
	WordSim(a, b int32) float32
}

// TokenEmbedder is an Embedder whose vector of a text is the sum of its
// words' vectors, added in order (the built-in one). The audit then embeds
// chunk windows from each word's tokens, looked up once per worker,
// instead of re-reading every window's text.
type TokenEmbedder interface {
	Tokens(text string) []int32         // ids of the known words of text, in order
	AddTokens(v []float32, ids []int32) // adds their vectors to v, in order
	Dim() int
}

// Precomputed marks the use of vectors logged with the records
// ("embedding" on a message and its chunks) instead of an embedder: a
// sentence takes its message's vector and every window its chunk's, so the
// signal compares the answer with each whole chunk.
const Precomputed = "precomputed"

// Auditor audits records. Build it once (it loads the language models) and
// share it: Audit is safe for concurrent use.
type Auditor struct {
	cfg         Config
	precomputed bool     // use the vectors in the logs
	embedder    Embedder // nil: no embedding signal (or precomputed)
	splitter    *Splitter
	tagger      *nounphrase.Tagger
	words       sync.Pool // of *wordCache, one per worker at a time
}

// Validate checks the configuration without loading any model.
func (cfg Config) Validate() error {
	if _, err := ParseResolveRule(string(cfg.Resolve)); err != nil {
		return err
	}
	return cfg.Model.Validate()
}

// New loads the models and returns an Auditor. emb may be nil.
func New(cfg Config, emb Embedder) (*Auditor, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	// The two models decode independently: load them side by side, as
	// start-up is a third of a short audit's wall time.
	var (
		tg     *nounphrase.Tagger
		tagErr error
		wg     sync.WaitGroup
	)
	wg.Go(func() { tg, tagErr = nounphrase.NewTagger() })
	sp, err := NewSplitter()
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("loading sentence model: %w", err)
	}
	if tagErr != nil {
		return nil, fmt.Errorf("loading tagger model: %w", tagErr)
	}
	return &Auditor{cfg: cfg, embedder: emb, splitter: sp, tagger: tg}, nil
}

// SetEmbedder sets the embedder (nil: none); call it before auditing
// (the workers' word caches hold what it derives from words).
func (a *Auditor) SetEmbedder(emb Embedder) { a.embedder = emb }

// UsePrecomputed makes the auditor take embeddings from the logs.
func (a *Auditor) UsePrecomputed() { a.precomputed = true }

// EmbedderName names the embedder in use, "" for none.
func (a *Auditor) EmbedderName() string {
	if a.precomputed {
		return Precomputed
	}
	if a.embedder == nil {
		return ""
	}
	return a.embedder.Name()
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
	// Skip, when set, says why the record was not audited (Answers and
	// Findings are empty): it is counted as skipped.
	Skip *readers.SkipError
}

// MaxSentences bounds the sentences audited in one record. A record's
// findings are held until it is written, a few KB each: an adversarial
// answer of a million "Ab [1]." sentences (one 8 MiB line) would take
// gigabytes. Far above any real answer; a record past it is skipped.
const MaxSentences = 5000

// errTooManySentences stops the audit of a record past MaxSentences.
var errTooManySentences = errors.New("too many sentences")

// Audit checks every assistant message of rec. The only error is an
// embedder's (e.g. an unreachable endpoint after its retries); a record
// too long to audit comes back with Skip set.
func (a *Auditor) Audit(ctx context.Context, rec *readers.Record) (Result, error) {
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
	wc, _ := a.words.Get().(*wordCache)
	if wc == nil {
		wc = newWordCache()
		if !a.precomputed {
			wc.te, _ = a.embedder.(TokenEmbedder)
			wc.we, _ = a.embedder.(WordEmbedder)
		}
	}
	defer a.words.Put(wc)
	sentences := 0
	for mi, msg := range rec.Messages {
		if msg.Role != "assistant" {
			continue
		}
		ans, fs, err := a.auditMessage(ctx, base, mi, msg, wc, MaxSentences-sentences)
		if errors.Is(err, errTooManySentences) {
			return Result{Record: rec, Skip: &readers.SkipError{File: rec.File, Line: rec.Line, Reason: readers.ReasonTooManySentences,
				Detail: fmt.Sprintf("more than %d sentences in the record's answers; not audited (findings are held in memory until written)", MaxSentences)}}, nil
		}
		sentences += ans.Sentences
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err() // stopped: not the record's fault
			}
			return res, fmt.Errorf("%s: %w", base.Source, err)
		}
		res.Answers = append(res.Answers, ans)
		res.Findings = append(res.Findings, fs...)
	}
	return res, nil
}

// pair is one citation of a sentence, resolved.
type pair struct {
	marker, id string
	chunk      int // index in the retrieval, -1: fabricated
	by         string
}

// auditMessage audits one assistant message of at most budget sentences
// (errTooManySentences past it).
func (a *Auditor) auditMessage(ctx context.Context, base Finding, mi int, msg readers.Message, wc *wordCache, budget int) (Answer, []Finding, error) {
	wc.arena.reset() // the previous answer's evidence is out of use
	// An answer that is JSON with claims is audited claim by claim, by
	// evidence id: the JSON around the claims is not prose.
	jclaims, claimsJSON := parseClaims(msg.Content)
	claimsJSON = claimsJSON && len(msg.Citations) == 0
	sents, rule, err := a.claimsOf(ctx, msg, jclaims, claimsJSON, budget)
	if err != nil {
		return Answer{}, nil, err
	}
	ans := Answer{MessageIndex: mi, Status: Answered, Sentences: len(sents)}
	nMarkers := 0
	for _, s := range sents {
		nMarkers += len(s.Markers)
	}
	if IsRefusal(msg.Content, nMarkers) && !a.claimsBeside(sents) {
		ans.Status = Refusal
		return ans, nil, nil
	}
	if reason := a.belowFloor(msg.Retrieval); reason != "" && len(sents) > 0 {
		ans.Status, ans.FloorReason = AnsweredBelowFloor, reason
	}
	m := &messageAudit{a: a, msg: msg, wc: wc, sents: sents, ids: newResolver(msg.Retrieval)}
	if err := m.measure(ctx, rule); err != nil {
		return ans, nil, err
	}
	if claimsJSON && m.citesUnretrieved(jclaims) {
		ans.Status = Rejected
	}
	base.MessageIndex, base.AnswerStatus = mi, ans.Status
	m.base = base
	m.mis = newMisattribution(msg.Retrieval, m.evs)
	runeOffsets := newRuneCounter(msg.Content)
	var out []Finding
	for i, s := range sents {
		if err := stopped(ctx, i); err != nil {
			return ans, nil, err
		}
		f := base
		f.SentenceIndex = s.Index
		f.CharStart, f.CharEnd = runeOffsets.at(s.Start), runeOffsets.at(s.End)
		f.Sentence = s.Text
		if m.claims[i] == nil {
			if a.isFactual(s) {
				f.Verdict, f.SentenceVerdict = Uncited, Uncited
				f.Reasons = []string{"no_citation"}
				out = append(out, f)
			}
			continue
		}
		if out, err = m.judge(ctx, f, m.claims[i], m.pairs[i], out); err != nil {
			return ans, nil, err
		}
	}
	return ans, out, nil
}

// claimsOf returns the claims of a message to audit, as sentences, and the
// rule their citations resolve by: JSON claims, a provider's citation
// spans, or the spans the markers of its prose cover.
func (a *Auditor) claimsOf(ctx context.Context, msg readers.Message, jclaims []jsonClaim, claimsJSON bool, budget int) ([]Sentence, ResolveRule, error) {
	if claimsJSON {
		sents := claimSentences(jclaims)
		if len(sents) > budget {
			return nil, "", errTooManySentences
		}
		return sents, ResolveID, nil
	}
	chunkIDs := make(map[string]bool, len(msg.Retrieval))
	for _, c := range msg.Retrieval {
		if c.ID != "" {
			chunkIDs[c.ID] = true
		}
	}
	sents, err := a.splitter.split(ctx, msg.Content, chunkIDs, budget)
	if err != nil {
		return nil, "", err
	}
	rule := a.cfg.Resolve
	if len(msg.Citations) > 0 {
		// The provider said which span cites which chunk: audit those
		// spans, by chunk id, and the uncited sentences around them.
		sents, rule = structuredSentences(msg, sents), ResolveID
	} else {
		sents = citationSpans(msg.Content, sents, a.isFactual)
	}
	if len(sents) > budget {
		return nil, "", errTooManySentences
	}
	return sents, rule, nil
}

// messageAudit is the audit of one assistant message: its claims, their
// resolved citations and the evidence of the chunks they cite.
type messageAudit struct {
	a      *Auditor
	msg    readers.Message
	base   Finding // the finding fields every claim of the message shares
	wc     *wordCache
	ids    resolver
	sents  []Sentence
	claims []*claim // per sentence; nil: uncited
	pairs  [][]pair // per sentence, its distinct citations
	evs    []*evidence
	mis    *misattribution
}

// measure resolves every citation and builds the claims and the evidence
// they need, embedded in one batch.
func (m *messageAudit) measure(ctx context.Context, rule ResolveRule) error {
	m.claims, m.pairs = make([]*claim, len(m.sents)), make([][]pair, len(m.sents))
	m.evs = make([]*evidence, len(m.msg.Retrieval))
	var toEmbed []*claim
	for i, s := range m.sents {
		if err := stopped(ctx, i); err != nil {
			return err
		}
		if len(s.Markers) == 0 {
			continue
		}
		c := m.a.claimOf(s, m.wc)
		m.claims[i] = &c
		toEmbed = append(toEmbed, &c)
		seen := map[string]bool{}
		for _, mk := range s.Markers {
			for _, id := range mk.IDs {
				if seen[id] {
					continue
				}
				seen[id] = true
				idx, by := m.ids.resolve(rule, id)
				m.pairs[i] = append(m.pairs[i], pair{marker: mk.Raw, id: id, chunk: idx, by: by})
				if idx >= 0 && m.evs[idx] == nil && auditable(m.msg.Retrieval[idx]) {
					m.evs[idx] = newEvidence(m.msg.Retrieval[idx].Text, m.wc)
				}
			}
		}
	}
	if m.a.precomputed {
		usePrecomputed(m.msg, toEmbed, m.evs)
		return nil
	}
	return m.a.embed(ctx, toEmbed, m.evs)
}

// citesUnretrieved reports whether a JSON answer cites an evidence id that
// was not retrieved (an empty claim's ids too): the seed rule rejects the
// answer as a whole.
func (m *messageAudit) citesUnretrieved(jclaims []jsonClaim) bool {
	for _, c := range jclaims {
		for _, id := range c.ids {
			if idx, _ := m.ids.resolve(ResolveID, id); idx < 0 {
				return true
			}
		}
	}
	return false
}

// judge appends the findings of one cited claim, f holding its sentence's
// fields: each citation against its own chunk, and the sentence against
// its cited chunks together.
func (m *messageAudit) judge(ctx context.Context, f Finding, c *claim, pairs []pair, out []Finding) ([]Finding, error) {
	// Every pair is measured before any is judged: a model may weigh the
	// sentence's weakest citation in the verdict of each.
	sigs := make([]Signals, len(pairs))
	var weakest []*Signals
	var cited []*evidence // the cited, auditable chunks
	for j, p := range pairs {
		if p.chunk < 0 || m.evs[p.chunk] == nil {
			continue
		}
		sigs[j] = runChecks(c, m.evs[p.chunk])
		weakest = append(weakest, &sigs[j])
		cited = appendEvidence(cited, m.evs[p.chunk])
	}
	setSentenceMin(weakest)

	// Sentence level: the cited chunks together.
	f.SentenceVerdict = Fabricated
	if len(cited) > 0 {
		sig := *weakest[0]
		if len(cited) > 1 {
			sig = runChecks(c, union(cited))
			f.SentenceSignals = signalMap(sig)
		}
		v, p, _ := m.a.cfg.Model.Verdict(sig, f.Tenant)
		f.SentenceVerdict, f.SentenceScore = v, scorePtr(p)
	} else if anyResolved(pairs) {
		f.SentenceVerdict = NotAuditable
	}

	better, searched := -1, false
	for j, p := range pairs {
		g := f
		g.Marker, g.Citation, g.ResolvedBy = p.marker, p.id, p.by
		switch {
		case p.chunk < 0:
			g.Verdict = Fabricated
			g.Reasons = []string{"citation_not_retrieved"}
		case m.evs[p.chunk] == nil:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			g.Verdict = NotAuditable
			g.Reasons = []string{"chunk_text_" + m.msg.Retrieval[p.chunk].TextStatus()}
		default:
			g.ChunkID = chunkID(m.msg.Retrieval, p.chunk)
			if !m.judgeCitation(&g, sigs[j]) {
				break
			}
			if !searched { // the same search for each citation of the sentence
				var err error
				if better, err = m.a.betterChunk(ctx, c, m.mis, pairs, f.Tenant, m.wc); err != nil {
					return nil, err
				}
				searched = true
			}
			if better >= 0 {
				g.BetterChunkID = chunkID(m.msg.Retrieval, better)
				g.Reasons = append(g.Reasons, "misattributed")
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// judgeCitation fills the verdict of a citation of an auditable chunk,
// measured by sig, and reports whether a better chunk is to be looked for:
// when it fails on its own, not only for its weakest co-citation.
func (m *messageAudit) judgeCitation(g *Finding, sig Signals) (search bool) {
	v, score, reasons := m.a.cfg.Model.Verdict(sig, g.Tenant)
	g.Verdict, g.Reasons = v, reasons
	g.fill(sig, score)
	if v != Unsupported {
		return false
	}
	if sig.sentenceMin != nil {
		// The sentence context only lowers a score: say so when it alone
		// decided, and look no further, as this chunk supports the
		// sentence on its own.
		alone := sig
		alone.sentenceMin = nil
		if va, _, _ := m.a.cfg.Model.Verdict(alone, g.Tenant); va == Supported {
			g.Reasons = []string{"weak_co_citation"}
			return false
		}
	}
	return true
}

// stopped returns ctx's error, checked every 64 sentences: the audit of
// one long answer (megabytes, a million sentences) must stop on Ctrl-C.
func stopped(ctx context.Context, i int) error {
	if i%64 != 0 {
		return nil
	}
	return ctx.Err()
}

func appendEvidence(list []*evidence, ev *evidence) []*evidence {
	for _, x := range list {
		if x == ev {
			return list
		}
	}
	return append(list, ev)
}

func chunkID(chunks []readers.Chunk, i int) *string {
	id := (&readers.Message{Retrieval: chunks}).ChunkID(i)
	return &id
}

func anyResolved(ps []pair) bool {
	for _, p := range ps {
		if p.chunk >= 0 {
			return true
		}
	}
	return false
}

// maxBetterCandidates bounds the chunks measured in full for one sentence
// in the misattribution search: those sharing the most of its content
// words. Measuring every chunk for every unsupported sentence took 98 % of
// the audit of a record with 10,000 chunks (QA defect 1); answers with
// fewer candidates, all the dev sets' among them, are searched in full.
const maxBetterCandidates = 64

// misattribution is the search for better chunks of one answer.
type misattribution struct {
	chunks  []readers.Chunk
	evs     []*evidence // the answer's measured chunks, shared with auditMessage
	cited   []int       // the chunks the answer's sentences cite, measured before the search
	isCited []bool
	light   []*lightChunk
	// postings maps a content-word stem to the auditable chunks that have
	// it, so a sentence's overlap is counted only in the chunks sharing a
	// word with it, not in every chunk.
	postings map[uint64][]int32
	count    []int32 // per chunk: the sentence's stems it has (scratch)
	touched  []int32 // the chunks whose count is not 0
}

func newMisattribution(chunks []readers.Chunk, evs []*evidence) *misattribution {
	m := &misattribution{chunks: chunks, evs: evs, isCited: make([]bool, len(evs))}
	for i, ev := range evs {
		if ev != nil {
			m.cited, m.isCited[i] = append(m.cited, i), true
		}
	}
	return m
}

// index computes every auditable chunk's stems, once per answer.
func (m *misattribution) index(wc *wordCache) {
	if m.postings != nil {
		return
	}
	m.postings = map[uint64][]int32{}
	m.light = make([]*lightChunk, len(m.chunks))
	m.count = make([]int32, len(m.chunks))
	for i, ch := range m.chunks {
		if !auditable(ch) {
			continue
		}
		m.light[i] = newLightChunk(ch.Text, wc)
		m.light[i].stems.each(func(h uint64) { m.postings[h] = append(m.postings[h], int32(i)) })
	}
}

// betterChunk looks for another retrieved chunk of the answer that supports
// the sentence its citation does not: a misattribution, not a fabrication.
// The candidates are the chunks other sentences cite and the chunks
// sharing at least half of the sentence's content words (their stems are
// computed once per answer): one sharing fewer is taken not to support it,
// and measuring every chunk in full was a fifth of the audit's time. While
// number_mismatch is decisive, a chunk lacking one of the sentence's
// numbers cannot support it either and is not measured. The chunks the
// sentence cites are not candidates: they are judged with their sentence,
// and a co-cited chunk that states it is a weak co-citation, not a better
// source. The answer depends on the sentence alone, not on the order in
// which sentences are searched.
func (a *Auditor) betterChunk(ctx context.Context, c *claim, m *misattribution, sentence []pair, tenant string, wc *wordCache) (int, error) {
	numbersDecide := a.cfg.Model.decisive("number_mismatch")
	m.index(wc)
	for _, st := range c.stems {
		for _, i := range m.postings[st] {
			if m.count[i] == 0 {
				m.touched = append(m.touched, i)
			}
			m.count[i]++
		}
	}
	share := func(i int) float64 { // shareIn(c.stems, m.light[i].stems)
		if len(c.stems) == 0 {
			return -1
		}
		return float64(m.count[i]) / float64(len(c.stems))
	}
	own := citedBy(sentence, m.chunks)
	type candidate struct {
		i     int
		share float64
	}
	var cands []candidate
	for _, i := range m.cited {
		if !own(i) && (!numbersDecide || states(m.evs[i].quantities, c.quantities)) {
			cands = append(cands, candidate{i, share(i)})
		}
	}
	for _, i32 := range m.touched {
		i := int(i32)
		if m.isCited[i] {
			continue // listed above
		}
		if sh := share(i); sh >= minMisattributionOverlap && !own(i) && (!numbersDecide || m.light[i].states(c.quantities)) {
			cands = append(cands, candidate{i, sh})
		}
	}
	for _, i := range m.touched {
		m.count[i] = 0
	}
	m.touched = m.touched[:0]
	if len(cands) > maxBetterCandidates {
		slices.SortFunc(cands, func(x, y candidate) int {
			if x.share != y.share {
				return cmp.Compare(y.share, x.share)
			}
			return x.i - y.i
		})
		cands = cands[:maxBetterCandidates]
	}
	// In chunk order, so that of equally good chunks the first wins.
	slices.SortFunc(cands, func(x, y candidate) int { return x.i - y.i })
	var fresh []*evidence
	for _, cd := range cands {
		if m.evs[cd.i] == nil {
			m.evs[cd.i] = newEvidence(m.chunks[cd.i].Text, wc)
			fresh = append(fresh, m.evs[cd.i])
		}
	}
	if err := a.embed(ctx, nil, fresh); err != nil {
		return -1, err
	}
	best, bestP := -1, 0.0
	for _, cd := range cands {
		if v, p, _ := a.cfg.Model.Verdict(runChecks(c, m.evs[cd.i]), tenant); v == Supported && p > bestP {
			best, bestP = cd.i, p
		}
	}
	return best, nil
}

// citedBy returns whether one of a sentence's citations resolved to chunk
// i, or to a chunk with i's id (a log may repeat an id; "better" would
// then name the cited chunk itself).
func citedBy(sentence []pair, chunks []readers.Chunk) func(i int) bool {
	idx, ids := map[int]bool{}, map[string]bool{}
	for _, p := range sentence {
		if p.chunk >= 0 {
			idx[p.chunk] = true
			if id := chunks[p.chunk].ID; id != "" {
				ids[id] = true
			}
		}
	}
	return func(i int) bool { return idx[i] || (chunks[i].ID != "" && ids[chunks[i].ID]) }
}

// lightChunk is what the misattribution search knows of a chunk before
// measuring it in full.
type lightChunk struct {
	text       string
	stems      wordSet       // content-word stems
	quantities QuantityIndex // indexed on first use
	indexed    bool
}

func newLightChunk(text string, wc *wordCache) *lightChunk {
	return &lightChunk{text: text, stems: contentStems(text, wc)}
}

func (l *lightChunk) states(qs []Quantity) bool {
	if len(qs) == 0 {
		return true
	}
	if !l.indexed {
		l.quantities, l.indexed = IndexQuantities(l.text), true
	}
	return states(l.quantities, qs)
}

// states reports whether a chunk's quantities include every one of qs.
func states(idx QuantityIndex, qs []Quantity) bool {
	for _, q := range qs {
		if !idx.Supports(q) {
			return false
		}
	}
	return true
}

// minMisattributionOverlap is the share of a sentence's content words a
// chunk must have to be considered as its better source.
const minMisattributionOverlap = 0.5

func contentStems(text string, wc *wordCache) wordSet {
	hs := wc.scratch.hs[:0]
	defer func() { wc.scratch.hs = keep(hs) }()
	nounphrase.RawWordsAt(text, func(raw string, _ int) {
		if w := wc.info(raw); w.norm != "" && !w.stop {
			hs = append(hs, w.stem)
		}
	})
	return newWordSetIn(hs, &wc.arena.u64)
}

// embed fills the embeddings of claims and of the windows of evs (those
// not embedded yet) in one batch: one request to a remote endpoint per
// answer.
func (a *Auditor) embed(ctx context.Context, claims []*claim, evs []*evidence) error {
	if a.embedder == nil {
		return nil
	}
	we, words := a.embedder.(WordEmbedder)
	texts := make([]string, 0, len(claims))
	for _, c := range claims {
		texts = append(texts, c.plain)
		if words {
			c.wids, c.wweights = we.WordIDs(strings.Join(c.content, " "))
			c.wsim = we.WordSim
		}
	}
	// Only one-sentence windows are embedded; a two-sentence window gets
	// the sum of its sentences' vectors (exact for the built-in additive
	// embedder, a close approximation for others), halving the work.
	var pending []*evidence
	for _, ev := range evs {
		if ev == nil || ev.vecs != nil {
			continue
		}
		pending = append(pending, ev)
		for k, w := range ev.windows {
			if !w.pair {
				texts = append(texts, ev.texts[k][w.start:w.end])
			}
		}
		if words && len(ev.texts) > 0 {
			ev.wids, _ = we.WordIDs(strings.Join(ev.content, " "))
		}
	}
	if len(texts) == 0 {
		return nil
	}
	vecs, err := a.embedder.Embed(ctx, texts)
	if err != nil {
		return fmt.Errorf("embedding with %s: %w", a.embedder.Name(), err)
	}
	if len(vecs) != len(texts) {
		return fmt.Errorf("embedding with %s: %d vectors for %d texts", a.embedder.Name(), len(vecs), len(texts))
	}
	for i, c := range claims {
		c.vec = vecs[i]
	}
	k := len(claims)
	for _, ev := range pending {
		ev.vecs = make([][]float32, len(ev.windows))
		for i, w := range ev.windows {
			if !w.pair {
				ev.vecs[i] = vecs[k]
				k++
			}
		}
		// Windows alternate sentence, pair, sentence, pair, …, sentence.
		for i, w := range ev.windows {
			if w.pair {
				ev.vecs[i] = addVec(ev.vecs[i-1], ev.vecs[i+1])
			}
		}
	}
	return nil
}

func addVec(a, b []float32) []float32 {
	if len(a) != len(b) {
		return nil
	}
	out := make([]float32, len(a))
	for i := range a {
		out[i] = a[i] + b[i]
	}
	return out
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

func (a *Auditor) claimOf(s Sentence, wc *wordCache) claim {
	c := claim{plain: s.Plain, quantities: claimQuantities(s.Plain)}
	tags := a.tagger.Tag(s.Plain)
	c.phrases = nounphrase.Phrases(tags)
	for _, e := range nounphrase.ProperNouns(tags) {
		if _, isCurrency := currencySymbols[strings.ToLower(e)]; !isCurrency {
			c.entities = append(c.entities, e)
		}
	}
	c.phraseKeys = make([][]wordKey, len(c.phrases))
	for i, p := range c.phrases {
		c.phraseKeys[i] = keysOf(p.Words)
	}
	c.entityKeys = make([][]wordKey, len(c.entities))
	for i, e := range c.entities {
		c.entityKeys[i] = keysOf(nounphrase.Words(e))
	}
	var stems, bigrams []uint64
	var grams []uint32
	var prev uint64
	hasPrev := false
	nounphrase.RawWordsAt(s.Plain, func(raw string, _ int) {
		wi := wc.info(raw)
		if wi.norm == "" || wi.stop {
			return
		}
		w, st := wi.norm, wi.stem
		c.content = append(c.content, w)
		if hasPrev {
			if b := hashPair(prev, st); !slices.Contains(bigrams, b) {
				bigrams = append(bigrams, b)
			}
		}
		prev, hasPrev = st, true
		// Numbers count as words ("1865" the chunk lacks is a word it
		// lacks: leaving them out cost token_overlap most of its lead
		// over chance on dates), but not as 4-grams.
		if !slices.Contains(stems, st) {
			stems = append(stems, st)
		}
		if isNumeric(w) {
			return
		}
		grams = append(grams, wi.grams...)
	})
	c.stems, c.bigrams = stems, bigrams
	c.stemSet = newWordSet(stems)
	c.plainText = overlap.ContentWords(s.Plain)
	for _, w := range c.plainText {
		c.plainWords = append(c.plainWords, hashWord(w))
	}
	c.grams = charGrams(grams)
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
		// Overlapping spans: step back, not from the start, which was
		// quadratic; counts add up only across whole runes.
		if rc.runeStart(b) && rc.runeStart(rc.lastB) {
			rc.lastR -= utf8.RuneCountInString(rc.s[b:rc.lastB])
			rc.lastB = b
			return rc.lastR
		}
		rc.lastB, rc.lastR = 0, 0
	}
	rc.lastR += utf8.RuneCountInString(rc.s[rc.lastB:b])
	rc.lastB = b
	return rc.lastR
}

func (rc *runeCounter) runeStart(b int) bool { return b == len(rc.s) || utf8.RuneStart(rc.s[b]) }

// auditable reports whether a chunk's text can support a claim: present
// and complete (a truncated or redacted text cannot prove anything).
func auditable(c readers.Chunk) bool { return c.TextStatus() == readers.TextFull }

// structuredSentences turns a message's structured citations into the
// sentences to audit: each citation's span is a claim citing its chunks,
// and each split sentence that no citation overlaps is kept as well (it
// may be an uncited factual sentence). Sorted by position.
func structuredSentences(msg readers.Message, split []Sentence) []Sentence {
	var out []Sentence
	for _, c := range msg.Citations {
		out = append(out, claimSentence(msg.Content[c.Start:c.End], c.Start, c.End, c.Marker, c.ChunkIDs))
	}
	// A sentence is covered when a citation starting before its end ends
	// after its start: with the citations by start and the furthest end
	// so far, one binary search per sentence instead of a loop over all.
	cits := slices.Clone(msg.Citations)
	slices.SortFunc(cits, func(x, y readers.Citation) int { return x.Start - y.Start })
	reach := make([]int, len(cits)) // reach[k]: the furthest end of cits[:k+1]
	for k, c := range cits {
		reach[k] = c.End
		if k > 0 {
			reach[k] = max(reach[k], reach[k-1])
		}
	}
	for _, s := range split {
		k := sort.Search(len(cits), func(k int) bool { return cits[k].Start >= s.End })
		if covered := k > 0 && reach[k-1] > s.Start; !covered {
			// Inline markers follow the log's own numbering (prompt
			// position, say), which the structured citations replace.
			s.Markers = nil
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	for i := range out {
		out[i].Index = i
	}
	return out
}

// jsonClaim is one claim of an answer that is JSON with claims carrying
// evidence ids ({"claims":[{"text":…, "evidence_ids":[…]}]}).
type jsonClaim struct {
	text       string // decoded
	start, end int    // the byte span of the text in the content, quotes excluded; -1 when not found
	ids        []string
}

// parseClaims reads an answer that is strict JSON with claims. Each
// claim's text is located by its own token's offsets in the content, so a
// text written with escapes (Go's "\u0026", Python's "\u00e9") or without
// them is found all the same; a claim that still cannot be located (keys
// spelt in another case, say) is kept with start -1: it is audited all the
// same.
func parseClaims(content string) ([]jsonClaim, bool) {
	t := strings.TrimSpace(content)
	if !strings.HasPrefix(t, "{") || !strings.Contains(t, `"claims"`) {
		return nil, false
	}
	var doc struct {
		Claims []struct {
			Text        string            `json:"text"`
			EvidenceIDs []json.RawMessage `json:"evidence_ids"`
		} `json:"claims"`
	}
	if err := json.Unmarshal([]byte(t), &doc); err != nil || len(doc.Claims) == 0 {
		return nil, false
	}
	spans := claimTextSpans(content)
	out := make([]jsonClaim, 0, len(doc.Claims))
	for k, c := range doc.Claims {
		jc := jsonClaim{text: c.Text, start: -1, end: -1}
		if k < len(spans) && spans[k][0] >= 0 {
			// Trust the span only if it decodes to the text Unmarshal read.
			var text string
			if json.Unmarshal([]byte(content[spans[k][0]-1:spans[k][1]+1]), &text) == nil && text == c.Text {
				jc.start, jc.end = spans[k][0], spans[k][1]
			}
		}
		for _, raw := range c.EvidenceIDs {
			var id string
			if json.Unmarshal(raw, &id) != nil {
				id = string(raw) // a number
			}
			jc.ids = append(jc.ids, id)
		}
		out = append(out, jc)
	}
	return out, true
}

// claimTextSpans walks the JSON tokens of content and returns, for each
// element of the top-level "claims" array, the byte span of its "text"
// string (quotes excluded), or {-1, -1}. Keys match as Unmarshal matches
// them (case-insensitively, the last one winning); parseClaims checks
// each span against the decoded text.
func claimTextSpans(content string) [][2]int {
	dec := json.NewDecoder(strings.NewReader(content))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var spans [][2]int
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return spans
		}
		if k, _ := key.(string); !strings.EqualFold(k, "claims") {
			if skipValue(dec) != nil {
				return spans
			}
			continue
		}
		spans = spans[:0] // the last "claims" wins, as in Unmarshal
		if tok, err := dec.Token(); err != nil || (tok != nil && tok != json.Delim('[')) {
			return nil
		} else if tok == nil {
			continue // null
		}
		for dec.More() {
			span := [2]int{-1, -1}
			if tok, err := dec.Token(); err != nil || (tok != nil && tok != json.Delim('{')) {
				return nil
			} else if tok == nil { // a null claim: no text
				spans = append(spans, span)
				continue
			}
			for dec.More() {
				key, err := dec.Token()
				if err != nil {
					return nil
				}
				if k, _ := key.(string); !strings.EqualFold(k, "text") {
					if skipValue(dec) != nil {
						return nil
					}
					continue
				}
				// Only white space and the colon lie between the key and
				// the value's opening quote; the token ends after its
				// closing quote.
				from := int(dec.InputOffset())
				tok, err := dec.Token()
				if err != nil {
					return nil
				}
				span = [2]int{-1, -1}
				if _, ok := tok.(string); ok {
					end := int(dec.InputOffset())
					if q := strings.IndexByte(content[from:end], '"'); q >= 0 && end-1 > from+q && content[end-1] == '"' {
						span = [2]int{from + q + 1, end - 1}
					}
				}
			}
			if _, err := dec.Token(); err != nil { // '}'
				return nil
			}
			spans = append(spans, span)
		}
		if _, err := dec.Token(); err != nil { // ']'
			return nil
		}
	}
	return spans
}

// skipValue reads the next value of dec, whatever it is.
func skipValue(dec *json.Decoder) error {
	var raw json.RawMessage
	return dec.Decode(&raw)
}

// claimSentences turns the claims of a JSON answer into the sentences to
// audit, in order: each cites its evidence ids. A claim that could not be
// located in the content is audited all the same, as an empty span where
// the claim before it ends.
func claimSentences(claims []jsonClaim) []Sentence {
	var out []Sentence
	pos := 0
	for _, c := range claims {
		if c.text == "" {
			continue // nothing to audit; its ids still count for rejection
		}
		start, end := c.start, c.end
		if start < 0 {
			start, end = pos, pos
		}
		pos = end
		s := claimSentence(c.text, start, end, "claims.evidence_ids", c.ids)
		s.Index = len(out)
		out = append(out, s)
	}
	return out
}

// claimSentence is the sentence of a claim whose citation the log gives
// (a provider's span, a JSON claim) rather than a marker in its text.
func claimSentence(text string, start, end int, marker string, ids []string) Sentence {
	plain := strings.TrimSpace(stripMarkdown(StripMarkers(text, FindMarkers(text, nil))))
	s := Sentence{Start: start, End: end, Text: text, Plain: plain}
	if len(ids) > 0 {
		s.Markers = []Marker{{Raw: marker, Start: start, End: end, IDs: ids}}
	} // else: a claim with no evidence is an uncited sentence, not nothing
	return s
}

// usePrecomputed gives claims their message's logged vector and the
// windows of each chunk that chunk's logged vector.
func usePrecomputed(msg readers.Message, claims []*claim, evs []*evidence) {
	if msg.Embedding == nil {
		return
	}
	for _, c := range claims {
		c.vec = msg.Embedding
	}
	for i, ev := range evs {
		if ev == nil || msg.Retrieval[i].Embedding == nil {
			continue
		}
		ev.vecs = make([][]float32, len(ev.windows))
		for k := range ev.vecs {
			ev.vecs[k] = msg.Retrieval[i].Embedding
		}
	}
}
