package readers

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// exampleRecords are the records of testdata/example.jsonl, decoded, and
// the file itself.
func exampleRecords(t *testing.T) ([]map[string]any, []byte) {
	t.Helper()
	data := mustRead(t, "../testdata/example.jsonl")
	return decodeLines(t, data), data
}

func indented(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Records written as a JSON array (pretty or on one line), or
// pretty-printed one after another (jq's output), read as the records they
// are, each at the line it starts on (they used to be a hundred
// malformed_json lines, "302 read" for 11 conversations).
func TestPrettyPrintedRecordsAndJSONArraysReadAsTheirRecords(t *testing.T) {
	recs, data := exampleRecords(t)
	want := collect(Open(writeFile(t, "example.jsonl", data), Options{}, nil)).records
	var concatenated strings.Builder
	for _, r := range recs {
		concatenated.WriteString(indented(t, r) + "\n")
	}
	oneLine, _ := json.Marshal(recs)
	cases := []struct {
		name  string
		text  string
		lines bool // records start where a pretty-printer puts them
	}{
		{"a pretty-printed JSON array", indented(t, recs) + "\n", true},
		{"pretty-printed records one after another", concatenated.String(), true},
		{"a JSON array on one line", string(oneLine), false},
		{"a pretty-printed array, gzipped", string(gzipped(t, indented(t, recs))), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stats := &FileStats{}
			o := collect(Open(writeFile(t, "logs.json", []byte(tc.text)), Options{}, stats))
			if o.fatal != nil || len(o.skips) != 0 || !equalRecords(withoutPosition(o.records), withoutPosition(want)) {
				t.Fatalf("%d records, skips %v, error %v; want the 11 of example.jsonl", len(o.records), o.skips, o.fatal)
			}
			if stats.Records != 11 || stats.Skipped != 0 {
				t.Errorf("stats %+v", stats)
			}
			if !tc.lines {
				return
			}
			for i, r := range o.records {
				if start := strings.Split(tc.text, "\n")[r.Line-1]; !strings.HasSuffix(strings.TrimSpace(start), "{") {
					t.Errorf("record %d at line %d, which is %q, not a record's start", i, r.Line, start)
				}
			}
		})
	}
}

// A pretty-printed record that is broken is skipped where it starts, and
// the records after it are still read: a record missing its closing brace
// ends where the next one starts at its column, and one cut off by the end
// of the file is truncated_input.
func TestABrokenPrettyPrintedRecordCostsOnlyItself(t *testing.T) {
	recs, _ := exampleRecords(t)
	var parts []string
	for _, r := range recs[:4] {
		parts = append(parts, indented(t, r))
	}
	cases := []struct {
		name    string
		text    string
		records int
		reason  string
	}{
		{"a record missing its last brace", parts[0] + "\n" + strings.TrimSuffix(parts[1], "}") + "\n" + parts[2] + "\n" + parts[3] + "\n", 3, ReasonMalformedJSON},
		{"a record with a syntax error", parts[0] + "\n" + strings.Replace(parts[1], `": "`, `" "`, 1) + "\n" + parts[2] + "\n" + parts[3] + "\n", 3, ReasonMalformedJSON},
		{"a file cut inside its last record", parts[0] + "\n" + parts[1] + "\n" + parts[2] + "\n" + parts[3][:len(parts[3])/2], 3, ReasonTruncatedGzip},
		{"an array cut inside its last element", "[\n" + strings.Join(parts, ",\n")[:len(strings.Join(parts, ",\n"))-40], 3, ReasonTruncatedGzip},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "broken.json", []byte(tc.text)), Options{}, nil))
			if o.fatal != nil || len(o.records) != tc.records || len(o.skips) != 1 || o.skips[0].Reason != tc.reason {
				t.Fatalf("%d records, skips %v, error %v; want %d records and one %s", len(o.records), o.skips, o.fatal, tc.records, tc.reason)
			}
		})
	}
}

// A record of a pretty-printed file over --max-line-bytes is skipped as
// line_too_long without being held, and the next one is read.
func TestAPrettyPrintedRecordOverTheBoundIsSkipped(t *testing.T) {
	recs, _ := exampleRecords(t)
	big := recs[1]
	big["messages"].([]any)[0].(map[string]any)["content"] = strings.Repeat("x", 5000)
	text := fmt.Sprintf("[\n%s,\n%s,\n%s\n]\n", indented(t, recs[0]), indented(t, big), indented(t, recs[2]))
	o := collect(Open(writeFile(t, "big.json", []byte(text)), Options{MaxLineBytes: 4000}, nil))
	if len(o.records) != 2 || len(o.skips) != 1 || o.skips[0].Reason != ReasonLineTooLong || o.records[1].ConversationID != recs[2]["conversation_id"] {
		t.Fatalf("%d records, skips %v; want the second record skipped as too long", len(o.records), o.skips)
	}
}
