package audit

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

var (
	cafeChunk   = readers.Chunk{ID: "1", Text: "R&D spending at Café Nord rose to 5 million euros in 2024."}
	refundClaim = readers.Chunk{ID: "2", Text: "Refunds are accepted within 30 days of delivery."}
)

// Claims are found however their text is escaped: Go's \u0026 for "&",
// "<", ">", Python's \u00e9 (ensure_ascii), or raw UTF-8. A claim the old
// search for Go's own spelling missed was dropped silently, so a claim
// citing evidence not retrieved could leave its answer "answered" and 100 %
// supported (QA defect 2, repro 01).
func TestClaimsJSONEscapedTextIsAudited(t *testing.T) {
	cases := []struct {
		name, content string
		claims        []string // decoded texts, in order
		status        string
		verdicts      []string
	}{
		{"python ensure_ascii (repro 01 py-ascii)",
			`{"claims": [{"text": "R&D spending at Caf\u00e9 Nord rose to 5 million euros in 2024.", "evidence_ids": ["1"]}, {"text": "Refunds are accepted within 30 days of delivery.", "evidence_ids": ["2"]}]}`,
			[]string{cafeChunk.Text, refundClaim.Text}, Answered, []string{Supported, Supported}},
		{"raw UTF-8 (repro 01 py-utf8)",
			`{"claims": [{"text": "R&D spending at Café Nord rose to 5 million euros in 2024.", "evidence_ids": ["1"]}, {"text": "Refunds are accepted within 30 days of delivery.", "evidence_ids": ["2"]}]}`,
			[]string{cafeChunk.Text, refundClaim.Text}, Answered, []string{Supported, Supported}},
		{"a fabricated citation in an escaped claim rejects the answer (repro 01 fabricated-hidden)",
			`{"claims": [{"text": "Caf\u00e9 Nord is open 24/7.", "evidence_ids": ["99"]}, {"text": "Refunds are accepted within 30 days of delivery.", "evidence_ids": ["2"]}]}`,
			[]string{"Café Nord is open 24/7.", refundClaim.Text}, Rejected, []string{Fabricated, Supported}},
		{"Go's escapes of & < >",
			`{"claims":[{"text":"R\u0026D spending at Café Nord rose to 5 million euros in 2024.","evidence_ids":["1"]},{"text":"Orders \u003c 50 EUR \u0026 parcels \u003e 2 kg ship in 5 days.","evidence_ids":["7"]}]}`,
			[]string{cafeChunk.Text, "Orders < 50 EUR & parcels > 2 kg ship in 5 days."}, Rejected, []string{Supported, Fabricated}},
		{"raw & < > é, other escapes, keys in any order and case",
			"{ \"answer\" : {\"claims\": [{\"text\": \"nested, not a claim\"}]},\n \"claims\" : [ {\"evidence_ids\" : [2], \"Text\" :\n \"Refunds are \\\"accepted\\\" within 30 days of delivery \\u2014 <b>& é</b>\\/\\n.\"} ] }",
			[]string{"Refunds are \"accepted\" within 30 days of delivery \u2014 <b>& é</b>/\n."}, Answered, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.content, cafeChunk, refundClaim))
			if err != nil {
				t.Fatal(err)
			}
			if res.Answers[0].Status != tc.status {
				t.Errorf("answer status %s, want %s", res.Answers[0].Status, tc.status)
			}
			if len(res.Findings) != len(tc.claims) {
				t.Fatalf("%d findings for %d claims: %+v", len(res.Findings), len(tc.claims), res.Findings)
			}
			runes := []rune(tc.content)
			for i, f := range res.Findings {
				if f.Sentence != tc.claims[i] {
					t.Errorf("finding %d: sentence %q, want %q", i, f.Sentence, tc.claims[i])
				}
				// The position is the claim's text as written in the JSON.
				var text string
				if err := json.Unmarshal([]byte(`"`+string(runes[f.CharStart:f.CharEnd])+`"`), &text); err != nil || text != tc.claims[i] {
					t.Errorf("finding %d: chars %d-%d hold %q", i, f.CharStart, f.CharEnd, string(runes[f.CharStart:f.CharEnd]))
				}
				if tc.verdicts != nil && f.Verdict != tc.verdicts[i] {
					t.Errorf("finding %d %q: verdict %s, want %s", i, f.Sentence, f.Verdict, tc.verdicts[i])
				}
			}
		})
	}
}

