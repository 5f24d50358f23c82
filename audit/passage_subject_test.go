package audit

import "testing"

// A value the chunk states of another name in the name's place, where the
// chunk's sentence naming it states another value, is no support.
func TestSubjectSwapped(t *testing.T) {
	runPassageCases(t, []passageCase{
		{"a delivery time stated of another country fails",
			"Wij leveren in België binnen 2 werkdagen [1].",
			"Wij leveren in Nederland binnen 2 werkdagen. In België duurt de levering 4 werkdagen.",
			[]string{"2 werkdagen"}, "In België duurt de levering 4 werkdagen."},
		{"the country's own delivery time passes",
			"In België duurt de levering 4 werkdagen [1].",
			"Wij leveren in Nederland binnen 2 werkdagen. In België duurt de levering 4 werkdagen.",
			nil, ""},
		{"a German name after the place word fails",
			"Nach Österreich liefern wir in 2 Tagen [1].",
			"Innerhalb Deutschlands liefern wir in 2 Tagen. Nach Österreich dauert die Lieferung 5 Tage.",
			[]string{"2 Tagen"}, "Nach Österreich dauert die Lieferung 5 Tage."},
		{"a German common noun in another's place is no name: no swap",
			"Die Rücksendung ist innerhalb von 30 Tagen kostenlos [1].",
			"Die Rückgabe ist innerhalb von 30 Tagen kostenlos. Nach der Rücksendung erstatten wir den Betrag in 14 Tagen.",
			nil, ""},
		{"an English name in the other's place fails",
			"We ship to Belgium within 2 working days [1].",
			"We ship to Germany within 2 working days. Orders to Belgium take 4 working days.",
			[]string{"2 working days"}, "Orders to Belgium take 4 working days."},
		{"a sentence naming it that states the value too passes",
			"We ship to Belgium within 2 working days [1].",
			"We ship to Germany within 2 working days. Orders to Belgium take 4 working days by road, or 2 working days by air.",
			nil, ""},
		{"a value stated of no other name is left alone",
			"We ship to Belgium within 2 working days [1].",
			"We ship within 2 working days. Orders to Belgium take 4 working days.",
			nil, ""},
		{"another name elsewhere than the name's place is no swap",
			"We ship to Belgium within 2 working days [1].",
			"Since March we ship to customers within 2 working days. Orders to Belgium take 4 working days.",
			nil, ""},
	})
}
