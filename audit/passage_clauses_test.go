package audit

import (
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// A value the chunk's sentence gives another subject, in a clause of its
// own, is not stated of the claim's subject: the clause holding the
// claim's words gives its value.
func TestClauseSubject(t *testing.T) {
	runPassageCases(t, []passageCase{
		{"a price the sentence gives another room after 'and' fails",
			"A single room costs €120 per night [1].",
			"A single room costs €80 per night and a double room costs €120 per night.",
			[]string{"€120"}, "A single room costs €80 per night and a double room costs €120 per night."},
		{"the other room's own clause passes",
			"A double room costs €120 per night [1].",
			"A single room costs €80 per night and a double room costs €120 per night.",
			nil, ""},
		{"a price given to both subjects passes",
			"A single room costs €120 per night [1].",
			"A single room costs €120 per night and a double room costs €120 per night.",
			nil, ""},
		{"a list of values, each with its subject, passes",
			"Rooms cost €120 for doubles [1].",
			"Rooms cost €80 for singles and €120 for doubles.",
			nil, ""},
		{"a range is no two clauses",
			"A single room costs between €80 and €120 [1].",
			"A single room costs between €80 and €120, depending on the season.",
			nil, ""},
		{"the price after 'while' of another plan fails",
			"The Basic plan costs €9 a month [1].",
			"The Basic plan costs €5 a month, while the Plus plan costs €9 a month.",
			[]string{"€9"}, "The Basic plan costs €5 a month, while the Plus plan costs €9 a month."},
		{"an introductory price in a clause without the plan's name fails",
			"The Fibre 500 plan costs €9.99 per month [1].",
			"New customers pay €9.99 per month for the first 6 months; after that the Fibre 500 plan costs €39.99 per month.",
			[]string{"€9.99"}, "New customers pay €9.99 per month for the first 6 months; after that the Fibre 500 plan costs €39.99 per month."},
		{"the plan's own price after the introductory one passes",
			"The Fibre 500 plan costs €39.99 per month [1].",
			"New customers pay €9.99 per month for the first 6 months; after that the Fibre 500 plan costs €39.99 per month.",
			nil, ""},
		{"the price after an introductory one, in a clause with no subject of its own, passes",
			"The Fibre 500 plan costs €39.99 per month after the first 6 months [1].",
			"The Fibre 500 plan costs €9.99 per month for the first 6 months, then €39.99 per month.",
			nil, ""},
		{"a count of the same thing given another subject fails",
			"Domestic flights include 2 checked bags [1].",
			"Domestic flights include 1 checked bag. International flights include 2 checked bags.",
			[]string{"2"}, "Domestic flights include 1 checked bag."},
		{"a count of the same thing in another clause fails",
			"Domestic flights include 2 checked bags [1].",
			"Domestic flights include 1 checked bag; international flights include 2.",
			[]string{"2"}, "Domestic flights include 1 checked bag; international flights include 2."},
		{"a count of something else is no rival",
			"Domestic flights include 2 checked bags [1].",
			"Domestic flights include 1 meal and 2 checked bags.",
			nil, ""},
		{"a Dutch price of another room after 'en' fails",
			"Een eenpersoonskamer kost € 120 per nacht [1].",
			"Een eenpersoonskamer kost € 80 per nacht en een tweepersoonskamer kost € 120 per nacht.",
			[]string{"€ 120"}, "Een eenpersoonskamer kost € 80 per nacht en een tweepersoonskamer kost € 120 per nacht."},
		{"a German price after 'während' of another plan fails",
			"Der Basis-Tarif kostet 9 € im Monat [1].",
			"Der Basis-Tarif kostet 5 € im Monat, während der Plus-Tarif 9 € im Monat kostet.",
			[]string{"9 €"}, "Der Basis-Tarif kostet 5 € im Monat, während der Plus-Tarif 9 € im Monat kostet."},
		{"a French introductory price after 'puis' fails",
			"L'offre Fibre 500 coûte 9,99 € par mois [1].",
			"Les nouveaux abonnés paient 9,99 € par mois pendant 6 mois, puis l'offre Fibre 500 coûte 39,99 € par mois.",
			[]string{"9,99 €"}, "Les nouveaux abonnés paient 9,99 € par mois pendant 6 mois, puis l'offre Fibre 500 coûte 39,99 € par mois."},
		{"a Spanish price of another room after 'mientras que' fails",
			"La habitación individual cuesta 120 € por noche [1].",
			"La habitación individual cuesta 80 € por noche, mientras que la habitación doble cuesta 120 € por noche.",
			[]string{"120 €"}, "La habitación individual cuesta 80 € por noche, mientras que la habitación doble cuesta 120 € por noche."},
		{"a Spanish room's own clause passes",
			"La habitación doble cuesta 120 € por noche [1].",
			"La habitación individual cuesta 80 € por noche, mientras que la habitación doble cuesta 120 € por noche.",
			nil, ""},
	})
}

// Clauses are cut at ";", ", " and the language's joins, and a part
// without a value joins the next.
func TestSubjectCuts(t *testing.T) {
	for _, tc := range []struct {
		name, code, text string
		want             []string
	}{
		{"an English 'and' between two priced clauses cuts", "en",
			"A single room costs €80 and a double room costs €120.",
			[]string{"A single room costs €80 ", " a double room costs €120."}},
		{"a part without a value joins the next", "en",
			"A single room, with breakfast, costs €80; a double room costs €120.",
			[]string{"A single room, with breakfast, costs €80", " a double room costs €120."}},
		{"a trailing part without a value joins the one before", "en",
			"A single room costs €80, breakfast included.",
			[]string{"A single room costs €80, breakfast included."}},
		{"'and' between two figures cuts nothing", "en",
			"Rooms cost between €80 and €120.",
			[]string{"Rooms cost between €80 and €120."}},
		{"a French 'tandis que' cuts", "fr",
			"La chambre simple coûte 80 € tandis que la chambre double coûte 120 €.",
			[]string{"La chambre simple coûte 80 € ", " la chambre double coûte 120 €."}},
		{"a decimal comma cuts nothing", "de",
			"Der Tarif kostet 9,99 € und der andere 19,99 €.",
			[]string{"Der Tarif kostet 9,99 € ", " der andere 19,99 €."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := english
			if tc.code != "en" {
				l, _ := lang.Get(tc.code)
				tg = tongue{code: tc.code, l: l, ok: true}
			}
			ev := &evidence{tongue: tg, windows: []window{{start: 0, end: len(tc.text)}}, texts: []string{tc.text}}
			var got []string
			for _, cl := range ev.sentences().clauses(0) {
				got = append(got, tc.text[cl.start:cl.end])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("clauses %q, want %q", got, tc.want)
			}
		})
	}
}

// A price the chunk gives only where a word of the claim's subject is
// missing, while a clause holding that word calls it free, is no support.
func TestFreeSubject(t *testing.T) {
	runPassageCases(t, []passageCase{
		{"the price of one option said of another the chunk names whole and calls free fails",
			"Royal Mail second class costs £4.99 [1].",
			"Delivery is free by Royal Mail second class; next-day tracked delivery costs £4.99.",
			[]string{"£4.99"}, "Delivery is free by Royal Mail second class; next-day tracked delivery costs £4.99."},
		{"the price of the priced option passes",
			"Next-day tracked delivery costs £4.99 [1].",
			"Delivery is free by Royal Mail second class; next-day tracked delivery costs £4.99.",
			nil, ""},
		{"a fee of payments abroad said of payments at home, which are free, fails",
			"Card payments at home cost 1.5 % of the amount [1].",
			"Card payments abroad cost 1.5 % of the amount. Card payments at home are free.",
			[]string{"1.5 %"}, "Card payments at home are free."},
		{"the fee of payments abroad passes",
			"Card payments abroad cost 1.5 % of the amount [1].",
			"Card payments abroad cost 1.5 % of the amount. Card payments at home are free.",
			nil, ""},
		{"a per-minute price of international calls said of included national calls fails",
			"Calls to national numbers are charged at €0.25 per minute [1].",
			"Calls to international numbers are charged at €0.25 per minute; calls to national numbers are included.",
			[]string{"€0.25"}, "Calls to international numbers are charged at €0.25 per minute; calls to national numbers are included."},
		{"a claim that restates both clauses passes",
			"National calls are included, while calls to international numbers cost €0.25 per minute [1].",
			"Calls to international numbers cost €0.25 per minute; calls to national numbers are included.",
			nil, ""},
		{"a clause that says it is not free does not call it free",
			"Card payments at home cost 1.5 % of the amount [1].",
			"Card payments abroad cost 1.5 % of the amount. Card payments at home are not free either.",
			nil, ""},
		{"a Dutch price of foreign calls said of included Dutch calls fails",
			"Bellen naar Nederlandse nummers kost € 0,30 per minuut [1].",
			"Bellen naar buitenlandse nummers kost € 0,30 per minuut; bellen naar Nederlandse nummers is inbegrepen.",
			[]string{"€ 0,30"}, "Bellen naar buitenlandse nummers kost € 0,30 per minuut; bellen naar Nederlandse nummers is inbegrepen."},
		{"a German fee said of free domestic transfers fails",
			"Überweisungen ins Inland kosten 2 € pro Auftrag [1].",
			"Überweisungen ins Ausland kosten 2 € pro Auftrag. Überweisungen ins Inland sind kostenlos.",
			[]string{"2 €"}, "Überweisungen ins Inland sind kostenlos."},
		{"a French price said of included French numbers fails",
			"Les appels vers les numéros belges sont facturés 0,30 € la minute [1].",
			"Les appels vers l'étranger sont facturés 0,30 € la minute ; les appels vers les numéros belges sont inclus.",
			[]string{"0,30 €"}, "Les appels vers l'étranger sont facturés 0,30 € la minute ; les appels vers les numéros belges sont inclus."},
		{"a Spanish price said of free national calls fails",
			"Las llamadas nacionales cuestan 0,30 € por minuto [1].",
			"Las llamadas internacionales cuestan 0,30 € por minuto. Las llamadas nacionales son gratuitas.",
			[]string{"0,30 €"}, "Las llamadas nacionales son gratuitas."},
	})
}
