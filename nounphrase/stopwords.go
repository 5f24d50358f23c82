package nounphrase

import "sort"

// IsStopword reports whether the normalised word w carries no claim on its
// own (function words and discourse fillers).
func IsStopword(w string) bool { return stopwords[w] }

// Stopwords lists the words IsStopword holds, sorted.
func Stopwords() []string {
	out := make([]string, 0, len(stopwords))
	for w := range stopwords {
		out = append(out, w)
	}
	sort.Strings(out)
	return out
}

var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"a", "an", "the", "and", "or", "but", "if", "then", "else", "when", "while", "of", "at", "by",
		"for", "with", "about", "against", "between", "into", "through", "during", "before", "after",
		"above", "below", "to", "from", "up", "down", "in", "out", "on", "off", "over", "under",
		"again", "further", "once", "here", "there", "where", "why", "how", "all", "any", "both",
		"each", "few", "more", "most", "other", "some", "such", "only", "own", "same", "so",
		"than", "too", "very", "can", "will", "just", "should", "now", "i", "me", "my", "we", "our",
		"you", "your", "he", "him", "his", "she", "her", "it", "it", "its", "they", "them", "their",
		"what", "which", "who", "whom", "thi", "this", "that", "these", "those", "am", "is", "are", "wa", "was",
		"were", "be", "been", "being", "have", "ha", "has", "had", "having", "do", "doe", "does", "did",
		"doing", "would", "could", "might", "must", "shall", "may", "also", "however", "therefore",
		"thus", "moreover", "furthermore", "additionally", "addition", "example", "e.g", "eg", "ie",
		"etc", "including", "include", "includes", "as", "well", "like", "many", "much", "several",
		"various", "one", "within", "without", "not", "no", "never", "nor", "yes", "us", "which",
		"whose", "because", "since", "until", "although", "though", "whether", "either", "neither",
		"overall", "generally", "typically", "usually", "often", "other", "another", "per", "via",
		"upon", "onto", "among", "amongst", "across", "along", "around", "behind", "beyond", "near",
		"toward", "towards", "whereas", "whatever", "whenever", "wherever", "whichever", "whoever",
		"s", "t", "d", "ll", "m", "re", "ve",
	} {
		m[w] = true
	}
	return m
}()
