package audit

import "testing"

// A thing the chunk names only to deny it, said by the claim as the
// window says it of others; faithful sentences about such a thing pass.
func TestExcludedElsewhere(t *testing.T) {
	const pets = "Cats and dogs may travel in the car in a closed carrier. Rabbits and birds are not allowed."
	const glasses = "Glasses are covered up to €100 per year. Contact lenses are not covered."
	assertFlips(t, []flipCase{
		{"rabbits where only cats and dogs may travel fails in English", "Rabbits may travel in the car in a closed carrier [1].", pets, true},
		{"rabbits added to the list fails in English", "Cats, dogs and rabbits may travel in the car in a closed carrier [1].", pets, true},
		{"cats and dogs pass in English", "Cats and dogs may travel in the car in a closed carrier [1].", pets, false},
		{"rabbits not allowed passes in English", "Rabbits are not allowed in the car [1].", pets, false},
		{"Norway where not shipped to fails in English", "We ship to Norway within five working days [1].",
			"We ship to all EU countries within five working days. We do not ship to Norway or Switzerland.", true},
		{"contact lenses where not covered fail in English", "Contact lenses are covered up to €100 per year [1].", glasses, true},
		{"glasses pass in English", "Glasses are covered up to €100 per year [1].", glasses, false},
		{"die Schweiz where not shipped to fails in German", "Wir versenden auch in die Schweiz innerhalb von fünf Werktagen [1].",
			"Wir versenden in alle EU-Länder innerhalb von fünf Werktagen. In die Schweiz und nach Norwegen versenden wir nicht.", true},
		{"konijnen where not allowed fails in Dutch", "Konijnen mogen in een gesloten reismand mee in de auto [1].",
			"Katten en honden mogen in een gesloten reismand mee in de auto. Konijnen en vogels zijn niet toegestaan.", true},
		{"les lapins where not admitted fails in French", "Les lapins peuvent voyager dans la voiture dans une caisse fermée [1].",
			"Les chats et les chiens peuvent voyager dans la voiture dans une caisse fermée. Les lapins et les oiseaux ne sont pas admis.", true},
		{"los conejos where not allowed fails in Spanish", "Los conejos pueden viajar en el coche en un transportín cerrado [1].",
			"Los perros y los gatos pueden viajar en el coche en un transportín cerrado. Los conejos y los pájaros no están permitidos.", true},
		// Another denial about the thing is no exclusion of it.
		{"express orders where they need no signature pass in English", "Express orders placed before noon ship the same day [1].",
			"Orders placed before noon ship the same day. Express orders do not need a signature.", false},
		{"the support team where it does not work Sundays passes in English", "Our support team answers chats within two hours [1].",
			"We answer chats within two hours. The support team does not work on Sundays.", false},
		{"das Paket where not delivered to lockers passes in German", "Das Paket wird innerhalb von zwei Werktagen zugestellt [1].",
			"Wir liefern innerhalb von zwei Werktagen. Das Paket wird nicht an Packstationen zugestellt.", false},
		{"a thing also named without a denial passes in English", "We ship to Norway within five working days [1].",
			"We ship to all EU countries and Norway within five working days. Customs fees for Norway are not included.", false},
		{"theft limited to Premium in another sentence fails in German", "Die Handyversicherung deckt Displaybruch, Wasserschäden und Diebstahl [1].",
			"Die Handyversicherung deckt Displaybruch und Wasserschäden. Diebstahl ist nur im Tarif Premium versichert.", true},
		{"the limit said passes in English", "On the Premium plan, the phone insurance also covers theft [1].",
			"The phone insurance covers cracked screens and water damage. Theft is covered only on the Premium plan.", false},
		{"not only adds and passes in English", "Orders ship within two days and can be tracked online [1].",
			"Orders ship within two days. Tracking not only works online but also offers alerts.", false},
		{"an exception of the claim's own passes in English", "We ship to all EU countries except Norway within five working days [1].",
			"We ship to all EU countries within five working days. We do not ship to Norway or Switzerland.", false},
	})
}

