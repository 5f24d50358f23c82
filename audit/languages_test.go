package audit

import (
	"context"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// Each claim is judged in its own language, never by another language's
// rules: a claim and a chunk in two languages are compared by their
// numbers only, and a language the audit does not read is not auditable.
func TestClaimLanguages(t *testing.T) {
	const (
		nlChunk = "U kunt een bestelling binnen 30 dagen na ontvangst kosteloos retourneren. Het aankoopbedrag wordt binnen 14 dagen teruggestort."
		enChunk = "Orders can be returned free of charge within 30 days of receipt. Refunds are paid within 14 days."
	)
	cases := []struct {
		name, answer, chunk string
		sentence            int // the finding checked, by sentence index
		verdict             string
		reason              string // "" for none
		lang, chunkLang     string
	}{
		{"a Dutch claim of a Dutch chunk is judged in Dutch",
			"U kunt uw bestelling binnen 30 dagen kosteloos retourneren [1].", nlChunk, 0, Supported, "", "nl", ""},
		{"an English sentence in a Dutch answer citing a Dutch chunk is not judged by Dutch rules",
			"U kunt uw bestelling binnen 30 dagen kosteloos retourneren [1]. Refunds are paid within 14 days of the return [1].",
			nlChunk, 1, NotAuditable, reasonLanguagesDiffer, "en", "nl"},
		{"a German claim of an English chunk that states its number cannot be compared",
			"Die Erstattung erfolgt innerhalb von 14 Tagen [1].", enChunk, 0, NotAuditable, reasonLanguagesDiffer, "de", "en"},
		{"a German claim of an English chunk that lacks its number fails",
			"Die Erstattung erfolgt innerhalb von 21 Tagen [1].", enChunk, 0, Unsupported, "number_mismatch", "de", "en"},
		{"an Italian claim is not auditable",
			"Il rimborso viene effettuato entro quattordici giorni dalla restituzione [1].", enChunk, 0, NotAuditable, reasonLanguage, "it", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, readers.Chunk{ID: "1", Text: tc.chunk}))
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(res.Findings, func(f Finding) bool { return f.SentenceIndex == tc.sentence && f.Citation == "1" })
			if i < 0 {
				t.Fatalf("no finding for sentence %d: %+v", tc.sentence, res.Findings)
			}
			f := res.Findings[i]
			reason := ""
			if len(f.Reasons) > 0 {
				reason = f.Reasons[0]
			}
			if f.Verdict != tc.verdict || reason != tc.reason || f.Language != tc.lang || f.ChunkLanguage != tc.chunkLang {
				t.Errorf("%s %q in %q (chunk %q), want %s %q in %q (chunk %q)", f.Verdict, reason, f.Language, f.ChunkLanguage,
					tc.verdict, tc.reason, tc.lang, tc.chunkLang)
			}
		})
	}
}
