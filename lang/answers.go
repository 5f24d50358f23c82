package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// answerWords are what a sentence may hold that only answers a yes/no
// question: an answer word ([answer-yes], [answer-no]) and at most
// maxAnswerRest words of [answer-word-rest] beside it.
type answerWords struct {
	first map[string]bool
	rest  map[string]bool
}

// maxAnswerRest is the most words beside the answer word: a pronoun, a
// modal and "possible" ("Oui, c'est tout à fait possible" is five).
const maxAnswerRest = 5

// readAnswerWords reads [answer-yes] and [answer-word-rest]; [answer-no]
// is the negation tables' (readNegation, which runs first).
func (l *Language) readAnswerWords(t *table) error {
	l.answers = answerWords{first: set(t.words("answer-yes")), rest: set(t.words("answer-word-rest"))}
	for w := range l.neg.answerNo {
		l.answers.first[w] = true
	}
	if len(l.answers.first) == 0 || len(l.answers.rest) == 0 {
		return fmt.Errorf("[answer-yes] and [answer-word-rest] must list words")
	}
	return nil
}

// AnswerWordOnly reports whether text (a sentence without its markers)
// is only an answer word with at most a pronoun and a modal: "Yes.",
// "Ja, das geht.", "Oui, c'est possible.", "No." It says nothing a chunk
// can be checked against without the question, which the audit does not
// read: "No" to "Can I return opened items?" and "Yes" read the same
// against a chunk that says they can be.
func (l *Language) AnswerWordOnly(text string) bool {
	// Nearly every sentence opens with another word: an ASCII first word
	// is looked up before the sentence is split.
	if w := firstWord(text); isASCIIWord(w) && !l.answers.first[strings.ToLower(w)] {
		return false
	}
	words := strings.FieldsFunc(strings.ToLower(apostrophes(text)), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	})
	if len(words) == 0 || len(words) > 1+maxAnswerRest || !l.answers.first[words[0]] {
		return false
	}
	for _, w := range words[1:] {
		if !l.answers.rest[w] {
			return false
		}
	}
	return true
}

// firstWord is the first run of letters and apostrophes of text.
func firstWord(text string) string {
	start := -1
	for i, r := range text {
		in := unicode.IsLetter(r) || r == '\'' || r == '’'
		switch {
		case start < 0 && in:
			start = i
		case start >= 0 && !in:
			return text[start:i]
		}
	}
	if start < 0 {
		return ""
	}
	return text[start:]
}

func isASCIIWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false
		}
	}
	return w != ""
}
