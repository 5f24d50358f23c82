package audit

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// The sentences of these tests were written for ragaudit.

func getLang(t testing.TB, code string) *lang.Language {
	t.Helper()
	l, ok := lang.Get(code)
	if !ok {
		t.Fatalf("no language %q", code)
	}
	return l
}

// show writes a quantity as the tests expect it: its key, its unit, its
// other reading after " | ", and a leading "-" when it is negative.
func show(q quantity) string {
	s := q.Key
	if q.Unit != "" {
		s += " " + q.Unit
	}
	if q.AltKey != "" {
		s += " | " + q.AltKey
	}
	if q.Negative {
		s = "-" + s
	}
	return s
}

func shown(qs []quantity) []string {
	out := []string{}
	for _, q := range qs {
		out = append(out, show(q))
	}
	return out
}

var langReadCases = []struct {
	name, code, text string
	want             []string
}{
	// Amounts and separators.
	{"a decimal comma is a decimal", "de", "Der Tarif kostet 127,50 € im Monat.", []string{"m:EUR:127.5"}},
	{"a symbol before the amount", "nl", "Het abonnement kost € 127,50 per maand.", []string{"m:EUR:127.5"}},
	{"a currency word after the amount", "de", "Der Tarif kostet 127,50 Euro.", []string{"m:EUR:127.5"}},
	{"a currency code after the amount", "fr", "Le tarif est de 127,50 EUR.", []string{"m:EUR:127.5"}},
	{"a currency code before the amount", "es", "El envío cuesta USD 5.", []string{"m:USD:5"}},
	{"full stops group thousands before a decimal comma", "de", "Der Umsatz lag bei 1.234,56 Euro.", []string{"m:EUR:1234.56"}},
	{"spaces group thousands", "fr", "Le forfait coûte 1 234,56 € par an.", []string{"m:EUR:1234.56"}},
	{"a no-break space groups thousands", "fr", "Le forfait coûte 1\u00a0234,56 € par an.", []string{"m:EUR:1234.56"}},
	{"a narrow no-break space groups thousands", "fr", "Le forfait coûte 1\u202f234,56 € par an.", []string{"m:EUR:1234.56"}},
	{"a Swiss apostrophe groups thousands", "de", "Die Gebühr beträgt 1’234 CHF.", []string{"m:CHF:1234"}},
	{"a Swiss amount with a decimal point", "de", "Die Gebühr beträgt CHF 1’234.50.", []string{"m:CHF:1234.5"}},
	{"a lone full-stop group is thousands", "nl", "Er zijn 1.200 klanten.", []string{"n:1200"}},
	{"1.200 € has no reading as 1.2, which nobody writes so", "de", "Das kostet 1.200 €.", []string{"m:EUR:1200"}},
	{"a price of three decimals reads either way", "de", "Diesel kostet 1.799 € pro Liter.", []string{"m:EUR:1799 | m:EUR:1.799"}},
	{"a comma before three digits in an amount reads either way", "de", "Das kostet 1,500 €.", []string{"m:EUR:1.5 | m:EUR:1500"}},
	{"a plain decimal comma", "es", "Subió un 2,5 por ciento.", []string{"p:2.5"}},
	{"the English notation in a Spanish text", "es", "El plan cuesta 1,234.56 dólares.", []string{"m:USD:1234.56"}},
	{"an English decimal point where no thousands can be", "de", "Der Preis liegt bei 127.50 €.", []string{"m:EUR:127.5"}},
	{"a dash for zero cents", "de", "Der Eintritt kostet 15,- €.", []string{"m:EUR:15"}},
	{"a year before a prefixed amount keeps no currency", "nl", "Het eigen risico bedraagt in 2025 € 385 per jaar.", []string{"n:2025", "m:EUR:385"}},
	{"an amount before a sign and a count keeps its currency", "de", "Sie zahlen 50 € 10 Tage lang.", []string{"m:EUR:50", "n:10 time:day"}},
	{"a leading zero is no thousands", "nl", "De rente is 0.125 procent.", []string{"p:0.125"}},

	// Multipliers.
	{"Mio. with its full stop", "de", "Der Umsatz betrug 2,5 Mio. €.", []string{"m:EUR:2500000"}},
	{"Milliarden before a currency word", "de", "Das Projekt kostet 3 Milliarden Euro.", []string{"m:EUR:3000000000"}},
	{"a German Billion is a million million", "de", "Die Schulden betragen 1 Billion Euro.", []string{"m:EUR:1000000000000"}},
	{"a French billion is a million million", "fr", "La dette atteint 1 billion d'euros.", []string{"m:EUR:1000000000000"}},
	{"miljoen before a currency word", "nl", "De subsidie is 5 miljoen euro.", []string{"m:EUR:5000000"}},
	{"millions with an elided connector", "fr", "Le budget est de 5 millions d’euros.", []string{"m:EUR:5000000"}},
	{"millones with a connector", "es", "La inversión fue de 2 millones de euros.", []string{"m:EUR:2000000"}},
	{"mil millones is a thousand million", "es", "Facturó 3 mil millones de dólares.", []string{"m:USD:3000000000"}},

	// Percent.
	{"a percent sign after a space", "de", "Der Rabatt beträgt 15 %.", []string{"p:15"}},
	{"Prozent", "de", "Der Rabatt beträgt 15 Prozent.", []string{"p:15"}},
	{"Prozentpunkte count as percent", "de", "Der Zins stieg um 3 Prozentpunkte.", []string{"p:3"}},
	{"procent", "nl", "De korting is 15 procent.", []string{"p:15"}},
	{"pour cent", "fr", "La remise est de 15 pour cent.", []string{"p:15"}},
	{"por ciento", "es", "El descuento es del 15 por ciento.", []string{"p:15"}},
	{"a number in words with Prozent", "de", "Der Rabatt beträgt zehn Prozent.", []string{"p:10"}},

	// Numbers in words.
	{"German number words with a unit", "de", "Die Garantie gilt zwei Jahre.", []string{"n:2 time:year"}},
	{"a German compound number", "de", "Die Frist beträgt einundzwanzig Tage.", []string{"n:21 time:day"}},
	{"a Dutch compound number", "nl", "De termijn is eenentwintig dagen.", []string{"n:21 time:day"}},
	{"a French hyphenated number", "fr", "Le délai est de vingt-et-un jours.", []string{"n:21 time:day"}},
	{"French quatre-vingt-dix", "fr", "Le délai est de quatre-vingt-dix jours.", []string{"n:90 time:day"}},
	{"Spanish veintiuno", "es", "Tiene veintiuno.", []string{"n:21"}},
	{"Spanish treinta y uno with a unit", "es", "El plazo es de treinta y un días.", []string{"n:31 time:day"}},
	{"ein before a unit is one", "de", "Die Garantie gilt ein Jahr.", []string{"n:1 time:year"}},
	{"eines before a unit is one", "de", "Wir antworten innerhalb eines Jahres.", []string{"n:1 time:year"}},
	{"een before a unit is one", "nl", "De garantie geldt een jaar.", []string{"n:1 time:year"}},
	{"un before a unit is one", "fr", "La garantie est d'un an.", []string{"n:1 time:year"}},
	{"un before a unit is one in Spanish", "es", "La garantía es de un año.", []string{"n:1 time:year"}},
	{"an article before a multiplier is one", "de", "Eine Million Kunden nutzen es.", []string{"n:1000000"}},
	{"neuf before a unit is nine", "fr", "Livraison en neuf jours.", []string{"n:9 time:day"}},

	// Dates.
	{"a Dutch date", "nl", "Het contract loopt tot 12 mei 2026.", []string{"d:2026-05-12"}},
	{"a German date with the ordinal dot", "de", "Der Vertrag endet am 12. Mai 2026.", []string{"d:2026-05-12"}},
	{"a German day and month without a year", "de", "Der Vertrag endet am 12. Mai.", []string{"md:05-12"}},
	{"a French date", "fr", "Le contrat prend fin le 12 mai 2026.", []string{"d:2026-05-12"}},
	{"a French first of the month", "fr", "Le contrat commence le 1er mai 2026.", []string{"d:2026-05-01"}},
	{"a French abbreviated month", "fr", "Le contrat commence le 12 févr. 2026.", []string{"d:2026-02-12"}},
	{"a Spanish date with de", "es", "El contrato vence el 12 de mayo de 2026.", []string{"d:2026-05-12"}},
	{"a Spanish first with º", "es", "Abrimos el 1º de mayo.", []string{"md:05-01"}},
	{"a Spanish first with .º", "es", "Abrimos el 1.º de mayo de 2026.", []string{"d:2026-05-01"}},
	{"a Spanish ordinal is no unit", "es", "Vive en el 3.º piso desde hace 2 años.", []string{"n:3", "n:2 time:year"}},
	{"a Spanish month and year", "es", "El cambio llega en mayo de 2026.", []string{"d:2026-05"}},
	{"a German month and year", "de", "Die Änderung gilt ab Mai 2026.", []string{"d:2026-05"}},
	{"a numeric date with full stops", "de", "Kündigung bis 12.05.2026 möglich.", []string{"d:2026-05-12"}},
	{"a numeric date with hyphens", "nl", "Opzeggen kan tot 12-05-2026.", []string{"d:2026-05-12"}},
	{"a German day and month in digits with their dots", "de", "Das Angebot gilt bis 31.12. für alle.", []string{"md:12-31"}},
	{"a German day and month in digits end a sentence", "de", "Das Angebot gilt bis 1.5.", []string{"md:05-01"}},
	{"a Dutch decimal with a full stop is no day and month", "nl", "Versie 2.1. is uit.", []string{"n:2.1"}},
	{"a numeric date with slashes", "fr", "Résiliation avant le 12/05/2026.", []string{"d:2026-05-12"}},
	{"an ISO date", "es", "Vence el 2026-05-12.", []string{"d:2026-05-12"}},
	{"a German ordinal before a noun is no date and no unit", "de", "Das Schloss stammt aus dem 19. Jahrhundert.", []string{"n:19"}},
	{"a German ordinal before a lower-case word", "de", "Am 3. und 4. Mai bleibt es zu.", []string{"n:3", "md:05-04"}},
	{"a month is not a day of a year", "de", "Am 31. Mai 2026 und am 32. Mai.", []string{"d:2026-05-31", "n:32"}},

	// Times of day.
	{"a time with Uhr", "de", "Wir öffnen um 17:00 Uhr.", []string{"t:17:00"}},
	{"an hour with Uhr", "de", "Wir schließen um 17 Uhr.", []string{"t:17:00"}},
	{"a range of hours to a time with Uhr", "de", "Geöffnet Mo–Fr 9–18 Uhr.", []string{"t:09:00", "t:18:00"}},
	{"a time with a full stop and uur", "nl", "We sluiten om 17.00 uur.", []string{"t:17:00"}},
	{"uur after om is a time", "nl", "We sluiten om 17 uur.", []string{"t:17:00"}},
	{"uur without om is a duration", "nl", "We antwoorden binnen 24 uur.", []string{"n:24 time:hour"}},
	{"uur after vóór is a time", "nl", "Bestel vóór 9 uur.", []string{"t:09:00"}},
	{"an evening hour after voor is a time", "nl", "Bestel voor 22 uur.", []string{"t:22:00"}},
	{"a small hour after voor may be a duration", "nl", "Parkeren voor 2 uur.", []string{"n:2 time:hour"}},
	{"an evening hour after voor with its minutes matches the hour alone", "nl", "Bestel vóór 22:00 uur.", []string{"t:22:00"}},
	{"a Belgian time with u", "nl", "De winkel opent om 9u30.", []string{"t:09:30"}},
	{"a French time with h", "fr", "Le magasin ouvre à 9 h.", []string{"t:09:00"}},
	{"a French time with h and minutes", "fr", "Le magasin ferme à 17h30.", []string{"t:17:30"}},
	{"a French time with spaced h and minutes", "fr", "Le magasin ferme à 17 h 30.", []string{"t:17:30"}},
	{"a French range of times", "fr", "Ouvert de 9h à 18h.", []string{"t:09:00", "t:18:00"}},
	{"a French range of times with a dash", "fr", "Ouvert 9h–18h.", []string{"t:09:00", "t:18:00"}},
	{"24h alone is a duration", "fr", "Livraison en 24h.", []string{"n:24 time:hour"}},
	{"an evening hour with h alone is a time", "fr", "Fermeture 17h.", []string{"t:17:00"}},
	{"an hour with uur alone is a duration, even in the evening", "nl", "Het duurt 17 uur.", []string{"n:17 time:hour"}},
	{"a small hour with uur alone is a duration", "nl", "Het duurt 8 uur.", []string{"n:8 time:hour"}},
	{"an evening hour after avant is a time", "fr", "Commandez avant 18 heures.", []string{"t:18:00"}},
	{"a small hour after avant is a duration", "fr", "Comptez avant 3 heures.", []string{"n:3 time:hour"}},
	{"minutes after heures", "fr", "Rendez-vous à 17 heures 30.", []string{"t:17:30"}},
	{"minutes after Uhr", "de", "Treffpunkt 17 Uhr 30.", []string{"t:17:30"}},
	{"an evening hour and minutes with their unit are a duration", "fr", "Le vol dure 15 h 30 min.", []string{"n:15 time:hour", "n:30 time:minute"}},
	{"hours and minutes are a duration", "fr", "Le trajet dure 5 h 30 min.", []string{"n:5 time:hour", "n:30 time:minute"}},
	{"a range of hours without a clock word is a duration", "de", "Die Bearbeitung dauert 2-3 h.", []string{"n:2", "n:3 time:hour"}},
	{"a range of hours with bis to a time", "de", "Geöffnet von 8 bis 20 Uhr.", []string{"t:08:00", "t:20:00"}},
	{"a range of hours with bis is a duration without Uhr", "de", "Das dauert 2 bis 3 Stunden.", []string{"n:2", "n:3 time:hour"}},
	{"a Dutch range of times with tot", "nl", "Open van 9.00 tot 17.30 uur.", []string{"t:09:00", "t:17:30"}},
	{"a Dutch range of hours with tot", "nl", "Open van 9 tot 17 uur.", []string{"t:09:00", "t:17:00"}},
	{"a French range of morning times", "fr", "Ouvert de 9 h à 11 h.", []string{"t:09:00", "t:11:00"}},
	{"a French range of morning times with a dash", "fr", "Ouvert 9h–11h.", []string{"t:09:00", "t:11:00"}},
	{"a French range of hours is a duration", "fr", "Comptez de 2 à 3 heures.", []string{"n:2", "n:3 time:hour"}},
	{"a French range of hours to an evening hour is a range of times", "fr", "Ouvert de 14 à 18 heures.", []string{"t:14:00", "t:18:00"}},
	{"a Dutch range of hours with a dash to an evening hour", "nl", "Open 9–17 uur.", []string{"t:09:00", "t:17:00"}},
	{"a Spanish range of hours is a duration", "es", "Tarda de 2 a 3 horas.", []string{"n:2", "n:3 time:hour"}},
	{"a Spanish range of times", "es", "Abrimos de 9 a 18 h.", []string{"t:09:00", "t:18:00"}},
	{"a Spanish time", "es", "Cerramos a las 17:00.", []string{"t:17:00"}},
	{"horas after a las is a time", "es", "Cerramos a las 17 horas.", []string{"t:17:00"}},
	{"horas after antes de las is a time", "es", "Pida antes de las 22 horas.", []string{"t:22:00"}},
	{"horas after después de las is a time", "es", "Llame después de las 9 horas.", []string{"t:09:00"}},
	{"las 24 horas is a duration", "es", "Atención las 24 horas.", []string{"n:24 time:hour"}},
	{"a range of times", "de", "Erreichbar 09:00–18:00.", []string{"t:09:00", "t:18:00"}},

	// Ordinals: words are their own kind, of the word after them; digits with a mark a number.
	{"a Dutch ordinal word", "nl", "De balie is op de tweede verdieping.", []string{"o:2 ord:verdieping"}},
	{"a German ordinal word", "de", "Der Service ist im dritten Stock.", []string{"o:3 ord:stock"}},
	{"a French ordinal word", "fr", "Le service est au troisième étage.", []string{"o:3 ord:étage"}},
	{"a Spanish ordinal word", "es", "El servicio está en la segunda planta.", []string{"o:2 ord:planta"}},
	{"a French ordinal with its suffix is a number as a claim reads it", "fr", "Le service est au 2e étage.", []string{"n:2"}},
	{"an ordinal word before a month is part of the date", "fr", "Le premier mai 2026, nous fermons.", []string{"d:2026-05"}},
	{"an ordinal word of a month is part of the date", "es", "Abrimos el primero de mayo.", nil},
	{"an ordinal word that is a unit after a number is the unit", "fr", "Attendez 30 secondes, puis une seconde.", []string{"n:30 time:second", "n:1 time:second"}},
	{"an ordinal word that is a unit before a word is an ordinal", "es", "Es la segunda vez y el segundo piso.", []string{"o:2 ord:vez", "o:2 ord:piso"}},

	// Durations.
	{"Tage", "de", "Rückgabe innerhalb von 30 Tagen.", []string{"n:30 time:day"}},
	{"dagen in words", "nl", "Retourneren binnen dertig dagen.", []string{"n:30 time:day"}},
	{"jours", "fr", "Retour sous 30 jours.", []string{"n:30 time:day"}},
	{"días in words", "es", "Devolución en treinta días.", []string{"n:30 time:day"}},
	{"Monate in words", "de", "Die Laufzeit beträgt drei Monate.", []string{"n:3 time:month"}},
	{"Stunden", "de", "Antwort binnen 24 Stunden.", []string{"n:24 time:hour"}},
	{"Wochen", "de", "Lieferung in 6 Wochen.", []string{"n:6 time:week"}},
	{"Werktage are days", "de", "Versand in 10 Werktagen.", []string{"n:10 time:day"}},
	{"jours ouvrés are days", "fr", "Expédition sous 10 jours ouvrés.", []string{"n:10 time:day"}},
	{"días hábiles are days", "es", "Envío en 10 días hábiles.", []string{"n:10 time:day"}},
	{"a German adjective of days", "de", "Es gilt eine 30-tägige Rückgabefrist.", []string{"n:30 time:day"}},
	{"a Dutch adjective of years", "nl", "Een 2-jarige garantie.", []string{"n:2 time:year"}},

	// Signs.
	{"a minus sign", "de", "Nachts hat es −5 °C.", []string{"-n:5 temp:c"}},
	{"a hyphen as a sign", "de", "Nachts hat es -5 Grad.", []string{"-n:5"}},
	{"minus in words", "de", "Nachts hat es minus 5 Grad Celsius.", []string{"-n:5 temp:c"}},
	{"moins in words", "fr", "La nuit, il fait moins 5 degrés Celsius.", []string{"-n:5 temp:c"}},
	{"menos in words", "es", "Por la noche hace menos 5 grados.", []string{"-n:5"}},
	{"a negative balance", "de", "Das Konto steht bei minus 200 Euro.", []string{"-m:EUR:200"}},
	{"au moins is at least", "fr", "Comptez au moins 5 jours.", []string{"n:5 time:day"}},
	{"al menos is at least", "es", "Espere al menos 5 días.", []string{"n:5 time:day"}},
	{"min after a number is a unit, not a sign", "nl", "Het duurt 10 min 5 sec.", []string{"n:10 time:minute", "n:5 time:second"}},
}

