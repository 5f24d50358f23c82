package audit

import "testing"

// What the claim says can be done fails against a chunk that denies it
// with a negated word of [permission] ("not possible", "do not accept"),
// in every language, when the denial names nothing the claim does not;
// a claim of what the chunk grants beside the denial passes.
func TestDeniedPossibility(t *testing.T) {
	assertFlips(t, []flipCase{
		{"can against 'not possible' of the claim's channel fails in English",
			"You can renew your parking permit by post [1].", "You can renew your parking permit online; renewals by post are not possible.", true},
		{"can against 'not possible' of the claim's registration fails in English, the claim saying its verb",
			"You can register by post [1].", "You can register online; registration by post is not possible.", true},
		{"can against 'we do not accept' of the claim's thing fails in English",
			"You can pay the deposit in cash [1].", "The deposit can be paid by card. We do not accept cash.", true},
		{"a denial alone, worded apart from the claim, still fails in English",
			"You can cancel a table booking by fax [1].", "Cancelling a table booking by fax is not possible.", true},
		{"kunt against 'niet mogelijk' fails in Dutch",
			"Je kunt je afspraak via de app verzetten [1].", "Je kunt je afspraak telefonisch verzetten; verzetten via de app is niet mogelijk.", true},
		{"accepteren we niet, verb-final, fails in Dutch",
			"Je kunt het entreebewijs met contant geld betalen [1].", "Je kunt het entreebewijs met een pinpas betalen. Contant geld accepteren we niet.", true},
		{"können against 'nicht möglich' fails in German",
			"Sie können die Reservierung per Fax stornieren [1].", "Sie können die Reservierung online stornieren. Eine Stornierung per Fax ist nicht möglich.", true},
		{"pouvez against 'ne sont pas acceptées' fails in French",
			"Vous pouvez régler la cotisation en espèces [1].", "Vous pouvez régler la cotisation par carte. Les espèces ne sont pas acceptées.", true},
		{"puede against 'no es posible' fails in Spanish",
			"Puede cambiar la cita por correo electrónico [1].", "Puede cambiar la cita por teléfono; no es posible cambiar la cita por correo electrónico.", true},
		{"what the chunk grants beside the denial passes",
			"You can renew your parking permit online [1].", "You can renew your parking permit online; renewals by post are not possible.", false},
		{"a denial qualified by a word the claim does not say passes",
			"You can return items within 30 days [1].", "Returns after 30 days are not possible.", false},
		{"a denial that names something more passes",
			"You can return the item by post [1].", "You can return most items by post. Returns by post are not possible for furniture.", false},
		{"a claim that denies too is left to the negation check",
			"You cannot renew your parking permit by post [1].", "You can renew your parking permit online; renewals by post are not possible.", false},
	})
}

// "one", and "a" or "an" after a word opening a period, before a unit of
// time are a weak one in English, as "eines Arbeitstages" is in German:
// they fail against another number of the unit and pass against the same
// duration otherwise written; a rate ("24 hours a day") is no one.
func TestArticleOnes(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"one working day against four fails",
			"Tickets are emailed within one working day [1].", "Tickets are emailed within four working days.", true},
		{"a month against three months fails",
			"Your deposit is returned within a month [1].", "Your deposit is returned within three months.", true},
		{"a month against 30 days passes",
			"Your deposit is returned within a month [1].", "Your deposit is returned within 30 days.", false},
		{"one working day against the same passes",
			"Tickets are emailed within one working day [1].", "Tickets are emailed within one working day of booking.", false},
		{"a rate is no one",
			"The helpdesk is staffed 24 hours a day [1].", "The helpdesk is staffed 24 hours a day, 7 days a week.", false},
		{"a rate after a count is no one",
			"Take two tablets a day for 5 days [1].", "Take two tablets a day for 5 days, then stop.", false},
		{"a chunk's own 'up to a week' states it",
			"Snow may delay deliveries by up to a week [1].", "Snow may delay deliveries by up to a week. Refunds take 5 days.", false},
		{"one extra seat against four extra seats fails",
			"The Team plan includes one extra seat at no cost [1].", "The Team plan includes four extra seats at no cost.", true},
		{"one extra seat against one extra seat passes",
			"The Team plan includes one extra seat at no cost [1].", "The Team plan includes one extra seat at no cost; further seats cost 5 each.", false},
		{"one as a pronoun is no count",
			"One of our agents will call you back [1].", "Our 12 agents will call you back within the hour.", false},
		{"eines Arbeitstages against drei Arbeitstagen fails in German",
			"Sie erhalten das Etikett innerhalb eines Arbeitstages [1].", "Sie erhalten das Etikett innerhalb von drei Arbeitstagen.", true},
	})
}

