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
