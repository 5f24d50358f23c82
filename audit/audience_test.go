package audit

import "testing"

// Who a rule is for, how far it reaches and how it changes are opposites
// in every language: adults against children, weekdays against
// weekends, national against international, to include against to
// exclude, a rise against a cut, quarterly against monthly.
func TestGroupsAndChangesOpposite(t *testing.T) {
	assertFlips(t, []flipCase{
		{"children for adults fails in English",
			"Children pay €12 for a day ticket [1].", "Adults pay €12 for a day ticket. Under-fives travel free.", true},
		{"international for national calls fails in English",
			"Calls to international numbers cost €0.25 a minute [1].", "Calls to national numbers cost €0.25 a minute. Texts are free.", true},
		{"exclude for include fails in English",
			"All prices exclude VAT [1].", "All prices include VAT. Shipping is extra.", true},
		{"quarterly for monthly fails in English",
			"Statements are sent quarterly [1].", "Statements are sent monthly. You can download them online.", true},
		{"Kinder for Erwachsene fails in German",
			"Kinder zahlen 12 € für eine Tageskarte [1].", "Erwachsene zahlen 12 € für eine Tageskarte. Kleinkinder fahren kostenlos.", true},
		{"gesenkt for angehoben fails in German",
			"Die Preise für Auslandsgespräche werden zum Jahreswechsel gesenkt [1].", "Die Preise für Auslandsgespräche werden zum Jahreswechsel angehoben.", true},
		{"se reducirá for se incrementará fails in Spanish",
			"El precio de la tarifa Móvil 50 GB se reducirá en 2 € en julio [1].", "El precio de la tarifa Móvil 50 GB se incrementará en 2 € en julio.", true},
		{"abaissé for relevé fails in French",
			"Le prix de l'abonnement sera abaissé de 15 € au 1er mars [1].", "Le prix de l'abonnement sera relevé de 15 € au 1er mars.", true},
		{"mayores de 26 for menores de 26 fails in Spanish",
			"Los mayores de 26 años pagan la mitad [1].", "Los menores de 26 años pagan la mitad.", true},
		{"ouder dan 26 for jonger dan 26 fails in Dutch",
			"Reizigers ouder dan 26 jaar krijgen korting [1].", "Reizigers jonger dan 26 jaar krijgen korting.", true},
		{"gesenkt for erhöht fails in German",
			"Der Monatsbeitrag für Mitglieder wird im Januar gesenkt [1].", "Der Monatsbeitrag für Mitglieder wird im Januar erhöht. Sie erhalten ein Schreiben.", true},
		{"gesenkt for erhöht fails in German, a day before its month in the sentence",
			"Der Beitrag wird zum 1. Januar gesenkt [1].", "Der Beitrag wird zum 1. Januar erhöht. Sie erhalten ein Schreiben.", true},
		{"verlaagd for verhoogd fails in Dutch",
			"De premie wordt per 1 januari verlaagd [1].", "De premie wordt per 1 januari verhoogd. U ontvangt een brief.", true},
		{"baissera for augmentera fails in French",
			"Le tarif baissera le 1er janvier [1].", "Le tarif augmentera le 1er janvier. Vous recevrez un courrier.", true},
		{"bajará for subirá fails in Spanish",
			"La cuota bajará el 1 de enero [1].", "La cuota subirá el 1 de enero. Recibirá una carta.", true},
		{"every month for every quarter fails in English",
			"The invoice is sent every month [1].", "The invoice is sent every quarter. It lists all usage.", true},
		{"cada mes for cada trimestre fails in Spanish",
			"La factura se emite cada mes [1].", "La factura se emite cada trimestre. Incluye todo el consumo.", true},
		{"go down for go up fails in English",
			"From January the Team plan will go down by €2 per user [1].", "From January the Team plan will go up by €2 per user. Existing contracts are included.", true},
		{"fällt for steigt fails in German",
			"Der Grundpreis fällt im Januar um 3 € [1].", "Der Grundpreis steigt im Januar um 3 €. Bestandsverträge sind betroffen.", true},
		{"of the invoice date for of delivery fails in English",
			"You can return the item within 30 days of the invoice date [1].", "You can return the item within 30 days of delivery. Refunds are paid to your card.", true},
		{"Höchstbestellmenge for Mindestbestellmenge fails in German",
			"Die Höchstbestellmenge liegt bei 10 Paketen [1].", "Die Mindestbestellmenge liegt bei 10 Paketen. Größere Mengen liefern wir auf Anfrage.", true},
		{"maximumbedrag for minimumbedrag fails in Dutch",
			"Het maximumbedrag is 500 euro per jaar [1].", "Het minimumbedrag is 500 euro per jaar. Daarboven betaalt u niets extra.", true},
		{"the same compound passes in German",
			"Die Mindestbestellmenge liegt bei 10 Paketen [1].", "Die Mindestbestellmenge beträgt 10 Pakete. Größere Mengen liefern wir auf Anfrage.", false},
		{"los adultos for los niños menores de 12 años fails in Spanish, the words beside each differing",
			"Los adultos tienen un 50 % de descuento en el billete de ferry [1].", "Los niños menores de 12 años tienen un 50 % de descuento en el billete de ferry.", true},
		{"the same group passes",
			"Adults pay €12 for a day ticket [1].", "A day ticket costs adults €12. Under-fives travel free.", false},
	})
}
