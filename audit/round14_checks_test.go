package audit

import "testing"

// A period's start given where the chunk gives its end at the same date,
// and one source of electricity for another, also inside a compound.
func TestStartForEndAndEnergySources(t *testing.T) {
	assertFlips(t, []flipCase{
		{"open on for accepted until fails in English",
			"Applications for the autumn term open on 1 May [1].", "Applications for the autumn term are accepted until 1 May.", true},
		{"accepted until for open on fails in English",
			"Applications for the autumn term are accepted until 1 May [1].", "Applications for the autumn term open on 1 May.", true},
		{"close on for accepted until passes in English",
			"Applications for the autumn term close on 1 May [1].", "Applications for the autumn term are accepted until 1 May.", false},
		{"ends on for the end of a range passes in English",
			"The summer sale ends on 31 August [1].", "The summer sale runs from 1 July to 31 August.", false},
		{"starts on for the start of a range passes in English",
			"The summer sale starts on 1 July [1].", "The summer sale runs from 1 July to 31 August.", false},
		{"beginnt am for bis zum fails in German",
			"Die Anmeldung für das Herbstsemester beginnt am 1. Mai [1].", "Anmeldungen für das Herbstsemester werden bis zum 1. Mai angenommen.", true},
		{"opent op for tot fails in Dutch",
			"De inschrijving voor het najaarssemester opent op 1 mei [1].", "Inschrijvingen voor het najaarssemester worden aangenomen tot 1 mei.", true},
		{"ouvrent le for jusqu'au fails in French",
			"Les inscriptions pour le semestre d'automne ouvrent le 1er mai [1].", "Les inscriptions pour le semestre d'automne sont acceptées jusqu'au 1er mai.", true},
		{"se abren el for hasta el fails in Spanish",
			"Las inscripciones para el semestre de otoño se abren el 1 de mayo [1].", "Las inscripciones para el semestre de otoño se aceptan hasta el 1 de mayo.", true},
		{"begint op for the start of a range passes in Dutch",
			"De zomeruitverkoop begint op 1 juli [1].", "De zomeruitverkoop loopt van 1 juli tot en met 31 augustus.", false},
		{"solar for wind power fails in English",
			"The Green Fixed contract supplies 100% Dutch solar power at a fixed price for 3 years [1].", "The Green Fixed contract supplies 100% Dutch wind power at a fixed price for 3 years.", true},
		{"zonnestroom for windstroom fails in Dutch",
			"Het contract Groen Vast levert 100 % Nederlandse zonnestroom met een vaste prijs voor 3 jaar [1].", "Het contract Groen Vast levert 100 % Nederlandse windstroom met een vaste prijs voor 3 jaar.", true},
		{"Solarstrom for Windstrom fails in German",
			"Der Tarif Öko Fix liefert 100 % Solarstrom aus Deutschland mit einer Preisgarantie von 24 Monaten [1].", "Der Tarif Öko Fix liefert 100 % Windstrom aus Deutschland mit einer Preisgarantie von 24 Monaten.", true},
		{"Gewährleistungszeit for Garantiezeit passes in German",
			"Die Gewährleistungszeit beträgt für alle Geräte zwei Jahre ab Kaufdatum [1].", "Die Garantiezeit beträgt für alle Geräte zwei Jahre ab Kaufdatum.", false},
		{"wind and solar for solar and wind passes in English",
			"The contract supplies green electricity from wind and solar sources [1].", "The Green contract supplies electricity from solar and wind sources.", false},
	})
}

