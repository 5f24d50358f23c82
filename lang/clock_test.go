package lang_test

import (
	"slices"
	"testing"
)

func TestClockWordsSignsAndCurrencyConnectors(t *testing.T) {
	for _, c := range []struct {
		name string
		got  bool
		want bool
	}{
		{"German Uhr always makes a time of day", get(t, "de").IsClockWord("Uhr"), true},
		{"German Stunden are a duration, never a clock hour", get(t, "de").IsClockHour("Stunden"), false},
		{"Dutch uur is a clock hour after om", get(t, "nl").IsClockHour("uur"), true},
		{"Dutch uur alone is no clock word", get(t, "nl").IsClockWord("uur"), false},
		{"French heures are a clock hour", get(t, "fr").IsClockHour("heures"), true},
		{"Spanish horas are a clock hour", get(t, "es").IsClockHour("horas"), true},
		{"French h marks an hour before its minutes", get(t, "fr").IsClockMark("h"), true},
		{"Dutch u marks an hour before its minutes", get(t, "nl").IsClockMark("u"), true},
		{"English reads its times itself", get(t, "en").IsClockMark("h"), false},
		{"om before an hour makes a time", get(t, "nl").ClockBefore([]string{"wij", "om"}), true},
		{"a las before an hour makes a time", get(t, "es").ClockBefore([]string{"a", "Las"}), true},
		{"las alone is an article: las 24 horas", get(t, "es").ClockBefore([]string{"todas", "las"}), false},
		{"um before an hour makes a time", get(t, "de").ClockBefore([]string{"um"}), true},
		{"no words before an hour make no time", get(t, "fr").ClockBefore(nil), false},
		{"bis joins the ends of a range", get(t, "de").IsRangeWord("bis"), true},
		{"tot joins the ends of a range", get(t, "nl").IsRangeWord("tot"), true},
		{"und joins no range", get(t, "de").IsRangeWord("und"), false},
		{"minus makes a German number negative", get(t, "de").IsMinus("", "minus"), true},
		{"moins makes a French number negative", get(t, "fr").IsMinus("à", "moins"), true},
		{"au moins means at least", get(t, "fr").IsMinus("au", "moins"), false},
		{"al menos means at least", get(t, "es").IsMinus("Al", "menos"), false},
		{"menos alone makes a Spanish number negative", get(t, "es").IsMinus("de", "menos"), true},
		{"de joins millones and euros", get(t, "es").IsCurrencyConnector("de"), true},
		{"d’ joins millions and euros", get(t, "fr").IsCurrencyConnector("d’"), true},
		{"German needs no connector", get(t, "de").IsCurrencyConnector("de"), false},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %v", c.name, c.got)
		}
	}
	if ws := get(t, "de").MonthTimeWords(); !slices.Contains(ws, "seit") || !slices.IsSorted(ws) {
		t.Errorf("German month-time words %v: want seit, sorted", ws)
	}
}

func TestWordsThatAreAlsoOtherWordsAreAmbiguousNumbers(t *testing.T) {
	for _, c := range []struct{ code, w string }{{"fr", "neuf"}, {"de", "eines"}, {"nl", "een"}} {
		if v, amb, ok := get(t, c.code).NumberWord(c.w); !ok || v == 0 || !amb {
			t.Errorf("%s NumberWord(%q) = %d, ambiguous %v, %v; want a number that needs context", c.code, c.w, v, amb, ok)
		}
	}
	if _, ok := get(t, "fr").Currency("livre"); ok {
		t.Error(`French "livre" is a book ("un livre neuf"), not a currency`)
	}
}

// The audit looks words up for every number of every chunk: a capitalised
// word is lowercased without a new string.
func TestNumberDateAndUnitLookupsAllocateNothing(t *testing.T) {
	de, fr := get(t, "de"), get(t, "fr")
	words := []string{"Vier", "Millionen", "Euro"}
	n := testing.AllocsPerRun(50, func() {
		de.Unit("Tage")
		de.Currency("Euro")
		de.Month("Mrz.")
		de.OrdinalBefore("Jahrhundert")
		de.NumberAt(words, 0)
		de.MultiplierAt(words, 1)
		de.PercentAt([]string{"Prozent"}, 0)
		de.IsClockWord("Uhr")
		fr.ClockBefore([]string{"À"})
		fr.IsMinus("Au", "Moins")
		fr.NumberWord("Quatre-Vingt-Dix")
	})
	if n != 0 {
		t.Errorf("%v allocations", n)
	}
	if v, k, _ := de.NumberAt(words, 0); v != 4 || k != 1 {
		t.Errorf(`"Vier" = %d in %d words`, v, k)
	}
	if v, _, ok := fr.NumberWord("Quatre-Vingt-Dix"); !ok || v != 90 {
		t.Errorf(`"Quatre-Vingt-Dix" = %d, %v`, v, ok)
	}
}
