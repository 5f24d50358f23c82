package guard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/ragaudit/ragaudit/lang"
)

// Modes of a policy.
const (
	ModeEnforce  = "enforce"  // enforced classes change the answer
	ModeAnnotate = "annotate" // the answer is served unchanged; failures are reported
)

// Policy is a tenant's rules. Start from DefaultPolicy: its zero value
// enforces nothing and never regenerates.
type Policy struct {
	Mode string `json:"mode" yaml:"mode"`
	// MinScore is the retrieval floor: an answer over chunks whose best
	// score is under it is refused (0: only an empty retrieval is).
	MinScore float64 `json:"min_score" yaml:"min_score"`
	// Enforce are the classes that change the answer; the others are
	// annotated (reported, the answer unchanged).
	Enforce []Class `json:"enforce" yaml:"enforce"`
	// The answer still stands after its failed claims are dropped when at
	// least MinKept cited claims remain and at most MaxDropShare of its
	// claims went; else it is regenerated once, then falls back.
	MinKept      int     `json:"min_kept" yaml:"min_kept"`
	MaxDropShare float64 `json:"max_drop_share" yaml:"max_drop_share"`
	Regenerate   bool    `json:"regenerate" yaml:"regenerate"`
	// Fallback is served when nothing else stands: {passage} is replaced
	// by the closest retrieved passage, verbatim, and {marker} by its
	// citation; {source} and {question} are there too. It must read as a
	// refusal whose quote cites the passage (New checks it). Empty: the
	// default in the answer's language (DefaultTexts).
	Fallback string `json:"fallback,omitempty" yaml:"fallback"`
	// Refusal is served for a refusal (the floor, a fabricated citation,
	// rejected claims) and a fallback without a passage to quote. Empty:
	// the default in the answer's language (DefaultTexts).
	Refusal string `json:"refusal,omitempty" yaml:"refusal"`
	// FailOpen serves the answer unchanged (action unverifiable) when the
	// check fails or runs out of Timeout; else (fail closed) the refusal
	// is served and flagged for a person.
	FailOpen bool          `json:"fail_open" yaml:"fail_open"`
	Timeout  time.Duration `json:"timeout" yaml:"timeout"`
}

// DefaultTexts are the refusal and fallback served in language code (an
// ISO 639-1 code, as the audit detects the answer's) by a policy that
// sets none: the language's own (lang's [no-source] table), English for a
// language without tables.
func DefaultTexts(code string) (refusal, fallback string) {
	l, ok := lang.Get(code)
	if !ok {
		l, _ = lang.Get("en")
	}
	return l.NoSource, l.NoSourceQuote
}

// refusalIn is the refusal p serves to an answer in language code.
func (p *Policy) refusalIn(code string) string {
	if p.Refusal != "" {
		return p.Refusal
	}
	r, _ := DefaultTexts(code)
	return r
}

// fallbackIn is the fallback p serves to an answer in language code.
func (p *Policy) fallbackIn(code string) string {
	if p.Fallback != "" {
		return p.Fallback
	}
	_, f := DefaultTexts(code)
	return f
}

// DefaultEnforced are the classes enforced by default: deterministic
// (fabricated ids, claims JSON citing unretrieved evidence, the floor)
// and decisive (a number, negation or name the cited chunk contradicts).
// Score-only classes are annotated: out of sample, the verdict's
// precision on "unsupported" is 0.33 to 0.98 by data set, too low to
// delete sentences on the score alone (docs/verdict.md).
var DefaultEnforced = []Class{ClassFabricated, ClassClaimsRejected, ClassBelowFloor,
	ClassNumberMismatch, ClassNegationMismatch, ClassEntityMismatch}

// DefaultTimeout is the check's budget. A 5-citation answer takes about a
// millisecond (p99 a few); a timeout in enforce mode serves the refusal,
// so the budget sits far above the tail and fires on pathological input.
const DefaultTimeout = 200 * time.Millisecond

// DefaultPolicy enforces DefaultEnforced, keeps an answer that loses at
// most half its claims and one cited claim remains, regenerates once,
// fails closed, and serves the default texts in the answer's language.
func DefaultPolicy() Policy {
	return Policy{Mode: ModeEnforce, Enforce: slices.Clone(DefaultEnforced), MinKept: 1, MaxDropShare: 0.5,
		Regenerate: true, Timeout: DefaultTimeout}
}

// Enforces reports whether the policy changes the answer for class c.
func (p *Policy) Enforces(c Class) bool {
	return p.Mode == ModeEnforce && slices.Contains(p.Enforce, c)
}

