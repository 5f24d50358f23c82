package audit

import "testing"

// A period run from another event than the chunk runs it from, in words
// of no event group; faithful wordings of the same event pass.
func TestPeriodFromAnotherEvent(t *testing.T) {
	assertFlips(t, []flipCase{
		{"of your flight against of receiving the bag fails in English", "Claims must be submitted within seven days of your flight [1].",
			"Claims must be submitted within seven days of receiving the bag.", true},
		{"of receiving the offer against of accepting it fails in English", "You pay the deposit within 14 days of receiving the offer [1].",
			"A deposit is required within 14 days of accepting an offer.", true},
		{"after accepting the offer of its acceptance passes in English", "You have 14 days after accepting the offer to pay the deposit [1].",
			"The deposit is due within 14 days of acceptance of the offer.", false},
		{"suivant sa survenue against sa découverte fails in French", "Les dommages doivent être déclarés dans les 5 jours suivant sa survenue [1].",
			"Les dommages doivent être déclarés dans les 5 jours suivant sa découverte.", true},
		{"à compter de la date de la commande against de la livraison fails in French", "Vous pouvez vous rétracter dans un délai de 14 jours à compter de la date de la commande [1].",
			"Vous pouvez vous rétracter dans un délai de 14 jours à compter de la livraison du bien.", true},
		{"a word between the unit and its anchor fails in Spanish", "La tarjeta le llega por correo en un plazo de diez días hábiles desde la solicitud [1].",
			"Las tarjetas se envían por correo en un plazo de diez días hábiles desde la aprobación.", true},
		{"desde la solicitud against desde la aprobación fails in Spanish", "El reembolso se realiza en un plazo de 10 días desde la solicitud [1].",
			"El reembolso se realiza en un plazo de 10 días desde la aprobación.", true},
		{"na de aanvraag against na ingang fails in Dutch", "De vergoeding wordt binnen 30 dagen na de aanvraag uitbetaald [1].",
			"De vergoeding wordt binnen 30 dagen na ingang van de polis uitbetaald.", true},
		{"nach dem Umzug against nach Erhalt des Bescheids fails in German", "Der Antrag muss innerhalb von 4 Wochen nach dem Umzug gestellt werden [1].",
			"Der Antrag muss innerhalb von 4 Wochen nach Erhalt des Bescheids gestellt werden.", true},
		{"from the date of purchase against from purchase passes in English", "You can withdraw within 14 days from the date of purchase [1].",
			"You can withdraw within 14 days from purchase.", false},
		{"of noticing the loss against of discovering the loss passes in English", "You need to report a claim within 48 hours of noticing the loss or theft [1].",
			"Insurance claims must be reported within 48 hours of discovering the loss or theft, with a police reference for theft.", false},
		{"ab dem Kauf against ab Kaufdatum passes in German", "Die Garantie gilt 2 Jahre ab dem Kauf [1].", "Die Garantie beträgt 2 Jahre ab Kaufdatum.", false},
		{"30 days of free access names no event and passes in English", "We give you 30 days of free access [1].", "You get 30 days of free access after you sign up.", false},
		{"an event the chunk says in another passage passes in English", "You can file within one year of the publication date [1].",
			"You can file within one year of the first application. An inventor who publicly discloses the invention keeps that right.", false},
	})
}

// "Four weeks or longer" is a lower bound, as "from four weeks" is.
func TestOrLongerIsALowerBound(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"oder länger against ab passes in German", "Wer vier Wochen oder länger krank ist, erhält Krankengeld [1].",
			"Krankengeld erhalten Sie ab vier Wochen Krankheit.", false},
		{"or longer against from passes in English", "If you are ill for four weeks or longer, you get sick pay [1].",
			"You get sick pay from four weeks of illness.", false},
		{"another figure or longer fails in English", "If you are ill for two weeks or longer, you get sick pay [1].",
			"You get sick pay from four weeks of illness.", true},
	})
}

// Renewed against ended, refunded against charged, in the tables of
// every language.
func TestRenewedAgainstEndedAndRefundedAgainstCharged(t *testing.T) {
	assertFlips(t, []flipCase{
		{"verlängert against endet fails in German", "Das Probeabo verlängert sich nach vier Wochen automatisch, wenn Sie nicht kündigen [1].",
			"Das Probeabo endet automatisch nach vier Wochen; eine Kündigung ist nicht nötig.", true},
		{"se le devuelve against se cobra fails in Spanish", "Puede cancelar gratis hasta 24 horas antes; después se le devuelve el 50 % del alquiler [1].",
			"Puede cancelar gratis hasta 24 horas antes; después se cobra el 50 % del alquiler.", true},
		{"renews against ends fails in English", "The trial renews automatically after four weeks [1].", "The trial ends automatically after four weeks.", true},
		{"refunded against charged fails in English", "If you cancel later, 50% of the fee is refunded [1].", "If you cancel later, 50% of the fee is charged.", true},
		{"ends as the chunk says passes in German", "Das Probeabo endet nach vier Wochen automatisch [1].", "Das Probeabo endet automatisch nach vier Wochen.", false},
	})
}

// "hooguit" bounds from above as "maximaal" does.
func TestHooguitIsAnUpperBound(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"hooguit against maximaal passes in Dutch", "U mag uw abonnement eens per jaar voor hooguit drie maanden pauzeren [1].",
			"Uw abonnement kunt u één keer per jaar maximaal drie maanden pauzeren.", false},
		{"hooguit another figure fails in Dutch", "U mag uw abonnement eens per jaar voor hooguit vier maanden pauzeren [1].",
			"Uw abonnement kunt u één keer per jaar maximaal drie maanden pauzeren.", true},
	})
}

// At any time, where the chunk allows it only after a period.
func TestAnytimeAfterAPeriod(t *testing.T) {
	assertFlips(t, []flipCase{
		{"à tout moment against à tout moment après les trois premiers mois fails in French",
			"Vous pouvez résilier l'abonnement Max Actif à tout moment, sans frais [1].",
			"L'abonnement Max Actif est résiliable à tout moment après les trois premiers mois, sans frais.", true},
		{"at any time against after the first 3 months fails in English", "You can cancel your membership at any time [1].",
			"You can cancel your membership after the first 3 months.", true},
		{"the period said passes in English", "After the first three months you can cancel at any time [1].",
			"After the first three months you can cancel at any time.", false},
		{"another clause's period passes in English", "You can cancel your membership at any time [1].",
			"You can cancel your membership at any time; refunds are paid after 14 days.", false},
	})
}

// A debit card against a credit card.
func TestDebitAgainstCredit(t *testing.T) {
	assertFlips(t, []flipCase{
		{"débito against crédito fails in Spanish", "Puede recoger el coche con una tarjeta de débito a nombre del conductor principal [1].",
			"Para recoger el coche se necesita una tarjeta de crédito a nombre del conductor principal.", true},
		{"debit against credit fails in English", "You can pick up the car with a debit card in the main driver's name [1].",
			"To pick up the car you need a credit card in the main driver's name.", true},
		{"both cards said pass in English", "You can pay with a credit card or a debit card [1].", "You can pay with a credit card or a debit card.", false},
	})
}
