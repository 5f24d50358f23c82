package audit

import "testing"

// "Unlimited" where the chunk caps the same thing ("up to four", "bis zu
// 500 Minuten", "jusqu'à 300", "maximaal 20") says more than the chunk,
// in every language; an unlimited thing the chunk calls unlimited passes.
func TestUnlimitedAgainstACap(t *testing.T) {
	assertFlips(t, []flipCase{
		{"an unlimited number against up to four, in words",
			"The Household plan lets you print on an unlimited number of printers [1].", "The Household plan lets you print on up to four printers at once.", true},
		{"unlimited storage against up to 2 TB",
			"Business accounts include unlimited archive storage [1].", "Business accounts include up to 2 TB of archive storage.", true},
		{"unbegrenzt against bis zu 500 Minuten: a bound of time limits too",
			"Im Tarif Reise surfen Sie unbegrenzt im WLAN des Zuges [1].", "Im Tarif Reise surfen Sie bis zu 500 Minuten im WLAN des Zuges.", true},
		{"onbeperkt against maximaal 20",
			"Met de Studentenpas leent u onbeperkt boeken in de bibliotheek [1].", "Met de Studentenpas leent u maximaal 20 boeken tegelijk in de bibliotheek.", true},
		{"illimités against jusqu'à 300, the elided bound read",
			"La carte Jeune donne droit à des trajets illimités sur le réseau régional [1].", "La carte Jeune donne droit jusqu'à 300 trajets sur le réseau régional.", true},
		{"ilimitadas against hasta 10",
			"El abono Plus permite consultas ilimitadas con el nutricionista [1].", "El abono Plus permite hasta 10 consultas con el nutricionista.", true},
		{"unlimited said by the chunk passes",
			"The Household plan lets you print on an unlimited number of printers [1].", "The Household plan lets you print on an unlimited number of printers at home.", false},
		{"fully refundable up to a time before still passes",
			"Tickets are fully refundable [1].", "Tickets are fully refundable up to 24 hours before the show.", false},
	})
}

// A frequency in one word against another period said as a rate fails in
// every language; the same period in other words passes, and a rate of
// the claim's period beside another frequency does not say the claim's.
func TestFrequencyAgainstAnotherPeriod(t *testing.T) {
	assertFlips(t, []flipCase{
		{"monthly against every quarter",
			"Meter readings are collected monthly [1].", "Meter readings are collected every quarter.", true},
		{"monatlich against am Ende jedes Quartals",
			"Die Zinsen werden monatlich gutgeschrieben [1].", "Die Zinsen werden am Ende jedes Quartals gutgeschrieben.", true},
		{"maandelijks against per kwartaal",
			"De voorschotten worden maandelijks geïnd [1].", "De voorschotten worden per kwartaal geïnd.", true},
		{"chaque mois against trimestriellement",
			"Les intérêts sont versés chaque mois [1].", "Les intérêts sont versés trimestriellement.", true},
		{"cada semestre against una vez al año",
			"Las cuotas se actualizan cada semestre [1].", "Las cuotas se actualizan una vez al año, en enero.", true},
		{"maandelijkse facturering against jaarlijkse though per maand stands beside it",
			"Het Team-abonnement kost € 9 per gebruiker per maand bij maandelijkse facturering [1].", "Het Team-abonnement kost € 9 per gebruiker per maand bij jaarlijkse facturering.", true},
		{"every month against monthly passes",
			"Meter readings are collected every month [1].", "Meter readings are collected monthly by the network operator.", false},
		{"al mes and al año against a table's mensual and anual passes",
			"El plan Familia cuesta 30 € al mes, con un límite de 2.000 € al año [1].", "Plan | Precio mensual | Límite anual: Individual | 15 € | 1.000 €; Familia | 30 € | 2.000 €.", false},
		{"alle drei Monate against vierteljährlich passes",
			"Die Beiträge werden vierteljährlich abgebucht [1].", "Die Beiträge werden alle drei Monate abgebucht.", false},
	})
}

