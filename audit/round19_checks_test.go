package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// "The first five" are the ones up to five: a count the claim names with
// "first" agrees with the chunk's "up to five", in every language; a
// plain figure still does not ("up to" turned into a promise), and a
// chunk's "first" is no bound of its own.
func TestFirstCountIsUpTo(t *testing.T) {
	const free = "Instant transfers are free up to 5 per month; from the sixth one they cost €1."
	assertReason(t, "number_mismatch", []flipCase{
		{"the first five passes in English", "The first five instant transfers each month are free [1].", free, false},
		{"the first 5 passes in English", "The first 5 instant transfers each month are free [1].", free, false},
		{"las cinco primeras passes in Spanish", "Las cinco primeras transferencias inmediatas de cada mes son gratis; a partir de la sexta se cobra 1 € [1].",
			"La transferencia inmediata es gratuita hasta 5 al mes; a partir de la sexta cuesta 1 €.", false},
		{"de eerste vijf passes in Dutch", "De eerste vijf directe overboekingen per maand zijn gratis [1].",
			"Een directe overboeking is gratis tot 5 per maand; vanaf de zesde kost die €1.", false},
		{"a promise of the bound still fails", "The insurance pays €150 for glasses [1].",
			"The insurance pays up to €150 for glasses.", true},
		{"a chunk's first days are days all the same", "The trial is free for 30 days [1].",
			"The first 30 days of the trial are free.", false},
	})
}

// The number of a name ("Glasvezel 500") is no figure of the speed it
// shares: "500 Mbit/s" against "tot 500 Mbit/s" is "up to" turned into a
// promise whatever the package is called.
func TestANamesNumberIsNoFigure(t *testing.T) {
	const glas = "Glasvezel 500 kost €50 per maand en biedt tot 500 Mbit/s download."
	assertReason(t, "number_mismatch", []flipCase{
		{"altijd 500 Mbit/s against tot 500 fails in Dutch", "Met Glasvezel 500 krijgt u altijd 500 Mbit/s download [1].", glas, true},
		{"gives you 500 Mbit/s against up to 500 fails in English", "The Fibre 500 package gives you 500 Mbit/s download speed [1].",
			"The Fibre 500 package offers download speeds of up to 500 Mbit/s.", true},
		{"the price of the named package passes", "Glasvezel 500 kost €50 per maand [1].", glas, false},
		{"tot 500 Mbit/s passes", "Glasvezel 500 biedt tot 500 Mbit/s download [1].", glas, false},
	})
}

// A marker's id and a link's URL are no words of the answer: a German
// answer citing "[kb-versand-2026-de-0001]" or a link is German, judged.
func TestMarkersDoNotTellTheAnswersLanguage(t *testing.T) {
	const text = "Der Expressversand kostet 9,90 Euro und dauert einen Werktag. Rücksendungen sind innerhalb von 14 Tagen kostenlos."
	for _, tc := range []struct{ name, answer, id, source string }{
		{"an id of letters and digits", "Der Expressversand kostet 9,90 Euro [kb-versand-2026-de-0001].", "kb-versand-2026-de-0001", ""},
		{"a Markdown link", "Der Expressversand kostet 9,90 Euro [1](https://help.example.de/versand).", "1", "https://help.example.de/versand"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, readers.Chunk{ID: tc.id, Source: tc.source, Text: text}))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Findings) != 1 {
				t.Fatalf("%d findings, want 1", len(res.Findings))
			}
			if f := res.Findings[0]; f.Language != "de" || f.Verdict != Supported {
				t.Errorf("language %q, verdict %s %v; want German, supported", f.Language, f.Verdict, f.Reasons)
			}
		})
	}
}