func TestQuantitiesInReadEachLanguage(t *testing.T) {
	for _, c := range langReadCases {
		t.Run(c.name, func(t *testing.T) {
			if got := shown(findQuantitiesIn(getLang(t, c.code), c.text)); !slices.Equal(got, c.want) {
				t.Errorf("%s %q: got %q, want %q", c.code, c.text, got, c.want)
			}
		})
	}
}

var langNoQuantity = []struct{ name, code, text string }{
	{"ein before a noun is an article", "de", "Ein Kunde hat angerufen und ein Paket bestellt."},
	{"een before a noun is an article", "nl", "Een klant belde over een pakket."},
	{"un before a noun is an article", "fr", "Un client a appelé pour un colis."},
	{"un before a noun is an article in Spanish", "es", "Un cliente llamó por una caja."},
	{"a book is not a pound", "fr", "Il a acheté un livre neuf."},
	{"neuf alone is new", "fr", "Le produit est neuf."},
	{"a month alone is no quantity", "de", "Mai wird es wärmer, im Juni auch."},
	{"a weekday abbreviation is no currency and no number", "de", "Geöffnet Mo–Fr."},
	{"a hundred alone is no quantity", "es", "Cien personas, mil gracias."},
	{"digits glued to a word are a name", "de", "Das Modell A4 und die MP3-Datei."},
}

