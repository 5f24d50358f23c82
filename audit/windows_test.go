package audit

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ragaudit/ragaudit/nounphrase"
	"github.com/ragaudit/ragaudit/readers"
)

// mergeCounts (the reference) appends the union of two sorted count lists to out, adding
// the counts of a key in both.
func mergeCounts(out, a, b []gramCount) []gramCount {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i].key < b[j].key:
			out = append(out, a[i])
			i++
		case a[i].key > b[j].key:
			out = append(out, b[j])
			j++
		default:
			out = append(out, gramCount{a[i].key, a[i].n + b[j].n})
			i++
			j++
		}
	}
	return append(append(out, a[i:]...), b[j:]...)
}

// TestAppendMergedNormalised holds the pair-window vector to the
// normalised merge of its sentences' counts, bit for bit.
func TestAppendMergedNormalised(t *testing.T) {
	for _, c := range []struct{ a, b []gramCount }{
		{nil, nil},
		{[]gramCount{{1, 1}}, nil},
		{nil, []gramCount{{7, 3}}},
		{[]gramCount{{1, 1}, {5, 2}, {9, 1}}, []gramCount{{2, 4}, {5, 70}, {10, 1}, {11, 1}}},
		{[]gramCount{{3, 1}, {4, 1}}, []gramCount{{3, 1}, {4, 1}}},
	} {
		prefix := sparse{{42, 0.5}}
		_, want := appendNormalised(slices.Clone(prefix), mergeCounts(nil, c.a, c.b))
		buf, got := appendMergedNormalised(slices.Clone(prefix), c.a, c.b)
		if len(got) != len(want) || buf[0] != prefix[0] {
			t.Fatalf("%v + %v: %v, want %v", c.a, c.b, got, want)
		}
		for i := range want {
			if got[i].key != want[i].key || math.Float32bits(got[i].val) != math.Float32bits(want[i].val) {
				t.Fatalf("%v + %v: %v, want %v", c.a, c.b, got, want)
			}
		}
	}
}

func TestChunkSentences(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"a full stop before a capital ends a sentence", "Refunds take 30 days. Credit comes after.", []string{"Refunds take 30 days.", "Credit comes after."}},
		{"a line break ends a sentence", "Title\nBody text here.", []string{"Title", "Body text here."}},
		{"a single capital and a short abbreviation do not", "J. Smith lives in the U.S. Army base.", []string{"J. Smith lives in the U.S. Army base."}},
		{"nor does a title before a name", "The clinic is run by Dr. Ana Ruiz. She founded it.", []string{"The clinic is run by Dr. Ana Ruiz.", "She founded it."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, sp := range chunkSentences(tc.in) {
				got = append(got, tc.in[sp[0]:sp[1]])
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("chunkSentences(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// In a whole web page of 90,000 characters, menus and headings repeat a
// few of the sentence's words; the window that states the sentence is the
// one found, not a heading whose 4-grams are all the sentence's (which
// the 4-gram cosine alone preferred).
func TestBestWindowInAWholePage(t *testing.T) {
	var page strings.Builder
	passage := "In May 2019 the museum of the city finally opened the wing it had planned for a decade, and 300 paintings by local artists now hang in it, its director told reporters."
	for i := 0; page.Len() < 90000; i++ {
		if i == 300 {
			page.WriteString(passage + "\n")
		}
		fmt.Fprintf(&page, "## City museum new wing\nLocal artists %d\nHome | Paintings | Contact | Visit the city\n", i)
		fmt.Fprintf(&page, "Item %d of the archive lists events of the year, opening hours and prices for groups.\n", i)
	}
	rec := record("The city museum opened a new wing with 300 paintings by local artists in May 2019 [1].",
		readers.Chunk{ID: "1", Text: page.String()})
	res, err := testAuditor.Audit(context.Background(), rec)
	if err != nil || len(res.Findings) != 1 {
		t.Fatalf("findings %+v, %v", res.Findings, err)
	}
	f := res.Findings[0]
	if text := rec.Messages[1].Retrieval[0].Text; len(text) < 90000 || strings.Index(text, passage) < 40000 || !strings.Contains(f.MatchedText, passage) {
		t.Errorf("matched %q, want the passage %q", f.MatchedText, passage)
	}
	if f.Verdict != Supported {
		t.Errorf("verdict %s %v (numbers missing %v), want supported", f.Verdict, f.Reasons, f.NumbersMissing)
	}
}

func TestWindowCountsCountAsProbingEachWindowDoes(t *testing.T) {
	wc := newWordCache()
	texts := []string{
		"Refunds are paid within 14 days. Returns are accepted within 30 days of delivery.\nShipping is free above 50 euros. Express delivery costs 9 euros.",
		"One sentence only about refunds and returns",
		"",
	}
	long := "refunds delivery express shipping"
	for i := range 70 {
		long += fmt.Sprintf(" word%d", i) // past the 64 stems of a bit mask
	}
	claims := []string{"Refunds are paid within 30 days of delivery", "Express shipping is free", "nothing in common", long}
	for _, text := range texts {
		ev := newEvidence(text, wc, english)
		// The windows of the chunk, and the same after another chunk's,
		// as union lays them out.
		for _, ws := range [][]window{ev.windows, append(append([]window{}, ev.windows...), ev.windows...)} {
			for _, cl := range claims {
				c := distinctStems(cl, wc)
				got := windowCounts(c, ws, nil)
				for i := range ws {
					want := 0
					for _, st := range c {
						if ws[i].has(st) {
							want++
						}
					}
					if got[i] != want {
						t.Errorf("%q in window %d of %q: counted %d, probing finds %d", cl, i, text, got[i], want)
					}
				}
			}
		}
	}
}

// distinctStems are text's content-word stems, each once, as a claim has them.
func distinctStems(text string, wc *wordCache) []uint64 {
	var out []uint64
	nounphrase.RawWordsAt(text, func(raw string, _ int) {
		if w := wc.info(raw); w.norm != "" && !w.stop && !slices.Contains(out, w.stem) {
			out = append(out, w.stem)
		}
	})
	return out
}
