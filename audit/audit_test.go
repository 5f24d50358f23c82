package audit

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/embed"
	"github.com/ragaudit/ragaudit/readers"
)

var testAuditor = func() *Auditor {
	cfg := DefaultConfig()
	cfg.MinScore = 0.5
	emb, err := embed.Builtin()
	if err != nil {
		panic(err)
	}
	a, err := New(cfg, emb)
	if err != nil {
		panic(err)
	}
	return a
}()

func score(v float64) *float64 { return &v }

const refundChunk = "Refunds are accepted within 30 days of delivery. Items must be unused and in their original packaging. After 30 days we issue store credit instead of a refund."

func record(answer string, chunks ...readers.Chunk) *readers.Record {
	return &readers.Record{
		ConversationID: "c-1", Tenant: "acme", Agent: "bot", File: "t.jsonl", Line: 1,
		Messages: []readers.Message{
			{Role: "user", Content: "What is the refund window?"},
			{Role: "assistant", Content: answer, Retrieval: chunks},
		},
	}
}

// verdictCase is one hand-made answer and what the audit must find in it.
type verdictCase struct {
	name        string
	rec         *readers.Record
	verdicts    []string // per finding
	sentence    []string // sentence_verdict per finding
	status      string
	wantReasons []string // the last reason of each finding, in order, if set ("": none)
}

