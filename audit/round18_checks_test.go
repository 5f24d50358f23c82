package audit

import "testing"

// A charge denied denies its fee: "does not charge a maintenance fee"
// against a chunk giving the fee, in every language; and a thing said
// free in one hyphenated word agrees with the charge denied.
func TestChargeDeniedOfAPricedFee(t *testing.T) {
	const fee = "The Plus account has a maintenance fee of €4 per month. The Youth account has no maintenance fee."
	const cuota = "La Cuenta Plus cuesta 4 € al mes de comisión de mantenimiento. La Cuenta Joven no tiene comisión de mantenimiento."
	assertFlips(t, []flipCase{
		{"does not charge a maintenance fee fails in English", "The Plus account does not charge a maintenance fee [1].", fee, true},
		{"has no maintenance fee fails in English", "The Plus account has no maintenance fee [1].", fee, true},
		{"the Youth account without the fee passes in English", "The Youth account does not charge a maintenance fee [1].", fee, false},
		{"no cobra comisión fails in Spanish", "La Cuenta Plus no cobra comisión de mantenimiento [1].", cuota, true},
		{"la Cuenta Joven no cobra passes in Spanish", "La Cuenta Joven no cobra comisión de mantenimiento [1].", cuota, false},
		{"keine Kontoführungsgebühr fails in German", "Für das Plus-Konto fällt keine Kontoführungsgebühr an [1].",
			"Das Plus-Konto kostet 4 € Kontoführungsgebühr im Monat.", true},
		{"interest not charged passes against interest-free", "We do not charge interest during the first 3 months [1].",
			"The first 3 months are interest-free.", false},
		{"not charged for transfers passes against free", "We do not charge for transfers within the EU [1].",
			"Transfers within the EU are free. Transfers outside the EU cost €5 each.", false},
		{"no facturamos passes against gratuitas", "La Cuenta Joven no cobra comisión de mantenimiento [1].",
			"La Cuenta Joven está exenta de comisión de mantenimiento.", false},
	})
}

// A comparison said the other way round from the figures the chunk gives
// its two sides, and a figure said with a comparison of the other
// direction ("5 € günstiger" against "5 € mehr").
func TestComparisonAgainstTheChunksFigures(t *testing.T) {
	const rates = "The Fixed mortgage has a rate of 2.95%. The Mixed mortgage has a rate of 2.45% for the first 10 years."
	const tipos = "La Hipoteca Fija tiene un tipo del 2,95 % TIN. La Hipoteca Mixta tiene un tipo del 2,45 % durante los primeros 10 años."
	const plans = "The Basic plan costs €9 per month. The Pro plan costs €19 per month."
	const tarife = "Der Tarif Basis hat eine Mindestlaufzeit von 24 Monaten. Der Tarif Plus hat eine Mindestlaufzeit von 12 Monaten."
	const giga = "Der Tarif Giga 100 ist ohne Mindestvertragslaufzeit buchbar und kostet dafür 5 € mehr im Monat als mit Laufzeit."
	assertFlips(t, []flipCase{
		{"a lower rate where the chunk's is higher fails in English", "During the first 10 years, the Fixed mortgage has a lower rate than the Mixed mortgage [1].", rates, true},
		{"the lower rate of the right side passes in English", "During the first 10 years, the Mixed mortgage has a lower rate than the Fixed mortgage [1].", rates, false},
		{"un tipo más bajo where it is higher fails in Spanish", "Durante los primeros 10 años, la Hipoteca Fija tiene un tipo más bajo que la Mixta [1].", tipos, true},
		{"cheaper the wrong way round fails in English", "The Pro plan is cheaper than the Basic plan [1].", plans, true},
		{"cheaper the right way round passes in English", "The Basic plan is cheaper than the Pro plan [1].", plans, false},
		{"more expensive the right way round passes in English", "The Pro plan is more expensive than the Basic plan [1].", plans, false},
		{"per year against per month is not compared", "The annual plan is cheaper than the monthly plan [1].",
			"The annual plan costs €100 per year. The monthly plan costs €10 per month.", false},
		{"eine längere Mindestlaufzeit the wrong way round fails in German", "Der Tarif Plus hat eine längere Mindestlaufzeit als der Tarif Basis [1].", tarife, true},
		{"cheaper at the airport than online fails against the chunk's figures", "An extra bag is cheaper at the airport than online [1].",
			"An extra bag costs €60 online and €90 at the airport.", true},
		{"cheaper online than at the airport passes", "An extra bag is cheaper online than at the airport [1].",
			"An extra bag costs €60 online and €90 at the airport.", false},
		{"goedkoper the right way round passes in Dutch", "Het Basispakket is goedkoper dan het Pluspakket [1].",
			"Het Basispakket kost 12 euro per maand. Het Pluspakket kost 18 euro per maand.", false},
		{"moins cher the wrong way round fails in French", "Le forfait Mini est moins cher que le forfait Maxi [1].",
			"Le forfait Mini coûte 25 € par mois et le forfait Maxi 15 € par mois.", true},
		{"5 € günstiger against 5 € mehr fails in German", "Der Tarif Giga 100 kostet 5 € günstiger im Monat [1].", giga, true},
		{"5 € mehr passes in German", "Der Tarif Giga 100 kostet 5 € mehr im Monat als mit Laufzeit [1].", giga, false},
		{"€5 cheaper against €5 more fails in English", "Express costs €5 cheaper than standard [1].", "Express costs €5 more than standard.", true},
	})
}

