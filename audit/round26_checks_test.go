package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A claim leaving out a condition opened by "once", "zodra", "sobald",
// "dès que" or "una vez que" fails, and so does "at any time" against
// such a condition, as with "if"; a claim keeping the condition passes,
// and one opening with the time tells a sequence.
func TestConditionsOpenedByOnce(t *testing.T) {
	const nl = "Je kunt je abonnement zonder opzegvergoeding opzeggen, zodra het minstens zes maanden loopt."
	const es = "Puede cancelar sin coste una vez que el contrato cumpla al menos seis meses."
	assertUnsupported(t, []flipCase{
		{"op elk moment fails", "Je kunt op elk moment opzeggen zonder opzegvergoeding [1].", nl, true},
		{"zodra dropped fails", "Je kunt je abonnement zonder opzegvergoeding opzeggen [1].", nl, true},
		{"zodra kept passes", "Zodra je abonnement minstens zes maanden loopt, kun je het zonder opzegvergoeding opzeggen [1].", nl, false},
		{"once dropped fails", "You can cancel at any time without a fee [1].", "You can cancel without a fee once the contract has run for at least six months.", true},
		{"once kept passes", "You can cancel free of charge once the contract has run for at least six months [1].", "You can cancel without a fee once the contract has run for at least six months.", false},
		{"sobald dropped fails", "Sie können jederzeit ohne Gebühr kündigen [1].", "Sie können ohne Gebühr kündigen, sobald der Vertrag mindestens sechs Monate läuft.", true},
		{"dès que dropped fails", "Vous pouvez résilier à tout moment sans frais [1].", "Vous pouvez résilier sans frais dès que le contrat a au moins six mois.", true},
		{"en cualquier momento fails", "Puede cancelar en cualquier momento sin coste [1].", es, true},
		{"una vez que dropped fails", "Puede cancelar sin coste [1].", es, true},
		{"once a month is no condition", "Statements are sent once a month by email [1].", "Statements are sent once a month by email.", false},
	})
}

// "Free" given to a thing the chunk prices in a sentence of its own while
// it calls another thing free fails, with or without an amount; the thing
// it calls free passes.
func TestFreeOfAnotherThing(t *testing.T) {
	cases := []flipCase{}
	for _, c := range []struct{ wrong, right, chunk string }{
		{"Größere Hunde fahren kostenlos mit", "Kleine Hunde in einer Transportbox fahren kostenlos mit", "Kleine Hunde in einer Transportbox fahren kostenlos mit. Größere Hunde benötigen einen Fahrschein zum ermäßigten Preis."},
		{"Larger dogs travel free of charge", "Small dogs in a carrier travel free of charge", "Small dogs in a carrier travel free of charge. Larger dogs need a ticket at the reduced fare."},
		{"Grote honden reizen gratis mee", "Kleine honden in een mand reizen gratis mee", "Kleine honden in een mand reizen gratis mee. Grotere honden hebben een kaartje tegen gereduceerd tarief nodig."},
		{"Les grands chiens voyagent gratuitement", "Les petits chiens en panier voyagent gratuitement", "Les petits chiens en panier voyagent gratuitement. Les chiens plus grands doivent avoir un billet à tarif réduit."},
		{"Los perros grandes viajan gratis", "Los perros pequeños en transportín viajan gratis", "Los perros pequeños en transportín viajan gratis. Los perros más grandes necesitan un billete a tarifa reducida."},
	} {
		cases = append(cases, flipCase{c.wrong + " fails", c.wrong + " [1].", c.chunk, true}, flipCase{c.right + " passes", c.right + " [1].", c.chunk, false})
	}
	const sso = "SSO is available on the Business plan at no extra cost. On the Team plan, single sign-on costs €2 per user per month."
	cases = append(cases,
		flipCase{"free where the chunk denies a cost passes", "SSO is free on the Business plan [1].", sso, false},
		flipCase{"free on the plan the chunk prices fails", "Single sign-on is free on the Team plan [1].", sso, true},
		flipCase{"an elided word is no subject", "Jusqu'à 5 invités par compte sont gratuits [1].", "Les utilisateurs supprimés restent facturés jusqu'à la fin du mois. Les invités sont gratuits, dans la limite de 5 par compte.", false})
	assertUnsupported(t, cases)
}

