package audit

import (
	"context"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// A sentence of the chunk opening with a pronoun ("It closes 2 hours
// before") is about what the sentence before names: a claim giving the
// thing what the pronoun's sentence says of it passes in every language,
// while a claim giving it the other sentence's value, or another thing
// the pronoun's value, still fails.
func TestPronounSentenceIsAboutTheThingBefore(t *testing.T) {
	const en = "Online check-in opens 24 hours before departure. It closes 2 hours before departure."
	const plans = "The Basic plan costs €10 per month. It includes 5 users. The Pro plan costs €25 per month and includes 20 users."
	const de = "Das Basis-Abo kostet 10 € im Monat. Es umfasst 5 Nutzer. Das Pro-Abo kostet 25 € im Monat und umfasst 20 Nutzer."
	assertUnsupported(t, []flipCase{
		{"closes as the pronoun's sentence says passes", "Online check-in closes 2 hours before departure [1].", en, false},
		{"sluit passes", "De online check-in sluit 2 uur voor vertrek [1].", "De online check-in opent 24 uur voor vertrek. Hij sluit 2 uur voor vertrek.", false},
		{"schließt passes", "Der Online-Check-in schließt 2 Stunden vor Abflug [1].", "Der Online-Check-in öffnet 24 Stunden vor Abflug. Er schließt 2 Stunden vor Abflug.", false},
		{"ferme passes", "L'enregistrement en ligne ferme 2 heures avant le départ [1].", "L'enregistrement en ligne ouvre 24 heures avant le départ. Il ferme 2 heures avant le départ.", false},
		{"opens with the closing time fails", "Online check-in opens 2 hours before departure [1].", en, true},
		{"closes with the opening time fails", "Online check-in closes 24 hours before departure [1].", en, true},
		{"ouvre with the closing time fails", "L'enregistrement en ligne ouvre 2 heures avant le départ [1].", "L'enregistrement en ligne ouvre 24 heures avant le départ. Il ferme 2 heures avant le départ.", true},
		{"another thing with the pronoun's value fails", "Bag drop closes 2 hours before departure [1].", en + " Bag drop closes 1 hour before departure.", true},
		{"the plan the pronoun stands for passes", "The Basic plan includes 5 users [1].", plans, false},
		{"the other plan with its value fails", "The Pro plan includes 5 users [1].", plans, true},
		{"das Basis-Abo passes", "Das Basis-Abo umfasst 5 Nutzer [1].", de, false},
		{"das Pro-Abo with its value fails", "Das Pro-Abo umfasst 5 Nutzer [1].", de, true},
	})
}

// A citation in CJK brackets or parentheses naming no retrieved chunk is
// fabricated, as "[7]" is: "【7】" and "(7)" over two chunks, in an
// answer that cites no other way, while "【1】" and "(1)" resolve.
func TestFabricatedInOtherBrackets(t *testing.T) {
	chunks := []readers.Chunk{{ID: "1", Text: "You can return items within 30 days of receipt."}, {ID: "2", Text: "Standard shipping takes 2 to 4 business days."}}
	for _, tc := range []struct{ answer, want string }{
		{"You can return items within 30 days of receipt 【1】.", Supported},
		{"You can return items within 60 days of receipt 【7】.", Fabricated},
		{"You can return items within 30 days of receipt (1).", Supported},
		{"You can return items within 60 days of receipt (7).", Fabricated},
	} {
		res, err := testAuditor.Audit(context.Background(), record(tc.answer, chunks...))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Findings) != 1 || res.Findings[0].Verdict != tc.want {
			t.Errorf("%q: %d findings, first %+v, want one %s", tc.answer, len(res.Findings), res.Findings, tc.want)
		}
	}
}

// A short German answer the detector all but ties with Danish ("Der
// Standardversand kostet 5,95 €": "der" and "kostet" are both) is read as
// German, the language of its chunk, so its wrong price is caught and not
// left unread as Danish.
func TestBarelyDanishGermanAnswer(t *testing.T) {
	res := auditOneChunk(t, "Der Standardversand kostet 5,95 € [1].", "Der Standardversand innerhalb Deutschlands dauert 2 bis 4 Werktage und kostet 4,95 €. Ab einem Bestellwert von 50 € ist der Versand kostenlos.")
	if len(res.Findings) != 1 || res.Findings[0].Language != "de" || res.Findings[0].Verdict != Unsupported {
		t.Fatalf("findings %+v, want one German, unsupported", res.Findings)
	}
}

