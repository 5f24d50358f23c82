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

// A claim made of the chunk's own words with a denial the chunk does not
// make fails though their 4-grams differ; both denying passes.
func TestDenialInTheChunksOwnWords(t *testing.T) {
	const nota = "U kunt nota's tot 3 jaar na de behandeldatum bij ons indienen. Wij betalen binnen 15 werkdagen nadat wij uw declaratie hebben goedgekeurd."
	assertFlips(t, []flipCase{
		{"niet meer of what the chunk allows fails in Dutch", "Een nota kunt u niet meer bij ons indienen [1].", nota, true},
		{"the chunk's own statement passes in Dutch", "Een nota kunt u tot 3 jaar na de behandeldatum bij ons indienen [1].", nota, false},
		{"both denying passes in Dutch", "Bij ons kunt u een nota ouder dan drie jaar niet meer indienen [1].",
			"Een nota ouder dan drie jaar kunt u niet bij ons indienen.", false},
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
			if f := oneFinding(t, tc.answer, readers.Chunk{ID: tc.id, Source: tc.source, Text: text}); f.Language != "de" || f.Verdict != Supported {
				t.Errorf("language %q, verdict %s %v; want German, supported", f.Language, f.Verdict, f.Reasons)
			}
		})
	}
}

// A marker naming an id where the retrieval logs its chunks without ids
// can be neither matched nor told fabricated: it is not auditable, with
// its cause. A number beyond the list, a source the chunks do not name
// and an id where ids are logged stay fabricated.
func TestIDsNotLoggedAreNotFabrications(t *testing.T) {
	const refund = "Refunds are issued within 30 days of delivery. After that we give store credit."
	cases := []struct {
		name, answer string
		chunks       []readers.Chunk
		verdict      string
		reason       string
	}{
		{"an id where no chunk has one", "Refunds are issued within 30 days [doc-1].", []readers.Chunk{{Text: refund}, {Text: "Shipping takes 2 days."}},
			NotAuditable, reasonChunkIDsAbsent},
		{"an id where the chunks' ids are their places", "Refunds are issued within 30 days [kb-acme-0001].", []readers.Chunk{{ID: "1", NoID: true, Text: refund}},
			NotAuditable, reasonChunkIDsAbsent},
		{"a place in the list still resolves", "Refunds are issued within 30 days [1].", []readers.Chunk{{Text: refund}},
			Supported, ""},
		{"a number beyond the list is fabricated", "Refunds are issued within 30 days [7].", []readers.Chunk{{Text: refund}, {Text: "Shipping takes 2 days."}},
			Fabricated, reasonNotRetrieved},
		{"a source no chunk names is fabricated", "Refunds are issued within 30 days [source: returns.md].", []readers.Chunk{{Source: "shipping.md", Text: refund}},
			Fabricated, reasonNotRetrieved},
		{"an id where ids are logged is fabricated", "Refunds are issued within 30 days [doc-9].", []readers.Chunk{{ID: "doc-1", Text: refund}},
			Fabricated, reasonNotRetrieved},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := oneFinding(t, tc.answer, tc.chunks...)
			if f.Verdict != tc.verdict || tc.reason != "" && (len(f.Reasons) != 1 || f.Reasons[0] != tc.reason) {
				t.Errorf("%s %v, want %s %s", f.Verdict, f.Reasons, tc.verdict, tc.reason)
			}
		})
	}
}