// "Tanto X como Y" and "zowel X als Y" give both names what the chunk
// says of one, as "X y Y" does.
func TestPairOfNamesGivenOnesFeature(t *testing.T) {
	const es = "El plan Premium incluye clases en grupo y acceso a la piscina. El plan Básico da acceso a la sala de musculación."
	assertUnsupported(t, []flipCase{
		{"tanto … como fails", "Tanto el plan Básico como el Premium incluyen clases en grupo [1].", es, true},
		{"zowel … als fails", "Zowel het Basic- als het Premium-abonnement bevatten groepslessen [1].", "Het Premium-abonnement bevat groepslessen en toegang tot het zwembad. Het Basic-abonnement geeft toegang tot de fitnessruimte.", true},
		{"both said of both passes", "Tanto el plan Básico como el Premium incluyen clases en grupo [1].", "El plan Premium incluye clases en grupo. El plan Básico también incluye clases en grupo.", false},
	})
}

// "At any time" against a sentence that allows it at any time only after
// a period said before it fails; a claim saying the period too passes,
// and a period of another clause after it limits nothing.
func TestAnytimeAfterAPeriodSaidBefore(t *testing.T) {
	const nl = "Opzeggen kan na het eerste jaar op elk moment, met een opzegtermijn van één maand."
	assertUnsupported(t, []flipCase{
		{"op elk moment fails", "U kunt op elk moment opzeggen met een opzegtermijn van één maand [1].", nl, true},
		{"the period kept passes", "Na het eerste jaar kunt u op elk moment opzeggen met een opzegtermijn van één maand [1].", nl, false},
		{"at any time fails", "You can cancel at any time with one month's notice [1].", "After the first year you can cancel at any time with one month's notice.", true},
		{"jederzeit fails", "Sie können jederzeit mit einer Frist von einem Monat kündigen [1].", "Nach dem ersten Jahr können Sie jederzeit mit einer Frist von einem Monat kündigen.", true},
	})
}

// An hour with "uur" and the part of the day after it ("7 uur 's
// ochtends", "6 uur 's avonds") is a time of day, read against the
// chunk's "7.00" and "18.00"; "7 uur" alone stays a duration.
func TestDutchHourWithPartOfTheDay(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"the same times pass", "U kunt tussen 7 uur 's ochtends en 6 uur 's avonds bellen [1].", "U kunt ons bellen van 7.00 tot 18.00 uur.", false},
		{"another evening hour fails", "U kunt tussen 7 uur 's ochtends en 6 uur 's avonds bellen [1].", "U kunt ons bellen van 7.00 tot 17.00 uur.", true},
		{"a duration stays one", "De reis duurt 7 uur [1].", "De reis duurt 7 uur.", false},
	})
}

// A claim denying what the chunk restricts to its subject ("only")
// fails; one denying it of the rest the restriction leaves out is no
// contradiction (two turns agree), whatever else the similarity says.
func TestDenialAgainstOnly(t *testing.T) {
	const en = "The offer is valid for new customers only."
	assertUnsupported(t, []flipCase{
		{"denied of the restricted fails", "New customers cannot use the offer [1].", en, true},
		{"de: denied of the restricted fails", "Neukunden können das Angebot nicht nutzen [1].", "Das Angebot gilt nur für Neukunden.", true},
		{"a claim restricting too passes", "Only members can book the studio, no more than 7 days in advance [1].", "The studio can be booked by members only, up to 7 days in advance.", false},
		{"denied of a name the sentence leaves out passes", "Priority support comes with the Pro and Max plans, not with Lite [1].", "Priority support is included in the Pro and Max plans only.", false},
	})
	assertReason(t, "opposite_word", []flipCase{
		{"denied of the rest is no opposite", "Existing customers cannot use the offer [1].", en, false},
		{"affirmed of the rest is one", "Existing customers can use the offer [1].", en, true},
	})
}

