package overlap

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	cases := []struct {
		name, in string
		want     []string
	}{
		{"words are lower-cased runs of letters and digits", "The Refund, in 30 days!", []string{"the", "refund", "in", "30", "days"}},
		{"apostrophes and hyphens separate words", "Israel's state-of-the-art", []string{"israel", "s", "state", "of", "the", "art"}},
		{"numbers split at their punctuation", "20,770 km² in 2018–19", []string{"20", "770", "km", "in", "2018", "19"}},
		{"letters beyond ASCII are letters", "Haute-Saône ÉTÉ", []string{"haute", "saône", "été"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			Words(tc.in, func(w string) { got = append(got, w) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("Words(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestOverlap(t *testing.T) {
	cases := []struct {
		name     string
		sentence string
		texts    []string
		want     float64
	}{
		{"the share of distinct content words found", "Refunds take thirty days, thirty.", []string{"refunds take thirty days"}, 1},
		{"stopwords do not count", "It is the refund of the store.", []string{"Refund policy"}, 0.5},
		{"no stems: a plural is another word", "Refund delays.", []string{"delay of the refund"}, 0.5},
		{"the texts count together", "Paris and Rome.", []string{"Paris", "Rome"}, 1},
		{"a sentence of stopwords has no score", "It is.", []string{"it is"}, -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Overlap(tc.sentence, tc.texts...); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("Overlap = %v, want %v", got, tc.want)
			}
		})
	}
}

// Every stopword is a word as Words yields it, or the whole of a
// contraction that Words splits into listed parts.
func TestStopwordsAreWords(t *testing.T) {
	for _, s := range Stopwords {
		var parts []string
		Words(s, func(w string) { parts = append(parts, w) })
		for _, p := range parts {
			if !IsStopword(p) {
				t.Errorf("stopword %q gives the word %q, which is not a stopword", s, p)
			}
		}
	}
}

func TestContentWordsAreDistinctInOrderOfFirstAppearance(t *testing.T) {
	var long, want []string
	for i := range 3 * seenFrom { // past the words held in a list
		w := fmt.Sprintf("w%d", i%(seenFrom+5))
		long = append(long, w)
		if !slices.Contains(want, w) {
			want = append(want, w)
		}
	}
	cases := []struct {
		name, in string
		want     []string
	}{
		{"a sentence's words once each, stopwords out", "Refunds take the thirty days, thirty days.", []string{"refunds", "take", "thirty", "days"}},
		{"a text of more distinct words than a list holds", strings.Join(long, " "), want},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := ContentWords(tc.in); !slices.Equal(got, tc.want) {
				t.Errorf("ContentWords = %q, want %q", got, tc.want)
			}
		})
	}
}
