package audit

import "testing"

func TestLanguageOf(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"a German question is German", "Wie lange dauert der Versand nach Österreich?", "de"},
		{"a Dutch refusal is Dutch", "Daarover heb ik helaas geen informatie.", "nl"},
		{"an English answer is English", "Refunds are accepted within 30 days of delivery.", "en"},
		{"a marker and a number are no language", "€ 15,00 [1].", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := LanguageOf(tc.text); got != tc.want {
				t.Errorf("LanguageOf(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}
