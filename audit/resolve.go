package audit

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

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
	// byFold is the chunk of each id written in lower case, -1 when two
	// ids differ only in case; built on the first citation no id matches.
	byFold map[string]int
	// numericIDs: some chunk's id is a bare number, so a bare number in
	// an answer may be an id, and [0] cannot be read as a position.
	numericIDs bool
	// dupIDs: some id names more than one chunk (candidates).
	dupIDs bool
	// zeroID is the first chunk id that numbers from 0 ("doc_0",
	// "chunk-00"), "" when none does: a bare [1] read as the first chunk
	// may have meant the one numbered 1 (ZeroIDs).
	zeroID    string
	zeroBased bool // this answer's bare numbers count from 0 (auto)
	// named: some chunk has an id of the log's (Chunk.LoggedID); without
	// one, a marker naming an id cannot be told fabricated.
	named bool
}

func newResolver(chunks []readers.Chunk) resolver {
	r := resolver{chunks: chunks, byID: make(map[string]int, len(chunks)), bySource: map[string]int{}}
	for i, c := range chunks {
		r.named = r.named || c.LoggedID() != ""
		if _, ok := r.byID[c.ID]; !ok {
			r.byID[c.ID] = i
		} else {
			r.dupIDs = true
		}
		if _, err := strconv.Atoi(c.ID); err == nil {
			r.numericIDs = true
		} else if r.zeroID == "" && numbersFromZero(c.ID) {
			r.zeroID = c.ID
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

// searchUnnamed reports whether a citation is a file-search marker
// ("4:1†source") that names no chunk: its numbers count a search's
// results, which the log does not number, and what follows "†" is no file
// (OpenAI writes "source") or the chunks log no files to tell it by. One
// naming a file, where the chunks log theirs, names a file not retrieved:
// fabricated.
func (r *resolver) searchUnnamed(id string) bool {
	if !reDagger.MatchString(id) {
		return false
	}
	_, file, _ := strings.Cut(id, "†")
	file = strings.TrimSpace(file)
	ext := path.Ext(file)
	return len(r.bySource) == 0 || len(ext) < 2 || strings.IndexFunc(ext[1:], func(c rune) bool { return !unicode.IsLetter(c) }) >= 0
}

// sourcesUnlogged reports whether a citation names a file ("faq.md",
// "fitwerk/tarife.md") that no chunk could be told by: none logs its
// source, and no id of the log is a file's. Such a marker may name a
// retrieved chunk or none; a log that names its chunks' files tells.
func (r *resolver) sourcesUnlogged(id string) bool {
	if len(r.bySource) > 0 || strings.Contains(id, "://") || !hasFileExt(id) {
		return false
	}
	return !slices.ContainsFunc(r.chunks, func(c readers.Chunk) bool { return c.LoggedID() != "" && hasFileExt(c.LoggedID()) })
}

// resolve finds the chunk a citation id points at. It returns the
// chunk's index in the retrieval and how it was found ("id", "id_case",
// "source" or "position"), or -1 and "" when the citation is fabricated.
// An id two chunks share, or a source several come from, names each of
// them (candidates): the first is returned.
func (r *resolver) resolve(rule ResolveRule, id string) (int, string) {
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
	if !positional {
		if i := r.foldID(id); i >= 0 {
			return i, resolvedByIDCase
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

// How a citation was resolved besides ResolveID and ResolvePosition:
// by a chunk's source ("[source: faq.md]"), or by an id that differs
// from the chunk's in case only ("[DOC1]" for "doc1").
const (
	resolvedBySource = "source"
	resolvedByIDCase = "id_case"
)

// foldID is the chunk whose id equals id regardless of case, when exactly
// one id does (an id that names several chunks is one id), or -1: "[DOC1]"
// cites "doc1", but of "Doc1" and "doc1" it cannot be told which.
func (r *resolver) foldID(id string) int {
	if r.byFold == nil {
		r.byFold = make(map[string]int, len(r.byID))
		for cid, i := range r.byID {
			k := strings.ToLower(cid)
			if j, ok := r.byFold[k]; ok && j != i {
				i = -1
			}
			r.byFold[k] = i
		}
	}
	if i, ok := r.byFold[strings.ToLower(id)]; ok {
		return i
	}
	return -1
}

// candidates are every chunk a citation resolved to chunk i by names
// (nil when it names chunk i alone): each chunk logged under its id, or
// each chunk of the source it names.
func (r *resolver) candidates(id string, i int, by string) []int {
	var out []int
	switch {
	case by == resolvedBySource:
		for k := range r.chunks {
			if slices.Contains(sourceNames(r.chunks[k].Source), id) {
				out = append(out, k)
			}
		}
	case r.dupIDs && (by == string(ResolveID) || by == resolvedByIDCase):
		for k := range r.chunks {
			if r.chunks[k].ID == r.chunks[i].ID {
				out = append(out, k)
			}
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// numbersFromZero reports whether a chunk id is a word and the number 0
// ("doc_0", "chunk-00", "p0"): ids that count from 0, where a bare [1]
// may mean the id ending in 1. A hash ("ref-99ffee00") or a file-search
// id ("4:0") is no such count.
func numbersFromZero(id string) bool {
	return strings.HasSuffix(id, "0") && reZeroCount.MatchString(id) // the suffix first: the audit's hot path
}

var reZeroCount = regexp.MustCompile(`^[A-Za-z]+(?:[_-][A-Za-z]+)*[_-]?0+$`)

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}
