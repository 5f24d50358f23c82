package report

import (
	"reflect"
	"testing"
)

func TestMarks(t *testing.T) {
	for _, c := range []struct {
		name        string
		text, class string
		terms       []string
		span        string
		from, to    int
		skip        [][2]int
		want        []Segment
	}{
		{name: "no marks", text: "Refunds take 14 days.", class: "hit",
			want: []Segment{{Text: "Refunds take 14 days."}}},
		{name: "whole words, case folded", text: "Refunds take 14 days, not 140.", class: "miss", terms: []string{"14", " REFUNDS "},
			want: []Segment{{Text: "Refunds", Class: "miss"}, {Text: " take "}, {Text: "14", Class: "miss"}, {Text: " days, not 140."}}},
		{name: "term wins over span, span in code points", text: "Café prices rose 5% in May.", class: "hit", terms: []string{"prices"}, span: "span", from: 2, to: 16,
			want: []Segment{{Text: "Ca"}, {Text: "fé ", Class: "span"}, {Text: "prices", Class: "hit"}, {Text: " rose", Class: "span"}, {Text: " 5% in May."}}},
		{name: "span class equal to none merges", text: "abc def", class: "hit", terms: []string{"def"}, from: 0, to: 3,
			want: []Segment{{Text: "abc "}, {Text: "def", Class: "hit"}}},
		{name: "skipped spans stay plain", text: "See [1] and 1 more", class: "miss", terms: []string{"1"}, skip: [][2]int{{4, 7}},
			want: []Segment{{Text: "See [1] and "}, {Text: "1", Class: "miss"}, {Text: " more"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := marks(c.text, c.class, c.terms, c.span, c.from, c.to, c.skip...)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %q\nwant %q", got, c.want)
			}
		})
	}
}
