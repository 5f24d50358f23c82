package audit

import "testing"

// What one party does given to another named in the next clause, and
// the opposite said of the claim's subject in a clause of its own where
// the claim is worded loosely or adds "lang" to a duration.
func TestAnotherPartysActAndLooselyWordedOpposites(t *testing.T) {
	const meter = "Wij sturen u de jaarafrekening; de netbeheerder plaatst en onderhoudt de meter."
	const fee = "We charge a 2% fee for foreign payments; your bank may add its own charges."
	const licence = "Die Kopie Ihres Führerscheins löschen wir nach Rückgabe des Fahrzeugs; Mietverträge bewahren wir zehn Jahre auf."
	assertFlips(t, []flipCase{
		{"the grid operator sends the statement fails in Dutch", "De netbeheerder stuurt u de jaarafrekening [1].", meter, true},
		{"we send the statement passes in Dutch", "Wij sturen u de jaarafrekening [1].", meter, false},
		{"the grid operator installs the meter passes in Dutch", "De netbeheerder plaatst de meter [1].", meter, false},
		{"the bank charges the fee fails in English", "Your bank charges a 2% fee for foreign payments [1].", fee, true},
		{"we charge the fee passes in English", "We charge a 2% fee for foreign payments [1].", fee, false},
		{"die Bank erstattet fails in German", "Die Bank erstattet den Betrag innerhalb von 14 Tagen [1].",
			"Wir erstatten den Betrag innerhalb von 14 Tagen; die Bank kann die Gutschrift später anzeigen.", true},
		{"la banque rembourse fails in French", "La banque rembourse le montant sous 14 jours [1].",
			"Nous remboursons le montant sous 14 jours ; la banque peut afficher le crédit plus tard.", true},
		{"el banco reembolsa fails in Spanish", "El banco reembolsa el importe en 14 días [1].",
			"Nosotros reembolsamos el importe en 14 días; el banco puede mostrar el abono más tarde.", true},
		{"the landlord sends the statement where 'we then send' it fails in English", "The landlord sends you the annual statement within six weeks [1].",
			"The landlord reads your meter remotely; we then send you the annual statement within six weeks.", true},
		{"we send the statement passes in English", "We send you the annual statement within six weeks [1].",
			"The landlord reads your meter remotely; we then send you the annual statement within six weeks.", false},
		{"the grid operator sends where 'wij sturen u daarna' fails in Dutch", "De netbeheerder stuurt u binnen zes weken de jaarafrekening [1].",
			"De netbeheerder leest uw slimme meter op afstand uit; wij sturen u daarna binnen zes weken de jaarafrekening.", true},
		{"one party doing both passes in Dutch", "De netbeheerder stuurt u de jaarafrekening [1].",
			"De netbeheerder plaatst de meter en stuurt u de jaarafrekening.", false},
		{"the actor's own clause saying the claim passes in Spanish", "Las hospitalizaciones tienen una carencia de 6 meses [1].",
			"Las hospitalizaciones tienen un periodo de carencia de 6 meses desde el alta en la póliza; el parto tiene una carencia de 8 meses.", false},
		{"a clause split inside a noun phrase passes in English", "Hydrophobic protein expression is linked to inclusion bodies [1].",
			"It is assumed that high level expression of non-native protein and hydrophobic protein is more prone to lead to inclusion bodies.", false},
		{"kept for six years where deleted at check-out fails in English", "Copies of your ID are kept for six years [1].",
			"We keep invoices for six years, while copies of your ID are deleted at check-out.", true},
		{"zehn Jahre lang aufbewahrt where deleted fails in German", "Die Kopie Ihres Führerscheins wird zehn Jahre lang aufbewahrt [1].", licence, true},
		{"contracts kept ten years passes in German", "Mietverträge werden zehn Jahre lang aufbewahrt [1].", licence, false},
		{"the copy deleted on return passes in German", "Die Kopie Ihres Führerscheins wird nach Rückgabe des Fahrzeugs gelöscht [1].", licence, false},
	})
}

