package report

import (
	"testing"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/pipeline"
)

// The summary carries the run's retrieval counts when cited answers log
// no retrieval or chunks no text, so that the keys they have instead
// reach summary.json; a run with neither leaves them out.
func TestSummaryCarriesRetrievalWhenChunksLackText(t *testing.T) {
	cases := []struct {
		name string
		r    pipeline.Retrieval
		want bool
	}{
		{"chunks without text", pipeline.Retrieval{Logged: 3, ChunksWithoutText: 2,
			ChunkShapes: []pipeline.Shape{{Keys: []string{"body", "id"}, Count: 2, First: "a.jsonl:1"}}}, true},
		{"answers without retrieval", pipeline.Retrieval{Logged: 3, NotLogged: 1}, true},
		{"every chunk with text", pipeline.Retrieval{Logged: 3}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sum, err := Assemble(Run{Version: "test", Tally: audit.NewTally(), Retrieval: tc.r, Bar: 0.9})
			if err != nil {
				t.Fatal(err)
			}
			if (sum.Retrieval != nil) != tc.want || tc.want && len(sum.Retrieval.ChunkShapes) != len(tc.r.ChunkShapes) {
				t.Errorf("summary retrieval %+v, want present %v", sum.Retrieval, tc.want)
			}
		})
	}
}
