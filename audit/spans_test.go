package audit

import (
	"github.com/ragaudit/ragaudit/lang"
	"slices"
	"testing"
)

func TestCitationSpans(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string // the claims' texts
	}{
		{"a factual sentence joins the citation after it", "A 1991 survey found that 18 percent of children spoke Navajo. However, schools punished them for it [1].",
			[]string{"A 1991 survey found that 18 percent of children spoke Navajo. However, schools punished them for it [1]."}},
		{"each citation covers its own clause", "Israel's area is about 20,770 square kilometers [1], and Israel stretches 470 kilometers from north to south [2].",
			[]string{"Israel's area is about 20,770 square kilometers [1],", "and Israel stretches 470 kilometers from north to south [2]."}},
		{"markers that close the sentence cover all of it", "The bridge opened in 1932 [1][2].", []string{"The bridge opened in 1932 [1][2]."}},
		{"a question joins nothing", "Where is the museum? The museum opened in 1932 in Leeds [1].",
			[]string{"Where is the museum?", "The museum opened in 1932 in Leeds [1]."}},
		{"a new paragraph starts anew", "The museum opened in 1932 in Leeds.\n\nIt holds 3,000 paintings by local artists [1].",
			[]string{"The museum opened in 1932 in Leeds.", "It holds 3,000 paintings by local artists [1]."}},
		{"a list cited at its last item alone is one claim of that citation, its lead-in apart", "Opening hours:\n- The museum opens at 9 am every day.\n- Entry costs 5 euros for adults [1].",
			[]string{"Opening hours:", "- The museum opens at 9 am every day.\n- Entry costs 5 euros for adults [1]."}},
		{"a numbered list cited after its last item's full stop is one claim", "1. Open the app.\n2) Tap Settings. [1]",
			[]string{"1. Open the app.\n2) Tap Settings. [1]"}},
		{"list items with markers of their own stay claims of their own", "- The museum opens at 9 am [1].\n- Entry costs 5 euros [1].",
			[]string{"- The museum opens at 9 am [1].", "- Entry costs 5 euros [1]."}},
		{"an uncited item between cited items stays uncited", "- The museum opens at 9 am [1].\n- It closes at 5 pm.\n- Entry costs 5 euros [2].",
			[]string{"- The museum opens at 9 am [1].", "- It closes at 5 pm.", "- Entry costs 5 euros [2]."}},
		{"a marker inside the last item cites that item alone", "- Visa\n- PayPal [1] and Klarna",
			[]string{"- Visa", "- PayPal [1] and Klarna"}},
		{"a blank line ends a list", "- The museum opens at 9 am.\n\n- Entry costs 5 euros [1].",
			[]string{"- The museum opens at 9 am.", "- Entry costs 5 euros [1]."}},
		{"a sentence no citation follows stays uncited", "The museum opened in 1932 [1]. It holds 3,000 paintings by local artists.",
			[]string{"The museum opened in 1932 [1].", "It holds 3,000 paintings by local artists."}},
		{"markers inside their clauses cut at the clause join", "Refunds [1] are accepted within 30 days of delivery, and shipping [2] takes 2 business days.",
			[]string{"Refunds [1] are accepted within 30 days of delivery,", "and shipping [2] takes 2 business days."}},
		{"or at a semicolon", "Refunds [1] are accepted within 30 days; shipping [2] takes 2 business days.",
			[]string{"Refunds [1] are accepted within 30 days;", "shipping [2] takes 2 business days."}},
		{"a comma of a list is no clause join", "The museum [1] shows paintings, drawings and prints [2].",
			[]string{"The museum [1] shows paintings, drawings and prints [2]."}},
	}
	en, _ := lang.Get("en")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for i, s := range citationSpans(tc.in, testSplitter.splitAnswer(tc.in, nil), func(s sentence) bool { return testAuditor.isFactual(s, english) }, en) {
				got = append(got, s.Text)
				if tc.in[s.Start:s.End] != s.Text || s.Index != i {
					t.Errorf("claim %d: span or index wrong: %+v", i, s)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("claims\n %q\nwant\n %q", got, tc.want)
			}
		})
	}
	// A clause's plain text has no markers, and its citation its own ids.
	in := "The area is 20,770 km² [1], and it is 470 km long [2]."
	spans := citationSpans(in, testSplitter.splitAnswer(in, nil), func(s sentence) bool { return testAuditor.isFactual(s, english) }, nil)
	if len(spans) != 2 || spans[0].Plain != "The area is 20,770 km²," || spans[1].Plain != "and it is 470 km long." ||
		spans[1].Markers[0].IDs[0] != "2" {
		t.Errorf("clauses: %+v", spans)
	}
	// A list item whose text holds a line break is no whole list: it is
	// cut at its citations (the splitter ends a sentence at a line break
	// today; a list is told by its items, not by that).
	in = "- The area is 20,770 km² [1], and it is\n470 km long [2]."
	two := testSplitter.splitAnswer(in, nil)
	if len(two) != 2 || !two[0].ListItem {
		t.Fatalf("split: %+v", two)
	}
	item := two[0]
	item.End, item.Text = two[1].End, in
	item.Plain += " " + two[1].Plain
	item.Markers = append(item.Markers, two[1].Markers...)
	spans = citationSpans(in, []sentence{item}, func(s sentence) bool { return testAuditor.isFactual(s, english) }, nil)
	if len(spans) != 2 || spans[1].Markers[0].IDs[0] != "2" {
		t.Errorf("a list item over two lines: %+v", spans)
	}
	// A whole list's claim reads each item as a sentence, and keeps them.
	in = "We accept:\n- Visa\n- Klarna\n- PayPal [1]"
	spans = citationSpans(in, testSplitter.splitAnswer(in, nil), func(s sentence) bool { return testAuditor.isFactual(s, english) }, nil)
	if len(spans) != 2 || spans[1].Plain != "Visa. Klarna. PayPal." || len(spans[1].Items) != 3 || spans[1].Items[1].Plain != "Klarna" {
		t.Errorf("list claim: %+v", spans)
	}
}
