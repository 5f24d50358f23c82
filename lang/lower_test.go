package lang

import (
	"strings"
	"testing"
)

func TestLowercasingIsStringsToLower(t *testing.T) {
	for r := rune(0); r < 0x800; r++ {
		if got, want := string(appendLower(nil, "A"+string(r))), strings.ToLower("A"+string(r)); got != want {
			t.Errorf("%U: %q, want %q", r, got, want)
		}
	}
	for _, w := range []string{"", "Quatre-Vingt-Dix", "  Vingt  et UN ", "ÉÉN", "\xff-a", "MIL MILLONES"} {
		if got, want := string(appendKey(nil, []string{w, "Días"})), numberKey(w+" Días"); got != want {
			t.Errorf("appendKey(%q) = %q, want numberKey's %q", w, got, want)
		}
	}
}
