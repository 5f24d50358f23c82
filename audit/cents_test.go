package audit

import "testing"

// An amount in cents states the amount in the currency, and the reverse,
// in every language; the same figure in the other unit of money is
// another amount.
func TestAmountsInCents(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"29 céntimos of 0,29 € passes in Spanish", "El minuto cuesta 29 céntimos [1].", "El minuto cuesta 0,29 € en horario diurno.", false},
		{"39 céntimos against 0,29 € fails in Spanish", "El minuto cuesta 39 céntimos [1].", "El minuto cuesta 0,29 € en horario diurno.", true},
		{"0,325 € of 32,5 Cent passes in German", "Der Arbeitspreis beträgt 0,325 € pro kWh [1].", "Der Arbeitspreis beträgt 32,5 Cent pro kWh.", false},
		{"0,335 € against 32,5 Cent fails in German", "Der Arbeitspreis beträgt 0,335 € pro kWh [1].", "Der Arbeitspreis beträgt 32,5 Cent pro kWh.", true},
		{"15 centimes of 0,15 € passes in French", "La minute coûte 15 centimes [1].", "La minute coûte 0,15 € en heures creuses.", false},
		{"29 cent of € 0,29 passes in Dutch", "Het gesprek kost 29 cent per minuut [1].", "Het gesprek kost € 0,29 per minuut.", false},
		{"12 cents of €0.12 passes in English", "A text message costs 12 cents [1].", "Each text message costs €0.12 within the EU.", false},
		{"€12 against 12 cents fails in English", "A text message costs €12 [1].", "Each text message costs 12 cents within the EU.", true},
		{"12 cents against €12 fails in English", "A text message costs 12 cents [1].", "Each text message costs €12 within the EU.", true},
		{"a count beside cents of the same value passes", "Up to 12 devices can connect [1].", "Each text message costs 12 cents; up to 12 devices can connect.", false},
	})
}
