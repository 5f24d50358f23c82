package audit

import "testing"

// A country, or what its people or language are called, where the chunk
// names another in its place fails as a swapped name in every language;
// a place the chunk names in any form, or among others, does not.
func TestPlaceSwapped(t *testing.T) {
	assertReason(t, "entity_mismatch", []flipCase{
		{"Irish for British customers fails in English",
			"Irish customers pay no shipping fee [1].", "British customers pay no shipping fee. Returns are free.", true},
		{"nach Österreich for innerhalb Deutschlands fails in German",
			"Nach Österreich ist der Versand ab 50 € kostenlos [1].", "Der Versand innerhalb Deutschlands ist ab 50 € Bestellwert kostenlos.", true},
		{"Österreichische for Deutsche Kunden fails in German, the word opening the sentence",
			"Österreichische Kunden zahlen keine Versandkosten [1].", "Deutsche Kunden zahlen keine Versandkosten.", true},
		{"Belgische for Nederlandse klanten fails in Dutch",
			"Belgische klanten betalen geen verzendkosten [1].", "Nederlandse klanten betalen geen verzendkosten.", true},
		{"en Belgique for en France fails in French",
			"La livraison en Belgique est gratuite dès 50 € [1].", "La livraison en France métropolitaine est gratuite dès 50 €.", true},
		{"mexicanos for españoles fails in Spanish",
			"Los clientes mexicanos no pagan gastos de envío [1].", "Los clientes españoles no pagan gastos de envío.", true},
		{"the same country in another form passes",
			"Irish customers pay no shipping fee [1].", "Customers in Ireland pay no shipping fee. Returns are free.", false},
		{"a country the chunk names among others passes",
			"Der Versand nach Österreich ist ab 50 € kostenlos [1].", "Der Versand nach Deutschland, Österreich und in die Schweiz ist ab 50 € kostenlos.", false},
		{"a country the chunk names in another form and sentence passes",
			"Austrian customers pay no shipping fee over €50 [1].", "Customers pay no shipping fee over €50. This applies in Germany and Austria.", false},
		{"a country named across a dash is named",
			"France declared war on August 3 [1].", "Germany ignored Russia and moved first against France–declaring war on August 3.", false},
		{"a claim naming no country passes",
			"Shipping is free over €50 [1].", "Shipping within Germany is free over €50.", false},
	})
}
