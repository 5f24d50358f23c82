package audit

import "testing"

// The two parties of a contract or a delivery are opposites in every
// language: a duty the chunk gives one, said of the other, fails; the
// same party in the passive passes.
func TestPartiesOpposite(t *testing.T) {
	assertFlips(t, []flipCase{
		{"the buyer for the seller fails in English",
			"Return shipping is paid by the buyer [1].", "Return shipping is paid by the seller. Refunds take 5 days.", true},
		{"der Käufer for der Händler fails in German",
			"Die Rücksendekosten trägt der Käufer [1].", "Die Rücksendekosten trägt der Händler.", true},
		{"l'acheteur for le vendeur fails in French",
			"Les frais de retour sont à la charge de l'acheteur [1].", "Les frais de retour sont à la charge du vendeur.", true},
		{"el comprador for el vendedor fails in Spanish",
			"Los gastos de devolución corren a cargo del comprador [1].", "Los gastos de devolución corren a cargo del vendedor.", true},
		{"de huurder for de verhuurder fails in Dutch",
			"De huurder betaalt het groot onderhoud [1].", "De verhuurder betaalt het groot onderhoud. Klein onderhoud is anders geregeld.", true},
		{"the same party passes",
			"The seller pays for return shipping [1].", "Return shipping is paid by the seller. Refunds take 5 days.", false},
	})
}

// Two parties named in the other order, the same words between them,
// swap who does what in every language; the same order, a passive, a
// list and German's order marked by its articles do not.
func TestPartiesInTheOtherOrder(t *testing.T) {
	assertFlips(t, []flipCase{
		{"the insurer notifies the policyholder for the reverse fails in English",
			"The insurer must notify the policyholder of any change within 30 days [1].", "The policyholder must notify the insurer of any change within 30 days.", true},
		{"el propietario paga al arrendatario for the reverse fails in Spanish",
			"El propietario debe pagar la fianza al arrendatario [1].", "El arrendatario debe pagar la fianza al propietario.", true},
		{"der Versicherer informiert den Versicherungsnehmer for the reverse fails in German",
			"Der Versicherer muss den Versicherungsnehmer sofort informieren [1].", "Der Versicherungsnehmer muss den Versicherer sofort informieren.", true},
		{"the same order passes",
			"The policyholder must notify the insurer of any change within 30 days [1].", "The policyholder must notify the insurer of any change within 30 days.", false},
		{"a passive of the same duty passes",
			"The insurer must be notified by the policyholder of any change [1].", "The policyholder must notify the insurer of any change.", false},
		{"a list in the other order passes",
			"The tenant and the landlord must both sign the contract [1].", "The landlord and the tenant must both sign the contract.", false},
		{"German object first, marked by its articles, passes",
			"Die Bank erstattet dem Kunden den Betrag [1].", "Dem Kunden erstattet die Bank den Betrag.", false},
	})
}
