package audit

import "testing"

func TestADenialTheChunkSaysOfAnotherNameOnlyIsNoSupport(t *testing.T) {
	const (
		frWindow = "L'offre Essentiel impose un engagement de 12 mois. L'offre Intégrale est sans engagement."
		enWindow = "The Basic plan has a minimum term of 12 months. The Flex plan has no minimum term."
	)
	cases := []struct {
		name, code, claim, window string
		want                      bool
	}{
		{"a French row denying of Essentiel what the chunk denies of Intégrale", "fr",
			"Offre Essentiel; Engagement: sans engagement", frWindow, true},
		{"a French row denying of Intégrale what the chunk denies of it", "fr",
			"Offre Intégrale; Engagement: sans engagement", frWindow, false},
		{"an English claim denying of Basic what the chunk denies of Flex", "en",
			"The Basic plan has no minimum term", enWindow, true},
		{"an English claim denying of Flex what the chunk denies of Flex", "en",
			"The Flex plan has no minimum term", enWindow, false},
		{"a window of one sentence says nothing of another name", "en",
			"The Basic plan has no minimum term", "The Flex plan has no minimum term.", false},
		{"a denial in a sentence naming no other name is not another's", "en",
			"The Basic plan has no minimum term", "The Basic plan has a minimum term of 12 months. After that there is no minimum term.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tg := tongueOf(tc.code)
			c := testAuditor.claimOf(sentence{Plain: tc.claim}, newWordCache().of(tg), tg)
			if got := deniedOfOther(&c, tc.window, func(string) bool { return true }); got != tc.want {
				t.Errorf("deniedOfOther(%q, %q) = %v, want %v", tc.claim, tc.window, got, tc.want)
			}
		})
	}
}

func TestWindowSentencesCutAtAStopBeforeACapital(t *testing.T) {
	got := windowSentences("Pro costs €9.90 a month. Basic is free! Is it? yes. No.")
	want := []string{"Pro costs €9.90 a month.", "Basic is free!", "Is it? yes.", "No."}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("sentence %d = %q, want %q", i, got[i], want[i])
		}
	}
}