// Every one of a kind against an ordinal's one fails, also where the
// chunk says "every" of the month; a claim that keeps the ordinal passes.
func TestEveryAgainstAnOrdinal(t *testing.T) {
	assertFlips(t, []flipCase{
		{"every Tuesday against the second Tuesday of every month",
			"The repair café is held every Tuesday [1].", "The repair café is held on the second Tuesday of every month.", true},
		{"jeden Samstag against jeden ersten Samstag",
			"Die Bibliothek öffnet jeden Samstag ab 10 Uhr [1].", "Die Bibliothek öffnet jeden ersten Samstag im Monat ab 10 Uhr.", true},
		{"tous les mardis against le premier mardi de chaque mois",
			"Le marché bio a lieu tous les mardis [1].", "Le marché bio a lieu le premier mardi de chaque mois.", true},
		{"todos los lunes against el primer lunes de cada mes",
			"La oficina atiende sin cita todos los lunes [1].", "La oficina atiende sin cita el primer lunes de cada mes.", true},
		{"elke woensdag against elke eerste woensdag",
			"Het spreekuur is elke woensdag [1].", "Het spreekuur is elke eerste woensdag van de maand.", true},
		{"chaque premier mardi du mois keeps the ordinal and passes",
			"Chaque premier mardi du mois, le marché bio a lieu [1].", "Le marché bio a lieu le premier mardi de chaque mois.", false},
		{"every Tuesday against Tuesdays passes",
			"The repair café is held every Tuesday [1].", "On Tuesdays the repair café is held in the town hall.", false},
	})
}

// "Around the clock" where the chunk's sentence gives hours fails in every
// language; where the sentence says it too, hours of something else
// beside it do not limit it.
func TestAroundTheClockAgainstHours(t *testing.T) {
	assertFlips(t, []flipCase{
		{"around the clock against from 7am to 9pm",
			"The self-service laundry is open around the clock [1].", "The self-service laundry is open daily from 7am to 9pm.", true},
		{"rund um die Uhr against von 5 bis 23 Uhr",
			"Das Fitnessstudio ist rund um die Uhr geöffnet [1].", "Das Fitnessstudio ist täglich von 5 bis 23 Uhr geöffnet.", true},
		{"dag en nacht against van 8 tot 20 uur",
			"De servicebalie is dag en nacht bereikbaar [1].", "De servicebalie is dagelijks van 8 tot 20 uur bereikbaar.", true},
		{"jour et nuit against de 8 h à 20 h",
			"L'accueil de la résidence répond jour et nuit [1].", "L'accueil de la résidence répond tous les jours de 8 h à 20 h.", true},
		{"día y noche against de 9:00 a 21:00",
			"La farmacia atiende día y noche [1].", "La farmacia atiende todos los días de 9:00 a 21:00.", true},
		{"a claim giving another thing's hours of its own passes",
			"Die Notfall-Hotline ist rund um die Uhr erreichbar, das Servicebüro öffnet montags bis freitags von 8 bis 16 Uhr [1].",
			"Die Notfall-Hotline ist rund um die Uhr erreichbar. Das Servicebüro ist montags bis freitags von 8 bis 16 Uhr geöffnet.", false},
		{"24 hours a day in the chunk says it too",
			"The breakdown line is available around the clock [1].", "The breakdown line is staffed 24 hours a day. The office is open from 9:00 to 17:00.", false},
		{"said by the chunk too, beside another thing's hours, passes",
			"The self-service laundry is open around the clock [1].", "The self-service laundry is open around the clock; the attendant is there from 9am to 5pm.", false},
	})
}

// A percentage the chunk gives only in percentage points is another
// change, in every language; points for points pass.
func TestPercentAgainstPercentagePoints(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"0.25% against 0.25 percentage points",
			"The mortgage rate goes up by 0.25% in May [1].", "The mortgage rate goes up by 0.25 percentage points in May.", true},
		{"3 Prozent against 3 Prozentpunkte",
			"Der Dispozins sinkt um 3 Prozent [1].", "Der Dispozins sinkt um 3 Prozentpunkte.", true},
		{"1 procent against 1 procentpunt",
			"De spaarrente daalt met 1 procent [1].", "De spaarrente daalt met 1 procentpunt.", true},
		{"1 % against 1 point de pourcentage",
			"Le taux du livret baisse de 1 % [1].", "Le taux du livret baisse de 1 point de pourcentage.", true},
		{"1 % against 1 punto porcentual",
			"El interés de la cuenta baja un 1 % [1].", "El interés de la cuenta baja 1 punto porcentual.", true},
		{"points against points pass",
			"The mortgage rate goes up by 0.25 percentage points in May [1].", "The mortgage rate goes up by 0.25 percentage points in May.", false},
		{"a percentage the chunk gives as a percentage too passes",
			"The mortgage rate is 4.25% [1].", "The mortgage rate is 4.25%, up 0.25 percentage points.", false},
	})
}

