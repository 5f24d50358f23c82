package lang

import (
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// CloseNegation returns the supported language close to code (close in
// data/detect.txt: Dutch and German, French and Spanish) whose negation
// cue text holds though the cue is no word of code's: "geen" or "niet"
// in a text read as German, "pas" or "jamais" in one read as Spanish,
// "no" or "sin" in one read as French, "nicht" or "kein" in one read as
// Dutch. Such a text is in the close language, or mixes the two; read in
// code, its negation would go unseen and a flipped claim pass. A
// capitalised word inside a sentence is a name and counts for nothing.
func CloseNegation(text, code string) (string, bool) {
	foreign := closeCues()[code]
	if len(foreign) == 0 {
		return "", false
	}
	var buf [64]token
	for _, t := range tokens(text, buf[:0]) {
		if r, _ := utf8.DecodeRuneInString(t.word); !t.first && unicode.IsUpper(r) {
			continue
		}
		if other, ok := foreign[strings.ToLower(apostrophes(t.word))]; ok {
			return other, true
		}
	}
	return "", false
}

// closeCues maps a supported code to the one-word negation cues of its
// close languages that are no word of its own (no cue, stopword or
// detector word of it), each to the language it is a cue of.
var closeCues = sync.OnceValue(func() map[string]map[string]string {
	m, err := readCloseCues()
	if err != nil {
		panic(err) // the data are compiled in; the package's tests read them
	}
	return m
})

func readCloseCues() (map[string]map[string]string, error) {
	t, err := readTable("detect.txt")
	if err != nil {
		return nil, err
	}
	d := theDetector()
	m := map[string]map[string]string{}
	for _, pair := range strings.Fields(t.keys["close"]) {
		a, b, ok := strings.Cut(pair, "-")
		la, okA := Get(a)
		lb, okB := Get(b)
		if !ok || !okA || !okB {
			return nil, fmt.Errorf("data/detect.txt: close: %q is not a pair of supported codes", pair)
		}
		for _, x := range [][2]*Language{{la, lb}, {lb, la}} {
			own, other := x[0], x[1]
			if m[own.Code] == nil {
				m[own.Code] = map[string]string{}
			}
			bit := d.bitOf(own.Code)
			for w, cs := range other.neg.cues {
				if !oneWordCue(cs) || own.IsNegationWord(w) || own.IsStopword(w) || d.words[w]&bit != 0 {
					continue
				}
				m[own.Code][w] = other.Code
			}
		}
	}
	return m, nil
}

// oneWordCue reports whether cs, the cues starting with one word, hold
// that word alone as a cue that needs no partner ("geen", "pas"; not
// "plus", a cue only after "ne").
func oneWordCue(cs []cue) bool {
	for _, c := range cs {
		if len(c.words) == 1 && len(c.partners) == 0 {
			return true
		}
	}
	return false
}

// bitOf is the bit of code in the detector's word sets; 0 for a code it
// does not tell by words.
func (d *detector) bitOf(code string) uint32 {
	for i, c := range d.latin {
		if c == code {
			return 1 << i
		}
	}
	return 0
}