// A comparison fails when its word is turned ("less" for "more") or its
// sides are swapped, the subject standing far before "than"; both at once
// say the same and pass.
func TestComparisons(t *testing.T) {
	assertFlips(t, []flipCase{
		{"sides swapped around a long comparison fail in English",
			"The Family plan has a lower monthly fee than the Solo plan [1].", "The Solo plan has a lower monthly fee than the Family plan.", true},
		{"sides swapped and the comparison turned pass in English",
			"The Family plan has a higher monthly fee than the Solo plan [1].", "The Solo plan has a lower monthly fee than the Family plan.", false},
		{"less than against more than fails in English",
			"Parcel lockers cost less than home delivery [1].", "Parcel lockers cost more than home delivery.", true},
		{"less than with the sides swapped passes in English",
			"Home delivery costs less than parcel lockers [1].", "Parcel lockers cost more than home delivery.", false},
		{"moins cher against plus cher fails in French",
			"Le forfait mensuel est moins cher que le forfait annuel [1].", "Le forfait mensuel est plus cher que le forfait annuel.", true},
		{"moins cher with the sides swapped passes in French",
			"Le forfait annuel est moins cher que le forfait mensuel [1].", "Le forfait mensuel est plus cher que le forfait annuel.", false},
		{"sides swapped around lagere fail in Dutch",
			"Het Gezin-abonnement heeft een lagere maandprijs dan het Solo-abonnement [1].", "Het Solo-abonnement heeft een lagere maandprijs dan het Gezin-abonnement.", true},
		{"höhere for niedrigere with the sides swapped passes in German",
			"Der Tarif Klein hat eine höhere Grundgebühr als der Tarif Groß [1].", "Der Tarif Groß hat eine niedrigere Grundgebühr als der Tarif Klein.", false},
		{"cuesta menos against cuesta más fails in Spanish",
			"El envío urgente cuesta menos que el envío normal [1].", "El envío urgente cuesta más que el envío normal.", true},
	})
}