// What a sentence says of one name only ("Only Lifetime …") said of
// another name as well.
func TestOnlyOneNameWidened(t *testing.T) {
	const plans = "Plan | Monthly price: Essential | £14; Plus | £27; Lifetime | £45. Every plan covers accidents and illness. Only Lifetime covers dental illness."
	const planes = "Plan | Precio mensual: Básico | 12 €; Completo | 24 €; Premium | 39 €. Todos los planes cubren accidentes y enfermedades. Solo el Premium incluye la vacunación anual y la desparasitación."
	assertFlips(t, []flipCase{
		{"Plus and Lifetime for only Lifetime fails in English", "Dental illness is covered on the Plus and Lifetime plans [1].", plans, true},
		{"Lifetime for only Lifetime passes in English", "Dental illness is covered only on the Lifetime plan [1].", plans, false},
		{"the Lifetime plan for only Lifetime passes in English", "The Lifetime plan covers dental illness [1].", plans, false},
		{"Completo for solo el Premium fails in Spanish", "El plan Completo incluye la vacunación anual y la desparasitación [1].", planes, true},
		{"Premium for solo el Premium passes in Spanish", "El plan Premium incluye la vacunación anual y la desparasitación [1].", planes, false},
	})
}

// What the chunk says of one thing said of another it tells apart: a
// compound's other first part, or a word the chunk lists beside it.
func TestSiblingSwapped(t *testing.T) {
	const shipping = "Versandart | Preis: Standard | 3,95 €; Express | 9,95 €. Ab 29 € Bestellwert ist der Standardversand kostenlos."
	const vaccines = "Grippeimpfungen bieten wir für Erwachsene ab 18 Jahren an. Covid-Impfungen sind ab 12 Jahren möglich."
	const pets = "Asegura perros y gatos desde los 3 meses hasta los 8 años. Los perros de razas potencialmente peligrosas requieren además el seguro de responsabilidad civil obligatorio."
	assertReason(t, "entity_mismatch", []flipCase{
		{"Expressversand for Standardversand fails in German", "Ab einem Bestellwert von 29 € ist der Expressversand kostenlos [1].", shipping, true},
		{"Standardversand passes in German", "Ab einem Bestellwert von 29 € ist der Standardversand kostenlos [1].", shipping, false},
		{"Covid-Impfungen for Grippeimpfungen fails in German", "Covid-Impfungen bieten wir ab 18 Jahren an [1].", vaccines, true},
		{"Gewährleistungszeit for Garantiezeit passes in German", "Die Gewährleistungszeit beträgt für alle Geräte zwei Jahre ab Kaufdatum [1].",
			"Die Garantiezeit beträgt für alle Geräte zwei Jahre ab Kaufdatum.", false},
		{"Debitkarte for the clause of Kreditkarten fails in German", "Bei Zahlung mit Debitkarte blockieren wir eine Kaution von 500 € [1].",
			"Bei Kreditkarten blockieren wir eine Kaution von 500 €; Debitkarten akzeptieren wir nur bei Kategorie A und B, mit 800 € Kaution.", true},
		{"Kreditkarte for its own clause passes in German", "Bei Zahlung mit Kreditkarte blockieren wir eine Kaution von 500 € [1].",
			"Bei Kreditkarten blockieren wir eine Kaution von 500 €; Debitkarten akzeptieren wir nur bei Kategorie A und B, mit 800 € Kaution.", false},
		{"gatos for perros listed together fails in Spanish", "Los gatos de razas peligrosas necesitan además el seguro obligatorio de responsabilidad civil [1].", pets, true},
		{"perros passes in Spanish", "Los perros de razas peligrosas necesitan además el seguro obligatorio de responsabilidad civil [1].", pets, false},
	})
}

// A table flattened onto one line, its rows parted by semicolons, is read
// as a table: a value of another row fails, the row's own passes.
func TestInlineTables(t *testing.T) {
	const options = "Delivery options. Option | Price | When: Standard | free | 3-5 working days; Express | £4.95 | next working day; Same-day | £7.50 | today if ordered by noon."
	const abos = "Abonnement | Prijs per maand | Geldig: Dal Voordeel | € 5,60 | 40 % korting buiten de spits; Altijd Voordeel | € 32,50 | 20 % korting in de spits en 40 % daarbuiten."
	assertReason(t, "number_mismatch", []flipCase{
		{"Express at the same-day price fails in English", "Express delivery costs £7.50 [1].", options, true},
		{"Express at its own price passes in English", "Express delivery costs £4.95 [1].", options, false},
		{"Same-day at its own price passes in English", "Same-day delivery costs £7.50 [1].", options, false},
		{"Dal Voordeel at Altijd Voordeel's price fails in Dutch", "Het Dal Voordeel-abonnement kost € 32,50 per maand [1].", abos, true},
		{"Altijd Voordeel at its own price passes in Dutch", "Het Altijd Voordeel-abonnement kost € 32,50 per maand [1].", abos, false},
		{"rows without a header are a table", "Express delivery costs £7.50 [1].", "Standard | free; Express | £4.95; Same-day | £7.50", true},
	})
	tables, _ := tablesIn(options, options)
	if len(tables) != 1 || len(tables[0].rows) != 3 || len(tables[0].header) != 3 || tables[0].rows[2].cells[2] != "today if ordered by noon" {
		t.Fatalf("inline table read as %+v", tables)
	}
	if tables, _ := tablesIn("Call us | write to us; we answer within a day.", "Call us | write to us; we answer within a day."); len(tables) != 0 {
		t.Errorf("prose with a pipe and a semicolon read as a table: %+v", tables)
	}
}