// Validate refuses a policy that cannot be applied.
func (p *Policy) Validate() error {
	switch {
	case p.Mode != ModeEnforce && p.Mode != ModeAnnotate:
		return fmt.Errorf("mode %q: want enforce or annotate", p.Mode)
	case math.IsNaN(p.MinScore) || math.IsInf(p.MinScore, 0):
		return fmt.Errorf("min_score %v: want a finite retrieval score", p.MinScore)
	case p.MinKept < 0:
		return fmt.Errorf("min_kept %d: want 0 or more", p.MinKept)
	case !(p.MaxDropShare >= 0 && p.MaxDropShare <= 1):
		return fmt.Errorf("max_drop_share %v: want a share between 0 and 1", p.MaxDropShare)
	case p.Timeout <= 0:
		return fmt.Errorf("timeout %v: want a positive duration such as 200ms", p.Timeout)
	case p.Refusal != "" && strings.TrimSpace(p.Refusal) == "":
		return fmt.Errorf("refusal is blank: leave it out for the default in the answer's language")
	case p.Fallback != "" && (!strings.Contains(p.Fallback, "{passage}") || !strings.Contains(p.Fallback, "{marker}")):
		return fmt.Errorf("fallback %q: it must hold {passage} and {marker}", p.Fallback)
	}
	for _, c := range p.Enforce {
		if !slices.Contains(Classes, c) {
			return fmt.Errorf("enforce: unknown class %q (known: %s)", c, classList())
		}
	}
	return nil
}

func classList() string {
	names := make([]string, len(Classes))
	for i, c := range Classes {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// Hash identifies the policy in the decision log.
func (p Policy) Hash() string {
	p.Enforce = slices.Clone(p.Enforce)
	slices.SortFunc(p.Enforce, func(a, b Class) int { return slices.Index(Classes, a) - slices.Index(Classes, b) })
	b, err := json.Marshal(p)
	if err != nil {
		panic(err) // a Policy always marshals
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// PolicyFile is a policy file: the default policy, tenants' policies
// (each starts from the default and overrides what it names) and the
// bearer tokens of ragaudit serve.
type PolicyFile struct {
	Default Policy
	Tenants map[string]Policy
	Tokens  []Token
}

// Token is a bearer token of the service, stored as its SHA-256: the
// tenant it acts for, or "*" for a trusted gateway that names the tenant
// in each request.
type Token struct {
	Tenant string `yaml:"tenant"`
	SHA256 string `yaml:"sha256"`
}

// ParsePolicyFile reads a policy file in YAML or JSON. Unknown keys are
// errors: a misspelt class must not leave a tenant unguarded.
func ParsePolicyFile(b []byte) (*PolicyFile, error) {
	var raw struct {
		Default yaml.Node            `yaml:"default"`
		Tenants map[string]yaml.Node `yaml:"tenants"`
		Tokens  []Token              `yaml:"tokens"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil && err.Error() != "EOF" {
		return nil, err
	}
	pf := &PolicyFile{Default: DefaultPolicy(), Tenants: map[string]Policy{}, Tokens: raw.Tokens}
	if err := decodePolicy(&raw.Default, &pf.Default); err != nil {
		return nil, fmt.Errorf("default: %w", err)
	}
	for name, node := range raw.Tenants {
		p := pf.Default
		p.Enforce = slices.Clone(p.Enforce)
		if err := decodePolicy(&node, &p); err != nil {
			return nil, fmt.Errorf("tenants.%s: %w", name, err)
		}
		pf.Tenants[name] = p
	}
	for i, t := range pf.Tokens {
		if _, err := hex.DecodeString(t.SHA256); err != nil || len(t.SHA256) != 64 {
			return nil, fmt.Errorf("tokens[%d].sha256: want the 64 hex digits of the token's SHA-256 (sha256sum)", i)
		}
		if _, ok := pf.Tenants[t.Tenant]; !ok && t.Tenant != "*" && t.Tenant != "" {
			return nil, fmt.Errorf("tokens[%d].tenant %q has no policy under tenants (or write \"*\" for a gateway that names the tenant)", i, t.Tenant)
		}
	}
	return pf, nil
}

// decodePolicy decodes a node onto p, strictly, and validates the result.
func decodePolicy(node *yaml.Node, p *Policy) error {
	if node.Kind != 0 {
		b, err := yaml.Marshal(node)
		if err != nil {
			return err
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if err := dec.Decode(p); err != nil {
			return err
		}
	}
	return p.Validate()
}
