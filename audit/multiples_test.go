package audit

import "testing"

// Half against double is an opposite in every language; the same
// multiple in other words passes.
func TestHalfAgainstDouble(t *testing.T) {
	assertFlips(t, []flipCase{
		{"half against double fails in English", "A late return costs half the daily rate for each extra day [1].",
			"A late return costs double the daily rate for each extra day.", true},
		{"de helft against het dubbele fails in Dutch", "Bij te late inlevering van de fiets betaalt u de helft van het dagtarief [1].",
			"Bij te late inlevering van de fiets betaalt u het dubbele dagtarief.", true},
		{"die Hälfte against das Doppelte fails in German", "Bei verspäteter Rückgabe des Rads zahlen Sie die Hälfte des Tagespreises [1].",
			"Bei verspäteter Rückgabe des Rads zahlen Sie das Doppelte des Tagespreises.", true},
		{"la moitié against le double fails in French", "En cas de retour tardif du vélo, vous payez la moitié du tarif journalier [1].",
			"En cas de retour tardif du vélo, vous payez le double du tarif journalier.", true},
		{"la mitad against el doble fails in Spanish", "Si devuelve la bici tarde, paga la mitad de la tarifa diaria [1].",
			"Si devuelve la bici tarde, paga el doble de la tarifa diaria.", true},
		{"double against twice passes in English", "A late return costs double the daily rate for each extra day [1].",
			"A late return is charged at twice the daily rate for each extra day.", false},
	})
}

// Terms of a contract that exclude one another: fixed against variable,
// automatic against on request, in advance against in arrears, the
// following against the preceding month; the same term in other words
// passes.
func TestContractTermsOpposed(t *testing.T) {
	assertFlips(t, []flipCase{
		{"variable against fixed fails in English", "The loan has a variable interest rate of 3.9% for the first five years [1].",
			"The loan has a fixed interest rate of 3.9% for the first five years.", true},
		{"variable against fijo fails in Spanish", "El préstamo tiene un tipo de interés variable del 3,9 % durante cinco años [1].",
			"El préstamo tiene un tipo de interés fijo del 3,9 % durante cinco años.", true},
		{"op verzoek against automatisch fails in Dutch", "Het lidmaatschap wordt op uw verzoek met een jaar verlengd [1].",
			"Het lidmaatschap wordt automatisch met een jaar verlengd.", true},
		{"por adelantado against a mes vencido fails in Spanish", "La cuota del club se cobra por adelantado [1].", "La cuota del club se cobra a mes vencido.", true},
		{"précédant against suivant fails in French", "Le relevé est envoyé le 3 du mois précédant la période [1].",
			"Le relevé est envoyé le 3 du mois suivant la période.", true},
		{"Vormonats against Folgemonats fails in German", "Die Miete wird am 3. des Vormonats abgebucht [1].", "Die Miete wird am 3. des Folgemonats abgebucht.", true},
		{"renews automatically against is renewed automatically passes in English", "Your membership renews automatically each year [1].",
			"The membership is renewed automatically every year unless you cancel.", false},
	})
}

// Billing and dosing terms that exclude one another: added against
// deducted, a full against a started hour, peak against off-peak hours,
// on rising against at bedtime, fasting against with a meal. "Every
// quarter" is a period, no kind a window could narrow.
func TestBillingAndDosingOpposed(t *testing.T) {
	assertFlips(t, []flipCase{
		{"opgeteld against afgetrokken fails in Dutch", "De bonus wordt bij het maandbedrag van uw abonnement opgeteld [1].",
			"De bonus wordt van het maandbedrag van uw abonnement afgetrokken.", true},
		{"per full hour against per started hour fails in English", "Parking in the garage is charged per full hour [1].", "Parking in the garage is charged per started hour.", true},
		{"heures pleines against heures creuses fails in French", "Le tarif réduit de l'électricité s'applique aux heures pleines [1].",
			"Le tarif réduit de l'électricité s'applique aux heures creuses.", true},
		{"al levantarse against antes de acostarse fails in Spanish", "Tome el jarabe al levantarse [1].", "Tome el jarabe antes de acostarse.", true},
		{"nüchternen Magen against zu einer Mahlzeit fails in German", "Nehmen Sie die Kapsel auf nüchternen Magen ein [1].", "Nehmen Sie die Kapsel zu einer Mahlzeit ein.", true},
		{"à jeun against à jeun before the meal passes in French", "Prenez la gélule à jeun [1].", "Prenez la gélule à jeun, au moins 30 minutes avant le repas.", false},
		{"billed every quarter against charged quarterly is no generalisation in English", "Your plan is billed in advance every quarter [1].",
			"Your plan is charged quarterly in advance.", false},
	})
}

// Spanish forms of "recommended" and a rounding's direction.
func TestRecommendedAndRoundingInSpanish(t *testing.T) {
	assertFlips(t, []flipCase{
		{"obligatorio against se recomienda fails in Spanish", "Es obligatorio llevar casco en la excursión [1].", "Se recomienda llevar casco en la excursión.", true},
		{"a la baja against al alza fails in Spanish", "La factura se calcula redondeando a la baja [1].", "La factura se calcula redondeando al alza.", true},
		{"se recomienda against recomendamos passes in Spanish", "Se recomienda llevar casco en la excursión [1].", "Recomendamos llevar casco en la excursión.", false},
	})
}

// Pro rata against in full, in the words Dutch and French write it.
func TestProRataAgainstInFull(t *testing.T) {
	assertFlips(t, []flipCase{
		{"volledig against naar rato fails in Dutch", "Bij opzegging wordt de contributie volledig terugbetaald [1].",
			"Bij opzegging wordt de contributie naar rato van de resterende maanden terugbetaald.", true},
		{"intégralement against au prorata fails in French", "En cas de départ, la cotisation est remboursée intégralement [1].",
			"En cas de départ, la cotisation est remboursée au prorata des mois restants.", true},
	})
}

// A charge waived against one halved or reduced.
func TestWaivedAgainstReduced(t *testing.T) {
	assertFlips(t, []flipCase{
		{"waived against halved fails in English", "The excess is waived if the glass is repaired at a partner garage [1].",
			"The excess is halved if the glass is repaired at a partner garage.", true},
		{"supprimée against réduite fails in French", "La franchise est supprimée en cas de réparation chez un partenaire [1].",
			"La franchise est réduite de moitié en cas de réparation chez un partenaire.", true},
		{"halved against reduced by half passes in English", "The excess is halved at partner garages [1].",
			"The excess is reduced by half if the glass is repaired at a partner garage.", false},
	})
}

// Postponed against cancelled.
func TestPostponedAgainstCancelled(t *testing.T) {
	assertFlips(t, []flipCase{
		{"verschoben against abgesagt fails in German", "Wird ein Konzert verschoben, erstatten wir den Ticketpreis [1].", "Wird ein Konzert abgesagt, erstatten wir den Ticketpreis.", true},
		{"se aplaza against se cancela fails in Spanish", "Si el concierto se aplaza, le devolvemos el importe en 14 días [1].",
			"Si el concierto se cancela, le devolvemos el importe en 14 días.", true},
		{"cancelled against cancelled passes in English", "If the concert is cancelled, the ticket price is refunded [1].",
			"If a concert is cancelled, we refund the ticket price.", false},
	})
}