// Ages said with "younger than" and "older than" are bounds, as "under"
// and "over" are, in English, Dutch, German and Spanish (also with the
// verb between, "jonger is dan", "älter sind als", and Dutch "onder de"):
// "older than 65" against "under 65" fails, "jonger is dan 18" against
// "tot 18 jaar" passes; Spanish "como mucho con 48 horas" is a bound as
// "como mucho 48 horas" is.
func TestAgesAsBounds(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"older than against under fails", "Customers older than 65 get a discount [1].", "Customers under 65 get a discount.", true},
		{"ouder dan against onder de fails", "Klanten ouder dan 65 krijgen korting [1].", "Klanten onder de 65 krijgen korting.", true},
		{"älter sind als against unter fails", "Kunden, die älter sind als 65, erhalten einen Rabatt [1].", "Kunden unter 65 erhalten einen Rabatt.", true},
		{"jonger is dan against tot passes", "Voor wie jonger is dan 18 geldt er helemaal geen eigen risico [1].", "Voor kinderen tot 18 jaar geldt geen eigen risico.", false},
		{"younger than against under passes", "Children younger than 18 pay no deductible [1].", "Children under 18 pay no deductible.", false},
		{"como mucho con passes", "Las clases se pueden reservar desde la app como mucho con 48 horas de antelación [1].", "Las clases dirigidas se reservan en la app con un máximo de 48 horas de antelación.", false},
	})
}

// "Even if" over the case the chunk's "unless" excepts turns it round
// however the rest of the sentence is worded ("you'll pay … even if you
// switch in the last 49 days" against "… applies, unless you switch in the
// last 49 days"), with French "sauf en cas de" and "même si", Spanish
// "salvo que" and "incluso si" (the condition's relative clause aside);
// the exception kept, or another case given "even if", is no turn.
func TestEvenIfOverTheUnlessCase(t *testing.T) {
	const en = "Our Fixed Saver tariff fixes your unit rate and standing charge for 12 months. If you leave before the end of the fixed term, an exit fee of £75 per fuel applies, unless you switch in the last 49 days of the term."
	const fr = "Les opérations frauduleuses effectuées avant l'opposition sont remboursées, sauf en cas de négligence grave de votre part."
	const es = "Si solicitas la baja antes de cumplirse ese plazo, deberás abonar una penalización equivalente a dos cuotas mensuales, salvo que presentes un certificado médico que acredite que no puedes hacer ejercicio."
	assertUnsupported(t, []flipCase{
		{"even if, reworded, fails", "If you leave the Fixed Saver early, you'll pay an exit fee of £75 per fuel, even if you switch in the last 49 days of the term [1].", en, true},
		{"même si fails", "Les opérations frauduleuses effectuées avant l'opposition sont remboursées, même si vous avez commis une négligence grave [1].", fr, true},
		{"même en cas de fails", "Les opérations frauduleuses passées avant l'opposition vous sont remboursées dans tous les cas, même en cas de négligence grave [1].", fr, true},
		{"incluso si fails", "Deberás abonar una penalización equivalente a dos cuotas mensuales incluso si presentas un certificado médico [1].", es, true},
		{"the exception kept passes", "You pay no exit fee if you switch in the last 49 days of the term [1].", en, false},
		{"sauf opening the claim passes", "Sauf négligence grave de votre part, les opérations frauduleuses réalisées avant l'opposition vous sont remboursées [1].", fr, false},
		{"sauf en cas de kept passes", "Les opérations frauduleuses effectuées avant l'opposition sont remboursées, sauf en cas de négligence grave [1].", fr, false},
		{"salvo que kept passes", "Deberás pagar dos cuotas de penalización, salvo que presentes un certificado médico [1].", es, false},
	})
}

// A thing called free where the chunk's sentence gives it a price fails
// when the claim bounds a figure with other words than the chunk ("sous 48
// heures" against "en 48 heures moyennant 30 €"), as it did with the
// chunk's own.
func TestFreeAgainstAPriceWithTheFigureBoundOtherwise(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"gratuitement sous against en … moyennant fails", "La carte de dépannage est livrée gratuitement sous 48 heures [1].", "Une carte de dépannage peut vous être livrée en 48 heures moyennant 30 €.", true},
		{"gratuitement sous against sous … gratuite passes", "La carte de dépannage est livrée gratuitement sous 48 heures [1].", "Une carte de dépannage gratuite peut vous être livrée en 48 heures.", false},
	})
}

