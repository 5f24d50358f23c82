package audit

import "testing"

// A name the chunk lacks, put where the window has words of its own
// between the same neighbours, is a claim the chunk does not make; a
// name only added beside the window's words, or put where the window has
// function words alone, is not.
func TestANameInPlaceOfTheWindowsWords(t *testing.T) {
	const refund = "Refunds are paid to the original payment method within 14 days. Contact support if you have questions."
	assertReason(t, "entity_mismatch", []flipCase{
		{"a PayPal account for the original payment method fails", "Refunds are paid to a PayPal account within 14 days [1].", refund, true},
		{"a Revolut card for the original payment method fails", "Refunds are paid to your Revolut card within 14 days [1].", refund, true},
		{"a name at the sentence's end fails in German", "Rückerstattungen gehen innerhalb von 14 Tagen auf Ihr PayPal-Konto [1].",
			"Rückerstattungen gehen innerhalb von 14 Tagen auf das ursprüngliche Zahlungsmittel. Bei Fragen hilft der Support.", true},
		{"the window's own words pass", "Refunds are paid to the original payment method within 14 days [1].", refund, false},
		{"a name beside the window's function words passes", "Contact Acme support if you have questions [1].", "Contact our support if you have questions.", false},
		{"a company name opening the sentence passes", "Acme refunds orders within 14 days [1].", "We refund orders within 14 days.", false},
	})
}

// A price the chunk gives of the claim's named thing is no price of a
// thing that another clause, naming another, calls free: "tarifa Básica
// … 15 €" is not the "tarifa Flexible" that changes a ticket "gratis".
func TestAFreeClauseOfAnotherNameIsNoOtherSubject(t *testing.T) {
	const fares = "Cambios y anulaciones en tren. Con la tarifa Flexible puede cambiar su billete gratis hasta 30 minutos antes de la salida. Con la tarifa Básica cada cambio cuesta 15 € y la anulación no es posible."
	assertReason(t, "number_mismatch", []flipCase{
		{"the named fare's price passes", "Cada cambio de un billete con tarifa Básica cuesta 15 € [1].", fares, false},
		{"the price given to the free fare fails", "Cada cambio de un billete con tarifa Flexible cuesta 15 € [1].", fares, true},
	})
}

// An article read as one is the article where the chunk says its unit
// after the same word with no number ("op een werkdag" against "op
// werkdagen"); against another count after another word it fails.
func TestAnArticleAsTheChunkSaysItWithoutOne(t *testing.T) {
	const nl = "Bestellingen die op werkdagen vóór 22.00 uur binnen zijn, worden de volgende dag bezorgd in Nederland en binnen twee werkdagen in België."
	const de = "Bestellungen, die an Werktagen vor 22 Uhr eingehen, werden am nächsten Tag geliefert; nach Österreich dauert es zwei Werktage."
	assertReason(t, "number_mismatch", []flipCase{
		{"op een werkdag of op werkdagen passes in Dutch", "Bestelt u op een werkdag vóór 22.00 uur, dan wordt het pakket de volgende dag in Nederland bezorgd [1].", nl, false},
		{"binnen een werkdag of binnen twee werkdagen fails in Dutch", "In België wordt het pakket binnen een werkdag bezorgd [1].", nl, true},
		{"an einem Werktag of an Werktagen passes in German", "Bestellungen, die an einem Werktag vor 22 Uhr eingehen, werden am nächsten Tag geliefert [1].", de, false},
		{"einen Werktag of zwei Werktage fails in German", "Nach Österreich dauert es einen Werktag [1].", de, true},
	})
}

// A minus word after a content word, before an amount of money, deducts
// the amount ("les frais moins 150 €", "the fare minus £20"); after a
// function word it makes the amount negative ("un solde de moins 150
// €"), and before a temperature it is a sign whatever precedes it.
func TestAMinusAfterANounDeductsAnAmount(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"les frais moins 150 € passes in French", "En cas de désistement, on vous rembourse les frais moins 150 € de frais de dossier [1].",
			"En cas de désistement, les frais sont remboursés, déduction faite de 150 € de frais de dossier.", false},
		{"de prijs min € 20 passes in Dutch", "U krijgt de prijs min € 20 terug [1].", "U krijgt de prijs terug, verminderd met € 20 administratiekosten.", false},
		{"the fare minus £20 passes in English", "You get the fare minus £20 back [1].", "You get the fare back, less a £20 admin fee.", false},
		{"de moins 150 € fails in French", "Le solde est de moins 150 € [1].", "Le solde est de 150 €.", true},
		{"is minus £20 fails in English", "The balance is minus £20 [1].", "The balance is £20.", true},
		{"à moins 5 degrés fails in French", "La température descend à moins 5 degrés [1].", "La température descend à 5 degrés.", true},
		{"the list price minus 3% passes in English", "The renewal price is the list price minus 3% [1].", "The renewal price is the list price less 3%.", false},
		{"was minus 3% fails in English", "Inflation was minus 3% last year [1].", "Inflation was 3% last year.", true},
	})
}

