package readers

import (
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
)

// One rule for a field's value, in every field of every format: text
// fields take a string or a number (read as written), null and "" are the
// field being absent, and any other kind is wrong_field_type (a numeric
// tenant used to be text while an array tenant was skipped, and "" content
// audited while null content was skipped).
func TestOneRuleForEveryField(t *testing.T) {
	const user = `{"role":"user","content":"Refund?"}`
	msg := func(fields string) string {
		return `{"conversation_id":"c-1","messages":[` + user + `,{"role":"assistant",` + fields + `}]}`
	}
	cases := []struct {
		name, line string
		reason     string              // "" when read
		check      func(r Record) bool // what the record holds
	}{
		{"a numeric tenant is its text", `{"conversation_id":"c-1","tenant":7,"messages":[{"role":"assistant","content":"A.","retrieval":[]}]}`, "", func(r Record) bool { return r.Tenant == "7" }},
		{"an array tenant is the wrong type", `{"conversation_id":"c-1","tenant":["acme"],"messages":[{"role":"assistant","content":"A.","retrieval":[]}]}`, ReasonWrongType, nil},
		{"a null tenant is none", `{"conversation_id":"c-1","tenant":null,"messages":[{"role":"assistant","content":"A.","retrieval":[]}]}`, "", func(r Record) bool { return r.Tenant == "" }},
		{"a numeric id is its text, as written", `{"conversation_id":1.50,"messages":[{"role":"assistant","content":"A.","retrieval":[]}]}`, "", func(r Record) bool { return r.ConversationID == "1.50" }},
		{"an empty id is a missing one", `{"conversation_id":"","messages":[{"role":"assistant","content":"A.","retrieval":[]}]}`, ReasonMissingField, nil},
		{"numeric content is its text", msg(`"content":42,"retrieval":[]`), "", func(r Record) bool { return r.Messages[1].Content == "42" }},
		{"content true is the wrong type", msg(`"content":true,"retrieval":[]`), ReasonWrongType, nil},
		{"empty content is missing, like null", msg(`"content":"","retrieval":[]`), ReasonMissingContent, nil},
		{"null content is missing", msg(`"content":null,"retrieval":[]`), ReasonMissingContent, nil},
		{"an empty user message is kept", `{"conversation_id":"c-1","messages":[{"role":"user","content":""},{"role":"assistant","content":"A.","retrieval":[]}]}`, "",
			func(r Record) bool { return len(r.Messages) == 2 && r.Messages[0].Content == "" }},
		{"a numeric role is its text", `{"conversation_id":"c-1","messages":[{"role":1,"content":"A."}]}`, ReasonNoAssistantTurn, nil},
		{"an empty flat answer is missing", `{"conversation_id":"c-1","question":"Q?","answer":"","retrieval":[]}`, ReasonMissingContent, nil},
		{"a numeric chunk text is its text", msg(`"content":"A [1].","retrieval":[{"id":1,"text":30}]`), "", func(r Record) bool {
			return r.Messages[1].Retrieval[0].Text == "30" && r.Messages[1].Retrieval[0].ID == "1"
		}},
		{"a null chunk text is none", msg(`"content":"A [1].","retrieval":[{"id":"1","text":null}]`), "", func(r Record) bool { return r.Messages[1].Retrieval[0].Text == "" }},
		{"an object chunk text is the wrong type", msg(`"content":"A [1].","retrieval":[{"id":"1","text":{"a":1}}]`), ReasonWrongType, nil},
		{"a score written as text is the number", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":"0.8"}]`), "", func(r Record) bool {
			return *r.Messages[1].Retrieval[0].Score == 0.8
		}},
		{"a score written as text with blanks is the number", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":" 0.8 "}]`), "", func(r Record) bool {
			return *r.Messages[1].Retrieval[0].Score == 0.8
		}},
		{"an empty score is none", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":""}]`), "", func(r Record) bool {
			return r.Messages[1].Retrieval[0].Score == nil
		}},
		{"a score that is a word is the wrong type", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":"high"}]`), ReasonWrongType, nil},
		{"a score with a decimal comma is the wrong type", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":"0,8"}]`), ReasonWrongType, nil},
		{"a score of NaN is the wrong type", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":"NaN"}]`), ReasonWrongType, nil},
		{"a score true is the wrong type", msg(`"content":"A [1].","retrieval":[{"id":"1","text":"A.","score":true}]`), ReasonWrongType, nil},
		{"a claim span's offsets written as text are the numbers", msg(`"content":"A. B.","retrieval":[{"id":"1","text":"A."}],"citations":[{"claim_span":{"start":"0","end":"2"},"chunk_ids":["1"]}]`), "",
			func(r Record) bool { return r.Messages[1].Citations[0].End == 2 }},
		{"a vector written as text is the numbers", msg(`"content":"A.","retrieval":[],"embedding":["0.5", 1]`), "", func(r Record) bool {
			return len(r.Messages[1].Embedding) == 2 && r.Messages[1].Embedding[0] == 0.5
		}},
		{"a vector holding a word is the wrong type", msg(`"content":"A.","retrieval":[],"embedding":["x", 1]`), ReasonWrongType, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "f.jsonl", []byte(tc.line+"\n")), Options{}, nil))
			if tc.reason != "" {
				if len(o.skips) != 1 || o.skips[0].Reason != tc.reason {
					t.Fatalf("records %d, skips %v: want one %s", len(o.records), o.skips, tc.reason)
				}
				return
			}
			if len(o.records) != 1 || !tc.check(o.records[0]) {
				t.Fatalf("records %+v, skips %v", o.records, o.skips)
			}
		})
	}
}

