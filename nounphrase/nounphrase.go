package nounphrase

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Token is a word with its Penn Treebank part-of-speech tag.
type Token struct {
	Text string
	Tag  string
}

// Phrase is one noun phrase: its words as written and their normalised forms.
type Phrase struct {
	Text  string
	Words []string // Normalize()d content words, never empty
}

// Phrases chunks tagged tokens into noun phrases: a maximal run of
// adjectives, nouns and participles that ends in a noun. Determiners,
// numbers (checked separately) and possessive markers split phrases.
func Phrases(tokens []Token) []Phrase {
	var out []Phrase
	start := -1
	flush := func(end int) { // tokens[start:end]
		if start < 0 {
			return
		}
		// Numbers are checked on their own: drop them from the front.
		for start < end && hasDigit(tokens[start].Text) {
			start++
		}
		// Trim to the last noun.
		last := end - 1
		for last >= start && !isNoun(tokens[last].Tag) {
			last--
		}
		if last >= start {
			var text []string
			var words []string
			for _, tk := range tokens[start : last+1] {
				text = append(text, tk.Text)
				WordsAt(tk.Text, func(w string, _ int) {
					if !IsStopword(w) && !hasDigit(w) { // numbers are checked on their own
						words = append(words, w)
					}
				})
			}
			if len(words) > 0 {
				out = append(out, Phrase{Text: strings.Join(text, " "), Words: words})
			}
		}
		start = -1
	}
	for i, tk := range tokens {
		if inPhrase(tk) {
			if start < 0 {
				start = i
			}
			continue
		}
		flush(i)
	}
	flush(len(tokens))
	return out
}

func isNoun(tag string) bool { return strings.HasPrefix(tag, "NN") }

func inPhrase(tk Token) bool {
	switch tk.Tag {
	case "NN", "NNS", "NNP", "NNPS", "JJ", "JJR", "JJS", "VBN", "VBG", "FW":
		return Normalize(tk.Text) != ""
	}
	return false
}

// Normalize lowercases w, strips surrounding punctuation and possessives,
// and reduces plurals, so "Refunds," and "refund" compare equal.
func Normalize(w string) string {
	if isASCII(w) { // the common case, without rune decoding
		a, b := 0, len(w)
		for a < b && !isAlnum(w[a]) {
			a++
		}
		for b > a && !isAlnum(w[b-1]) {
			b--
		}
		w = strings.ToLower(w[a:b])
	} else {
		w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		}))
	}
	w = strings.TrimSuffix(w, "'s")
	w = strings.TrimSuffix(w, "’s")
	return singular(w)
}

func singular(w string) string {
	n := len(w)
	switch {
	case n <= 3:
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "xes"):
		return w[:n-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// Stem is Normalize plus light suffix stripping (-ing, -ed, -ly, -ment...),
// for word overlap where "delivered" should meet "delivery".
func Stem(w string) string { return StemWord(Normalize(w)) }

// StemWord is Stem of a word already normalised (as Words and WordsAt
// yield them), without normalising it again: it runs for every word of
// every cited chunk.
func StemWord(w string) string {
	for _, suf := range []string{"ational", "ization", "ations", "ation", "ments", "ment", "ness", "ingly", "edly", "ing", "ly", "ed", "er", "al", "e", "y"} {
		if len(w)-len(suf) >= 4 && strings.HasSuffix(w, suf) {
			return w[:len(w)-len(suf)]
		}
	}
	return w
}

// Words splits text into normalised words (letters and digits; hyphenated
// words in parts), dropping nothing; callers filter stopwords.
func Words(text string) []string {
	var out []string
	WordsAt(text, func(w string, _ int) { out = append(out, w) })
	return out
}

// WordsAt calls fn with each normalised word of text and the byte offset
// where it starts, without building a slice.
func WordsAt(text string, fn func(w string, start int)) {
	RawWordsAt(text, func(raw string, start int) {
		if w := Normalize(raw); w != "" {
			fn(w, start)
		}
	})
}

// RawWordsAt calls fn with each word of text as written (Normalize gives
// what WordsAt yields, or "" for a word WordsAt skips) and its offset:
// for callers that cache what they derive from a word.
func RawWordsAt(text string, fn func(raw string, start int)) {
	RawWordsWhile(text, func(raw string, start int) bool { fn(raw, start); return true })
}

// RawWordsWhile is RawWordsAt stopping at the first word fn returns false
// for: for callers that sample a text's first words.
func RawWordsWhile(text string, fn func(raw string, start int) bool) {
	// ASCII is tested inline: wordAt is a call.
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			if !asciiWord[c] {
				i++
				continue
			}
		} else if word, size := wordAt(text, i); !word {
			i += size
			continue
		}
		j := i
		for j < len(text) {
			if c := text[j]; c < utf8.RuneSelf {
				if !asciiWord[c] {
					break
				}
				j++
				continue
			}
			word, size := wordAt(text, j)
			if !word {
				break
			}
			j += size
		}
		if !fn(text[i:j], i) {
			return
		}
		i = j
	}
}

// wordAt reports whether the rune at text[i] belongs to a raw word (a word
// rune other than '-') and its size, by table for ASCII: this runs for
// every byte of every cited chunk.
func wordAt(text string, i int) (bool, int) {
	if c := text[i]; c < utf8.RuneSelf {
		return asciiWord[c], 1
	}
	r, size := utf8.DecodeRuneInString(text[i:])
	return isWordRune(r), size
}

// asciiWord marks the ASCII bytes wordAt accepts: isWordRune but '-'.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = isWordRune(rune(c)) && c != '-'
	}
	return t
}()

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		c := byte(r)
		return isAlnum(c) || c == '\'' || c == '-'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '’'
}

func hasDigit(w string) bool {
	return strings.IndexFunc(w, unicode.IsDigit) >= 0
}

// ProperNouns returns the proper nouns of tagged tokens (NNP, NNPS) as
// written: the names, products and places a supporting chunk must mention.
func ProperNouns(tokens []Token) []string {
	var out []string
	for _, tk := range tokens {
		if tk.Tag != "NNP" && tk.Tag != "NNPS" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(tk.Text)
		if !unicode.IsUpper(r) || len(tk.Text) < 2 {
			continue
		}
		// Abbreviations ("U.S.") and calendar words are not names to look
		// for: dates are checked as quantities.
		if w := Normalize(tk.Text); w == "" || IsStopword(w) || hasDigit(w) || strings.Contains(w, ".") || calendar[w] {
			continue
		}
		out = append(out, tk.Text)
	}
	return out
}

var calendar = map[string]bool{
	"january": true, "february": true, "march": true, "april": true, "may": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
}