// An absence cue is no denial the claim lacks where the claim says the
// absence in a word of the cue's root: "bij afwezigheid van de
// leidinggevende" against "is de leidinggevende afwezig"; "aanwezig"
// still fails, and "Avec" against "En l'absence de".
func TestAnAbsenceSaidInTheClaimsOwnWord(t *testing.T) {
	const nl = "Verlofaanvragen worden goedgekeurd door de direct leidinggevende; bij afwezigheid van de leidinggevende kan HR goedkeuren."
	const fr = "En l'absence de compteur Linky, le relevé est estimé."
	assertFlips(t, []flipCase{
		{"afwezig of bij afwezigheid van passes in Dutch", "Is de leidinggevende afwezig, dan mag HR het verlof goedkeuren [1].", nl, false},
		{"aanwezig of bij afwezigheid van fails in Dutch", "Is de leidinggevende aanwezig, dan mag HR het verlof goedkeuren [1].", nl, true},
		{"sans of en l'absence de passes in French", "Sans compteur Linky, le relevé est estimé [1].", fr, false},
		{"avec of en l'absence de fails in French", "Avec un compteur Linky, le relevé est estimé [1].", fr, true},
	})
}

// A share said in a word ("half of your tuition") is a quantity the
// numbers check holds to the chunk, not a word opposed to "full" in the
// window's other clause.
func TestAShareInAWordIsNoOppositeWord(t *testing.T) {
	const fees = "Fees and waivers. Applications close on 30 June. Students who withdraw before 1 November receive a full refund of tuition; withdrawal between 1 November and 31 January gives a 50% refund."
	assertReason(t, "opposite_word", []flipCase{
		{"half of the 50% clause passes", "Withdrawing between 1 November and 31 January gets you half of your tuition back [1].", fees, false},
	})
}

// "v2.3" is the version 2.3 ("Version 2.3"), never the number 3 nor, at
// a German sentence's end, a date; another version fails.
func TestAVersionMarkedWithV(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"v2.3 of Version 2.3 passes", "Export to CSV was added in v2.3 [1].", "Version 2.3 added export to CSV.", false},
		{"Version 2.3 of v2.3 passes", "Version 2.3 added export to CSV [1].", "Export to CSV was added in v2.3.", false},
		{"v2.4 of Version 2.3 fails", "Export to CSV was added in v2.4 [1].", "Version 2.3 added export to CSV.", true},
		{"v2.3 at a German sentence's end passes", "Der CSV-Export kam mit v2.3. [1]", "Version 2.3 brachte den CSV-Export.", false},
		{"v2.4 at a German sentence's end fails", "Der CSV-Export kam mit v2.4. [1]", "Version 2.3 brachte den CSV-Export.", true},
	})
}

// A phone number's trunk zero written "(0)" after the country code is
// not one of its digits: "+31 20 123 4567" is "+31 (0)20 1234567".
func TestAPhoneNumbersTrunkZero(t *testing.T) {
	const nl = "You can reach customer service on +31 (0)20 1234567 on weekdays."
	assertReason(t, "number_mismatch", []flipCase{
		{"the number without its trunk zero passes", "You can reach customer service on +31 20 123 4567 on weekdays [1].", nl, false},
		{"another number fails", "You can reach customer service on +31 20 123 4568 on weekdays [1].", nl, true},
		{"(0) with spaces passes in German", "Sie erreichen den Kundendienst unter +49 (0) 30 1234567 werktags [1].", "Sie erreichen den Kundendienst unter +49 30 1234567 werktags.", false},
	})
}