// What a figure is counted per, said as "a year", "al mes" or "monatlich";
// an exception made an inclusion; the same booking against separate ones;
// a period run from the return of a device or the departure; who pays,
// the insurer or the insured.
func TestPerPhrasesExceptionsEventsAndTheInsured(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"a year for per trip fails in English",
			"Cancellation costs are covered up to €30,000 a year [1].", "Cancellation costs are covered up to €30,000 per trip.", true},
		{"a month for per withdrawal fails in English",
			"You can withdraw up to £200 a month abroad [1].", "You can withdraw up to £200 per withdrawal abroad.", true},
		{"a month for per month passes in English",
			"The Pro plan costs €12 a month [1].", "The Pro plan costs €12 per month.", false},
		{"once per calendar year for once per calendar year passes in English",
			"You pay the €385 deductible once per calendar year [1].", "The €385 deductible applies once per calendar year.", false},
		{"a year for per calendar year passes in English",
			"You get 25 days of paid leave a year [1].", "Employees get 25 days of paid leave per calendar year.", false},
		{"al año for por viaje fails in Spanish",
			"Los gastos de anulación se cubren hasta 3.000 € al año [1].", "Los gastos de anulación se cubren hasta 3.000 € por viaje.", true},
		{"al mes por cada usuario for por usuario al mes passes in Spanish",
			"Con el plan Equipo se pagan 12 € al mes por cada usuario [1].", "El plan Equipo cuesta 12 € por usuario al mes.", false},
		{"mensuales por la tarjeta for al mes passes in Spanish: 'por la' says what it is for",
			"Se cobran 3 € mensuales por la tarjeta de transporte [1].", "La tarjeta de transporte tiene un coste de 3 € al mes.", false},
		{"par an for mensuels fails in French",
			"Le forfait coûte 20 € par an [1].", "Le forfait coûte 20 € mensuels.", true},
		{"im Monat for pro Monat passes in German",
			"Das Jobticket wird mit 25 € im Monat bezuschusst [1].", "Der Arbeitgeber bezuschusst das Jobticket mit 25 € pro Monat.", false},
	})
	assertFlips(t, []flipCase{
		{"including for except fails in English",
			"Adventure sports are excluded, including scuba diving with a licensed instructor [1].", "Adventure sports are excluded, except scuba diving with a licensed instructor.", true},
		{"incluido for salvo fails in Spanish",
			"Quedan excluidos los deportes de riesgo, incluido el esquí en pistas señalizadas [1].", "Quedan excluidos los deportes de riesgo, salvo el esquí en pistas señalizadas.", true},
		{"aunque restating the exception passes in Spanish",
			"El esquí en pistas señalizadas está cubierto, aunque los demás deportes de riesgo quedan excluidos [1].", "Quedan excluidos los deportes de riesgo, salvo el esquí en pistas señalizadas.", false},
		{"separate bookings for the same booking fails in English",
			"Missed connections are covered even when the flights are on separate bookings [1].", "Missed connections are covered when both flights are on the same booking.", true},
		{"after cancelling for after returning the decoder fails in French",
			"Le dépôt de garantie est remboursé 30 jours après la résiliation [1].", "Le remboursement du dépôt de garantie intervient 30 jours après la restitution du décodeur.", true},
		{"por nuestra cuenta for a cargo del asegurado fails in Spanish",
			"Los gastos de repatriación del vehículo corren por nuestra cuenta [1].", "Los gastos de repatriación del vehículo corren a cargo del asegurado.", true},
	})
}

// A sentence giving two subjects values, the second clause leaving out
// the verb: a claim giving the second subject the first one's value.
func TestAValueOfAnotherSubjectInAnEllipticalClause(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"the first clause's rate for the second subject fails in English",
			"Dental check-ups are reimbursed at 80% [1].", "Physiotherapy is reimbursed at 80% and dental check-ups at 60%.", true},
		{"the first clause's rate for its own subject passes",
			"Physiotherapy is reimbursed at 80% [1].", "Physiotherapy is reimbursed at 80% and dental check-ups at 60%.", false},
		{"the second clause's rate for its own subject passes",
			"Dental check-ups are reimbursed at 60% [1].", "Physiotherapy is reimbursed at 80% and dental check-ups at 60%.", false},
		{"the first limit for the second item fails after a comma",
			"Valuables are covered up to €1,500 [1].", "Baggage is covered up to €1,500, valuables up to €300.", true},
		{"Premium's share for Básico fails in Spanish",
			"El seguro Básico reembolsa el 100 % de los gastos de cancelación [1].", "El seguro Premium reembolsa el 100 % de los gastos de cancelación; el Básico, el 70 %.", true},
		{"Básico's own share passes in Spanish",
			"El seguro Básico reembolsa el 70 % de los gastos de cancelación [1].", "El seguro Premium reembolsa el 100 % de los gastos de cancelación; el Básico, el 70 %.", false},
		{"a rate's unit after the figure is no subject of its own",
			"La central de asistencia atiende las 24 horas, todos los días del año [1].", "La central de asistencia atiende 24 horas al día, 365 días al año.", false},
		{"l'optique for les soins dentaires fails in French",
			"L'optique est remboursée à 80 % [1].", "Les soins dentaires sont remboursés à 80 % et l'optique à 60 %.", true},
	})
}

