package audit

import "testing"

// "During" against "after", the beginning against the end of a period,
// "any" where the chunk says "only" of another, a period run from another
// event, and a clock time whose "p.m." ends no sentence.
func TestPeriodsGroupsAndClockTimes(t *testing.T) {
	assertFlips(t, []flipCase{
		{"après for pendant fails in French",
			"Les frais médicaux engagés après le voyage sont remboursés jusqu'à 150 000 € [1].", "Les frais médicaux engagés pendant le voyage sont remboursés jusqu'à 150 000 €.", true},
		{"after for during fails in English",
			"Medical costs incurred after your trip are covered up to €150,000 [1].", "Medical costs incurred during your trip are covered up to €150,000.", true},
		{"after the first months, where the chunk says then, passes in French",
			"Après les 6 premiers mois, l'offre Fibre 500 coûte 39,99 € par mois [1].", "Les nouveaux clients paient 9,99 € par mois pendant les 6 premiers mois, puis l'offre Fibre 500 coûte 39,99 € par mois.", false},
		{"a finales for a principios fails in Spanish",
			"La cuota mensual se cobra a finales de cada mes [1].", "La cuota mensual se cobra a principios de cada mes.", true},
		{"cualquier usuario for solo el titular fails in Spanish",
			"Cualquier usuario de la línea puede solicitar la portabilidad [1].", "Solo el titular de la línea puede solicitar la portabilidad.", true},
		{"any authorized user for only the primary cardholder fails in English",
			"Any authorized user can request a credit limit increase [1].", "Only the primary cardholder can request a credit limit increase.", true},
		{"the transaction date for the statement date fails in English",
			"You can dispute a charge within 60 days of the transaction date [1].", "You can dispute a charge within 60 days of the statement date.", true},
		{"the transaction date for the statement date fails, a card transaction named before the period",
			"You can dispute a card transaction within 60 days of the transaction date [1].", "You can dispute a card transaction within 60 days of the statement date.", true},
		{"the statement date for the statement date passes",
			"You can dispute a card transaction within 60 days of the statement date [1].", "You can dispute a card transaction within 60 days of the statement date.", false},
		{"desde la entrega for desde la cancelación fails in Spanish",
			"El reembolso se realiza en 14 días desde la entrega del pedido [1].", "El reembolso se realiza en 14 días desde la cancelación del pedido.", true},
		{"after 8 p.m. ET for before fails in English: p.m. ends no sentence",
			"Transfers made after 8 p.m. ET post the same business day [1].", "Transfers made before 8 p.m. ET post the same business day.", true},
	})
}

// A short answer detection barely reads as Portuguese is read as the
// Spanish its function words and its chunk are in, not left unread.
func TestABarelyPortugueseAnswerReadsAsItsSpanishChunk(t *testing.T) {
	assertFlips(t, []flipCase{
		{"a Spanish answer Detect calls Portuguese is judged in Spanish",
			"La cuota mensual se cobra a finales de cada mes [1].", "La cuota mensual se cobra a principios de cada mes.", true},
	})
}

// "Only" where the chunk allows it at any time adds a limit; a full stop
// a small letter follows ends no sentence, so the claim's sentence keeps
// its subject ("mit gültiger USt-IdNr. erhalten …").
func TestALimitAddedAndAnAbbreviationBeforeASmallLetter(t *testing.T) {
	assertFlips(t, []flipCase{
		{"nur schriftlich for jederzeit fails in German",
			"Ihre Einwilligung können Sie nur schriftlich widerrufen [1].", "Ihre Einwilligung können Sie jederzeit widerrufen.", true},
		{"jederzeit for jederzeit passes in German",
			"Ihre Einwilligung können Sie jederzeit widerrufen [1].", "Ihre Einwilligung können Sie jederzeit widerrufen.", false},
		{"alle Geschäftskunden for those with a VAT number fails in German",
			"Alle Geschäftskunden erhalten eine Rechnung ohne Mehrwertsteuer [1].", "Geschäftskunden aus der EU mit gültiger USt-IdNr. erhalten eine Rechnung ohne Mehrwertsteuer.", true},
	})
}

// The recipient who pays is the customer, not the shop; data deleted is
// not data kept.
func TestRecipientsAndRetention(t *testing.T) {
	assertFlips(t, []flipCase{
		{"wir übernehmen for der Empfänger trägt fails in German",
			"Bei Lieferungen in die Schweiz können Zollgebühren anfallen, die wir übernehmen [1].", "Bei Lieferungen in die Schweiz können Zollgebühren anfallen, die der Empfänger trägt.", true},
		{"deleted for kept fails in English",
			"Invoices are deleted together with your account [1].", "Invoices are kept for 7 years together with your account records.", true},
		{"deleted for deleted, something else kept beside it, passes",
			"Your personal data is erased within 30 days [1].", "Your personal data is erased within 30 days; anonymised usage statistics are kept.", false},
	})
}
