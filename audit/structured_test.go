package audit

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/readers"
)

// oldStructuredSentences is structuredSentences as it was, looping over
// every citation for each sentence: the oracle of the test below.
func oldStructuredSentences(msg readers.Message, split []sentence) []sentence {
	var out []sentence
	for _, c := range msg.Citations {
		text := msg.Content[c.Start:c.End]
		plain := strings.TrimSpace(stripMarkdown(StripMarkers(text, FindMarkers(text, nil))))
		s := sentence{Start: c.Start, End: c.End, Text: text, Plain: plain}
		if len(c.ChunkIDs) > 0 {
			s.Markers = []Marker{{Raw: c.Marker, Start: c.Start, End: c.End, IDs: c.ChunkIDs}}
		}
		out = append(out, s)
	}
	for _, s := range split {
		covered := false
		for _, c := range msg.Citations {
			if s.Start < c.End && c.Start < s.End {
				covered = true
				break
			}
		}
		if !covered {
			s.Markers = nil
			out = append(out, s)
		}
	}
	sortByStart(out)
	return out
}

func sortByStart(out []sentence) {
	for i := 1; i < len(out); i++ { // stable
		for j := i; j > 0 && out[j].Start < out[j-1].Start; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	for i := range out {
		out[i].Index = i
	}
}

// Structured citations in any order, overlapping or empty, keep the same
// sentences as the loop over every citation did; the character offsets of
// overlapping spans are those counted from the start.
func TestStructuredSentencesMatchesTheLoop(t *testing.T) {
	content := strings.Repeat("Refunds take 30 days [1]. Café crème costs €5. Shipping is free [2].\n\n", 8)
	split := testSplitter.splitAnswer(content, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var cits []readers.Citation
		for range rng.IntN(12) {
			a, b := rng.IntN(len(content)+1), rng.IntN(len(content)+1)
			if a > b {
				a, b = b, a
			}
			for a > 0 && !utf8.RuneStart(content[a]) {
				a--
			}
			for b < len(content) && !utf8.RuneStart(content[b]) {
				b++
			}
			cits = append(cits, readers.Citation{Start: a, End: b, ChunkIDs: []string{"1"}, Marker: "m"})
		}
		msg := readers.Message{Content: content, Citations: cits}
		got, want := structuredSentences(msg, split), oldStructuredSentences(msg, split)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("citations %v:\n got %+v\nwant %+v", cits, got, want)
		}
		rc := newRuneCounter(content)
		for _, s := range got {
			for _, b := range []int{s.Start, s.End} {
				if n := rc.at(b); n != utf8.RuneCountInString(content[:b]) {
					t.Fatalf("rune offset of byte %d: %d, want %d", b, n, utf8.RuneCountInString(content[:b]))
				}
			}
		}
	}
}