func TestArticlesMonthsAndNamesAreNoQuantities(t *testing.T) {
	for _, c := range langNoQuantity {
		t.Run(c.name, func(t *testing.T) {
			if qs := findQuantitiesIn(getLang(t, c.code), c.text); len(qs) != 0 {
				t.Errorf("%s %q: got %q, want none", c.code, c.text, shown(qs))
			}
		})
	}
}

// A text in a language: a quantity written two ways.
type langText struct{ code, text string }

var langSameKey = []struct {
	name string
	a, b langText
}{
	{"a symbol after and a code after", langText{"de", "127,50 €"}, langText{"de", "127,50 EUR"}},
	{"a German and an English amount", langText{"de", "127,50 €"}, langText{"en", "€127.50"}},
	{"a symbol before and a word after", langText{"nl", "€ 127,50"}, langText{"nl", "127,50 euro"}},
	{"a French and a Spanish amount", langText{"fr", "1 234,56 €"}, langText{"es", "1.234,56 €"}},
	{"a German and an ISO date", langText{"de", "12. Mai 2026"}, langText{"en", "2026-05-12"}},
	{"a German and an English date", langText{"de", "12. Mai 2026"}, langText{"en", "May 12, 2026"}},
	{"a Dutch date and a date in digits", langText{"nl", "12 mei 2026"}, langText{"de", "12.05.2026"}},
	{"a French and a Spanish date", langText{"fr", "12 mai 2026"}, langText{"es", "12 de mayo de 2026"}},
	{"a French first and an English one", langText{"fr", "1er mai 2026"}, langText{"en", "1 May 2026"}},
	{"German and English years", langText{"de", "zwei Jahre"}, langText{"en", "two years"}},
	{"Spanish and Dutch days", langText{"es", "treinta días"}, langText{"nl", "30 dagen"}},
	{"a Spanish and a German time", langText{"es", "a las 17:00"}, langText{"de", "17 Uhr"}},
	{"a Dutch and a French time", langText{"nl", "17.00 uur"}, langText{"fr", "à 17h"}},
	{"French percent in words and a sign", langText{"fr", "quinze pour cent"}, langText{"de", "15 %"}},
	{"a German and an English multiplier", langText{"de", "2,5 Mio. €"}, langText{"en", "€2.5 million"}},
	{"a Spanish and a French multiplier", langText{"es", "dos millones de euros"}, langText{"fr", "2 millions d'euros"}},
}

