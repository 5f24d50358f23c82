package audit

import "testing"

// Dutch "voor" is "before" only where it stands between the words "na"
// does on the other side; "a veces" against "siempre"; a period run from
// a cancellation or a payment against another event.
func TestWordsBetweenTheSameWords(t *testing.T) {
	assertFlips(t, []flipCase{
		{"na for voor between the same words fails in Dutch",
			"Wijzigingen in je pakket gaan in na de volgende factuurdatum [1].", "Wijzigingen in je pakket gaan in voor de volgende factuurdatum.", true},
		{"voor as for, against na elsewhere, passes in Dutch",
			"Het pakket is geschikt voor kleine teams [1].", "Het pakket is geschikt voor kleine teams, ook na een upgrade.", false},
		{"a veces for siempre fails in Spanish",
			"La segunda opinión médica está a veces incluida en el seguro [1].", "La segunda opinión médica está siempre incluida en el seguro.", true},
		{"na het opzeggen for na de eerste betaling fails in Dutch",
			"Je kunt binnen 14 dagen na het opzeggen je geld terugvragen [1].", "Je kunt binnen 14 dagen na de eerste betaling je geld terugvragen.", true},
	})
}

// "Only" on another thing than the chunk's, or "every" where the chunk
// says "only" of another, names another group; the same group in other
// words passes.
func TestOnlyAnotherGroup(t *testing.T) {
	assertFlips(t, []flipCase{
		{"alleen gebruikers for alleen de beheerder fails in Dutch",
			"Alleen gebruikers van het account kunnen nieuwe gebruikers uitnodigen [1].", "Alleen de beheerder van het account kan nieuwe gebruikers uitnodigen.", true},
		{"jeder Nutzer for nur der Kontoinhaber fails in German",
			"Jeder Nutzer kann das Abonnement kündigen [1].", "Nur der Kontoinhaber kann das Abonnement kündigen.", true},
		{"only Pro customers for only customers on the Pro plan passes",
			"Only Pro customers can book a call with an engineer [1].", "Only customers on the Pro plan can book a call with an engineer.", false},
		{"only for only, the same group with an article, passes",
			"Only the account owner can delete the workspace [1].", "Only the owner of the account can delete the workspace.", false},
	})
}

// A claim saying at any time what the chunk allows only under a
// condition drops the condition; the original payment method is not
// any; "erst"/"pas" N days is not "within" N days.
func TestConditionsAndChoicesDropped(t *testing.T) {
	assertFlips(t, []flipCase{
		{"at any time for only until fails in English",
			"You can change the delivery address at any time [1].", "You can change the delivery address only until the order has shipped.", true},
		{"jederzeit for nur solange fails in German",
			"Eine Adressänderung ist jederzeit möglich [1].", "Eine Adressänderung ist nur möglich, solange die Bestellung noch nicht versandt wurde.", true},
		{"altijd for alleen als fails in Dutch",
			"Je kunt je e-mailadres altijd wijzigen [1].", "Je kunt je e-mailadres alleen wijzigen als je het nieuwe adres hebt bevestigd.", true},
		{"at any time for only by phone, no condition, passes",
			"You can reach support at any time by phone [1].", "You can reach support only by phone, at any time of the day.", false},
		{"any for the original payment method fails in English",
			"Refunds are paid to any payment method you choose [1].", "Refunds are paid to the original payment method.", true},
		{"beliebiges for ursprüngliche fails in German",
			"Die Erstattung erfolgt auf ein beliebiges Zahlungsmittel [1].", "Die Erstattung erfolgt auf das ursprüngliche Zahlungsmittel.", true},
		{"erst 10 Tage for innerhalb von 10 Tagen fails in German",
			"Die Erstattung erfolgt erst 10 Tage nach Eingang der Rücksendung [1].", "Die Erstattung erfolgt innerhalb von 10 Tagen nach Eingang der Rücksendung.", true},
		{"pas 30 dagen for binnen 30 dagen fails in Dutch",
			"We verwijderen je gegevens pas 30 dagen nadat je je account hebt opgezegd [1].", "We verwijderen je gegevens binnen 30 dagen nadat je je account hebt opgezegd.", true},
	})
}
