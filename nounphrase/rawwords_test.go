package nounphrase

import (
	"reflect"
	"regexp"
	"strconv"
	"testing"
	"unicode/utf8"

	"github.com/mingrammer/commonregex"
)

// rawWordsRef is RawWordsAt as it was before the ASCII table: rune by rune.
func rawWordsRef(text string) (words []string, starts []int) {
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) || r == '-' {
			i += size
			continue
		}
		j := i
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if !isWordRune(r) || r == '-' {
				break
			}
			j += size
		}
		words, starts = append(words, text[i:j]), append(starts, i)
		i = j
	}
	return words, starts
}

func TestRawWordsAt(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"", nil},
		{"Refunds take 14 days.", []string{"Refunds", "take", "14", "days"}},
		{"don't re-order O’Brien's", []string{"don't", "re", "order", "O’Brien's"}},
		{"Haute-Saône, Zürich – 12€", []string{"Haute", "Saône", "Zürich", "12"}},
		{"a\xffb \xe2\x80", []string{"a", "b"}},
		{"--'quoted'--", []string{"'quoted'"}},
	} {
		var got []string
		var starts []int
		RawWordsAt(c.text, func(raw string, start int) { got, starts = append(got, raw), append(starts, start) })
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.text, got, c.want)
		}
		if refWords, refStarts := rawWordsRef(c.text); !reflect.DeepEqual(got, refWords) || !reflect.DeepEqual(starts, refStarts) {
			t.Errorf("%q: got %q at %v, rune by rune %q at %v", c.text, got, starts, refWords, refStarts)
		}
	}
}

func FuzzRawWordsAt(f *testing.F) {
	f.Add("Haute-Saône, O’Brien's 12€ a\xffb")
	f.Fuzz(func(t *testing.T, s string) {
		var got []string
		var starts []int
		RawWordsAt(s, func(raw string, start int) { got, starts = append(got, raw), append(starts, start) })
		if refWords, refStarts := rawWordsRef(s); !reflect.DeepEqual(got, refWords) || !reflect.DeepEqual(starts, refStarts) {
			t.Errorf("%q: got %q at %v, rune by rune %q at %v", s, got, starts, refWords, refStarts)
		}
	})
}

var internalRE = regexp.MustCompile(`^(?:[A-Za-z]\.){2,}$|^[A-Z][a-z]{1,2}\.$`)

func TestIsInternalAndIsInt(t *testing.T) {
	for _, s := range []string{"", ".", "U.S.", "u.s.", "e.g.", "U.S", "US.", "Mr.", "Mrs.", "Mrsx.", "MR.", "mr.", "A.", "A.B.C.", "A..B.", "Ab.c.", "É.U.", "days.", "Sr.", "1.2.", "2024", "-123", "+12", "+", "-", "12a", "0", "١٢"} {
		if got, want := isInternal(s), internalRE.MatchString(s); got != want {
			t.Errorf("isInternal(%q) = %v, regexp says %v", s, got, want)
		}
		_, err := strconv.Atoi(s)
		if got, want := isInt(s), err == nil; got != want {
			t.Errorf("isInt(%q) = %v, strconv.Atoi says %v", s, got, want)
		}
	}
}

func FuzzIsInternal(f *testing.F) {
	f.Add("U.S.")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isInternal(s), internalRE.MatchString(s); got != want {
			t.Errorf("isInternal(%q) = %v, regexp says %v", s, got, want)
		}
		if _, err := strconv.Atoi(s); len(s) <= 18 && isInt(s) != (err == nil) {
			t.Errorf("isInt(%q) = %v, strconv.Atoi error %v", s, isInt(s), err)
		}
	})
}

// TestMaybeLink checks that the prefilter passes every token the link
// expression matches.
func TestMaybeLink(t *testing.T) {
	for _, w := range []string{".", "a.b", "a.bc", "A.bc", "U.S.", "e.g.", "25.50", "example.com", "www.x.org/a(b)", "http://a.io", "..x", "-.ab", "x.(a)", "é.ab", "a.b.", "a.é"} {
		if commonregex.LinkRegex.MatchString(w) && !maybeLink(w) {
			t.Errorf("%q: the expression matches, the prefilter says no", w)
		}
	}
}

func FuzzMaybeLink(f *testing.F) {
	f.Add("example.com")
	f.Fuzz(func(t *testing.T, w string) {
		if commonregex.LinkRegex.MatchString(w) && !maybeLink(w) {
			t.Errorf("%q: the expression matches, the prefilter says no", w)
		}
	})
}
