package pipeline

import (
	"cmp"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/readers"
)

// Shape is one set of keys that chunks (or answers) were logged with, when
// the reader found no text (or no chunk list) under any key it knows: the
// log holds them under a key of its own, which these keys name.
type Shape struct {
	Keys  []string `json:"keys"`  // sorted, as logged
	Count int      `json:"count"` // chunks, or cited answers, of this shape
	First string   `json:"first"` // file:line of the first
	// Why is what the reader said of an answer's retrieval it could not
	// read (Message.RetrievalWhy), part of the shape: answers with the
	// same keys but another cause are told apart.
	Why string `json:"why,omitempty"`
}

// shapeKey is the one key shapes are counted under.
func shapeKey(keys []string, why string) string {
	return strings.Join(keys, "\x00") + "\x01" + why
}

// MaxShapes bounds the shapes listed in the summary; the others are
// counted (Retrieval.ChunkShapesNotListed, MessageShapesNotListed).
const MaxShapes = 20

// maxTrackedShapes bounds the shapes counted over a run, so that a log
// whose every chunk has keys of its own cannot grow memory; chunks of
// shapes met after it are counted among those not listed.
const maxTrackedShapes = 1024

// shapes counts items by their set of keys, in the order first met.
type shapes struct {
	at       map[string]int // keys joined by NUL → index in list
	list     []Shape
	untraced int // items of shapes met once maxTrackedShapes were
}

func (s *shapes) add(keys []string, why, first string) {
	k := shapeKey(keys, why)
	if i, ok := s.at[k]; ok {
		s.list[i].Count++
		return
	}
	if len(s.list) == maxTrackedShapes {
		s.untraced++
		return
	}
	if s.at == nil {
		s.at = map[string]int{}
	}
	s.at[k] = len(s.list)
	s.list = append(s.list, Shape{Keys: keys, Count: 1, First: first, Why: why})
}

// top returns the shapes most items have (count down, then keys), at most
// MaxShapes, and the number of shapes not listed (with those untraced).
func (s *shapes) top() (listed []Shape, notListed int) {
	all := slices.Clone(s.list)
	slices.SortStableFunc(all, func(a, b Shape) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		if c := slices.Compare(a.Keys, b.Keys); c != 0 {
			return c
		}
		return cmp.Compare(a.Why, b.Why)
	})
	if len(all) > MaxShapes {
		notListed = len(all) - MaxShapes
		all = all[:MaxShapes]
	}
	if s.untraced > 0 {
		notListed++ // at least one more
	}
	return all, notListed
}

// countShapes counts the chunks of rec that carry no text under any key
// the reader knows (Chunk.Keys).
func (u *unitAcc) countShapes(rec *readers.Record) {
	at := fmt.Sprintf("%s:%d", rec.File, rec.Line)
	for i := range rec.Messages {
		for _, c := range rec.Messages[i].Retrieval {
			if c.Keys != nil {
				u.retrieval.ChunksWithoutText++
				u.chunkShapes.add(c.Keys, "", at)
			}
		}
	}
}