var langDifferentKey = []struct {
	name string
	a, b langText
}{
	{"two years are not three", langText{"de", "zwei Jahre"}, langText{"de", "drei Jahre"}},
	{"the 12th is not the 13th", langText{"de", "12. Mai"}, langText{"de", "13. Mai"}},
	{"digits swapped in an amount", langText{"de", "127,50 €"}, langText{"de", "125,70 €"}},
	{"five o'clock is not six", langText{"de", "17:00 Uhr"}, langText{"de", "18:00 Uhr"}},
	{"three months are not thirty days", langText{"de", "drei Monate"}, langText{"de", "30 Tage"}},
	{"a German Billion is not an English billion", langText{"de", "1 Billion Euro"}, langText{"en", "€1 billion"}},
	{"cents swapped in a French amount", langText{"fr", "1 234,56 €"}, langText{"fr", "1 234,65 €"}},
	{"May is not June", langText{"es", "12 de mayo de 2026"}, langText{"es", "12 de junio de 2026"}},
	{"15 percent is not 16", langText{"nl", "15 procent"}, langText{"nl", "16 procent"}},
	{"euros are not dollars", langText{"fr", "20 euros"}, langText{"fr", "20 dollars"}},
	{"a Dutch hour is not a day", langText{"nl", "24 uur"}, langText{"nl", "24 dagen"}},
}

