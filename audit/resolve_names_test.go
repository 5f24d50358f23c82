package audit

import (
	"context"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// Ids resolve regardless of case when one id alone matches so, and say
// so; ids that number from 0 are noted when a bare number is read as a
// position.
func TestResolveRegardlessOfCase(t *testing.T) {
	cases := []struct {
		name   string
		chunks []readers.Chunk
		rule   ResolveRule
		id     string
		want   int
		by     string
	}{
		{"an id in upper case cites the chunk in lower case", []readers.Chunk{{ID: "doc1"}, {ID: "doc2"}}, ResolveAuto, "DOC1", 0, resolvedByIDCase},
		{"an id in the case logged is resolved by id", []readers.Chunk{{ID: "doc1"}, {ID: "DOC1"}}, ResolveAuto, "DOC1", 1, "id"},
		{"two ids that differ only in case leave a third spelling fabricated", []readers.Chunk{{ID: "doc1"}, {ID: "DOC1"}}, ResolveAuto, "Doc1", -1, ""},
		{"an id logged twice is one id regardless of case", []readers.Chunk{{ID: "kb-A"}, {ID: "kb-A"}}, ResolveAuto, "KB-a", 0, resolvedByIDCase},
		{"--resolve id reads case too", []readers.Chunk{{ID: "Refund-Policy"}}, ResolveID, "refund-policy", 0, resolvedByIDCase},
		{"--resolve position does not", []readers.Chunk{{ID: "Refund-Policy"}}, ResolvePosition, "refund-policy", -1, ""},
		{"a hash prefix is no id", []readers.Chunk{{ID: "a1b2c3d4"}}, ResolveAuto, "A1B2", -1, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newResolver(tc.chunks)
			if got, by := r.resolve(tc.rule, tc.id); got != tc.want || by != tc.by {
				t.Errorf("resolve(%s, %q) = %d %q, want %d %q", tc.rule, tc.id, got, by, tc.want, tc.by)
			}
		})
	}
}

// A citation names every chunk under its id, or of its source.
func TestCandidates(t *testing.T) {
	chunks := []readers.Chunk{{ID: "1", Source: "faq.md"}, {ID: "2", Source: "kb/faq.md"}, {ID: "1", Source: "terms.md"}, {ID: "3", Source: "terms.md"}}
	cases := []struct {
		name, id string
		want     []int
	}{
		{"an id logged twice names both chunks", "1", []int{0, 2}},
		{"an id logged once names its chunk alone", "2", nil},
		{"a source names each of its chunks, by file name too", "faq.md", []int{0, 1}},
		{"a source of one chunk names it alone", "kb/faq.md", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newResolver(chunks)
			i, by := r.resolve(ResolveAuto, tc.id)
			if got := r.candidates(tc.id, i, by); !slices.Equal(got, tc.want) {
				t.Errorf("candidates(%q) by %s = %v, want %v", tc.id, by, got, tc.want)
			}
		})
	}
}

func TestNumbersFromZero(t *testing.T) {
	for id, want := range map[string]bool{"doc_0": true, "chunk-00": true, "p0": true, "doc_1": false, "10": false, "0": false, "chunk-0001": false, "v2.0": false, "ref-99ffee00": false, "4:0": false, "kb-acme-0": true} {
		if got := numbersFromZero(id); got != want {
			t.Errorf("numbersFromZero(%q) = %v, want %v", id, got, want)
		}
	}
}

const (
	days30 = "Returns are accepted within 30 days of delivery."
	days14 = "Returns are accepted within 14 days of delivery."
)