// "At any time" drops a time limit the chunk's sentence sets with an
// upper bound on a number of a unit of time ("up to 2 working days in
// advance", "bis 24 Stunden vor Abflug"), in every language; the limit
// restated passes. "In advance" is "before": "after that" in the chunk
// opposes no claim's "before".
func TestAtAnyTimeAgainstADeadline(t *testing.T) {
	const reschedule = "An engineer installation costs a one-off €79. You can reschedule an appointment free of charge up to 2 working days in advance; after that we charge €35."
	assertFlips(t, []flipCase{
		{"always free fails in English", "You can always reschedule an appointment with the engineer free of charge [1].", reschedule, true},
		{"at any time fails in English", "You can reschedule an appointment free of charge at any time [1].", reschedule, true},
		{"altijd kosteloos fails in Dutch", "Een afspraak met de monteur kunt u altijd kosteloos verzetten [1].",
			"Voor de installatie betaalt u eenmalig €79. Een afspraak kunt u tot 2 werkdagen van tevoren kosteloos verzetten; daarna rekenen we €35.", true},
		{"jederzeit fails in German", "Sie können jederzeit kostenlos umbuchen [1].", "Sie können bis 24 Stunden vor Abflug kostenlos umbuchen.", true},
		{"the limit restated passes", "You can reschedule an appointment free of charge up to 2 working days in advance [1].", reschedule, false},
		{"before for in advance passes", "Up to 2 working days before, you can reschedule the appointment free of charge [1].", reschedule, false},
		{"at any time where the chunk says so passes", "You can cancel the subscription at any time [1].",
			"You can cancel the subscription at any time; the cancellation takes effect within 30 days.", false},
		{"after for in advance fails", "You can reschedule an appointment free of charge up to 2 working days after it [1].",
			"You can reschedule an appointment free of charge up to 2 working days in advance.", true},
	})
}

// "Never" or "always" drops the "unless" the chunk's sentence makes
// its statement with, in every language; the claim's own "unless", or
// no absolute word, passes.
func TestNeverAgainstAnUnless(t *testing.T) {
	const liable = "Report a lost or stolen card immediately by phone so we can block it. After you report it, you are not liable for losses, unless you acted fraudulently."
	assertReason(t, "exception_ignored", []flipCase{
		{"never liable fails in English", "After you report a stolen card, you are never liable for any losses [1].", liable, true},
		{"never liable unless fraud passes in English", "After you report a stolen card, you are never liable for losses unless you acted fraudulently [1].", liable, false},
		{"not liable without an absolute passes", "After you report a stolen card, you are not liable for losses [1].", liable, false},
		{"nie haftbar fails in German", "Nach der Meldung haften Sie nie für Schäden [1].",
			"Nach der Meldung haften Sie nicht für Schäden, es sei denn, Sie haben betrügerisch gehandelt.", true},
		{"jamais responsable fails in French", "Après votre déclaration, vous n'êtes jamais responsable des pertes [1].",
			"Après votre déclaration, vous n'êtes pas responsable des pertes, à moins que vous n'ayez agi frauduleusement.", true},
	})
}

// Hours of a "between … and" range whose other end is a time of day are
// times of day ("tussen 8 uur en 18 uur", "zwischen 8 und 18 Uhr"); the
// same range said with "van … tot" is the same range. "Tussen 2 en 4 uur"
// stays a duration.
func TestHoursOfABetweenRange(t *testing.T) {
	const monteur = "De monteur komt op werkdagen tussen 8 uur en 18 uur."
	assertReason(t, "number_mismatch", []flipCase{
		{"08:00 for 8 uur passes in Dutch", "De monteur komt op werkdagen tussen 08:00 en 18:00 uur [1].", monteur, false},
		{"09:00 for 8 uur fails in Dutch", "De monteur komt op werkdagen tussen 09:00 en 18:00 uur [1].", monteur, true},
		{"08:00 for 8 Uhr passes in German", "Der Techniker kommt werktags zwischen 08:00 und 18:00 Uhr [1].", "Der Techniker kommt werktags zwischen 8 und 18 Uhr.", false},
		{"8h00 for 8 heures passes in French", "Le technicien passe en semaine entre 8h00 et 18h00 [1].", "Le technicien passe en semaine entre 8 heures et 18 heures.", false},
		{"tussen en for van tot passes in Dutch", "U betaalt dan een opzegvergoeding tussen €50 en €125 [1].",
			"Zegt u een vast contract eerder op, dan betaalt u een opzegvergoeding van €50 tot €125.", false},
		{"another end fails in Dutch", "U betaalt dan een opzegvergoeding tussen €50 en €150 [1].",
			"Zegt u een vast contract eerder op, dan betaalt u een opzegvergoeding van €50 tot €125.", true},
		{"a duration between two and four hours is no time", "De installatie duurt tussen 2 en 4 uur [1].", "De installatie duurt 3 uur.", true},
	})
}