// warnShapes warns once per shape of the run's Retrieval, most frequent
// first; mapped, the run read its records with --mapping, whose paths
// are then what to mend.
func warnShapes(log *slog.Logger, r *Retrieval, mapped bool) {
	textFix, listFix := "write the text under one of the keys docs/formats.md lists, or for one turn per line name it with --mapping",
		"write the chunks under one of the keys docs/formats.md lists, or for one turn per line name them with --mapping"
	if mapped {
		textFix, listFix = "the mapping's retrieval text path (fields: text) names none of them: mend it in the --mapping file",
			"the mapping's retrieval list path names none of them: mend it in the --mapping file"
	}
	for _, sh := range r.ChunkShapes {
		log.Warn("chunks without text", "chunks", sh.Count, "first", sh.First, "keys", strings.Join(sh.Keys, ","),
			"detail", fmt.Sprintf("%s (first at %s) %s only the keys %s, none of which holds text under a key ragaudit reads: "+
				"their citations are not auditable (chunk text absent); %s", counted(sh.Count, "chunk", "chunks"), sh.First, verb(sh.Count), strings.Join(sh.Keys, ", "), textFix))
	}
	for _, sh := range r.MessageShapes {
		if sh.Why == "" && len(sh.Keys) == 0 { // an adapter's answer: no keys of its own to name
			log.Warn("no retrieval logged", "answers", sh.Count, "first", sh.First,
				"detail", fmt.Sprintf("%s (first at %s) %s no retrieval (for a trace: no retriever span): their citations cannot be checked, but for those naming a chunk an earlier turn of the conversation retrieved (resolved_by earlier_turn)",
					counted(sh.Count, "cited answer", "cited answers"), sh.First, verbFor(sh.Count, "logs", "log")))
			continue
		}
		if sh.Why != "" {
			log.Warn("no retrieval logged", "answers", sh.Count, "first", sh.First,
				"detail", fmt.Sprintf("%s (first at %s): %s; their citations cannot be checked",
					counted(sh.Count, "cited answer", "cited answers"), sh.First, sh.Why))
			continue
		}
		log.Warn("no retrieval logged", "answers", sh.Count, "first", sh.First, "message_keys", strings.Join(sh.Keys, ","),
			"detail", fmt.Sprintf("%s (first at %s) %s only the keys %s, none of which holds a chunk list ragaudit reads: "+
				"their citations cannot be checked, but for those naming a chunk an earlier turn of the conversation retrieved (resolved_by earlier_turn); %s",
				counted(sh.Count, "cited answer", "cited answers"), sh.First, verb(sh.Count), strings.Join(sh.Keys, ", "), listFix))
	}
	warnNotListed(log, "chunks without text", r.ChunkShapesNotListed)
	warnNotListed(log, "no retrieval logged", r.MessageShapesNotListed)
}

func warnNotListed(log *slog.Logger, msg string, n int) {
	if n > 0 {
		log.Warn(msg, "detail", fmt.Sprintf("and more shapes of keys (%d or more) not listed; the counts have them all", n))
	}
}

// warnDrift warns once for each field of in that its records give under
// more than one key: the log's schema changed within the file.
func warnDrift(log *slog.Logger, in *Input) {
	for _, d := range readers.DescribeDrift(in.KeysRead) {
		log.Warn("schema changed within the file", "file", in.Path,
			"detail", fmt.Sprintf("%s: %s: the log's schema changed within the file", in.Path, d))
	}
}

// counted writes n with the singular or plural noun that follows it.
func counted(n int, one, more string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, more)
}

// verb is "has" or "have" for n things.
func verb(n int) string { return verbFor(n, "has", "have") }

// verbFor is a verb's form for n things: one for one, more otherwise.
func verbFor(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// ShapesState is a unit's shapes, in the order first met, and the items
// of shapes met past the bound.
type ShapesState struct {
	List     []Shape `json:"list"`
	Untraced int     `json:"untraced,omitempty"`
}

func (s *shapes) state() ShapesState {
	l := slices.Clone(s.list)
	if l == nil {
		l = []Shape{}
	}
	return ShapesState{List: l, Untraced: s.untraced}
}

// fold counts a later unit's shapes as if its items had come after s's:
// a shape already met adds up, a new one is met (or, past the bound,
// counted among the untraced).
func (s *shapes) fold(u *ShapesState) {
	for _, sh := range u.List {
		k := shapeKey(sh.Keys, sh.Why)
		if i, ok := s.at[k]; ok {
			s.list[i].Count += sh.Count
			continue
		}
		if len(s.list) == maxTrackedShapes {
			s.untraced += sh.Count
			continue
		}
		if s.at == nil {
			s.at = map[string]int{}
		}
		s.at[k] = len(s.list)
		s.list = append(s.list, sh)
	}
	s.untraced += u.Untraced
}