// Said of all of a kind the window never names, where the window says it
// of another group.
func TestGroupWidened(t *testing.T) {
	assertFlips(t, []flipCase{
		{"alle Kunden against Mitglieder fails in German", "Alle Kunden haben 60 Tage Rückgaberecht [1].",
			"Mitglieder des Treueprogramms erhalten 60 Tage Rückgaberecht statt 30 Tage.", true},
		{"all customers against Premium members fails in English", "All customers get free express shipping [1].", "Premium members get free express shipping.", true},
		{"tous les clients against les abonnés fails in French", "Tous les clients bénéficient de la livraison gratuite [1].",
			"Les abonnés Premium bénéficient de la livraison gratuite.", true},
		{"all customers against you passes in English", "All customers have 60 days to return items [1].", "You have 60 days to return items.", false},
		{"all orders against orders passes in English", "All orders ship within two days [1].", "Orders ship within two days.", false},
		{"jede Einzahlung against a compound ending in it passes in German", "Am Schalter kostet jede Einzahlung 5 Euro [1].",
			"Bareinzahlungen am Schalter kosten 5 Euro.", false},
		{"all customers against everyone passes in English", "All customers get free express shipping [1].", "Express shipping is free for everyone.", false},
		{"alle Mitglieder des Treueprogramms against the same group passes in German", "Alle Mitglieder des Treueprogramms haben 60 Tage Rückgaberecht [1].",
			"Mitglieder des Treueprogramms erhalten 60 Tage Rückgaberecht statt 30 Tage.", false},
		{"elke betaalpas against een betaalpas kost passes in Dutch", "Voor elke betaalpas betaalt u €2,50 per maand [1].",
			"Een betaalpas kost €2,50 per maand per pas.", false},
		{"all drivers against drivers aged 25 to 70 still fails in English", "Rental car excess is reimbursed up to €1,000 for all drivers [1].",
			"Rental car excess is reimbursed up to €1,000 for drivers aged 25 to 70.", true},
		{"elk 40% korting gives each a value and passes in Dutch", "Buiten de spits krijgen u en uw medereiziger elk 40% korting op een dagretour als u samen reist [1].",
			"Reist u samen met een medereiziger, dan krijgen u beiden 40% korting op een dagretour buiten de spits.", false},
		{"jeder Gast against pro Person passes in German", "Jeder Gast zahlt für jede Nacht 2,50 € Kurtaxe [1].",
			"Die Kurtaxe von 2,50 € wird pro Person und Nacht berechnet.", false},
	})
}

// A thing the claim calls unlimited or free where another part of the
// window's sentence prices it fails, in English and Spanish; priced
// nowhere, it passes.
func TestUnlimitedWhereAnotherPartPricesIt(t *testing.T) {
	assertFlips(t, []flipCase{
		{"unlimited calls to mobiles against a part pricing mobiles",
			"The Flex plan includes unlimited texts to mobiles [1].", "The Flex plan includes unlimited texts to landlines; texts to mobiles cost 8p each.", true},
		{"ilimitadas a móviles against las llamadas a móviles cuestan",
			"La tarifa Hogar incluye llamadas ilimitadas a móviles [1].", "La tarifa Hogar incluye llamadas ilimitadas a fijos; las llamadas a móviles cuestan 9 céntimos por minuto.", true},
		{"a part naming the thing without a price passes",
			"The Flex plan includes unlimited texts to mobiles [1].", "The Flex plan includes unlimited texts to landlines; texts to mobiles are included as well.", false},
	})
}

// A figure given to each of a kind where the window gives it to share.
func TestSharedGivenEach(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"each member against shared by all members fails in English", "Each member gets 100 GB of storage on the Pro plan [1].",
			"Storage is 100 GB per workspace on the Pro plan, shared by all members.", true},
		{"à chacune against partager entre fails in French", "Le forfait Famille offre 200 Go à chacune des quatre lignes [1].",
			"Le forfait Famille permet de partager 200 Go entre quatre lignes au maximum.", true},
		{"jedes Familienmitglied against geteilt fails in German", "Jedes Familienmitglied bekommt 50 GB Datenvolumen [1].",
			"Die 50 GB Datenvolumen werden von allen Familienmitgliedern geteilt.", true},
		{"each member against across the whole household fails in English", "Each member of the Family plan can play up to 4 streams at the same time [1].",
			"Up to 4 streams can play at the same time across the whole household.", true},
		{"pro Jahr against insgesamt fails in German", "In den ersten zwei Jahren erstattet ZahnPlus höchstens 1.000 € pro Jahr [1].",
			"In den ersten zwei Jahren ist die Erstattung auf insgesamt 1.000 € begrenzt.", true},
		{"per month against per month in total passes in English", "The plan costs €5 per month [1].", "In total the plan costs €5 per month.", false},
		{"members share passes in English", "All members share 100 GB of storage on the Pro plan [1].",
			"Storage is 100 GB per workspace on the Pro plan, shared by all members.", false},
		{"sharing in another part passes in English", "Every user gets 10 GB [1].", "Users get 10 GB; files can be shared with anyone.", false},
		{"each member against each team sharing fails in English", "Each member of a design team has a 500 GB quota on the shared drive [1].",
			"Each design team shares a single 500 GB quota on the shared drive.", true},
		{"each member against each member not sharing passes in English", "Each member has 500 GB of storage [1].",
			"Each member has 500 GB of storage, which is not shared with the team.", false},
	})
}