// A thing named with a number ("Giga 500", "Extra Zorg 1") is another
// thing than the same name with another number: a denial or a value the
// chunk gives the other is not the claim's.
func TestNumberedNames(t *testing.T) {
	const giga = "Der Glasfasertarif Giga 500 hat eine Mindestvertragslaufzeit von 24 Monaten und kostet 44,99 € im Monat. " +
		"Danach ist der Vertrag monatlich kündbar. Der Tarif Giga 100 ist ohne Mindestvertragslaufzeit buchbar und kostet dafür 5 € mehr im Monat."
	const zorg = "Met de aanvullende verzekering Extra Zorg 2 vergoeden wij maximaal 18 behandelingen fysiotherapie per kalenderjaar. " +
		"Bij Extra Zorg 1 zijn dat er maximaal 9. Gaat u naar een gecontracteerde fysiotherapeut, dan betalen wij de nota rechtstreeks aan de praktijk."
	assertFlips(t, []flipCase{
		{"keine Mindestvertragslaufzeit of Giga 500 fails in German", "Beim Tarif Giga 500 gibt es keine Mindestvertragslaufzeit [1].", giga, true},
		{"keine Mindestvertragslaufzeit of Giga 100 passes in German", "Beim Tarif Giga 100 gibt es keine Mindestvertragslaufzeit [1].", giga, false},
	})
	assertReason(t, "number_mismatch", []flipCase{
		{"Extra Zorg 2's 18 given to Extra Zorg 1 fails in Dutch", "In Extra Zorg 1 vergoeden wij maximaal 18 behandelingen fysiotherapie per kalenderjaar [1].", zorg, true},
		{"Extra Zorg 1's own 9 passes in Dutch", "In Extra Zorg 1 vergoeden wij maximaal 9 behandelingen fysiotherapie per kalenderjaar [1].", zorg, false},
		{"Extra Zorg 2's own 18 passes in Dutch", "Extra Zorg 2 vergoedt maximaal 18 behandelingen fysiotherapie per kalenderjaar [1].", zorg, false},
	})
}

