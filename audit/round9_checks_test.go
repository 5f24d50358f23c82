package audit

import "testing"

// A comparison whose word stands several words before its connector, the
// compared thing between them ("moins d'espace de stockage que"), is read
// as one: the opposite word fails with the sides kept, and passes with the
// sides swapped too, in every language.
func TestComparisonsWithTheThingBetween(t *testing.T) {
	assertFlips(t, []flipCase{
		{"moins de … que against plus de … que fails in French",
			"L'offre Duo donne moins de minutes d'appel que l'offre Solo [1].", "L'offre Duo donne plus de minutes d'appel que l'offre Solo.", true},
		{"moins de … que with the sides swapped passes in French",
			"L'offre Solo donne moins de minutes d'appel que l'offre Duo [1].", "L'offre Duo donne plus de minutes d'appel que l'offre Solo.", false},
		{"menos … que against más … que fails in Spanish",
			"La tarifa Duo incluye menos minutos de llamadas que la tarifa Solo [1].", "La tarifa Duo incluye más minutos de llamadas que la tarifa Solo.", true},
		{"menos … que with the sides swapped passes in Spanish",
			"La tarifa Solo incluye menos minutos de llamadas que la tarifa Duo [1].", "La tarifa Duo incluye más minutos de llamadas que la tarifa Solo.", false},
		{"weniger … als against mehr … als fails in German",
			"Der Tarif Duo enthält weniger Gesprächsminuten für Auslandsanrufe als der Tarif Solo [1].", "Der Tarif Duo enthält mehr Gesprächsminuten für Auslandsanrufe als der Tarif Solo.", true},
		{"minder … dan against meer … dan fails in Dutch",
			"Het Duo-abonnement geeft minder belminuten naar het buitenland dan het Solo-abonnement [1].", "Het Duo-abonnement geeft meer belminuten naar het buitenland dan het Solo-abonnement.", true},
		{"fewer … than with the sides swapped passes in English",
			"The Solo plan gives fewer free call minutes abroad than the Duo plan [1].", "The Duo plan gives more free call minutes abroad than the Solo plan.", false},
		{"sides that are opposites swapped around a plain comparative fail in English",
			"National parcels take longer than international parcels [1].", "International parcels take longer than national parcels.", true},
	})
}

// German writes a comma after "es sei denn", and the cue still denies the
// clause after it: "wenn" against it fails, "wenn … nicht" passes, and a
// claim saying "es sei denn," where the chunk says "sofern" fails.
func TestUnlessWithItsComma(t *testing.T) {
	assertFlips(t, []flipCase{
		{"wenn for es sei denn with its comma fails in German",
			"Der Vertrag verlängert sich um ein Jahr, wenn Sie ihn bis zum 30. September kündigen [1].",
			"Der Vertrag verlängert sich um ein Jahr, es sei denn, Sie kündigen ihn bis zum 30. September.", true},
		{"wenn nicht for es sei denn with its comma passes in German",
			"Der Vertrag verlängert sich um ein Jahr, wenn Sie ihn nicht bis zum 30. September kündigen [1].",
			"Der Vertrag verlängert sich um ein Jahr, es sei denn, Sie kündigen ihn bis zum 30. September.", false},
		{"es sei denn with its comma for sofern fails in German",
			"Der Rabatt entfällt, es sei denn, die Bestellung kommt bis Freitag an [1].",
			"Der Rabatt entfällt, sofern die Bestellung bis Freitag ankommt.", true},
	})
}

// The bank that issued a card, the merchant who was paid with it and the
// card's holder are parties, as the owner and the tenant are: what the
// chunk says one does, said of another, fails in every language; the
// same party in the passive passes.
func TestBankAndMerchantAreTwoParties(t *testing.T) {
	assertFlips(t, []flipCase{
		{"die Bank for der Händler fails in German",
			"Bei einer Doppelbuchung erstattet die Bank den Betrag [1].", "Bei einer Doppelbuchung erstattet der Händler den Betrag.", true},
		{"de bank for de winkelier fails in Dutch",
			"Bij een dubbele afschrijving stort de bank het bedrag terug [1].", "Bij een dubbele afschrijving stort de winkelier het bedrag terug.", true},
		{"la banque for le commerçant fails in French",
			"En cas de double débit, la banque rembourse la somme [1].", "En cas de double débit, le commerçant rembourse la somme.", true},
		{"el banco for el comerciante fails in Spanish",
			"En caso de cargo duplicado, el banco devuelve la cantidad [1].", "En caso de cargo duplicado, el comerciante devuelve la cantidad.", true},
		{"the merchant for the card issuer fails in English",
			"For a duplicate charge the merchant returns the money [1].", "For a duplicate charge the card issuer returns the money.", true},
		{"the bank for the account holder fails in English",
			"The bank must block a stolen card at once [1].", "The account holder must block a stolen card at once.", true},
		{"le propriétaire for le locataire fails in French",
			"Le propriétaire doit faire ramoner la cheminée chaque année [1].", "Le locataire doit faire ramoner la cheminée chaque année.", true},
		{"the same party in the passive passes in German",
			"Der Betrag wird bei einer Doppelbuchung vom Händler erstattet [1].", "Bei einer Doppelbuchung erstattet der Händler den Betrag.", false},
	})
}