// Coming in against going out fails in every language.
func TestIncomingAgainstOutgoing(t *testing.T) {
	assertFlips(t, []flipCase{
		{"outgoing against incoming",
			"Outgoing calls from Switzerland are charged at 20p a minute [1].", "Incoming calls from Switzerland are charged at 20p a minute.", true},
		{"ausgehende against eingehende",
			"Ausgehende SMS im Ausland sind kostenlos [1].", "Eingehende SMS im Ausland sind kostenlos.", true},
		{"inkomende against uitgaande",
			"Inkomende overboekingen uit het buitenland kosten €2 [1].", "Uitgaande overboekingen naar het buitenland kosten €2.", true},
		{"sortants against entrants",
			"Les appels sortants en Suisse coûtent 0,30 € la minute [1].", "Les appels entrants en Suisse coûtent 0,30 € la minute.", true},
		{"enviadas against recibidas",
			"Las transferencias enviadas a otros bancos tardan un día [1].", "Las transferencias recibidas de otros bancos tardan un día.", true},
		{"both said as the chunk says them pass",
			"Incoming calls are free and outgoing calls cost 10p a minute [1].", "Incoming calls are free; outgoing calls cost 10p per minute.", false},
	})
}

// Weekdays against the weekend, a copy against the original, an average
// against a minimum fail; both said as the chunk says them pass.
func TestWeekdaysCopiesAndAverages(t *testing.T) {
	assertFlips(t, []flipCase{
		{"weekdays against weekends",
			"Bikes can be taken on trams free of charge on weekdays [1].", "Bikes can be taken on trams free of charge at weekends.", true},
		{"werktags against am Wochenende",
			"Der Eintritt ins Museum ist werktags frei [1].", "Der Eintritt ins Museum ist am Wochenende frei.", true},
		{"a copy against the original",
			"To claim the refund, a copy of the invoice is enough [1].", "To claim the refund, we need the original invoice.", true},
		{"une copie against l'original",
			"Une copie du contrat suffit pour la résiliation [1].", "L'original du contrat est nécessaire pour la résiliation.", true},
		{"una copia against el original",
			"Para la devolución basta con una copia del ticket [1].", "Para la devolución necesitamos el ticket original.", true},
		{"a guaranteed minimum against an average",
			"The Max plan gives a guaranteed minimum upload speed of 100 Mbps [1].", "The Max plan gives an average upload speed of 100 Mbps in the evening.", true},
		{"both said as the chunk says them pass",
			"Parking is free at weekends and costs £2 an hour on weekdays [1].", "Parking is free at weekends; on weekdays it costs £2 per hour.", false},
	})
}

// In full against in part fails; a chunk saying both, each of its own
// thing, passes.
func TestInFullAgainstInPart(t *testing.T) {
	assertFlips(t, []flipCase{
		{"in full against pro-rata",
			"If you move house, we refund the yearly fee in full [1].", "If you move house, we refund the yearly fee pro-rata for the months left.", true},
		{"vollständig against anteilig",
			"Bei einem Umzug erstatten wir die Jahresgebühr vollständig [1].", "Bei einem Umzug erstatten wir die Jahresgebühr anteilig.", true},
		{"volledig against gedeeltelijk",
			"Bij verhuizing betalen wij het abonnement volledig terug [1].", "Bij verhuizing betalen wij het abonnement gedeeltelijk terug.", true},
		{"intégralement against partiellement",
			"En cas de déménagement, l'abonnement est remboursé intégralement [1].", "En cas de déménagement, l'abonnement est remboursé partiellement.", true},
		{"a full refund beside partial months not refunded passes",
			"Partial months are not refunded, but cancelling within 14 days gets you a full refund [1].", "Partial months are not refunded; if you cancel within 14 days you get a full refund.", false},
	})
}
