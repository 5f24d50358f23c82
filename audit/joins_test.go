package audit

import "testing"

// Two things the chunk needs both of, joined with "or" by the claim (or
// the reverse) fail; a join that needs nothing ("we accept … and …"), the
// same join, and "and/or" pass.
func TestJoinLoosened(t *testing.T) {
	const hire = "To hire a van you need a valid driving licence and a credit card in the driver's name."
	assertFlips(t, []flipCase{
		{"or for a requirement's and fails in English", "To hire a van you need a driving licence or a credit card [1].", hire, true},
		{"the same and passes in English", "You need a driving licence and a credit card to hire a van [1].", hire, false},
		{"and for a requirement's or fails in English", "For the exam you must bring your student card and your passport [1].",
			"For the exam you must bring your student card or your passport.", true},
		{"or for an acceptance's and passes in English", "The shop takes Visa or Mastercard [1].", "The shop takes Visa and Mastercard for every order.", false},
		{"or against and/or passes in English", "At check-in you need your boarding pass or your passport [1].",
			"At check-in you need your boarding pass and/or your passport.", false},
		{"a requirement in another part does not count in German", "Sie können mit Visa oder Mastercard bezahlen [1].",
			"Wir akzeptieren Visa und Mastercard; für die Abholung benötigen Sie Ihren Ausweis.", false},
		{"oder for und fails in German", "Für den Bibliotheksausweis benötigen Sie einen Lichtbildausweis oder einen Nachweis Ihrer Adresse [1].",
			"Für den Bibliotheksausweis benötigen Sie einen Lichtbildausweis und einen aktuellen Nachweis Ihrer Adresse.", true},
		{"of for en with a verb-final nodig fails in Dutch", "Voor een parkeervergunning heeft u een kentekenbewijs of een huurcontract nodig [1].",
			"Voor een parkeervergunning heeft u een kentekenbewijs en een huurcontract op uw naam nodig.", true},
		{"ou for et fails in French", "Pour l'inscription à la crèche, il faut fournir le livret de famille ou un justificatif de revenus [1].",
			"Pour l'inscription à la crèche, il faut fournir le livret de famille et un justificatif de revenus récent.", true},
		{"o for y fails in Spanish", "Para el abono joven es necesario presentar el DNI o una foto reciente [1].",
			"Para el abono joven es necesario presentar el DNI y una foto reciente.", true},
	})
}

// What a party grants with a permission word is what the other can do:
// "we accept" says "you can pay" from the other side; the same act given
// to the other party still fails.
func TestGrantedAsAble(t *testing.T) {
	assertFlips(t, []flipCase{
		{"you can pay against we accept passes in English", "You can pay for tickets by Visa or Amex [1].", "We accept Visa and Amex for all ticket orders.", false},
		{"u kunt betalen against wij accepteren passes in Dutch", "U kunt voor tickets betalen met Visa of Amex [1].", "Wij accepteren Visa en Amex voor alle tickets.", false},
		{"you pay against we pay still fails in English", "You pay the cost of the return label [1].", "We pay the cost of the return label.", true},
		{"you can against we can still fails in English", "You can cancel the booking free of charge [1].", "We can cancel the booking free of charge.", true},
	})
}
