package audit

import "testing"

// holdsAll reports whether the chunk states every quantity of the claim,
// as numbersMissing holds them (a weak one only against a rival of its
// unit).
func holdsAll(t *testing.T, claim, chunk langText) bool {
	t.Helper()
	idx := quantityIndexIn(getLang(t, chunk.code), chunk.text)
	for _, q := range claimQuantitiesIn(getLang(t, claim.code), claim.text) {
		if !idx.supports(q) && (!q.Weak || idx.statesUnit(q)) {
			return false
		}
	}
	return true
}

// Round 4: a number with another unit of the same dimension is a
// mismatch unless it converts to the same amount. Sentences written for
// ragaudit.
var measureCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"seconds are not milliseconds", langText{"en", "Responses arrive within 200 seconds."}, langText{"en", "Responses arrive within 200 ms."}, false},
	{"milliseconds are milliseconds", langText{"en", "Responses arrive within 200 milliseconds."}, langText{"en", "Responses arrive within 200 ms."}, true},
	{"a second symbol is seconds", langText{"en", "The link expires after 30 s."}, langText{"en", "The link expires after 30 seconds."}, true},
	{"centimetres are not metres", langText{"en", "The cable is 2 cm long."}, langText{"en", "The cable is 2 m long."}, false},
	{"metres in a symbol are metres", langText{"en", "The cable is 2 metres long."}, langText{"en", "The cable is 2 m long."}, true},
	{"centimetres convert to metres", langText{"en", "The cable is 200 cm long."}, langText{"en", "The cable is 2 m long."}, true},
	{"Spanish litres are not millilitres", langText{"es", "El depósito tiene 500 l."}, langText{"es", "El depósito tiene 500 ml."}, false},
	{"German millilitres are not litres", langText{"de", "Der Tank fasst 5 ml."}, langText{"de", "Der Tank fasst 5 l."}, false},
	{"German litres in a capital L", langText{"de", "Der Tank fasst 5 Liter."}, langText{"de", "Der Tank fasst 5 L."}, true},
	{"grams convert to kilograms", langText{"en", "The parcel may weigh up to 2,000 g."}, langText{"en", "Parcels may weigh up to 2 kg."}, true},
	{"200 grams are not 2 kilograms", langText{"en", "The parcel may weigh up to 200 g."}, langText{"en", "Parcels may weigh up to 2 kg."}, false},
	{"1,024 megabytes are a gigabyte", langText{"en", "Attachments can be up to 1,024 MB."}, langText{"en", "Attachments can be up to 1 GB."}, true},
	{"1,000 megabytes are a gigabyte", langText{"en", "Attachments can be up to 1,000 MB."}, langText{"en", "Attachments can be up to 1 GB."}, true},
	{"1,050 megabytes are no gigabyte", langText{"en", "Attachments can be up to 1,050 MB."}, langText{"en", "Attachments can be up to 1 GB."}, false},
	{"millilitres convert to litres", langText{"en", "The bottle holds 500 ml."}, langText{"en", "The bottle holds 0.5 l."}, true},
	{"French centilitres convert to litres", langText{"fr", "La bouteille contient 75 cl."}, langText{"fr", "La bouteille contient 0,75 l."}, true},
	{"Dutch minutes convert to hours", langText{"nl", "De installatie duurt 90 minuten."}, langText{"nl", "De installatie duurt 1,5 uur."}, true},
	{"a decade is no hour: 1990s is not seconds", langText{"en", "It was built in the 1990s."}, langText{"en", "It was built in 1990."}, true},
	{"a capital H after digits is no hour", langText{"en", "Results for 1H 2023 were strong."}, langText{"en", "Over 1 year (2023), results were strong."}, true},
	{"grams are not kilometres", langText{"en", "It weighs 2,000 g."}, langText{"en", "It is 2 km away."}, false},
}

func TestMeasuresConvertWithinTheirDimension(t *testing.T) {
	for _, c := range measureCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}

