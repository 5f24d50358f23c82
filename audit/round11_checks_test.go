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
