package readers

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func exampleMappings(t *testing.T) []Mapping {
	t.Helper()
	maps, err := ReadMappings("../testdata/formats/ragaudit-mapping-examples.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return maps
}

// customRow is a row of custom-app-log.jsonl (mapping acme-app-db-export)
// with its fields replaced by edit.
func customRow(t *testing.T, edit func(row map[string]any)) string {
	t.Helper()
	row := map[string]any{
		"session_id": "c-1", "org": "acme", "bot": "helpbot", "created_at": "2026-05-12 14:03:00.218+00",
		"question": "Q?", "answer": "Refunds take 30 days [1].",
		"contexts": `[{"chunk_id": "r#1", "doc": "refund.md", "text": "Refunds take 30 days.", "score": 0.9}]`,
	}
	if edit != nil {
		edit(row)
	}
	b, err := json.Marshal(row)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readMapped(t *testing.T, path string, opts Options) outcome {
	t.Helper()
	return collect(Open(path, withMappings(opts, exampleMappings(t), ""), nil))
}

// A mapped row that cannot be read as one JSON object, or whose chunk list
// cannot be read, is skipped naming file, line and what was wrong; it is
// never audited with no chunks (every citation fabricated) or with text
// repaired.
func TestMappedBadRowsAreSkipped(t *testing.T) {
	good := customRow(t, nil)
	cases := []struct {
		name, line, reason, detail string
	}{
		{"contexts JSON cut short", customRow(t, func(r map[string]any) { r["contexts"] = r["contexts"].(string)[:40] }), ReasonMalformedJSON, "contexts (decode: json_string)"},
		{"contexts JSON followed by text", customRow(t, func(r map[string]any) { r["contexts"] = r["contexts"].(string) + "]" }), ReasonMalformedJSON, "contexts (decode: json_string)"},
		{"contexts a number", customRow(t, func(r map[string]any) { r["contexts"] = 5 }), ReasonWrongType, "contexts (the chunk list) is a number, want a list"},
		{"contexts JSON of an object", customRow(t, func(r map[string]any) { r["contexts"] = `{"a":1}` }), ReasonWrongType, "is an object, want a list"},
		{"a chunk that is not an object", customRow(t, func(r map[string]any) { r["contexts"] = `["just text"]` }), ReasonWrongType, "contexts[0] is a string"},
		{"two objects on one line", good + good, ReasonMalformedJSON, "a second JSON value"},
		{"text after the object", good + " }}}garbage", ReasonMalformedJSON, "text after the JSON value"},
		{"invalid UTF-8", strings.Replace(good, "Refunds take", "Refunds t\xffake", 1), ReasonInvalidUTF8, "invalid UTF-8 at byte"},
		{"an array", `[1,2]`, ReasonWrongType, "the line is an array"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := readMapped(t, writeFile(t, "m.jsonl", []byte(good+"\n"+tc.line+"\n"+good+"\n")), Options{})
			if o.fatal != nil || len(o.records) != 2 || len(o.skips) != 1 {
				t.Fatalf("records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
			}
			if s := o.skips[0]; s.Line != 2 || s.Reason != tc.reason || !strings.Contains(s.Detail, tc.detail) {
				t.Errorf("skip %v, want line 2 %s with %q", s, tc.reason, tc.detail)
			}
			if r := o.records[1]; r.Line != 3 || len(r.Messages[1].Retrieval) != 1 {
				t.Errorf("the good row after it: line %d, %+v", r.Line, r.Messages)
			}
		})
	}
}

// A chunk list that is empty or absent is no chunks, not an error.
func TestMappedEmptyChunkListIsNoChunks(t *testing.T) {
	lines := customRow(t, func(r map[string]any) { r["contexts"] = "" }) + "\n" +
		customRow(t, func(r map[string]any) { r["contexts"] = "[]" }) + "\n" +
		customRow(t, func(r map[string]any) { delete(r, "contexts") }) + "\n"
	o := readMapped(t, writeFile(t, "m.jsonl", []byte(lines)), Options{})
	if o.fatal != nil || len(o.records) != 3 || len(o.skips) != 0 {
		t.Fatalf("records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
	}
}

// The mapping reader reads lines as the JSONL reader does: stdin, gzip,
// CR-only line endings and --max-line-bytes below the default.
func TestMappedLinesAreReadAsJSONL(t *testing.T) {
	data, err := os.ReadFile("../testdata/formats/custom-app-log.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	n := strings.Count(string(data), "\n")
	plain := readMapped(t, writeFile(t, "c.jsonl", data), Options{})
	if plain.fatal != nil || len(plain.records) != n || len(plain.skips) != 0 {
		t.Fatalf("plain: records %d, skips %v, fatal %v", len(plain.records), plain.skips, plain.fatal)
	}
	cases := map[string]struct {
		path string
		opts Options
	}{
		"stdin":   {Stdin, Options{Stdin: strings.NewReader(string(data))}},
		"gzip":    {writeFile(t, "c.jsonl.gz", gzipped(t, string(data))), Options{}},
		"CR-only": {writeFile(t, "cr.jsonl", []byte(strings.ReplaceAll(string(data), "\n", "\r"))), Options{}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			o := readMapped(t, tc.path, tc.opts)
			if o.fatal != nil || len(o.skips) != 0 || len(o.records) != n {
				t.Fatalf("records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
			}
			for i, r := range o.records {
				if r.ConversationID != plain.records[i].ConversationID || r.Messages[1].Content != plain.records[i].Messages[1].Content || r.Line != i+1 {
					t.Errorf("record %d: %s line %d, want %s line %d", i, r.ConversationID, r.Line, plain.records[i].ConversationID, i+1)
				}
			}
		})
	}
	t.Run("max line bytes", func(t *testing.T) {
		o := readMapped(t, writeFile(t, "c.jsonl", data), Options{MaxLineBytes: 100})
		if len(o.records) != 0 || len(o.skips) != n || o.skips[0].Reason != ReasonLineTooLong {
			t.Fatalf("records %d, skips %v", len(o.records), o.skips)
		}
	})
}

// A mapped span that is missing, not an integer or empty is a warning, as
// the other mapped spans that do not fit: never dropped in silence.
func TestMappedUnusableSpansWarn(t *testing.T) {
	row := `{"conversation":{"id":"c"},"ts":1715522580000,"request":{"query":"Q?"},"response":{"text":"Refunds take 30 days.",` +
		`"sources":[{"id":"a","snippet":"Refunds take 30 days."}],"citations":[{"start":0,"end":21,"source_ids":["a"]},{"start":3,"source_ids":["a"]},{"start":4,"end":4,"source_ids":["a"]}]}}`
	o := collect(Open(writeFile(t, "s.jsonl", []byte(row+"\n")), withMappings(Options{}, exampleMappings(t), "app-with-structured-citations"), nil))
	if o.fatal != nil || len(o.records) != 1 || len(o.skips) != 0 {
		t.Fatalf("records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
	}
	r := o.records[0]
	if len(r.Messages[1].Citations) != 1 || len(r.Warnings) != 2 ||
		!strings.Contains(r.Warnings[0], "missing or not an integer") || !strings.Contains(r.Warnings[1], "empty span") {
		t.Errorf("citations %+v, warnings %q", r.Messages[1].Citations, r.Warnings)
	}
	if r.Timestamp.Year() != 2024 {
		t.Errorf("unix_ms timestamp read as %v", r.Timestamp)
	}
}

// A Unix time in a unit other than the mapping's layout says lands out of
// 1970–9999 and skips its row, rather than date it in the year 56332.
func TestMappedTimeOutOfRangeIsSkipped(t *testing.T) {
	row := func(ts string) string {
		return `{"conversation":{"id":"c"},"ts":` + ts + `,"response":{"text":"A.","sources":[]}}` + "\n"
	}
	o := collect(Open(writeFile(t, "t.jsonl", []byte(row("1715522580000")+row("1715522580000000"))), withMappings(Options{}, exampleMappings(t), "app-with-structured-citations"), nil))
	if o.fatal != nil || len(o.records) != 1 || len(o.skips) != 1 {
		t.Fatalf("records %d, skips %v, fatal %v", len(o.records), o.skips, o.fatal)
	}
	if s := o.skips[0]; s.Reason != ReasonBadTimestamp || !strings.HasPrefix(s.Detail, "ts: ") || !strings.Contains(s.Detail, "out of range") {
		t.Errorf("skip %v, want %s naming ts, out of range", s, ReasonBadTimestamp)
	}
}

func withMappings(opts Options, maps []Mapping, name string) Options {
	opts.Mappings, opts.MappingName = maps, name
	return opts
}

// A row no mapping fits stops the file with an error that says, for each
// mapping, where its answer path leaves the row: the key that is not
// there beside the keys that are, a text where an object was wanted, a
// list too short; a mapping named that does not exist is named.
func TestNoMappingFitsNamesTheKeyMissing(t *testing.T) {
	cases := []struct {
		name, row, mapping string
		want               []string
	}{
		{"a mistyped answer key names the keys there are", `{"session_id":"c-1","answr":"A [1]."}`, "",
			[]string{`mapping "acme-app-db-export" reads the answer at turn.assistant "answer", and the row has no key "answer" (its keys: answr, session_id)`,
				`mapping "nested" reads the answer at turn.assistant "reply.text", and the row has no key "reply"`}},
		{"a text where the path goes on", `{"reply":"A [1]."}`, "",
			[]string{`mapping "nested" reads the answer at turn.assistant "reply.text", and "reply" is a string, not an object with the key "text"`}},
		{"a key missing below the top", `{"reply":{"txt":"A"}}`, "",
			[]string{`"reply" has no key "text" (its keys: txt)`}},
		{"a list too short", `{"reply":[]}`, "",
			[]string{`mapping "listed" reads the answer at turn.assistant "reply.0.text", and "reply" holds 0 items, no item 0`}},
		{"a mapping named that does not exist", `{"answer":"A [1]."}`, "acme",
			[]string{`no mapping is named "acme" (the mappings given: "acme-app-db-export", "nested", "listed")`}},
	}
	nested, err := ReadMappings(writeFile(t, "nested.yaml", []byte("name: nested\nturn:\n  assistant: reply.text\n---\nname: listed\nturn:\n  assistant: reply.0.text\n")))
	if err != nil {
		t.Fatal(err)
	}
	maps := append(exampleMappings(t)[:1], nested...)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "m.jsonl", []byte(tc.row+"\n")), withMappings(Options{}, maps, tc.mapping), nil))
			if o.fatal == nil {
				t.Fatalf("records %v, skips %v: want the file refused", o.records, o.skips)
			}
			for _, w := range tc.want {
				if !strings.Contains(o.fatal.Error(), w) {
					t.Errorf("error %q does not say %q", o.fatal, w)
				}
			}
		})
	}
}

