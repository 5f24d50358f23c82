package audit

import (
	"context"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A footnote right after an amount cites: the sentence keeps its
// citation, ends where it ends, and is judged against the chunk it cites.
func TestAFootnoteAfterAnAmountCitesItsSentence(t *testing.T) {
	cases := []struct {
		name      string
		answer    string
		chunks    []string
		sentences []string
		verdicts  []string
	}{
		{name: "a Dutch price with cents and a footnote",
			answer:    "Het abonnement kost € 12,50¹. Bestellingen worden binnen 24 uur verzonden².",
			chunks:    []string{"Het abonnement kost € 12,50 per maand.", "Bestellingen worden binnen 24 uur verzonden."},
			sentences: []string{"Het abonnement kost € 12,50¹.", "Bestellingen worden binnen 24 uur verzonden²."},
			verdicts:  []string{Supported, Supported}},
		{name: "a German price with the euro sign after it",
			answer:    "Das Pro-Abo kostet 19,90 €¹. Die Lieferung dauert zwei Werktage².",
			chunks:    []string{"Das Pro-Abo kostet 19,90 € im Monat.", "Die Lieferung dauert zwei Werktage."},
			sentences: []string{"Das Pro-Abo kostet 19,90 €¹.", "Die Lieferung dauert zwei Werktage²."},
			verdicts:  []string{Supported, Supported}},
		{name: "an English price whose footnote cites the wrong chunk",
			answer:    "The basic plan costs $9.99². Orders ship within one day¹.",
			chunks:    []string{"The basic plan costs $9.99 a month.", "Orders ship within one day."},
			sentences: []string{"The basic plan costs $9.99².", "Orders ship within one day¹."},
			verdicts:  []string{Unsupported, Unsupported}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var chunks []readers.Chunk
			for i, c := range tc.chunks {
				chunks = append(chunks, readers.Chunk{ID: string(rune('1' + i)), Text: c, Score: score(0.9)})
			}
			res, err := plainAuditor().Audit(context.Background(), record(tc.answer, chunks...))
			if err != nil {
				t.Fatal(err)
			}
			var sentences, verdicts []string
			for _, f := range res.Findings {
				sentences, verdicts = append(sentences, f.Sentence), append(verdicts, f.Verdict)
			}
			if !slices.Equal(sentences, tc.sentences) || !slices.Equal(verdicts, tc.verdicts) {
				t.Errorf("findings %q %q, want %q %q", sentences, verdicts, tc.sentences, tc.verdicts)
			}
		})
	}
}
