package audit

import "testing"

// "Per traveller" and "per person" count a figure per the same thing, in
// every language; "per person" against "per household" and "per item"
// against "per order" still count it per another.
func TestCountedPerAnotherWordForTheSameThing(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"per traveller of per person passes in English", "The excess is £50 per traveller [1].", "The excess is £50 per person per claim.", false},
		{"per passenger of per person passes in English", "The fee is £5 per passenger [1].", "The fee is £5 per person.", false},
		{"per seat of per user passes in English", "It costs €12 per seat per month [1].", "It costs €12 per user per month.", false},
		{"par voyageur passes in French", "La franchise est de 50 € par voyageur [1].", "La franchise s'élève à 50 € par personne et par sinistre.", false},
		{"pro Reisendem passes in German", "Die Selbstbeteiligung beträgt 50 € pro Reisendem [1].", "Die Selbstbeteiligung beträgt 50 € pro Person und Schadensfall.", false},
		{"per reiziger passes in Dutch", "De toeslag is €5 per reiziger [1].", "De toeslag is €5 per persoon.", false},
		{"por viajero passes in Spanish", "La franquicia es de 50 € por viajero [1].", "La franquicia es de 50 € por persona y siniestro.", false},
		{"per person of per household fails", "The allowance is 20 GB per person [1].", "The allowance is 20 GB per household.", true},
		{"per account of per user fails", "It costs €12 per account per month [1].", "It costs €12 per user per month.", true},
		{"per item of per order fails", "Shipping is €4 per item [1].", "Shipping is €4 per order.", true},
	})
}

// A comparison of counts is weighed on the chunk's bare counts of the
// thing compared ("100 requests per minute on Pro and 1,000 on
// Enterprise"), its sides told by their names, not by a verb both
// figures stand beside ("Solo coûte 10 € et Équipe coûte 50 €"); French
// "plus de licences que" compares licences.
func TestComparisonOfCountsAndRepeatedVerbs(t *testing.T) {
	const api = "The API allows 100 requests per minute on the Pro plan and 1,000 per minute on the Enterprise plan."
	const apiES = "La API admite 100 solicitudes por minuto en el plan Pro y 1.000 por minuto en el plan Empresa."
	const solo = "L'offre Solo inclut 1 licence et l'offre Équipe 5 licences."
	assertReason(t, "sides_swapped", []flipCase{
		{"more requests of the smaller count fails", "The Pro plan allows more requests per minute than the Enterprise plan [1].", api, true},
		{"fewer requests of the larger count fails", "The Enterprise plan allows fewer requests per minute than the Pro plan [1].", api, true},
		{"more requests the right way round passes", "The Enterprise plan allows more requests per minute than the Pro plan [1].", api, false},
		{"más solicitudes of the smaller count fails in Spanish", "El plan Pro admite más solicitudes por minuto que el plan Empresa [1].", apiES, true},
		{"más solicitudes the right way round passes in Spanish", "El plan Empresa admite más solicitudes por minuto que el plan Pro [1].", apiES, false},
		{"plus de licences of the smaller count fails in French", "L'offre Solo inclut plus de licences que l'offre Équipe [1].", solo, true},
		{"plus de licences the right way round passes in French", "L'offre Équipe inclut plus de licences que l'offre Solo [1].", solo, false},
		{"plus cher beside a repeated verb fails in French", "Solo coûte plus cher que Équipe [1].", "Solo coûte 10 € et Équipe coûte 50 €.", true},
		{"plus cher the right way round passes in French", "Équipe coûte plus cher que Solo [1].", "Solo coûte 10 € et Équipe coûte 50 €.", false},
		{"meer gebruikers of the smaller count fails in Dutch", "Het Basis-abonnement heeft meer gebruikers dan Team [1].",
			"Het Basis-abonnement is voor maximaal 3 gebruikers; Team is voor maximaal 10 gebruikers.", true},
	})
}

// A period "counted from" an event names the event after the participle:
// "gerekend vanaf uw eerste afspraak" against "vanaf de datum van
// afgifte" runs the year from another event.
func TestPeriodCountedFromAnotherEvent(t *testing.T) {
	const nl = "Een verwijzing is één jaar geldig vanaf de datum van afgifte."
	const de = "Eine Überweisung gilt ein Jahr ab dem Ausstellungsdatum."
	assertReason(t, "event_swapped", []flipCase{
		{"gerekend vanaf another event fails in Dutch", "Een verwijzing is een jaar geldig, gerekend vanaf uw eerste afspraak bij de specialist [1].", nl, true},
		{"gerekend vanaf the same event passes in Dutch", "Een verwijzing is een jaar geldig, gerekend vanaf de datum van afgifte [1].", nl, false},
		{"gerechnet ab another event fails in German", "Die Überweisung ist ein Jahr gültig, gerechnet ab dem ersten Termin [1].", de, true},
		{"gerechnet ab the same event passes in German", "Die Überweisung ist ein Jahr gültig, gerechnet ab dem Ausstellungsdatum [1].", de, false},
	})
}