func TestQuantitiesInShareKeysAcrossFormsAndLanguages(t *testing.T) {
	one := func(t *testing.T, x langText) quantity {
		qs := findQuantitiesIn(getLang(t, x.code), x.text)
		if len(qs) != 1 {
			t.Fatalf("%s %q: got %q, want one quantity", x.code, x.text, shown(qs))
		}
		return qs[0]
	}
	for _, c := range langSameKey {
		t.Run(c.name, func(t *testing.T) {
			if a, b := one(t, c.a), one(t, c.b); a.Key != b.Key || a.Unit != b.Unit {
				t.Errorf("%q → %s, %q → %s: want the same", c.a.text, show(a), c.b.text, show(b))
			}
		})
	}
	for _, c := range langDifferentKey {
		t.Run(c.name, func(t *testing.T) {
			if a, b := one(t, c.a), one(t, c.b); a.Key == b.Key && a.Unit == b.Unit {
				t.Errorf("%q and %q both → %s: want different keys", c.a.text, c.b.text, show(a))
			}
		})
	}
}

var langSupportCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"a German claim is held to an English chunk", langText{"de", "Die Garantie gilt zwei Jahre."}, langText{"en", "The warranty lasts two years."}, true},
	{"a German claim fails on an English chunk's other number", langText{"de", "Die Garantie gilt zwei Jahre."}, langText{"en", "The warranty lasts three years."}, false},
	{"an English claim is held to a German chunk", langText{"en", "Refunds are issued within 30 days."}, langText{"de", "Erstattung innerhalb von 30 Tagen."}, true},
	{"an English amount against a German one", langText{"en", "It costs €127.50 a month."}, langText{"de", "Es kostet 127,50 € im Monat."}, true},
	{"an English amount against a different German one", langText{"en", "It costs €125.70 a month."}, langText{"de", "Es kostet 127,50 € im Monat."}, false},
	{"German months against English days", langText{"de", "Rückgabe binnen drei Monaten."}, langText{"en", "Returns within 90 days."}, true},
	{"German months against German days", langText{"de", "Rückgabe binnen drei Monaten."}, langText{"de", "Rückgabe binnen 30 Tagen."}, false},
	{"a year against twelve months", langText{"de", "Die Garantie gilt ein Jahr."}, langText{"de", "Die Garantie gilt 12 Monate."}, true},
	{"a French ninety days against German three months", langText{"fr", "Retour sous quatre-vingt-dix jours."}, langText{"de", "Rückgabe binnen drei Monaten."}, true},
	{"a day without a year against a full English date", langText{"de", "Der Vertrag endet am 12. Mai."}, langText{"en", "The contract ends on 12 May 2026."}, true},
	{"a day without a year against another day", langText{"de", "Der Vertrag endet am 12. Mai."}, langText{"en", "The contract ends on 13 May 2026."}, false},
	{"an English day and month against a German date", langText{"en", "It ends on May 12."}, langText{"de", "Er endet am 12. Mai 2026."}, true},
	{"a French date against a German date in digits", langText{"fr", "Fin le 12 mai 2026."}, langText{"de", "Ende am 12.05.2026."}, true},
	{"a month named against a German date", langText{"de", "Das gilt seit Mai 2026."}, langText{"en", "Valid since May 12, 2026."}, true},
	{"a Spanish time against an English one", langText{"es", "Cerramos a las 17 horas."}, langText{"en", "We close at 17:00."}, true},
	{"a Spanish time against another English one", langText{"es", "Cerramos a las 17 horas."}, langText{"en", "We close at 18:00."}, false},
	{"an English time against a German range", langText{"en", "Open from 9am to 6pm."}, langText{"de", "Geöffnet Mo–Fr 9–18 Uhr."}, true},
	{"an English time against a German range with bis", langText{"en", "Open from 8am."}, langText{"de", "Geöffnet von 8 bis 20 Uhr."}, true},
	{"an English time against a Dutch range", langText{"en", "Open until 5:30 pm."}, langText{"nl", "Open van 9.00 tot 17.30 uur."}, true},
	{"Dutch hours against English hours", langText{"nl", "Antwoord binnen 24 uur."}, langText{"en", "Answers within 24 hours."}, true},
	{"Dutch hours against English days", langText{"nl", "Antwoord binnen 24 uur."}, langText{"en", "Answers within 24 days."}, false},
	{"a German minus against an English one", langText{"de", "Es hat −5 °C."}, langText{"en", "It is -5 °C."}, true},
	{"a lost minus", langText{"de", "Es hat 5 °C."}, langText{"de", "Es hat −5 °C."}, false},
	{"German thousands against English ones", langText{"de", "1.200 Kunden"}, langText{"en", "1,200 customers"}, true},
	{"Spanish thirty-one days against English digits", langText{"es", "treinta y un días"}, langText{"en", "31 days"}, true},
	{"a percentage in words against a sign", langText{"de", "15 Prozent Rabatt"}, langText{"fr", "une remise de 15 %"}, true},
	{"a three-decimal price reads the English way too", langText{"de", "Diesel kostet 1.799 €."}, langText{"en", "Diesel costs €1.799."}, true},
	{"1.200 € is not €1.20", langText{"de", "Das kostet 1.200 €."}, langText{"en", "It costs €1.20."}, false},
}