// A claim that follows its chunk's sentence but drops the waiting period
// it names, with its figure, states the benefit as due at once and fails
// in every language; the period restated in other words, or its figure
// kept, passes, and so does a claim about another clause of the sentence.
func TestWaitingPeriodDropped(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a dropped waiting period fails in English",
			"Physiotherapy is reimbursed from the first day of your membership [1].", "Physiotherapy is reimbursed after a waiting period of 3 months from the first day of your membership.", true},
		{"a dropped probation period fails in English",
			"Staff can use the company car scheme from their first week [1].", "Staff can use the company car scheme after a probation period of 6 months.", true},
		{"a dropped wachttijd fails in Dutch",
			"Fysiotherapie wordt vergoed vanaf de eerste dag van je lidmaatschap [1].", "Fysiotherapie wordt vergoed na een wachttijd van 3 maanden vanaf de eerste dag van je lidmaatschap.", true},
		{"a dropped Wartezeit fails in German",
			"Physiotherapie wird ab dem ersten Tag der Mitgliedschaft erstattet [1].", "Physiotherapie wird nach einer Wartezeit von 3 Monaten ab dem ersten Tag der Mitgliedschaft erstattet.", true},
		{"a dropped délai de carence fails in French",
			"La kinésithérapie est remboursée dès le premier jour de l'adhésion [1].", "La kinésithérapie est remboursée après un délai de carence de 3 mois à compter du premier jour de l'adhésion.", true},
		{"a dropped periodo de carencia fails in Spanish",
			"La fisioterapia se reembolsa desde el primer día de la afiliación [1].", "La fisioterapia se reembolsa tras un periodo de carencia de 3 meses desde el primer día de la afiliación.", true},
		{"the period's figure kept passes",
			"Physiotherapy is reimbursed once you have been a member for 3 months [1].", "Physiotherapy is reimbursed after a waiting period of 3 months from the first day of your membership.", false},
		{"the period named in other words passes in German",
			"Nach 3 Monaten Wartezeit wird Physiotherapie erstattet [1].", "Physiotherapie wird nach einer Wartezeit von 3 Monaten ab dem ersten Tag der Mitgliedschaft erstattet.", false},
		{"a claim about the other clause of the sentence passes",
			"Glasses are reimbursed from day one [1].", "Physiotherapy is reimbursed after a waiting period of 3 months; glasses are reimbursed from day one.", false},
	})
}