// Another determiner before a name after the same word stands in its
// place ("met de Budgetpolis" for "met uw Restitutiepolis"); a clause that
// is the condition of the next ("Kiest u …, dan vergoeden wij") says
// nothing of another party; "niet … nodig" says what "geen … nodig" says.
func TestDutchPlacesConditionsAndCues(t *testing.T) {
	const polis = "Kiest u met de Budgetpolis een niet-gecontracteerde zorgverlener, dan vergoeden wij 70% van het gemiddeld gecontracteerde tarief. " +
		"Met de Restitutiepolis vergoeden wij tot 100% van het wettelijk tarief of, als dat er niet is, van het marktconforme tarief."
	assertReason(t, "number_mismatch", []flipCase{
		{"the Budgetpolis's 70% given to the Restitutiepolis fails in Dutch", "Met uw Restitutiepolis vergoeden wij bij een niet-gecontracteerde zorgverlener 70% van het gemiddeld gecontracteerde tarief [1].", polis, true},
	})
	assertFlips(t, []flipCase{
		{"the Budgetpolis's own 70% passes in Dutch", "Met de Budgetpolis vergoeden wij bij een niet-gecontracteerde zorgverlener 70% van het gemiddeld gecontracteerde tarief [1].", polis, false},
		{"niet nodig against geen nodig passes in Dutch", "Bij een spoedopname is een machtiging niet nodig [1].",
			"Zonder machtiging vergoeden wij de zorg niet. Voor een spoedopname is geen machtiging nodig.", false},
		{"nodig against geen nodig fails in Dutch", "Bij een spoedopname is een machtiging nodig [1].",
			"Zonder machtiging vergoeden wij de zorg niet. Voor een spoedopname is geen machtiging nodig.", true},
	})
}

// A value said to change: where it starts and ends ("rises from €29.99 to
// €34.99") is no range and no bounds, so "rises to €34.99" passes in
// every language; a figure given another part of the change ("rises to
// €29.99", "steigt um 5 %" of "von 5 % auf 10 %") fails.
func TestChangesFromAndTo(t *testing.T) {
	const price = "On 1 March the monthly price rises from €29.99 to €34.99."
	const preis = "Ab März steigt der Preis von 29,99 € auf 34,99 €."
	const rabatt = "Der Treuerabatt für Bestandskunden steigt ab dem 1. Juli 2026 von 5 % auf 10 % des Arbeitspreises."
	assertReason(t, "number_mismatch", []flipCase{
		{"rises to the new price passes in English", "The monthly price rises to €34.99 [1].", price, false},
		{"the new price from a date passes in English", "The monthly price is €34.99 from 1 March [1].", price, false},
		{"rises to the old price fails in English", "The monthly price rises to €29.99 [1].", price, true},
		{"rises from the new price to the old fails in English", "On 1 March the monthly price rises from €34.99 to €29.99 [1].", price, true},
		{"passe à passes in French", "Le prix mensuel passe à 34,99 € [1].", "Le 1er mars, le prix mensuel passe de 29,99 € à 34,99 €.", false},
		{"sube a passes in Spanish", "El precio mensual sube a 34,99 € [1].", "El 1 de marzo el precio mensual sube de 29,99 € a 34,99 €.", false},
		{"steigt auf the old price fails in German", "Der Preis steigt auf 29,99 € [1].", preis, true},
		{"steigt auf the new price passes in German", "Der Preis steigt auf 34,99 € [1].", preis, false},
		{"stijgt naar the old price fails in Dutch", "De prijs stijgt naar € 29,99 [1].", "Vanaf maart stijgt de prijs van € 29,99 naar € 34,99.", true},
		{"steigt um the starting value fails in German", "Ab dem 1. Juli 2026 steigt Ihr Treuerabatt um 5 % [1].", rabatt, true},
		{"steigt auf the end value passes in German", "Ab dem 1. Juli 2026 steigt Ihr Treuerabatt auf 10 % [1].", rabatt, false},
		{"a price list's from stays a bound", "Plans cost €9.99 per month [1].", "Plans cost from €9.99 to €29.99 per month.", true},
		{"a range stays a range", "Delivery takes 3 days [1].", "Delivery takes 3 to 5 days.", true},
	})
}