// A citation that names several chunks is judged against each: a source
// by the best of its chunks, an id logged twice by its chunks with text
// when they agree, not auditable when they disagree.
func TestACitationNamingSeveralChunks(t *testing.T) {
	cases := []struct {
		name    string
		answer  string
		chunks  []readers.Chunk
		verdict string
		reason  string // the last reason, "" none
		chunk   string // the chunk judged against
		by      string
	}{
		{"an id whose two chunks disagree cannot be told", "Returns are accepted within 30 days [1].",
			[]readers.Chunk{{ID: "1", Text: days14}, {ID: "1", Text: days30}}, NotAuditable, reasonDuplicateID, "1", "id"},
		{"an id whose two chunks disagree cannot be told, whichever comes first", "Returns are accepted within 30 days [1].",
			[]readers.Chunk{{ID: "1", Text: days30}, {ID: "1", Text: days14}}, NotAuditable, reasonDuplicateID, "1", "id"},
		{"an id whose two chunks both support it is supported", "Returns are accepted within 30 days [1].",
			[]readers.Chunk{{ID: "1", Text: days30}, {ID: "1", Text: "We accept returns within 30 days of delivery."}}, Supported, "", "1", "id"},
		{"an id whose two chunks both fail it is unsupported", "Returns are accepted within 60 days [1].",
			[]readers.Chunk{{ID: "1", Text: days30}, {ID: "1", Text: days14}}, Unsupported, "number_mismatch", "1", "id"},
		{"an empty chunk under the id decides nothing", "Returns are accepted within 14 days [1].",
			[]readers.Chunk{{ID: "1", Status: readers.TextEmpty}, {ID: "1", Text: days30}}, Unsupported, "number_mismatch", "1", "id"},
		{"a source is supported by the chunk of it that states the claim", "Returns are accepted within 30 days [faq.md].",
			[]readers.Chunk{{ID: "a", Source: "faq.md", Text: days14}, {ID: "b", Source: "faq.md", Text: days30}}, Supported, "", "b", "source"},
		{"a source none of whose chunks states the claim fails", "Returns are accepted within 60 days [faq.md].",
			[]readers.Chunk{{ID: "a", Source: "faq.md", Text: days14}, {ID: "b", Source: "faq.md", Text: days30}}, Unsupported, "number_mismatch", "a", "source"},
		{"a source with a chunk not checked is not auditable when none checked supports it", "Returns are accepted within 60 days [faq.md].",
			[]readers.Chunk{{ID: "a", Source: "faq.md", Text: days14}, {ID: "b", Source: "faq.md", Status: readers.TextTruncated, Text: "Returns"}}, NotAuditable, reasonChunkTextTruncated, "b", "source"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := oneFinding(t, tc.answer, tc.chunks...)
			last := ""
			if len(f.Reasons) > 0 {
				last = f.Reasons[len(f.Reasons)-1]
			}
			if f.Verdict != tc.verdict || last != tc.reason || f.ChunkID == nil || *f.ChunkID != tc.chunk || f.ResolvedBy != tc.by {
				t.Errorf("verdict %s reasons %v chunk %v by %s, want %s %q %s %s", f.Verdict, f.Reasons, deref(f.ChunkID), f.ResolvedBy, tc.verdict, tc.reason, tc.chunk, tc.by)
			}
			if tc.verdict == NotAuditable && f.SentenceVerdict != NotAuditable {
				t.Errorf("sentence verdict %s, want not auditable with its one citation", f.SentenceVerdict)
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// An answer whose bare numbers are read as positions among ids that count
// from 0 says so (Answer.ZeroIDs); one read otherwise does not.
func TestPositionsAmongIDsFromZeroAreNoted(t *testing.T) {
	cases := []struct {
		name   string
		answer string
		ids    []string
		want   string
	}{
		{"[1] among doc_0 and doc_1 is read as the first chunk, noted", "Returns are accepted within 30 days [1].", []string{"doc_0", "doc_1"}, "doc_0"},
		{"[0] among doc_0 and doc_1 counts from 0, not noted", "Returns are accepted within 30 days [0].", []string{"doc_0", "doc_1"}, ""},
		{"[1] among doc_1 and doc_2 is not noted", "Returns are accepted within 30 days [1].", []string{"doc_1", "doc_2"}, ""},
		{"[doc_1] by id is not noted", "Returns are accepted within 30 days [doc_1].", []string{"doc_0", "doc_1"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var chunks []readers.Chunk
			for _, id := range tc.ids {
				chunks = append(chunks, readers.Chunk{ID: id, Text: days30})
			}
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, chunks...))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Answers) != 1 || res.Answers[0].ZeroIDs != tc.want {
				t.Errorf("answers %+v, want ZeroIDs %q", res.Answers, tc.want)
			}
		})
	}
}

// A file-search marker ("【4:0†faq.md】") cites the chunk its file names,
// whatever its numbers; one naming no chunk's id or file ("【4:1†source】")
// cannot be told (its numbers count the search's results, which the log
// does not number), and one naming a file the chunks do not come from is
// fabricated.
func TestFileSearchMarkers(t *testing.T) {
	chunks := []readers.Chunk{{ID: "1", Source: "parking.md", Text: "Residents pay £96 a year for a permit."},
		{ID: "2", Source: "faq.md", Text: days30}}
	const claim = "Returns are accepted within 30 days "
	cases := []markerVerdictCase{
		{"n:m before a retrieved file cites the file", "【4:0†faq.md】", Supported, "", chunks},
		{"n:m before a chunk's id cites the chunk", "【1:1†2】", Supported, "", chunks},
		{"n:m before the word source cannot be told", "【4:1†source】", NotAuditable, reasonSearchUnnamed, chunks},
		{"n:m before a file not retrieved is fabricated", "【4:0†prices.md】", Fabricated, reasonNotRetrieved, chunks},
		{"n:m logged as a chunk's id cites it", "【4:0†source】", Supported, "", []readers.Chunk{{ID: "4:0", Text: days30}}},
		{"n:m among chunks logging no files cannot be told", "【4:0†faq.md】", NotAuditable, reasonSearchUnnamed,
			[]readers.Chunk{{ID: "a", Text: days30}, {ID: "b", Text: days14}}},
	}
	runMarkerVerdicts(t, claim, cases)
}

// A citation naming a file can be told fabricated only where the log
// names its chunks' files: among chunks logging no source, and no id of a
// file, it is not auditable (chunk_sources_absent).
func TestAFileNamedAmongChunksLoggingNone(t *testing.T) {
	const claim = "Returns are accepted within 30 days "
	cases := []markerVerdictCase{
		{"a file among chunks with no sources cannot be told", "[Quelle: faq.md]", NotAuditable, reasonSourcesAbsent,
			[]readers.Chunk{{Text: days30}, {Text: days14}}},
		{"a file among chunks with other ids and no sources cannot be told", "[faq.md]", NotAuditable, reasonSourcesAbsent,
			[]readers.Chunk{{ID: "c1", Text: days30}, {ID: "c2", Text: days14}}},
		{"a file among chunks logging theirs is fabricated", "[faq.md]", Fabricated, reasonNotRetrieved,
			[]readers.Chunk{{ID: "1", Source: "prices.md", Text: days30}}},
		{"a file among chunks whose ids are files is fabricated", "[faq.md]", Fabricated, reasonNotRetrieved,
			[]readers.Chunk{{ID: "prices.md", Text: days30}}},
		{"a number past the chunks is fabricated", "[3]", Fabricated, reasonNotRetrieved,
			[]readers.Chunk{{Text: days30}, {Text: days14}}},
	}
	runMarkerVerdicts(t, claim, cases)
}

// markerVerdictCase is a marker after a claim, the chunks it is read
// against, and the verdict and last reason of its citation.
type markerVerdictCase struct {
	name, marker, verdict, reason string
	chunks                        []readers.Chunk
}

func runMarkerVerdicts(t *testing.T, claim string, cases []markerVerdictCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := oneFinding(t, claim+tc.marker+".", tc.chunks...)
			last := ""
			if len(f.Reasons) > 0 {
				last = f.Reasons[len(f.Reasons)-1]
			}
			if f.Verdict != tc.verdict || last != tc.reason {
				t.Errorf("verdict %s reasons %v, want %s %q", f.Verdict, f.Reasons, tc.verdict, tc.reason)
			}
		})
	}
}
