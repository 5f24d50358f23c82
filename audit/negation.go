package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/nounphrase"
)

var negationWords = map[string]bool{
	"not": true, "no": true, "never": true, "without": true, "none": true, "nor": true, "neither": true,
	"cannot": true, "nothing": true, "nobody": true, "nowhere": true,
}

func isNegation(w string) bool {
	return negationWords[w] || strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t")
}

// firstPerson are the words that make a negation a hedge about the
// speaker ("i'm not sure but …", "i've never heard of him but …"), not a
// claim; "we" and "you" stay claims ("we do not ship to Canada").
var firstPerson = map[string]bool{"i": true, "i'm": true, "im": true, "i've": true, "ive": true, "i'd": true, "i’m": true, "i’ve": true}

// answerWords after a leading "no" make it an answer to the question ("no
// i have not, but …"), which negates nothing of the claim.
var answerWords = map[string]bool{"i": true, "i'm": true, "we": true, "you": true, "it": true, "sorry": true, "thank": true, "but": true}

// Polarity bits of a word in a text: where it is said, and where denied.
const (
	affirmed = 1
	denied   = 2
)

// polarityDiffers reports whether one of the sentence and its window
// denies something about the words they share and the other does not
// ("covers A but not B" and "B is not covered" both deny). A word that
// either text both affirms and denies ("Refunds are accepted within 30
// days … store credit instead of a refund") makes no denial: which of its
// mentions the other text follows, words alone cannot tell.
// The chunk around the window counts for that: a word the window denies
// and the chunk says elsewhere is one the chunk both says and denies.
func polarityDiffers(sentence, window, chunk string, inWindow, inSentence func(stem string) bool) bool {
	ps, pw := polarities(sentence, inWindow), polarities(window, inSentence)
	if denies(pw, ps) && len(chunk) > len(window) {
		pc := polarities(chunk, func(st string) bool { return pw[st] == denied })
		for st, bits := range pc {
			pw[st] |= bits
		}
	}
	return denies(ps, pw) != denies(pw, ps)
}

// denies: p denies a word only (never says it) that other does not both
// say and deny.
func denies(p, other map[string]int) bool {
	for st, bits := range p {
		if bits == denied && other[st] != affirmed|denied {
			return true
		}
	}
	return false
}

// polarities gives each content word of text that about accepts (by its
// stem) its polarity bits. A negation cue denies its negated word (the
// first content word after it, adverbs in -ly passed over), or, with none
// after it, the words of its own clause ("…is not."). "Rather than" and
// "instead of" deny what follows them. Not negations: a leading "No," that
// answers the question, a hedge in the first person ("i'm not sure but
// …"), "whether or not", and "not only" or "not just", which add rather
// than deny.
func polarities(text string, about func(stem string) bool) map[string]int {
	text = strings.TrimLeft(text, " \"'*")
	if len(text) > 3 && (strings.EqualFold(text[:3], "no,") || strings.EqualFold(text[:3], "no.")) {
		text = text[3:]
	} else if ws := nounphrase.Words(text); len(ws) > 1 && ws[0] == "no" && answerWords[ws[1]] {
		text = text[strings.Index(strings.ToLower(text), "no")+2:]
	}
	out := map[string]int{}
	for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(".,;:!?()", r) }) {
		words := nounphrase.Words(clause)
		deny := make([]bool, len(words))
		for i, w := range words {
			cue := isNegation(w) ||
				i+1 < len(words) && (w == "rather" && words[i+1] == "than" || w == "instead" && words[i+1] == "of")
			if !cue || hedge(words[:i]) || i > 0 && words[i-1] == "or" ||
				i+1 < len(words) && (words[i+1] == "only" || words[i+1] == "just" || words[i+1] == "merely") {
				continue
			}
			if j := negatedWord(words[i+1:]); j >= 0 {
				deny[i+1+j] = true
				continue
			}
			for k := range i { // "… is not."
				deny[k] = true
			}
		}
		for i, w := range words {
			if nounphrase.IsStopword(w) || isNegation(w) {
				continue
			}
			if st := nounphrase.StemWord(w); about(st) {
				if deny[i] {
					out[st] |= denied
				} else {
					out[st] |= affirmed
				}
			}
		}
	}
	return out
}

// negatedWord is the index of the first content word of words, adverbs in
// -ly passed over ("does not actually fix" negates "fix"); -1: none.
func negatedWord(words []string) int {
	for i, x := range words {
		if nounphrase.IsStopword(x) || isNegation(x) || x == "than" || x == "of" {
			continue
		}
		if strings.HasSuffix(x, "ly") && len(x) > 4 {
			continue
		}
		return i
	}
	return -1
}

// hedge reports whether the words before a negation cue, in its clause,
// make it the speaker's hedge: a first-person pronoun among the last three.
func hedge(before []string) bool {
	for k := max(0, len(before)-3); k < len(before); k++ {
		if firstPerson[before[k]] {
			return true
		}
	}
	return false
}
