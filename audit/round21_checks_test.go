package audit

import "testing"

// A name the chunk lacks, put where the window has words of its own
// between the same neighbours, is a claim the chunk does not make; a
// name only added beside the window's words, or put where the window has
// function words alone, is not.
func TestANameInPlaceOfTheWindowsWords(t *testing.T) {
	const refund = "Refunds are paid to the original payment method within 14 days. Contact support if you have questions."
	assertReason(t, "entity_mismatch", []flipCase{
		{"a PayPal account for the original payment method fails", "Refunds are paid to a PayPal account within 14 days [1].", refund, true},
		{"a Revolut card for the original payment method fails", "Refunds are paid to your Revolut card within 14 days [1].", refund, true},
		{"a name at the sentence's end fails in German", "Rückerstattungen gehen innerhalb von 14 Tagen auf Ihr PayPal-Konto [1].",
			"Rückerstattungen gehen innerhalb von 14 Tagen auf das ursprüngliche Zahlungsmittel. Bei Fragen hilft der Support.", true},
		{"the window's own words pass", "Refunds are paid to the original payment method within 14 days [1].", refund, false},
		{"a name beside the window's function words passes", "Contact Acme support if you have questions [1].", "Contact our support if you have questions.", false},
		{"a company name opening the sentence passes", "Acme refunds orders within 14 days [1].", "We refund orders within 14 days.", false},
	})
}
