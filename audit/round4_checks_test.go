package audit

import (
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// Said of what the chunk's sentence leaves out with "except" fails in
// every language; the left-out thing denied, a condition ("except
// that", "unless"), or the rest of the sentence, passes.
func TestExceptedThings(t *testing.T) {
	assertFlips(t, []flipCase{
		{"what 'except' leaves out fails in English",
			"Personalised items can be returned within 30 days [1].", "All items can be returned within 30 days, except personalised items and underwear.", true},
		{"with the exception of fails in English",
			"Gift cards can be refunded [1].", "All purchases can be refunded with the exception of gift cards. Refunds take a week.", true},
		{"behalve fails in Dutch",
			"Gepersonaliseerde artikelen kun je binnen 30 dagen retourneren [1].", "Alle artikelen kun je binnen 30 dagen retourneren, behalve gepersonaliseerde artikelen.", true},
		{"außer fails in German",
			"Bestellungen nach Österreich werden innerhalb von 2 Tagen geliefert [1].", "Alle Bestellungen werden innerhalb von 2 Tagen geliefert, außer nach Österreich.", true},
		{"sauf fails in French",
			"Les articles soldés sont remboursables [1].", "Tous les articles sont remboursables, sauf les articles soldés.", true},
		{"excepto fails in Spanish",
			"Los productos rebajados se pueden devolver [1].", "Todos los productos se pueden devolver, excepto los rebajados.", true},
		{"the rest of the sentence passes",
			"Shoes can be returned within 30 days [1].", "Shoes and bags can be returned within 30 days, except personalised items.", false},
		{"'except that' says a clause, not a thing left out",
			"Lava plateaus are formed by lava flows [1].", "The two are similar in their formation except that lava plateaus are formed by lava flows.", false},
	})
}

// A claim that denies the left-out thing, or says an exception of its
// own, is no claim of it.
func TestExceptedClaimedLeavesDenialsAlone(t *testing.T) {
	l, _ := lang.Get("en")
	sentence := "All items can be returned within 30 days, except personalised items and underwear."
	for _, tc := range []struct {
		claim string
		want  bool
	}{
		{"Personalised items can be returned within 30 days.", true},
		{"Personalised items cannot be returned.", false},
		{"All items except personalised items can be returned.", false},
	} {
		if got := exceptedClaimed(l, tc.claim, normalisedWords(l, tc.claim), sentence); got != tc.want {
			t.Errorf("%q: exceptedClaimed = %v, want %v", tc.claim, got, tc.want)
		}
	}
}

// The event a period runs from, one for another, fails in every
// language; the same event passes.
func TestPeriodAnchors(t *testing.T) {
	assertFlips(t, []flipCase{
		{"of ordering for of delivery fails in English",
			"You can cancel your subscription within 14 days of ordering the box [1].", "You can cancel your subscription within 14 days of delivery of the box.", true},
		{"na bestelling for na levering fails in Dutch",
			"Je kunt binnen 14 dagen na bestelling annuleren [1].", "Je kunt binnen 14 dagen na levering annuleren.", true},
		{"ab Bestellung for ab Erhalt fails in German",
			"Sie können innerhalb von 14 Tagen ab Bestellung widerrufen [1].", "Sie können innerhalb von 14 Tagen ab Erhalt der Ware widerrufen.", true},
		{"desde el pedido for desde la entrega fails in Spanish",
			"Puede desistir en un plazo de 14 días desde el pedido [1].", "Puede desistir en un plazo de 14 días desde la entrega.", true},
		{"after you send for after we receive fails in English",
			"We refund you within 10 days after you send the returned item [1].", "We refund you within 10 days after we receive the returned item.", true},
		{"na verzending for na ontvangst fails in Dutch",
			"De terugbetaling volgt binnen 14 dagen na verzending van je retour [1].", "De terugbetaling volgt binnen 14 dagen na ontvangst van je retour.", true},
		{"nach Absendung for nach Eingang fails in German",
			"Die Erstattung erfolgt innerhalb von 14 Tagen nach Absendung der Rücksendung [1].", "Die Erstattung erfolgt innerhalb von 14 Tagen nach Eingang der Rücksendung.", true},
		{"tras enviar for tras recibir fails in Spanish",
			"El reembolso se hace en 10 días tras enviar el artículo devuelto [1].", "El reembolso se hace en 10 días tras recibir el artículo devuelto.", true},
		{"desde que envías for desde que recibimos fails in Spanish",
			"El reembolso se hace en 30 días desde que envías la solicitud [1].", "El reembolso se hace en 30 días desde que recibimos la solicitud.", true},
		{"after we receive for on receipt passes: one event",
			"We refund you within 10 days after we receive the returned item [1].", "We refund you within 10 days of receipt of the returned item.", false},
		{"of purchase for of ordering passes: one event",
			"You can cancel within 14 days of purchase [1].", "You can cancel within 14 days of ordering. Use the form online.", false},
		{"an order with no period before it is no anchor",
			"Track your delivery in the app [1].", "Track your order in the app. Updates come by e-mail.", false},
	})
}

// A colour for another fails; a sentence of a two-sentence window about
// the claim's words is the one compared.
func TestColoursAndTheClosestSentence(t *testing.T) {
	assertFlips(t, []flipCase{
		{"gewerbliche for private use fails in German",
			"Die Garantie gilt nur für die gewerbliche Nutzung des Geräts [1].", "Die Garantie gilt nur für die private Nutzung des Geräts. Sie beträgt zwei Jahre.", true},
		{"red for blue fails in English",
			"The phone comes in red [1].", "The phone comes in blue. It has a 6-inch screen.", true},
		{"rood for blauw fails in Dutch",
			"De hoes van de telefoon is verkrijgbaar in het rood [1].", "De hoes van de telefoon is verkrijgbaar in het blauw. Het scherm is 6 inch.", true},
		{"the claim's member in the other sentence of a window does not hide the flip",
			"Annual plans can be cancelled at any time [1].", "Monthly plans can be cancelled at any time. Annual plans can be cancelled within 14 days of purchase.", true},
		{"the sentence that says the claim's words passes",
			"On Saturday we open at 10:00 [1].", "From Monday to Friday we open at 9:00. On Saturday we open at 10:00.", false},
	})
}

// A name said for another (an article before the chunk's), a model code
// for another, or what the chunk says only of another name it gives,
// fails as a name mismatch; the chunk's own name and code pass.
func TestNamesCodesAndMovedSubjects(t *testing.T) {
	assertReason(t, "entity_mismatch", []flipCase{
		{"a country for one with an article fails", "Shipping to Belgium is free [1].", "Shipping to the Netherlands is free.", true},
		{"a model code for another fails", "The Galaxy S23 supports wireless charging [1].", "The Galaxy S24 supports wireless charging.", true},
		{"another code beside the same word fails", "The ThinkPad X1 supports wireless charging [1].", "The ThinkPad T14 supports wireless charging.", true},
		{"what the page says of another plan fails",
			"The Starter plan includes phone support from 8:00 to 20:00 [1].",
			"Which plans include phone support? The Business plan includes phone support from 8:00 to 20:00. The Starter plan includes email support only. How much storage do I get? The Starter plan includes 10 GB.", true},
		{"what the page says of the claim's plan passes",
			"The Starter plan includes email support [1].",
			"Which plans include phone support? The Business plan includes phone support from 8:00 to 20:00. The Starter plan includes email support only. How much storage do I get? The Starter plan includes 10 GB.", false},
		{"the chunk's own code passes", "The Galaxy S24 supports wireless charging [1].", "The Galaxy S24 supports wireless charging.", false},
		{"an amount with a unit is no code", "The battery lasts 10h [1].", "The battery lasts 12h.", false},
	})
}

// Some for all, accepts for refuses, has for lacks: one said for the other
// fails; a side negated says its opposite ("not available" is
// "unavailable", "does not accept" is "refuses"), and a clause ending in
// its cue denies its own subject ("the basic Kindle is not"), so those
// pass.
func TestRound5Polarity(t *testing.T) {
	assertFlips(t, []flipCase{
		{"all for some fails in English",
			"All products can be returned within 30 days [1].", "Some products can be returned within 30 days.", true},
		{"alle for einige fails in German",
			"Alle Produkte können 30 Tage lang zurückgegeben werden [1].", "Einige Produkte können 30 Tage lang zurückgegeben werden.", true},
		{"refuses for accepts fails in English",
			"The store refuses cash payments at the counter [1].", "The store accepts cash payments at the counter.", true},
		{"unavailable for not available passes",
			"Sunday delivery is unavailable [1].", "Sunday delivery is not available.", false},
		{"unmöglich for nicht möglich passes",
			"Die Rückgabe geöffneter Artikel ist unmöglich [1].", "Die Rückgabe geöffneter Artikel ist nicht möglich.", false},
		{"refuses for does not accept passes",
			"The store refuses cash payments [1].", "The store does not accept cash payments.", false},
		{"lacks for does not support passes",
			"The router lacks WPA3 support [1].", "The router does not support WPA3.", false},
		{"an elliptical denial of another subject passes",
			"The Kindle Paperwhite is waterproof [1].", "The Kindle Paperwhite is waterproof, the basic Kindle is not.", false},
		{"an elliptical denial of another subject passes in German",
			"Der Kindle Paperwhite ist wasserdicht [1].", "Der Kindle Paperwhite ist wasserdicht, der normale Kindle nicht.", false},
		{"a clause-final denial of the claim's own subject still fails in German",
			"Wir versenden nach Österreich [1].", "Wir versenden nach Österreich nicht.", true},
	})
}

// A name the window gives with one more word after it is another product
// or plan; an acronym in brackets or a second name is not.
func TestVariantNames(t *testing.T) {
	assertReason(t, "entity_mismatch", []flipCase{
		{"iPhone 15 for iPhone 15 Pro fails", "The iPhone 15 comes with a 2-year warranty [1].", "The iPhone 15 Pro comes with a 2-year warranty.", true},
		{"Basic for Basic Plus fails", "The Basic plan costs €19.90 [1].", "The Basic Plus plan costs €19.90. The Basic plan costs €9.90.", true},
		{"after an elided article in French", "L'iPhone 15 est garanti 2 ans [1].", "L'iPhone 15 Pro est garanti 2 ans. L'iPhone 15 est garanti 1 an.", true},
		{"an acronym in brackets passes", "The People's Action Party swept to power in 1959 [1].", "In 1959 the People's Action Party (PAP) swept to power.", false},
		{"the same product passes", "The iPhone 15 Pro comes with a 2-year warranty [1].", "The iPhone 15 Pro comes with a 2-year warranty.", false},
		{"a German noun before a name is no name of its own", "Der Tarif kostet 20 € im Monat [1].", "Der Tarif Basis kostet 20 € im Monat ohne Mindestlaufzeit.", false},
		{"a German name with one more word fails", "Das iPhone 15 hat 2 Jahre Garantie [1].", "Das iPhone 15 Pro hat 2 Jahre Garantie. Das iPhone 15 hat 1 Jahr Garantie.", true},
	})
}

// Said for certain where the source hedges the same words (an aim, what
// holds in most cases, what can be) fails in every language; the hedge
// kept, or a hedge about something else, passes.
func TestHedgesDropped(t *testing.T) {
	assertFlips(t, []flipCase{
		{"an aim said as a promise fails in English",
			"We respond to every complaint within 24 hours [1].", "We aim to respond to every complaint within 24 hours.", true},
		{"in most cases said as always fails in English",
			"Refunds always arrive within 5 days [1].", "In most cases, refunds arrive within 5 days.", true},
		{"can be said as will be fails in English",
			"Your account will be suspended after 3 failed payments [1].", "Your account can be suspended after 3 failed payments.", true},
		{"streven ernaar fails in Dutch",
			"Wij reageren binnen 24 uur op elke klacht [1].", "Wij streven ernaar binnen 24 uur op elke klacht te reageren.", true},
		{"bemühen uns fails in German",
			"Wir antworten auf jede Beschwerde innerhalb von 24 Stunden [1].", "Wir bemühen uns, auf jede Beschwerde innerhalb von 24 Stunden zu antworten.", true},
		{"nous nous efforçons fails in French",
			"Nous répondons à chaque réclamation sous 24 heures [1].", "Nous nous efforçons de répondre à chaque réclamation sous 24 heures.", true},
		{"the hedge kept passes",
			"We aim to respond to every complaint within 24 hours [1].", "We aim to respond to every complaint within 24 hours.", false},
		{"a hedge about another thing passes",
			"The offense attempts to advance down the field by running [1].", "The offense attempts to advance down the field by running, while the defense aims to stop the offense.", false},
	})
}

// Said of all where the window says it of some named ones fails in every
// language; the window's own universal, or the claim naming the same
// ones, passes.
func TestGeneralised(t *testing.T) {
	assertFlips(t, []flipCase{
		{"all plans for the Pro and Business plans fails in English",
			"All plans include phone support [1].", "The Pro and Business plans include phone support.", true},
		{"every plan for the Business plan fails in English",
			"Every plan comes with a 30-day free trial [1].", "The Business plan comes with a 30-day free trial.", true},
		{"alle Tarife for die Tarife Pro und Business fails in German",
			"Alle Tarife enthalten Telefonsupport [1].", "Die Tarife Pro und Business enthalten Telefonsupport.", true},
		{"todos los planes fails in Spanish",
			"Todos los planes incluyen soporte telefónico [1].", "Los planes Pro y Business incluyen soporte telefónico.", true},
		{"the window's own universal passes",
			"All plans include phone support [1].", "All plans include phone support, from Basic to Business.", false},
		{"all sums refunded against course fees in full except the registration fee fails in French",
			"Si vous annulez plus de 30 jours avant le début du cours, l'intégralité des sommes versées vous est remboursée [1].",
			"Jusqu'à 30 jours avant le début du cours, les frais de cours sont remboursés intégralement, à l'exception des frais d'inscription.", true},
		{"course fees refunded in full against the same with an exception of another fee passes in French",
			"Les frais de cours sont remboursés intégralement jusqu'à 30 jours avant le début du cours [1].",
			"Jusqu'à 30 jours avant le début du cours, les frais de cours sont remboursés intégralement, à l'exception des frais d'inscription.", false},
		{"cada crédito against el precio del crédito passes in Spanish: the price of each credit",
			"Cada crédito cuesta 45 € para estudiantes de la UE [1].", "El precio del crédito es de 45 € para estudiantes de la UE y de 90 € para estudiantes de fuera de la UE.", false},
		{"the same named plans pass",
			"Phone support is included in Pro and Business [1].", "The Pro and Business plans include phone support.", false},
		{"toutes les lignes against l'ensemble des lignes passes in French",
			"Le ticket est valable sur toutes les lignes de tram et de bus [1].", "Le ticket est valable sur l'ensemble des lignes de tram et de bus de la ville.", false},
		{"toutes les lignes against les lignes de métro 1 et 4 fails in French",
			"Le pass est valable sur toutes les lignes de métro [1].", "Le pass est valable sur les lignes de métro 1 et 4.", true},
		{"all bus lines against bus lines 12, 14 and 20 fails in English",
			"The day ticket is valid on all bus lines [1].", "The day ticket is valid on bus lines 12, 14 and 20.", true},
		{"all plans against prices of 10 or 20 euros passes in English",
			"All plans cost 10 or 20 euros a month [1].", "Plans cost 10 or 20 euros a month.", false},
		{"todos los gastos against la totalidad de los gastos passes in Spanish",
			"La póliza cubre todos los gastos de farmacia [1].", "La póliza cubre la totalidad de los gastos de farmacia en España.", false},
	})
}

// A group for its complement fails: a hyphenated negating prefix negates
// however short the word ("Non-EU" against "EU"), and existing against
// new customers; the same group passes.
func TestComplementGroups(t *testing.T) {
	assertFlips(t, []flipCase{
		{"non-EU for EU fails in English",
			"Non-EU customers pay no VAT on their orders [1].", "EU customers pay no VAT on their orders.", true},
		{"EU for non-EU fails in English",
			"EU customers pay no VAT on their orders [1].", "Non-EU customers pay no VAT on their orders.", true},
		{"returning for first-time customers fails in English",
			"Returning customers get 10% off their order [1].", "First-time customers get 10% off their order.", true},
		{"the same group passes",
			"Non-EU customers pay no VAT on their orders [1].", "Non-EU customers pay no VAT on their orders.", false},
		{"a short word only looking prefixed passes",
			"Please inform us before you leave [1].", "Please inform us before you leave. The form is at the door.", false},
	})
}
