package lang_test

import (
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

// A negation cue of the close language, no word of the one a text is
// read in, names the close language; the language's own cues, shared
// words and names do not.
func TestCloseNegation(t *testing.T) {
	for _, c := range []struct {
		name, text, code, want string
	}{
		{"geen in a text read as German is Dutch", "Alle tarieven bevatten geen internet.", "de", "nl"},
		{"niet in a text read as German is Dutch", "Windows 11 Home ondersteunt BitLocker niet.", "de", "nl"},
		{"kein in a text read as Dutch is German", "Alle Pakete enthalten kein Roaming.", "nl", "de"},
		{"no in a text read as French is Spanish", "La tarifa Básica no cuesta 20 € al mes.", "fr", "es"},
		{"pas in a text read as Spanish is French", "La garantie ne dure pas 2 ans.", "es", "fr"},
		{"German's own cue is no evidence", "Alle Pakete enthalten kein Roaming.", "de", ""},
		{"Dutch's own cue is no evidence", "Alle tarieven bevatten geen internet.", "nl", ""},
		{"a cue both languages share is no evidence", "Niemand hat angerufen.", "de", ""},
		{"a capitalised cue inside a sentence is a name", "Das Paket Geen Limit kostet 10 €.", "de", ""},
		{"a cue opening the sentence counts", "Geen internet in alle tarieven.", "de", "nl"},
		{"English has no close language", "No returns after 30 days.", "en", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := lang.CloseNegation(c.text, c.code)
			if got != c.want || ok != (c.want != "") {
				t.Errorf("CloseNegation(%q, %s) = %q, %v, want %q", c.text, c.code, got, ok, c.want)
			}
		})
	}
}

// BenchmarkCloseNegation: the audit asks it of every sentence and of
// every distinct chunk (per worker).
func BenchmarkCloseNegation(b *testing.B) {
	texts := []struct{ text, code string }{
		{"Die Rückgabefrist beträgt 30 Tage ab Erhalt der Ware [1].", "de"},
		{"Vous pouvez retourner l'article dans un délai de 30 jours [1].", "fr"},
		{"Puede devolver el artículo en un plazo de 30 días desde la entrega [1].", "es"},
		{"U kunt het artikel binnen 30 dagen na ontvangst retourneren [1].", "nl"},
	}
	lang.CloseNegation(texts[0].text, texts[0].code) // the tables are read once, not timed
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		x := texts[i%len(texts)]
		lang.CloseNegation(x.text, x.code)
	}
}