// A count of times for another period than the one rate the chunk gives,
// the period a word of [period-words] ("per quarter", "pro Quartal").
func TestRateForAnotherPeriod(t *testing.T) {
	const abschlag = "Sie können den Abschlag im Kundenportal selbst anpassen, höchstens einmal pro Quartal und um bis zu 20 Prozent nach oben oder unten."
	const instalment = "You can change the instalment in the customer portal, at most once per quarter and by up to 20 percent."
	assertReason(t, "number_mismatch", []flipCase{
		{"einmal im Monat against einmal pro Quartal fails in German", "Sie können den Abschlag einmal im Monat im Kundenportal anpassen [1].", abschlag, true},
		{"einmal pro Quartal passes in German", "Sie können den Abschlag einmal pro Quartal im Kundenportal anpassen [1].", abschlag, false},
		{"once a month against once per quarter fails in English", "You can change the instalment once a month in the customer portal [1].", instalment, true},
		{"twice a year against once per quarter fails in English", "You can change the instalment twice a year in the customer portal [1].", instalment, true},
		{"once a quarter passes in English", "You can change the instalment once a quarter [1].", instalment, false},
		{"once opening a condition is no count", "Once you cancel, we stop the direct debit [1].", "When you cancel, we stop the direct debit.", false},
	})
}

// "day three" is the chunk's "third day", and "one day before" its "the
// day before", in English and German; another day is not.
func TestDayCountedAsTheChunkCountsIt(t *testing.T) {
	const stoerung = "Dauert eine Störung länger als zwei Kalendertage, erhalten Sie ab dem dritten Tag für jeden Tag 10 % des Monatsentgelts."
	assertReason(t, "number_mismatch", []flipCase{
		{"ab Tag drei passes in German", "Sie bekommen ab Tag drei pro Tag 10 % des Monatsentgelts [1].", stoerung, false},
		{"ab Tag vier fails in German", "Sie bekommen ab Tag vier pro Tag 10 % des Monatsentgelts [1].", stoerung, true},
		{"from day three passes in English", "You get 10% of the monthly fee per day from day three [1].",
			"If an outage lasts longer than two calendar days, you get 10% of the monthly fee for each day from the third day.", false},
		{"bis einen Tag vor passes in German", "Sie können bis einen Tag vor Inkrafttreten der neuen Preise kündigen [1].",
			"Sie können den Vertrag dann bis zum Tag vor dem Inkrafttreten der neuen Preise kündigen. Wir informieren Sie spätestens 4 Wochen vorher.", false},
		{"up to one day before passes in English", "You can cancel up to one day before the new prices take effect [1].",
			"You can cancel the contract until the day before the new prices take effect. We inform you at least 4 weeks before.", false},
		{"two days before fails in English", "You can cancel up to two days before the new prices take effect [1].",
			"You can cancel the contract until the day before the new prices take effect. We inform you at least 4 weeks before.", true},
	})
}

// All of a kind where the chunk's sentence limits it with a complement
// phrase right after it ("An MRI scan outside the hospital") widens it.
func TestUniversalOverAComplementPhrase(t *testing.T) {
	assertFlips(t, []flipCase{
		{"every MRI scan against one outside the hospital fails in English", "Every MRI scan needs prior approval [1].",
			"An MRI scan outside the hospital needs prior approval. Scans in the hospital are covered without approval.", true},
		{"voor iedere MRI-scan fails in Dutch", "Voor iedere MRI-scan moet u vooraf een machtiging aanvragen [1].",
			"Voor een MRI-scan buiten het ziekenhuis moet u vooraf een machtiging aanvragen. In het ziekenhuis is geen machtiging nodig.", true},
		{"für jede MRT-Untersuchung fails in German", "Für jede MRT-Untersuchung brauchen Sie eine Genehmigung [1].",
			"Für eine MRT-Untersuchung außerhalb des Krankenhauses brauchen Sie eine Genehmigung.", true},
		{"the scan outside the hospital passes in English", "An MRI scan outside the hospital needs prior approval [1].",
			"An MRI scan outside the hospital needs prior approval. Scans in the hospital are covered without approval.", false},
		{"all of the complement passes in English", "All customers outside the EU pay shipping [1].", "Customers outside the EU pay a shipping fee of €15.", false},
	})
}

