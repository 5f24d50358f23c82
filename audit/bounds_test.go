package audit

import (
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// A figure the chunk bounds ("up to", "from", a range's end) stated
// without its bound, or with the opposite one, fails as number_mismatch
// in every language; the same bound in other words passes.
func TestBoundDropped(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"a plain amount for up to fails in English",
			"The compensation is €600 [1].", "The compensation is up to €600, depending on the flight distance.", true},
		{"a plain percentage for up to fails in English",
			"You get 50% off all winter jackets [1].", "You get up to 50% off winter jackets.", true},
		{"a plain percentage for bis zu fails in German",
			"Sie erhalten 50 % Rabatt auf alle Winterjacken [1].", "Sie erhalten bis zu 50 % Rabatt auf Winterjacken.", true},
		{"a plain percentage for jusqu'à fails in French",
			"Vous bénéficiez de 50 % de remise sur toutes les vestes d'hiver [1].", "Vous bénéficiez de jusqu'à 50 % de remise sur les vestes d'hiver.", true},
		{"a plain percentage for hasta fails in Spanish",
			"Tiene un 50 % de descuento en todas las chaquetas de invierno [1].", "Tiene hasta un 50 % de descuento en chaquetas de invierno.", true},
		{"a plain percentage for tot fails in Dutch",
			"U krijgt 50% korting op alle winterjassen [1].", "U krijgt tot 50% korting op winterjassen.", true},
		{"a plain price for from fails in English",
			"The plan costs €9.99 per month [1].", "Plans start from €9.99 per month.", true},
		{"a plain price for ab fails in German",
			"Der Tarif kostet 9,99 € im Monat [1].", "Tarife gibt es ab 9,99 € im Monat.", true},
		{"a plain price for à partir de fails in French",
			"L'abonnement coûte 9,99 € par mois [1].", "L'abonnement est disponible à partir de 9,99 € par mois.", true},
		{"a plain price for desde fails in Spanish",
			"El plan cuesta 9,99 € al mes [1].", "El plan cuesta desde 9,99 € al mes.", true},
		{"a plain price for vanaf fails in Dutch",
			"Het abonnement kost 9,99 euro per maand [1].", "Het abonnement kost vanaf 9,99 euro per maand.", true},
		{"up to for bis zu passes across languages",
			"You get up to 50% off winter jackets [1].", "Sie erhalten bis zu 50 % Rabatt auf Winterjacken.", false},
		{"up to for up to passes in English",
			"You get up to 50% off winter jackets [1].", "You get up to 50% off winter jackets.", false},
		{"from for starting at passes in English",
			"The plan costs from €9.99 per month [1].", "Plans are starting at €9.99 per month.", false},
		{"a plain figure the chunk also states plainly passes",
			"The fee is €600 [1].", "The fee is €600. Refunds of up to €600 are possible.", false},
		{"a plain figure for more than passes, as people read it",
			"Skiing was practised 100 centuries ago in China [1].", "Skiing may have been practised more than 100 centuries ago in China.", false},
		{"a plain figure for less than passes, as people read it",
			"Normal matter makes up 5% of the universe [1].", "All normal matter adds up to less than 5% of the universe.", false},
		{"a figure written twice passes when once with its bound",
			"Citizens aged 16 and over can vote, so the voting age is 16 [1].", "The franchise extends to all citizens aged 16 and over.", false},
		{"a plain period for within passes in English",
			"You have 14 days to return an item [1].", "Items can be returned within 14 days.", false},
		{"the bound as an adjective of the thing passes in English",
			"The minimum term is 18 months [1].", "Fibre 500 costs £32 a month on an 18-month minimum term.", false},
		{"the thing without its bound still fails in English",
			"The term is 18 months [1].", "Fibre 500 costs £32 a month on an 18-month minimum term.", true},
		{"the other bound as an adjective fails in English",
			"The maximum term is 18 months [1].", "Fibre 500 costs £32 a month on an 18-month minimum term.", true},
		{"a bound adjective against up to fails in English",
			"The minimum term is 18 months [1].", "The contract runs for up to 18 months.", true},
	})
}

