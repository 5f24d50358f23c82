package pipeline

import (
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

func notesRecord(line int, chunks ...readers.Chunk) *readers.Record {
	return &readers.Record{File: "log.jsonl", Line: line, Messages: []readers.Message{
		{Role: "user", Content: "?"}, {Role: "assistant", Content: "A [1].", Retrieval: chunks}}}
}

// The notes count what a retrieval logs that the audit reads its own way,
// and say where the first is.
func TestRetrievalNotes(t *testing.T) {
	cases := []struct {
		name string
		recs []*readers.Record
		want Notes
	}{
		{"an id logged twice is noted with its line and count",
			[]*readers.Record{notesRecord(1, readers.Chunk{ID: "a"}), notesRecord(2, readers.Chunk{ID: "1"}, readers.Chunk{ID: "2"}, readers.Chunk{ID: "1"}, readers.Chunk{ID: "1"})},
			Notes{DuplicateIDs: 1, DuplicateIDsFirst: `log.jsonl:2: id "1" names 3 chunks`}},
		{"chunks without ids are no duplicates", []*readers.Record{notesRecord(1, readers.Chunk{}, readers.Chunk{})}, Notes{}},
		{"an answer is counted once however many ids repeat",
			[]*readers.Record{notesRecord(4, readers.Chunk{ID: "x"}, readers.Chunk{ID: "x"}, readers.Chunk{ID: "y"}, readers.Chunk{ID: "y"})},
			Notes{DuplicateIDs: 1, DuplicateIDsFirst: `log.jsonl:4: id "x" names 2 chunks`}},
		{"empty texts are counted by chunk, from the first line",
			[]*readers.Record{notesRecord(3, readers.Chunk{ID: "1", Status: readers.TextEmpty}), notesRecord(5, readers.Chunk{ID: "1", Status: readers.TextEmpty}, readers.Chunk{ID: "2", Status: readers.TextAbsent})},
			Notes{EmptyText: 2, EmptyTextFirst: "log.jsonl:3"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var n Notes
			for _, r := range tc.recs {
				n.countNotes(r)
			}
			if n != tc.want {
				t.Errorf("notes %+v, want %+v", n, tc.want)
			}
			// Folded unit by unit, the first stays the first.
			var total Notes
			for _, r := range tc.recs {
				var u Notes
				u.countNotes(r)
				total.fold(&u)
			}
			if total != tc.want {
				t.Errorf("folded %+v, want %+v", total, tc.want)
			}
		})
	}
}
