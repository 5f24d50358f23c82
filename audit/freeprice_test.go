package audit

import "testing"

// A claim calling a thing free where the chunk's sentence about it gives
// a price or a fee fails, in every language; a chunk that calls it free
// too, a claim that says it is not free, a price of zero and "free to"
// (a liberty, not a price) do not.
func TestFreeAgainstAPrice(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"free for a percentage fee fails in English",
			"Cash withdrawals abroad are free [1].", "Cash withdrawals abroad are charged at 2 % of the amount.", true},
		{"free of charge for an amount fails in English",
			"Paper statements are free of charge [1].", "Paper statements cost €2 per statement.", true},
		{"kostenlos for a percentage fails in German",
			"Bargeldabhebungen im Ausland sind kostenlos [1].", "Bargeldabhebungen im Ausland kosten 2 % des Betrags.", true},
		{"gratis for a percentage fails in Dutch",
			"Geld opnemen in het buitenland is gratis [1].", "Geld opnemen in het buitenland kost 2 % van het bedrag.", true},
		{"gratuits for a fee fails in French",
			"Les retraits à l'étranger sont gratuits [1].", "Les retraits à l'étranger sont facturés 2 % du montant.", true},
		{"gratuitas for a commission fails in Spanish",
			"Las retiradas de efectivo en el extranjero son gratuitas [1].", "Las retiradas de efectivo en el extranjero tienen una comisión del 2 %.", true},
		{"an answering no before free for a price fails in German",
			"Nein, Bargeldabhebungen im Ausland sind mit Ihrer Karte kostenlos [1].", "Bargeldabhebungen im Ausland kosten mit der Karte 2 % des Betrags, mindestens 3 €.", true},
		{"free where the chunk calls it free beside a price passes",
			"Returns are free within 30 days [1].", "Returns are free within 30 days; after that a fee of €5 applies.", false},
		{"not free for a price passes",
			"Paper statements are not free [1].", "Paper statements cost €2 per statement.", false},
		{"free for a price of zero passes",
			"The starter plan is free [1].", "The starter plan costs €0 per month.", false},
		{"free to cancel beside a monthly price passes",
			"You are free to cancel your plan at any time [1].", "You can cancel your plan at any time; the plan costs €10 a month.", false},
		{"included where the chunk's price includes it passes",
			"Delivery is included [1].", "The price of €499 includes delivery.", false},
		{"free where the chunk's sentence lacks a word of the claim passes",
			"Cash withdrawals at our own ATMs are free [1].", "Withdrawals at other banks' ATMs cost €2.", false},
	})
}