// A misspelt key is an error naming it; a key of the schema that ragaudit
// reads but does not act on is named by Unread, with what it does
// instead.
func TestMappingKeysNeverSilentlyIgnored(t *testing.T) {
	_, err := ReadMappings(writeFile(t, "typo.yaml", []byte("name: typo\nturn:\n  assistant: a\n  retreival: {list: hits}\n")))
	if err == nil || !strings.Contains(err.Error(), `line 4: unknown key "retreival"`) || strings.Contains(err.Error(), "struct") {
		t.Fatalf("a misspelt key: got %v", err)
	}
	maps := exampleMappings(t)
	notes := strings.Join(maps[0].Unread(), "\n")
	for _, want := range []string{`mapping "acme-app-db-export": conversation.order_by is not read`, "prompt_position and id_from are not read",
		"citations.markers.styles is not read", `citations.markers.resolve "prompt_position" is not read`} {
		if !strings.Contains(notes, want) {
			t.Errorf("notes lack %q:\n%s", want, notes)
		}
	}
	zero, err := ReadMappings(writeFile(t, "zero.yaml", []byte("name: zero\nturn:\n  assistant: a\ncitations:\n  markers: {resolve: ordinal0}\n")))
	if err != nil {
		t.Fatal(err)
	}
	if got := zero[0].Unread(); len(got) != 1 || !strings.Contains(got[0], "--resolve position0") {
		t.Errorf("0-based markers: got %q", got)
	}
	plain, err := ReadMappings(writeFile(t, "plain.yaml", []byte("name: plain\nturn:\n  assistant: a\n")))
	if err != nil {
		t.Fatal(err)
	}
	if got := plain[0].Unread(); len(got) != 0 {
		t.Errorf("a mapping of read keys only: got notes %q", got)
	}
}