// A figure given in total where the chunk gives it only per a thing is
// another figure: "£75 in total" against "£75 per fuel".
func TestTotalOfAFigureGivenPer(t *testing.T) {
	const fuel = "If you leave before the end of the fixed term, an exit fee of £75 per fuel applies. There is no exit fee if you switch in the last 49 days of the term."
	assertReason(t, "number_mismatch", []flipCase{
		{"in total of per fuel fails", "If you leave earlier, the exit fee is £75 in total [1].", fuel, true},
		{"a total of before the figure fails", "If you leave earlier, you pay a total of £75 [1].", fuel, true},
		{"per fuel passes", "If you leave earlier, the exit fee is £75 per fuel [1].", fuel, false},
		{"in total of a total passes", "The exit fee is £75 in total [1].", "If you leave before the end of the fixed term, an exit fee of £75 applies in total.", false},
		{"insgesamt of pro Person fails in German", "Die Gebühr beträgt insgesamt 30 € [1].", "Die Gebühr beträgt 30 € pro Person.", true},
		{"insgesamt of a family's fee passes in German", "Die Gebühr beträgt insgesamt 30 € [1].", "Die Gebühr beträgt 30 € für die ganze Familie.", false},
		{"au total of par bagage fails in French", "Les frais s'élèvent à 40 € au total [1].", "Les frais s'élèvent à 40 € par bagage.", true},
		{"in totaal of per maand fails in Dutch", "U betaalt in totaal €15 [1].", "U betaalt €15 per maand.", true},
		{"in totaal per maand passes in Dutch", "U betaalt in totaal €15 per maand [1].", "U betaalt €15 per maand.", false},
	})
}

// The chunk's general rule is not the subject's where a sentence opening
// with the subject gives it its own value: "For specialist appointments
// … until 24 hours beforehand" against "… up to 24 hours before it
// starts. … For specialist appointments the free cancellation period is
// 48 hours".
func TestGeneralRuleGivenToASubjectWithItsOwn(t *testing.T) {
	const appts = "You can cancel or rebook an appointment free of charge up to 24 hours before it starts. If you cancel later than that, or do not attend, we charge a fee of £30. For specialist appointments the free cancellation period is 48 hours and the fee is £60."
	const termine = "Termine können bis 24 Stunden vorher kostenlos abgesagt werden. Facharzttermine sind bis 48 Stunden vorher kostenlos stornierbar."
	assertReason(t, "number_mismatch", []flipCase{
		{"the general period given to specialists fails", "For specialist appointments you can cancel free of charge until 24 hours beforehand [1].", appts, true},
		{"the specialists' own period passes", "For specialist appointments you can cancel free of charge until 48 hours beforehand [1].", appts, false},
		{"the general period of appointments passes", "You can cancel an appointment free of charge up to 24 hours before it starts [1].", appts, false},
		{"the general fee given to specialists fails", "Specialist appointments cancelled late cost £30 [1].", appts, true},
		{"die allgemeine Frist für Facharzttermine fails in German", "Facharzttermine können bis 24 Stunden vorher kostenlos abgesagt werden [1].", termine, true},
		{"die eigene Frist passes in German", "Facharzttermine können bis 48 Stunden vorher kostenlos abgesagt werden [1].", termine, false},
	})
}

// A period to act "within a maximum of" so long is a deadline, which a
// plain period states ("You have 13 months to claim"): in every language,
// the bound read over up to six words ("en un plazo máximo de").
func TestWithinAMaximumIsADeadline(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"you have 13 months of within a maximum of passes", "You have 13 months to claim [1].", "You can claim within a maximum of 13 months.", false},
		{"el plazo es de 13 meses of en un plazo máximo de passes in Spanish", "El plazo para reclamar es de 13 meses [1].", "Puede reclamar en un plazo máximo de 13 meses.", false},
		{"dentro de un plazo máximo de passes in Spanish", "Tiene 13 meses para reclamar [1].", "Puede reclamar dentro de un plazo máximo de 13 meses.", false},
		{"dans un délai maximum de passes in French", "Vous avez 13 mois pour réclamer [1].", "Vous pouvez réclamer dans un délai maximum de 13 mois.", false},
		{"binnen maximaal passes in Dutch", "U heeft 13 maanden om te claimen [1].", "U kunt binnen maximaal 13 maanden claimen.", false},
		{"another period still fails", "You have 18 months to claim [1].", "You can claim within a maximum of 13 months.", true},
		{"up to an amount is still no promise of it", "The insurance pays €150 for glasses [1].", "The insurance pays up to €150 for glasses.", true},
	})
}

