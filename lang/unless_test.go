package lang

import "testing"

// UnlessClause reads the condition after a cue of [unless] in any case;
// the byte test before its pattern lets no cue through unread.
func TestUnlessClauseInAnyCase(t *testing.T) {
	cases := []struct {
		code, text, cond string
		ok               bool
	}{
		{"en", "Refunds are not given unless the item is faulty.", "the item is faulty", true},
		{"en", "Refunds are not given UNLESS the item is faulty.", "the item is faulty", true},
		{"en", "Unless you cancel, the plan renews.", "you cancel", true},
		{"en", "Refunds are given within 30 days.", "", false},
		{"de", "Eine Erstattung erfolgt nicht, es sei denn, die Ware ist defekt.", "die Ware ist defekt", true},
		{"fr", "Les dommages ne sont pas couverts, sauf si vous ajoutez l'option.", "vous ajoutez l'option", true},
		{"nl", "Retouren zijn niet mogelijk, TENZIJ het product defect is.", "het product defect is", true},
		{"es", "No se reembolsa salvo que el producto sea defectuoso.", "el producto sea defectuoso", true},
	}
	for _, tc := range cases {
		l, ok := Get(tc.code)
		if !ok {
			t.Fatalf("no language %s", tc.code)
		}
		cond, had := l.UnlessClause(tc.text)
		if had != tc.ok || cond != tc.cond {
			t.Errorf("%s %q: %q, %v; want %q, %v", tc.code, tc.text, cond, had, tc.cond, tc.ok)
		}
		if _, had := l.WithoutUnless(tc.text); had != tc.ok {
			t.Errorf("%s %q: WithoutUnless found a cue %v, want %v", tc.code, tc.text, had, tc.ok)
		}
	}
}
