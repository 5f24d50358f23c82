package pipeline

import (
	"fmt"
	"log/slog"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/readers"
)

// Input is one audited file with its digest, for reproducibility.
type Input struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	// ContentSHA256 is of a gzip input's bytes decompressed: the same log
	// given again as its compressed copy is refused by it.
	ContentSHA256 string `json:"content_sha256,omitempty"`
	// ETag is the object's, for an input read from object storage.
	ETag     string   `json:"etag,omitempty"`
	Bytes    int64    `json:"bytes"`
	Records  int      `json:"records"`
	Skipped  int      `json:"skipped"`
	Coverage Coverage `json:"coverage"`
	// KeysRead says which key each aliased field (the chunk list, a
	// chunk's text, id, source, score) was read from in the file's
	// canonical JSON records, how often and from which line on
	// (readers.FileStats.KeysRead); a field under two keys is a schema
	// that changed within the file, and is warned of.
	KeysRead []readers.KeyUse `json:"keys_read,omitempty"`
}

// Coverage says how much of a file's citations could be audited.
type Coverage struct {
	Citations       int `json:"citations"`
	Resolved        int `json:"resolved"`
	ChunksFull      int `json:"chunks_text_full"`
	ChunksTruncated int `json:"chunks_text_truncated"`
	ChunksAbsent    int `json:"chunks_text_absent"` // absent or redacted
	Warnings        int `json:"adapter_warnings"`
}

// addCoverage counts, per input file, the citations found and resolved and
// the text status of the chunks, and reports adapter warnings.
func addCoverage(m map[string]*Coverage, res *audit.Result, logger *slog.Logger) {
	rec := res.Record
	c := m[rec.File]
	if c == nil {
		c = &Coverage{}
		m[rec.File] = c
	}
	for _, w := range rec.Warnings {
		c.Warnings++
		logger.Warn("adapter", "at", fmt.Sprintf("%s:%d", rec.File, rec.Line), "detail", w)
	}
	for _, msg := range rec.Messages {
		for i := range msg.Retrieval {
			switch msg.Retrieval[i].TextStatus() {
			case readers.TextFull:
				c.ChunksFull++
			case readers.TextTruncated:
				c.ChunksTruncated++
			default: // absent or redacted
				c.ChunksAbsent++
			}
		}
	}
	for i := range res.Findings {
		if f := &res.Findings[i]; f.Cited() {
			c.Citations++
			if f.ChunkID != nil {
				c.Resolved++
			}
		}
	}
}