// "In the absence of" is "without": a claim saying "without" of what the
// chunk says "en l'absence de", "mangels", "bij gebrek aan", "a falta de"
// passes, and "avec" against it fails. A phrase cue's first word alone
// ("en" of "en lugar de") negates nothing.
func TestInTheAbsenceOfIsWithout(t *testing.T) {
	assertFlips(t, []flipCase{
		{"sans of en l'absence de passes in French", "Sans Linky, votre compteur est relevé par un technicien [1].",
			"En l'absence de compteur Linky, un technicien relève votre compteur.", false},
		{"avec of en l'absence de fails in French", "Avec Linky, votre compteur est relevé par un technicien [1].",
			"En l'absence de compteur Linky, un technicien relève votre compteur.", true},
		{"ohne of mangels passes in German", "Ohne Smart Meter liest ein Techniker den Zähler ab [1].", "Mangels Smart Meter liest ein Techniker den Zähler ab.", false},
		{"zonder of bij gebrek aan passes in Dutch", "Zonder slimme meter leest een monteur de meter af [1].",
			"Bij gebrek aan een slimme meter leest een monteur de meter af.", false},
		{"met of bij gebrek aan fails in Dutch", "Met een slimme meter leest een monteur de meter af [1].",
			"Bij gebrek aan een slimme meter leest een monteur de meter af.", true},
		{"sin of a falta de passes in Spanish", "Sin contador inteligente, un técnico lee el contador [1].",
			"A falta de contador inteligente, un técnico lee el contador.", false},
		{"without of in the absence of passes in English", "Without a smart meter, a technician reads your meter [1].",
			"In the absence of a smart meter, a technician reads your meter.", false},
	})
}

// A period said later in the chunk's clause ("$15 per seat on monthly
// billing") counts its figure per that period too; one after another
// count ("5 ml … dos veces al día") does not.
func TestAPeriodLaterInTheClauseCounts(t *testing.T) {
	const team = "The Team plan costs $12 per seat per month when billed annually, or $15 per seat on monthly billing."
	assertReason(t, "number_mismatch", []flipCase{
		{"per seat each month of per seat on monthly billing passes", "Team is billed at $15 per seat each month on monthly billing [1].", team, false},
		{"per seat per year of it fails", "Team costs $15 per seat per year [1].", "The Team plan costs $15 per seat on monthly billing.", true},
	})
}

// A source label written in words in the claim ("(zie bron 1)") is no
// figure the chunk must state, and the aside is counted as marker-like
// text before the answer's own marker too.
func TestASourceLabelsNumberIsNoFigure(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"zie bron 1 passes in Dutch", "Kosteloos annuleren kan tot 24 uur voor uw afspraak (zie bron 1) [1].",
			"Annuleren kan kosteloos tot 24 uur voor de afspraak, via de app of telefonisch.", false},
		{"see source 1 passes in English", "Refunds take 14 days (see source 1) [1].", "Refunds take 14 days.", false},
		{"a figure beside it still fails", "Refunds take 10 days (see source 1) [1].", "Refunds take 14 days.", true},
	})
	for _, s := range []string{"Het kost € 39 (zie bron 2) [1].", "Het kost € 39 (zie bron 2)."} {
		if _, unread := findMarkers(s, &markerContext{}); len(unread) != 1 || unread[0].Shape != shapeParenAside {
			t.Errorf("findMarkers(%q) unread %v, want the aside counted", s, unread)
		}
	}
}

// A price the chunk gives only another thing, where a sentence about the
// claim's subject calls it free or denies it a cost ("keine Zuzahlung",
// "no charge"), fails; the subject's own price and its being free pass.
func TestAPriceOfAThingTheChunkCallsFree(t *testing.T) {
	const de = "Für eine Videosprechstunde fällt keine Zuzahlung an. Für jede verordnete Heilmittelbehandlung zahlen Sie 10 % der Kosten plus 10 € je Verordnung."
	const en = "A video consultation is free of charge. For each prescribed treatment you pay 10% of the cost plus €10 per prescription."
	assertReason(t, "number_mismatch", []flipCase{
		{"a price of what keine Zuzahlung denies fails in German", "Für eine Videosprechstunde zahlen Sie 10 € je Termin zu [1].", de, true},
		{"the treatment's own price passes in German", "Für eine Heilmittelbehandlung zahlen Sie 10 € je Verordnung zu [1].", de, false},
		{"a price of what is free of charge fails in English", "A video consultation costs €10 [1].", en, true},
		{"the prescription's own price passes in English", "Each prescribed treatment costs €10 per prescription plus 10% of the cost [1].", en, false},
	})
	assertFlips(t, []flipCase{
		{"free of what keine Zuzahlung denies passes in German", "Die Videosprechstunde ist für Sie kostenlos [1].", de, false},
	})
}
