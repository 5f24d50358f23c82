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
