package audit

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func rangeIDs(a, b int) []string {
	var ids []string
	for n := a; n <= b; n++ {
		ids = append(ids, strconv.Itoa(n))
	}
	return ids
}

func TestFindMarkers(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		ids   map[string]bool
		raw   []string
		cites [][]string
	}{
		{name: "a bare number", in: "Refunds take 30 days [1].", raw: []string{"[1]"}, cites: [][]string{{"1"}}},
		{name: "adjacent markers form one group", in: "A [1][2].", raw: []string{"[1][2]"}, cites: [][]string{{"1", "2"}}},
		{name: "space-separated markers form one group", in: "A [2] [3].", raw: []string{"[2] [3]"}, cites: [][]string{{"2", "3"}}},
		{name: "a comma list", in: "A [1, 2].", raw: []string{"[1, 2]"}, cites: [][]string{{"1", "2"}}},
		{name: "a range expands", in: "A [1-3].", raw: []string{"[1-3]"}, cites: [][]string{{"1", "2", "3"}}},
		{name: "a hash id", in: "A [ref-a1b2c3d4].", raw: []string{"[ref-a1b2c3d4]"}, cites: [][]string{{"ref-a1b2c3d4"}}},
		{name: "an Azure doc marker", in: "A [doc3].", raw: []string{"[doc3]"}, cites: [][]string{{"doc3"}}},
		{name: "an OpenAI file_search marker", in: "A【4:0†source】.", raw: []string{"【4:0†source】"}, cites: [][]string{{"4:0†source"}}},
		{name: "a footnote", in: "A[^1].", raw: []string{"[^1]"}, cites: [][]string{{"1"}}},
		{name: "a footnote with a closing caret", in: "A[^2^].", raw: []string{"[^2^]"}, cites: [][]string{{"2"}}},
		{name: "a DeepSeek-style citation", in: "A [citation:4].", raw: []string{"[citation:4]"}, cites: [][]string{{"4"}}},
		{name: "an opaque id that is a retrieved chunk", in: "A [refund.md#c1].", ids: map[string]bool{"refund.md#c1": true}, raw: []string{"[refund.md#c1]"}, cites: [][]string{{"refund.md#c1"}}},
		{name: "a markdown link is not a marker", in: "See [the policy](https://x.example/p).", raw: nil},
		{name: "editorial brackets are not markers", in: "He said [sic] it [citation needed].", raw: nil},
		{name: "a year span is not thirty citations", in: "From [1990-2020].", raw: nil},
		{name: "a wide range cites every chunk in it", in: "A [1-30].", raw: []string{"[1-30]"}, cites: [][]string{rangeIDs(1, 30)}},
		{name: "a reversed range is the same range", in: "A [3-1].", raw: []string{"[3-1]"}, cites: [][]string{{"1", "2", "3"}}},
		{name: "an em dash makes a range", in: "A [1\u20142].", raw: []string{"[1\u20142]"}, cites: [][]string{{"1", "2"}}},
		{name: "a zero-width space inside a marker is ignored", in: "A [\u200b1].", raw: []string{"[\u200b1]"}, cites: [][]string{{"1"}}},
		{name: "a range past fifty is no citation", in: "A [1-60].", raw: nil},
		{name: "a wide range not from the first chunk is no citation", in: "Adults aged [18-65] may apply.", raw: nil},
		{name: "a bracket in a web address's query is no marker", in: "See https://example.com/page?ref=[5] for details.", raw: nil},
		{name: "a bracket inside a web address is no marker", in: "See https://example.com/a[5]/b for details.", raw: nil},
		{name: "a marker glued to the end of a web address is a marker", in: "See https://acme.example/help[1].", raw: []string{"[1]"}, cites: [][]string{{"1"}}},
		{name: "repeated id in a group is kept once per group here", in: "A [1][1].", raw: []string{"[1][1]"}, cites: [][]string{{"1", "1"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ms := FindMarkers(tc.in, tc.ids)
			var raw []string
			var cites [][]string
			for _, m := range ms {
				raw = append(raw, m.Raw)
				cites = append(cites, m.IDs)
				if tc.in[m.Start:m.End] != m.Raw {
					t.Errorf("span %d:%d is %q, not %q", m.Start, m.End, tc.in[m.Start:m.End], m.Raw)
				}
			}
			if !reflect.DeepEqual(raw, tc.raw) || (tc.raw != nil && !reflect.DeepEqual(cites, tc.cites)) {
				t.Errorf("FindMarkers(%q) = %q %q, want %q %q", tc.in, raw, cites, tc.raw, tc.cites)
			}
		})
	}
}

func TestStripMarkersTidiesSpaceBeforePunctuation(t *testing.T) {
	in := "Refunds take 30 days [1]. Credit after [2][3]."
	got := StripMarkers(in, FindMarkers(in, nil))
	if want := "Refunds take 30 days. Credit after."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func FuzzMarkers(f *testing.F) {
	for _, s := range []string{"A [1][2].", "[1, 2] 【4:0†x】 [^1^] [doc3] [ref-abcd1234]", "[1-3]", "[[1]]", "[", "】【"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ms := FindMarkers(s, map[string]bool{"x": true})
		prev := 0
		for _, m := range ms {
			if m.Start < prev || m.End > len(s) || m.Start >= m.End || s[m.Start:m.End] != m.Raw || len(m.IDs) == 0 {
				t.Fatalf("bad marker %+v in %q", m, s)
			}
			prev = m.End
		}
		_ = StripMarkers(s, ms)
	})
}

var reBracket = regexp.MustCompile(`\[([^\[\]\n]{1,80})\]|【([^【】\n]{1,80})】`)

func bracketsByRegexp(text string) [][6]int {
	var out [][6]int
	for _, m := range reBracket.FindAllStringSubmatchIndex(text, -1) {
		out = append(out, [6]int(m))
	}
	return out
}

// TestBrackets holds the hand-written bracket scan to the expression.
func TestBrackets(t *testing.T) {
	for _, text := range []string{
		"", "[", "[]", "[1]", "a [1][2] b", "[[1]]", "[1\n]", "[" + strings.Repeat("x", 80) + "]", "[" + strings.Repeat("x", 81) + "]",
		"[" + strings.Repeat("é", 80) + "]", "[" + strings.Repeat("é", 81) + "]", "【4:0†source】", "【】", "【[1]】", "[【1】]", "【a【b】",
		"x\xe3\x80[1]", "[\xff]", "【\xe3\x80】", "[a](http://x) [b]", "See [doc1, doc2].[3]",
	} {
		if got, want := brackets(text), bracketsByRegexp(text); !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

func FuzzBrackets(f *testing.F) {
	f.Add("a [1][2] 【4:0†s】 [x\n]")
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := brackets(text), bracketsByRegexp(text); !slices.Equal(got, want) {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	})
}

func TestCloseUpJoinsWordsAndClosesSpacesBeforePunctuation(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"runs of spaces become one", "Refunds  take\t30\n days", "Refunds take 30 days"},
		{"no space before punctuation", "Refunds take 30 days .  Really , yes ; no : ok ! why ?", "Refunds take 30 days. Really, yes; no: ok! why?"},
		{"ends are trimmed", "  Refunds .  ", "Refunds."},
		{"punctuation alone", " . , ", ".,"},
		{"wide spaces are spaces", "Prix\u00a0: 9 €", "Prix: 9 €"},
		{"nothing", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := closeUp(tc.in); got != tc.want {
				t.Errorf("closeUp(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