// Round 4: the per-mille sign is a tenth of a percent, and a decimal
// comma beside a currency is a decimal in an English answer too.
var permilleAndCommaCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"per mille is not percent", langText{"en", "The late fee is 2‰ per day."}, langText{"en", "The late fee is 2% per day."}, false},
	{"per mille is a tenth of a percent", langText{"en", "The late fee is 2‰ per day."}, langText{"en", "The late fee is 0.2% per day."}, true},
	{"German per mille is not percent", langText{"de", "Die Gebühr beträgt 2 ‰ pro Tag."}, langText{"de", "Die Gebühr beträgt 2 % pro Tag."}, false},
	{"a decimal comma after the euro sign", langText{"en", "Shipping costs €4,95."}, langText{"en", "Shipping costs €4.95."}, true},
	{"a decimal comma before the code", langText{"en", "Shipping costs 4,95 EUR."}, langText{"en", "Shipping costs €4.95."}, true},
	{"a decimal comma is not another amount", langText{"en", "Shipping costs 5,95 EUR."}, langText{"en", "Shipping costs €4.95."}, false},
	{"a comma between bare numbers stays a list", langText{"en", "Rooms 4,95 and 96 are free."}, langText{"en", "Rooms 4, 95 and 96 are free."}, true},
	{"a thousands comma beside a currency stays thousands", langText{"en", "It costs €4,950."}, langText{"en", "It costs €4950."}, true},
}

func TestPerMilleAndDecimalCommas(t *testing.T) {
	for _, c := range permilleAndCommaCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}

// Round 4: a share in words is the percentage it names, held to the
// chunk's percentages. Sentences written for ragaudit.
var shareCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"a third is not a quarter", langText{"en", "Members get a third off the list price."}, langText{"en", "Members get 25% off the list price."}, false},
	{"a quarter is 25 percent", langText{"en", "Members get a quarter off the list price."}, langText{"en", "Members get 25% off the list price."}, true},
	{"half price is half off", langText{"en", "Members pay half price."}, langText{"en", "Members get 50% off."}, true},
	{"half price is not 30 percent off", langText{"en", "Members pay half price."}, langText{"en", "Members get 30% off."}, false},
	{"two thirds rounded", langText{"en", "Two thirds of orders ship the same day."}, langText{"en", "67% of orders ship the same day."}, true},
	{"a third rounded down", langText{"en", "A third of orders ship the same day."}, langText{"en", "33 % of orders ship the same day."}, true},
	{"half an hour is no share", langText{"en", "Support answers within half an hour."}, langText{"en", "Support answers 90% of calls within 30 minutes."}, true},
	{"one and a half is no share", langText{"en", "Setup takes one and a half weeks."}, langText{"en", "Setup takes 1.5 weeks for 90% of customers."}, true},
	{"a chunk without a percentage holds a share", langText{"en", "Members get a third off."}, langText{"en", "Members get a discount."}, true},
	{"French a third is not a quarter", langText{"fr", "Les membres bénéficient d'une remise d'un tiers."}, langText{"fr", "Les membres bénéficient d'une remise de 25 %."}, false},
	{"French a quarter is 25 percent", langText{"fr", "Les membres bénéficient d'une remise d'un quart."}, langText{"fr", "Les membres bénéficient d'une remise de 25 %."}, true},
	{"Spanish half is not a quarter", langText{"es", "Los socios reciben un descuento de la mitad."}, langText{"es", "Los socios reciben un descuento del 25 %."}, false},
	{"Spanish a quarter of an hour is no share", langText{"es", "Respondemos en un cuarto de hora."}, langText{"es", "Respondemos al 90 % en 15 minutos."}, true},
	{"German half is 50 percent", langText{"de", "Mitglieder zahlen die Hälfte des Preises."}, langText{"de", "Mitglieder zahlen 50 % des Preises."}, true},
	{"German a third is not 25 percent", langText{"de", "Mitglieder erhalten ein Drittel Rabatt."}, langText{"de", "Mitglieder erhalten 25 % Rabatt."}, false},
	{"Dutch a quarter is 25 percent", langText{"nl", "Leden krijgen een kwart korting."}, langText{"nl", "Leden krijgen 25% korting."}, true},
	{"Dutch half is not 25 percent", langText{"nl", "Leden betalen de helft."}, langText{"nl", "Leden betalen 25% minder."}, false},
	{"a third party is no share", langText{"en", "We never pass your data to a third party."}, langText{"en", "We never pass your data on; 30% of requests are answered."}, true},
	{"French un tiers is a third party without a share word", langText{"fr", "Vos données ne sont jamais transmises à un tiers."}, langText{"fr", "Vos données restent chez nous; 30 % des demandes."}, true},
	{"the first half is a period", langText{"en", "Sales rose in the first half."}, langText{"en", "Sales rose by 10% in the first six months."}, true},
}

