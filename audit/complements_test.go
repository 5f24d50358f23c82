package audit

import "testing"

// A group for its complement in separate words fails in every language:
// "non", "outside", "hors", "außerhalb", "buiten", "fuera", and a
// complementing "no" right before the group; the same group on both
// sides, or a window that names both groups, passes.
func TestComplementInSeparateWords(t *testing.T) {
	assertFlips(t, []flipCase{
		{"non subscribers for subscribers fails in English",
			"Non subscribers can stream the match for free [1].", "Subscribers can stream the match for free.", true},
		{"subscribers for non subscribers fails in English",
			"Subscribers can stream the match for free [1].", "Non subscribers can stream the match for free.", true},
		{"outside the EU for in the EU fails in English",
			"Parcels sent outside the EU arrive within a week [1].", "Parcels sent in the EU arrive within a week.", true},
		{"hors Union for de l'Union fails in French",
			"Les colis envoyés hors Union arrivent en une semaine [1].", "Les colis envoyés dans l'Union arrivent en une semaine.", true},
		{"les non abonnés for les abonnés fails in French",
			"Les non abonnés regardent le match gratuitement [1].", "Les abonnés regardent le match gratuitement.", true},
		{"los no abonados for los abonados fails in Spanish",
			"Los no abonados no pagan la entrada del museo [1].", "Los abonados no pagan la entrada del museo.", true},
		{"fuera de la Unión for de la Unión fails in Spanish",
			"Los paquetes enviados fuera de la Unión llegan en una semana [1].", "Los paquetes enviados dentro de la Unión llegan en una semana.", true},
		{"außerhalb der Union for in der Union fails in German",
			"Pakete außerhalb der Union kommen innerhalb einer Woche an [1].", "Pakete in der Union kommen innerhalb einer Woche an.", true},
		{"buiten de Unie for binnen de Unie fails in Dutch",
			"Pakketten buiten de Unie komen binnen een week aan [1].", "Pakketten binnen de Unie komen binnen een week aan.", true},
		{"the same complement passes",
			"Non subscribers can stream the match for free [1].", "Non subscribers can stream the match for free.", false},
		{"a window naming both groups passes",
			"Subscribers can stream the match for free [1].", "Subscribers can stream the match for free, non subscribers pay five euros.", false},
		{"fuera as a verb names no complement in Spanish",
			"Si el pedido fuera pagado hoy, saldría mañana [1].", "Si el pedido es pagado hoy, sale mañana.", false},
		{"a negation before a verb is left to the negation check",
			"Los abonados no pagan la entrada del museo [1].", "Los abonados no pagan la entrada del museo.", false},
	})
}

// Denying of all what the chunk says of all fails in every language,
// however differently worded the subject is ("nobody" against "every
// customer"); a denial on both sides passes.
func TestDeniedOfAll(t *testing.T) {
	assertFlips(t, []flipCase{
		{"nobody against every guest fails in English",
			"Nobody needs to show a passport at check-in [1].", "Every guest needs to show a passport at check-in.", true},
		{"every guest against nobody fails in English",
			"Every guest needs to show a passport at check-in [1].", "Nobody needs to show a passport at check-in.", true},
		{"niemand against jeder Gast fails in German",
			"Niemand muss beim Einchecken einen Ausweis zeigen [1].", "Jeder Gast muss beim Einchecken einen Ausweis zeigen.", true},
		{"kein einziges against alle fails in German",
			"Kein einziger Kurs kostet eine Anmeldegebühr [1].", "Alle Kurse kosten eine Anmeldegebühr.", true},
		{"niemand against iedere gast fails in Dutch",
			"Niemand hoeft bij het inchecken een paspoort te tonen [1].", "Iedere gast moet bij het inchecken een paspoort tonen.", true},
		{"personne against chaque client fails in French",
			"Personne ne doit présenter un passeport à l'arrivée [1].", "Chaque client doit présenter un passeport à l'arrivée.", true},
		{"nadie against todos fails in Spanish",
			"Nadie tiene que mostrar el pasaporte al llegar [1].", "Todos los huéspedes tienen que mostrar el pasaporte al llegar.", true},
		{"none against not any passes: both deny",
			"None of our rooms include breakfast [1].", "Breakfast is not included in any of our rooms.", false},
		{"nobody against no guest passes",
			"Nobody needs to show a passport at check-in [1].", "No guest needs to show a passport at check-in.", false},
	})
}

