package audit

import "testing"

// A side that says in other words what the other denies agrees with it:
// "free" for "no fee", "gebührenfrei" for "keine Gebühr", "unbegrenzte"
// for "ohne …begrenzung"; and "don't forget to" asks to do it. A real
// denial of what the chunk says still fails.
func TestDenialsInOtherWordsAgree(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"free for no fee", "Listing is free for private sellers [1].",
			"Private sellers pay no listing fee and 5% of the sale price. Business sellers pay £0.35 per listing.", 0, Supported, "", "en", ""},
		{"gebührenfrei for keine Gebühr", "Zwischen zwei Filialen in derselben Stadt ist die Rückgabe gebührenfrei [1].",
			"Zwischen zwei Filialen in derselben Stadt fällt für die Rückgabe keine Gebühr an. Rückgaben ins Ausland kosten 25 €.", 0, Supported, "", "de", ""},
		{"unbegrenzte for ohne Kilometerbegrenzung", "Im Tarif Premium fahren Sie ohne Kilometerbegrenzung [1].",
			"Der Tarif Premium enthält unbegrenzte Kilometer. Im Tarif Basis sind 200 Kilometer pro Tag frei.", 0, Supported, "", "de", ""},
		{"vergeet niet asks to do it", "Vergeet niet om binnen vijf werkdagen na de verhuizing je meterstanden door te geven [1].",
			"Je geeft je meterstanden binnen 5 werkdagen na de verhuizing door. Met een slimme meter lezen wij ze zelf uit.", 0, Supported, "", "nl", ""},
		{"don't forget asks to do it", "Don't forget to send your meter readings within five working days of moving [1].",
			"Send your meter readings within 5 working days of moving. With a smart meter we read them ourselves.", 0, Supported, "", "en", ""},
		{"no cuesta for gratuito", "El extracto electrónico no cuesta nada [1].",
			"El extracto en papel cuesta 2 € por envío; el extracto electrónico es gratuito.", 0, Supported, "", "es", ""},
		{"a cost denied of what the chunk prices still fails", "El extracto en papel no cuesta nada [1].",
			"El extracto en papel cuesta 2 € por envío; el extracto electrónico es gratuito.", 0, Unsupported, "negation_mismatch", "es", ""},
		{"a denial of what the chunk asks still fails", "Je geeft je meterstanden na de verhuizing niet door [1].",
			"Je geeft je meterstanden binnen 5 werkdagen na de verhuizing door. Met een slimme meter lezen wij ze zelf uit.", 0, Unsupported, "negation_mismatch", "nl", ""},
		{"a charge where the chunk denies one still fails", "Zwischen zwei Filialen in derselben Stadt ist die Rückgabe gebührenpflichtig [1].",
			"Zwischen zwei Filialen in derselben Stadt fällt für die Rückgabe keine Gebühr an. Rückgaben ins Ausland kosten 25 €.", 0, Unsupported, "negation_mismatch", "de", ""},
	})
}

// Frisian and Luxembourgish share most words with Dutch and German: told
// apart by their own, they are not auditable, never judged by Dutch,
// German or English rules (a flipped negation would pass).
func TestRegionalLanguagesAreNotJudgedByTheirNeighbours(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"a Frisian flipped negation", "Skea oan it dak wurdt net fergoede as jo gjin erkende hersteller kieze [1].",
			"Skea oan it dak wurdt fergoede as jo in erkende hersteller kieze. It eigen risiko is 250 euro per skeafal.", 0, NotAuditable, reasonLanguage, "fy", ""},
		{"a Luxembourgish flipped negation", "Glasschued gëtt net ersat, wann Dir en onbekannte Reparateur wielt [1].",
			"Glasschued gëtt ersat, wann Dir en onbekannte Reparateur wielt. D'Selbstbedeelegung ass 250 Euro pro Schued.", 0, NotAuditable, reasonLanguage, "lb", ""},
	})
}