// A price the chunk's sentence gives only for an introductory period
// ("for the first 3 months", "im ersten Jahr"), said as the price without
// that period, fails in every language; the period kept, or the price
// after it, passes.
func TestIntroductoryPriceGivenAsThePrice(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a list with one price written twice and an article is no introductory price in Dutch",
			"Met Groen Vast krijg je:\n- een vaste prijs voor 3 jaar\n- 100 % Nederlandse windstroom\n- een welkomstbonus van € 100 [1]",
			"Bij het Groen Vast-contract krijg je: een vaste prijs voor 3 jaar, 100 % Nederlandse windstroom, een welkomstbonus van € 100 en maandelijks opzegbaar na het eerste jaar.", false},
		{"the first months' price as the price fails in English",
			"The Stream Max plan costs €4.99 a month [1].", "New members pay €4.99 a month for the first 3 months; after that the Stream Max plan costs €14.99 a month.", true},
		{"the first year's price as the price fails in German",
			"Das Paket Kino kostet 7,99 € im Monat [1].", "Im ersten Jahr kostet das Paket Kino 7,99 € im Monat, danach 12,99 €.", true},
		{"the first months' price as the price fails in Dutch",
			"Het pakket Sport kost € 7 per maand [1].", "De eerste 2 maanden kost het pakket Sport € 7 per maand, daarna € 15.", true},
		{"the first months' price as the price fails in French",
			"L'option Sport coûte 7 € par mois [1].", "Les 2 premiers mois, l'option Sport coûte 7 € par mois, puis 15 €.", true},
		{"the first months' price as the price fails in Spanish",
			"El paquete Deportes cuesta 7 € al mes [1].", "Durante los primeros 2 meses el paquete Deportes cuesta 7 € al mes y después 15 €.", true},
		{"a free first month as free fails",
			"Stream Max is free [1].", "The first month is free; after that Stream Max costs €14.99 a month.", true},
		{"the period kept passes",
			"New members pay €4.99 a month for the first 3 months [1].", "New members pay €4.99 a month for the first 3 months; after that the Stream Max plan costs €14.99 a month.", false},
		{"the price after the period passes",
			"After the first 3 months the Stream Max plan costs €14.99 a month [1].", "New members pay €4.99 a month for the first 3 months; after that the Stream Max plan costs €14.99 a month.", false},
		{"both prices with the period pass in German",
			"Das Paket Kino kostet im ersten Jahr 7,99 € monatlich und anschließend 12,99 € [1].", "Im ersten Jahr kostet das Paket Kino 7,99 € im Monat, danach 12,99 €.", false},
		{"a first without a unit of time is no introductory period",
			"The first prize is €500 [1].", "The first prize is €500 and the second prize is €200.", false},
	})
}

// A short answer whose own words leave it between two of the five
// languages, or read it unsurely as another, is read in the language of
// the chunk it cites when it holds as many words of that language as of
// any other: judged there, a wrong frequency fails and a faithful one
// passes; a German answer citing an English page stays German.
func TestShortAnswersAreReadWithTheirChunks(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"a short Spanish answer as French as Spanish to its words is Spanish by its chunk",
			"La cuota se cobra cada mes [1].", "La cuota se cobra cada trimestre.", 0, Unsupported, "negation_mismatch", "es", ""},
		{"the faithful short Spanish answer is Spanish and passes",
			"La cuota se cobra trimestralmente [1].", "La cuota se cobra cada trimestre.", 0, Supported, "", "es", ""},
		{"a short Dutch answer read as English alone is Dutch by its chunk",
			"De back-up draait elke week [1].", "De back-up draait elke maand.", 0, Unsupported, "negation_mismatch", "nl", ""},
		{"a short German answer citing an English page stays German",
			"Die Rücksendung ist kostenlos [1].", "Returns are free of charge within 30 days.", 0, NotAuditable, reasonLanguagesDiffer, "de", "en"},
	})
}

// A deadline run from another event than the chunk's fails though the
// words beside the events differ, when both follow the same number; the
// subject naming the chunk's event ("Die Rechnung ist …") is no event.
func TestDeadlineFromAnotherEvent(t *testing.T) {
	assertFlips(t, []flipCase{
		{"of receiving the invoice against of the date of treatment fails in English",
			"Receipts must be uploaded within 60 days of receiving the invoice [1].", "Receipts must be uploaded within 60 days of the date of treatment.", true},
		{"nach Rechnungsdatum against nach Lieferung fails in German though the subject is the invoice",
			"Die Rechnung ist innerhalb von 10 Tagen nach Rechnungsdatum zu begleichen [1].", "Die Rechnung ist innerhalb von 10 Tagen nach Lieferung zu begleichen.", true},
		{"na ontvangst van de rekening against na het ontstaan fails in Dutch",
			"Een schade moet binnen 8 dagen na ontvangst van de rekening worden gemeld [1].", "Een schade moet binnen 8 dagen na het ontstaan worden gemeld.", true},
		{"the same event in other words passes in English",
			"You can return items within 14 days of receiving them [1].", "You can return items within 14 days of delivery.", false},
		{"the same event passes in German",
			"Die Rechnung ist innerhalb von 10 Tagen nach Lieferung zu begleichen [1].", "Die Rechnung ist innerhalb von 10 Tagen nach Lieferung zu begleichen.", false},
	})
}