// Two values given to two subjects the other way round, each in a clause
// of its own.
func TestValuesSwappedBetweenSubjects(t *testing.T) {
	const excess = "Excess. You pay the first £99 of each claim. From age 8 for dogs and age 10 for cats, you also pay 20 % of the remaining cost."
	const rooms = "Ein Einzelzimmer kostet 80 € pro Nacht, ein Doppelzimmer 120 €."
	assertReason(t, "number_mismatch", []flipCase{
		{"dogs 10 and cats 8 for dogs 8 and cats 10 fails in English", "For dogs from age 10 and cats from age 8, you also pay 20 % of the rest of the bill [1].", excess, true},
		{"dogs 8 and cats 10 passes in English", "For dogs from age 8 and cats from age 10, you also pay 20 % of the rest of the bill [1].", excess, false},
		{"the two room prices swapped fail in German", "Ein Einzelzimmer kostet 120 € und ein Doppelzimmer 80 € [1].", rooms, true},
		{"the two room prices as the chunk gives them pass in German", "Ein Einzelzimmer kostet 80 € und ein Doppelzimmer 120 € [1].", rooms, false},
		{"adults and children swapped fail in English", "Adults pay €6 and children pay €12 [1].", "Adults pay €12, children pay €6.", true},
	})
}

// A period counted from a payment, a visit or a journey against one from
// another event; denials in other words that agree ("ohne Versandkosten"
// and "versandkostenfrei", "keine Zuzahlung" and "befreit"); "as much as"
// as an upper bound.
func TestEventsSuffixDenialsAndBounds(t *testing.T) {
	assertFlips(t, []flipCase{
		{"desde el pago for desde la visita fails in Spanish", "Tienes 60 días desde el pago de la póliza para enviarnos la factura [1].",
			"Envía la factura desde la app en un plazo de 60 días desde la visita.", true},
		{"desde la visita passes in Spanish", "Tienes 60 días desde la visita para enviarnos la factura [1].",
			"Envía la factura desde la app en un plazo de 60 días desde la visita.", false},
		{"ohne Versandkosten for versandkostenfrei passes in German", "Rezeptbestellungen liefern wir ohne Versandkosten [1].",
			"Rezeptbestellungen verschicken wir immer versandkostenfrei.", false},
		{"keine Zuzahlung for befreit passes in German", "Kinder unter 18 Jahren zahlen keine Zuzahlung [1].",
			"Kinder und Jugendliche unter 18 Jahren sind von der Zuzahlung befreit.", false},
	})
	assertReason(t, "number_mismatch", []flipCase{
		{"as much as for up to passes in English", "You can book appointments online as much as 4 weeks in advance [1].",
			"Appointments can be booked online up to 4 weeks in advance.", false},
		{"as much as for at least fails in English", "You can book appointments online as much as 4 weeks in advance [1].",
			"Appointments must be booked online at least 4 weeks in advance.", true},
	})
}

// A value the chunk states only of a compound sibling of the claim's
// subject, where the sentence naming the subject states another.
func TestValueOfASiblingCompound(t *testing.T) {
	const pharmacy = "Impfen in der Apotheke. Grippeimpfungen bieten wir für Erwachsene ab 18 Jahren an. Die Kosten übernimmt die gesetzliche Krankenkasse. Covid-Impfungen sind ab 12 Jahren möglich. Termine können bis zu drei Wochen im Voraus online gebucht werden."
	assertReason(t, "number_mismatch", []flipCase{
		{"Covid-Impfungen at the flu's age fails in German", "Covid-Impfungen bieten wir ab 18 Jahren an [1].", pharmacy, true},
		{"Covid-Impfungen at their own age passes in German", "Covid-Impfungen sind ab 12 Jahren möglich [1].", pharmacy, false},
		{"Grippeimpfungen at their own age passes in German", "Grippeimpfungen bieten wir ab 18 Jahren an [1].", pharmacy, false},
		{"Impfungen at either age passes in German", "Impfungen gibt es ab 12 Jahren [1].", pharmacy, false},
	})
}

