package audit

import "testing"

// A number that labels an article, section or page states no amount or
// duration: terms numbered "Artikel 1" to "Artikel 199" do not make a
// made-up "75 euro" supported, nor "Article 2" "2 years". The label itself
// is still stated, and an amount the chunk does state still passes.
func TestLabelNumbersStateNoAmount(t *testing.T) {
	checkLanguageCases(t, []languageCase{
		{"an amount against an article number", "Bij een verhuizing betaalt u een verhuiskost van 75 euro [1].",
			"Artikel 75: de leverancier informeert de klant schriftelijk. Artikel 200: bij een verhuizing blijft het contract zonder kosten doorlopen op het nieuwe adres.", 0, Unsupported, "number_mismatch", "nl", ""},
		{"an amount against a section number", "Moving house costs 75 euros [1].",
			"Section 75: the supplier informs the customer in writing. Section 200: when moving house the contract continues at no cost at the new address.", 0, Unsupported, "number_mismatch", "en", ""},
		{"a duration against an article number", "The warranty lasts 2 years [1].",
			"Article 2: the warranty lasts as long as the law requires. Article 3: repairs are free of charge.", 0, Unsupported, "number_mismatch", "en", ""},
		{"an abbreviated label", "Die Umzugspauschale beträgt 12 Euro [1].",
			"Nach Art. 12 der AGB wird der Vertrag bei einem Umzug kostenlos an der neuen Adresse fortgeführt.", 0, Unsupported, "number_mismatch", "de", ""},
		{"a paragraph sign", "Le déménagement coûte 14 euros [1].",
			"Selon le § 14, le contrat est transféré sans frais à la nouvelle adresse en cas de déménagement.", 0, Unsupported, "number_mismatch", "fr", ""},
		{"an amount against a table number", "Die Gebühr beträgt 3 Euro [1].",
			"Siehe Tabelle 3: Für Überweisungen fällt keine Gebühr an.", 0, Unsupported, "number_mismatch", "de", ""},
		{"an amount against a post box", "De administratiekosten bedragen 75 euro [1].",
			"Stuur het formulier naar Postbus 75, 1000 AB Amsterdam. Voor het formulier rekenen wij administratiekosten.", 0, Unsupported, "number_mismatch", "nl", ""},
		{"a period against a name's number", "Un pass de 500 Mo reste valable un mois [1].",
			"Dans la zone Monde 1, les données coûtent 5 € par pass de 500 Mo valable 7 jours.", 0, Unsupported, "number_mismatch", "fr", ""},
		{"a count against a hall's number", "The fair lasts eight days [1].",
			"Visitors can find us in Hall 8 at booth B110. The fair runs from Monday to Thursday.", 0, Unsupported, "number_mismatch", "en", ""},
		{"a name's number is stated as itself", "The app runs on Windows 11 [1].",
			"The app runs on macOS 14 and on Windows 11.", 0, Supported, "", "en", ""},
		{"the label itself is stated", "Según el artículo 14, la mudanza no tiene coste [1].",
			"Artículo 14: en caso de mudanza, el contrato continúa sin coste en la nueva dirección.", 0, Supported, "", "es", ""},
		{"an amount the labelled article states", "Moving house costs 75 euros [1].",
			"Section 12: moving house costs 75 euros, charged with the next bill.", 0, Supported, "", "en", ""},
	})
}

// A figure is written in a text as the sentence writes it, not inside
// another number: "2 %" is in "del 2 % del capital", not in "12 %" nor
// "2,25 %".
func TestWritesQuantity(t *testing.T) {
	for _, tc := range []struct {
		text, raw string
		want      bool
	}{
		{"es del 2 % del capital", "2 %", true},
		{"es del 12 % del capital", "2 %", false},
		{"es del 2,25 %", "2 %", false},
		{"del 0,25 % y del 2 % después", "2 %", true},
		{"costs €12.50", "€12", false},
		{"costs €12, or less", "€12", true},
		{"", "2 %", false},
	} {
		if got := writesQuantity(tc.text, tc.raw); got != tc.want {
			t.Errorf("writesQuantity(%q, %q) = %v, want %v", tc.text, tc.raw, got, tc.want)
		}
	}
}
