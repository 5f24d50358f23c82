package audit

import "testing"

// A time zone the chunk does not name, where it names another, is
// another hour in every language; the same zone in other words, or a
// chunk naming both, passes.
func TestZoneSwapped(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"UK time against CET fails in English", "Support calls are answered until 6 pm UK time [1].", "Support calls are answered until 6 pm CET on weekdays.", true},
		{"hora de Canarias against hora peninsular fails in Spanish", "Las citas online se pueden pedir hasta las 20:00, hora de Canarias [1].",
			"Las citas online se pueden pedir hasta las 20:00, hora peninsular, de lunes a viernes.", true},
		{"britischer Zeit against MEZ fails in German", "Der Kundendienst ist bis 18 Uhr britischer Zeit erreichbar [1].", "Der Kundendienst ist bis 18 Uhr MEZ erreichbar.", true},
		{"heure de Londres against heure de Paris fails in French", "Le service client répond jusqu'à 18 h, heure de Londres [1].",
			"Le service client répond jusqu'à 18 h, heure de Paris, du lundi au vendredi.", true},
		{"Britse tijd against Nederlandse tijd fails in Dutch", "De klantenservice is tot 18.00 uur Britse tijd bereikbaar [1].", "De klantenservice is tot 18.00 uur Nederlandse tijd bereikbaar.", true},
		{"MEZ against mitteleuropäischer Zeit passes in German", "Der Kundendienst ist bis 18 Uhr MEZ erreichbar [1].", "Der Kundendienst ist bis 18 Uhr mitteleuropäischer Zeit erreichbar.", false},
		{"CET against a chunk naming CET and UK time passes in English", "Support calls are answered until 6 pm CET [1].",
			"Support calls are answered until 6 pm CET (5 pm UK time) on weekdays.", false},
	})
}

// A zone's code in the claim where the chunk names it in words is no
// other name.
func TestZoneCodeNamedInWords(t *testing.T) {
	assertReason(t, "entity_mismatch", []flipCase{
		{"CET against Central European Time passes in English", "The office closes at 4:30 pm CET on Fridays [1].",
			"The office closes at 4:30 pm Central European Time on Fridays.", false},
		{"GMT against Central European Time still fails in English", "The office closes at 4:30 pm GMT on Fridays [1].",
			"The office closes at 4:30 pm Central European Time on Fridays.", true},
	})
}
