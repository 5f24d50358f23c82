package audit

import "testing"

// naiveContainsFold is containsFold as first written: every start tried.
func naiveContainsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if foldedEqual(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func TestContainsFoldAgreesWithEveryStart(t *testing.T) {
	cases := [][2]string{
		{"", ""}, {"abc", ""}, {"", "a"}, {"Rabbits and birds", "rabbits"}, {"RABBITS", "abbits"},
		{"x@y", "@Y"}, {"[a]", "[A]"}, {"`a", "@a"}, {"aaaab", "aab"}, {"AaAaB", "aAb"},
		{"Ëlan ëlan", "lan"}, {"short", "longer than s"}, {"ab", "b"}, {"ab", "ab"}, {"ab", "Ab"},
		{"9 Tage; Kündigung", "ündigung"}, {"end", "d"}, {"end", "D"}, {"{", "["},
	}
	for _, c := range cases {
		if got, want := containsFold(c[0], c[1]), naiveContainsFold(c[0], c[1]); got != want {
			t.Errorf("containsFold(%q, %q) = %v, every start tried says %v", c[0], c[1], got, want)
		}
	}
}

func FuzzContainsFold(f *testing.F) {
	f.Add("Cats and Dogs may travel", "dogs")
	f.Add("aAaAb", "AAB")
	f.Fuzz(func(t *testing.T, s, sub string) {
		if got, want := containsFold(s, sub), naiveContainsFold(s, sub); got != want {
			t.Errorf("containsFold(%q, %q) = %v, every start tried says %v", s, sub, got, want)
		}
	})
}
