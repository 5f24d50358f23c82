package lang

import "testing"

func TestFrenchIrregularPluralsStemAsTheirSingulars(t *testing.T) {
	l, ok := Get("fr")
	if !ok {
		t.Fatal("no French")
	}
	for _, tc := range []struct{ plural, singular string }{
		{"ruraux", "rural"}, {"journaux", "journal"}, {"hôpitaux", "hôpital"}, {"bateaux", "bateau"}, {"nationaux", "national"},
	} {
		if a, b := l.Stem(tc.plural), l.Stem(tc.singular); a != b {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q: want the same", tc.plural, a, tc.singular, b)
		}
	}
	if l.Stem("aux") != "aux" {
		t.Errorf("Stem(%q) = %q: a word no longer than its ending keeps it", "aux", l.Stem("aux"))
	}
}

func TestFrenchVerbsInDreStemAsOne(t *testing.T) {
	l, ok := Get("fr")
	if !ok {
		t.Fatal("no French")
	}
	for _, tc := range []struct{ form, infinitive string }{
		{"répondu", "répondre"}, {"réponds", "répondre"}, {"répondra", "répondre"}, {"répondrait", "répondre"},
		{"rendue", "rendre"}, {"vendus", "vendre"}, {"attendront", "attendre"}, {"perdu", "perd"},
		{"ordres", "ordre"},
	} {
		if a, b := l.Stem(tc.form), l.Stem(tc.infinitive); a != b {
			t.Errorf("Stem(%q) = %q, Stem(%q) = %q: want the same", tc.form, a, tc.infinitive, b)
		}
	}
	if l.Stem("du") != "du" {
		t.Errorf("Stem(%q) = %q: a word no longer than its ending keeps it", "du", l.Stem("du"))
	}
}