// A denial the window says only in a part after a semicolon other than the
// one holding most of the claim's words is about something else.
func TestADenialInAnotherPartOfTheSentence(t *testing.T) {
	const copago = "El copago es de 5 € por consulta de especialista y de 2 € por consulta de medicina general; las pruebas diagnósticas no tienen copago."
	assertFlips(t, []flipCase{
		{"the GP copay beside another part's denial passes in Spanish", "La consulta de medicina general tiene un copago de 2 € [1].", copago, false},
		{"the tests said to have a copay fail in Spanish", "Las pruebas diagnósticas tienen copago [1].", copago, true},
		{"a part about the claim's subject denying it fails in French", "Les membres Essentiel peuvent venir avec un invité deux fois par mois [1].",
			"Les membres Premium peuvent venir avec un invité deux fois par mois ; les membres Essentiel ne peuvent pas inviter.", true},
		{"specialist visits said to have a copay fail in English", "Specialist visits have a copay [1].", "GP visits have a €2 copay; specialist visits do not have a copay.", true},
	})
}

// A value a sentence states only in a part about another subject, where
// its part about the claim's subject states another.
func TestValueOfAnotherSubjectsPart(t *testing.T) {
	const carencias = "Las hospitalizaciones tienen un periodo de carencia de 6 meses desde el alta en la póliza; el parto tiene una carencia de 8 meses."
	assertReason(t, "number_mismatch", []flipCase{
		{"the delivery at the hospital stays' period fails in Spanish", "El parto está cubierto a partir de los 6 meses del alta en la póliza [1].", carencias, true},
		{"the delivery at its own period passes in Spanish", "El parto tiene una carencia de 8 meses [1].", carencias, false},
		{"hospital stays at their own period pass in Spanish", "Las hospitalizaciones tienen una carencia de 6 meses [1].", carencias, false},
	})
}

// What a sentence gives one group only ("solo para menores") said of the
// opposite group.
func TestOnlyOneGroupOpposed(t *testing.T) {
	const braces = "Las ortodoncias están cubiertas solo para menores de 16 años, con un descuento del 20 %."
	assertFlips(t, []flipCase{
		{"adults for only minors fail in Spanish", "Los adultos también tienen un 20 % de descuento en ortodoncia [1].", braces, true},
		{"minors for only minors pass in Spanish", "Los menores de 16 años tienen un 20 % de descuento en ortodoncia [1].", braces, false},
		{"adults for only children fail in English", "Adults also get a 20% discount on braces [1].", "Braces are covered only for children under 16, with a 20% discount.", true},
		{"children for only children pass in English", "Children under 16 get a 20% discount on braces [1].", "Braces are covered only for children under 16, with a 20% discount.", false},
	})
}

// A condition said with "except if" ("behalve als", "außer wenn") where the
// chunk says it with "unless", and the reverse.
func TestExceptIfForUnless(t *testing.T) {
	assertFlips(t, []flipCase{
		{"behalve als for tenzij passes in Dutch", "Verlengen kan tot twee keer, behalve als het boek door iemand anders is gereserveerd [1].",
			"U kunt een boek twee keer verlengen, tenzij een ander lid het heeft gereserveerd.", false},
		{"außer wenn for es sei denn passes in German", "Sie können zweimal verlängern, außer wenn ein anderes Mitglied das Buch reserviert hat [1].",
			"Sie können ein Buch zweimal verlängern, es sei denn, ein anderes Mitglied hat es reserviert.", false},
		{"except if for unless passes in English", "You can renew twice, except if another member has reserved the book [1].",
			"You can renew a book twice unless another member has reserved it.", false},
		{"unless for except if passes in English", "The contract renews every year unless you cancel [1].",
			"The contract renews every year, except if you cancel by 30 September.", false},
		{"if for unless fails in English", "The contract renews every year if you cancel by 30 September [1].",
			"The contract renews every year unless you cancel by 30 September.", true},
	})
}
