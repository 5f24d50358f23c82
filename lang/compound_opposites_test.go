package lang

import "testing"

func TestCompoundsOfOppositeMembersOppose(t *testing.T) {
	for _, tc := range []struct {
		code, a, b string
		want       bool
	}{
		{"de", "höchstbestellmenge", "mindestbestellmenge", true},
		{"de", "maximalvertragslaufzeit", "mindestvertragslaufzeit", true},
		{"nl", "maximumbedrag", "minimumbedrag", true},
		{"de", "monatsabo", "jahresabo", true}, // linking elements apart: "monat" against "jahr"
		{"de", "monatsabo", "monatsabos", false},
		{"de", "wochenkarte", "tageskarte", true},
		{"de", "monat", "kalenderjahr", true}, // a period against a compound's period head
		{"nl", "maand", "kalenderjaar", true},
		{"nl", "bruin", "bruingele", false}, // brown and yellow: a colour head opposes nothing
		{"nl", "jaar", "kalenderjaar", false},
		{"de", "mindestbestellmenge", "mindestbestellmenge", false},
		{"de", "bestellmenge", "liefermenge", false},
		{"en", "maximumamount", "minimumamount", false}, // English writes no compounds
	} {
		l, _ := Get(tc.code)
		if got := l.CompoundOpposes(tc.a, tc.b); got != tc.want {
			t.Errorf("%s CompoundOpposes(%q, %q) = %v, want %v", tc.code, tc.a, tc.b, got, tc.want)
		}
	}
}