// A claim giving its actor the act a clause restricts to another party
// ("Only users with the Payroll Admin role can approve a payroll run;
// managers can approve leave"), its other words taken from either
// clause, is the other party's act; the actor's own act passes.
func TestAnActRestrictedToAnotherParty(t *testing.T) {
	const plans = "Leave accrues at 2.33 days per full month worked. Only users with the Payroll Admin role can approve a payroll run; managers can approve leave for their direct reports. Records are kept for six years."
	assertReason(t, "sides_swapped", []flipCase{
		{"managers approving payroll runs fails", "Managers can approve payroll runs [1].", plans, true},
		{"with the other clause's words it fails", "Managers can approve payroll runs for their direct reports [1].", plans, true},
		{"managers approving leave passes", "Managers can approve leave for their direct reports [1].", plans, false},
	})
}

// A part of a free clause cut at "en" ("inbegrepen bij Plus | en
// Enterprise") belongs to that clause, not to the priced clause after
// the semicolon; the priced subject called free still fails.
func TestAListEndingAFreeClauseBeforeASemicolon(t *testing.T) {
	const nl = "De koppelingen zijn inbegrepen bij Plus en Enterprise; bij Basis kost elke koppeling € 25 per maand."
	assertReason(t, "number_mismatch", []flipCase{
		{"inbegrepen for Plus and Enterprise passes", "Bij Plus en Enterprise zijn de koppelingen inbegrepen [1].", nl, false},
		{"inbegrepen for Basis fails", "Bij Basis zijn de koppelingen inbegrepen [1].", nl, true},
	})
}

// A figure given with a bound and then, after a comma or semicolon, "the
// other side of it" ("ab 50 € kostenlos, darunter 4,95 €", "jusqu'à 500
// € ; au-delà, …", "from £50; below that, £4.95") is stated with both
// bounds, for a claim about the clause that follows; the first clause's
// matter given the other bound still fails.
func TestTheOtherSideOfABound(t *testing.T) {
	const de = "Der Versand ist ab einem Bestellwert von 50 € kostenlos, darunter berechnen wir 4,95 €."
	const fr = "Les managers peuvent approuver les notes de frais jusqu'à 500 € ; au-delà, l'approbation du service financier est requise."
	const en = "Standard delivery is free on orders from £50; below that, it costs £4.95."
	assertReason(t, "number_mismatch", []flipCase{
		{"unter 50 € … 4,95 € passes in German", "Unter 50 € Bestellwert kostet der Versand 4,95 € [1].", de, false},
		{"au-delà de 500 € … service financier passes in French", "Au-delà de 500 €, une note de frais doit être approuvée par le service financier [1].", fr, false},
		{"managers for more than 500 € fails in French", "Les managers peuvent approuver les notes de frais de plus de 500 € [1].", fr, true},
		{"under £50 … £4.95 passes in English", "Orders under £50 pay £4.95 for standard delivery [1].", en, false},
		{"free under £50 fails in English", "Standard delivery is free on orders under £50 [1].", en, true},
	})
}

// "ausgenommen" and "uitgezonderd" deny in their own meaning, as
// "ausgeschlossen" does; a German list's last item ends at the verb after
// its noun ("… und Ketten gelten als …").
func TestExceptedAndAGermanListsLastItem(t *testing.T) {
	const de = "Verschleißteile wie Reifen, Bremsbeläge und Ketten sind von der Garantie ausgenommen. Garantiefälle melden Sie bitte mit Kaufbeleg."
	const nl = "Slijtagedelen zoals banden en remblokken zijn van de garantie uitgezonderd."
	assertUnsupported(t, []flipCase{
		{"Ketten gelten als Verschleißteile passes in German", "Reifen, Bremsbeläge und Ketten gelten als Verschleißteile und fallen nicht unter die Garantie [1].", de, false},
		{"fallen unter die Garantie fails in German", "Reifen, Bremsbeläge und Ketten fallen unter die Garantie [1].", de, true},
		{"Sättel for Ketten fails in German", "Reifen, Bremsbeläge und Sättel gelten als Verschleißteile und fallen nicht unter die Garantie [1].", de, true},
		{"vallen onder de garantie fails in Dutch", "Slijtagedelen zoals banden en remblokken vallen onder de garantie [1].", nl, true},
	})
}

