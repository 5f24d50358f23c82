package audit

import "testing"

// "Per traveller" and "per person" count a figure per the same thing, in
// every language; "per person" against "per household" and "per item"
// against "per order" still count it per another.
func TestCountedPerAnotherWordForTheSameThing(t *testing.T) {
	assertReason(t, "number_mismatch", []flipCase{
		{"per traveller of per person passes in English", "The excess is £50 per traveller [1].", "The excess is £50 per person per claim.", false},
		{"per passenger of per person passes in English", "The fee is £5 per passenger [1].", "The fee is £5 per person.", false},
		{"per seat of per user passes in English", "It costs €12 per seat per month [1].", "It costs €12 per user per month.", false},
		{"par voyageur passes in French", "La franchise est de 50 € par voyageur [1].", "La franchise s'élève à 50 € par personne et par sinistre.", false},
		{"pro Reisendem passes in German", "Die Selbstbeteiligung beträgt 50 € pro Reisendem [1].", "Die Selbstbeteiligung beträgt 50 € pro Person und Schadensfall.", false},
		{"per reiziger passes in Dutch", "De toeslag is €5 per reiziger [1].", "De toeslag is €5 per persoon.", false},
		{"por viajero passes in Spanish", "La franquicia es de 50 € por viajero [1].", "La franquicia es de 50 € por persona y siniestro.", false},
		{"per person of per household fails", "The allowance is 20 GB per person [1].", "The allowance is 20 GB per household.", true},
		{"per account of per user fails", "It costs €12 per account per month [1].", "It costs €12 per user per month.", true},
		{"per item of per order fails", "Shipping is €4 per item [1].", "Shipping is €4 per order.", true},
	})
}
