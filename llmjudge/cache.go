package llmjudge

import (
	"crypto/sha256"
	"encoding/json"
	"os"

	"github.com/ragaudit/ragaudit/internal/cachefile"
)

// Answer is a judge's answer to one claim against one document.
type Answer struct {
	// P is P(yes): the summed probability of the answer tokens that read
	// "yes" when the endpoint gives logprobs, else 1 for "Yes" and 0 for
	// "No".
	P        float64 `json:"p"`
	Text     string  `json:"answer"`   // the answer as given, trimmed
	Logprobs bool    `json:"logprobs"` // P came from logprobs
}

// Cache keeps answers on disk, one file per (prompt, model, document,
// claim), named by the SHA-256 of all four, in 256 subdirectories; written
// to a temporary name and renamed, so several processes may share it.
type Cache struct{ Dir string }

func (c *Cache) path(model, document, claim string) string {
	h := sha256.New()
	for _, s := range []string{PromptID, model, document, claim} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return cachefile.Path(c.Dir, h.Sum(nil), ".json")
}

func (c *Cache) get(model, document, claim string) (Answer, bool) {
	if c == nil || c.Dir == "" {
		return Answer{}, false
	}
	b, err := os.ReadFile(c.path(model, document, claim))
	var a Answer
	if err != nil || json.Unmarshal(b, &a) != nil || !(a.P >= 0 && a.P <= 1) {
		return Answer{}, false
	}
	return a, true
}

// put stores an answer; a cache that cannot be written only costs calls.
func (c *Cache) put(model, document, claim string, a Answer) {
	if c == nil || c.Dir == "" {
		return
	}
	b, _ := json.Marshal(a)
	cachefile.Write(c.path(model, document, claim), b)
}