// A claim that keeps a hedge in its own adverb ("meist … etwa" for "in
// der Regel … etwa", "usually" for "as a rule") drops none; said for
// certain ("immer genau") it does.
func TestAHedgeKeptInAnotherAdverb(t *testing.T) {
	const de = "Unsere Werkstatt in Köln bietet eine Inspektion für 69 € an. Termine vergeben wir online, in der Regel mit einer Wartezeit von etwa einer Woche. Ersatzteile werden zusätzlich berechnet."
	const en = "As a rule, we reply to emails within two working days. Phone lines are open on weekdays."
	assertReason(t, "hedge_dropped", []flipCase{
		{"meist keeps the hedge in German", "Termine buchen Sie online; meist warten Sie etwa eine Woche [1].", de, false},
		{"usually keeps the hedge in English", "We usually reply to emails within two working days [1].", en, false},
		{"said for certain drops it in English", "We always reply to emails within two working days [1].", en, true},
	})
}

// A possessive determiner names an owner, not a party: "Onze
// klantenservice" is no opposite of "U bereikt"; a party noun still is
// ("à notre charge" against "à la charge du client").
func TestAPossessiveIsNoParty(t *testing.T) {
	const nl = "Onze klantenservice is bereikbaar via chat en e-mail op werkdagen van 8.30 tot 17.30 uur. Plus-klanten kunnen ook bellen."
	const en = "Our support team is available on weekdays from 8.30 to 17.30 by chat and email."
	assertReason(t, "opposite_word", []flipCase{
		{"U bereikt of onze klantenservice passes in Dutch", "U bereikt de klantenservice op werkdagen tussen 8.30 en 17.30 uur via chat en e-mail [1].", nl, false},
		{"you reach our support passes in English", "You can reach our support team on weekdays from 8.30 to 17.30 by chat and email [1].", en, false},
	})
}

// "Alleen de eigenaar van het account" restricts to the chunk's
// "accounteigenaar", a compound of its words; another party still fails.
func TestARestrictedPartyInACompound(t *testing.T) {
	const nl = "Abonnementen lopen per maand of per jaar. Alleen de accounteigenaar kan het abonnement opzeggen, onder Instellingen > Abonnement."
	assertReason(t, "scope_changed", []flipCase{
		{"de eigenaar van het account passes in Dutch", "Alleen de eigenaar van het account kan opzeggen, via Instellingen > Abonnement [1].", nl, false},
		{"elke beheerder fails in Dutch", "Elke beheerder kan het abonnement opzeggen [1].", nl, true},
		{"alleen gebruikers fails in Dutch", "Alleen gebruikers van het account kunnen het abonnement opzeggen [1].", nl, true},
	})
}

// A figure the chunk gives only as what a value changes by ("can be
// extended once by 14 days", "kan één keer met 14 dagen worden
// verlengd") is no level of it: "The free trial lasts 14 days" fails;
// the extension said as one passes.
func TestAChangeAmountGivenAsALevel(t *testing.T) {
	const en = "New accounts get a free trial of 30 days with all Plus features. No credit card is needed. The trial can be extended once by 14 days through customer service."
	const nl = "Nieuwe accounts krijgen een gratis proefperiode van 30 dagen met alle functies van Plus. Er is geen creditcard nodig. De proefperiode kan één keer met 14 dagen worden verlengd via de klantenservice."
	assertReason(t, "number_mismatch", []flipCase{
		{"lasts 14 days fails", "The free trial lasts 14 days [1].", en, true},
		{"duurt veertien dagen fails in Dutch", "De gratis proefperiode duurt veertien dagen [1].", nl, true},
		{"extend by 14 days passes", "You can extend the trial once by 14 days through customer service [1].", en, false},
		{"met 14 dagen verlengen passes in Dutch", "De klantenservice kan uw proefperiode één keer met 14 dagen verlengen [1].", nl, false},
		{"duurt 30 dagen passes in Dutch", "De gratis proefperiode duurt 30 dagen [1].", nl, false},
	})
}

// A sentence that denies the claim's words but for an "unless" condition
// reads as affirming (the two cues cancel); a claim that drops the
// condition, with no conditional of its own, says more than it.
func TestDeniedUnlessAConditionTheClaimDrops(t *testing.T) {
	const en = "The manufacturer's warranty lasts 3 years in the EU. Accidental damage is not covered unless you add Device Care for €7 a month."
	assertReason(t, "condition_dropped", []flipCase{
		{"covered without the condition fails", "Accidental damage is covered [1].", en, true},
		{"covered by the warranty fails", "Accidental damage is covered by the manufacturer's warranty [1].", en, true},
		{"covered only if passes", "Accidental damage is only covered if you add Device Care [1].", en, false},
		{"covered when the condition is restated passes", "Accidental damage is covered when you add Device Care for €7 a month [1].", en, false},
		{"the chunk's own words pass", "Accidental damage is not covered unless you add Device Care [1].", en, false},
	})
}