func TestSharesInWordsAreHeldToPercentages(t *testing.T) {
	for _, c := range shareCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}

// Round 4: numbers in words above a hundred in Dutch, German, French and
// Spanish are read as one number. Sentences written for ragaudit.
var hundredsCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"German three hundred euros", langText{"de", "Die Gebühr beträgt dreihundert Euro."}, langText{"de", "Die Gebühr beträgt 300 €."}, true},
	{"German three hundred is not 200", langText{"de", "Die Gebühr beträgt dreihundert Euro."}, langText{"de", "Die Gebühr beträgt 200 €."}, false},
	{"German three hundred and fifty in one word", langText{"de", "Die Gebühr beträgt dreihundertfünfzig Euro."}, langText{"de", "Die Gebühr beträgt 350 €."}, true},
	{"German two thousand customers", langText{"de", "Wir haben zweitausend Kunden."}, langText{"de", "Wir haben 2.000 Kunden."}, true},
	{"German two thousand is not 200", langText{"de", "Wir haben zweitausend Kunden."}, langText{"de", "Wir haben 200 Kunden."}, false},
	{"Dutch three hundred", langText{"nl", "De borg is driehonderd euro."}, langText{"nl", "De borg is € 300."}, true},
	{"Dutch two thousand is not 2,500", langText{"nl", "Maximaal tweeduizend euro."}, langText{"nl", "Maximaal € 2.500."}, false},
	{"French three hundred", langText{"fr", "Les frais sont de trois cents euros."}, langText{"fr", "Les frais sont de 300 €."}, true},
	{"French three hundred and fifty", langText{"fr", "Les frais sont de trois cent cinquante euros."}, langText{"fr", "Les frais sont de 350 €."}, true},
	{"French three hundred and fifty is not 300", langText{"fr", "Les frais sont de trois cent cinquante euros."}, langText{"fr", "Les frais sont de 300 €."}, false},
	{"French two thousand", langText{"fr", "Le plafond est de deux mille euros."}, langText{"fr", "Le plafond est de 2 000 €."}, true},
	{"Spanish three hundred", langText{"es", "La fianza es de trescientos euros."}, langText{"es", "La fianza es de 300 €."}, true},
	{"Spanish five hundred is not 400", langText{"es", "La fianza es de quinientos euros."}, langText{"es", "La fianza es de 400 €."}, false},
	{"Spanish four hundred", langText{"es", "Caben cuatrocientos clientes."}, langText{"es", "Caben 400 clientes."}, true},
	{"Spanish two thousand", langText{"es", "El límite es de dos mil euros."}, langText{"es", "El límite es de 2.000 €."}, true},
	{"Spanish two billion stays a multiplier", langText{"es", "Facturó dos mil millones de euros."}, langText{"es", "Facturó 2.000 millones de euros."}, true},
	{"a hundred alone is still no number", langText{"de", "Hundert Dank für Ihre Geduld."}, langText{"de", "Wir antworten in 3 Tagen."}, true},
}

func TestNumberWordsAboveAHundred(t *testing.T) {
	for _, c := range hundredsCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}

// Round 4: phone numbers are compared by their digits. Numbers written
// for ragaudit.
var phoneCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"a Dutch number grouped otherwise", langText{"nl", "Bel ons op 020-1234567."}, langText{"nl", "Bel ons op 020 123 4567."}, true},
	{"a Dutch number with one digit changed", langText{"nl", "Bel ons op 020-1234568."}, langText{"nl", "Bel ons op 020 123 4567."}, false},
	{"an English number with the country code", langText{"en", "Call +44 20 7946 0958."}, langText{"en", "Call us on +44 20-7946-0958."}, true},
	{"a German number with a slash", langText{"de", "Rufen Sie 030/1234567 an."}, langText{"de", "Telefon: 030 1234567"}, true},
	{"a German number with other digits", langText{"de", "Rufen Sie 030/1234567 an."}, langText{"de", "Telefon: 030 7654321"}, false},
	{"a date in digits is no phone number", langText{"de", "Ab 01.05.2026 gilt der Tarif."}, langText{"de", "Der Tarif gilt ab 1. Mai 2026."}, true},
}