func verdictCases() []verdictCase {
	refund := readers.Chunk{ID: "1", Source: "refund.md", Text: refundChunk, Score: score(0.9)}
	return []verdictCase{
		{name: "a sentence the chunk states is supported",
			rec: record("Refunds are accepted within 30 days of delivery [1].", refund), verdicts: []string{Supported}, status: Answered},
		{name: "a paraphrase with the same content words is supported",
			rec: record("After 30 days, store credit is issued instead of a refund [1].", refund), verdicts: []string{Supported}, status: Answered},
		{name: "a changed number is unsupported however similar the words",
			rec: record("Refunds are accepted within 60 days of delivery [1].", refund), verdicts: []string{Unsupported}, status: Answered, wantReasons: []string{"number_mismatch"}},
		{name: "an unrelated claim is unsupported",
			rec: record("Our kettles carry a lifetime warranty against limescale [1].", refund), verdicts: []string{Unsupported}, status: Answered, wantReasons: []string{"low_similarity"}},
		{name: "a citation to a chunk that was not retrieved is fabricated",
			rec: record("Refunds are accepted within 30 days of delivery [7].", refund), verdicts: []string{Fabricated}, sentence: []string{Fabricated}, status: Answered},
		{name: "a chunk without text is not auditable",
			rec: record("Refunds are accepted within 30 days [1].", readers.Chunk{ID: "1", Score: score(0.9)}), verdicts: []string{NotAuditable}, sentence: []string{NotAuditable}, status: Answered},
		{name: "a factual sentence without citation is uncited",
			rec: record("Refunds are accepted within 30 days of delivery.", refund), verdicts: []string{Uncited}, status: Answered},
		{name: "courtesy without citation is not a finding",
			rec: record("I hope this helps! Let me know if you need anything else.", refund), verdicts: nil, status: Answered},
		{name: "a refusal is not a failure",
			rec: record("I'm sorry, but I don't have information about that in my knowledge base.", refund), verdicts: nil, status: Refusal},
		{name: "an answer over a weak retrieval is flagged below the floor",
			rec: record("Refunds are accepted within 30 days of delivery [1].", readers.Chunk{ID: "1", Text: refundChunk, Score: score(0.2)}), verdicts: []string{Supported}, status: AnsweredBelowFloor},
		{name: "an answer with nothing retrieved is flagged below the floor",
			rec: record("Refunds are accepted within 30 days of delivery."), verdicts: []string{Uncited}, status: AnsweredBelowFloor},
		{name: "each citation is judged by its own chunk: the one that states the sentence passes beside one that does not",
			rec: record("Refunds are accepted within 30 days of delivery [1][2].", refund,
				readers.Chunk{ID: "2", Text: "Kettles have a two-year warranty.", Score: score(0.8)}),
			verdicts: []string{Supported, Unsupported}, sentence: []string{Supported, Supported}, status: Answered,
			wantReasons: []string{"", "number_mismatch"}},
		{name: "two citations that both state the sentence are both supported",
			rec: record("Refunds are accepted within 30 days of delivery [1][2].", refund,
				readers.Chunk{ID: "2", Text: "Refunds are accepted within 30 days of delivery, says the policy.", Score: score(0.8)}),
			verdicts: []string{Supported, Supported}, sentence: []string{Supported, Supported}, status: Answered},
		{name: "chunks together support what neither does alone",
			rec: record("Refunds take 30 days and kettles have a two-year warranty [1][2].", refund,
				readers.Chunk{ID: "2", Text: "Kettles have a two-year warranty.", Score: score(0.8)}),
			verdicts: []string{Unsupported, Unsupported}, sentence: []string{Supported, Supported}, status: Answered},
		{name: "a made-up id of an unfamiliar shape is fabricated and its digits are none of the next claim's words",
			rec:      record("Members get free shipping [kb-acme-members-0001]. Refunds are accepted within 30 days of delivery [1].", refund),
			verdicts: []string{Fabricated, Supported}, status: Answered, wantReasons: []string{"citation_not_retrieved", ""}},
		{name: "an id left with its template's placeholder names no chunk: fabricated, not uncited",
			rec:      record("Refunds are accepted within 30 days of delivery [kb-oud-{i}].", refund),
			verdicts: []string{Fabricated}, status: Answered, wantReasons: []string{"citation_not_retrieved"}},
		{name: "a made-up id with nothing retrieved is fabricated, not uncited",
			rec:      record("Members get free shipping [kb-acme-members-0001]."),
			verdicts: []string{Fabricated}, status: AnsweredBelowFloor},
		{name: "a list of sources after the answer is no claim",
			rec:      record("Refunds are accepted within 30 days of delivery [1].\n\nSources:\n[1] refund.md", refund),
			verdicts: []string{Supported}, status: Answered},
		{name: "a list of sources on the heading's line is no claim",
			rec:      record("Refunds are accepted within 30 days of delivery [1].\n\nSources: [1] refund.md", refund),
			verdicts: []string{Supported}, status: Answered},
		{name: "a source made up in a list of sources is fabricated",
			rec:      record("Refunds are accepted within 30 days of delivery [1].\n\nSources:\n[1] refund.md\n[2] https://acme.example/faq", refund),
			verdicts: []string{Supported, Fabricated}, status: Answered},
		{name: "a source made up in a list on the heading's line is fabricated",
			rec:      record("Refunds are accepted within 30 days of delivery [1].\n\nQuellen: [1] refund.md, [7] old-faq.md", refund),
			verdicts: []string{Supported, Fabricated}, status: Answered},
		{name: "a cited line that only names a file is no claim",
			rec:      record("Refunds are accepted within 30 days of delivery [1].\n- [refund.md](https://acme.example/refund) [1]", refund),
			verdicts: []string{Supported}, status: Answered},
		{name: "an honest fallback is a refusal, its quoted passage a citation",
			rec: record("I do not have a confident source for this; here is the closest passage: «Refunds are accepted within 30 days of delivery.» [1]",
				readers.Chunk{ID: "1", Text: refundChunk, Score: score(0.1)}),
			verdicts: []string{Supported}, status: Refusal},
		{name: "a fallback quoting what its chunk does not say fails on the quote",
			rec: record("I do not have a confident source for this; here is the closest passage: “Refunds are accepted within 90 days of delivery.” [1]",
				readers.Chunk{ID: "1", Text: refundChunk, Score: score(0.9)}),
			verdicts: []string{Unsupported}, status: Refusal, wantReasons: []string{"number_mismatch"}},
		{name: "a refusal that goes on to answer is an answer",
			rec:      record("I do not have a confident source for this. Refunds are accepted within 60 days of delivery [1].", refund),
			verdicts: []string{Unsupported}, status: Answered},
	}
}

func TestVerdicts(t *testing.T) {
	cases := verdictCases()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), tc.rec)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Answers) != 1 || res.Answers[0].Status != tc.status {
				t.Fatalf("answers = %+v, want status %s", res.Answers, tc.status)
			}
			var got []string
			for _, f := range res.Findings {
				got = append(got, f.Verdict)
			}
			if len(got) != len(tc.verdicts) {
				t.Fatalf("verdicts %v, want %v (findings %+v)", got, tc.verdicts, res.Findings)
			}
			for i := range got {
				if got[i] != tc.verdicts[i] {
					t.Errorf("finding %d: verdict %s, want %s (%+v)", i, got[i], tc.verdicts[i], res.Findings[i])
				}
				if tc.sentence != nil && res.Findings[i].SentenceVerdict != tc.sentence[i] {
					t.Errorf("finding %d: sentence verdict %s, want %s", i, res.Findings[i].SentenceVerdict, tc.sentence[i])
				}
				if res.Findings[i].AnswerStatus != tc.status {
					t.Errorf("finding %d: answer status %s", i, res.Findings[i].AnswerStatus)
				}
			}
			for i, want := range tc.wantReasons {
				if r := res.Findings[i].Reasons; want == "" && len(r) > 0 || want != "" && (len(r) == 0 || r[len(r)-1] != want) {
					t.Errorf("finding %d: reasons %v, want last %q", i, r, want)
				}
				if res.Findings[i].BetterChunkID != nil {
					t.Errorf("finding %d: better chunk %s, want none (its sentence cites the chunks that state it)", i, *res.Findings[i].BetterChunkID)
				}
			}
		})
	}
}

