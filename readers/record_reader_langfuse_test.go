package readers

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// langfuseSamples are the export's snake_case sample and its twin as the
// public API writes it (camelCase; a trace line, then its observations,
// input and output as JSON rather than JSON strings).
const (
	langfuseExport = "../testdata/formats/langfuse-observations-v2-export.jsonl"
	langfuseAPI    = "../testdata/formats/langfuse-public-api-camelcase.jsonl"
)

// Langfuse's public API writes what its export writes in camelCase, in
// pages ({"data": [...]}) and with a trace's observations inside it (GET
// /api/public/traces/{id}): each reads to the export's records.
func TestLangfusePublicAPIReadsAsItsExport(t *testing.T) {
	want := collect(Open(langfuseExport, Options{}, nil))
	if len(want.records) != 1 || len(want.skips) != 0 || want.fatal != nil {
		t.Fatalf("the export: %+v", want)
	}
	lines := decodeLines(t, mustRead(t, langfuseAPI))
	trace, observations := lines[0], lines[1:]
	full := map[string]any{}
	for k, v := range trace {
		full[k] = v
	}
	full["observations"] = func() []any {
		var out []any
		for _, o := range observations {
			c := map[string]any{}
			for k, v := range o {
				if k != "traceId" { // inside its trace, an observation may leave it out
					c[k] = v
				}
			}
			out = append(out, c)
		}
		return out
	}()
	page := func(docs []map[string]any) []byte {
		var data []any
		for _, d := range docs {
			data = append(data, d)
		}
		return mustJSON(t, map[string]any{"data": data, "meta": map[string]any{"page": 1, "limit": 50, "totalItems": len(data), "totalPages": 1}})
	}
	cases := []struct {
		name string
		data []byte
	}{
		{"one observation or trace per line", mustRead(t, langfuseAPI)},
		{"observations before their trace", encodeLines(t, append(observations, trace))},
		{"a page of observations and a page of traces", append(append(page(observations), '\n'), page([]map[string]any{trace})...)},
		{"a trace holding its observations", mustJSON(t, full)},
		{"a JSON array", mustJSON(t, lines)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, format := range []string{"", "langfuse"} {
				got := collect(Open(writeFile(t, "api.json", tc.data), Options{Format: format}, nil))
				if got.fatal != nil || len(got.skips) != 0 || !equalRecords(clearFile(got.records), clearFile(want.records)) {
					g, _ := json.Marshal(got.records)
					w, _ := json.Marshal(want.records)
					t.Fatalf("format %q: skips %v, error %v\n got: %s\nwant: %s", format, got.skips, got.fatal, g, w)
				}
			}
		})
	}
}

// clearFile drops where records came from, to compare what they hold.
func clearFile(recs []Record) []Record {
	out := make([]Record, len(recs))
	for i, r := range recs {
		r.File, r.Line = "", 0
		out[i] = r
	}
	return out
}

// A field written in both spellings with different values skips the line
// (duplicate_key): tools differ on which one counts. The same value twice
// is read.
func TestLangfuseFieldInBothSpellingsThatDiffer(t *testing.T) {
	cases := []struct {
		name, from, to string
		skipped        bool
	}{
		{"two trace ids", `"traceId":"3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c"`, `"traceId":"3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c","trace_id":"other"`, true},
		{"two session ids", `"sessionId":"c-0011"`, `"sessionId":"c-0011","session_id":"c-9999"`, true},
		{"two start times", `"startTime":"2026-05-12T19:00:00.000Z"`, `"startTime":"2026-05-12T19:00:00.000Z","start_time":"2026-05-13 19:00:00"`, true},
		{"one trace id twice alike", `"traceId":"3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c","type":"CHAIN"`, `"traceId":"3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c","trace_id":"3f9d2c7a0b1e4d6f8a2c5e7b9d1f3a5c","type":"CHAIN"`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := mustRead(t, langfuseAPI)
			changed := bytes.Replace(data, []byte(tc.from), []byte(tc.to), 1)
			if bytes.Equal(changed, data) {
				t.Fatalf("the sample has no %s", tc.from)
			}
			o := collect(Open(writeFile(t, "api.jsonl", changed), Options{}, nil))
			switch {
			case !tc.skipped && (len(o.skips) != 0 || len(o.records) != 1):
				t.Errorf("records %d, skips %v: want it read", len(o.records), o.skips)
			case tc.skipped && (len(o.skips) == 0 || o.skips[0].Reason != ReasonDuplicateKey || !strings.Contains(o.skips[0].Detail, "they differ")):
				t.Errorf("records %d, skips %v: want a %s skip", len(o.records), o.skips, ReasonDuplicateKey)
			}
		})
	}
}

// The root span's output is what the application returned and is audited,
// unless it cites nothing where the generation's output cites (a status,
// or the text with its markers stripped): then the generation's is, with
// a warning; two outputs that differ otherwise are warned of too.
func TestLangfuseRootOutputThatCitesNothing(t *testing.T) {
	const generated = "No refund is possible after 30 days; you would get store credit instead [2]. Your kettle's two-year limited warranty covers heating-element failure [1]."
	root := `"output":"{\"result\": \"No refund is possible after 30 days; you would get store credit instead [2]. Your kettle's two-year limited warranty covers heating-element failure [1].\"}"`
	cases := []struct {
		name, output, answer, warning string
	}{
		{"the same text is read without a warning", root, generated, ""},
		{"a status reads the generation's", `"output":"{\"result\": \"ok\"}"`, generated, "cites nothing where the generation's output cites"},
		{"markers stripped read the generation's", `"output":"{\"result\": \"No refund is possible after 30 days. The warranty covers heating-element failure.\"}"`, generated, "cites nothing"},
		{"another cited text is the application's", `"output":"{\"result\": \"Store credit only after 30 days [2].\"}"`, "Store credit only after 30 days [2].", "differs from the generation's"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := mustRead(t, langfuseExport)
			changed := bytes.Replace(data, []byte(root), []byte(tc.output), 1)
			if tc.output != root && bytes.Equal(changed, data) {
				t.Fatal("the sample has no such root output")
			}
			o := collect(Open(writeFile(t, "lf.jsonl", changed), Options{}, nil))
			if len(o.records) != 1 || len(o.skips) != 0 {
				t.Fatalf("records %d, skips %v", len(o.records), o.skips)
			}
			rec := o.records[0]
			if got := rec.Messages[len(rec.Messages)-1].Content; got != tc.answer {
				t.Errorf("answer %q, want %q", got, tc.answer)
			}
			warned := strings.Join(rec.Warnings, "\n")
			if tc.warning == "" && warned != "" || tc.warning != "" && !strings.Contains(warned, tc.warning) {
				t.Errorf("warnings %q, want %q", warned, tc.warning)
			}
		})
	}
}