func TestQuantityIndexInSupportsClaimsAcrossLanguages(t *testing.T) {
	for _, c := range langSupportCases {
		t.Run(c.name, func(t *testing.T) {
			qs := claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)
			if len(qs) == 0 {
				t.Fatalf("%s %q: no quantity", c.claim.code, c.claim.text)
			}
			idx := quantityIndexIn(getLang(t, c.chunk.code), c.chunk.text)
			all := true
			for _, q := range qs {
				all = all && idx.supports(q)
			}
			if all != c.want {
				t.Errorf("%q supports all of %q = %v, want %v", c.chunk.text, shown(qs), all, c.want)
			}
		})
	}
}

func TestEnglishAndNoLanguageAreReadByTheEnglishScan(t *testing.T) {
	for _, l := range []*lang.Language{getLang(t, "en"), nil} {
		for _, text := range quantityTexts() {
			if got, want := findQuantitiesIn(l, text), findQuantities(text); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: findQuantitiesIn %v, findQuantities %v", text, got, want)
			}
			if got, want := claimQuantitiesIn(l, text), claimQuantities(text); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: claimQuantitiesIn %v, claimQuantities %v", text, got, want)
			}
			if got, want := quantityIndexIn(l, text), quantityIndexOf(text); !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: quantityIndexIn %v, quantityIndexOf %v", text, got, want)
			}
		}
	}
}

func TestNamedMonthsAreInTheIndexNotClaims(t *testing.T) {
	for _, c := range []struct {
		code, chunk string
		month       string
		want        bool
	}{
		{"de", "Die Aktion läuft im Mai.", "05", true},
		{"de", "Die Aktion läuft im mai.", "05", false}, // German writes months with a capital
		{"nl", "De actie loopt in mei.", "05", true},
		{"fr", "L'offre court depuis mars.", "03", true},
		{"es", "La oferta dura hasta junio.", "06", true},
		{"es", "La oferta es buena.", "06", false},
	} {
		idx := quantityIndexIn(getLang(t, c.code), c.chunk)
		if got := idx.flags(keyHashStart.add("mo:").add(c.month))&qPresent != 0; got != c.want {
			t.Errorf("%s %q names month %s: %v, want %v", c.code, c.chunk, c.month, got, c.want)
		}
		if qs := claimQuantitiesIn(getLang(t, c.code), c.chunk); len(qs) != 0 {
			t.Errorf("%s %q claims %q", c.code, c.chunk, shown(qs))
		}
	}
}