// What the claim says of a subject, where the chunk's sentence says the
// opposite of it in a clause of its own beside one saying the claim's
// word of another subject.
func TestTheOppositeOfASubjectInAClauseOfItsOwn(t *testing.T) {
	assertFlips(t, []flipCase{
		{"statistics erased where another clause keeps them fails in English",
			"Your personal data and usage statistics are erased within 30 days [1].", "Your personal data is erased within 30 days; anonymised usage statistics are kept.", true},
		{"the erased data alone passes",
			"Your personal data is erased within 30 days [1].", "Your personal data is erased within 30 days; anonymised usage statistics are kept.", false},
		{"each subject with its own word passes",
			"Personal data is erased within 30 days, but invoices are kept for 10 years [1].", "Your personal data is erased within 30 days; invoices are kept for 10 years.", false},
		{"invoices deleted where they are kept fails in French",
			"Les factures sont supprimées après 12 mois [1].", "Les données de localisation sont supprimées après 12 mois ; les factures sont conservées 10 ans.", true},
		{"Rechnungen gelöscht where they are kept fails in German",
			"Ihre Rechnungen werden nach 12 Monaten gelöscht [1].", "Standortdaten werden nach 12 Monaten gelöscht, Rechnungen werden 10 Jahre aufbewahrt.", true},
		{"a country added to what is included, where another clause charges it, fails in French",
			"L'internet mobile depuis l'Europe et les États-Unis est inclus jusqu'à 25 Go [1].", "L'internet mobile depuis l'Europe est inclus jusqu'à 25 Go ; depuis les États-Unis, il est facturé 10 € par Go.", true},
		{"a word said of another subject in a clause of the claim's own passes",
			"In the middle ages it was associated with merchants and bankers, while red was reserved for the nobility [1].", "In the middle ages, green was associated with merchants and bankers, while red was reserved for the nobility.", false},
		{"contratos borrados where they are kept fails in Spanish",
			"Los contratos de alquiler se borran a los 6 meses [1].", "Los datos de geolocalización se borran a los 6 meses, pero los contratos de alquiler se conservan 5 años.", true},
		{"pádel incluido where it is charged fails in Spanish, another form of the word",
			"Las clases de pádel están incluidas en la cuota mensual [1].", "La sauna está incluida en la cuota mensual; las clases de pádel se cobran aparte a 12 € por hora.", true},
		{"Reinigung enthalten where it is charged fails in German",
			"Die Reinigung ist im Mietpreis enthalten [1].", "Die Wartung des Geräts ist im Mietpreis enthalten; für die Reinigung berechnen wir 9 € pro Monat.", true},
		{"installatie inbegrepen where it is charged fails in Dutch",
			"De installatie van de laadpaal is bij het abonnement inbegrepen [1].", "De laadpaal zelf is inbegrepen in het abonnement; voor de installatie rekenen we eenmalig € 295.", true},
		{"kept, then deleted, said of the same data in two clauses passes in Dutch",
			"We verwijderen je gegevens binnen 30 dagen nadat je je account hebt opgezegd [1].", "Wij bewaren je gegevens zolang je account actief is en verwijderen ze binnen 30 dagen nadat je je account hebt opgezegd.", false},
		{"a unit counting a figure is no opposite",
			"Onze helpdesk is 24 uur per dag bereikbaar [1].", "Onze helpdesk is 24 uur per dag en 7 dagen per week bereikbaar via chat.", false},
	})
}

