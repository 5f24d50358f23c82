package audit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/readers"
)

// ResolveRule says how a citation id finds its chunk.
type ResolveRule string

const (
	// ResolveID matches the citation to the chunk whose id equals it.
	ResolveID ResolveRule = "id"
	// ResolvePosition reads a bare integer n (or docN) as the n-th retrieved
	// chunk, 1-based, ignoring chunk ids.
	ResolvePosition ResolveRule = "position"
	// ResolveAuto tries the id first, then the position.
	ResolveAuto ResolveRule = "auto"
)

// ParseResolveRule validates a --resolve value.
func ParseResolveRule(s string) (ResolveRule, error) {
	switch r := ResolveRule(s); r {
	case ResolveID, ResolvePosition, ResolveAuto:
		return r, nil
	}
	return "", fmt.Errorf("--resolve %q: want id, position or auto", s)
}

// resolver resolves the citations of one retrieval with its chunk ids
// indexed: an answer may cite thousands of times among thousands of chunks.
type resolver struct {
	chunks []readers.Chunk
	byID   map[string]int // the first chunk with each id
}

func newResolver(chunks []readers.Chunk) resolver {
	r := resolver{chunks: chunks, byID: make(map[string]int, len(chunks))}
	for i, c := range chunks {
		if _, ok := r.byID[c.ID]; !ok {
			r.byID[c.ID] = i
		}
	}
	return r
}

// resolve finds the chunk a citation id points at. It returns the
// chunk's index in the retrieval and how it was found ("id" or
// "position"), or -1 and "" when the citation is fabricated.
func (r resolver) resolve(rule ResolveRule, id string) (int, string) {
	if rule != ResolvePosition {
		if i, ok := r.byID[id]; ok {
			return i, string(ResolveID)
		}
		// "4:0†source" may be logged with id "4:0".
		if head, _, ok := strings.Cut(id, "†"); ok {
			if i, ok := r.byID[head]; ok {
				return i, string(ResolveID)
			}
		}
	}
	if rule != ResolveID {
		n, err := strconv.Atoi(strings.TrimPrefix(id, "doc"))
		if err == nil && n >= 1 && n <= len(r.chunks) {
			return n - 1, string(ResolvePosition)
		}
	}
	return -1, ""
}
