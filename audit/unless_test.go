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