func TestFindingCarriesEvidenceAndPosition(t *testing.T) {
	rec := record("Intro sentence without facts? Refunds are accepted within 45 days [1].",
		readers.Chunk{ID: "1", Text: refundChunk})
	res, err := testAuditor.Audit(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("findings = %+v", res.Findings)
	}
	f := res.Findings[0]
	if f.Marker != "[1]" || f.Citation != "1" || f.ChunkID == nil || *f.ChunkID != "1" || f.ResolvedBy != "id" {
		t.Errorf("citation fields: %+v", f)
	}
	if f.SentenceIndex != 1 || f.CharStart != 30 || f.CharEnd != len([]rune(rec.Messages[1].Content)) || f.MessageIndex != 1 {
		t.Errorf("position: sentence %d chars %d-%d", f.SentenceIndex, f.CharStart, f.CharEnd)
	}
	if len(f.NumbersMissing) != 1 || f.NumbersMissing[0] != "45 days" {
		t.Errorf("numbers missing %v", f.NumbersMissing)
	}
	if len(f.NPFound) == 0 || f.Source != "t.jsonl:1" {
		t.Errorf("np found %v, source %q", f.NPFound, f.Source)
	}
}

func TestResolve(t *testing.T) {
	chunks := []readers.Chunk{{ID: "a"}, {ID: "3"}, {ID: "4:0"}, {ID: "3"}, {ID: ""}}
	cases := []struct {
		rule    ResolveRule
		id      string
		wantIdx int
		wantBy  string
	}{
		{ResolveAuto, "3", 1, "id"}, // id wins over position 3
		{ResolvePosition, "3", 2, "position"},
		{ResolveID, "3", 1, "id"},
		{ResolveAuto, "1", 0, "position"}, // no chunk has id 1
		{ResolveID, "1", -1, ""},
		{ResolveAuto, "doc2", 1, "position"},
		{ResolveAuto, "4:0†source", 2, "id"},
		{ResolveAuto, "9", -1, ""},
		{ResolvePosition, "a", -1, ""},
		{ResolveAuto, "", 4, "id"},
		{ResolveID, "4:0†x", 2, "id"},
		{ResolvePosition, "doc5", 4, "position"},
		{ResolveID, "doc2", -1, ""},
	}
	for _, tc := range cases {
		r := newResolver(chunks)
		idx, by := r.resolve(tc.rule, tc.id)
		if idx != tc.wantIdx || by != tc.wantBy {
			t.Errorf("Resolve(%s, %q) = %d %q, want %d %q", tc.rule, tc.id, idx, by, tc.wantIdx, tc.wantBy)
		}
		if idx, by := r.resolve(tc.rule, tc.id); idx != tc.wantIdx || by != tc.wantBy {
			t.Errorf("resolver.resolve(%s, %q) = %d %q, want %d %q", tc.rule, tc.id, idx, by, tc.wantIdx, tc.wantBy)
		}
	}
	if _, err := ParseResolveRule("nearest"); err == nil {
		t.Error("ParseResolveRule accepted an unknown rule")
	}
}

func TestIsRefusal(t *testing.T) {
	yes := []string{
		"I don't have that information in my knowledge base.",
		"I'm sorry, but I can't find anything about Switzerland.",
		"The provided context does not include information on fasting.",
		"That is not in my knowledge base, sorry.",
		"I am unable to find details on that product.",
	}
	no := []string{
		"Refunds are accepted within 30 days.",
		"We don't have a store in Paris, but we ship there within 3 days.",
	}
	for _, s := range yes {
		if !isRefusal(s, 0, english) {
			t.Errorf("not a refusal: %q", s)
		}
	}
	for _, s := range no {
		if isRefusal(s, 0, english) {
			t.Errorf("refusal: %q", s)
		}
	}
	if isRefusal(yes[0], 1, english) {
		t.Error("an answer with citations counted as a refusal")
	}
}

