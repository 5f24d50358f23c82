package lang

import (
	"errors"
	"slices"
	"strings"
	"sync"
)

// readSourceWords reads [source-words]: the words a citation label opens
// with ("Source 2", "Bron 1", "Quelle: faq.md"), lowercased.
func (l *Language) readSourceWords(t, _ *table) error {
	for _, w := range t.words("source-words") {
		l.sourceWords = append(l.sourceWords, strings.ToLower(w))
	}
	if len(l.sourceWords) == 0 {
		return errors.New("no [source-words]")
	}
	return nil
}

// SourceWords returns the words that open a citation label in any
// language Get knows ("source", "bron", "Quelle", "référence",
// "fuente", …), lowercased, sorted and each once: a marker is read by
// its shape, whatever the language of the answer around it.
func SourceWords() []string { return slices.Clone(sourceWords()) }

var sourceWords = sync.OnceValue(func() []string {
	var out []string
	for _, code := range supported {
		l, _ := Get(code)
		out = append(out, l.sourceWords...)
	}
	slices.Sort(out)
	return slices.Compact(out)
})