// Mapped rows and the provider logger's envelope follow the same rule: a
// tenant that is an array skips the row, a numeric one is text, an empty
// answer is missing.
func TestMappedRowsAndEnvelopesFollowTheSameRule(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(row map[string]any)
		reason string
		tenant string
	}{
		{"a numeric tenant", func(r map[string]any) { r["org"] = 7 }, "", "7"},
		{"an array tenant", func(r map[string]any) { r["org"] = []any{"acme"} }, ReasonWrongType, ""},
		{"an empty answer", func(r map[string]any) { r["answer"] = "" }, ReasonMissingContent, ""},
		{"a numeric answer", func(r map[string]any) { r["answer"] = 30 }, "", "acme"},
		{"an object as the question", func(r map[string]any) { r["question"] = map[string]any{} }, ReasonWrongType, ""},
		{"a chunk id that is an object", func(r map[string]any) {
			r["contexts"] = `[{"chunk_id": {"a": 1}, "text": "x"}]`
		}, ReasonWrongType, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := readMapped(t, writeFile(t, "m.jsonl", []byte(customRow(t, tc.edit)+"\n")), Options{})
			if tc.reason != "" {
				if len(o.skips) != 1 || o.skips[0].Reason != tc.reason {
					t.Fatalf("records %d, skips %v: want one %s", len(o.records), o.skips, tc.reason)
				}
				return
			}
			if len(o.records) != 1 || o.records[0].Tenant != tc.tenant {
				t.Fatalf("records %+v, skips %v", o.records, o.skips)
			}
		})
	}
	doc := strings.Replace(string(mustRead(t, "../testdata/formats/cohere-chat-v2-citations.json")), `"tenant": "acme"`, `"tenant": ["acme"]`, 1)
	if !strings.Contains(doc, `["acme"]`) {
		t.Fatal("the Cohere sample has no _log tenant to change")
	}
	o := collect(Open(writeFile(t, "cohere.json", []byte(doc)), Options{}, nil))
	if len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonWrongType {
		t.Errorf("an array tenant in _log: %d records, skips %v", len(o.records), o.skips)
	}
}

