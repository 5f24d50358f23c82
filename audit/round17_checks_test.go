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
