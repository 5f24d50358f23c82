package audit

import "testing"

// "All" where the chunk says "most" fails in every language; "most"
// against "most" passes.
func TestAllAgainstMost(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"all for most fails in English", "All rooms have a balcony [1].", "Most rooms have a balcony.", true},
		{"toutes for la plupart fails in French", "Toutes les chambres ont un balcon [1].", "La plupart des chambres ont un balcon.", true},
		{"todas for la mayoría fails in Spanish", "Todas las habitaciones tienen balcón [1].", "La mayoría de las habitaciones tienen balcón.", true},
		{"alle for de meeste fails in Dutch", "Alle kamers hebben een balkon [1].", "De meeste kamers hebben een balkon.", true},
		{"alle for die meisten fails in German", "Alle Zimmer haben einen Balkon [1].", "Die meisten Zimmer haben einen Balkon.", true},
		{"most of most passes", "Most rooms have a balcony [1].", "Most of our rooms have a balcony.", false},
		{"la plupart of la plupart passes", "La plupart des chambres ont un balcon [1].", "La plupart de nos chambres ont un balcon.", false},
	})
}

// A denial with a contrast word between its cue and what it denies
// ("nicht jedoch telefonisch") denies that.
func TestDenialPastAContrastWord(t *testing.T) {
	assertUnsupported(t, []flipCase{
		{"telefonisch against nicht jedoch telefonisch fails in German", "Eine Kündigung ist telefonisch möglich [1].",
			"Eine Kündigung ist online, per Post oder im Shop möglich, nicht jedoch telefonisch.", true},
		{"online against nicht jedoch telefonisch passes in German", "Eine Kündigung ist online möglich [1].",
			"Eine Kündigung ist online, per Post oder im Shop möglich, nicht jedoch telefonisch.", false},
	})
}
