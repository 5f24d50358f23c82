package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// articleOneAt reads the one that "one", "a" or "an" at text[i] says
// before an English unit of time: "within one business day", "within a
// week", "a one-year warranty". It returns where the unit ends and the
// unit, "" for none. Like "ein Jahr" and "un an" in the languages with
// tables, such a one is weak (quantity.Weak): a claim's fails only
// against another number of its unit ("a week" against "two weeks",
// numbersMissing), never against a chunk that states no duration, and a
// chunk's states it. "a" and "an" count only after a word that opens a
// period ("within", "for", "than"…): after anything else they make a rate
// ("24 hours a day", "two tablets a day", "once a week"). Seconds are
// left out: "a second" is an ordinal more often than a time. "twenty-one
// days" is the number words'.
func articleOneAt(text string, i int) (int, string) {
	j := i
	for j < len(text) && j-i < 4 && isLetter(text[j]) {
		j++
	}
	one := j-i == 3 && strings.EqualFold(text[i:j], "one")
	if !one && j-i != 1 && (j-i != 2 || text[i+1]|0x20 != 'n') || text[i]|0x20 != 'a' && !one {
		return 0, "" // most words: "and", "of", "on", "our"
	}
	// The unit first: "a" is common, "a" before a unit of time is not.
	if j+1 >= len(text) || text[j] != ' ' && (text[j] != '-' || !one) || !strings.ContainsRune("mhdwybcMHDWYBC", rune(text[j+1])) {
		return 0, ""
	}
	w, e := wordAt(text, j+1, false)
	if dayQualifiers[w] {
		w, e = wordAt(text, e, true)
	}
	u := units[w]
	if !strings.HasPrefix(u, "time:") || u == "time:second" || u == "time:ms" || len(w) < 3 {
		return 0, ""
	}
	_, prev := wordBefore(text, i)
	if one {
		if _, _, number := numberWord(prev); number || i > 0 && text[i-1] == '-' {
			return 0, "" // "twenty-one days"
		}
		return e, u
	}
	if !periodOpeners[strings.ToLower(prev)] {
		return 0, ""
	}
	return e, u
}

// periodOpeners are the words after which "a" or "an" before a unit of
// time says one of it ("within a week", "for a year", "more than a day").
var periodOpeners = map[string]bool{
	"within": true, "in": true, "for": true, "after": true, "than": true, "about": true, "around": true,
	"approximately": true, "roughly": true, "nearly": true, "almost": true, "under": true, "over": true,
	"to": true, "of": true, "least": true, "most": true,
}

// oneCountedOtherwise returns the words of an English claim's "one" and
// the one or two words after it ("one extra user") where a text of the
// chunk gives another number of the same thing ("three extra users"),
// and none says it with "one"; "" otherwise. "one" is no number of its
// own (a pronoun: "the one you bought", "one of our agents"), so it is
// read only against a chunk that counts the same thing.
func oneCountedOtherwise(c *claim, ev *evidence) string {
	if c.tongue.code != "en" || !containsFold(c.plain, "one ") {
		return "" // most claims: no "one"
	}
	words := strings.Fields(strings.ToLower(c.plain))
	for i, w := range words {
		if strings.Trim(w, ".,;:!?\"'()") != "one" || i+1 >= len(words) || i > 0 && notCounting[words[i-1]] {
			continue
		}
		thing := words[i+1 : min(i+3, len(words))]
		for k, t := range thing {
			thing[k] = strings.Trim(t, ".,;:!?\"'()[]0123456789")
		}
		if notCounting[thing[0]] || thing[len(thing)-1] == "" {
			continue
		}
		if countedOtherwise(ev, thing) {
			return "one " + strings.Join(thing, " ")
		}
	}
	return ""
}

// notCounting are the words before or after "one" that make it no count.
var notCounting = map[string]bool{
	"the": true, "no": true, "any": true, "each": true, "every": true, "this": true, "that": true, "which": true,
	"of": true, "or": true, "and": true, "more": true, "another": true, "time": true, "way": true, "to": true,
}

// countedOtherwise reports whether a chunk text gives a number other than
// one right before thing (its last word in the singular or plural), and
// none gives "one" there.
func countedOtherwise(ev *evidence, thing []string) bool {
	other := false
	last := ""
	for _, text := range ev.texts {
		if text == last {
			continue
		}
		last = text
		ws := strings.Fields(strings.ToLower(text))
		for j := 0; j+len(thing) < len(ws); j++ {
			if !sameThingWords(ws[j+1:j+1+len(thing)], thing) {
				continue
			}
			n := strings.Trim(ws[j], ".,;:!?\"'()")
			if n == "one" || n == "1" {
				return false
			}
			if v, ordinal, ok := numberWord(n); ok && !ordinal && v > 1 || n != "" && strings.Trim(n, "0123456789") == "" && n != "1" {
				other = true
			}
		}
	}
	return other
}

// sameThingWords reports whether ws say thing: the same words, the last
// in the singular or plural ("extra users" for "extra user").
func sameThingWords(ws, thing []string) bool {
	for k, t := range thing {
		w := strings.Trim(ws[k], ".,;:!?\"'()")
		if w != t && (k < len(thing)-1 || strings.TrimSuffix(w, "s") != strings.TrimSuffix(t, "s")) {
			return false
		}
	}
	return true
}

// articleAsInChunk reports whether the chunk says a weak one's unit
// right after the word the claim says the one after, with no number
// between: "op een werkdag" against "op werkdagen" reads "een" as the
// article, whatever other counts of working days the chunk gives.
func (ev *evidence) articleAsInChunk(c *claim, q quantity) bool {
	if q.Key != "n:1" || q.Start > len(c.plain) { // an article's one, not an ordinal
		return false
	}
	_, before := wordBefore(c.plain, q.Start)
	fields := strings.Fields(q.Raw)
	if before == "" || len(fields) < 2 {
		return false
	}
	l := c.tongue.l
	unit := stemText(l, fields[len(fields)-1])
	if unit == "" {
		return false
	}
	for _, text := range ev.texts {
		prev, found := "", false
		nounphrase.RawWordsAt(text, func(raw string, _ int) {
			found = found || strings.EqualFold(prev, before) && stemText(l, raw) == unit
			prev = raw
		})
		if found {
			return true
		}
	}
	return false
}
