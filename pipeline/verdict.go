package pipeline

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/ragaudit/ragaudit/audit"
)

// NewAuditor builds the auditor with the configured embedder, as Run does:
// for callers that audit one record at a time (package guard).
func NewAuditor(cfg audit.Config, e Embedding) (*audit.Auditor, error) {
	return newAuditor(cfg, e)
}

// VerdictHash identifies what decides each citation's verdict — the tool
// version, the model and its thresholds, the resolution rule, the marker
// shapes and the embedder — but not the retrieval floors, which decide an
// answer's status and are a guard's per-tenant policy. A guard logs it
// with each decision; the audit of that log recomputes a verdict logged
// under the same hash and counts any difference as a failure.
func VerdictHash(version string, cfg audit.Config, e Embedding) string {
	if e.Kind == "" {
		e.Kind = EmbedNone
	}
	b, err := json.Marshal(struct {
		Version       string
		Model         audit.Model
		Resolve       audit.ResolveRule
		CitationRegex []string
		Embed         [3]string
	}{version, cfg.Model, cfg.Resolve, cfg.CitationRegex, [3]string{e.Kind, e.URL, e.Model}})
	if err != nil {
		panic(err) // a Config always marshals
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}