// A limit written with a participle agreeing with its noun ("limitée à",
// "plafonnée à", "limitada a") is the chunk's "dans la limite de".
func TestALimitInAnAgreeingParticiple(t *testing.T) {
	const fr = "Les objets de valeur sont indemnisés dans la limite de 5 000 € par sinistre."
	assertReason(t, "number_mismatch", []flipCase{
		{"plafonnée à passes in French", "L'indemnisation des objets de valeur est plafonnée à 5 000 € par sinistre [1].", fr, false},
		{"limitée à passes in French", "L'indemnisation des objets de valeur est limitée à 5 000 € par sinistre [1].", fr, false},
		{"au moins fails in French", "L'indemnisation des objets de valeur est d'au moins 5 000 € par sinistre [1].", fr, true},
	})
}

// An English "X-free" denies X, as "with no X" does: "interest-free"
// passes against "with no interest" and fails against "with interest at
// 5.9%".
func TestFreeOfAsADenial(t *testing.T) {
	const none = "Phones bought in instalments are paid over 24 or 36 months with no interest. If you cancel your line, the remaining instalments become due at once."
	const some = "Phones bought in instalments are paid over 24 or 36 months with interest at 5.9%. If you cancel your line, the remaining instalments become due at once."
	assertFlips(t, []flipCase{
		{"interest-free of with no interest passes", "Phones bought in instalments are interest-free over 24 or 36 months [1].", none, false},
		{"interest-free of with interest fails", "Phones bought in instalments are interest-free over 24 or 36 months [1].", some, true},
	})
}

// An amount is stated by a bare number, not by the number of another
// unit: "costs €10" is not "within 10 business days".
func TestAnAmountIsNoNumberOfAnotherUnit(t *testing.T) {
	const en = "Complaints are answered within 10 business days. If you are not satisfied with the answer, you can take your complaint to the consumer arbitration board free of charge."
	assertReason(t, "number_mismatch", []flipCase{
		{"€10 against 10 business days fails", "Taking your complaint to the consumer arbitration board costs €10 [1].", en, true},
		{"€10 against a bare 10 in a price list passes", "The adapter costs €10 [1].", "Prices in euros: adapter 10, cable 5.", false},
	})
}

// "each" before a unit of time is a rate, not a share given to each:
// "share 100 GB of data each month" is the chunk's "per month"; "Each
// line gets 100 GB" still fails against a pool.
func TestEachMonthIsARate(t *testing.T) {
	const en = "The account holder pays €15 per month for each additional line. All lines share a pool of 100 GB of data per month; unused data does not roll over."
	assertReason(t, "number_mismatch", []flipCase{
		{"each month passes", "All the lines on the plan share 100 GB of data each month [1].", en, false},
		{"each line fails", "Each line gets 100 GB of data per month [1].", en, true},
	})
}

// "sauf si", "es sei denn" and "salvo que" pair with a denial before them
// as "unless" does, a comma between them or not: a claim restating the
// condition passes, one dropping it fails. (German "wenn Sie … buchen"
// against "es sei denn, Sie buchen" is still read as sides swapped.)
func TestUnlessPairsInEveryLanguage(t *testing.T) {
	const fr = "La garantie du fabricant dure 3 ans. Les dommages accidentels ne sont pas couverts, sauf si vous ajoutez l'option Device Care pour 7 € par mois."
	const de = "Die Herstellergarantie läuft 3 Jahre. Unfallschäden sind nicht versichert, es sei denn, Sie buchen den Zusatzschutz für 7 € im Monat."
	const es = "La garantía del fabricante dura 3 años. Los daños accidentales no están cubiertos, salvo que contrates Device Care por 7 € al mes."
	assertUnsupported(t, []flipCase{
		{"couverts si passes in French", "Les dommages accidentels sont couverts si vous ajoutez l'option Device Care [1].", fr, false},
		{"couverts par la garantie fails in French", "Les dommages accidentels sont couverts par la garantie du fabricant [1].", fr, true},
		{"versichert without the condition fails in German", "Unfallschäden sind versichert [1].", de, true},
		{"cubiertos si passes in Spanish", "Los daños accidentales están cubiertos si contratas Device Care [1].", es, false},
		{"cubiertos por la garantía fails in Spanish", "Los daños accidentales están cubiertos por la garantía del fabricante [1].", es, true},
	})
}
