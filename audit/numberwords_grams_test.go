package audit

import (
	"slices"
	"testing"
)

// A number in words is compared by the number check, as digits are: it
// adds no 4-grams to the claim, so "zwei Jahre" against a chunk's "24
// Monate" is as close as "2 Jahre"; a number word read as no number
// ("neuf" of "un produit neuf") keeps its 4-grams.
func TestNumbersInWordsAddNoFourGrams(t *testing.T) {
	cases := []struct {
		name, code, words, digits string
		same                      bool
	}{
		{"German number word before a unit", "de", "Die Garantie gilt zwei Jahre", "Die Garantie gilt 2 Jahre", true},
		{"French number word before a unit", "fr", "La garantie dure deux ans", "La garantie dure 2 ans", true},
		{"Dutch number word before a unit", "nl", "De garantie duurt twee jaar", "De garantie duurt 2 jaar", true},
		{"Spanish number word before a unit", "es", "La garantía dura dos años", "La garantía dura 2 años", true},
		{"French word that is a number only before a unit", "fr", "Le produit est neuf", "Le produit est 9", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tg := tongueOf(tc.code)
			a := testAuditor.claimOf(sentence{Plain: tc.words}, newWordCache().of(tg), tg)
			b := testAuditor.claimOf(sentence{Plain: tc.digits}, newWordCache().of(tg), tg)
			if same := slices.Equal(a.grams, b.grams); same != tc.same {
				t.Errorf("4-grams of %q and %q the same: %v, want %v", tc.words, tc.digits, same, tc.same)
			}
		})
	}
}
