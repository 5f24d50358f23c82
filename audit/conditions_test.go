package audit

import "testing"

// What the window's sentence says only under a condition, said without
// it; the condition said, or a sentence opened by "when" that tells a
// sequence, passes.
func TestConditionOmitted(t *testing.T) {
	const physio = "Physiotherapy is covered for up to 12 sessions per calendar year when referred by your GP."
	const members = "If you are a member, returns are free."
	assertFlips(t, []flipCase{
		{"a trailing condition dropped fails in English", "Physiotherapy is covered for up to 12 sessions per calendar year [1].", physio, true},
		{"the condition said in other words passes in English", "Physiotherapy is covered when your GP refers you [1].", physio, false},
		{"an opening condition dropped fails in English", "Returns are free [1].", members, true},
		{"the condition's word said passes in English", "Returns are free for members [1].", members, false},
		{"a condition of the claim's own passes in English", "If you are a member, returns are free [1].", "Returns are free when you are a member.", false},
		{"a sequence opened by when passes in English", "We stop the direct debit at the end of your notice period [1].",
			"When you cancel, we stop the direct debit at the end of your notice period.", false},
		{"a condition in another part of the sentence passes in English", "Refunds are issued to the original card [1].",
			"Refunds are issued to the original card; if the card has expired, we send a bank transfer.", false},
		{"s'ils dropped fails in French", "Vos objets de valeur sont couverts jusqu'à 3 000 € [1].",
			"Les objets de valeur sont couverts jusqu'à 3 000 € s'ils sont rangés dans un coffre-fort.", true},
		{"si dropped fails in Spanish", "La cuenta Online no tiene comisión de mantenimiento [1].",
			"La cuenta Online no tiene comisión de mantenimiento si domicilia una nómina de al menos 600 €.", true},
		{"sofern dropped in a part after a semicolon fails in German", "Für die Dauer der Reparatur stellen wir Ihnen kostenlos ein Ersatzgerät zur Verfügung [1].",
			"Reparaturen dauern in der Regel zehn Werktage; für die Dauer der Reparatur stellen wir Ihnen kostenlos ein Ersatzgerät zur Verfügung, sofern Sie Premium-Kunde sind.", true},
		{"op voorwaarde dat dropped fails in Dutch", "U krijgt de borg binnen 14 dagen terug [1].",
			"U krijgt de borg binnen 14 dagen terug, op voorwaarde dat de sleutels zijn ingeleverd.", true},
	})
}
