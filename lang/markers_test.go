package lang

import (
	"slices"
	"testing"
)

func TestSourceWordsAreEveryLanguages(t *testing.T) {
	words := SourceWords()
	for _, tc := range []struct{ name, word string }{
		{"English source", "source"}, {"English abbreviation", "src"}, {"Dutch source", "bron"}, {"Dutch plural", "bronnen"},
		{"German source, lowercased", "quelle"}, {"German reference", "referenz"}, {"French reference, accented", "référence"},
		{"Spanish source", "fuente"}, {"Spanish reference", "referencia"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !slices.Contains(words, tc.word) {
				t.Errorf("SourceWords() lacks %q: %q", tc.word, words)
			}
		})
	}
	if !slices.IsSorted(words) || len(slices.Compact(slices.Clone(words))) != len(words) {
		t.Errorf("SourceWords() is not sorted and each once: %q", words)
	}
}
