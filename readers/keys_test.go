package readers

import (
	"strings"
	"testing"
)

// Two keys of one object that name the same audited field skip the record
// as duplicate_key, naming where: the JSON decoder matches keys regardless
// of case and keeps the last, so the audited text would differ from what
// jq and every other tool show. A field written once in another case is
// read, and keys the audit does not read are not checked.
func TestKeysThatNameOneFieldTwiceSkipTheRecord(t *testing.T) {
	const user = `{"role":"user","content":"Refund?"}`
	cases := []struct {
		name, line string
		where      string // in the detail; "" means the record is read
	}{
		{"content and Content", `{"conversation_id":"c-1","messages":[` + user + `,{"role":"assistant","content":"Refunds within 30 days [1].","Content":"The moon is made of cheese [1].","retrieval":[]}]}`, `messages[1] has both "content" and "Content"`},
		{"content twice", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"A [1].","content":"B [1].","retrieval":[]}]}`, `messages[0] has the key "content" twice`},
		{"an escaped spelling", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"A [1].","\u0063ontent":"B [1].","retrieval":[]}]}`, `messages[0] has the key "content" twice`},
		{"a chunk's text in two cases", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"A [1].","retrieval":[{"id":"1","text":"A.","TEXT":"B."}]}]}`, `messages[0].retrieval[0] has both "text" and "TEXT"`},
		{"the Kelvin sign folds to k", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"A. B.","retrieval":[{"id":"1","text":"A."}],"citations":[{"claim_span":{"start":0,"end":2},"chunk_ids":["1"],"chun\u212a_ids":["9"]}]}]}`, `has both "chunk_ids" and "chun\u212a_ids"`},
		{"the long s folds to s", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"A [1].","retrieval":[{"id":"1","text":"A.","source":"a.md","\u017fource":"b.md"}]}]}`, `has both "source" and "\u017fource"`},
		{"two conversation ids", `{"conversation_id":"c-1","Conversation_ID":"c-2","messages":[{"role":"assistant","content":"A.","retrieval":[]}]}`, `the record has both "conversation_id" and "Conversation_ID"`},
		{"the flat form's answer twice", `{"conversation_id":"c-1","answer":"A.","ANSWER":"B.","retrieval":[]}`, `the record has both "answer" and "ANSWER"`},
		{"a claim span's start twice", `{"conversation_id":"c-1","messages":[{"role":"assistant","content":"A. B.","retrieval":[{"id":"1","text":"A."}],"citations":[{"claim_span":{"start":0,"Start":3,"end":2},"chunk_ids":["1"]}]}]}`, `messages[0].citations[0].claim_span has both "start" and "Start"`},
		{"a field written once in another case", `{"conversation_id":"c-1","messages":[{"Role":"assistant","Content":"A.","retrieval":[]}]}`, ""},
		{"keys the audit does not read", `{"conversation_id":"c-1","meta":{"x":1,"x":2,"X":3},"messages":[{"role":"assistant","content":"A.","retrieval":[],"extra":1,"Extra":2}]}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := collect(Open(writeFile(t, "k.jsonl", []byte(tc.line+"\n")), Options{}, nil))
			if tc.where == "" {
				if len(o.records) != 1 || len(o.skips) != 0 {
					t.Fatalf("records %d, skips %v: want it read", len(o.records), o.skips)
				}
				return
			}
			if len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonDuplicateKey || !strings.Contains(o.skips[0].Detail, tc.where) {
				t.Fatalf("records %d, skips %v: want one %s naming %q", len(o.records), o.skips, ReasonDuplicateKey, tc.where)
			}
		})
	}
}

// In formats read key by key as written (mapped rows, Ragas rows,
// provider documents), a key given twice in any object skips the record:
// tools differ on which one counts.
func TestAKeyGivenTwiceSkipsMappedRowsAndDocuments(t *testing.T) {
	row := customRow(t, func(row map[string]any) {})
	dupRow := strings.Replace(row, `"answer":`, `"answer":"The moon is cheese [1].","answer":`, 1)
	o := readMapped(t, writeFile(t, "m.jsonl", []byte(row+"\n"+dupRow+"\n")), Options{})
	if len(o.records) != 1 || len(o.skips) != 1 || o.skips[0].Reason != ReasonDuplicateKey || o.skips[0].Line != 2 {
		t.Errorf("mapped rows: %d records, skips %v; want line 2 skipped as %s", len(o.records), o.skips, ReasonDuplicateKey)
	}
	doc := string(mustRead(t, "../testdata/formats/dify-chat-message.json"))
	dupDoc := strings.Replace(doc, `"answer":`, `"answer": "The moon is cheese.", "answer":`, 1)
	if dupDoc == doc {
		t.Fatal("the Dify sample has no answer key to repeat")
	}
	o = collect(Open(writeFile(t, "dify.json", []byte(dupDoc)), Options{Format: "dify"}, nil))
	if len(o.records) != 0 || len(o.skips) != 1 || o.skips[0].Reason != ReasonDuplicateKey {
		t.Errorf("provider document: %d records, skips %v, error %v; want it skipped as %s", len(o.records), o.skips, o.fatal, ReasonDuplicateKey)
	}
}