// One end of a scale for the other fails, "most" and "least", "plus" and
// "moins" read with their word; the same end in other words passes.
func TestScaleEnds(t *testing.T) {
	assertFlips(t, []flipCase{
		{"most expensive for cheapest fails in English",
			"The Lite tariff is the most expensive of the four tariffs [1].", "The Lite tariff is the cheapest of the four tariffs.", true},
		{"least expensive for cheapest passes in English",
			"The Lite tariff is the least expensive of the four tariffs [1].", "The Lite tariff is the cheapest of the four tariffs.", false},
		{"cheaper than for more expensive than with the sides swapped passes",
			"The Lite tariff is cheaper than the Max tariff [1].", "The Max tariff is more expensive than the Lite tariff.", false},
		{"la plus chère for la moins chère fails in French",
			"La formule Lite est la plus chère des quatre formules [1].", "La formule Lite est la moins chère des quatre formules.", true},
		{"el más caro for el más barato fails in Spanish",
			"El plan Lite es el más caro de los cuatro planes [1].", "El plan Lite es el más barato de los cuatro planes.", true},
		{"el menos caro for el más barato passes in Spanish",
			"El plan Lite es el menos caro de los cuatro planes [1].", "El plan Lite es el más barato de los cuatro planes.", false},
		{"der teuerste for der günstigste fails in German",
			"Der Tarif Lite ist der teuerste der vier Tarife [1].", "Der Tarif Lite ist der günstigste der vier Tarife.", true},
		{"het duurste for het goedkoopste fails in Dutch",
			"Het Lite-abonnement is het duurste van de vier abonnementen [1].", "Het Lite-abonnement is het goedkoopste van de vier abonnementen.", true},
	})
}

// Most against a few is said of another share.
func TestFewAgainstMost(t *testing.T) {
	assertFlips(t, []flipCase{
		{"most for a few fails in English",
			"Most branches open on public holidays [1].", "A few branches open on public holidays.", true},
		{"die meisten for wenige fails in German",
			"Die meisten Filialen öffnen an Feiertagen [1].", "Wenige Filialen öffnen an Feiertagen.", true},
		{"most for most passes",
			"Most branches open on public holidays [1].", "Most branches open on public holidays.", false},
	})
}

// An opposite in a sentence reworded from its chunk's (below a close
// match) fails too; a reworded sentence that says the same member passes.
func TestOppositeInAReworded(t *testing.T) {
	assertFlips(t, []flipCase{
		{"geöffnet for geschlossen in a reworded sentence fails in German",
			"Das Museum ist jetzt an Feiertagen geöffnet [1].", "Das Museum bleibt ab sofort an Feiertagen geschlossen.", true},
		{"ouvert for fermé in a reworded sentence fails in French",
			"Le musée est ouvert le lundi matin [1].", "Depuis mars, notre musée reste fermé le lundi matin.", true},
		{"still available for discontinued fails in English",
			"The Aero kettle is still available [1].", "The Aero kettle has been discontinued.", true},
		{"the same member in a reworded sentence passes",
			"Le musée est désormais fermé le lundi [1].", "Depuis mars, le musée reste fermé le lundi.", false},
		{"we against you from the other side passes",
			"After 60 days you receive a voucher rather than your money back [1].", "After 60 days we issue a voucher instead of your money back.", false},
	})
}

// An expectation said as a commitment fails in every language; the
// expectation kept passes.
func TestExpectationDropped(t *testing.T) {
	assertFlips(t, []flipCase{
		{"expected to dropped fails in English",
			"The repair takes five working days [1].", "The repair is expected to take five working days.", true},
		{"voraussichtlich dropped fails in German",
			"Die Reparatur dauert fünf Werktage [1].", "Die Reparatur dauert voraussichtlich fünf Werktage.", true},
		{"naar verwachting dropped fails in Dutch",
			"De reparatie duurt vijf werkdagen [1].", "De reparatie duurt naar verwachting vijf werkdagen.", true},
		{"devrait dropped fails in French",
			"La réparation prend cinq jours ouvrés [1].", "La réparation devrait prendre cinq jours ouvrés.", true},
		{"previsiblemente dropped fails in Spanish",
			"La reparación tarda cinco días laborables [1].", "La reparación tarda previsiblemente cinco días laborables.", true},
		{"the expectation kept passes",
			"The repair is expected to take five working days [1].", "The repair is expected to take five working days.", false},
	})
}

// Said for certain where a reworded window says it may be otherwise
// fails; said as possible passes.
func TestCertaintyInAReworded(t *testing.T) {
	assertFlips(t, []flipCase{
		{"always against usually but can take longer fails in English",
			"Orders always ship within 2 days [1].", "Orders usually ship within 2 days, but it can take longer in December.", true},
		{"siempre against puede tardar más fails in Spanish",
			"El reembolso se hace siempre en 3 días [1].", "Normalmente el reembolso tarda 3 días, pero puede tardar más.", true},
		{"can against can passes",
			"Orders can ship within 2 days [1].", "Orders usually ship within 2 days, but it can take longer in December.", false},
	})
}

// A cross mark answers "no" as a cue does.
func TestCrossMarks(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a cross against available fails",
			"Express delivery on Saturdays: ❌ [1]", "Express delivery on Saturdays is available in every city.", true},
		{"a cross against a cross passes",
			"Express delivery on Saturdays: ✗ [1]", "Express delivery on Saturdays: ✗. Weekdays only.", false},
		{"a tick against available passes",
			"Express delivery on Saturdays: ✅ [1]", "Express delivery on Saturdays is available in every city.", false},
	})
}
