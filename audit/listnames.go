package audit

import (
	"slices"
	"strings"
	"unicode"

	"github.com/ragaudit/ragaudit/lang"
)

// listExtended reports whether the sentence adds a name to a list of
// names the chunk gives: "We accept Visa, Mastercard, PayPal and American
// Express" where the chunk accepts "Visa, Mastercard and PayPal". A list
// is three names or more, one after another with a comma or at most three
// short lower-case words between them ("und nach", "et en"), the last
// joined by a word of [list-joins] ("and"): names with commas only may be
// one place ("Saumur, Maine-et-Loire, France"). The sentence
// adds when a name of it is missing from the chunk and two others are
// there. A list the chunk does not give does not count: its names are
// missing, not added.
func listExtended(l *lang.Language, sentence string, entities []string, found []bool) bool {
	at := 0
	type item struct {
		start, end int
		found      bool
	}
	var items []item
	for i, e := range entities {
		k := strings.Index(sentence[at:], e)
		if k < 0 {
			continue
		}
		items = append(items, item{at + k, at + k + len(e), found[i]})
		at += k + len(e)
	}
	for i := 0; i < len(items); {
		j, joined := i+1, false
		for j < len(items) && listGap(sentence[items[j-1].end:items[j].start]) {
			joined = joined || slices.ContainsFunc(strings.Fields(sentence[items[j-1].end:items[j].start]), l.IsListJoin)
			j++
		}
		in, out := 0, 0
		for _, it := range items[i:j] {
			if it.found {
				in++
			} else {
				out++
			}
		}
		if j-i >= 3 && joined && in >= 2 && out >= 1 {
			return true
		}
		i = j
	}
	return false
}

// listGap reports whether the text between two names joins them as items
// of one list: a comma, or up to three short lower-case words (a
// conjunction and a preposition or article: "and", "und in die", "y").
func listGap(gap string) bool {
	if strings.ContainsAny(gap, ".;:!?()[]") {
		return false
	}
	words := strings.Fields(strings.ReplaceAll(gap, ",", " "))
	if len(words) > 3 || len(words) == 0 && !strings.Contains(gap, ",") {
		return false
	}
	for _, w := range words {
		if len(w) > 4 || strings.IndexFunc(w, unicode.IsUpper) >= 0 {
			return false
		}
	}
	return true
}
