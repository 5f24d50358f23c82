package lang_test

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// knownIn returns the predicate Compound asks: is this stem a word of
// text (the other text, stemmed as the audit stems it)?
func knownIn(l *lang.Language, text string) func(string) bool {
	stems := map[string]bool{}
	for _, w := range strings.Fields(text) {
		stems[l.Stem(l.Normalize(w))] = true
	}
	return func(s string) bool { return stems[s] }
}

func TestCompounds(t *testing.T) {
	for _, c := range []struct {
		name, code, word, other string
		want                    bool
	}{
		{"German compound meets its parts", "de", "Garantiezeit", "die Zeit der Garantie", true},
		{"German compound in the plural meets its parts", "de", "Garantiezeiten", "die Garantie gilt für diese Zeit", true},
		{"German linking s", "de", "Lieferungszeit", "Zeit der Lieferung", true},
		{"German linking n, three parts", "de", "Kundendienstnummer", "die Nummer vom Dienst für Kunden", true},
		{"German umlaut parts", "de", "Rückgabefrist", "Frist für die Rückgabe", true},
		{"German compound with one part missing", "de", "Garantiezeit", "die Garantie gilt", false},
		{"German parts from other words", "de", "Garantiezeit", "Zeitung und Garantin", false},
		{"German stopword parts do not count", "de", "Einmal", "ein mal", false},
		{"Dutch compound meets its parts", "nl", "retourtermijn", "de termijn voor een retour", true},
		{"Dutch linking s", "nl", "leveringstermijn", "de termijn van levering", true},
		{"Dutch linking en", "nl", "klantenservice", "service voor de klant", true},
		{"Dutch unrelated word", "nl", "retourtermijn", "de bezorging duurt lang", false},
		{"French writes no compounds", "fr", "garantietemps", "garantie temps", false},
		{"English writes no compounds", "en", "warrantyperiod", "warranty period", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := get(t, c.code)
			if got := l.Compound(c.word, knownIn(l, c.other)); got != c.want {
				t.Errorf("Compound(%q) against %q = %v, want %v", c.word, c.other, got, c.want)
			}
		})
	}
}
