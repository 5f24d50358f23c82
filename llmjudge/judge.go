package llmjudge

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ragaudit/ragaudit/audit"
)

// Config is a judge: where it is, which model, what goes to it and at
// what cost.
type Config struct {
	URL   string // OpenAI-compatible base ("http://localhost:11434/v1") or full .../chat/completions URL
	Model string
	Key   string // bearer token; never logged, never in a report
	Band  Band
	// MaxCalls is the most citations judged in a run (a hard budget):
	// the first that many of the band in input order; cached answers
	// count too, so a rerun judges the same citations and makes no call.
	// < 0: no budget.
	MaxCalls    int
	Concurrency int           // requests in flight; default 4
	Timeout     time.Duration // per request; default 60 s
	Retries     int           // after the first attempt; default 3; < 0: none
	Backoff     time.Duration // first retry's delay, doubled each time; default 500 ms
	Cache       *Cache        // nil: no cache
	HTTP        *http.Client  // nil: http.DefaultClient
}

// Judge judges the band of each record through one endpoint; Start is
// safe for concurrent use.
type Judge struct {
	cfg    Config
	model  audit.Model // the thresholds the band is placed by
	client *client
	gate   *gate
	mu     sync.Mutex
	counts Counts
	calls  atomic.Int64 // requests answered by the endpoint (not the cache)
}

// Counts are the judge's figures of a run: the same for the same input,
// configuration and cache.
type Counts struct {
	InBand    int    `json:"in_band"`   // citations in the band (never a decisive failure)
	Judged    int    `json:"judged"`    // decided by the judge
	Supported int    `json:"supported"` // of them, judged supported
	Changed   int    `json:"changed"`   // of them, against the lexical verdict
	Budget    int    `json:"budget"`    // left to the lexical verdict: past the budget
	Errors    int    `json:"errors"`    // left to the lexical verdict: no Yes or No from the judge
	Requests  int    `json:"-"`         // sent to the endpoint (the rest came from the cache)
	FirstErr  string `json:"-"`         // the first error, for one warning
}

// New makes a judge of cfg placing its band by model m's thresholds.
func New(cfg Config, m audit.Model) (*Judge, error) {
	if cfg.URL == "" || cfg.Model == "" {
		return nil, errors.New("a judge needs --judge-url and --judge-model")
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 60 * time.Second
	}
	switch {
	case cfg.Retries == 0:
		cfg.Retries = 3
	case cfg.Retries < 0:
		cfg.Retries = 0
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	return &Judge{cfg: cfg, model: m, client: newClient(cfg), gate: newGate(cfg.MaxCalls)}, nil
}

// Identity is what of the judge decides verdicts, for the run's
// configuration hash: endpoint, model, prompt, band and budget.
func (j *Judge) Identity() string {
	return fmt.Sprintf("judge %s model %s prompt %s band %s max %d", j.cfg.URL, j.cfg.Model, PromptID, j.cfg.Band, j.cfg.MaxCalls)
}

// Model is the judge's model name.
func (j *Judge) Model() string { return j.cfg.Model }

// Counts returns the run's figures so far.
func (j *Judge) Counts() Counts {
	j.mu.Lock()
	defer j.mu.Unlock()
	c := j.counts
	c.Requests = int(j.calls.Load())
	return c
}

// Start takes record seq's turn for the budget and sends its citations in
// the band to the judge, in the background; the returned function waits
// for the answers and puts them in res.Findings. Every record of the run
// must Start once, in any order, with its sequence number (from 0, as the
// stream numbers them); res may be nil for a record that failed. The
// error is the context's: a judge that fails leaves the lexical verdict.
func (j *Judge) Start(ctx context.Context, seq int, res *audit.Result) (wait func() error, err error) {
	var cands []int
	if res != nil && res.Record != nil {
		for i := range res.Findings {
			if j.cfg.Band.Candidate(&j.model, &res.Findings[i]) {
				cands = append(cands, i)
			}
		}
	}
	got, err := j.gate.reserve(ctx, seq, len(cands))
	if err != nil {
		return nil, err
	}
	if len(cands) == 0 {
		return func() error { return nil }, nil
	}
	answers := make([]Answer, got)
	errs := make([]error, got)
	var wg sync.WaitGroup
	for k := range got {
		f := &res.Findings[cands[k]]
		claim, doc := Claim(f), document(res, f)
		wg.Go(func() { answers[k], errs[k] = j.ask(ctx, claim, doc) })
	}
	return func() error {
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return err
		}
		j.apply(res.Findings, cands, answers, errs)
		return nil
	}, nil
}