// A value the chunk lists for one item, given to another item the chunk
// lists in the same frame with no such value.
func TestAValueOfANeighbouringItem(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"Fix's bonus for Basis fails in German",
			"Der Tarif Strom Basis enthält einen Neukundenbonus von 50 € [1].", "Tarif Strom Basis: 12 Monate Preisgarantie. Tarif Strom Fix: 24 Monate Preisgarantie und 50 € Neukundenbonus.", true},
		{"Fix's bonus for Fix passes in German",
			"Der Tarif Strom Fix enthält einen Neukundenbonus von 50 € [1].", "Tarif Strom Basis: 12 Monate Preisgarantie. Tarif Strom Fix: 24 Monate Preisgarantie und 50 € Neukundenbonus.", false},
		{"the Fix plan's bonus for the Basic plan fails in English",
			"The Basic plan includes a €50 welcome bonus [1].", "Basic plan: 12-month price guarantee. Fix plan: 24-month price guarantee and €50 welcome bonus.", true},
		{"a value both items have passes",
			"The Basic plan includes a €50 welcome bonus [1].", "Basic plan: €50 welcome bonus. Fix plan: 24-month price guarantee and €50 welcome bonus.", false},
		{"a bare number of another programme is not read",
			"The CBS Evening News streams every evening on the 24/7 service [1].", "CBS Evening News 10:30 p.m. CBS Morning News 7 a.m. The 24/7 service streams them all.", false},
	})
}

// A list of items with their values in one sentence, or items labelled
// one a sentence: a claim giving one item another's value.
func TestAValueOfAnotherItemInAListOrALabelledSentence(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"Enterprise's price for Pro fails, the claim's verb not in the list",
			"The Pro licence costs $39 per user per month [1].", "Licences: Basic $9, Pro $19 and Enterprise $39, each per user per month, billed annually.", true},
		{"Pro's own price passes",
			"The Pro licence costs $19 per user per month [1].", "Licences: Basic $9, Pro $19 and Enterprise $39, each per user per month, billed annually.", false},
		{"Team's storage for Starter fails, items labelled one a sentence",
			"On the Starter plan you get 100 GB of storage per user [1].", "Starter: 10 GB of storage per user. Team: 100 GB of storage per user. Business: 1 TB of storage per user.", true},
		{"Starter's own storage passes",
			"On the Starter plan you get 10 GB of storage per user [1].", "Starter: 10 GB of storage per user. Team: 100 GB of storage per user. Business: 1 TB of storage per user.", false},
	})
}

// A count of a thing between labels, a kept copy the chunk deletes, and
// something called free where its own clause gives a price.
func TestLabelledCountsDeletedCopiesAndPricedClauses(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"Premium's screens for Standard fails between labels",
			"The Standard plan lets you stream on four screens at once [1].", "Standard: two screens at once, HD. Premium: four screens at once, Ultra HD.", true},
		{"Standard's own screens pass",
			"The Standard plan lets you stream on two screens at once [1].", "Standard: two screens at once, HD. Premium: four screens at once, Ultra HD.", false},
		{"free for Classic rooms where their clause gives a price fails",
			"Spa access is free for guests in Classic rooms [1].", "Spa access: Classic rooms €20 per visit; Deluxe rooms and suites free of charge.", true},
		{"free for Deluxe rooms, as their clause says, passes",
			"Spa access is free for guests in Deluxe rooms [1].", "Spa access: Classic rooms €20 per visit; Deluxe rooms and suites free of charge.", false},
		{"free where one clause says free and the other prices fails in French",
			"Les virements instantanés sont gratuits, en agence comme depuis l'application [1].",
			"Les virements instantanés sont gratuits depuis l'application ; en agence, ils sont facturés 5 €.", true},
		{"free where the free clause says so passes in French",
			"Les virements instantanés sont gratuits depuis l'application [1].",
			"Les virements instantanés sont gratuits depuis l'application ; en agence, ils sont facturés 5 €.", false},
	})
	assertFlips(t, []flipCase{
		{"a copy kept where the chunk deletes it fails in Spanish",
			"Conservamos la copia de su documento de identidad durante seis años [1].", "Conservamos las facturas durante seis años, mientras que las copias del documento de identidad se eliminan tras la salida.", true},
	})
}