// A range collapsed to one of its ends fails; the range in other words,
// or its top as an upper bound ("within 5 days" of "3 to 5 days"),
// passes.
func TestRangeCollapsed(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"the low end of to fails in English",
			"Delivery takes 3 business days [1].", "Delivery takes 3 to 5 business days.", true},
		{"the high end of a dash fails in English",
			"Delivery takes 5 business days [1].", "Delivery takes 3–5 business days.", true},
		{"an end of between fails in English",
			"The repair costs €150 [1].", "The repair costs between €80 and €150.", true},
		{"the low end of bis fails in German",
			"Die Lieferung dauert 3 Werktage [1].", "Die Lieferung dauert 3 bis 5 Werktage.", true},
		{"an end of zwischen fails in German",
			"Die Reparatur kostet 150 € [1].", "Die Reparatur kostet zwischen 80 und 150 €.", true},
		{"the low end of à fails in French",
			"La livraison prend 3 jours ouvrés [1].", "La livraison prend de 3 à 5 jours ouvrés.", true},
		{"the low end of a fails in Spanish",
			"La entrega tarda 3 días hábiles [1].", "La entrega tarda de 3 a 5 días hábiles.", true},
		{"the low end of tot fails in Dutch",
			"De levering duurt 3 werkdagen [1].", "De levering duurt 3 tot 5 werkdagen.", true},
		{"a dash for to passes in English",
			"Delivery takes 3–5 business days [1].", "Delivery takes 3 to 5 business days.", false},
		{"between for to passes in English",
			"Delivery takes between 3 and 5 business days [1].", "Delivery takes 3 to 5 business days.", false},
		{"entre for de à passes in French",
			"La livraison prend entre 3 et 5 jours ouvrés [1].", "La livraison prend de 3 à 5 jours ouvrés.", false},
		{"within the top of a range passes in English",
			"Delivery takes place within 5 business days [1].", "Delivery takes 3 to 5 business days.", false},
		{"at least the bottom of a range passes in English",
			"Delivery takes at least 3 business days [1].", "Delivery takes 3 to 5 business days.", false},
	})
}

// A bound in the other direction fails in every language; the same
// direction in other words passes.
func TestBoundFlipped(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"at most the bottom of a range fails in English",
			"Delivery takes at most 3 business days [1].", "Delivery takes 3 to 5 business days.", true},
		{"more than for up to fails in English",
			"You can add more than 10 users [1].", "You can add up to 10 users.", true},
		{"under for over fails in English",
			"Orders under €50 ship free [1].", "Orders over €50 ship free.", true},
		{"under for and over fails in English",
			"You must be under 18 to join [1].", "The club is open to members aged 18 and over.", true},
		{"unter for ab fails in German",
			"Bestellungen unter 50 € sind versandkostenfrei [1].", "Bestellungen ab 50 € sind versandkostenfrei.", true},
		{"moins de for au moins fails in French",
			"L'abonnement doit durer moins de 2 ans [1].", "L'abonnement doit durer au moins 2 ans.", true},
		{"hasta for al menos fails in Spanish",
			"Puede añadir hasta 10 usuarios [1].", "Puede añadir al menos 10 usuarios.", true},
		{"onder for boven fails in Dutch",
			"Bestellingen onder 50 euro worden gratis verzonden [1].", "Bestellingen boven 50 euro worden gratis verzonden.", true},
		{"bis for ab across the noun fails in German",
			"Ratenzahlung ist bis 200 € Warenkorbwert möglich [1].", "Ratenzahlung ist ab einem Warenkorbwert von 200 € möglich.", true},
		{"up to for from across the noun fails in English",
			"Installments are available up to a basket value of €200 [1].", "Installments are available from a basket value of €200.", true},
		{"tot for vanaf across the noun fails in Dutch",
			"Gratis verzending geldt tot een bestelbedrag van € 50 [1].", "Gratis verzending geldt vanaf een bestelbedrag van € 50.", true},
		{"from for from across the noun passes in English",
			"Installments are available from €200 of basket value [1].", "Installments are available from a basket value of €200.", false},
		{"at least for and over passes in English",
			"You must be at least 18 to join [1].", "The club is open to members aged 18 and over.", false},
		{"up to for a maximum of passes in English",
			"You can add up to 10 users [1].", "Each account can have a maximum of 10 users.", false},
		{"above for over passes in English",
			"The offer is valid for orders above €100 [1].", "The offer is valid for orders over €100.", false},
		{"mindestens for ab passes in German",
			"Versandkostenfrei sind Bestellungen von mindestens 50 € [1].", "Bestellungen ab 50 € sind versandkostenfrei.", false},
	})
}