// A count the chunk writes as "one" ("one checked bag", "ein
// Gepäckstück") rivals the claim's other count of it; a clause naming its
// subject after its value ("12 months on Team plans and 24 months on
// Enterprise") gives that subject its own value.
func TestOneCountedAndValueFirstClauses(t *testing.T) {
	const fares = "The Standard fare includes one checked bag of 23 kg. The Flex fare includes two checked bags of 23 kg each."
	const logs = "Tessel keeps audit logs of every admin action. Audit logs are kept for 12 months on Team plans and 24 months on Enterprise. You can export them as CSV."
	assertReason(t, "number_mismatch", []flipCase{
		{"two bags for the Standard fare fails in English", "Standard fares include two checked bags of 23 kg each [1].", fares, true},
		{"two bags for the Flex fare passes in English", "The Flex fare includes two checked bags [1].", fares, false},
		{"zwei Gepäckstücke im Standard-Tarif fails in German", "Im Standard-Tarif sind zwei Gepäckstücke enthalten [1].",
			"Im Standard-Tarif ist ein Gepäckstück enthalten. Im Flex-Tarif sind zwei Gepäckstücke enthalten.", true},
		{"Team's 12 months given to Enterprise fails in English", "Audit logs on Enterprise are kept for 12 months [1].", logs, true},
		{"Enterprise's own 24 months passes in English", "Audit logs on Enterprise are kept for 24 months [1].", logs, false},
		{"Team's own 12 months passes in English", "Audit logs on Team plans are kept for 12 months [1].", logs, false},
		{"12 mois pour Enterprise fails in French", "Les journaux d'audit de l'offre Enterprise sont conservés 12 mois [1].",
			"Tessel conserve un journal de chaque action. Les journaux d'audit sont conservés 12 mois sur les offres Team et 24 mois sur Enterprise. Vous pouvez les exporter en CSV.", true},
	})
}

// A figure said as the difference of two the chunk states ("€25 more
// than online" of €35 and €60, "40 more seats", "um 20 € teurer" of a rise
// from 50 € to 70 €) is stated; another difference, a change the other
// way, or the sides swapped is not.
func TestDifferencesOfTheChunksFigures(t *testing.T) {
	const bag = "An extra checked bag costs €35 when booked online and €60 at the airport. Bags must be added at least 24 hours before departure."
	const plans = "Team 10 costs €99 per month and includes up to 10 seats. Team 50 costs €399 per month and includes up to 50 seats."
	const umbuchung = "Ab dem 1. März 2026 steigt die Umbuchungsgebühr im Tarif Standard von 50 € auf 70 € pro Person und Strecke."
	assertReason(t, "number_mismatch", []flipCase{
		{"€25 more than online passes in English", "At the airport, an extra bag costs €25 more than online [1].", bag, false},
		{"€30 more than online fails in English", "At the airport, an extra bag costs €30 more than online [1].", bag, true},
		{"40 more seats passes in English", "Team 50 comes with 40 more seats than Team 10 [1].", plans, false},
		{"30 more seats fails in English", "Team 50 comes with 30 more seats than Team 10 [1].", plans, true},
		{"€300 more per month passes in English", "Team 50 costs €300 more per month than Team 10 [1].", plans, false},
		{"€25 meer dan online passes in Dutch", "Op de luchthaven kost een extra koffer €25 meer dan online [1].", "Een extra koffer kost online €35 en op de luchthaven €60.", false},
		{"40 usuarios más passes in Spanish", "Team 50 permite 40 usuarios más que Team 10 [1].",
			"Team 10 cuesta 99 € al mes e incluye hasta 10 usuarios. Team 50 cuesta 399 € al mes e incluye hasta 50 usuarios.", false},
		{"20 € günstiger of a rise fails in German", "Für den Tarif Standard wird die Umbuchung ab dem 1. März 2026 also 20 € günstiger [1].", umbuchung, true},
		{"20 € günstiger of a rise fails where the old fee stands apart too", "Für den Tarif Standard wird die Umbuchung ab dem 1. März 2026 also 20 € günstiger [1].",
			"Im Tarif Standard kostet eine Umbuchung 50 € pro Person und Strecke. Ab dem 1. März 2026 steigt die Umbuchungsgebühr im Tarif Standard von 50 € auf 70 €.", true},
		{"20 € teurer of the rise passes in German", "Für den Tarif Standard wird die Umbuchung ab dem 1. März 2026 also 20 € teurer [1].",
			"Im Tarif Standard kostet eine Umbuchung 50 € pro Person und Strecke. Ab dem 1. März 2026 steigt die Umbuchungsgebühr im Tarif Standard von 50 € auf 70 €.", false},
	})
	assertFlips(t, []flipCase{
		{"€25 more online than at the airport fails in English", "Online, an extra bag costs €25 more than at the airport [1].", bag, true},
		{"€25 more at the airport than online passes in English", "At the airport, an extra bag costs €25 more than online [1].", bag, false},
	})
}

