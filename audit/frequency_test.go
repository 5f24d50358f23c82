package audit

import "testing"

// How often a thing happens is a number: "une fois" against "deux fois",
// "einmal" against "zweimal", "once" against "twice" fail in every
// language; the same count reworded passes.
func TestHowOftenIsANumber(t *testing.T) {
	cases := []flipCase{
		{"une fois for deux fois fails in French",
			"Le détartrage est remboursé une fois par année civile [1].", "Le détartrage est remboursé deux fois par année civile.", true},
		{"una vez for dos veces fails in Spanish",
			"La limpieza dental se reembolsa una vez al año [1].", "La limpieza dental se reembolsa dos veces al año.", true},
		{"deux fois reworded passes in French",
			"Le détartrage est remboursé deux fois par année civile [1].", "Deux fois par année civile, le détartrage est remboursé.", false},
	}
	assertReason(t, "number_mismatch", cases)
	assertFlips(t, []flipCase{
		{"einmal for zweimal fails in German",
			"Eine professionelle Zahnreinigung wird einmal pro Kalenderjahr erstattet [1].", "Eine professionelle Zahnreinigung wird zweimal pro Kalenderjahr erstattet.", true},
		{"eenmaal for tweemaal fails in Dutch",
			"Het gebit wordt eenmaal per jaar gecontroleerd [1].", "Het gebit wordt tweemaal per jaar gecontroleerd.", true},
		{"once for twice fails in English",
			"Dental cleaning is covered once per calendar year [1].", "Dental cleaning is covered twice per calendar year.", true},
	})
}