// Two parties both named, each given what the chunk gives the other,
// fail: by the word after each, or in German by the article before each.
// The same parties in a clause put first, in a passive with its agent,
// or joined in a list pass.
func TestPartiesSwappedInOneSentence(t *testing.T) {
	assertFlips(t, []flipCase{
		{"the merchant and the card issuer swapped fail in English",
			"The merchant pays the fee if the card issuer rejects the claim [1].", "The card issuer pays the fee if the merchant rejects the claim.", true},
		{"the landlord must tell the tenant against the reverse fails in English",
			"The landlord must inform the tenant in writing [1].", "The tenant must inform the landlord in writing.", true},
		{"der Vermieter den Mieter against the reverse fails in German",
			"Der Vermieter muss den Mieter schriftlich informieren [1].", "Der Mieter muss den Vermieter schriftlich informieren.", true},
		{"le bailleur and le locataire swapped fail in French",
			"Le bailleur doit prévenir le locataire par écrit [1].", "Le locataire doit prévenir le bailleur par écrit.", true},
		{"the clause put first passes in English",
			"If the merchant rejects the claim, the card issuer pays the fee [1].", "The card issuer pays the fee if the merchant rejects the claim.", false},
		{"the passive with its agent passes in English",
			"The fee is paid by the card issuer if the merchant rejects the claim [1].", "The card issuer pays the fee if the merchant rejects the claim.", false},
		{"the object put first passes in German",
			"Den Mieter muss der Vermieter schriftlich informieren [1].", "Der Vermieter muss den Mieter schriftlich informieren.", false},
		{"we and your against we and you in other roles pass in Dutch",
			"Binnen een week nadat wij uw pakket hebben ontvangen, krijgt u de borg terug [1].", "Na ontvangst van uw pakket betalen wij de borg binnen een week terug.", false},
		{"two parties joined in a list pass in English",
			"The landlord and the tenant must both sign the inventory [1].", "The tenant and the landlord must both sign the inventory.", false},
	})
}

// "Only" on part of a list the chunk gives longer, and without "only",
// denies the items left out and fails in every language; the whole list,
// or part of it without "only", passes.
func TestOnlyPartOfTheList(t *testing.T) {
	assertFlips(t, []flipCase{
		{"only two of three cards fails in English",
			"The kiosk only takes Maestro and Visa [1].", "The kiosk takes Maestro, Visa and American Express.", true},
		{"alleen two of three fails in Dutch",
			"De kiosk accepteert alleen Maestro en Visa [1].", "De kiosk accepteert Maestro, Visa en American Express.", true},
		{"nur two of three fails in German",
			"Der Automat nimmt nur Maestro und Visa [1].", "Der Automat nimmt Maestro, Visa und American Express.", true},
		{"uniquement two of three fails in French",
			"La borne accepte uniquement Maestro et Visa [1].", "La borne accepte Maestro, Visa et American Express.", true},
		{"solo two of three fails in Spanish",
			"El quiosco solo acepta Maestro y Visa [1].", "El quiosco acepta Maestro, Visa y American Express.", true},
		{"part of the list without only passes",
			"The kiosk takes Maestro and Visa [1].", "The kiosk takes Maestro, Visa and American Express.", false},
		{"the whole list with only passes",
			"The kiosk only takes Maestro, Visa and American Express [1].", "The kiosk takes Maestro, Visa and American Express.", false},
	})
}

// A member of a group before a noun against the noun joined to another
// member fails in German and Dutch; the same member either way passes.
func TestAdjectiveAgainstCompound(t *testing.T) {
	assertFlips(t, []flipCase{
		{"maximale Mietdauer against Mindestmietdauer fails in German",
			"Die maximale Mietdauer beträgt 12 Monate [1].", "Die Mindestmietdauer beträgt 12 Monate.", true},
		{"Höchstmietdauer against minimale Mietdauer fails in German",
			"Die Höchstmietdauer beträgt 12 Monate [1].", "Die minimale Mietdauer beträgt 12 Monate.", true},
		{"maximale huurperiode against minimumhuurperiode fails in Dutch",
			"De maximale huurperiode is 12 maanden [1].", "De minimumhuurperiode is 12 maanden.", true},
		{"minimale Mietdauer against Mindestmietdauer passes in German",
			"Die minimale Mietdauer beträgt 12 Monate [1].", "Die Mindestmietdauer beträgt 12 Monate.", false},
		{"minimale huurperiode against minimumhuurperiode passes in Dutch",
			"De minimale huurperiode is 12 maanden [1].", "De minimumhuurperiode is 12 maanden.", false},
	})
}
