package audit

import (
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/lang"
)

func TestListExtended(t *testing.T) {
	cases := []struct {
		name     string
		sentence string
		entities []string
		found    []bool
		want     bool
	}{
		{"a name added to a list the chunk gives",
			"We accept Visa, Mastercard, PayPal and American Express.",
			[]string{"Visa", "Mastercard", "PayPal", "American Express"}, []bool{true, true, true, false}, true},
		{"a list joined by short words, one name added",
			"Nous livrons en France, en Belgique, au Luxembourg et en Suisse.",
			[]string{"France", "Belgique", "Luxembourg", "Suisse"}, []bool{true, true, true, false}, true},
		{"the chunk's own list",
			"We accept Visa, Mastercard and PayPal.",
			[]string{"Visa", "Mastercard", "PayPal"}, []bool{true, true, true}, false},
		{"a list the chunk does not give: names missing, not added",
			"We accept Visa, Mastercard and PayPal.",
			[]string{"Visa", "Mastercard", "PayPal"}, []bool{true, false, false}, false},
		{"names apart in a sentence are no list",
			"Anna Berg from Utrecht founded the shop, and Visa pays for Mastercard users.",
			[]string{"Anna Berg", "Utrecht", "Visa", "Mastercard"}, []bool{true, true, true, false}, false},
		{"a place written with commas is no list",
			"Coco Chanel was born in Saumur, Maine-et-Loire, France, in 1883.",
			[]string{"Coco Chanel", "Saumur", "Maine-et-Loire", "France"}, []bool{true, true, true, false}, false},
		{"two names are no list",
			"We accept Visa and PayPal.",
			[]string{"Visa", "PayPal"}, []bool{true, false}, false},
	}
	for _, c := range cases {
		l, _ := lang.Get("en")
		if strings.Contains(c.sentence, "livrons") {
			l, _ = lang.Get("fr")
		}
		if got := listExtended(l, c.sentence, c.entities, c.found); got != c.want {
			t.Errorf("%s: listExtended = %v, want %v", c.name, got, c.want)
		}
	}
}
