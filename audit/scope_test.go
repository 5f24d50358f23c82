package audit

import "testing"

// "All" where the chunk says "most" fails in Dutch, German, French and
// Spanish, where the word is the quantifier; English "most" is as often
// "at most", "the most popular", and is left out.
func TestAllAgainstMost(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"toutes for la plupart fails in French", "Toutes les chambres ont un balcon [1].", "La plupart des chambres ont un balcon.", true},
		{"todas for la mayoría fails in Spanish", "Todas las habitaciones tienen balcón [1].", "La mayoría de las habitaciones tienen balcón.", true},
		{"alle for de meeste fails in Dutch", "Alle kamers hebben een balkon [1].", "De meeste kamers hebben een balkon.", true},
		{"alle for die meisten fails in German", "Alle Zimmer haben einen Balkon [1].", "Die meisten Zimmer haben einen Balkon.", true},
		{"at most against each passes in English", "You can change a booking at most 3 times [1].", "Each booking can be changed up to 3 times.", false},
		{"most popular against all passes in English", "Our most popular plan, Pro, includes 100 GB of storage [1].", "All plans include 100 GB of storage. Pro is our most popular plan.", false},
		{"la plupart of la plupart passes", "La plupart des chambres ont un balcon [1].", "La plupart de nos chambres ont un balcon.", false},
	})
}

// A denial with a contrast word between its cue and what it denies
// ("nicht jedoch telefonisch") denies that.
func TestDenialPastAContrastWord(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"telefonisch against nicht jedoch telefonisch fails in German", "Eine Kündigung ist telefonisch möglich [1].",
			"Eine Kündigung ist online, per Post oder im Shop möglich, nicht jedoch telefonisch.", true},
		{"online against nicht jedoch telefonisch passes in German", "Eine Kündigung ist online möglich [1].",
			"Eine Kündigung ist online, per Post oder im Shop möglich, nicht jedoch telefonisch.", false},
	})
}

// "tot 18 uur" and "à partir de 15 heures" are times of day, as the
// chunk's "18.00 uur" and "15 h" are; another hour still fails.
func TestLateHourAfterUntilOrFromIsATimeOfDay(t *testing.T) {
	const nl = "Bij het flexibele tarief kunt u kosteloos annuleren tot 18.00 uur op de dag vóór aankomst."
	const fr = "L'enregistrement est possible à partir de 15 h et les chambres doivent être libérées avant 11 h."
	assertUnsupported(t, []flipCase{
		{"tot 18 uur of tot 18.00 uur passes in Dutch", "Met het flexibele tarief annuleert u gratis tot 18 uur op de dag voor uw aankomst [1].", nl, false},
		{"tot 17 uur against tot 18.00 uur fails in Dutch", "Met het flexibele tarief annuleert u gratis tot 17 uur op de dag voor uw aankomst [1].", nl, true},
		{"à partir de 15 heures of à partir de 15 h passes in French", "L'enregistrement est possible à partir de 15 heures [1].", fr, false},
		{"à partir de 14 heures against à partir de 15 h fails in French", "L'enregistrement est possible à partir de 14 heures [1].", fr, true},
	})
}

// An amount the chunk gives to another of a series by its ordinal ("the
// second reminder") fails when the claim gives it to the first; an
// ordinal far from the amount says nothing of it.
func TestAmountOfAnotherOrdinal(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"first for second fails in English", "The first reminder costs €7.50 [1].", "The first reminder is free. The second reminder costs €7.50.", true},
		{"erste for zweite fails in German", "Die erste Mahnung kostet 7,50 € [1].", "Die erste Mahnung ist kostenlos. Die zweite Mahnung kostet 7,50 €.", true},
		{"eerste for tweede fails in Dutch", "De eerste herinnering kost € 7,50 [1].", "De eerste herinnering is gratis. De tweede herinnering kost € 7,50.", true},
		{"première for deuxième fails in French", "La première relance coûte 7,50 € [1].", "La première relance est gratuite. La deuxième relance coûte 7,50 €.", true},
		{"second of second passes", "The second reminder costs €7.50 [1].", "The first reminder is free. The second reminder costs €7.50.", false},
		{"an ordinal far from the amount passes", "The first shop we opened in the old town now sells fresh bread for €2.50 a loaf [1].",
			"Our bakery in the old town was the first shop we opened. It sells fresh bread for €2.50 a loaf. The second shop opened in 2019.", false},
		{"jours ouvrables against jours calendrier fails in French", "Si vous êtes absent, vous disposez de 7 jours ouvrables pour communiquer votre index [1].",
			"Si vous êtes absent, vous pouvez communiquer votre index en ligne dans les 7 jours calendrier suivant le passage du releveur.", true},
	})
}

