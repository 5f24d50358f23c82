package audit

import "testing"

// A data rate is a figure with a unit, in every language: "64 Mbit/s"
// against "64 kbit/s" is a thousand times off, and "1 Gbit/s" is
// "1000 Mbit/s" (and its unit no name the chunk lacks).
func TestDataRatesAreUnits(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"Mbit/s for kbit/s fails in English", "After the data volume is used up, the speed drops to 64 Mbit/s [1].",
			"Once your data volume is used up, the speed is throttled to 64 kbit/s until the end of the billing month.", true},
		{"Mbps for kbit/s fails in English", "After the data volume is used up, the speed drops to 64 Mbps [1].",
			"Once your data volume is used up, the speed is throttled to 64 kbit/s until the end of the billing month.", true},
		{"kbit/s for Mbit/s fails in English", "The line offers up to 50 kbit/s [1].", "The line offers up to 50 Mbit/s.", true},
		{"Mbit/s for kbit/s fails in German", "Nach Verbrauch des Datenvolumens wird die Geschwindigkeit auf 64 Mbit/s reduziert [1].",
			"Ist Ihr Datenvolumen verbraucht, wird die Geschwindigkeit bis zum Ende des Abrechnungsmonats auf 64 kbit/s gedrosselt.", true},
		{"Mbit/s for kbit/s fails in Dutch", "De snelheid wordt verlaagd naar 64 Mbit/s [1].", "Als je databundel op is, wordt de snelheid verlaagd naar 64 kbit/s.", true},
		{"kbps of kbit/s passes", "After the data volume is used up, the speed drops to 64 kbps [1].",
			"Once your data volume is used up, the speed is throttled to 64 kbit/s until the end of the billing month.", false},
		{"1 Gbit/s of 1000 Mbit/s passes", "Our fibre line offers download speeds of up to 1 Gbit/s at every address in the city [1].",
			"Our fibre line offers download speeds of up to 1000 Mbit/s at every address in the city.", false},
		{"1 Gbit/s of 1000 Mbit/s passes in Dutch", "De lijn biedt tot 1 Gbit/s op elk adres in de stad [1].", "De lijn biedt tot 1000 Mbit/s op elk adres in de stad.", false},
	})
}
