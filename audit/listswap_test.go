package audit

import "testing"

// A list member the window's list of as many items gives otherwise, all
// other items the same, is a swapped item in every language; the same
// items in another order, or a list the window gives in full, pass.
func TestListMemberSwapped(t *testing.T) {
	assertReason(t, "entity_mismatch", []flipCase{
		{"a cheque for PayPal in a French list fails",
			"Nous acceptons la carte bancaire, le virement et le chèque [1].", "Nous acceptons la carte bancaire, le virement et PayPal. Les paiements sont sécurisés.", true},
		{"dental implants for hearing aids in an English list fails",
			"The policy covers glasses, dental implants and physiotherapy [1].", "The policy covers glasses, hearing aids and physiotherapy. Claims are paid within 14 days.", true},
		{"Zahnersatz for Hörgeräte in a German list fails",
			"Der Tarif erstattet Brillen, Zahnersatz und Physiotherapie [1].", "Der Tarif erstattet Brillen, Hörgeräte und Physiotherapie. Anträge werden in 14 Tagen bearbeitet.", true},
		{"a first item read with the words before it says nothing",
			"Ten-pin bowling is the most common kind, with nine-pin, candlepin and duckpin [1].", "The most common kinds include ten-pin, nine-pin, candlepin and duckpin. All are played indoors.", false},
		{"the same items in another order pass",
			"The policy covers glasses, physiotherapy and hearing aids [1].", "The policy covers glasses, hearing aids and physiotherapy. Claims are paid within 14 days.", false},
		{"the same list passes",
			"You can pay by card, by bank transfer or with PayPal [1].", "You can pay by card, by bank transfer or with PayPal. We do not accept cheques.", false},
		{"a decimal comma is no list: a number in words passes in Dutch",
			"Een paspoort voor een volwassene kost €84,50 en is tien jaar geldig [1].", "Een paspoort voor volwassenen kost €84,50 en is 10 jaar geldig; voor kinderen onder de 18 kost het €64,30 en is het 5 jaar geldig.", false},
	})
}