// A fee where the chunk calls the thing free fails; "no fee" of "free"
// passes.
func TestFeeAgainstFree(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"carry a fee against free of charge fails in English", "SEPA transfers to other banks carry a fee [1].",
			"SEPA transfers to other banks are also free of charge, but can take up to one working day.", true},
		{"tienen comisión against gratuitas fails in Spanish", "Las transferencias a otros bancos tienen comisión [1].",
			"Las transferencias SEPA a otros bancos también son gratuitas, pero pueden tardar hasta un día hábil.", true},
		{"kosten eine Gebühr against kostenlos fails in German", "Überweisungen an andere Banken kosten eine Gebühr [1].", "Überweisungen an andere Banken sind kostenlos.", true},
		{"no fee of free passes in English", "There is no fee for transfers to other banks [1].", "Transfers to other banks are free.", false},
		{"no tienen comisión of gratuitas passes in Spanish", "Las transferencias a otros bancos no tienen comisión [1].", "Las transferencias a otros bancos son gratuitas.", false},
		{"a fee of the thing the chunk charges passes", "Express transfers carry a fee [1].", "Standard transfers are free; a fee of €5 applies to express transfers.", false},
	})
}

// "Costs nothing" says "free": a cost word before a word of [zero-words]
// is a cost denied, beside a window whose other sentence gives a price.
func TestCostsNothingIsFree(t *testing.T) {
	const chunk = "Overboekingen naar een rekening buiten de SEPA-zone kosten € 5 per overboeking, plus 0,3 % van het bedrag. Deze kosten worden altijd door de opdrachtgever betaald. Betalingen ontvangen is gratis."
	assertUnsupported(t, []flipCase{
		{"kost je niets of gratis passes in Dutch", "Betalingen ontvangen kost je niets [1].", chunk, false},
		{"kost € 5 against gratis fails in Dutch", "Betalingen ontvangen kost € 5 [1].", chunk, true},
	})
}

// A sentence ends after a sign written apart from its figure ("1,5 %.
// Avec …"), as European style writes percentages: the next plan's
// sentence is one of its own, so a figure of another plan still fails.
func TestSentenceEndsAfterASpacedSign(t *testing.T) {
	if got := chunkSentences("La commission est de 1,5 %. Avec l'offre Gold, elle est de 0 %. Fin."); len(got) != 3 {
		t.Errorf("%d sentences, want 3: %v", len(got), got)
	}
	if got := chunkSentences("Wir liefern am 5. Mai 2026 und am 6. Juni."); len(got) != 1 {
		t.Errorf("a date's day split the sentence: %v", got)
	}
	assertUnsupported(t, []flipCase{
		{"another plan's percentage fails in French", "Avec l'offre Gold, la commission est de 1,5 % [1].",
			"Avec l'offre Standard, la commission est de 1,5 %. Avec l'offre Gold, la commission est de 0 %. L'offre Gold coûte 4,99 € par mois.", true},
		{"another plan's percentage fails in Spanish", "Con el plan Plus, la comisión es del 1,5 % [1].",
			"Con el plan Estándar, la comisión es del 1,5 %. Con el plan Plus, la comisión es del 0 %. El plan Plus cuesta 4,99 € al mes.", true},
		{"the plan's own percentage passes in French", "Avec l'offre Standard, la commission est de 1,5 % [1].",
			"Avec l'offre Standard, la commission est de 1,5 %. Avec l'offre Gold, la commission est de 0 %. L'offre Gold coûte 4,99 € par mois.", false},
	})
}

// "USt-IdNr." ends no sentence: the condition it belongs to stays with
// the claim ("Mit gültiger USt-IdNr. berechnen wir …").
func TestGermanTaxIDAbbreviation(t *testing.T) {
	const chunk = "Kunden mit Sitz in Deutschland berechnen wir 19 % deutscher Umsatzsteuer, sofern sie keine gültige USt-IdNr. angeben."
	assertUnsupported(t, []flipCase{
		{"mit gültiger USt-IdNr. against sofern keine fails", "Mit gültiger USt-IdNr. berechnen wir Kunden mit Sitz in Deutschland 19 % Umsatzsteuer [1].", chunk, true},
		{"ohne gültige USt-IdNr. of sofern keine passes", "Ohne gültige USt-IdNr. berechnen wir Kunden mit Sitz in Deutschland 19 % Umsatzsteuer [1].", chunk, false},
	})
}
