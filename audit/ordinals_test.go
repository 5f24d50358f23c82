package audit

import (
	"slices"
	"testing"
)

// An ordinal is a number of its own kind: a changed one is a
// number_mismatch in every language, an ordinal a chunk does not state
// fails only against another one, and the dates keep their days.
var ordinalCases = []struct {
	name, code, chunk, claim string
	missing                  []string
}{
	{"third floor against second floor is missing", "en", "The service desk is on the second floor.", "The service desk is on the third floor.", []string{"third"}},
	{"ranked third against ranked first is missing", "en", "Our app was ranked first in the survey.", "Our app was ranked third in the survey.", []string{"third"}},
	{"3rd against 2nd is missing", "en", "The desk is on the 2nd floor.", "The desk is on the 3rd floor.", []string{"3rd"}},
	{"a 3rd is held to digits, as any number is", "en", "The desk is on the third floor.", "The desk is on the 3rd floor.", []string{"3rd"}},
	{"a third is stated by a 3rd", "en", "The desk is on the 3rd floor.", "The desk is on the third floor.", nil},
	{"an ordinal a chunk without ordinals does not state is let pass", "en", "Log in, then open the settings.", "First, log in.", nil},
	{"an ordinal of another word is let pass", "en", "Sales rose in the second year.", "Sales rose in the third quarter.", nil},
	{"a third floor against a 2nd floor is missing", "en", "The desk is on the 2nd floor.", "The desk is on the third floor.", []string{"third"}},
	{"15-second is no ordinal", "en", "Each 15-second clip is on the 2nd page.", "Each 15-second clip is on the 2nd page.", nil},
	{"second-hand is no ordinal", "en", "Second-hand items are on the 1st floor.", "Second-hand items are on the 1st floor.", nil},
	{"the first of May is a date, not an ordinal", "en", "We close on the 2nd floor on 1 May 2026.", "We close on the first of May.", nil},
	{"dritten against 2. of the same word is missing", "de", "Der Service ist im 2. Stock.", "Der Service ist im dritten Stock.", []string{"dritten"}},
	{"dritten against zweiten is missing", "de", "Der Service ist im zweiten Stock.", "Der Service ist im dritten Stock.", []string{"dritten"}},
	{"3. against 2. is missing", "de", "Der Service ist im 2. Stock.", "Der Service ist im 3. Stock.", []string{"3."}},
	{"am ersten Mai is a date", "de", "Am 1. Mai 2026 ist der 2. Stock zu.", "Am ersten Mai ist zu.", nil},
	{"derde against tweede is missing", "nl", "De balie is op de tweede verdieping.", "De balie is op de derde verdieping.", []string{"derde"}},
	{"troisième against deuxième is missing", "fr", "Le service est au deuxième étage.", "Le service est au troisième étage.", []string{"troisième"}},
	{"deuxième is stated by 2e", "fr", "Le service est au 2e étage.", "Le service est au deuxième étage.", nil},
	{"tercera against segunda is missing", "es", "El servicio está en la segunda planta.", "El servicio está en la tercera planta.", []string{"tercera"}},
	{"an ordinal with no word after it is no quantity", "en", "First, open the app. Then tap Settings.", "Third, tap Settings.", nil},
	{"an ordinal word in Spanish with no word after it is no quantity", "es", "Primero, abra la app. Luego toque Ajustes.", "Tercero, toque Ajustes.", nil},
	{"an ordinal at the end of a sentence is no quantity", "en", "Our app was ranked first.", "Our app was ranked third.", nil},
	{"twenty-first is stated by a 21st", "en", "The desk is on the 21st floor.", "The desk is on the twenty-first floor.", nil},
	{"twenty-first against a 20th is missing", "en", "The desk is on the 20th floor.", "The desk is on the twenty-first floor.", []string{"twenty-first"}},
	{"twenty-first against twenty-second is missing", "en", "The desk is on the twenty-second floor.", "The desk is on the twenty-first floor.", []string{"twenty-first"}},
	{"the same ordinal word is stated", "es", "El servicio está en la segunda planta.", "Está en la segunda planta.", nil},
}

func TestOrdinalsAreQuantitiesOfTheirOwnKind(t *testing.T) {
	for _, c := range ordinalCases {
		t.Run(c.name, func(t *testing.T) {
			l := getLang(t, c.code)
			cl := &claim{quantities: claimQuantitiesIn(l, c.claim)}
			ev := &evidence{quantities: quantityIndexIn(l, c.chunk)}
			if got := numbersMissing(cl, ev); !slices.Equal(got, c.missing) {
				t.Errorf("missing %q, want %q (claim %v)", got, c.missing, shown(cl.quantities))
			}
		})
	}
}