func TestWilson(t *testing.T) {
	r := Wilson(90, 100)
	if r.Value != 0.9 || r.Low < 0.82 || r.Low > 0.83 || r.High < 0.94 || r.High > 0.95 {
		t.Errorf("Wilson(90,100) = %+v, want 0.9 in about [0.826, 0.945]", r)
	}
	if r := Wilson(0, 0); r != (Rate{}) {
		t.Errorf("Wilson(0,0) = %+v", r)
	}
	if r := Wilson(5, 5); r.High != 1 || r.Low >= 1 {
		t.Errorf("Wilson(5,5) = %+v", r)
	}
}

func TestClaimsJSONAnswer(t *testing.T) {
	refund := readers.Chunk{ID: "r1", Text: refundChunk}
	ok := `{"claims":[{"text":"Refunds are accepted within 30 days of delivery.","evidence_ids":["r1"]}]}`
	res, err := testAuditor.Audit(context.Background(), record(ok, refund))
	if err != nil || len(res.Findings) != 1 || res.Findings[0].Verdict != Supported || res.Answers[0].Status != Answered {
		t.Fatalf("valid claims: %+v %+v %v", res.Answers, res.Findings, err)
	}
	if f := res.Findings[0]; f.Sentence != "Refunds are accepted within 30 days of delivery." || f.Marker != "claims.evidence_ids" {
		t.Errorf("claim finding %+v", f)
	}
	bad := `{"claims":[{"text":"Refunds are accepted within 30 days of delivery.","evidence_ids":["r1"]},{"text":"Shipping is free.","evidence_ids":["x9"]}]}`
	res, _ = testAuditor.Audit(context.Background(), record(bad, refund))
	if res.Answers[0].Status != Rejected || len(res.Findings) != 2 || res.Findings[1].Verdict != Fabricated {
		t.Fatalf("an id outside the retrieval must reject the answer: %+v %+v", res.Answers, res.Findings)
	}
}

// JSON answers as applications write them: claims whose ids are under
// another key than evidence_ids ("citations", objects with an "id"), and
// prose under "answer" whose escapes ("\u20ac") are decoded, its inline
// markers read, and the ids the object gives the answer as a whole that
// no marker names judged only by whether they were retrieved.
func TestJSONAnswersAsApplicationsWriteThem(t *testing.T) {
	refund := readers.Chunk{ID: "r1", Text: "Express shipping costs €9.90. " + refundChunk}
	type want struct {
		verdict, sentence, citation string
	}
	cases := []struct {
		name, answer string
		status       string
		want         []want
	}{
		{"claims with their ids under citations",
			`{"claims":[{"text":"Express shipping costs \u20ac9.90.","citations":["r1"]},{"text":"Returns are free.","citations":[{"id":"x9"}]}]}`,
			Rejected, []want{{Supported, "Express shipping costs €9.90.", "r1"}, {Fabricated, "Returns are free.", "x9"}}},
		{"prose under answer, with markers",
			`{"answer": "Express shipping costs \u20ac9.90 [r1]. Returns are free for members [x9].", "sources": ["r1", "x9"]}`,
			Answered, []want{{Supported, "Express shipping costs €9.90 [r1].", "r1"}, {Fabricated, "Returns are free for members [x9].", "x9"}}},
		{"prose under answer, its ids given whole",
			`{"answer": "Express shipping costs \u20ac9.90.", "citations": [{"id": "r1", "quote": "Express"}, {"id": "x9", "quote": "Returns"}]}`,
			Answered, []want{{Fabricated, "citations: r1, x9", "x9"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, refund))
			if err != nil {
				t.Fatal(err)
			}
			var got []want
			for _, f := range res.Findings {
				got = append(got, want{f.Verdict, f.Sentence, f.Citation})
			}
			if !slices.Equal(got, tc.want) || res.Answers[0].Status != tc.status {
				t.Errorf("findings %+v, status %s; want %+v, %s", got, res.Answers[0].Status, tc.want, tc.status)
			}
		})
	}
}

// A claim with no evidence ids is an uncited sentence like any other, not
// a claim that disappears from the report.
func TestClaimWithoutEvidenceIsUncited(t *testing.T) {
	refund := readers.Chunk{ID: "r1", Text: refundChunk}
	answer := `{"claims":[{"text":"Refunds are accepted within 30 days of delivery.","evidence_ids":["r1"]},` +
		`{"text":"All orders ship free to Mars within 2 days.","evidence_ids":[]},{"text":"Our CEO is Alice Smith and she founded the company.","evidence_ids":null}]}`
	res, err := testAuditor.Audit(context.Background(), record(answer, refund))
	if err != nil || len(res.Findings) != 3 {
		t.Fatalf("want 3 findings, got %+v %v", res.Findings, err)
	}
	for i, want := range []string{Supported, Uncited, Uncited} {
		if res.Findings[i].Verdict != want {
			t.Errorf("claim %d %q: verdict %s, want %s", i, res.Findings[i].Sentence, res.Findings[i].Verdict, want)
		}
	}
}