// ask answers from the cache, else from the endpoint (then cached).
func (j *Judge) ask(ctx context.Context, claim, doc string) (Answer, error) {
	if a, ok := j.cfg.Cache.get(j.cfg.Model, doc, claim); ok {
		return a, nil
	}
	a, err := j.client.ask(ctx, claim, doc)
	if err != nil {
		return a, err
	}
	j.calls.Add(1)
	j.cfg.Cache.put(j.cfg.Model, doc, claim, a)
	return a, nil
}

// document is the text of a finding's cited chunk that is sent.
func document(res *audit.Result, f *audit.Finding) string {
	if f.ChunkID == nil || f.MessageIndex >= len(res.Record.Messages) {
		return ""
	}
	m := &res.Record.Messages[f.MessageIndex]
	i := m.ChunkIndex(*f.ChunkID)
	if i < 0 {
		return ""
	}
	return Document(m.Retrieval[i].Text, f.MatchedStart, f.MatchedEnd)
}

// apply puts the answers in the findings: the first len(answers) of the
// candidates were judged (or failed), the rest were over the budget.
func (j *Judge) apply(fs []audit.Finding, cands []int, answers []Answer, errs []error) {
	var c Counts
	c.InBand = len(cands)
	for k, i := range cands {
		f := &fs[i]
		jd := &audit.Judged{Model: j.cfg.Model, LexicalVerdict: f.Verdict, LexicalReasons: append([]string{}, f.Reasons...)}
		switch {
		case k >= len(answers):
			jd.Status = audit.JudgeBudget
			c.Budget++
		case errs[k] != nil:
			jd.Status, jd.Error = audit.JudgeError, errs[k].Error()
			c.Errors++
			if c.FirstErr == "" {
				c.FirstErr = jd.Error
			}
		default:
			a := answers[k]
			// Decided on P as findings write it (four decimals), so that
			// a reader never sees 0.5000 beside "unsupported".
			p := audit.Score(math.Round(a.P*1e4) / 1e4)
			jd.Status, jd.P, jd.Answer, jd.Logprobs = audit.JudgedByModel, &p, a.Text, a.Logprobs
			c.Judged++
			decide(f, p >= 0.5)
			if f.Verdict == audit.Supported {
				c.Supported++
			}
			if f.Verdict != jd.LexicalVerdict {
				c.Changed++
			}
		}
		f.Judge = jd
	}
	sentenceVerdicts(fs, cands)
	j.mu.Lock()
	defer j.mu.Unlock()
	j.counts.add(c)
}

// decide puts the judge's verdict in place of the lexical one.
func decide(f *audit.Finding, supported bool) {
	if supported {
		f.Verdict, f.Reasons, f.BetterChunkID = audit.Supported, nil, nil
		return
	}
	reasons := []string{audit.ReasonJudgeUnsupported}
	if f.BetterChunkID != nil { // the lexical search found another chunk stating it
		reasons = append(reasons, "misattributed")
	}
	f.Verdict, f.Reasons = audit.Unsupported, reasons
}

// sentenceVerdicts gives a claim whose only checked citation the judge
// decided that verdict as its sentence verdict too. A claim citing several
// chunks keeps the lexical verdict over their union: the judge is asked
// about one chunk at a time.
func sentenceVerdicts(fs []audit.Finding, cands []int) {
	for _, i := range cands {
		f := &fs[i]
		if f.Judge.Status != audit.JudgedByModel {
			continue
		}
		var claim []int
		checked := 0
		for k := range fs {
			g := &fs[k]
			if g.MessageIndex == f.MessageIndex && g.CharStart == f.CharStart && g.CharEnd == f.CharEnd && g.Cited() {
				claim = append(claim, k)
				if g.SupportScore != nil {
					checked++
				}
			}
		}
		if checked == 1 {
			for _, k := range claim {
				fs[k].SentenceVerdict = f.Verdict
			}
		}
	}
}

func (c *Counts) add(o Counts) {
	c.InBand += o.InBand
	c.Judged += o.Judged
	c.Supported += o.Supported
	c.Changed += o.Changed
	c.Budget += o.Budget
	c.Errors += o.Errors
	if c.FirstErr == "" {
		c.FirstErr = o.FirstErr
	}
}
