package audit

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
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
	e := lettersEnd(text, k)
	return text[k:e], e
}

// lettersEnd returns where the run of letters at text[k] ends.
func lettersEnd(text string, k int) int {
	for k < len(text) {
		r, n := utf8.DecodeRuneInString(text[k:])
		if !unicode.IsLetter(r) {
			break
		}
		k += n
	}
	return k
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

// numberedAsOrdinal reports whether q, a number right after a unit of
// time in the singular ("day three", "Tag drei", "dag drie"), is the
// ordinal the chunk states of that word ("the third day", "ab dem
// dritten Tag"): the claim counts the day, not a number of days.
func (ev *evidence) numberedAsOrdinal(c *claim, q quantity) bool {
	if q.Kind != "number" || q.Unit != "" || q.Weak {
		return false
	}
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return false
	}
	before := boundWordsBefore(c.plain, q.Start, 1)
	if len(before) != 1 {
		return false
	}
	if u, ok := l.Unit(before[0]); !ok || !strings.HasPrefix(u, "time:") {
		return false
	}
	ord := quantity{Kind: "ordinal", Key: "o:" + strings.TrimPrefix(q.Key, "n:")}
	return ev.quantities.supports(ord) && ev.quantities.flags(keyHashStart.add("unit:ord:").add(before[0]))&qPresent != 0
}

// oneAsTheUnit reports whether q, one of a unit said with an article
// ("einen Tag vor", "one day before"), is what the chunk says of the
// unit's word in the singular with the same word after it and no count
// before it ("bis zum Tag vor", "until the day before"): the same single
// day. Read only for a weak one
// the chunk would otherwise hold against another number of its unit.
func (ev *evidence) oneAsTheUnit(c *claim, q quantity) bool {
	if !q.Weak || q.Key != "n:1" || !strings.HasPrefix(q.Unit, "time:") {
		return false
	}
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return false
	}
	after := boundWordsAfter(c.plain, q.Start+len(q.Raw), 1)
	words := strings.Fields(strings.ToLower(q.Raw))
	if len(after) != 1 || len(words) < 2 {
		return false
	}
	unit, next := l.Normalize(words[len(words)-1]), l.Normalize(after[0]) // "tag", "vor"
	ws := normalisedWords(l, ev.scanned)
	for i := 1; i+1 < len(ws); i++ {
		if ws[i] != unit || ws[i+1] != next {
			continue
		}
		if _, ok := countOf(l, ws[i-1]); !ok && !startsWithDigitOrSign(ws[i-1]) {
			return true // "zum Tag vor", "the day before": no count, one day
		}
	}
	return false
}
