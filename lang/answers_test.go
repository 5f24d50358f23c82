package lang

import "testing"

func TestAnswerWordOnlySentences(t *testing.T) {
	cases := []struct {
		name, code, text string
		want             bool
	}{
		{"a bare yes is only an answer word", "en", "Yes.", true},
		{"a bare no is only an answer word", "en", "No.", true},
		{"yes with a pronoun and a modal is only an answer word", "en", "Yes, you can.", true},
		{"German ja with das geht is only an answer word", "de", "Ja, das geht.", true},
		{"French oui with c'est possible is only an answer word", "fr", "Oui, c’est possible.", true},
		{"Dutch ja with dat kan is only an answer word", "nl", "Ja, dat kan.", true},
		{"Spanish sí with se puede is only an answer word", "es", "Sí, se puede.", true},
		{"German nein with es geht nicht is only an answer word", "de", "Nein, das geht leider nicht.", true},
		{"yes with a checkable claim is a claim", "en", "Yes, opened items can be returned within 14 days.", false},
		{"ja with a checkable claim is a claim", "de", "Ja, geöffnete Artikel können zurückgegeben werden.", false},
		{"no with a figure is a claim", "en", "No, it is 30 days.", false},
		{"a sentence not opening with an answer word is a claim", "en", "You can.", false},
		{"an answer word of another language is not read", "en", "Ja, das geht.", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, ok := Get(tc.code)
			if !ok {
				t.Fatalf("no language %s", tc.code)
			}
			if got := l.AnswerWordOnly(tc.text); got != tc.want {
				t.Errorf("AnswerWordOnly(%q) = %v, want %v", tc.text, got, tc.want)
			}
		})
	}
}