func TestPhoneNumbersAreComparedByTheirDigits(t *testing.T) {
	for _, c := range phoneCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}

// Round 4: durations with a half in words, in claims. Sentences written
// for ragaudit.
var halfCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"one and a half years are 18 months", langText{"en", "The warranty lasts one and a half years."}, langText{"en", "The warranty lasts 18 months."}, true},
	{"one and a half years are not 12 months", langText{"en", "The warranty lasts one and a half years."}, langText{"en", "The warranty lasts 12 months."}, false},
	{"Dutch anderhalf jaar is 18 months", langText{"nl", "De garantie duurt anderhalf jaar."}, langText{"nl", "De garantie duurt 18 maanden."}, true},
	{"German anderthalb Jahre are 18 months", langText{"de", "Die Garantie gilt anderthalb Jahre."}, langText{"de", "Die Garantie gilt 18 Monate."}, true},
	{"German anderthalb Jahre are not two years", langText{"de", "Die Garantie gilt anderthalb Jahre."}, langText{"de", "Die Garantie gilt 2 Jahre."}, false},
	{"German half a year is six months", langText{"de", "Das Abo läuft ein halbes Jahr."}, langText{"de", "Das Abo läuft 6 Monate."}, true},
	{"German half a year is not three months", langText{"de", "Das Abo läuft ein halbes Jahr."}, langText{"de", "Das Abo läuft 3 Monate."}, false},
	{"Spanish half an hour is 30 minutes", langText{"es", "La llamada dura media hora."}, langText{"es", "La llamada dura 30 minutos."}, true},
	{"Spanish media before a colon is an average, no half", langText{"es", "Velocidad media: 800 Mb."}, langText{"es", "Velocidad media: 800 Mb. Velocidad mínima: 400 Mb."}, true},
}

func TestHalvesInWordsAreDurations(t *testing.T) {
	for _, c := range halfCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}

// Round 4: an hour in words with the part of the day, in claims.
// Sentences written for ragaudit.
var daytimeCases = []struct {
	name         string
	claim, chunk langText
	want         bool
}{
	{"five in the afternoon is 17:00", langText{"en", "We close at five in the afternoon."}, langText{"en", "We close at 17:00."}, true},
	{"five in the afternoon is not 18:00", langText{"en", "We close at five in the afternoon."}, langText{"en", "We close at 18:00."}, false},
	{"Dutch vijf uur 's middags is 17:00", langText{"nl", "We sluiten om vijf uur 's middags."}, langText{"nl", "We sluiten om 17:00 uur."}, true},
	{"Dutch vijf uur 's middags is not 18:00", langText{"nl", "We sluiten om vijf uur 's middags."}, langText{"nl", "We sluiten om 18:00 uur."}, false},
	{"German acht Uhr morgens is 8:00", langText{"de", "Wir öffnen um acht Uhr morgens."}, langText{"de", "Wir öffnen um 8:00 Uhr."}, true},
	{"Spanish las cinco de la tarde is 17:00", langText{"es", "Cerramos a las cinco de la tarde."}, langText{"es", "Cerramos a las 17:00."}, true},
	{"French cinq heures du soir is not 18 h", langText{"fr", "Nous fermons à cinq heures du soir."}, langText{"fr", "Nous fermons à 18h00."}, false},
}

func TestHoursInWordsWithThePartOfTheDay(t *testing.T) {
	for _, c := range daytimeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := holdsAll(t, c.claim, c.chunk); got != c.want {
				t.Errorf("%q holds %q = %v, want %v (claim %q)", c.chunk.text, c.claim.text, got, c.want,
					shown(claimQuantitiesIn(getLang(t, c.claim.code), c.claim.text)))
			}
		})
	}
}
