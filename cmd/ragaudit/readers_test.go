package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fiftyTraces is the Langfuse sample copied into 50 traces (each its own
// session), as in the user review's lf50.jsonl.
func fiftyTraces(t *testing.T) []string {
	t.Helper()
	b := string(readFile(t, filepath.Join(testdata, "formats", "langfuse-observations-v2-export.jsonl")))
	const trace = "3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c"
	var lines []string
	for k := 0; k < 50; k++ {
		c := strings.ReplaceAll(b, trace, fmt.Sprintf("%s%02d", trace[:30], k))
		c = strings.ReplaceAll(c, `"session_id":"c-0011"`, fmt.Sprintf(`"session_id":"c-0011-%d"`, k))
		lines = append(lines, strings.Split(strings.TrimRight(c, "\n"), "\n")...)
	}
	return lines
}

// One bad line in a 50-trace Langfuse export is skipped with its line and
// the 50 traces are audited exactly as without it, detected or forced.
func TestOneBadLineDoesNotMakeATraceExportUnauditable(t *testing.T) {
	dir := t.TempDir()
	lines := fiftyTraces(t)
	clean := filepath.Join(dir, "lf50.jsonl")
	os.WriteFile(clean, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
	want := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", clean)
	if n := counts(t, want)["records_audited"].(float64); n != 50 {
		t.Fatalf("the clean export audits %v conversations, want 50", n)
	}
	const truncated = `{"id": "obs-truncated", "trace_id": "3f9d`
	cases := []struct {
		name string
		at   int
	}{{"a truncated last line", len(lines)}, {"a broken first line", 0}, {"a broken line in the middle", 75}}
	for _, tc := range cases {
		for _, format := range []string{"", "langfuse"} {
			t.Run(fmt.Sprintf("%s, format %q", tc.name, format), func(t *testing.T) {
				bad := append(append(append([]string{}, lines[:tc.at]...), truncated), lines[tc.at:]...)
				p := filepath.Join(t.TempDir(), "lf50bad.jsonl")
				os.WriteFile(p, []byte(strings.Join(bad, "\n")+"\n"), 0o644)
				args := []string{"audit", "--reproducible", "--bar", "0"}
				if format != "" {
					args = append(args, "--format", format)
				}
				r := runCLI(t, "", append(args, p)...)
				if r.code != exitPass {
					t.Fatalf("exit %d: %s", r.code, r.stderr)
				}
				c := counts(t, r)
				byReason := c["skipped_by_reason"].(map[string]any)
				if c["records_read"].(float64) != 51 || c["records_audited"].(float64) != 50 || c["records_skipped"].(float64) != 1 || byReason["malformed_json"] != 1.0 {
					t.Errorf("counts %v, want 51 read, 50 audited, 1 skipped as malformed_json", c)
				}
				if at := fmt.Sprintf("lf50bad.jsonl:%d reason=malformed_json", tc.at+1); !strings.Contains(r.stderr, at) {
					t.Errorf("stderr does not name %s:\n%s", at, r.stderr)
				}
				fa := strings.ReplaceAll(string(readFile(t, filepath.Join(want.out, "findings.jsonl"))), clean, "LOG")
				fb := strings.ReplaceAll(string(readFile(t, filepath.Join(r.out, "findings.jsonl"))), p, "LOG")
				if tc.at == len(lines) && fa != fb {
					t.Error("findings differ from the export without the bad line")
				}
			})
		}
	}
}

// providerSamples are the provider samples of testdata/formats (copies of
// ../shared/formats) that ragaudit reads without a mapping.
var providerSamples = []string{
	"anthropic-messages-citations.json", "openai-responses-annotations.json", "gemini-vertex-grounding-metadata.json",
	"cohere-chat-v2-citations.json", "dify-chat-message.json", "ragaudit-canonical-v2.jsonl", "openai-assistants-file-citation.json",
	"bedrock-kb-retrieve-and-generate.json", "azure-openai-on-your-data.json", "openai-chat-completions-url-citation.json",
	"langfuse-observations-v2-export.jsonl", "langsmith-runs-export.jsonl", "openinference-otlp-spans.jsonl",
	"phoenix-spans-dataframe-rows.jsonl", "otel-genai-semconv-spans.jsonl", "anthropic-search-results-in-tool-result.json",
}

// Converting a provider sample to Parquet loses nothing the audit uses:
// the Parquet file audits to the original's findings, coverage (citations,
// resolution, chunk text status, adapter warnings) and accuracy.
func TestEveryProviderSampleAuditsTheSameAfterAParquetRoundTrip(t *testing.T) {
	for _, file := range providerSamples {
		t.Run(file, func(t *testing.T) {
			in := filepath.Join(testdata, "formats", file)
			pq := filepath.Join(t.TempDir(), "x.parquet")
			if c := runCLI(t, "", "convert", "-q", "--strict", "-o", pq, in); c.code != exitPass {
				t.Fatalf("convert exit %d: %s", c.code, c.stderr)
			}
			a := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", in)
			b := runCLI(t, "", "audit", "-q", "--reproducible", "--bar", "0", pq)
			if a.code == exitUsage && !noData(t, a) || b.code != a.code {
				t.Fatalf("exit %d and %d: %s %s", a.code, b.code, a.stderr, b.stderr)
			}
			for _, name := range []string{"findings.jsonl", "findings.csv"} {
				fa := strings.ReplaceAll(string(readFile(t, filepath.Join(a.out, name))), in, "LOG")
				fb := strings.ReplaceAll(string(readFile(t, filepath.Join(b.out, name))), pq, "LOG")
				if fa != fb {
					t.Errorf("%s differs after the Parquet round trip:\n%s\n---\n%s", name, fa, fb)
				}
			}
			sa, sb := summaryOf(t, a), summaryOf(t, b)
			ca := sa["inputs"].([]any)[0].(map[string]any)["coverage"]
			cb := sb["inputs"].([]any)[0].(map[string]any)["coverage"]
			if !reflect.DeepEqual(ca, cb) || !reflect.DeepEqual(sa["counts"], sb["counts"]) || sa["citation_accuracy"] != sb["citation_accuracy"] {
				t.Errorf("summary differs after the Parquet round trip:\ncoverage %v / %v\ncounts %v / %v", ca, cb, sa["counts"], sb["counts"])
			}
		})
	}
}

// Inputs a newcomer has, read as the records they hold: the example log
// as a pretty-printed JSON array, with --max-line-bytes at the largest
// integer, and a Ragas export; each audits to the example's (or the
// export's) records, with nothing skipped.
func TestNewcomerInputsReadAsTheirRecords(t *testing.T) {
	example := readFile(t, filepath.Join(testdata, "example.jsonl"))
	var recs []any
	for _, l := range strings.Split(strings.TrimSpace(string(example)), "\n") {
		var d any
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatal(err)
		}
		recs = append(recs, d)
	}
	pretty, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	array := filepath.Join(dir, "logs.json")
	os.WriteFile(array, pretty, 0o644)
	cases := []struct {
		name    string
		args    func(t *testing.T) []string
		audited float64
	}{
		{"a pretty-printed JSON array", func(*testing.T) []string { return []string{array} }, 11},
		{"--max-line-bytes 9223372036854775807", func(*testing.T) []string {
			return []string{"--max-line-bytes", "9223372036854775807", filepath.Join(testdata, "example.jsonl")}
		}, 11},
		{"a Ragas export", func(*testing.T) []string {
			return []string{filepath.Join(testdata, "formats", "ragas-style-eval-export.jsonl")}
		}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"audit", "-q", "--bar", "0"}, tc.args(t)...)...)
			if r.code != exitPass {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			c := counts(t, r)
			if c["records_read"] != tc.audited || c["records_audited"] != tc.audited || c["records_skipped"] != 0.0 {
				t.Errorf("counts %v: want %v read and audited, none skipped", c, tc.audited)
			}
		})
	}
}

