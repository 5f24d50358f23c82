package audit

import "strings"

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