// What the chunk says of one of two names, given to both ("The Basic and
// Premium plans include group classes" where only the Premium plan's
// sentence names them) fails in English, Dutch and French; what both
// sentences say, figures given to each, and a claim of the one name pass.
func TestOneNamesThingGivenToTwo(t *testing.T) {
	const en = "The Basic plan costs €29.90 a month and gives access to one club. The Premium plan costs €44.90 a month and includes all clubs in the network as well as group classes."
	assertUnsupported(t, []flipCase{
		{"both plans fail", "The Basic and Premium plans include group classes [1].", en, true},
		{"both … and fails", "Both the Basic and the Premium plan include group classes [1].", en, true},
		{"het Basic- en het Premium-abonnement fail", "Het Basic- en het Premium-abonnement geven toegang tot groepslessen [1].",
			"Het Basic-abonnement kost € 29,90 per maand en geeft toegang tot één club. Het Premium-abonnement kost € 44,90 per maand en geeft toegang tot alle clubs en tot groepslessen.", true},
		{"les formules Basic et Premium fail", "Les formules Basic et Premium incluent les cours collectifs [1].",
			"La formule Basic coûte 29,90 € par mois et donne accès à un seul club. La formule Premium coûte 44,90 € par mois et inclut tous les clubs ainsi que les cours collectifs.", true},
		{"the one plan passes", "The Premium plan includes group classes [1].", en, false},
		{"what both sentences say passes", "The Basic and Premium plans include a free towel [1].", "The Basic plan includes a free towel. The Premium plan includes a free towel and group classes.", false},
		{"each its figure passes", "The Basic and Premium plans cost €29.90 and €44.90 a month [1].", en, false},
	})
}

// A number inside a web or e-mail address is part of a link, no figure
// ("zie https://planbord.nl/help/artikel/4471"), and "24/7" is a phrase of
// [around-the-clock], no pair of figures: both pass where the chunk says
// the rest; a wrong price beside a link, and "24/7" against opening hours,
// still fail.
func TestLinksAndAroundTheClockAreNoFigures(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"a link's number is no figure", "Het abonnement kost € 12 per gebruiker per maand, exclusief btw, zie https://planbord.nl/help/artikel/4471 [1].", "Het abonnement kost € 12 per gebruiker per maand, exclusief btw.", false},
		{"nor one of an address without its scheme", "The plan costs €12 per user per month (see example.com/help/4471) [1].", "The plan costs €12 per user per month.", false},
		{"a wrong price beside a link is", "The plan costs €15 per user per month, see https://example.com/help/article/4471 [1].", "The plan costs €12 per user per month.", true},
		{"24/7 is no figure", "Support is available 24/7 [1].", "Support is available around the clock.", false},
		{"a date with slashes is", "The offer ends on 12/05/2026 [1].", "The offer ends on 19/05/2026.", true},
	})
	assertUnsupported(t, []flipCase{
		{"24/7 against rund um die Uhr passes", "Der Support ist 24/7 erreichbar [1].", "Der Support ist rund um die Uhr erreichbar.", false},
		{"24/7 against opening hours fails", "Support is available 24/7 by phone [1].", "Our phone support is available daily from 8 am to 8 pm.", true},
	})
}

// A clause between commas and before "or" is no list item: "…, we're no
// longer responsible if it's lost or damaged" is no list of three swapped
// against the chunk's, so a faithful paraphrase passes without a name
// mismatch made of its words; Dutch "met een plafond van" bounds a figure
// as "met een maximum van" does.
func TestClausesAreNoListItems(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"a clause before or passes", "Once your parcel has been left in your nominated safe place, we're no longer responsible if it's lost or damaged [1].",
			"Parcels worth more than £250 always need a signature and can't be left in a safe place. Once the driver leaves the parcel in your nominated safe place, we're no longer liable for loss or damage.", false},
		{"a swapped item still fails", "We accept card, bank transfer and cheque [1].", "We accept card, bank transfer and PayPal.", true},
		{"plafond van passes", "Als je in de eerste zes maanden opzegt, betaal je € 30 voor elke resterende maand, met een plafond van € 150 [1].",
			"Zeg je binnen de eerste zes maanden op, dan betaal je een vergoeding van € 30 per resterende maand, met een maximum van € 150.", false},
	})
}

// A figure its clause opens counting "each" of a thing ("Chaque minute
// d'appel … vous coûte 2,50 €", "Cada minuto … cuesta 2,50 €") is counted
// per that thing, as one opening with "per" is: the chunk's figure per
// another thing ("2,50 € par Mo") fails it, its figure per the same thing
// passes.
func TestEachOpeningAClauseCountsPer(t *testing.T) {
	const fr = "Hors UE, les appels sortants sont facturés 0,99 € par minute et les données 2,50 € par Mo."
	const es = "Fuera de la UE, las llamadas cuestan 0,99 € por minuto y los datos 2,50 € por MB."
	assertUnsupported(t, []flipCase{
		{"chaque minute with the data's price fails", "Hors UE, chaque minute d'appel sortant vous coûte 2,50 € [1].", fr, true},
		{"chaque minute with the calls' price passes", "Hors UE, chaque minute d'appel sortant vous coûte 0,99 € [1].", fr, false},
		{"cada minuto with the data's price fails", "Cada minuto de llamada fuera de la UE cuesta 2,50 € [1].", es, true},
		{"cada minuto with the calls' price passes", "Cada minuto de llamada fuera de la UE cuesta 0,99 € [1].", es, false},
	})
	assertReason(t, "number_mismatch", []flipCase{
		{"each month is per month", "Each month you pay €10 for the subscription [1].", "The subscription costs €10 per month.", false},
	})
}
