package audit

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

var testSplitter = func() *splitter {
	s, err := newSplitter(nil)
	if err != nil {
		panic(err)
	}
	return s
}()

func TestSplitKeepsMarkersWithTheirSentence(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string
	}{
		{"marker before the period", "Refunds take 30 days [1]. Credit comes after [2].",
			[]string{"Refunds take 30 days [1].", "Credit comes after [2]."}},
		{"marker glued after the period stays with its sentence", "Refunds take 30 days.[1] Next one here.",
			[]string{"Refunds take 30 days.[1]", "Next one here."}},
		{"marker after the period and a space stays with its sentence", "Refunds take 30 days. [1] Next one here. [2]",
			[]string{"Refunds take 30 days. [1]", "Next one here. [2]"}},
		{"abbreviations do not end sentences", "It ships to the U.S. and e.g. Canada in approx. 5 days [1]. Done here.",
			[]string{"It ships to the U.S. and e.g. Canada in approx. 5 days [1].", "Done here."}},
		{"decimals and amounts do not end sentences", "The plan costs €127.50 or 3.5% more [1]. Next.",
			[]string{"The plan costs €127.50 or 3.5% more [1].", "Next."}},
		{"bullet items are one sentence each", "Options:\n- First item [1]\n* Second item. Still second [2]\n1. Numbered [3]\n2) Also numbered",
			[]string{"Options:", "- First item [1]", "* Second item. Still second [2]", "1. Numbered [3]", "2) Also numbered"}},
		{"a marker followed by a capital ends a sentence without a period", "Cells form colonies [2][3] The first state was Ohio [1].",
			[]string{"Cells form colonies [2][3]", "The first state was Ohio [1]."}},
		{"a marker glued to the next sentence ends its own", "Refunds take 30 days after delivery [1]Store credit is issued in 5 days [2].",
			[]string{"Refunds take 30 days after delivery [1]", "Store credit is issued in 5 days [2]."}},
		{"a marker glued between the period and the next sentence stays with the first", "Shipping is free over 50 EUR.[1]Returns need a receipt [2].",
			[]string{"Shipping is free over 50 EUR.[1]", "Returns need a receipt [2]."}},
		{"a glued marker before an acronym or after a comma ends nothing", "Data from the agency [1]EU rules, as listed, [2]Annex text, apply [3].",
			[]string{"Data from the agency [1]EU rules, as listed, [2]Annex text, apply [3]."}},
		{"an ideographic full stop ends a sentence, its marker stays with it", "返金は配達から30日以内です。 [1]送料は無料です。[2]",
			[]string{"返金は配達から30日以内です。 [1]", "送料は無料です。[2]"}},
		{"a name glued after a function word is not a new sentence", "According to [1]Reuters, the rate rose to 5%.",
			[]string{"According to [1]Reuters, the rate rose to 5%."}},
		{"a stop inside a closing quote does not end the sentence", "彼は「はい。」と言った。[1]",
			[]string{"彼は「はい。」と言った。[1]"}},
		{"paragraphs split", "First para [1].\n\nSecond para [2].", []string{"First para [1].", "Second para [2]."}},
		{"a case name's v. is inside the claim", "In Roe v. Wade, the court ruled on privacy [1]. The next case followed [2].",
			[]string{"In Roe v. Wade, the court ruled on privacy [1].", "The next case followed [2]."}},
		{"titles before a name are inside the claim", "It was signed by Pres. Lincoln and Gen. Grant, with Dr. Ruiz, in 1865 [1]. Next.",
			[]string{"It was signed by Pres. Lincoln and Gen. Grant, with Dr. Ruiz, in 1865 [1].", "Next."}},
		{"et al. does not end a sentence", "Smith et al. found that it works [1]. Another one [2].",
			[]string{"Smith et al. found that it works [1].", "Another one [2]."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for i, s := range testSplitter.splitAnswer(tc.in, nil) {
				got = append(got, s.Text)
				if tc.in[s.Start:s.End] != s.Text || s.Index != i {
					t.Errorf("sentence %d: span/index mismatch %+v", i, s)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Split(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestSplitPlainHasNoMarkersOrBullets(t *testing.T) {
	ss := testSplitter.splitAnswer("- Refunds take **30 days** [1][2].", nil)
	if len(ss) != 1 || ss[0].Plain != "Refunds take 30 days." || !ss[0].ListItem || len(ss[0].Markers) != 1 {
		t.Fatalf("got %+v", ss)
	}
}

// FuzzSplit holds the splitter to what every answer's sentences must be:
// in order, within the answer, trimmed, numbered in order, each holding
// its markers. Seeds: the literal inputs of the splitter's golden file.
func FuzzSplit(f *testing.F) {
	for _, texts := range goldenTexts(f, splitGolden) {
		f.Add(texts[0])
	}
	f.Fuzz(func(t *testing.T, s string) {
		prev := 0
		for i, sent := range testSplitter.splitAnswer(s, nil) {
			if sent.Index != i || sent.Start < prev || sent.End > len(s) || sent.Start > sent.End || s[sent.Start:sent.End] != sent.Text {
				t.Fatalf("bad sentence %+v of %q", sent, s)
			}
			if strings.TrimSpace(sent.Text) != sent.Text {
				t.Fatalf("untrimmed sentence %q", sent.Text)
			}
			for _, m := range sent.Markers {
				if m.Start < sent.Start || m.End > sent.End || s[m.Start:m.End] != m.Raw {
					t.Fatalf("marker %+v outside its sentence %+v of %q", m, sent, s)
				}
			}
			prev = sent.End
		}
	})
}

// A marker group that runs past a blank line stays with its sentence, and
// the next paragraph starts after it: no text is in two sentences.
func TestAMarkerGroupAcrossABlankLineIsInOneSentence(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Refunds take 30 days! [1]\n\n[2]", `["Refunds take 30 days! [1]\n\n[2]"]`},
		{"It costs 5 euros. [1]\n\n[2] Next one.", `["It costs 5 euros. [1]\n\n[2]" "Next one."]`},
	} {
		var got []string
		prev := 0
		for _, s := range testSplitter.splitAnswer(tc.in, nil) {
			if s.Start < prev {
				t.Errorf("%q: sentence %q overlaps the one before", tc.in, s.Text)
			}
			prev = s.End
			got = append(got, s.Text)
		}
		if g := fmt.Sprintf("%q", got); g != tc.want {
			t.Errorf("%q split as %s, want %s", tc.in, g, tc.want)
		}
	}
}
