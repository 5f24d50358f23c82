package audit

import (
	"context"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A marker after a list's last item cites every item: the citation is
// judged item by item and reported once, on the whole list.
func TestAListCitedAtItsEnd(t *testing.T) {
	cases := []struct {
		name, answer, chunk string
		verdict, reason     string // the one finding's verdict and last reason ("": none)
	}{
		{"an item the chunk lacks makes the list's citation unsupported",
			"You can pay with:\n- Visa\n- Klarna\n- PayPal [1]", "We accept Visa, Mastercard and PayPal.", Unsupported, reasonLowSimilarity},
		{"a list whose every item the chunk states is supported",
			"You can pay with:\n- Visa\n- Mastercard\n- PayPal [1]", "We accept Visa, Mastercard and PayPal.", Supported, ""},
		{"a wrong price in an earlier item of an English list is the list's number mismatch",
			"Our plans:\n- Basic costs €9 per month\n- Pro costs €39 per month\n- Team costs €99 per month [1]",
			"Basic costs €9 per month. Pro costs €29 per month. Team costs €99 per month.", Unsupported, "number_mismatch"},
		{"a wrong price in a Dutch list's first item is the list's number mismatch",
			"Onze abonnementen:\n- Basis kost € 19 per maand\n- Pro kost € 29 per maand\n- Team kost € 99 per maand [1]",
			"Basis kost € 9 per maand. Pro kost € 29 per maand. Team kost € 99 per maand.", Unsupported, "number_mismatch"},
		{"a German list whose items all hold is supported",
			"Unsere Tarife:\n* Basic kostet 9 € im Monat.\n* Pro kostet 29 € im Monat.\n* Team kostet 99 € im Monat. [1]",
			"Basic kostet 9 € im Monat. Pro kostet 29 € im Monat. Team kostet 99 € im Monat.", Supported, ""},
		{"a negated item in a Spanish list is the list's negation mismatch, a negation",
			"Condiciones de devolución:\n- Los productos abiertos se pueden devolver\n- El plazo es de 30 días [1]",
			"Los productos abiertos no se pueden devolver. El plazo de devolución es de 30 días.", Unsupported, "negated"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := auditOneChunk(t, tc.answer, tc.chunk)
			var cited []Finding
			for _, f := range res.Findings {
				if f.Verdict == Uncited {
					t.Errorf("an item reported uncited: %q", f.Sentence)
				} else {
					cited = append(cited, f)
				}
			}
			if len(cited) != 1 {
				t.Fatalf("%d citations, want the list's one: %+v", len(cited), cited)
			}
			f := cited[0]
			last := ""
			if len(f.Reasons) > 0 {
				last = f.Reasons[len(f.Reasons)-1]
			}
			if f.Verdict != tc.verdict || f.SentenceVerdict != tc.verdict || last != tc.reason {
				t.Errorf("verdict %s (claim %s), reasons %v; want %s, %q", f.Verdict, f.SentenceVerdict, f.Reasons, tc.verdict, tc.reason)
			}
			// The finding shows the list, numbered as the one claim after its lead-in.
			runes := []rune(tc.answer)
			start := slices.Index(runes, '\n') + 1
			if f.SentenceIndex != 1 || f.CharStart != start || f.CharEnd != len(runes) || f.Sentence != string(runes[start:]) {
				t.Errorf("sentence %d at %d-%d %q, want 1 at %d-%d", f.SentenceIndex, f.CharStart, f.CharEnd, f.Sentence, start, len(runes))
			}
		})
	}
}

// Judging a list item by item gives the same findings whatever came
// before: a passage shown for an item that is not reported is shown later.
func TestAListShowsThePassageOfTheItemItReports(t *testing.T) {
	res, err := testAuditor.Audit(context.Background(), record("These are the ways you can pay for your order:\n- Visa\n- Klarna\n- PayPal [1]\n\nWe accept Visa, Mastercard and PayPal [1].",
		readers.Chunk{ID: "1", Text: "We accept Visa, Mastercard and PayPal."}))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 2 || res.Findings[0].Verdict != Unsupported || res.Findings[0].MatchedText == "" {
		t.Fatalf("findings %+v", res.Findings)
	}
	if res.Findings[1].Verdict != Supported || res.Findings[1].MatchedText != "" {
		t.Errorf("the second finding shows the passage again or is not supported: %+v", res.Findings[1])
	}
}