// langFuzzCodes are the languages FuzzQuantitiesIn reads a text in, by its
// first argument.
var langFuzzCodes = []string{"en", "nl", "de", "fr", "es"}

// FuzzQuantitiesIn holds the scan of every language to what the English
// fuzz test holds it: each quantity is where it says it is, in order, with
// a key; a text supports every quantity it claims; an index reads the same
// twice.
func FuzzQuantitiesIn(f *testing.F) {
	for k, code := range langFuzzCodes {
		for _, c := range langReadCases {
			if c.code == code {
				f.Add(uint8(k), c.text)
			}
		}
		f.Add(uint8(k), benchChunks[code])
	}
	f.Fuzz(func(t *testing.T, k uint8, s string) {
		l := getLang(t, langFuzzCodes[int(k)%len(langFuzzCodes)])
		prev := -1
		for _, q := range findQuantitiesIn(l, s) {
			if q.Start < prev || q.Start < 0 || q.Start+len(q.Raw) > len(s) || s[q.Start:q.Start+len(q.Raw)] != q.Raw || q.Key == "" {
				t.Fatalf("%s: bad quantity %+v in %q", l.Code, q, s)
			}
			prev = q.Start
		}
		idx, again := quantityIndexIn(l, s), quantityIndexIn(l, s)
		if !reflect.DeepEqual(idx, again) {
			t.Fatalf("%s: %q indexed twice differs", l.Code, s)
		}
		for _, q := range claimQuantitiesIn(l, s) {
			if !idx.supports(q) {
				t.Fatalf("%s: %q does not support its own %+v", l.Code, s, q)
			}
		}
		bare := indexQuantitiesIn(l, s, false, nil)
		for _, q := range findQuantitiesIn(l, s) {
			if !bare.supports(q) {
				t.Fatalf("%s: %q does not state its own %+v", l.Code, s, q)
			}
		}
	})
}

// benchChunks are chunks of about 1 KB of a support page in each
// language, written for ragaudit.
var benchChunks = map[string]string{
	"en": "Returns and refunds. You can return any item within 30 days of delivery; items must be unused and in their original packaging. " +
		"Refunds of €127.50 or less are paid within 5 business days, larger amounts within two weeks. Since May 12, 2026 the " +
		"return label costs €4.95, and orders over €50 ship free. Our warranty lasts two years from the date of purchase, and " +
		"an extended warranty of three years costs 15% of the price. Customer service is open Monday to Friday from 09:00 to " +
		"18:00 and on Saturday from 10:00 to 14:00. Calls cost 0.14 per minute. In 2025 we answered 1,200,000 questions, 95% of " +
		"them within 24 hours. Deliveries to islands take 3 to 5 days longer. Store credit is valid for 12 months. Gift cards " +
		"between €10 and €500 never expire. Temperatures below -5 °C may delay deliveries by up to a week in January and " +
		"February. For business customers, invoices are due within 14 days; late payments carry a fee of 2.5 percent per month.",
	"nl": "Retourneren en terugbetalen. U kunt elk artikel binnen 30 dagen na levering retourneren; artikelen moeten ongebruikt " +
		"en in de originele verpakking zijn. Terugbetalingen tot € 127,50 worden binnen vijf werkdagen gedaan, grotere bedragen " +
		"binnen twee weken. Sinds 12 mei 2026 kost het retourlabel € 4,95 en bestellingen boven 50 euro worden gratis verzonden. " +
		"Onze garantie geldt twee jaar vanaf de aankoopdatum; een verlengde garantie van drie jaar kost 15 procent van de prijs. " +
		"De klantenservice is open van maandag tot vrijdag van 09:00 tot 18:00 en op zaterdag om 10.00 uur. Bellen kost 0,14 " +
		"per minuut. In 2025 beantwoordden we 1.200.000 vragen, 95% daarvan binnen 24 uur. Leveringen naar de eilanden duren " +
		"drie tot vijf dagen langer. Tegoedbonnen zijn twaalf maanden geldig. Cadeaukaarten tussen 10 en 500 euro verlopen nooit. " +
		"Bij min 5 graden kan de levering in januari een week later zijn. Facturen moeten binnen 14 dagen worden betaald.",
	"de": "Rückgabe und Erstattung. Sie können jeden Artikel innerhalb von 30 Tagen nach Lieferung zurückgeben; die Artikel müssen " +
		"unbenutzt und originalverpackt sein. Erstattungen bis 127,50 € erfolgen binnen fünf Werktagen, größere Beträge binnen " +
		"zwei Wochen. Seit dem 12. Mai 2026 kostet das Rücksendeetikett 4,95 Euro, Bestellungen ab 50 € sind versandkostenfrei. " +
		"Unsere Garantie gilt zwei Jahre ab Kaufdatum; eine verlängerte Garantie von drei Jahren kostet 15 % des Preises. Der " +
		"Kundendienst ist Mo–Fr 9–18 Uhr und samstags um 10.00 Uhr erreichbar. Anrufe kosten 0,14 € pro Minute. Im Jahr 2025 " +
		"beantworteten wir 1.200.000 Fragen, 95 Prozent davon binnen 24 Stunden. Lieferungen auf Inseln dauern drei bis fünf " +
		"Tage länger. Gutschriften gelten zwölf Monate. Geschenkkarten zwischen 10 und 500 Euro verfallen nie. Bei minus 5 Grad " +
		"kann sich die Lieferung im Januar um eine Woche verzögern. Rechnungen sind binnen 14 Tagen zu zahlen.",
	"fr": "Retours et remboursements. Vous pouvez retourner tout article sous 30 jours après la livraison ; les articles doivent " +
		"être neufs et dans leur emballage d'origine. Les remboursements jusqu'à 127,50 € sont versés sous cinq jours ouvrés, " +
		"les montants plus élevés sous deux semaines. Depuis le 12 mai 2026, l'étiquette de retour coûte 4,95 euros et les " +
		"commandes de plus de 50 € sont livrées gratuitement. Notre garantie est de deux ans à compter de l'achat ; une garantie " +
		"étendue de trois ans coûte 15 % du prix. Le service client est ouvert du lundi au vendredi de 9h à 18h et le samedi " +
		"à 10 h. L'appel coûte 0,14 € par minute. En 2025, nous avons répondu à 1 200 000 questions, dont 95 pour cent en " +
		"moins de 24 heures. Les livraisons vers les îles prennent trois à cinq jours de plus. Les avoirs sont valables douze " +
		"mois. Par moins 5 degrés, la livraison peut prendre une semaine de plus en janvier. Les factures sont payables sous 14 jours.",
	"es": "Devoluciones y reembolsos. Puede devolver cualquier artículo en un plazo de 30 días desde la entrega; los artículos " +
		"deben estar sin usar y en su embalaje original. Los reembolsos de hasta 127,50 € se pagan en cinco días hábiles, los " +
		"importes mayores en dos semanas. Desde el 12 de mayo de 2026 la etiqueta de devolución cuesta 4,95 euros y los pedidos " +
		"de más de 50 € se envían gratis. Nuestra garantía es de dos años desde la compra; una garantía ampliada de tres años " +
		"cuesta el 15 % del precio. El servicio de atención al cliente abre de lunes a viernes de 09:00 a 18:00 y los sábados " +
		"a las 10 horas. La llamada cuesta 0,14 € por minuto. En 2025 respondimos 1.200.000 preguntas, el 95 por ciento en " +
		"menos de 24 horas. Los envíos a las islas tardan de tres a cinco días más. Los vales son válidos durante doce meses. " +
		"Con menos 5 grados, la entrega puede retrasarse una semana en enero. Las facturas se pagan en 14 días.",
}

