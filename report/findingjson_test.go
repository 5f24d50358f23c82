package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/audit"
)

// referenceJSON is how findings.jsonl was written before appendFinding:
// encoding/json, HTML escaping off, nil lists as [] and nil signals as {};
// then turn and sentence_number after sentence_index.
func referenceJSON(t testing.TB, f audit.Finding, turn int) []byte {
	orEmpty := func(s []string) []string {
		if s == nil {
			return []string{}
		}
		return s
	}
	f.NPFound, f.NPMissing, f.NumbersMissing = orEmpty(f.NPFound), orEmpty(f.NPMissing), orEmpty(f.NumbersMissing)
	f.EntitiesMissing, f.Reasons, f.Unstated = orEmpty(f.EntitiesMissing), orEmpty(f.Reasons), orEmpty(f.Unstated)
	if f.Signals == nil {
		f.Signals = map[string]audit.Score{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&f); err != nil {
		t.Fatal(err)
	}
	at := fmt.Sprintf(`,"sentence_index":%d`, f.SentenceIndex)
	return bytes.Replace(b.Bytes(), []byte(at), fmt.Appendf(nil, `%s,"turn":%d,"sentence_number":%d`, at, turn, f.SentenceIndex+1), 1)
}

// nastyStrings covers every ASCII byte, invalid UTF-8, the separators
// JSON encoders escape for JavaScript, HTML and formula text.
func nastyStrings() []string {
	var all strings.Builder
	for c := 0; c < 0x80; c++ {
		all.WriteByte(byte(c))
	}
	return []string{"", all.String(), "ok \xff\xfe bad \xc3", "line\u2028para\u2029end", "<script>&amp;</script>",
		"=HYPERLINK(\"x\")", "emoji 🙂 and ȺȺȺ", `back\slash "quoted"`, "\x00\x1f\x7f"}
}

func TestAppendFindingMatchesEncodingJSON(t *testing.T) {
	id := "chunk-1"
	s1, s2 := audit.Score(0.12345), audit.Score(1)
	var cases []audit.Finding
	cases = append(cases, audit.Finding{}) // all zero: nulls, [], {}
	for i, s := range nastyStrings() {
		// A judge's record of the citation, judged or not, on every other case.
		var judged *audit.Judged
		switch i % 3 {
		case 1:
			judged = &audit.Judged{Status: s, Model: s, P: &s1, Answer: s, Logprobs: true, LexicalVerdict: s, LexicalReasons: []string{s, "low_similarity"}}
		case 2:
			judged = &audit.Judged{Status: audit.JudgeError, Model: s, LexicalVerdict: s, Error: s}
		}
		cases = append(cases, audit.Finding{Judge: judged,
			ConversationID: s, Tenant: s, Agent: s, Timestamp: s, Source: s, MessageIndex: 3, SentenceIndex: -1,
			CharStart: 10, CharEnd: 1 << 40, Sentence: s, Marker: s, Citation: s, ChunkID: &s, ResolvedBy: s,
			Verdict: s, SentenceVerdict: s, AnswerStatus: s, SupportScore: &s1, SentenceScore: &s2,
			NPCoverage: &s1, TokenOverlap: &s2, Signals: map[string]audit.Score{"z": 0.5, s: s1, "a": -0.00004, "ngram_sim": 0.99999},
			NPFound: []string{s, "x"}, NPMissing: []string{}, NumbersMissing: []string{s}, EntitiesMissing: nil,
			MatchedText: s, MatchedStart: 1, MatchedEnd: 2, BetterChunkID: &id, Reasons: []string{"number_mismatch", s}, Unstated: []string{s},
			Language: s, ChunkLanguage: s,
		})
	}
	for i, f := range cases {
		got, err := appendFinding(nil, &f, i)
		if err != nil {
			t.Fatal(err)
		}
		if want := referenceJSON(t, f, i); !bytes.Equal(got, want) {
			t.Errorf("case %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

func TestAppendFindingRejectsNaN(t *testing.T) {
	nan := audit.Score(math.NaN())
	if _, err := appendFinding(nil, &audit.Finding{SupportScore: &nan}, 1); err == nil {
		t.Error("a NaN score was written")
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range nastyStrings() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		got := append(appendString(nil, s), '\n')
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("%q: got %s, encoding/json %s", s, got, want.Bytes())
		}
	})
}