// A status for its opposite fails in every language: included against a
// paid add-on, permanently against temporarily, required against optional
// or recommended, a refund against "excludes"; Dutch "voor" is "before"
// right after a unit of time. A word turned in a sentence that holds all
// the claim's other words fails though the 4-grams lie apart.
func TestStatusOpposites(t *testing.T) {
	assertFlips(t, []flipCase{
		{"included against a paid add-on fails in English",
			"Priority boarding is included in the Plus fare [1].", "Priority boarding is available on the Plus fare as a paid add-on for €12.", true},
		{"permanently against temporarily fails in English, the window a clause longer",
			"Your account has been permanently suspended [1].", "Your account has been temporarily suspended after three failed log-ins.", true},
		{"required against recommended fails in English",
			"A helmet is required for all riders [1].", "A helmet is recommended for all riders.", true},
		{"a refund against 'excludes' fails in English",
			"We refund the booking fee [1].", "Refund amounts exclude the booking fee.", true},
		{"verplicht against vrijwillig fails in Dutch",
			"Een reisverzekering is verplicht [1].", "Een reisverzekering is vrijwillig.", true},
		{"na against voor after a unit of time fails in Dutch",
			"Omboeken kan tot 24 uur na vertrek [1].", "Omboeken kan tot 24 uur voor vertrek.", true},
		{"voor as 'for' is no 'before' in Dutch",
			"Het abonnement kost 10 euro per maand voor studenten [1].", "Voor studenten kost het abonnement 10 euro per maand.", false},
		{"dauerhaft against vorübergehend fails in German",
			"Der Zugang wurde dauerhaft gesperrt [1].", "Der Zugang wurde vorübergehend gesperrt.", true},
		{"enthalten against Aufpreis fails in German",
			"Das Frühstück ist im Zimmerpreis enthalten [1].", "Das Frühstück ist zum Zimmerpreis gegen Aufpreis von 15 € buchbar.", true},
		{"facultatif against obligatoire fails in French",
			"Le casque est facultatif pour ce parcours [1].", "Le casque est obligatoire pour ce parcours.", true},
		{"définitivement against temporairement fails in French",
			"Votre compte est fermé définitivement [1].", "Votre compte est fermé temporairement.", true},
		{"incluida against extra fails in Spanish",
			"La maleta facturada está incluida en la tarifa Básica [1].", "La maleta facturada se puede añadir a la tarifa Básica como extra por 25 €.", true},
		{"from a date against by it fails in English",
			"Applications are accepted from 30 June 2027 [1].", "Applications must reach us by 30 June 2027.", true},
		{"a partir de against hasta fails in Spanish",
			"Puede solicitar el reembolso a partir del 30 de junio de 2027 [1].", "Puede solicitar el reembolso hasta el 30 de junio de 2027.", true},
		{"the same status passes",
			"Your account has been temporarily suspended [1].", "Your account has been temporarily suspended after three failed log-ins.", false},
	})
}

// "each user" says what "per user" says, and "every month" names a
// period, not a kind with members: neither is said of all where the
// chunk says it of some.
func TestDistributivesAreUniversal(t *testing.T) {
	assertFlips(t, []flipCase{
		{"each user against per user passes in English",
			"On the Family plan, each member is billed €4 a month [1].", "The Family plan costs €4 per member per month.", false},
		{"elke gebruiker against per gebruiker passes in Dutch",
			"Voor elke deelnemer betaal je bij het Groepsabonnement €4 per maand [1].", "Het Groepsabonnement kost €4 per deelnemer per maand.", false},
		{"jeden Nutzer against pro Nutzer passes in German",
			"Im Familientarif zahlen Sie für jedes Mitglied 4 € im Monat [1].", "Der Familientarif kostet 4 € pro Mitglied und Monat.", false},
		{"elke maand against de maand passes in Dutch",
			"We incasseren de bijdrage op de eerste werkdag van elke maand [1].", "De bijdrage wordt op de eerste werkdag van de maand geïncasseerd.", false},
		{"all plans against two named plans still fails",
			"All plans include phone support [1].", "The Pro and Business plans include phone support.", true},
	})
}

// "until" bounds a figure as "up to" does, as "tot", "bis" and "hasta"
// do in the other languages.
func TestUntilIsAnUpperBound(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"until against up to passes",
			"Free changes are possible until 48 hours before the event [1].", "You can change your booking free of charge up to 48 hours before the event.", false},
		{"more than against up to still fails",
			"Free changes are possible more than 48 hours before the event [1].", "You can change your booking free of charge up to 48 hours before the event.", true},
	})
}

