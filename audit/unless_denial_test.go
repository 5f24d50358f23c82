package audit

import "testing"

// A denial of what the chunk's main clause states fails even where the
// chunk's sentence denies something in its condition ("unless you cancel",
// "if you do not cancel"): the condition's denial is not the claim's. A
// claim that states the condition, or restates it in other words, passes.
func TestDenialAgainstAConditionsDenial(t *testing.T) {
	const (
		en   = "Your subscription is renewed automatically every month, unless you cancel it at least 7 days before the renewal date."
		enIf = "Your subscription is renewed automatically every month if you do not cancel it at least 7 days before the renewal date."
		nl   = "Uw abonnement wordt elke maand automatisch verlengd, tenzij u het uiterlijk 7 dagen voor de verlengingsdatum opzegt."
		de   = "Ihr Abonnement wird jeden Monat automatisch verlängert, es sei denn, Sie kündigen es spätestens 7 Tage vor dem Verlängerungsdatum."
		deIf = "Ihr Abonnement wird jeden Monat automatisch verlängert, wenn Sie es nicht spätestens 7 Tage vor dem Verlängerungsdatum kündigen."
		fr   = "Votre abonnement est renouvelé automatiquement chaque mois, sauf si vous le résiliez au moins 7 jours avant la date de renouvellement."
		es   = "Su suscripción se renueva automáticamente cada mes, a menos que la cancele al menos 7 días antes de la fecha de renovación."
	)
	assertUnsupported(t, []flipCase{
		{"not renewed against renewed unless fails in English", "Your subscription is not renewed automatically [1].", en, true},
		{"not renewed against renewed if not cancelled fails in English", "Your subscription is not renewed automatically [1].", enIf, true},
		{"not free against free if not damaged fails", "Returns are not free [1].", "Returns are free if the item is not damaged.", true},
		{"niet verlengd against verlengd tenzij fails in Dutch", "Uw abonnement wordt niet automatisch verlengd [1].", nl, true},
		{"nicht verlängert against verlängert es sei denn fails in German", "Ihr Abonnement wird nicht automatisch verlängert [1].", de, true},
		{"nicht verlängert against verlängert wenn nicht fails in German", "Ihr Abonnement wird nicht automatisch verlängert [1].", deIf, true},
		{"n'est pas renouvelé against renouvelé sauf si fails in French", "Votre abonnement n'est pas renouvelé automatiquement [1].", fr, true},
		{"no se renueva against se renueva a menos que fails in Spanish", "Su suscripción no se renueva automáticamente [1].", es, true},
		{"renewed unless you cancel passes", "Your subscription renews automatically every month unless you cancel it at least 7 days before the renewal date [1].", en, false},
		{"not renewed if you cancel passes", "Your subscription is not renewed if you cancel it at least 7 days before the renewal date [1].", en, false},
	})
}

// A condition said with "without" is a condition: no denial against the
// chunk's "if … do not" (its word overlap is another matter).
func TestConditionSaidWithWithout(t *testing.T) {
	assertFlips(t, []flipCase{
		{"without a reading against if we do not receive",
			"Without a reading from you within two weeks of our request, your consumption is estimated from the last 12 months [1].",
			"If we do not receive your meter reading within 14 days of our request, we estimate your consumption based on your previous twelve months. You may have an estimated bill corrected free of charge once per calendar year.", false},
		{"a without inside the main clause states no condition",
			"You can open a chargeback in the app straight away, without contacting the merchant first [1].",
			"If you don't recognise a card payment, first contact the merchant. If the merchant does not respond within 14 days, you can open a chargeback in the app.", true},
	})
}

// A claim that restates an "unless" condition in other words, its figure
// in another unit and its verb in another person ("opzeggen kan tot een
// week voor" of "tenzij u het uiterlijk 7 dagen voor … opzegt"), and that
// leaves out a quantifier of the rule ("per maand" for "elke maand"),
// says what the chunk says.
func TestUnlessConditionRestatedInOtherWords(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"Dutch: restated with een week and the infinitive",
			"Uw abonnement verlengt zich automatisch per maand, dus zeg uiterlijk een week voor de verlengingsdatum op [1].",
			"Uw abonnement wordt elke maand automatisch verlengd, tenzij u het uiterlijk 7 dagen voor de verlengingsdatum opzegt.", false},
		{"French: restated with une semaine",
			"Votre abonnement se renouvelle automatiquement tous les mois ; vous pouvez résilier jusqu'à une semaine avant la date de renouvellement [1].",
			"Votre abonnement est renouvelé automatiquement chaque mois, sauf si vous le résiliez au moins 7 jours avant la date de renouvellement.", false},
	})
}

// A denial of the claim's words fails where the chunk's sentence denies
// something only in a clause of its own, after a contrast ("but not water
// damage") or a relative pronoun ("guests who do not arrive by car"); a
// denial said in the chunk's other words in the same clause still passes.
func TestDenialAgainstAnotherClausesDenial(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"not cover against covers … but not fails in English", "The warranty does not cover batteries [1].", "The warranty covers batteries but not water damage.", true},
		{"geen against dekt …, maar geen fails in Dutch", "De garantie dekt geen accu's [1].", "De garantie dekt accu's, maar geen waterschade.", true},
		{"ne couvre pas against couvre … mais pas fails in French", "La garantie ne couvre pas les batteries [1].", "La garantie couvre les batteries mais pas les dégâts des eaux.", true},
		{"not free against free for guests who do not fails in English", "Parking is not free [1].", "Parking is free for guests who do not arrive by car-sharing.", true},
		{"n'est pas gratuit against gratuit … qui ne … pas fails in French", "Le parking n'est pas gratuit [1].", "Le parking est gratuit pour les clients qui ne viennent pas en voiture.", true},
		{"no es gratuito against gratuito … que no fails in Spanish", "El aparcamiento no es gratuito [1].", "El aparcamiento es gratuito para los huéspedes que no llegan en coche.", true},
		{"niet gratis against gratis … die niet fails in Dutch", "Parkeren is niet gratis [1].", "Parkeren is gratis voor gasten die niet met de auto komen.", true},
		{"a denial in other words passes", "Refunds are not given for partial months [1].", "Partial months are not refunded.", false},
		{"a denial after a relative pronoun of the same words passes", "The fee is not refundable [1].", "Fees which have been paid are not refundable.", false},
	})
}

// "Even if" over the case an "unless" clause excepts turns it round.
func TestEvenIfOverAnUnlessCase(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"ook als against tenzij fails in Dutch", "Een jaarabonnement wordt automatisch verlengd, ook als u 30 dagen voor de verlengingsdatum opzegt [1].",
			"Een jaarabonnement wordt stilzwijgend met een jaar verlengd, tenzij u uiterlijk 30 dagen voor de verlengingsdatum opzegt.", true},
		{"auch wenn against es sei denn fails in German", "Ihr Jahresabo verlängert sich automatisch, auch wenn Sie 30 Tage vor dem Verlängerungsdatum kündigen [1].",
			"Ihr Jahresabo verlängert sich automatisch um ein Jahr, es sei denn, Sie kündigen spätestens 30 Tage vor dem Verlängerungsdatum.", true},
		{"the unless case kept passes", "Your annual plan renews automatically unless you cancel at least 30 days before the renewal date [1].",
			"Your annual plan renews automatically for another year unless you cancel at least 30 days before the renewal date.", false},
	})
}
