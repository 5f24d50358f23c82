// Package overlap is the word-overlap rule, the baseline every verdict of
// ragaudit is measured against: the share of a sentence's distinct content
// words that the cited text contains. It is deliberately plain (no stems,
// no number parsing, no weights) and defined here once, so the baseline
// cannot drift with the audit's own tokenisation.
//
// A word is a maximal run of Unicode letters and digits, lower-cased;
// everything else separates words, so "Israel's" gives "israel" and "s",
// "2018–19" gives "2018" and "19", and "20,770" gives "20" and "770".
// Content words are the words not in Stopwords. Citation markers ("[1]")
// are removed from the sentence by the caller before it is measured.
//
// Files: overlap.go holds the rule, its words and its stopwords.
package overlap