// An input of another shape stops the run at once, exit 2, with one line
// that says what it looks like and what to do, instead of a skip per line.
func TestAnInputOfAnotherShapeIsOneUsageError(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "logs.csv")
	os.WriteFile(csv, []byte("conversation_id,question,answer\nc-1,Refund?,30 days [1].\n"), 0o644)
	cases := []struct {
		name, file string
		says       []string
	}{
		{"a CSV table", csv, []string{"looks like a CSV table", "JSON Lines"}},
		{"a custom flat log", filepath.Join(testdata, "formats", "custom-app-log.jsonl"), []string{"--mapping FILE", "ragaudit-mapping-examples.yaml"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", "audit", "-q", tc.file)
			if r.code != exitUsage || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
				t.Fatalf("exit %d, stderr %q: want exit 2 and one line", r.code, r.stderr)
			}
			for _, want := range tc.says {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr %q does not say %q", r.stderr, want)
				}
			}
		})
	}
	mapped := runCLI(t, "", "audit", "-q", "--bar", "0", "--min-checked", "0", "--mapping", filepath.Join(testdata, "formats", "ragaudit-mapping-examples.yaml"), filepath.Join(testdata, "formats", "custom-app-log.jsonl"))
	if c := counts(t, mapped); mapped.code != exitPass || c["records_audited"] != 2.0 {
		t.Errorf("with --mapping: exit %d, counts %v", mapped.code, c)
	}
}

// A record whose content is given twice, in two cases, is skipped as
// duplicate_key and counted, not audited as the key Go's decoder keeps.
func TestKeysThatDisagreeAreCountedAsSkipped(t *testing.T) {
	line := `{"conversation_id":"c-1","messages":[{"role":"user","content":"Refund?"},{"role":"assistant","content":"Refunds within 30 days [1].","Content":"The moon is made of cheese [1].","retrieval":[{"id":"1","text":"Refunds within 30 days."}]}]}`
	p := filepath.Join(t.TempDir(), "k.jsonl")
	os.WriteFile(p, []byte(line+"\n"), 0o644)
	r := runCLI(t, "", "audit", "--bar", "0", p)
	c := counts(t, r)
	if c["records_read"] != 1.0 || c["records_skipped"] != 1.0 || c["skipped_by_reason"].(map[string]any)["duplicate_key"] != 1.0 {
		t.Fatalf("counts %v: want the record skipped as duplicate_key", c)
	}
	if !strings.Contains(r.stderr, "k.jsonl:1 reason=duplicate_key") {
		t.Errorf("stderr does not name the record: %s", r.stderr)
	}
}
