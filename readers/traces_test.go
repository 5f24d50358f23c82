package readers

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// traceSample is a trace-export sample of testdata/formats with the ids
// that make copies of its one trace distinct traces and conversations.
type traceSample struct {
	file, format, trace, conv string
}

var traceSamples = []traceSample{
	{"langfuse-observations-v2-export.jsonl", "langfuse", "3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c", `"c-0011"`},
	{"langsmith-runs-export.jsonl", "langsmith", "1f0e9d8c-7b6a-4c5d-9e8f-0a1b2c3d4e5f", `"c-0012"`},
	{"openinference-otlp-spans.jsonl", "openinference", "5b8efff798038103d269b633813fc60c", `"c-0009"`},
	{"phoenix-spans-dataframe-rows.jsonl", "phoenix", "5b8efff798038103d269b633813fc60c", `"c-0009"`},
	{"otel-genai-semconv-spans.jsonl", "openinference", "7c0ffee5a1b2c3d4e5f60718293a4b5c", `"c-0010"`},
}

// traceCopies returns the lines of n copies of the sample, each its own
// trace and conversation.
func traceCopies(t *testing.T, s traceSample, n int) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "formats", s.file))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for k := 0; k < n; k++ {
		text := strings.ReplaceAll(string(b), s.trace, fmt.Sprintf("%s%02d", s.trace[:len(s.trace)-2], k))
		text = strings.ReplaceAll(text, s.conv, fmt.Sprintf(`%s-%d"`, strings.TrimSuffix(s.conv, `"`), k))
		lines = append(lines, strings.Split(strings.TrimRight(text, "\n"), "\n")...)
	}
	return lines
}

func openAll(t *testing.T, path string, opts Options) (recs []Record, skips []*SkipError) {
	t.Helper()
	for rec, err := range Open(path, opts, nil) {
		var skip *SkipError
		switch {
		case errors.As(err, &skip):
			skips = append(skips, skip)
		case err != nil:
			t.Fatalf("file error: %v", err)
		default:
			recs = append(recs, rec)
		}
	}
	return recs, skips
}

// withoutPosition drops what a line inserted before a record changes.
func withoutPosition(recs []Record) []Record {
	out := make([]Record, len(recs))
	for i, r := range recs {
		r.File, r.Line = "", 0
		out[i] = r
	}
	return out
}

// TestABadLineInATraceExportIsSkippedAndTheOtherTracesAreAudited: one
// line that is not JSON (first, in the middle, last: a truncated export)
// is skipped with its line and reason, the format is still recognised,
// and every trace of the file is read as it is without the bad line.
func TestABadLineInATraceExportIsSkippedAndTheOtherTracesAreAudited(t *testing.T) {
	bads := []struct {
		name, line, reason string
	}{
		{"a truncated object", `{"id": "obs-truncated", "trace_id": "3f9d`, ReasonMalformedJSON},
		{"a line that is not JSON", `oops`, ReasonMalformedJSON},
		{"an array instead of an object", `[1, 2]`, ReasonWrongType},
		{"invalid UTF-8", "{\"id\": \"\xff\"}", ReasonInvalidUTF8},
	}
	for _, s := range traceSamples {
		clean := traceCopies(t, s, 3)
		want, wantSkips := openAll(t, writeFile(t, "clean.jsonl", []byte(strings.Join(clean, "\n")+"\n")), Options{})
		if len(want) != 3 || len(wantSkips) != 0 {
			t.Fatalf("%s: the clean copies read as %d records, %d skips", s.file, len(want), len(wantSkips))
		}
		for _, at := range []struct {
			name string
			pos  int
		}{{"first", 0}, {"in the middle", len(clean) / 2}, {"last", len(clean)}} {
			for _, bad := range bads {
				for _, format := range []string{"", s.format} {
					name := fmt.Sprintf("%s with %s %s, format %q", s.file, bad.name, at.name, format)
					t.Run(name, func(t *testing.T) {
						lines := append(append(append([]string{}, clean[:at.pos]...), bad.line), clean[at.pos:]...)
						recs, skips := openAll(t, writeFile(t, "bad.jsonl", []byte(strings.Join(lines, "\n")+"\n")), Options{Format: format})
						if len(skips) != 1 || skips[0].Line != at.pos+1 || skips[0].Reason != bad.reason || !strings.HasSuffix(skips[0].File, "bad.jsonl") {
							t.Fatalf("skips %v, want one %s at line %d", skips, bad.reason, at.pos+1)
						}
						if !reflect.DeepEqual(withoutPosition(recs), withoutPosition(want)) {
							t.Errorf("records differ from the file without the bad line:\n got %+v\nwant %+v", recs, want)
						}
					})
				}
			}
		}
	}
}

