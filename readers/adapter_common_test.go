package readers

import "testing"

// A file's search results are one chunk: a file_citation names the file,
// so the claim is judged once against the file, not failed on each result
// that does not hold it.
func TestFileResultsAreOneChunkPerFile(t *testing.T) {
	score := func(v float64) *float64 { return &v }
	var f fileResults
	f.add("file-a", Chunk{ID: "r/0", Source: "refunds.md", Text: "Refunds within 30 days.", Score: score(0.5)})
	f.add("file-b", Chunk{ID: "r/1", Source: "warranty.md", Text: "Two-year warranty.", Score: score(0.7)})
	f.add("file-a", Chunk{ID: "r/2", Source: "refunds.md", Text: "Labels are emailed.", Score: score(0.9)})
	f.add("", Chunk{ID: "r/3", Text: "A result without a file."})
	if len(f.chunks) != 3 {
		t.Fatalf("%d chunks, want one per file and the result without one: %+v", len(f.chunks), f.chunks)
	}
	a := f.chunks[0]
	if a.ID != "file-a" || a.Text != "Refunds within 30 days.\n\nLabels are emailed." || *a.Score != 0.9 || a.Source != "refunds.md" {
		t.Errorf("file-a: %+v (score %v)", a, *a.Score)
	}
	if f.chunks[1].ID != "file-b" || f.chunks[2].ID != "r/3" {
		t.Errorf("ids %s, %s", f.chunks[1].ID, f.chunks[2].ID)
	}
}
