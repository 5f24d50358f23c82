package audit

import "testing"

// A flipped negation is caught though the chunk's sentence denies
// something else in another clause, and a claim of the chunk's affirmed
// clause is not failed for its other clause's denial; a claim whose
// denial parts from its verb across a clause join passes.
func TestADenialOfAnotherClauseHidesNoFlip(t *testing.T) {
	assertFlips(t, []flipCase{
		{"do not require against require, another clause denying, fails in English",
			"Appointments with a specialist do not require a referral from your GP [1].",
			"Appointments with a specialist require a referral from your GP; without a referral, the visit is not reimbursed.", true},
		{"n'entraîne pas against entraîne, another clause denying, fails in French",
			"La résiliation anticipée n'entraîne pas de frais de résiliation [1].",
			"La résiliation anticipée entraîne des frais de résiliation de 30 € ; aucun frais n'est facturé après 12 mois.", true},
		{"the affirmed clause of a chunk that denies in another passes",
			"Appointments with a specialist require a referral from your GP [1].",
			"Appointments with a specialist require a referral from your GP; without a referral, the visit is not reimbursed.", false},
		{"the denied clause of the same chunk passes",
			"Without a referral, the visit to a specialist is not reimbursed [1].",
			"Appointments with a specialist require a referral from your GP; without a referral, the visit is not reimbursed.", false},
		{"a denial parted from its verb by a clause join passes",
			"A spouse married under the Marriage Act could not then also marry under the Customary Marriage Act [1].",
			"Also, if a man is already married under the Marriage Act, he cannot marry under the Customary Marriage Act as this would not be recognised.", false},
	})
}

// A negation about a hyphenated word is about its parts, which the
// chunk's stems hold apart: "bei Online-Bestellungen nicht" against the
// same without "nicht" fails in German and Dutch.
func TestANegationAboutAHyphenatedWord(t *testing.T) {
	assertFlips(t, []flipCase{
		{"gilt bei Online-Bestellungen nicht for gilt fails in German",
			"Die Gebühr gilt bei Online-Bestellungen nicht [1].", "Die Gebühr gilt bei Online-Bestellungen.", true},
		{"geldt niet voor online-bestellingen for geldt fails in Dutch",
			"De toeslag geldt niet voor online-bestellingen [1].", "De toeslag geldt voor online-bestellingen.", true},
		{"the same denial passes",
			"Die Gebühr gilt bei Online-Bestellungen nicht [1].", "Die Gebühr gilt bei Online-Bestellungen nicht.", false},
	})
}

// Parallel parts about two things ("for crowns …; for physiotherapy there
// is no waiting period"): the denial of the part the claim does not follow
// is about the other thing, in every language; a claim about that thing
// still fails.
func TestParallelPartsOfTheirOwn(t *testing.T) {
	const nl = "Voor de aanvullende tandartsverzekering geldt een wachttijd van 6 maanden voor kronen en bruggen; voor fysiotherapie geldt geen wachttijd."
	const en = "For crowns and bridges there is a waiting period of 6 months; for physiotherapy there is no waiting period."
	const de = "Für Kronen und Brücken gilt eine Wartezeit von 6 Monaten; für Physiotherapie gilt keine Wartezeit."
	assertFlips(t, []flipCase{
		{"the first part's thing passes in Dutch", "Voor kronen en bruggen geldt bij de aanvullende tandartsverzekering een wachttijd van 6 maanden [1].", nl, false},
		{"the first part's thing passes in English", "For crowns and bridges there is a waiting period of 6 months [1].", en, false},
		{"the first part's thing passes in German", "Für Kronen und Brücken gilt eine Wartezeit von 6 Monaten [1].", de, false},
		{"the denied thing given the period fails in Dutch", "Voor fysiotherapie geldt een wachttijd van 6 maanden [1].", nl, true},
		{"the denied thing given the period fails in English", "For physiotherapy there is a waiting period of 6 months [1].", en, true},
		{"the denied thing given the period fails in German", "Für Physiotherapie gilt eine Wartezeit von 6 Monaten [1].", de, true},
	})
}