// A damaged line that still names its trace makes that trace's
// conversation carry a warning (a span of it is missing); the other
// conversations are read without one.
func TestADamagedLineNamingATraceWarnsOnItsConversation(t *testing.T) {
	s := traceSamples[0]
	lines := traceCopies(t, s, 3)
	damagedTrace := s.trace[:len(s.trace)-2] + "01"
	lines = append(lines, `{"id":"obs-x","trace_id":"`+damagedTrace+`","type":"SPAN","input":"{`)
	recs, skips := openAll(t, writeFile(t, "damaged.jsonl", []byte(strings.Join(lines, "\n")+"\n")), Options{})
	if len(recs) != 3 || len(skips) != 1 || skips[0].Line != len(lines) {
		t.Fatalf("%d records, skips %v", len(recs), skips)
	}
	for _, r := range recs {
		warned := len(r.Warnings) == 1 && strings.Contains(r.Warnings[0], damagedTrace) && strings.Contains(r.Warnings[0], fmt.Sprint(len(lines)))
		if (r.ConversationID == "c-0011-1") != warned {
			t.Errorf("conversation %s warnings %q", r.ConversationID, r.Warnings)
		}
	}
}

// Lines that parse but belong to no trace are skipped one by one.
func TestATraceExportLineWithoutATraceIDIsSkipped(t *testing.T) {
	for _, s := range traceSamples[:4] {
		t.Run(s.file, func(t *testing.T) {
			lines := traceCopies(t, s, 2)
			stray := map[string]string{"langfuse": `{"id":"x","trace_id":"","parent_observation_id":"","type":"SPAN"}`,
				"langsmith":     `{"id":"x","run_type":"chain","dotted_order":"1"}`,
				"openinference": `{"resourceSpans":[]}`,
				"phoenix":       `{"name":"x","span_kind":"CHAIN","context.span_id":"1"}`}[s.format]
			lines = append(lines[:1], append([]string{stray}, lines[1:]...)...)
			recs, skips := openAll(t, writeFile(t, "stray.jsonl", []byte(strings.Join(lines, "\n")+"\n")), Options{})
			if len(recs) != 2 || len(skips) != 1 || skips[0].Line != 2 || skips[0].Reason != ReasonMissingField {
				t.Fatalf("%d records, skips %v; want 2 records and line 2 skipped as missing_field", len(recs), skips)
			}
		})
	}
}

// Two prompt blocks of one file are two chunks: each keeps the retrieved
// document whose text it is, not both the file's last one.
func TestTwoPromptBlocksOfOneFileKeepTheirOwnDocuments(t *testing.T) {
	prompt := "Answer from the sources and cite them as [n].\n\n[1] terms.md\nFree cancellation up to 48 hours before pick-up.\n\n[2] terms.md\nThe deposit is €300 for category A cars.\n"
	docs := []Chunk{
		{ID: "terms.md#c1", Source: "terms.md", Text: "Free cancellation up to 48 hours before pick-up."},
		{ID: "terms.md#c2", Source: "terms.md", Text: "The deposit is €300 for category A cars."},
	}
	got := promptChunks(prompt, docs)
	if len(got) != 2 {
		t.Fatalf("got %d chunks, want 2", len(got))
	}
	for i, want := range docs {
		if got[i].ID != want.ID || got[i].Text != want.Text {
			t.Errorf("block [%d] is %q %q, want %q %q", i+1, got[i].ID, got[i].Text, want.ID, want.Text)
		}
	}
	// A block no logged document is keeps its own number and text.
	got = promptChunks(prompt, docs[1:])
	if got[0].ID != "1" || got[0].Text != "Free cancellation up to 48 hours before pick-up." || got[1].ID != "terms.md#c2" {
		t.Errorf("with one document logged: %+v", got)
	}
}