// An answer that declines and then states a fact anyway is audited: the
// refusal does not excuse the claim after it.
func TestRefusalWithAClaimIsAudited(t *testing.T) {
	cases := []struct {
		name, answer string
		refusal      bool
	}{
		{"a plain refusal", "I don't have that information in my knowledge base. Please contact our support team.", true},
		{"a refusal then a claim", "I don't have that in my knowledge base. However, refunds are accepted within 90 days of delivery.", false},
		{"a refusal with a referral to support", "I'm sorry, but I couldn't find any information about that. You may want to contact our support team for further help.", true},
		{"a refusal naming who can help", "I don't have information about that in my knowledge base. Our support team can answer questions about orders by phone.", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, readers.Chunk{ID: "1", Text: refundChunk}))
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Answers[0].Status == Refusal; got != tc.refusal {
				t.Fatalf("refusal = %v, want %v (findings %+v)", got, tc.refusal, res.Findings)
			}
			if !tc.refusal && (len(res.Findings) != 1 || res.Findings[0].Verdict != Uncited || !strings.HasPrefix(res.Findings[0].Sentence, "However")) {
				t.Errorf("want only the claim after the refusal reported as uncited, got %+v", res.Findings)
			}
		})
	}
}

// A chunk whose text is only whitespace is a logger's placeholder: its
// citations are not auditable, not unsupported.
func TestBlankChunkIsNotAuditable(t *testing.T) {
	res, err := testAuditor.Audit(context.Background(), record("Refunds are accepted within 30 days [1].",
		readers.Chunk{ID: "1", Text: " \n\t "}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Verdict != NotAuditable {
		t.Fatalf("findings %+v, want one not_auditable", res.Findings)
	}
}

// A log that repeats a chunk id: the citation resolves to the first, and
// the second, which states the sentence, is never named its "better"
// chunk (that would read as the cited chunk itself).
func TestRepeatedChunkIDIsNeverTheBetterChunk(t *testing.T) {
	res, err := testAuditor.Audit(context.Background(), record("Refunds are accepted within 30 days of delivery [1].",
		readers.Chunk{ID: "1", Text: "Our stores open at nine on weekdays and at ten on Sundays."},
		readers.Chunk{ID: "1", Text: refundChunk}))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if f.BetterChunkID != nil && *f.BetterChunkID == "1" {
			t.Errorf("better_chunk_id is the cited id: %+v", f)
		}
	}
}

// The part of a sentence a chunk does not state is named: its content
// words the chunk lacks, and, when the chunk states at least half of the
// sentence but the verdict fails it, the reason partly_stated.
func TestUnstatedPart(t *testing.T) {
	refund := readers.Chunk{ID: "1", Source: "refund.md", Text: refundChunk, Score: score(0.9)}
	cases := []struct {
		name, answer string
		unstated     []string
		reason       string // the last reason, "" for none
	}{
		{"a sentence the chunk states has no unstated part", "Refunds are accepted within 30 days of delivery [1].", nil, ""},
		{"added details are the unstated part of a failing sentence", "Refunds are accepted within 30 days at the Berlin outlet with a printed invoice and a receipt [1].",
			[]string{"berlin", "outlet", "printed", "invoice", "receipt"}, "partly_stated"},
		{"a sentence the chunk hardly states is of low similarity", "Our kettles carry a lifetime warranty against limescale [1].",
			[]string{"kettles", "carry", "lifetime", "warranty", "limescale"}, "low_similarity"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, refund))
			if err != nil || len(res.Findings) != 1 {
				t.Fatalf("findings %+v, %v", res.Findings, err)
			}
			f := res.Findings[0]
			if !slices.Equal(f.Unstated, tc.unstated) {
				t.Errorf("unstated %q, want %q", f.Unstated, tc.unstated)
			}
			last := ""
			if len(f.Reasons) > 0 {
				last = f.Reasons[len(f.Reasons)-1]
			}
			if last != tc.reason {
				t.Errorf("reasons %v (verdict %s, score %v), want last %q", f.Reasons, f.Verdict, *f.SupportScore, tc.reason)
			}
		})
	}
}
