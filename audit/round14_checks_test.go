package audit

import "testing"

// A period's start given where the chunk gives its end at the same date,
// and one source of electricity for another, also inside a compound.
func TestStartForEndAndEnergySources(t *testing.T) {
	assertFlips(t, []flipCase{
		{"open on for accepted until fails in English",
			"Applications for the autumn term open on 1 May [1].", "Applications for the autumn term are accepted until 1 May.", true},
		{"accepted until for open on fails in English",
			"Applications for the autumn term are accepted until 1 May [1].", "Applications for the autumn term open on 1 May.", true},
		{"close on for accepted until passes in English",
			"Applications for the autumn term close on 1 May [1].", "Applications for the autumn term are accepted until 1 May.", false},
		{"ends on for the end of a range passes in English",
			"The summer sale ends on 31 August [1].", "The summer sale runs from 1 July to 31 August.", false},
		{"starts on for the start of a range passes in English",
			"The summer sale starts on 1 July [1].", "The summer sale runs from 1 July to 31 August.", false},
		{"beginnt am for bis zum fails in German",
			"Die Anmeldung für das Herbstsemester beginnt am 1. Mai [1].", "Anmeldungen für das Herbstsemester werden bis zum 1. Mai angenommen.", true},
		{"opent op for tot fails in Dutch",
			"De inschrijving voor het najaarssemester opent op 1 mei [1].", "Inschrijvingen voor het najaarssemester worden aangenomen tot 1 mei.", true},
		{"ouvrent le for jusqu'au fails in French",
			"Les inscriptions pour le semestre d'automne ouvrent le 1er mai [1].", "Les inscriptions pour le semestre d'automne sont acceptées jusqu'au 1er mai.", true},
		{"se abren el for hasta el fails in Spanish",
			"Las inscripciones para el semestre de otoño se abren el 1 de mayo [1].", "Las inscripciones para el semestre de otoño se aceptan hasta el 1 de mayo.", true},
		{"begint op for the start of a range passes in Dutch",
			"De zomeruitverkoop begint op 1 juli [1].", "De zomeruitverkoop loopt van 1 juli tot en met 31 augustus.", false},
		{"solar for wind power fails in English",
			"The Green Fixed contract supplies 100% Dutch solar power at a fixed price for 3 years [1].", "The Green Fixed contract supplies 100% Dutch wind power at a fixed price for 3 years.", true},
		{"zonnestroom for windstroom fails in Dutch",
			"Het contract Groen Vast levert 100 % Nederlandse zonnestroom met een vaste prijs voor 3 jaar [1].", "Het contract Groen Vast levert 100 % Nederlandse windstroom met een vaste prijs voor 3 jaar.", true},
		{"Solarstrom for Windstrom fails in German",
			"Der Tarif Öko Fix liefert 100 % Solarstrom aus Deutschland mit einer Preisgarantie von 24 Monaten [1].", "Der Tarif Öko Fix liefert 100 % Windstrom aus Deutschland mit einer Preisgarantie von 24 Monaten.", true},
		{"Gewährleistungszeit for Garantiezeit passes in German",
			"Die Gewährleistungszeit beträgt für alle Geräte zwei Jahre ab Kaufdatum [1].", "Die Garantiezeit beträgt für alle Geräte zwei Jahre ab Kaufdatum.", false},
		{"wind and solar for solar and wind passes in English",
			"The contract supplies green electricity from wind and solar sources [1].", "The Green contract supplies electricity from solar and wind sources.", false},
	})
}
