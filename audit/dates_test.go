package audit

import (
	"slices"
	"testing"
)

// What a chunk states in parts, as human raters read it: a date's year
// from the page's date line, a month named as a time, the second year of
// a range; and a sentence's conversions in parentheses restate, not claim.
func TestNumbersStatedInParts(t *testing.T) {
	cases := []struct {
		name, chunk, sentence string
		want                  bool
	}{
		{"a day and month in the text, the year in the date line", "By Jo Smith on February 22, 2011\nThe rematch is set for April 9 in Albuquerque.",
			"the rematch on April 9, 2011", true},
		{"an abbreviated month and the year of the page", "PUBLISHED: 2004-10-19\nThe album is due out Nov. 2.", "released on November 2, 2004", true},
		{"a day before the month", "Posted 2019. It premieres on 4 March on Netflix.", "It aired on March 4, 2019", true},
		{"another day is not the date", "By Jo Smith on February 22, 2011\nThe rematch is set for April 9.", "on April 10, 2011", false},
		{"another year is not the date", "By Jo Smith on February 22, 2011\nThe rematch is set for April 9.", "on April 9, 2012", false},
		{"a day and month without any year", "The rematch is set for April 9.", "on April 9, 2011", false},
		{"a month named as a time, with the year of the page", "PUBLISHED DATETIME: 2018-03-23\nThe film screens in the U.S. in May.", "during May 2018", true},
		{"a month of a stated date", "Filed on 3 May 2018.", "in May 2018", true},
		{"a name is not a month", "Theresa May spoke in 2018.", "in May 2018", false},
		{"a month alone does not state a day", "It opens in May 2018.", "on May 7, 2018", false},
		{"a range states its second year", "during the 2018–19 academic year", "by 2019", true},
		{"a hyphenated range too", "the 1992-93 season", "in 1993", true},
		{"a range across a century", "the 1999–00 season", "in 2000", true},
		{"a sentence's range claims its second year whole", "from 2018 to 2019", "the 2018–19 academic year", true},
		{"and fails when the chunk lacks it", "from 2018 to 2020", "the 2018–19 academic year", false},
		{"a no-break space inside a date is a space", "premiered in Munich on 10\u00a0June\u00a01865", "It premiered on June 10, 1865", true},
		{"and inside a sentence's amount", "It weighs 5 kg.", "it weighs 5\u202fkg", true},
		{"a conversion in parentheses restates the quantity", "The blade is 18 inches long.", "an 18 in (460 mm) blade", true},
		{"a conversion after a unit word", "It measures 355 feet across.", "It measures 355 feet (108 m) across", true},
		{"an amount's conversion", "The fee is $100.", "a fee of $100 (€92)", true},
		{"the quantity before a conversion is still checked", "The blade is 20 inches long.", "an 18 in (460 mm) blade", false},
		{"a number in parentheses after a word is claimed", "The 2018 season had 3 wins.", "the 2018 season (2 wins)", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			idx := quantityIndexOf(tc.chunk)
			ok := true
			for _, q := range claimQuantities(tc.sentence) {
				ok = ok && idx.supports(q)
			}
			if ok != tc.want {
				t.Errorf("%q supports %q: %v, want %v (claimed %+v)", tc.chunk, tc.sentence, ok, tc.want, claimQuantities(tc.sentence))
			}
		})
	}
}

func TestMonthsNamedAfterATimeWordInMonthOrder(t *testing.T) {
	cases := []struct {
		text string
		want []int
	}{
		{"Prices rise in May and again in early March.", []int{3, 5}},
		{"May we help? Our Mayfair store opened in Maynooth.", nil},
		{"It was released in June; by June the stock was gone.", []int{6}},
		{"Offer valid until December", []int{12}},
		{"", nil},
	}
	for _, tc := range cases {
		if got := monthsNamed(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("monthsNamed(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