// A rate of another unit after the same figure fails in every language:
// "per account" for "per user", "pro Buchung" for "pro Person"; the same
// rate otherwise worded passes.
func TestRatesOfAnotherUnit(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"per household against per member fails in English",
			"The Family plan costs €15 per household per month [1].", "The Family plan costs €15 per member per month.", true},
		{"per year against per stay fails in English",
			"Emergency care abroad is covered up to €50,000 per year [1].", "Emergency care abroad is covered up to €50,000 per stay.", true},
		{"per apparaat against per gebruiker fails in Dutch",
			"Het Gezin-abonnement kost €15 per apparaat per maand [1].", "Het Gezin-abonnement kost €15 per gebruiker per maand.", true},
		{"pro Zimmer against pro Person fails in German",
			"Das Frühstück kostet 18 € pro Zimmer [1].", "Das Frühstück kostet 18 € pro Person.", true},
		{"par chambre against par personne fails in French",
			"Le petit-déjeuner coûte 18 € par chambre [1].", "Le petit-déjeuner coûte 18 € par personne.", true},
		{"por habitación against por persona fails in Spanish",
			"El desayuno cuesta 18 € por habitación [1].", "El desayuno cuesta 18 € por persona.", true},
		{"the same rate passes",
			"Each member pays €15 per month on the Family plan [1].", "The Family plan costs €15 per member per month.", false},
		{"a rate after another figure is left alone",
			"Breakfast costs €18 per room [1].", "Breakfast costs €18. Parking costs €10 per day.", false},
	})
}

// A channel for another the chunk names of the same thing fails in every
// language ("by phone" where the chunk says "online or by post"); a
// channel the chunk names among others passes.
func TestChannels(t *testing.T) {
	assertFlips(t, []flipCase{
		{"by phone against online or by post fails in English",
			"You can renew your season ticket by phone [1].", "You can renew your season ticket online or by post.", true},
		{"telefonisch against online of schriftelijk fails in Dutch",
			"Je kunt je lidmaatschap telefonisch stopzetten [1].", "Je kunt je lidmaatschap online of schriftelijk stopzetten.", true},
		{"telefonisch against online oder schriftlich fails in German",
			"Sie können die Mitgliedschaft telefonisch beenden [1].", "Sie können die Mitgliedschaft online oder schriftlich beenden.", true},
		{"par téléphone against en ligne fails in French",
			"Vous pouvez renouveler votre abonnement par téléphone [1].", "Vous pouvez renouveler votre abonnement en ligne ou par courrier.", true},
		{"por teléfono against en línea fails in Spanish",
			"Puede renovar su abono por teléfono [1].", "Puede renovar su abono en línea o por correo.", true},
		{"a channel the chunk names among others passes",
			"You can renew your season ticket online [1].", "You can renew your season ticket online or by post.", false},
	})
}

// "fully" where the chunk bounds the same thing from above fails in every
// language; "fully" where the chunk says it passes.
func TestFullyAgainstABound(t *testing.T) {
	assertFlips(t, []flipCase{
		{"fully reimbursed against up to 80 % fails in English",
			"Physiotherapy is fully reimbursed [1].", "Physiotherapy is reimbursed up to 80% of the cost.", true},
		{"volledig vergoed against tot maximaal fails in Dutch",
			"Een gehoorapparaat wordt volledig vergoed [1].", "Een gehoorapparaat wordt vergoed tot maximaal €500 per vijf jaar.", true},
		{"vollständig erstattet against bis zu fails in German",
			"Die Brille wird vollständig erstattet [1].", "Die Brille wird bis zu 150 € erstattet.", true},
		{"a claim that keeps the bound passes",
			"Een gehoorapparaat wordt volledig vergoed tot €500 [1].", "Een gehoorapparaat wordt vergoed tot maximaal €500 per vijf jaar.", false},
		{"a bound of time bounds when, not how much",
			"Tickets are fully refundable up to 24 hours before departure [1].", "Tickets are refundable up to 24 hours before departure.", false},
		{"fully reimbursed against fully reimbursed passes",
			"Physiotherapy is fully reimbursed [1].", "Physiotherapy is fully reimbursed, up to 20 sessions a year.", false},
	})
}
