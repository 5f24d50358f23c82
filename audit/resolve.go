package audit

import (
	"fmt"
	"slices"
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
	// ResolvePosition0 is ResolvePosition counting from 0: [0] is the
	// first chunk (RAGFlow's [ID:n], prompts that number from 0).
	ResolvePosition0 ResolveRule = "position0"
	// ResolveAuto tries the id first, then a chunk's source ("[source:
	// faq.md]"), then the position: 1-based, or 0-based in an answer that
	// cites [0] when no chunk's id is a number.
	ResolveAuto ResolveRule = "auto"
)

// ParseResolveRule validates a --resolve value.
func ParseResolveRule(s string) (ResolveRule, error) {
	switch r := ResolveRule(s); r {
	case ResolveID, ResolvePosition, ResolvePosition0, ResolveAuto:
		return r, nil
	}
	return "", fmt.Errorf("--resolve %q: want id, position, position0 or auto", s)
}

// resolver resolves the citations of one retrieval with its chunk ids
// indexed: an answer may cite thousands of times among thousands of chunks.
type resolver struct {
	chunks   []readers.Chunk
	byID     map[string]int // the first chunk with each id
	bySource map[string]int // the first chunk with each source name (sourceNames)
	// numericIDs: some chunk's id is a bare number, so a bare number in
	// an answer may be an id, and [0] cannot be read as a position.
	numericIDs bool
	zeroBased  bool // this answer's bare numbers count from 0 (auto)
}

func newResolver(chunks []readers.Chunk) resolver {
	r := resolver{chunks: chunks, byID: make(map[string]int, len(chunks)), bySource: map[string]int{}}
	for i, c := range chunks {
		if _, ok := r.byID[c.ID]; !ok {
			r.byID[c.ID] = i
		}
		if _, err := strconv.Atoi(c.ID); err == nil {
			r.numericIDs = true
		}
		for _, name := range sourceNames(c.Source) {
			if _, ok := r.bySource[name]; !ok {
				r.bySource[name] = i
			}
		}
	}
	return r
}

// zeroBasedAnswer reads the citations of an answer under rule: whether
// its bare numbers count from 0 (auto: it cites [0], which no chunk has,
// and no chunk's id is a number), and whether it cites [0] that cannot be
// told (no chunk has it, but chunks have numeric ids: --resolve position0
// would read it).
func (r *resolver) zeroBasedAnswer(rule ResolveRule, ids []string) (zeroBased, unclear bool) {
	if rule != ResolveAuto || !slices.Contains(ids, "0") {
		return false, false
	}
	if _, ok := r.byID["0"]; ok {
		return false, false
	}
	if r.numericIDs {
		return false, true
	}
	return true, false
}

// resolve finds the chunk a citation id points at. It returns the
// chunk's index in the retrieval and how it was found ("id" or
// "position"), or -1 and "" when the citation is fabricated.
func (r resolver) resolve(rule ResolveRule, id string) (int, string) {
	positional := rule == ResolvePosition || rule == ResolvePosition0
	if !positional {
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
	// "[ID:3]" is the fourth chunk, whatever the rule but id.
	if rest, ok := cutPrefixFold(id, "id:"); ok && rule != ResolveID {
		if n, err := strconv.Atoi(strings.TrimSpace(rest)); err == nil && n >= 0 && n < len(r.chunks) {
			return n, string(ResolvePosition)
		}
		return -1, ""
	}
	if rule == ResolveAuto {
		if i, ok := r.bySource[id]; ok {
			return i, resolvedBySource
		}
	}
	if rule != ResolveID {
		n, err := strconv.Atoi(strings.TrimPrefix(id, "doc"))
		if rule == ResolvePosition0 || rule == ResolveAuto && r.zeroBased {
			n++
		}
		if err == nil && n >= 1 && n <= len(r.chunks) {
			return n - 1, string(ResolvePosition)
		}
	}
	return -1, ""
}

// resolvedBySource is how a citation that names a chunk's source
// ("[source: faq.md]") was resolved.
const resolvedBySource = "source"

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}
