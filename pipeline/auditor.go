package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/embed"
	"github.com/ragaudit/ragaudit/llmjudge"
)

// Embedders by name (--embed).
const (
	EmbedBuiltin     = "builtin"
	EmbedNone        = "none"
	EmbedOpenAI      = "openai"
	EmbedPrecomputed = audit.Precomputed
)

// Embedding says which embedder measures similarity.
type Embedding struct {
	Kind    string // EmbedBuiltin, EmbedNone, EmbedOpenAI or EmbedPrecomputed
	URL     string // an OpenAI-compatible endpoint (EmbedOpenAI)
	Model   string
	Key     string // the endpoint's API key, never logged
	Cache   string // directory caching remote embeddings ("": none)
	Retries int    // of a failed request; 0 means none
	Timeout time.Duration
}

// newAuditor builds the auditor with the configured embedder.
func newAuditor(cfg audit.Config, e Embedding) (*audit.Auditor, error) {
	if e.Kind == EmbedBuiltin {
		go embed.Builtin() // decoded once, while audit.New loads its models
	}
	a, err := audit.New(cfg, nil)
	if err != nil {
		return nil, err
	}
	switch e.Kind {
	case EmbedBuiltin:
		g, err := embed.Builtin()
		if err != nil {
			return nil, fmt.Errorf("loading the built-in embeddings: %w", err)
		}
		a.SetEmbedder(g)
	case EmbedOpenAI:
		retries := e.Retries
		if retries == 0 {
			retries = -1 // embed.HTTP reads 0 as its default
		}
		h := &embed.HTTP{URL: e.URL, Model: e.Model, Key: e.Key, Retries: retries, Timeout: e.Timeout}
		if e.Cache != "" {
			h.Cache = &embed.Cache{Dir: e.Cache}
		}
		a.SetEmbedder(h)
	case EmbedPrecomputed:
		a.UsePrecomputed()
	}
	return a, nil
}

// EmbedderName is the name reports give the auditor's embedder.
func EmbedderName(a *audit.Auditor) string {
	if n := a.EmbedderName(); n != "" {
		return n
	}
	return "none"
}

// ConfigHash identifies what decides the verdicts — the tool version, the
// audit configuration (model, thresholds, resolution, retrieval floor) and
// the embedder — so that labels sampled under one configuration are not
// combined with verdicts of another.
func ConfigHash(version string, o *Options) string {
	b, err := json.Marshal(struct {
		Version string
		Audit   audit.Config
		Embed   [3]string
		// The claims a guard dropped are another population than the
		// answers served: their labels never mix.
		GuardDropped bool `json:",omitempty"`
		// A judge decides the band's verdicts: its endpoint, model,
		// prompt, band and budget (absent without one, so that hashes
		// made without a judge stay what they were).
		Judge string `json:",omitempty"`
	}{version, o.Audit, [3]string{o.Embed.Kind, o.Embed.URL, o.Embed.Model}, o.Guard.Dropped, judgeIdentity(o.Judge)})
	if err != nil {
		panic(err) // a Config always marshals
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// ConfigSummary says in words what ConfigHash identifies, for messages
// that must say which configuration differs.
func ConfigSummary(version string, o *Options) string {
	m := o.Audit.Model
	s := fmt.Sprintf("ragaudit %s; model %s, threshold %g", version, m.Name, m.Threshold)
	if len(m.TenantThresholds) > 0 {
		s += fmt.Sprintf(" (%d tenant thresholds)", len(m.TenantThresholds))
	}
	s += fmt.Sprintf("; resolve %s; min-score %g; embed %s", o.Audit.Resolve, o.Audit.MinScore, o.Embed.Kind)
	if o.Embed.Model != "" {
		s += " " + o.Embed.Model
	}
	if o.Judge != nil {
		s += "; judge " + o.Judge.Model()
	}
	return s
}

func judgeIdentity(j *llmjudge.Judge) string {
	if j == nil {
		return ""
	}
	return j.Identity()
}