// Parquet follows the rule by column type: a float or integer tenant is
// text, an empty answer is missing, a list tenant is the wrong type.
func TestParquetColumnsFollowTheSameRule(t *testing.T) {
	cases := []struct {
		name   string
		tenant arrow.DataType
		fill   func(b array.Builder)
		answer string
		reason string
		want   string
	}{
		{"a float tenant", arrow.PrimitiveTypes.Float64, func(b array.Builder) { b.(*array.Float64Builder).Append(7.5) }, "A.", "", "7.5"},
		{"an integer tenant", arrow.PrimitiveTypes.Int64, func(b array.Builder) { b.(*array.Int64Builder).Append(7) }, "A.", "", "7"},
		{"an empty answer", arrow.BinaryTypes.String, func(b array.Builder) { b.(*array.StringBuilder).Append("acme") }, "", ReasonMissingContent, ""},
		{"a list tenant", arrow.ListOf(arrow.BinaryTypes.String), func(b array.Builder) {
			b.(*array.ListBuilder).Append(true)
			b.(*array.ListBuilder).ValueBuilder().(*array.StringBuilder).Append("acme")
		}, "A.", ReasonWrongType, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			schema := arrow.NewSchema([]arrow.Field{
				{Name: "conversation_id", Type: arrow.BinaryTypes.String},
				{Name: "tenant", Type: tc.tenant},
				{Name: "answer", Type: arrow.BinaryTypes.String},
			}, nil)
			p := writeTable(t, schema, func(b *array.RecordBuilder) {
				b.Field(0).(*array.StringBuilder).Append("c-1")
				tc.fill(b.Field(1))
				b.Field(2).(*array.StringBuilder).Append(tc.answer)
			})
			o := collect(Open(p, Options{}, nil))
			if tc.reason != "" {
				if len(o.skips) != 1 || o.skips[0].Reason != tc.reason {
					t.Fatalf("records %d, skips %v: want one %s", len(o.records), o.skips, tc.reason)
				}
				return
			}
			if len(o.records) != 1 || o.records[0].Tenant != tc.want {
				t.Fatalf("records %+v, skips %v, error %v", o.records, o.skips, o.fatal)
			}
		})
	}
}

// A Parquet score column follows the rule of every numeric field: float,
// integer, or text holding a number ("0.8", " 0.8 "); "" and null are no
// score, and text that is not a number is the wrong type naming the field.
func TestParquetScoreColumnsFollowTheNumericRule(t *testing.T) {
	cases := []struct {
		name   string
		typ    arrow.DataType
		fill   func(b array.Builder)
		want   string // the score read, "none", or "" when skipped
		detail string
	}{
		{"a float score", arrow.PrimitiveTypes.Float64, func(b array.Builder) { b.(*array.Float64Builder).Append(0.8) }, "0.8", ""},
		{"an integer score", arrow.PrimitiveTypes.Int64, func(b array.Builder) { b.(*array.Int64Builder).Append(2) }, "2", ""},
		{"a score as text", arrow.BinaryTypes.String, func(b array.Builder) { b.(*array.StringBuilder).Append(" 0.8 ") }, "0.8", ""},
		{"an empty text score", arrow.BinaryTypes.String, func(b array.Builder) { b.(*array.StringBuilder).Append("") }, "none", ""},
		{"a null score", arrow.BinaryTypes.String, func(b array.Builder) { b.(*array.StringBuilder).AppendNull() }, "none", ""},
		{"a word as the score", arrow.BinaryTypes.String, func(b array.Builder) { b.(*array.StringBuilder).Append("high") }, "",
			`retrieval[0].score: is the text "high", want a number`},
		{"a list as the score", arrow.ListOf(arrow.PrimitiveTypes.Float64), func(b array.Builder) { b.(*array.ListBuilder).Append(true) }, "", "retrieval[0].score: is list"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			chunk := arrow.StructOf(arrow.Field{Name: "id", Type: arrow.BinaryTypes.String}, arrow.Field{Name: "text", Type: arrow.BinaryTypes.String},
				arrow.Field{Name: "score", Type: tc.typ, Nullable: true})
			schema := arrow.NewSchema([]arrow.Field{
				{Name: "conversation_id", Type: arrow.BinaryTypes.String},
				{Name: "answer", Type: arrow.BinaryTypes.String},
				{Name: "retrieval", Type: arrow.ListOf(chunk)},
			}, nil)
			p := writeTable(t, schema, func(b *array.RecordBuilder) {
				b.Field(0).(*array.StringBuilder).Append("c-1")
				b.Field(1).(*array.StringBuilder).Append("Refunds take 30 days [1].")
				lb := b.Field(2).(*array.ListBuilder)
				lb.Append(true)
				sb := lb.ValueBuilder().(*array.StructBuilder)
				sb.Append(true)
				sb.FieldBuilder(0).(*array.StringBuilder).Append("1")
				sb.FieldBuilder(1).(*array.StringBuilder).Append("Refunds take 30 days.")
				tc.fill(sb.FieldBuilder(2))
			})
			o := collect(Open(p, Options{}, nil))
			if tc.want == "" {
				if len(o.skips) != 1 || o.skips[0].Reason != ReasonWrongType || !strings.Contains(o.skips[0].Detail, tc.detail) {
					t.Fatalf("records %d, skips %v: want one %s with %q", len(o.records), o.skips, ReasonWrongType, tc.detail)
				}
				return
			}
			if len(o.records) != 1 {
				t.Fatalf("skips %v, error %v", o.skips, o.fatal)
			}
			got := "none"
			if s := o.records[0].Messages[1].Retrieval[0].Score; s != nil {
				got = strconv.FormatFloat(*s, 'g', -1, 64)
			}
			if got != tc.want {
				t.Errorf("score %s, want %s", got, tc.want)
			}
		})
	}
}

