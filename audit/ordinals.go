package audit

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ordinals are quantities of their own kind: "third floor" against
// "second floor" is a number_mismatch, as "3 floors" against "2 floors"
// is. Digits with an ordinal mark ("3rd", "3.", "3e", "3º") keep their
// number's key ("n:3"), as before, and a chunk's add "o:3", so a claim's
// "third" is supported by a chunk's "3rd". An ordinal word ("third",
// "dritten", "troisième") is only "o:3" and weak: it fails only against
// a chunk that states another ordinal of the word after it (statesUnit:
// "third floor" against "second floor", not "third quarter" against
// "second year"), as "first" is also "at first", and a chunk may say
// "initially" for it.

// Kinds of number.ordinal.
const (
	notOrdinal   = iota
	ordinalDigit // "3rd", "3.", "3e"
	ordinalWord  // "third", "dritten"
)

// ordinalWordCounts reports whether the ordinal word at text[start:end]
// is read as one: not a part of a date ("first of May", "May first",
// "premier mai", "primero de mayo", "am ersten Mai"), which the date
// readers own; not joined by a hyphen ("15-second", "second-hand"); and
// only before another word ("second floor", not "a second." nor "Third,"):
// what it counts is the word after it, and an ordinal of nothing would
// match any other such one ("Third, tap" against "First, open").
func ordinalWordCounts(text string, start, end int, isMonth func(string) bool) bool {
	if start > 0 && (text[start-1] == '-' || isDigit(text[start-1])) || end < len(text) && text[end] == '-' {
		return false
	}
	next, nextEnd := wordAfterPos(text, end)
	if next == "" || isMonth(next) {
		return false
	}
	// One short word between: "first of May", "primero de mayo".
	if n := utf8.RuneCountInString(next); n > 0 && n <= 3 {
		if w, _ := wordAfterPos(text, nextEnd); w != "" && isMonth(w) {
			return false
		}
	}
	if prev := wordBeforePos(text, start); prev != "" && isMonth(prev) {
		return false
	}
	return true
}

// wordAfterPos returns the word of letters after the spaces at text[i]
// and where it ends; "" when something else comes first.
func wordAfterPos(text string, i int) (string, int) {
	k := i
	for k < len(text) && text[k] == ' ' {
		k++
	}
	if k == i && i < len(text) {
		return "", i
	}
	e := k
	for e < len(text) {
		r, n := utf8.DecodeRuneInString(text[e:])
		if !unicode.IsLetter(r) {
			break
		}
		e += n
	}
	return text[k:e], e
}

// wordBeforePos returns the word of letters before the spaces ending at
// text[i]; "" when something else comes first.
func wordBeforePos(text string, i int) string {
	k := i
	for k > 0 && text[k-1] == ' ' {
		k--
	}
	if k == i && i > 0 {
		return ""
	}
	s := k
	for s > 0 {
		r, n := utf8.DecodeLastRuneInString(text[:s])
		if !unicode.IsLetter(r) {
			break
		}
		s -= n
	}
	return text[s:k]
}

// ordinalOf is the word after an ordinal ending at text[end], lowercased:
// what it counts ("floor", "stock"); "" when none follows.
func ordinalOf(text string, end int) string {
	w, _ := wordAfterPos(text, end)
	return strings.ToLower(w)
}

// isEnglishMonth reports whether w, in any case, names a month.
func isEnglishMonth(w string) bool { return months[strings.ToLower(w)] > 0 }