// The bounds of a text are read from the words around its figures;
// years are not read (a range of years is a period, not a bound).
func TestBoundsOf(t *testing.T) {
	de, _ := lang.Get("de")
	for _, tc := range []struct {
		name string
		l    *lang.Language
		text string
		want []bound
	}{
		{"up to bounds from above", nil, "Up to 50% off.", []bound{boundUpper}},
		{"and over after a figure bounds from below", nil, "Aged 18 and over.", []bound{boundLower}},
		{"no more than is an upper bound, not more than's lower", nil, "No more than 5 items.", []bound{boundUpper}},
		{"a dash makes a range", nil, "It takes 3–5 days.", []bound{boundLow, boundHigh}},
		{"a full stop ends the words of a bound", nil, "It was over. 3 people left.", []bound{boundExact}},
		{"a comma ends the words after a figure", nil, "Add 3, or more if needed.", []bound{boundExact}},
		{"years are not read", nil, "He served from 1990 to 1995 and led 40 people.", []bound{boundExact}},
		{"an open top of a range bounds it from below", nil, "from 1.2% to 8.5% or more", []bound{boundLow, boundLower}},
		{"a score is no range", nil, "a 1–1 draw", []bound{boundExact, boundExact}},
		{"a record of three figures is no range", nil, "a record of 11-12-7", []bound{boundExact, boundExact, boundExact}},
		{"ordinals and days of a month are not read", nil, "On August 10, 400 9th-grade students came.", []bound{boundExact}},
		{"more than bounds from below, read as a plain figure too", nil, "more than 800 years", []bound{boundOver}},
		{"zwischen und makes a range in German", de, "zwischen 80 und 150 €", []bound{boundLow, boundHigh}},
		{"bis zu bounds from above in German", de, "bis zu 50 % Rabatt", []bound{boundUpper}},
		{"ab bounds from below across an article, a noun and von in German", de, "ab einem Warenkorbwert von 200 €", []bound{boundLower}},
		{"up to bounds from above across an article, two nouns and of", nil, "up to a basket value of €200", []bound{boundUpper}},
		{"a bound before a noun of three words does not reach the figure", nil, "up to a big basket value of €200", []bound{boundExact}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []bound
			for _, f := range boundsOf(tc.l, tc.text) {
				got = append(got, f.b)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("bounds %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("bounds %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// "met een maximum van" and "mit einem Höchstbetrag von" bound a figure
// as "tot een maximum van" and "bis zu einem Höchstbetrag von" do.
func TestMaximumPhrasesAreUpperBounds(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"met een maximum van against tot een maximum van passes in Dutch", "De fysiotherapie wordt vergoed met een maximum van € 250 per jaar [1].",
			"De fysiotherapie wordt vergoed tot een maximum van € 250 per jaar.", false},
		{"mit einem Höchstbetrag von against bis zu einem Höchstbetrag von passes in German", "Die Brille wird mit einem Höchstbetrag von 250 € erstattet [1].",
			"Die Brille wird bis zu einem Höchstbetrag von 250 € erstattet.", false},
		{"vanaf against tot een maximum van still fails in Dutch", "De fysiotherapie wordt vergoed vanaf € 250 per jaar [1].",
			"De fysiotherapie wordt vergoed tot een maximum van € 250 per jaar.", true},
	})
}
