package audit

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// Config is what the audit itself needs; the CLI fills it from flags and
// config files.
type Config struct {
	Resolve  ResolveRule `json:"resolve"`
	MinScore float64     `json:"min_score"` // 0: no retrieval floor
	// TenantMinScore are tenants' own floors (a guard's per-tenant
	// policies), in place of MinScore.
	TenantMinScore map[string]float64 `json:"tenant_min_score,omitempty"`
	Model          Model              `json:"model"`
	// CitationRegex are the run's own marker shapes (ParseMarkerRules).
	CitationRegex []string `json:"citation_regex,omitempty"`
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
	wordsOnly   *Model   // the model of claims no embedder reads (modelFor); nil: cfg.Model
	precomputed bool     // use the vectors in the logs
	embedder    Embedder // nil: no embedding signal (or precomputed)
	splitters   splitters
	stops       stoplists // readsAs
	markers     MarkerRules
	tagger      *nounphrase.Tagger
	words       sync.Pool // of *wordCache, one per worker at a time
}

// Validate checks the configuration without loading any model.
func (cfg Config) Validate() error {
	if _, err := ParseResolveRule(string(cfg.Resolve)); err != nil {
		return err
	}
	if _, err := ParseMarkerRules(cfg.CitationRegex); err != nil {
		return fmt.Errorf("--citation-regex: %w", err)
	}
	if err := cfg.validateFloors(); err != nil {
		return err
	}
	return cfg.Model.validate()
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
	sp, err := newSplitter(nil)
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("loading sentence model: %w", err)
	}
	if tagErr != nil {
		return nil, fmt.Errorf("loading tagger model: %w", tagErr)
	}
	markers, _ := ParseMarkerRules(cfg.CitationRegex) // checked by Validate
	a := &Auditor{cfg: cfg, embedder: emb, splitters: splitters{en: sp}, stops: newStoplists(), tagger: tg, markers: markers}
	if cfg.Model.weighsVectors() {
		m := DefaultModelNoEmbed()
		a.wordsOnly = &m
	}
	return a, nil
}

// modelFor is the model that judges claim c: the configured one, or,
// when it weighs embedding similarities and c is in a language the
// embedders are not given (word vectors are English), the shipped model
// without them. Weighing an absent similarity as zero would fail
// faithful Dutch and German claims.
func (a *Auditor) modelFor(c *claim) *Model {
	if a.wordsOnly != nil && c.tongue.l != nil {
		return a.wordsOnly
	}
	return &a.cfg.Model
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
	// FloorUnchecked says why the floor could not be checked (no chunk
	// carries a score); "": it was, or there is none.
	FloorUnchecked string
	// CitationsNotAudited counts the distinct citations of its claims past
	// the first MaxCitationsPerClaim of each: not audited, not listed.
	CitationsNotAudited int
	// Unread are the shapes of the look-alikes in it: text shaped like a
	// marker ("(1)" in an answer that cites with "[1]") not read as one.
	Unread []string
	// ZeroBased: its markers were read counting from 0 ([0] is the first
	// chunk); ZeroUnclear: it cites [0], which no chunk has, and chunks'
	// ids are numbers, so whether it counts from 0 cannot be told.
	ZeroBased, ZeroUnclear bool
	// ZeroIDs is the first chunk id that numbers from 0 ("doc_0") when
	// the answer's bare numbers were read as positions from 1: [1] is
	// the first chunk, not the one numbered 1 (a note says so).
	ZeroIDs string
	// ChunksCut counts the distinct chunks its citations name whose text,
	// logged without a status, ends cut by the logger (readers'
	// CutInText): read as truncated, not auditable, and a note says so.
	ChunksCut int
	// NotRead are the languages of its uncited sentences in a language
	// the checks do not read, one per sentence: whether they state facts
	// (uncited factual sentences) cannot be told.
	NotRead []string
	// FloorNotRead is the language of an answer given below the retrieval
	// floor that cites nothing, in a language the checks do not read:
	// whether it answers or refuses cannot be told.
	FloorNotRead string
	// Language is the one the answer is read in: detected on its text, or
	// when that is too short to tell, its first chunk's, else English.
	Language string
}

// Result is the audit of one record.
type Result struct {
	Record   *readers.Record
	Answers  []Answer
	Findings []Finding
	// Skip, when set, says why the record was not audited (Answers and
	// Findings are empty): it is counted as skipped.
	Skip *readers.SkipError
	// Repeated counts the answers not audited again: an earlier record of
	// the conversation held them alike (Record.Prior).
	Repeated int
	// Attempts is the audit of what a guard's model generated, when the
	// record is a line of a guard's decision log and the run asks for it
	// (pipeline.GuardLog): one assistant message per attempt.
	Attempts *Result
}

// MaxSentences bounds the sentences audited in one record. A record's
// findings are held until it is written, a few KB each: an adversarial
// answer of a million "Ab [1]." sentences (one 8 MiB line) would take
// gigabytes. Far above any real answer; a record past it is skipped.
const MaxSentences = 5000

// MaxCitationsPerClaim bounds the distinct citations audited in one
// claim: each is a finding that repeats the claim, so a sentence citing
// n chunks wrote n times its length (3,000 markers in one sentence, 18 KB,
// wrote 200 MB). A claim's first MaxCitationsPerClaim distinct citations
// are audited; the others are counted as not auditable, with the reason
// too_many_citations, and not listed. Far above any real claim (the
// development sets' most is 10).
const MaxCitationsPerClaim = 32

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
		wc = a.newWordCache()
	}
	defer a.words.Put(wc)
	sentences := 0
	for mi, msg := range rec.Messages {
		if msg.Role != "assistant" {
			continue
		}
		if mi < rec.Prior { // audited in an earlier record of the conversation
			res.Repeated++
			continue
		}
		ans, fs, err := a.auditMessage(ctx, base, mi, rec, wc, MaxSentences-sentences)
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
		if res.Findings == nil && len(fs) > 0 {
			res.Findings = fs // the first answer's: no copy
		} else {
			res.Findings = append(res.Findings, fs...)
		}
	}
	return res, nil
}

// newWordCache is a worker's word cache for the auditor's embedder.
func (a *Auditor) newWordCache() *wordCache {
	wc := newWordCache()
	if !a.precomputed {
		wc.te, _ = a.embedder.(TokenEmbedder)
		wc.we, _ = a.embedder.(WordEmbedder)
	}
	_, words := a.embedder.(WordEmbedder)
	wc.content = words && wc.te == nil
	return wc
}
