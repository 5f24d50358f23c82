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

// Faithful English wordings that once failed as flipped: both sides deny
// in other words, a prefixed form of the window's word, a possessive
// that names no party.
func TestFaithfulDenialsInOtherWords(t *testing.T) {
	assertFlips(t, []flipCase{
		{"not refunded against refunds are not given passes", "Partial months are not refunded [1].", "Refunds are not given for partial months.", false},
		{"not covered against excluded passes", "For the first two years of your membership, pre-existing conditions are not covered [1].",
			"Pre-existing conditions are excluded for the first two years of membership.", false},
		{"non-returnable against cannot be returned passes", "Once opened, software and downloads are non-returnable [1].",
			"Software and downloads cannot be returned once opened.", false},
		{"your original payment method against we refund to the original passes", "Refunds go back to your original payment method within 5 working days [1].",
			"We refund to the original payment method within 5 working days.", false},
		{"a denial in the window's other part still fails", "Winter tyres are included at no extra charge [1].",
			"Snow chains are included at no charge; winter tyres are charged at €12 per day.", true},
		{"à notre charge against à la charge du destinataire still fails", "Les frais de douane sont à notre charge [1].",
			"Les frais de douane sont à la charge du destinataire.", true},
	})
}

// One of two requirements the chunk joins in its condition: both needed
// ("and"), or either ("or") where the claim says "only".
func TestRequirementDropped(t *testing.T) {
	const pension = "Die große Witwenrente beträgt 55 Prozent der Rente des Verstorbenen; sie wird gezahlt, wenn der Hinterbliebene mindestens 47 Jahre alt ist oder ein Kind erzieht."
	assertFlips(t, []flipCase{
		{"one of two requirements joined by y fails in Spanish", "La pensión de viudedad sube al 70 % si el beneficiario tiene cargas familiares [1].",
			"La pensión de viudedad es el 52 % de la base reguladora del fallecido; sube al 70 % si el beneficiario tiene cargas familiares y sus ingresos son bajos.", true},
		{"nur one of two alternatives fails in German", "Die große Witwenrente wird nur gezahlt, wenn der Hinterbliebene ein Kind erzieht [1].", pension, true},
		{"one of two alternatives without nur passes in German", "Die große Witwenrente wird gezahlt, wenn der Hinterbliebene ein Kind erzieht [1].", pension, false},
		{"both requirements said pass in English", "You can return items if they are unused and in their original packaging [1].",
			"Items can be returned if they are unused and in their original packaging.", false},
	})
}
