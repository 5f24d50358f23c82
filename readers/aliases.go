package readers

import (
	"cmp"
	"fmt"
	"slices"
)

// Applications log retrieved chunks the way their framework writes them,
// not the way ragaudit's canonical record does: the text under "content"
// (Haystack, most apps), "page_content" (LangChain Python), "pageContent"
// (LangChain JS), inside "metadata" (Pinecone, LlamaIndex) or as OpenAI
// vector-store content parts; the list under "contexts" (Ragas),
// "retrieval_context" (DeepEval), "context" (LangChain's retrieval chain),
// "documents" (Haystack). Canonical records are read under these keys too
// (docs/formats.md lists them), each field from the first key that holds
// it, with two rules:
//
//   - Two keys of one object that hold different values for one audited
//     field (the chunk list, a chunk's text, id or score) skip the record
//     as duplicate_key naming both: tools differ on which one counts. The
//     source is only shown to people, so its first key wins.
//   - A key that holds something else than the field's kind is not that
//     field ("passage": 3 is a position, "context": "…" one text, not a
//     list of chunks); only the canonical keys are held to the rule of
//     every field (fields.go).
//
// Distances ("distance", "_distance") are never read as scores: a
// distance falls as relevance rises. Keys that name a chunk's document
// rather than the chunk ("doc_id", "document_id": chunks of one document
// share it) are not read as its id.

// aliasField is one field read from several keys, canonical first.
type aliasField struct {
	name string // as KeyUse.Field names it
	what string // the field, for people
	unit string // what each read counts, for people
	keys []string
}

// The aliased fields, indexes into aliasFields.
const (
	fieldList = iota
	fieldText
	fieldID
	fieldSource
	fieldScore
	numAliasFields
)

// maxAliasKeys bounds the keys of one field (keyTally's size).
const maxAliasKeys = 12

// aliasFields lists, for each field, the keys read, in the order the
// jsonChunk and chunk-list readers offer them (chunks.go). "item" and
// "position" are the text and id of a chunk logged as a plain string in
// a list of texts.
var aliasFields = [numAliasFields]aliasField{
	fieldList: {"chunk_list", "the chunk list", "answers", []string{"retrieval", "retrieved_contexts", "retrieval_context",
		"contexts", "context", "chunks", "documents", "sources"}},
	fieldText: {"chunk_text", "the chunk text", "chunks", []string{"text", "content", "content.text", "content[].text",
		"page_content", "pageContent", "chunk", "snippet", "passage", "metadata.text", "item"}},
	fieldID: {"chunk_id", "the chunk id", "chunks", []string{"id", "chunk_id", "node_id", "id_", "_id", "metadata.chunk_id", "position"}},
	fieldSource: {"chunk_source", "the chunk source", "chunks", []string{"source", "metadata.source", "url", "metadata.url",
		"filename", "title", "metadata.title"}},
	fieldScore: {"chunk_score", "the chunk score", "chunks", []string{"score", "relevance_score", "similarity", "_score",
		"metadata.score", "metadata.relevance_score"}},
}

// listKeySources is the one list key whose strings are not chunk texts:
// a list of strings under "sources" names where the answer came from
// (URLs, file names).
const listKeySources = 7

// keyTally counts, for one record, the values of each aliased field read
// from each of its keys.
type keyTally [numAliasFields][maxAliasKeys]int32

// pick takes the value of one aliased field from the keys offered in
// the order of aliasFields, keeping the first given and noting the first
// that differs from it.
type pick[T comparable] struct {
	field       int
	next        int // the key offered next
	key, differ int // the key taken and the first key that differs; -1: none
	val, other  T
}

func newPick[T comparable](field int) pick[T] { return pick[T]{field: field, key: -1, differ: -1} }

func (p *pick[T]) offer(v T, given bool) {
	k := p.next
	p.next++
	switch {
	case !given:
	case p.key < 0:
		p.key, p.val = k, v
	case v != p.val && p.differ < 0:
		p.differ, p.other = k, v
	}
}

