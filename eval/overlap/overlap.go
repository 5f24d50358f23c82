package overlap

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words calls fn with each word of text, lower-cased, in order.
func Words(text string, fn func(w string)) {
	for i := 0; i < len(text); {
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if !isWordRune(r) {
			i += size
			continue
		}
		j, lower := i, true
		for j < len(text) {
			r, size := rune(text[j]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(text[j:])
				lower = false // let ToLower decide
			}
			if !isWordRune(r) {
				break
			}
			if r >= 'A' && r <= 'Z' {
				lower = false
			}
			j += size
		}
		w := text[i:j]
		if !lower {
			w = strings.ToLower(w)
		}
		fn(w)
		i = j
	}
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// ContentWords returns the distinct content words of text, in order of
// first appearance.
func ContentWords(text string) []string { return ContentWordsWithout(text, IsStopword) }

// ContentWordsWithout is ContentWords with another language's stopwords:
// the rule in that language.
func ContentWordsWithout(text string, isStop func(w string) bool) []string {
	var out []string
	// A sentence has a few content words: they are searched in out until
	// there are seenFrom, then in a set (the audit calls this per claim).
	var seen map[string]bool
	Words(text, func(w string) {
		switch {
		case isStop(w):
		case seen != nil:
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		case !slices.Contains(out, w):
			out = append(out, w)
			if len(out) == seenFrom {
				seen = make(map[string]bool, 2*seenFrom)
				for _, x := range out {
					seen[x] = true
				}
			}
		}
	})
	return out
}

// seenFrom is how many distinct words ContentWordsWithout holds before it
// keeps a set of them.
const seenFrom = 32

// Share is the rule's score: the share of words (a sentence's distinct
// content words) for which has is true, or -1 when there is no word.
func Share(words []string, has func(w string) bool) float64 {
	if len(words) == 0 {
		return -1
	}
	found := 0
	for _, w := range words {
		if has(w) {
			found++
		}
	}
	return float64(found) / float64(len(words))
}

// Overlap is the rule's score of a sentence (markers removed) against the
// texts it cites, taken together.
func Overlap(sentence string, texts ...string) float64 {
	return OverlapWithout(IsStopword, sentence, texts...)
}

// OverlapWithout is Overlap with another language's stopwords.
func OverlapWithout(isStop func(w string) bool, sentence string, texts ...string) float64 {
	in := map[string]bool{}
	for _, t := range texts {
		Words(t, func(w string) { in[w] = true })
	}
	return Share(ContentWordsWithout(sentence, isStop), func(w string) bool { return in[w] })
}

// IsStopword reports whether w (lower-cased) is in Stopwords.
func IsStopword(w string) bool { return stopwords[w] }

// Stopwords is the rule's stopword list: the English list of NLTK (179
// words, as shipped with its stopwords corpus), whose contractions split
// into their parts under Words ("don't" is "don" and "t", both listed).
var Stopwords = []string{
	"i", "me", "my", "myself", "we", "our", "ours", "ourselves", "you", "you're", "you've", "you'll",
	"you'd", "your", "yours", "yourself", "yourselves", "he", "him", "his", "himself", "she", "she's",
	"her", "hers", "herself", "it", "it's", "its", "itself", "they", "them", "their", "theirs",
	"themselves", "what", "which", "who", "whom", "this", "that", "that'll", "these", "those", "am",
	"is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does",
	"did", "doing", "a", "an", "the", "and", "but", "if", "or", "because", "as", "until", "while",
	"of", "at", "by", "for", "with", "about", "against", "between", "into", "through", "during",
	"before", "after", "above", "below", "to", "from", "up", "down", "in", "out", "on", "off", "over",
	"under", "again", "further", "then", "once", "here", "there", "when", "where", "why", "how",
	"all", "any", "both", "each", "few", "more", "most", "other", "some", "such", "no", "nor", "not",
	"only", "own", "same", "so", "than", "too", "very", "s", "t", "can", "will", "just", "don",
	"don't", "should", "should've", "now", "d", "ll", "m", "o", "re", "ve", "y", "ain", "aren",
	"aren't", "couldn", "couldn't", "didn", "didn't", "doesn", "doesn't", "hadn", "hadn't", "hasn",
	"hasn't", "haven", "haven't", "isn", "isn't", "ma", "mightn", "mightn't", "mustn", "mustn't",
	"needn", "needn't", "shan", "shan't", "shouldn", "shouldn't", "wasn", "wasn't", "weren",
	"weren't", "won", "won't", "wouldn", "wouldn't",
}

var stopwords = func() map[string]bool {
	m := make(map[string]bool, len(Stopwords))
	for _, w := range Stopwords {
		m[w] = true
	}
	return m
}()
