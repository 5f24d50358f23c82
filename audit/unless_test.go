package audit

import "testing"

// "unless" is "if not": a claim saying "if" where the chunk says "unless"
// flips its condition, and "if … not" says what "unless" says; "not …
// unless" affirms with its condition.
func TestUnlessIsIfNot(t *testing.T) {
	assertFlips(t, []flipCase{
		{"if for unless fails in English",
			"Your subscription renews automatically if you cancel at least 7 days before the renewal date [1].",
			"Your subscription renews automatically unless you cancel at least 7 days before the renewal date.", true},
		{"if not for unless passes in English",
			"If you do not cancel at least 7 days before the renewal date, your subscription renews automatically [1].",
			"Your subscription renews automatically unless you cancel at least 7 days before the renewal date.", false},
		{"not possible unless damaged is possible if damaged",
			"Refunds are possible if the item arrived damaged [1].",
			"Refunds are not possible unless the item arrived damaged.", false},
		{"a claim stating no condition is not denied by unless",
			"Your subscription renews every month automatically, so cancel at least a week before the renewal date to stop it [1].",
			"Subscriptions renew automatically each month unless you cancel them at least 7 days before the renewal date.", false},
		{"waived if for waived unless fails: a word that denies is no unless",
			"Late fees are waived if the payment is more than 30 days overdue [1].",
			"Late fees are waived unless the payment is more than 30 days overdue.", true},
		{"waived unless for waived provided that fails",
			"Late fees are waived unless the payment is less than 30 days overdue [1].",
			"Late fees are waived provided that the payment is less than 30 days overdue.", true},
		{"entfallen for keine passes in German: a word that denies",
			"Plus-Mitglieder zahlen keine Versandkosten [1].",
			"Für Mitglieder im Plus-Programm entfallen die Versandkosten.", false},
		{"entfällt nicht for entfällt fails in German: the claim's own negative word, denied",
			"Die Bearbeitungsgebühr entfällt bei Online-Bestellungen nicht [1].",
			"Die Bearbeitungsgebühr entfällt bei Online-Bestellungen.", true},
		{"does not lack for lacks fails in English",
			"The basic router does not lack WPA3 support [1].",
			"The basic router lacks WPA3 support.", true},
		{"als for tenzij fails in Dutch",
			"Je abonnement wordt automatisch verlengd als je uiterlijk 7 dagen voor de verlengingsdatum opzegt [1].",
			"Je abonnement wordt automatisch verlengd, tenzij je uiterlijk 7 dagen voor de verlengingsdatum opzegt.", true},
		{"si for sauf si fails in French",
			"L'abonnement est reconduit automatiquement si vous le résiliez au moins 7 jours avant la date de renouvellement [1].",
			"L'abonnement est reconduit automatiquement, sauf si vous le résiliez au moins 7 jours avant la date de renouvellement.", true},
		{"si ne pas for sauf si passes in French",
			"Si vous ne le résiliez pas au moins 7 jours avant la date de renouvellement, l'abonnement est reconduit automatiquement [1].",
			"L'abonnement est reconduit automatiquement, sauf si vous le résiliez au moins 7 jours avant la date de renouvellement.", false},
		{"si for salvo que fails in Spanish",
			"La suscripción se renueva automáticamente si la cancelas al menos 7 días antes de la fecha de renovación [1].",
			"La suscripción se renueva automáticamente, salvo que la canceles al menos 7 días antes de la fecha de renovación.", true},
	})
}
