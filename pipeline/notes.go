package pipeline

import (
	"fmt"
	"log/slog"

	"github.com/ragaudit/ragaudit/readers"
)

// countNotes counts the chunks of rec logged with an empty text and the
// answers whose retrieval logs an id more than once (Notes).
func (n *Notes) countNotes(rec *readers.Record) {
	at := fmt.Sprintf("%s:%d", rec.File, rec.Line)
	for i := range rec.Messages {
		chunks := rec.Messages[i].Retrieval
		var seen map[string]int
		dup := ""
		for _, c := range chunks {
			if c.Status == readers.TextEmpty {
				if n.EmptyText == 0 {
					n.EmptyTextFirst = at
				}
				n.EmptyText++
			}
			if c.ID == "" {
				continue
			}
			if seen == nil {
				seen = make(map[string]int, len(chunks))
			}
			if seen[c.ID]++; seen[c.ID] == 2 && dup == "" {
				dup = c.ID
			}
		}
		if dup == "" {
			continue
		}
		if n.DuplicateIDs == 0 {
			n.DuplicateIDsFirst = fmt.Sprintf("%s: id %q names %d chunks", at, dup, seen[dup])
		}
		n.DuplicateIDs++
	}
}

// fold adds a later unit's notes: the first of each is the earlier's.
func (n *Notes) fold(u *Notes) {
	if n.EmptyText == 0 {
		n.EmptyTextFirst = u.EmptyTextFirst
	}
	if n.DuplicateIDs == 0 {
		n.DuplicateIDsFirst = u.DuplicateIDsFirst
	}
	n.EmptyText += u.EmptyText
	n.DuplicateIDs += u.DuplicateIDs
}

// Sentences are the notes in words, for warnings and the summary.
func (n *Notes) Sentences() []string {
	var out []string
	if n.EmptyText > 0 {
		out = append(out, fmt.Sprintf("%s logged with an empty text (\"text\": \"\"), the first at %s: citations of them are not checked (chunk text empty); log each chunk's text, or leave such chunks out", counted(n.EmptyText, "chunk was", "chunks were"), n.EmptyTextFirst))
	}
	if n.DuplicateIDs > 0 {
		out = append(out, fmt.Sprintf("%s a chunk id more than once (first at %s): a citation of such an id is judged against each of its chunks, and is not auditable (duplicate chunk id) when they disagree; log each chunk under an id of its own", counted(n.DuplicateIDs, "answer's retrieval logs", "answers' retrievals log"), n.DuplicateIDsFirst))
	}
	return out
}

// warnNotes warns once for each note of the run's retrieval.
func warnNotes(log *slog.Logger, r *Retrieval) {
	if r.EmptyText > 0 {
		log.Warn("chunks with empty text", "chunks", r.EmptyText, "first", r.EmptyTextFirst, "detail", r.Sentences()[0])
	}
	if r.DuplicateIDs > 0 {
		s := r.Sentences()
		log.Warn("duplicate chunk ids", "answers", r.DuplicateIDs, "first", r.DuplicateIDsFirst, "detail", s[len(s)-1])
	}
}
