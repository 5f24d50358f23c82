package audit

import "testing"

// Half against double is an opposite in every language; the same
// multiple in other words passes.
func TestHalfAgainstDouble(t *testing.T) {
	assertFlips(t, []flipCase{
		{"half against double fails in English", "A late return costs half the daily rate for each extra day [1].",
			"A late return costs double the daily rate for each extra day.", true},
		{"de helft against het dubbele fails in Dutch", "Bij te late inlevering van de fiets betaalt u de helft van het dagtarief [1].",
			"Bij te late inlevering van de fiets betaalt u het dubbele dagtarief.", true},
		{"die Hälfte against das Doppelte fails in German", "Bei verspäteter Rückgabe des Rads zahlen Sie die Hälfte des Tagespreises [1].",
			"Bei verspäteter Rückgabe des Rads zahlen Sie das Doppelte des Tagespreises.", true},
		{"la moitié against le double fails in French", "En cas de retour tardif du vélo, vous payez la moitié du tarif journalier [1].",
			"En cas de retour tardif du vélo, vous payez le double du tarif journalier.", true},
		{"la mitad against el doble fails in Spanish", "Si devuelve la bici tarde, paga la mitad de la tarifa diaria [1].",
			"Si devuelve la bici tarde, paga el doble de la tarifa diaria.", true},
		{"double against twice passes in English", "A late return costs double the daily rate for each extra day [1].",
			"A late return is charged at twice the daily rate for each extra day.", false},
	})
}