// conflict is the duplicate_key skip of a field given two different
// values at (the chunk's position), or nil; shown says whether the
// values go into the message (ids and scores; a text is too long).
func (p *pick[T]) conflict(at func() string, shown bool) *SkipError {
	if p.differ < 0 {
		return nil
	}
	f := &aliasFields[p.field]
	a, b := fmt.Sprintf("%q", f.keys[p.key]), fmt.Sprintf("%q", f.keys[p.differ])
	if shown {
		a, b = fmt.Sprintf("%s (%v)", a, p.val), fmt.Sprintf("%s (%v)", b, p.other)
	}
	return skipf(ReasonDuplicateKey, "%s has %s under %s and under %s, and they differ: tools differ on which one counts; keep one (docs/formats.md lists the keys read)",
		at(), f.what, a, b)
}

// count notes the key the value was taken from.
func (p *pick[T]) count(t *keyTally) {
	if p.key >= 0 {
		t[p.field][p.key]++
	}
}

// KeyUse says how many values of an aliased field a file gave under one
// key (FileStats.KeysRead).
type KeyUse struct {
	Field string `json:"field"` // chunk_list, chunk_text, chunk_id, chunk_source or chunk_score
	Key   string `json:"key"`   // as docs/formats.md names it: "text", "content[].text", "metadata.source"
	Count int    `json:"count"` // chunks, or for chunk_list answers, read from it
	First int    `json:"first_line"`
}

// DescribeDrift says for people, for each field that one file's uses
// give under more than one key, where it was read from: "the chunk text
// is under `text` in 210 chunks (first at line 1) and under `content` in
// 413 (first at line 2)". A field read from one key says nothing.
func DescribeDrift(uses []KeyUse) []string {
	var out []string
	for f := range aliasFields {
		var of []KeyUse
		for _, u := range uses {
			if u.Field == aliasFields[f].name {
				of = append(of, u)
			}
		}
		if len(of) < 2 {
			continue
		}
		s := fmt.Sprintf("%s is under `%s` in %d %s (first at line %d)", aliasFields[f].what, of[0].Key, of[0].Count, aliasFields[f].unit, of[0].First)
		for i, u := range of[1:] {
			sep := ", "
			if i == len(of)-2 {
				sep = " and "
			}
			s += fmt.Sprintf("%sunder `%s` in %d (first at line %d)", sep, u.Key, u.Count, u.First)
		}
		out = append(out, s)
	}
	return out
}

// fileKeys accumulates the keys read over a file's records.
type fileKeys [numAliasFields][maxAliasKeys]struct{ n, first int }

// noteKeys adds the keys rec was read from to the file's, and drops them
// from the record: they are the reader's account to its file.
func (s *FileStats) noteKeys(rec *Record) {
	t := rec.keysRead
	if t == nil {
		return
	}
	rec.keysRead = nil
	if s.keys == nil {
		s.keys = &fileKeys{}
	}
	for f := range t {
		for k, n := range t[f] {
			if n == 0 {
				continue
			}
			u := &s.keys[f][k]
			if u.n == 0 {
				u.first = rec.Line
			}
			u.n += int(n)
		}
	}
}

// finishKeys fills KeysRead: by field, then by the line each key was
// first read on.
func (s *FileStats) finishKeys() {
	if s.keys == nil {
		return
	}
	s.KeysRead = nil
	for f := range s.keys {
		start := len(s.KeysRead)
		for k, u := range s.keys[f] {
			if u.n > 0 {
				s.KeysRead = append(s.KeysRead, KeyUse{Field: aliasFields[f].name, Key: aliasFields[f].keys[k], Count: u.n, First: u.first})
			}
		}
		slices.SortStableFunc(s.KeysRead[start:], func(a, b KeyUse) int { return cmp.Compare(a.First, b.First) })
	}
}