// "Free" against a chunk whose sentence about the claim's subject gives
// it a price, the claim's other word in another sentence, fails where
// the chunk calls nothing free; with a free word elsewhere it is left to
// the other reads.
func TestFreeAgainstAPriceWithTheClaimsWordsInTwoSentences(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"lockers free fails", "Lockers are free for members [1].", "Members get access around the clock with their key card. Lockers can be rented for €15 per month, subject to availability.", true},
		{"the price passes", "Members can rent a locker for €15 per month [1].", "Members get access around the clock with their key card. Lockers can be rented for €15 per month, subject to availability.", false},
	})
}

// "Always" against a sentence that allows it only from a threshold ("Ab
// einem Bestellwert von 50 €", "vanaf", "à partir de") fails; a claim
// saying the threshold passes.
func TestAlwaysAgainstAThreshold(t *testing.T) {
	const de = "Ab einem Bestellwert von 50 € ist der Versand kostenlos. Darunter berechnen wir 4,95 €."
	assertUnsupported(t, []flipCase{
		{"immer fails", "Der Versand ist immer kostenlos [1].", de, true},
		{"the threshold kept passes", "Ab 50 € ist der Versand immer kostenlos [1].", de, false},
		{"always fails", "Shipping is always free [1].", "Shipping is free on orders from €50. Below that, we charge €4.95.", true},
		{"altijd fails", "Verzending is altijd gratis [1].", "Vanaf een bestelbedrag van 50 euro is de verzending gratis.", true},
		{"toujours fails", "La livraison est toujours gratuite [1].", "La livraison est gratuite à partir de 50 € d'achat.", true},
	})
}

// German prices "pro Monat" are German, not Czech for "pro": a wrong
// price fails on its number, a right one passes (both had been left not
// auditable as Czech, and the guard had served the wrong one).
func TestGermanPerMonthIsNoCzech(t *testing.T) {
	const de = "Das Pro-Paket kostet 29 € pro Monat. Das Basis-Paket kostet 9 € pro Monat."
	eachFirstFinding(t, []flipCase{
		{"the right price passes", "Das Pro-Paket kostet 29 € pro Monat [1].", de, false},
		{"a wrong price fails", "Das Pro-Paket kostet 39 € pro Monat [1].", de, true},
		{"der Tarif fails", "Der Tarif kostet 39 € pro Monat [1].", "Der Tarif kostet 29 € pro Monat.", true},
	}, func(t *testing.T, tc flipCase, f Finding) {
		want := Supported
		if tc.flipped {
			want = Unsupported
		}
		if f.Verdict != want || f.Language != "de" {
			t.Errorf("%s in %q, want %s in German", f.Verdict, f.Language, want)
		}
	})
}

// An answer logged as two assistant messages, the second without its
// own retrieval, cites the first's: a made-up id in the second is
// fabricated (as the guard reads the two as one answer), a retrieved one
// is judged.
func TestASecondAssistantMessageCitesTheFirstsRetrieval(t *testing.T) {
	rec := &readers.Record{ConversationID: "sp", File: "t", Line: 1, Messages: []readers.Message{
		{Role: "user", Content: "Price and returns?"},
		{Role: "assistant", Content: "Pro costs €29 per month [kb-1].", Retrieval: []readers.Chunk{
			{ID: "kb-1", Text: "Pro costs €29 per month, excluding VAT."},
			{ID: "kb-2", Text: "You can return a product within 14 days of delivery if it is unused."}}},
		{Role: "assistant", Content: "You can return a product within 14 days of delivery if it is unused [kb-2]. Returns are free [kb-9].", NoRetrievalLogged: true},
	}}
	res, err := testAuditor.Audit(context.Background(), rec)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Findings {
		if f.MessageIndex == 2 {
			got[f.Citation] = f.Verdict
		}
	}
	if got["kb-2"] != Supported || got["kb-9"] != Fabricated {
		t.Errorf("the second message's citations: %v; want kb-2 supported, kb-9 fabricated", got)
	}
}

// Opposites in their inflected forms: "ouvre" against "fermée".
func TestInflectedOpposites(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"ouvre against fermée fails", "Le dimanche, la réception ouvre à partir de 18 h [1].", "Les arrivées se font entre 15 h et 20 h ; la réception est fermée le dimanche après 18 h.", true},
		{"fermée kept passes", "Le dimanche, la réception est fermée après 18 h [1].", "Les arrivées se font entre 15 h et 20 h ; la réception est fermée le dimanche après 18 h.", false},
	})
}
