package nounphrase

import (
	"reflect"
	"testing"
)

func TestPhrases(t *testing.T) {
	tg, err := NewTagger()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		in   string
		want []string
	}{
		{"Your kettle has a two-year limited warranty.", []string{"kettle", "two-year limited warranty"}},
		{"Refunds are paid to the original payment method.", []string{"Refunds", "original payment method"}},
		{"The Acme Pro plan costs 127.50 EUR per year.", []string{"Acme Pro plan", "EUR", "year"}},
	}
	for _, tc := range cases {
		var got []string
		for _, p := range Phrases(tg.Tag(tc.in)) {
			got = append(got, p.Text)
			if len(p.Words) == 0 {
				t.Errorf("phrase %q without words", p.Text)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Phrases(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"Refunds,": "refund", "policies": "policy", "boxes": "box", "Acme's": "acme",
		"business": "business", "status": "status", "analysis": "analysis", "(EU)": "eu",
		"bus": "bus", "!!!": "",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
	if Stem("delivered") != Stem("delivery") {
		t.Errorf("Stem: delivered=%q delivery=%q", Stem("delivered"), Stem("delivery"))
	}
	if got := Words("two-year, heating-element (EU)"); !reflect.DeepEqual(got, []string{"two", "year", "heating", "element", "eu"}) {
		t.Errorf("Words = %q", got)
	}
}
