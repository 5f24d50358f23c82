package audit

import (
	"strings"
	"unicode"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// nameSwapped reports whether a window names something else where the
// sentence names one of missing: a capitalised word of the window that
// the sentence lacks, between the same neighbouring words as the missing
// name, both of them or one that is a content word ("at Uppsala
// University" for "at Lund University", "by Charles Dickens in" for "by
// Thomas Hardy in"). A name the sentence only adds ("Gabrielle "Coco"
// Chanel" for "Gabrielle Chanel") is no swap.
func nameSwapped(sentence string, missing []string, window string) bool {
	sw := tokens(sentence)
	inSentence := map[string]bool{}
	for _, t := range sw {
		inSentence[strings.ToLower(t)] = true
	}
	ww := tokens(window)
	for _, name := range missing {
		nw := tokens(name)
		if len(nw) == 0 {
			continue
		}
		left, right, ok := neighbours(sw, nw)
		if !ok {
			continue
		}
		// Each run of the window's capitalised words the sentence lacks.
		for i := 0; i < len(ww); {
			if !capitalised(ww[i]) || inSentence[strings.ToLower(ww[i])] {
				i++
				continue
			}
			j := i
			for j < len(ww) && (capitalised(ww[j]) && !inSentence[strings.ToLower(ww[j])] || isNumber(ww[j])) {
				j++
			}
			l, r := "", ""
			if i > 0 {
				l = strings.ToLower(ww[i-1])
			}
			if j < len(ww) {
				r = strings.ToLower(ww[j])
			}
			// Both neighbours, or one that is a content word: "of" alone
			// ("Duke of Kent" beside "Duke of Cambridge") places nothing.
			if l == left && r == right || l != "" && l == left && !nounphrase.IsStopword(l) ||
				r != "" && r == right && !nounphrase.IsStopword(r) {
				return true
			}
			i = j
		}
	}
	return false
}

// tokens are the runs of letters and digits of text.
func tokens(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// neighbours returns the lower-cased words before and after the first
// occurrence of name (tokens) in words ("" at either end).
func neighbours(words, name []string) (left, right string, ok bool) {
	for i := 0; i+len(name) <= len(words); i++ {
		match := true
		for k, n := range name {
			if !strings.EqualFold(words[i+k], n) {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		if i > 0 {
			left = strings.ToLower(words[i-1])
		}
		e := i + len(name)
		for e < len(words) && isNumber(words[e]) { // "Orion 5"
			e++
		}
		if e < len(words) {
			right = strings.ToLower(words[e])
		}
		return left, right, true
	}
	return "", "", false
}

func isNumber(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

// capitalised reports whether a word has a capital letter ("Acme", "iOS").
func capitalised(w string) bool { return strings.IndexFunc(w, unicode.IsUpper) >= 0 }
