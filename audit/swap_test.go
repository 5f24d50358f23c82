package audit

import "testing"

func TestNameSwapped(t *testing.T) {
	cases := []struct {
		name, sentence, missing, window string
		want                            bool
	}{
		{"another city in the same place is a swap", "The bank is based in Munich.", "Munich", "The bank is based in Frankfurt.", true},
		{"another brand before the same noun is a swap", "All Globex kettles carry a warranty.", "Globex", "All Acme kettles carry a warranty.", true},
		{"another author after the same word is a swap", "The novel was written by Thomas Hardy in 1859.", "Thomas Hardy", "The novel was written by Charles Dickens in 1859.", true},
		{"a name the tagger split is one name", "The novel was written by Thomas Hardy in 1859.", "Hardy", "The novel was written by Charles Dickens in 1859.", true},
		{"a product name with an inner capital counts", "The app runs on Android and Windows.", "Windows", "The app runs on Android and iOS.", true},
		{"an added nickname is no swap", `Gabrielle "Coco" Chanel was born in Saumur.`, "Coco", "Gabrielle Chanel was born in 1883 to Eugénie Jeanne Devolle in Saumur.", false},
		{"added first names are no swap", "George Noel Gittoes was born in Brighton.", "George Noel", "Gittoes was born in 1949 in Brighton and grew up in nearby Rockdale.", false},
		{"a model number goes with its name", "The Orion 5 router supports WPA3.", "Orion", "The Zephyr 3 router supports WPA3.", true},
		{"a shared function word alone places nothing", "She is a cousin of Prince William, Duke of Cambridge.", "Cambridge", "She is Prince William's cousin. Her grandfather, the Duke of Kent, is his cousin.", false},
		{"the rest of a name places nothing", "Melissa Gaboriau Auf der Maur was born in Montreal.", "Melissa Gaboriau", "Auf der Maur was born in Montreal to the politician Nick Auf der Maur.", false},
		{"a name the window lacks with nothing in its place is no swap", "The study was led by Maria Keller.", "Maria Keller", "The study was led by a team of researchers.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := nameSwapped(english, tc.sentence, []string{tc.missing}, tc.window); got != tc.want {
				t.Errorf("nameSwapped(%q, %q, %q) = %v, want %v", tc.sentence, tc.missing, tc.window, got, tc.want)
			}
		})
	}
}