// A figure extended with "also" or "too" to a thing the chunk's sentence
// gives another figure is that thing's wrong figure, in every language;
// the claim giving each thing its own figure passes.
func TestAFigureExtendedWithAlso(t *testing.T) {
	const copay = "Emergencies are covered from day one, without a waiting period. The co-payment per visit is €5 for general practice and €10 for specialists."
	const copago = "Las urgencias están cubiertas desde el primer día. El copago por consulta es de 5 € en medicina general y de 10 € en especialistas."
	assertReason(t, "number_mismatch", []flipCase{
		{"also for specialists fails in English", "The co-payment is €5 per visit, also for specialists [1].", copay, true},
		{"for specialists too fails in English", "For specialists, too, the co-payment is €5 per visit [1].", copay, true},
		{"también en especialistas fails in Spanish", "El copago es de 5 € por consulta, también en especialistas [1].", copago, true},
		{"ook bij specialisten fails in Dutch", "De eigen bijdrage is €5 per consult, ook bij specialisten [1].",
			"De eigen bijdrage per consult is €5 bij de huisarts en €10 bij specialisten.", true},
		{"each its own figure passes", "The co-payment is €5 for general practice, and also €10 for specialists [1].", copay, false},
		{"also of the figure's own thing passes", "Also for a visit to general practice, the co-payment is €5 [1].", copay, false},
		{"también against solo fails in Spanish", "El envío es gratuito a partir de 35 €, también para Canarias [1].",
			"Los envíos a Canarias tardan de 7 a 10 días laborables. El envío es gratuito a partir de 35 € solo en la Península.", true},
		{"also against only fails in English", "Shipping is free from €35, also for Ireland [1].", "Shipping is free from €35 only within the UK.", true},
		{"also where the chunk names both passes", "Shipping is free from €35, also for Ireland [1].", "Shipping is free from €35 within the UK and Ireland.", false},
	})
}

// oneFinding audits an answer citing chunks and returns its one finding.
func oneFinding(t *testing.T, answer string, chunks ...readers.Chunk) Finding {
	t.Helper()
	res, err := testAuditor.Audit(context.Background(), record(answer, chunks...))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("findings %+v, want one", res.Findings)
	}
	return res.Findings[0]
}

// Pence written glued to their number ("70p") are pence: "70p" states
// "£0.70", "80p" does not, and "£70" is no "70p".
func TestPenceGluedToTheirNumber(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"70p for £0.70 passes", "Calls to landlines cost 70p a minute [1].", "Calls to landlines cost £0.70 per minute.", false},
		{"80p for £0.70 fails", "Calls to landlines cost 80p a minute [1].", "Calls to landlines cost £0.70 per minute.", true},
		{"£70 for 70p fails", "Calls to landlines cost £70 a minute [1].", "Calls to landlines cost 70p per minute.", true},
	})
}

// A comparison is weighed on the figures of the thing it compares: the
// sides' figures of another thing in other sentences of the chunk do not
// stop it ("a lower excess" against £150 and £50 beside cancellation
// cover of £3,000 and £7,500).
func TestAComparisonOfTheThingCompared(t *testing.T) {
	const policy = "The Essentials policy has an excess of £150 per claim; on the Premier policy the excess is £50 per claim. The excess does not apply to claims under Travel Delay or Missed Departure. Cancellation cover is £3,000 per person on Essentials and £7,500 per person on Premier."
	assertReason(t, "sides_swapped", []flipCase{
		{"a lower excess the wrong way round fails", "Essentials has a lower excess than Premier [1].", policy, true},
		{"a lower excess the right way round passes", "Premier has a lower excess than Essentials [1].", policy, false},
		{"a higher cancellation cover the wrong way round fails", "Essentials has a higher cancellation cover than Premier [1].", policy, true},
		{"a lower cancellation cover the right way round passes", "Essentials has a lower cancellation cover than Premier [1].", policy, false},
	})
}
