package readers

import (
	"encoding/json"
	"strings"
	"testing"
)

// An input that is not JSON at all, or JSON whose records match no format,
// stops with one line that says what it looks like and what to do, not a
// skip per line. None names a path outside the repository.
func TestInputsOfAnotherShapeAreOneClearError(t *testing.T) {
	cases := []struct {
		name, text string
		says       []string
	}{
		{"a CSV table", "conversation_id,question,answer\nc-1,Refund?,30 days [1].\n",
			[]string{"looks like a CSV table", `"conversation_id,question,answer"`, "JSON Lines", "--mapping"}},
		{"a tab-separated table", "id\tquestion\tanswer\n1\tq\ta\n", []string{"looks like a CSV table"}},
		{"plain text", "Refunds are accepted within 30 days.\n", []string{"is not JSON or Parquet", `"Refunds are accepted`}},
		{"a README", "# Logs, exported\n\nSee below.\n", []string{"is not JSON or Parquet"}},
		{"a mapping given as a log", string(mustRead(t, "../testdata/formats/ragaudit-mapping-examples.yaml")), []string{"looks like a YAML mapping", "--mapping"}},
		{"a custom flat log", string(mustRead(t, "../testdata/formats/custom-app-log.jsonl")),
			[]string{"answer, bot, contexts, created_at", "--mapping FILE", "testdata/formats/ragaudit-mapping-examples.yaml"}},
		{"human labels", `{"conversation_id":"c-1","message_index":1,"sentence_text":"x","label":"supported"}` + "\n", []string{"--labels"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "input", []byte(tc.text)), Options{}, nil))
			if o.fatal == nil || len(o.records)+len(o.skips) != 0 {
				t.Fatalf("%d records, %d skips, error %v: want only an error", len(o.records), len(o.skips), o.fatal)
			}
			msg := o.fatal.Error()
			for _, want := range tc.says {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not say %q", msg, want)
				}
			}
			if strings.Contains(msg, "shared/") || strings.Count(msg, "\n") > 0 {
				t.Errorf("error %q: want one line, no path outside the repository", msg)
			}
		})
	}
}

// A stray line of another shape does not decide a file's format: the
// format most records match does, and the stray line is skipped.
func TestTheFormatMostRecordsMatchWins(t *testing.T) {
	_, data := exampleRecords(t)
	cases := []struct{ name, text string }{
		{"a stray object first", `{"note":"exported by cron"}` + "\n" + string(data)},
		{"a line of text first", "export of 2026-05-12\n" + string(data)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "logs.jsonl", []byte(tc.text)), Options{}, nil))
			if o.fatal != nil || len(o.records) != 11 || len(o.skips) != 1 || o.skips[0].Line != 1 {
				t.Fatalf("%d records, skips %v, error %v; want 11 and line 1 skipped", len(o.records), o.skips, o.fatal)
			}
		})
	}
}

// Provider documents exported as one JSON array read as the documents
// they are.
func TestAJSONArrayOfProviderDocumentsReadsEachDocument(t *testing.T) {
	doc := sample(t, "dify-chat-message.json")
	var docs []map[string]any
	for _, id := range []string{"c-1", "c-2", "c-3"} {
		d := map[string]any{}
		for k, v := range doc {
			d[k] = v
		}
		d["conversation_id"] = id
		docs = append(docs, d)
	}
	b, err := json.MarshalIndent(docs, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	o := collect(Open(writeFile(t, "dify.json", b), Options{}, nil))
	if o.fatal != nil || len(o.skips) != 0 || len(o.records) != 3 || o.records[2].ConversationID != "c-3" {
		t.Fatalf("%d records, skips %v, error %v; want the 3 documents", len(o.records), o.skips, o.fatal)
	}
}

// Formats lists every row of the adapter table once, after jsonl and
// parquet, and each name reads its own sample with --format.
func TestEveryFormatIsNamedOnceAndReadsItsSample(t *testing.T) {
	names := Formats()
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Errorf("%s listed twice", n)
		}
		seen[n] = true
	}
	if names[0] != "jsonl" || names[1] != "parquet" || len(names) != len(formats)+1 {
		t.Fatalf("Formats() = %v", names)
	}
	samples := map[string]string{"ragas": "ragas-style-eval-export.jsonl", "anthropic": "anthropic-messages-citations.json",
		"openai-responses": "openai-responses-annotations.json", "gemini": "gemini-vertex-grounding-metadata.json",
		"cohere": "cohere-chat-v2-citations.json", "dify": "dify-chat-message.json", "openai-assistants": "openai-assistants-file-citation.json",
		"bedrock": "bedrock-kb-retrieve-and-generate.json", "azure-on-your-data": "azure-openai-on-your-data.json",
		"langfuse": "langfuse-observations-v2-export.jsonl", "openinference": "openinference-otlp-spans.jsonl",
		"phoenix": "phoenix-spans-dataframe-rows.jsonl", "langsmith": "langsmith-runs-export.jsonl",
		"openai-chat-url-citation": "openai-chat-completions-url-citation.json", "jsonl": "ragaudit-canonical-v2.jsonl"}
	for _, f := range formats {
		file, ok := samples[f.name]
		if !ok {
			t.Errorf("format %s has no sample in this test", f.name)
			continue
		}
		o := collect(Open("../testdata/formats/"+file, Options{Format: f.name}, nil))
		if o.fatal != nil || len(o.records) == 0 || len(o.skips) != 0 {
			t.Errorf("--format %s on %s: %d records, skips %v, error %v", f.name, file, len(o.records), o.skips, o.fatal)
		}
	}
}