// An empty claim has nothing to audit, but citing evidence that was not
// retrieved still rejects its answer.
func TestEmptyClaimCitingUnretrievedEvidenceRejects(t *testing.T) {
	content := `{"claims":[{"text":"","evidence_ids":["99"]},{"text":"Refunds are accepted within 30 days of delivery.","evidence_ids":["2"]}]}`
	res, err := testAuditor.Audit(context.Background(), record(content, refundClaim))
	if err != nil || res.Answers[0].Status != Rejected || len(res.Findings) != 1 {
		t.Fatalf("want one finding of a rejected answer: %+v %+v %v", res.Answers, res.Findings, err)
	}
}

// parseClaims locates every claim its decoding finds, or keeps it
// unlocated; it never loses one.
func TestParseClaimsLocatesEveryClaim(t *testing.T) {
	for _, content := range []string{
		`{"claims":[{"text":"a \u0026 b","evidence_ids":["1"]},{"evidence_ids":[1,"2"],"text":"a & b"}]}`,
		` {"claims":[{"text":"first","text":"second"}],"claims":[{"note":{"text":"x"},"text":"third"}]}`,
		`{"claims":[{"TEXT":"\"quoted\" \\ back\/slash"}]}`,
		`{"claims":[{"text":null},{"text":"x"},{}]}`,
	} {
		var doc struct {
			Claims []struct{ Text string } `json:"claims"`
		}
		if err := json.Unmarshal([]byte(content), &doc); err != nil {
			t.Fatal(err)
		}
		claims, ok := parseClaims(content)
		if !ok || len(claims) != len(doc.Claims) {
			t.Fatalf("%s: %d claims, want %d", content, len(claims), len(doc.Claims))
		}
		for i, c := range claims {
			if c.text != doc.Claims[i].Text {
				t.Errorf("%s: claim %d %q, want %q", content, i, c.text, doc.Claims[i].Text)
			}
			if c.text != "" && c.start < 0 {
				t.Errorf("%s: claim %d %q not located", content, i, c.text)
			}
		}
	}
}

// Claims JSON in the Markdown code fence models wrap it in is read, each
// claim located in the content as written; a fence around prose is not.
func TestFencedClaimsJSONIsRead(t *testing.T) {
	for _, content := range []string{
		"```json\n{\"claims\":[{\"text\":\"Refunds take 30 days.\",\"evidence_ids\":[\"9\"]}]}\n```",
		"  ```\n  {\"claims\":[{\"text\":\"Refunds take 30 days.\",\"evidence_ids\":[\"9\"]}]}\n```\n",
	} {
		claims, ok := parseClaims(content)
		if !ok || len(claims) != 1 || claims[0].start < 0 || content[claims[0].start:claims[0].end] != "Refunds take 30 days." || claims[0].ids[0] != "9" {
			t.Errorf("%q: %+v, %v", content, claims, ok)
		}
	}
	if _, ok := parseClaims("```python\nprint({\"claims\": 1})\n```"); ok {
		t.Error("a fence of another language was read as claims JSON")
	}
}

func FuzzParseClaims(f *testing.F) {
	f.Add(`{"claims":[{"text":"a \u0026 b","evidence_ids":["1"]},{"evidence_ids":[1],"text":"é"}]}`)
	f.Add(`{"x":{"claims":[]},"claims":[{"Text":"\"q\"\n"}]}`)
	f.Fuzz(func(t *testing.T, content string) {
		claims, _ := parseClaims(content)
		for _, c := range claims {
			if c.start < 0 {
				continue
			}
			var text string
			if c.start < 1 || c.end >= len(content) || json.Unmarshal([]byte(content[c.start-1:c.end+1]), &text) != nil || text != c.text {
				t.Fatalf("claim %q located at %d-%d of %q", c.text, c.start, c.end, content)
			}
		}
		prev := 0
		for _, s := range claimSentences(claims) {
			if s.Start < prev || s.End < s.Start || s.End > len(content) || s.Text == "" {
				t.Fatalf("bad sentence %+v of %q", s, content)
			}
			prev = s.End
		}
	})
}

// A claim whose text could not be located is audited all the same, at an
// empty span after the claim before it, with its citations.
func TestUnlocatedClaimIsStillAudited(t *testing.T) {
	ss := claimSentences([]jsonClaim{
		{text: "Refunds take 30 days.", start: 12, end: 33, ids: []string{"1"}},
		{text: "Café Nord is open 24/7.", start: -1, end: -1, ids: []string{"99"}},
	})
	if len(ss) != 2 || ss[1].Text != "Café Nord is open 24/7." || ss[1].Start != 33 || ss[1].End != 33 ||
		len(ss[1].Markers) != 1 || ss[1].Markers[0].IDs[0] != "99" || ss[1].Index != 1 {
		t.Fatalf("got %+v", ss)
	}
}
