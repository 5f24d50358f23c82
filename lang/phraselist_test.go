package lang

import "testing"

func TestCueSetFindsACueInAnyCaseInOnePass(t *testing.T) {
	var c cueSet
	for _, cue := range []string{"except", "ausgenommen", "één", "[x]", "ž"} {
		c.add(cue)
	}
	cases := []struct {
		name, text string
		want       bool
	}{
		{"a cue in lower case", "all items, except gift cards", true},
		{"a cue in capitals", "EXCEPT gift cards", true},
		{"a cue opening with a capital", "Ausgenommen sind Gutscheine", true},
		{"a cue at the very end", "everything except", true},
		{"a cue cut by the end", "everything exce", false},
		{"a cue opening with a non-ASCII letter", "Er is ÉÉN uitzondering", true},
		{"punctuation is matched as written", "see [X] below", true},
		{"a bracket is not read as a brace", "see {x} below", false},
		{"a two-byte letter", "Žádné výjimky", true},
		{"no cue", "All items can be returned", false},
		{"an empty text", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := c.in(tc.text); got != tc.want {
				t.Errorf("in(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
	var empty cueSet
	if empty.in("except") {
		t.Error("an empty set holds a cue")
	}
}