// Mapped rows read scores by the same rule: text holding a number is the
// number, a word skips the row naming the field (it used to be dropped
// without a word).
func TestMappedScoresFollowTheNumericRule(t *testing.T) {
	cases := []struct {
		name, score string
		reason      string
		want        float64
	}{
		{"a number", `0.8`, "", 0.8},
		{"text holding a number", `"0.8"`, "", 0.8},
		{"a word", `"high"`, ReasonWrongType, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			row := customRow(t, func(r map[string]any) {
				r["contexts"] = `[{"chunk_id": "c1", "doc": "kb.md", "text": "Refunds take 30 days.", "score": ` + tc.score + `}]`
			})
			o := readMapped(t, writeFile(t, "m.jsonl", []byte(row+"\n")), Options{})
			if tc.reason != "" {
				if len(o.skips) != 1 || o.skips[0].Reason != tc.reason || !strings.Contains(o.skips[0].Detail, "score") {
					t.Fatalf("records %d, skips %v: want one %s naming the field", len(o.records), o.skips, tc.reason)
				}
				return
			}
			if len(o.records) != 1 {
				t.Fatalf("skips %v", o.skips)
			}
			if s := o.records[0].Messages[1].Retrieval[0].Score; s == nil || *s != tc.want {
				t.Errorf("score %v, want %v", s, tc.want)
			}
		})
	}
}

// A message's content given as OpenAI's content parts is its text parts,
// one per line; parts without text (an image) are passed over, and a
// list of something else is still wrong_field_type.
func TestContentPartsAreReadAsText(t *testing.T) {
	line := func(user, answer string) string {
		return `{"conversation_id":"p","messages":[{"role":"user","content":` + user + `},{"role":"assistant","content":` + answer +
			`,"retrieval":[{"id":"1","text":"Express costs €9.90."}]}]}` + "\n"
	}
	cases := []struct {
		name, line, user, answer string
		skip                     string
	}{
		{"a user message in parts, text and an image",
			line(`[{"type":"text","text":"How much is express?"},{"type":"image_url","image_url":{"url":"https://x/y.png"}}]`, `"Express costs €19.90 [1]."`),
			"How much is express?", "Express costs €19.90 [1].", ""},
		{"an answer in two text parts",
			line(`"Express?"`, `[{"type":"text","text":"Express costs €9.90 [1]."},{"type":"output_text","text":"Anything else?"}]`),
			"Express?", "Express costs €9.90 [1].\nAnything else?", ""},
		{"the Assistants API's text object with its value",
			line(`"Express?"`, `[{"type":"text","text":{"value":"Express costs €9.90 [1].","annotations":[]}}]`),
			"Express?", "Express costs €9.90 [1].", ""},
		{"an answer of parts without text has no content",
			line(`"Express?"`, `[{"type":"image_url","image_url":{"url":"https://x/y.png"}}]`), "", "", ReasonMissingContent},
		{"a list of numbers is no content",
			line(`"Express?"`, `[1, 2]`), "", "", ReasonWrongType},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, _ := readAll(t, writeFile(t, "parts.jsonl", []byte(tc.line)), Options{})
			if tc.skip != "" {
				if len(o.skips) != 1 || o.skips[0].Reason != tc.skip {
					t.Fatalf("skips %v, want one %s", o.skips, tc.skip)
				}
				return
			}
			if len(o.records) != 1 {
				t.Fatalf("%d records, skips %v; want the record read", len(o.records), o.skips)
			}
			m := o.records[0].Messages
			if m[0].Content != tc.user || m[1].Content != tc.answer {
				t.Errorf("user %q, answer %q; want %q, %q", m[0].Content, m[1].Content, tc.user, tc.answer)
			}
		})
	}
}
