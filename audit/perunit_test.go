package audit

import (
	"context"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// The chunk's figure counted per another thing is another figure, in
// every language; a claim that leaves out what it is counted per, or
// counts it per the same things in another order, keeps it.
func TestPerSwapped(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"on each device for per account fails in English",
			"The Max plan allows 3 downloads on each device [1].", "The Max plan allows 3 downloads per account.", true},
		{"en cada dispositivo for por cuenta fails in Spanish",
			"El plan Max permite 3 descargas en cada dispositivo [1].", "El plan Max permite 3 descargas por cuenta.", true},
		{"for each extra bag of per extra bag passes in English",
			"You pay €7 for each extra bag [1].", "You pay €7 per extra bag.", false},
		{"je Kilowattstunde of pro kWh passes in German: one unit",
			"Der Arbeitspreis beträgt 32,5 Cent je Kilowattstunde [1].", "Der Arbeitspreis beträgt 32,5 Cent pro kWh.", false},
		{"what a figure is counted per ends at the next figure in German",
			"Strom Fix kostet 11,90 € Grundpreis pro Monat und 32,5 Cent je Kilowattstunde [1].", "Der Grundpreis beträgt 11,90 € im Monat, der Arbeitspreis 32,5 Cent pro kWh.", false},
		{"a verb after the join is not counted per in Spanish",
			"El Seguro Plus cuesta 3 € por alquiler y baja la franquicia a 150 € [1].", "El Seguro Plus cuesta 3 € por alquiler. Con él, la franquicia baja de 600 € a 150 €.", false},
		{"per jaar of per kalenderjaar passes in Dutch: the compound's head",
			"Het verplicht eigen risico is in 2025 € 385 per jaar [1].", "Het verplicht eigen risico bedraagt in 2025 € 385 per kalenderjaar voor verzekerden van 18 jaar en ouder.", false},
		{"pro Monat of pro Kalenderjahr fails in German",
			"Der Tarif kostet 600 Euro pro Monat [1].", "Der Tarif kostet 600 Euro pro Kalenderjahr.", true},
		{"per kilowattuur of per kWh passes in Dutch",
			"De leveringsprijs is 29 cent per kilowattuur [1].", "De leveringsprijs is 29 cent per kWh.", false},
		{"every half hour begun of per started half hour passes in English",
			"Parking costs £2 for every half hour begun [1].", "Parking costs £2 per started half hour.", false},
		{"per account for per user fails in English",
			"The Team plan costs €12 per account per month [1].", "The Team plan costs €12 per user per month. Invoices are sent monthly.", true},
		{"per trip for per year fails in English",
			"Cover is limited to €2,000 per year [1].", "Cover is limited to €2,000 per trip. Trips of up to 90 days are covered.", true},
		{"per Konto for pro Nutzer fails in German",
			"Der Team-Tarif kostet 12 € pro Konto im Monat [1].", "Der Team-Tarif kostet 12 € pro Nutzer im Monat. Rechnungen kommen monatlich.", true},
		{"per account for per gebruiker fails in Dutch",
			"Het Team-abonnement kost €12 per account per maand [1].", "Het Team-abonnement kost €12 per gebruiker per maand. Facturen komen maandelijks.", true},
		{"par compte for par utilisateur fails in French",
			"L'offre Team coûte 12 € par compte et par mois [1].", "L'offre Team coûte 12 € par utilisateur et par mois. La facture est mensuelle.", true},
		{"por cuenta for por usuario fails in Spanish",
			"El plan Team cuesta 12 € por cuenta al mes [1].", "El plan Team cuesta 12 € por usuario al mes. La factura es mensual.", true},
		{"the same things in another order pass",
			"The Team plan costs €12 per month per user [1].", "The Team plan costs €12 per user per month. Invoices are sent monthly.", false},
		{"leaving out what the figure is counted per passes",
			"The Team plan costs €12 per month [1].", "The Team plan costs €12 per user per month. Invoices are sent monthly.", false},
		{"a chunk giving the figure with nothing per passes",
			"The Team plan costs €12 per user [1].", "The Team plan costs €12. Each user needs a seat.", false},
		{"a figure the chunk also gives per the claim's thing passes",
			"Storage is 50 GB per user [1].", "Storage is 50 GB per account on Basic and 50 GB per user on Pro.", false},
		{"per line three words after the figure for per account fails",
			"Every plan includes 15 GB of high-speed data per account [1].", "Every plan includes 15 GB of high-speed data per line.", true},
		{"por cada noche for por persona y noche passes in Spanish",
			"Cada huésped paga 2,50 € de tasa turística por cada noche [1].", "La tasa turística de 2,50 € se cobra por persona y noche.", false},
	})
}

// The message quotes what the figure is counted per as the sentence
// writes it: "pro Zimmer", not "pro zimmer" (which is in no sentence).
func TestPerSwappedQuotesTheClaimAsWritten(t *testing.T) {
	cases := []struct{ name, answer, chunk, quoted string }{
		{"a German noun keeps its capital",
			"Die Kurtaxe beträgt 2,50 € pro Zimmer und Nacht [1].", "Die Kurtaxe beträgt 2,50 € pro Person und Nacht. Kinder sind befreit.", "2,50 € pro Zimmer und Nacht"},
		{"an English name keeps its capitals",
			"The Team plan costs €12 per Workspace per month [1].", "The Team plan costs €12 per user per month. Invoices are sent monthly.", "€12 per Workspace per month"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := testAuditor.Audit(context.Background(), record(tc.answer, readers.Chunk{ID: "1", Text: tc.chunk}))
			if err != nil || len(res.Findings) == 0 {
				t.Fatalf("findings %v, error %v", res.Findings, err)
			}
			if f := res.Findings[0]; !slices.Contains(f.NumbersMissing, tc.quoted) {
				t.Errorf("numbers missing %q, want %q as written (%s %v)", f.NumbersMissing, tc.quoted, f.Verdict, f.Reasons)
			}
		})
	}
}
