package lang

import (
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// maxLatin bounds the languages of the Latin script the detector tells
// apart (one bit each in a word's set).
const maxLatin = 32

// detector holds the evidence Detect weighs, built once from the data.
type detector struct {
	latin   []string          // the codes told apart by words, by bit
	words   map[string]uint32 // function word → the languages that use it
	letters map[rune]uint32   // letter → the languages that use it, of those few
	tri     *trigramModel     // the other words' letters
}

// theDetector is the detector, built on first use; the data are compiled
// in, so an error is a bug of the package (its tests read every table).
var theDetector = sync.OnceValue(func() *detector {
	d, err := newDetector()
	if err != nil {
		panic(err)
	}
	return d
})

// newDetector reads the function words of each language of the Latin
// script (data/stopwords/<code>.txt) and the detector's own evidence
// (data/detect.txt).
func newDetector() (*detector, error) {
	t, err := readTable("detect.txt")
	if err != nil {
		return nil, err
	}
	d := &detector{latin: strings.Fields(t.keys["latin"]), words: map[string]uint32{}, letters: map[rune]uint32{}}
	if len(d.latin) == 0 || len(d.latin) > maxLatin {
		return nil, fmt.Errorf("data/detect.txt: latin: want 1 to %d codes, got %d", maxLatin, len(d.latin))
	}
	bit := map[string]uint32{}
	for i, code := range d.latin {
		bit[code] = 1 << i
		ws, err := wordList("stopwords/" + code + ".txt")
		if err != nil {
			return nil, err
		}
		for _, w := range ws {
			d.words[w] |= 1 << i
		}
	}
	for _, sec := range []string{"words", "letters"} {
		for _, line := range t.sections[sec] {
			f := strings.Fields(line)
			b, ok := bit[f[0]]
			if !ok {
				return nil, fmt.Errorf("data/detect.txt: [%s]: %q is not a code of latin", sec, f[0])
			}
			for _, w := range f[1:] {
				if sec == "words" {
					d.words[strings.ToLower(w)] |= b
					continue
				}
				r, size := utf8.DecodeRuneInString(w)
				if size != len(w) {
					return nil, fmt.Errorf("data/detect.txt: [letters]: %q is not one letter", w)
				}
				d.letters[r] |= b
			}
		}
	}
	d.tri, err = readTrigrams(d.latin, strings.Fields(t.keys["words-only"]))
	return d, err
}

// Unsupported gives the stopwords of each language of the Latin script
// the detector tells apart but the audit has no tables for (Portuguese,
// Italian, Catalan…), by code: a shortcut that reads a text's language
// off the supported languages' stopwords alone would take Portuguese
// ("o", "para", "de") for Spanish.
func Unsupported() map[string][]string {
	d := theDetector()
	out := map[string][]string{}
	for _, code := range d.latin {
		if _, ok := languages()[code]; ok {
			continue
		}
		ws, err := wordList("stopwords/" + code + ".txt")
		if err != nil {
			panic(err) // compiled in and read by newDetector already
		}
		out[code] = ws
	}
	return out
}