// BenchmarkQuantitiesIn indexes a chunk of about 1 KB in each language;
// en is the English scan, as BenchmarkIndexQuantities.
func BenchmarkQuantitiesIn(b *testing.B) {
	for _, code := range langFuzzCodes {
		b.Run(code, func(b *testing.B) {
			l, chunk := getLang(b, code), benchChunks[code]
			quantityIndexIn(l, chunk) // the language's word tables, once
			b.SetBytes(int64(len(chunk)))
			b.ReportAllocs()
			for b.Loop() {
				quantityIndexIn(l, chunk)
			}
		})
	}
}

func TestBenchChunksHoldTheirQuantities(t *testing.T) {
	for code, chunk := range benchChunks {
		if n := len(findQuantitiesIn(getLang(t, code), chunk)); n < 20 || len(chunk) < 900 || len(chunk) > 1300 {
			t.Errorf("%s: %d bytes, %d quantities; want about 1 KB with 20 or more", code, len(chunk), n)
		}
		if strings.Contains(chunk, "  ") {
			t.Errorf("%s: a double space", code)
		}
	}
}

func TestAnArticleBeforeAMultiplierStatesItsNumber(t *testing.T) {
	cases := []struct {
		name         string
		claim, chunk langText
		missing      bool
	}{
		{"a French million against a chunk without the amount", langText{"fr", "Ils ont promis un million de dollars."}, langText{"fr", "Ils ont promis un don à l'école."}, true},
		{"a German million against another amount", langText{"de", "Sie spendeten eine Million Euro."}, langText{"de", "Sie spendeten 500.000 Euro."}, true},
		{"a Dutch million against the same in digits", langText{"nl", "Ze schonken een miljoen euro."}, langText{"nl", "Ze schonken 1.000.000 euro."}, false},
		{"a Spanish million against the same in words", langText{"es", "Donaron un millón de dólares."}, langText{"es", "Donaron 1 millón de dólares."}, false},
		{"an article before a unit alone stays weak", langText{"fr", "La garantie est d'un an."}, langText{"fr", "La garantie couvre les pièces."}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := &claim{quantities: claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)}
			ev := &evidence{quantities: quantityIndexIn(getLang(t, c.chunk.code), c.chunk.text)}
			if got := numbersMissing(cl, ev); (len(got) > 0) != c.missing {
				t.Errorf("%q against %q: missing %q, want missing: %v", c.claim.text, c.chunk.text, got, c.missing)
			}
		})
	}
}
