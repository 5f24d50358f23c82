package lang_test

import (
	"strings"
	"testing"
)

// A word on a scale says its end, turned by a degree word before it.
func TestScaleAt(t *testing.T) {
	for _, c := range []struct {
		name, code, text string
		at, end          int
	}{
		{"cheapest is the cheap end in English", "en", "the cheapest plan", 1, 0},
		{"least expensive is the cheap end in English", "en", "the least expensive plan", 2, 0},
		{"most expensive is the dear end in English", "en", "the most expensive plan", 2, 1},
		{"moins cher is the cheap end in French", "fr", "la moins chère", 2, 0},
		{"plus cher is the dear end in French", "fr", "la plus chère", 2, 1},
		{"menos caro is the cheap end in Spanish", "es", "el menos caro", 2, 0},
		{"teuerste is the dear end in German", "de", "der teuerste tarif", 1, 1},
		{"minder duur is the cheap end in Dutch", "nl", "minder duur", 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, end, ok := get(t, c.code).ScaleAt(strings.Fields(c.text), c.at)
			if !ok || end != c.end {
				t.Errorf("ScaleAt(%q, %d) = end %d, %v; want %d", c.text, c.at, end, ok, c.end)
			}
		})
	}
	if _, _, ok := get(t, "en").ScaleAt([]string{"plan"}, 0); ok {
		t.Error(`"plan" is on no scale`)
	}
}

// Phrases that deny of all are read whole, and a byte test finds them
// only as words of their own.
func TestDenialsOfAll(t *testing.T) {
	for _, c := range []struct {
		name, code, text string
		n                int
	}{
		{"nobody in English", "en", "nobody pays", 1},
		{"no one in English", "en", "no one pays", 2},
		{"kein einziger in German", "de", "kein einziger kurs", 2},
		{"geen enkele in Dutch", "nl", "geen enkele klant", 2},
		{"pas un seul in French", "fr", "pas un seul client", 3},
		{"ni un solo in Spanish", "es", "ni un solo cliente", 3},
		{"a customer is none", "en", "a customer pays", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if n := get(t, c.code).DenialOfAllAt(strings.Fields(c.text), 0); n != c.n {
				t.Errorf("DenialOfAllAt(%q) = %d, want %d", c.text, n, c.n)
			}
		})
	}
	en := get(t, "en")
	for text, want := range map[string]bool{"Nobody pays.": true, "All guests pay.": false, "The noble gas.": false} {
		if got := en.MayDenyAll(text); got != want {
			t.Errorf("MayDenyAll(%q) = %v, want %v", text, got, want)
		}
	}
	for text, want := range map[string]bool{"All guests pay.": true, "Install the app.": false, "Every guest pays.": true} {
		if got := en.MayHoldUniversal(text); got != want {
			t.Errorf("MayHoldUniversal(%q) = %v, want %v", text, got, want)
		}
	}
}

// Phrases written apart that name a group's complement; "fuera" alone is
// also "were".
func TestComplementWords(t *testing.T) {
	for _, c := range []struct {
		code, text string
		n          int
	}{
		{"en", "non members", 1}, {"en", "outside the eu", 1}, {"fr", "hors ue", 1}, {"fr", "en dehors de l'ue", 3},
		{"es", "fuera de la ue", 2}, {"de", "außerhalb der eu", 1}, {"nl", "buiten de eu", 1},
		{"en", "members", 0}, {"es", "fuera financiada", 0},
	} {
		if n := get(t, c.code).ComplementAt(strings.Fields(c.text), 0); n != c.n {
			t.Errorf("%s: ComplementAt(%q) = %d, want %d", c.code, c.text, n, c.n)
		}
	}
}