// The renter as the customer party, against "we".
func TestRenterIsTheCustomerParty(t *testing.T) {
	assertFlips(t, []flipCase{
		{"wij against de huurder fails in Dutch", "Bij schade door eigen schuld betalen wij de reparatie [1].",
			"Bij schade door eigen schuld betaalt de huurder de reparatie.", true},
		{"the renter against we fails in English", "If the bike is damaged through your own fault, we pay for the repair [1].",
			"If the bike is damaged through your own fault, the renter pays for the repair.", true},
		{"de huurder as the chunk says passes in Dutch", "Bij schade door eigen schuld betaalt de huurder de reparatie [1].",
			"Bij schade door eigen schuld betaalt de huurder de reparatie.", false},
	})
}

// "noch" negates after "weder" only.
func TestWederNoch(t *testing.T) {
	const sale = "Reduzierte Artikel können weder umgetauscht noch zurückgegeben werden."
	assertFlips(t, []flipCase{
		{"returned where neither exchanged nor returned fails in German", "Reduzierte Artikel können zurückgegeben werden [1].", sale, true},
		{"neither nor said passes in German", "Reduzierte Artikel können weder umgetauscht noch zurückgegeben werden [1].", sale, false},
		{"noch alone is still and passes in German", "Das Paket ist noch unterwegs [1].", "Das Paket ist noch unterwegs.", false},
	})
}

// A thing the chunk gives a figure of its own, given the claim's.
func TestValuedOtherwise(t *testing.T) {
	assertFlips(t, []flipCase{
		{"phones and laptops under the luggage limit fail in Dutch", "Uw bagage is verzekerd tot €3.000 per persoon, ook telefoons en laptops [1].",
			"Bagage is verzekerd tot €3.000 per persoon. Voor telefoons en laptops geldt een maximum van €750 per reis.", true},
		{"a thing said apart from the figure passes in English", "Shipping costs €5 and express delivery is available [1].",
			"Shipping costs €5. Express delivery costs €10.", false},
		{"the luggage limit alone passes in English", "Luggage is insured up to €3,000 per person [1].",
			"Luggage is insured up to €3,000 per person. For phones and laptops the maximum is €750 per trip.", false},
		{"phones and laptops under the luggage limit fail in English", "Your luggage is insured up to €3,000 per person, phones and laptops included [1].",
			"Luggage is insured up to €3,000 per person. For phones and laptops the maximum is €750 per trip.", true},
		{"a verb the chunk says with another figure is no thing valued otherwise in English",
			"International students also pay a £2,000 deposit within two weeks of accepting, which is taken off their first-year tuition [1].",
			"Tuition for home students is £9,250 per year; international students pay £21,500 per year. A deposit of £2,000 is required from international students within 14 days of accepting an offer; it is deducted from the first year's tuition.", false},
	})
}

// A modal opposes another only of one act; a claim saying the limit a
// chunk's "only" gives is no exclusion.
func TestModalsOfOneActAndLimitsSaid(t *testing.T) {
	assertFlips(t, []flipCase{
		{"can bring a guest against guests must be over 18 passes in English",
			"As a Premium member you can bring a guest free once a month, provided the guest is over 18 and shows photo ID [1].",
			"Premium members may bring one guest per month free of charge. Guests must be over 18 and show photo ID.", false},
		{"can cancel against must cancel fails in English", "You can cancel online [1].", "You must cancel online.", true},
		{"kunnen pas against moeten uiterlijk fails in Dutch", "Declaraties kunnen pas 3 maanden na de behandeldatum worden ingediend [1].",
			"Declaraties moeten uiterlijk 3 maanden na de behandeldatum worden ingediend.", true},
		{"the sauna reserved for Premium members passes in English",
			"With a day pass (£12) you can use the gym floor and group classes, but the sauna is reserved for Premium members [1].",
			"A day pass costs £12 and gives access to the gym floor and group classes. The sauna is only included with a Premium membership.", false},
	})
}

// Below a close match, a claim all of whose words the chunk holds, one of
// them only where a part of the sentence denies it, is excluded too.
func TestExcludedBelowCloseMatch(t *testing.T) {
	assertFlips(t, []flipCase{
		{"lunch said included against lunch is not included fails in English", "Half board includes lunch [1].",
			"Half board includes breakfast and dinner; lunch is not included.", true},
		{"breakfast said included against the same sentence passes in English", "Half board includes breakfast [1].",
			"Half board includes breakfast and dinner; lunch is not included.", false},
	})
}