// A change by percentage points is stated by the change from one
// percentage to another ("by five percentage points" of "from 15% to
// 20%"); by as many percent, or by other points, is not.
func TestChangeByPercentagePoints(t *testing.T) {
	const discount = "Annual billing gives a 15% discount on all plans. From 1 July 2026 the annual billing discount rises from 15% to 20%."
	const rabatt = "Der Jahresrabatt steigt ab dem 1. Juli von 15 % auf 20 %."
	assertReason(t, "number_mismatch", []flipCase{
		{"five percentage points passes in English", "From 1 July 2026 the annual discount goes up by five percentage points, from 15% to 20% [1].", discount, false},
		{"5% fails in English", "From 1 July 2026 the annual discount goes up by 5% [1].", discount, true},
		{"six percentage points fails in English", "From 1 July 2026 the annual discount goes up by six percentage points [1].", discount, true},
		{"5 Prozentpunkte passes in German", "Ab dem 1. Juli steigt der Rabatt um 5 Prozentpunkte [1].", rabatt, false},
		{"4 Prozentpunkte fails in German", "Ab dem 1. Juli steigt der Rabatt um 4 Prozentpunkte [1].", rabatt, true},
	})
}

// What a part of the sentence says of a numbered plan ("On Team 10, … once
// a month; on Team 50 …, exports are unlimited") given to the same name
// with another number.
func TestNumberedPlanGivenAnothersTerms(t *testing.T) {
	const exports = "On Team 10, a full export can be run once a month; on Team 50 and Enterprise, exports are unlimited. Exports are sent by email."
	assertReason(t, "entity_mismatch", []flipCase{
		{"Team 10's limit given to Team 50 fails", "On Team 50, a full export can be run once a month [1].", exports, true},
		{"Team 10's own limit passes", "On Team 10, a full export can be run once a month [1].", exports, false},
		{"Team 50's own term passes", "On Team 50, exports are unlimited [1].", exports, false},
		{"a price in a part of its own passes", "Team 50 costs €399 per month [1].", "Team 10 costs €99 per month; Team 50 costs €399 per month.", false},
	})
}

// "charges nothing" where the chunk's sentence gives a fee is a price
// called free in other words; where the sentence says it costs nothing,
// or gives no fee, it passes.
func TestCostsNothingAgainstAFee(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"charges nothing against a holding fee fails", "The gym charges nothing during the pause [1].", "During a pause, the gym charges a holding fee of £5 per month.", true},
		{"costs nothing against £5 fails", "A pause costs nothing [1].", "A pause costs £5 per month.", true},
		{"costs nothing against costs nothing passes", "The Basic plan costs nothing [1].", "The Basic plan costs nothing. The Pro plan costs €9 per month.", false},
		{"costs nothing under the chunk's condition passes", "Cancelling costs nothing if you give notice [1].",
			"Cancelling costs nothing if you give 30 days notice; otherwise we charge one month's fee of €20.", false},
	})
}
