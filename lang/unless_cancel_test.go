package lang

import "testing"

// A cue of [unless] is no limit: French "à moins que" negates though "ne
// … que" (only) is cancelled by its "que".
func TestUnlessIsNotCancelledByQue(t *testing.T) {
	fr, _ := Get("fr")
	for _, tc := range []struct {
		name  string
		words []string
		at, n int
	}{
		{"à moins que negates", []string{"offerts", "à", "moins", "que", "le", "prêt", "soit", "remboursé"}, 1, 2},
		{"à moins qu' negates", []string{"couvert", "à", "moins", "qu'", "il", "soit", "attaché"}, 1, 2},
		{"ne … que is still only", []string{"il", "ne", "coûte", "que", "5", "euros"}, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fr.NegationAt(tc.words, tc.at); got != tc.n {
				t.Errorf("NegationAt(%q, %d) = %d, want %d", tc.words, tc.at, got, tc.n)
			}
		})
	}
}
