package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// listSwapped returns the item of a list of the claim (three items or
// more: "card, bank transfer and cheque") that the window's list of as
// many items gives otherwise, every other item being the same: "cheque"
// where the window lists "card, bank transfer and PayPal". Items are
// compared by the stems of their content words; "" for none.
func listSwapped(l *lang.Language, claim, window string) string {
	ci := listItems(l, claim)
	if len(ci) < 3 {
		return ""
	}
	for _, sentence := range strings.SplitAfter(window, ". ") {
		wi := listItems(l, sentence)
		if len(wi) != len(ci) {
			continue
		}
		var unmatched []int
		for k, c := range ci {
			if !slices.ContainsFunc(wi, func(w listItem) bool { return slices.Equal(w.stems, c.stems) }) {
				unmatched = append(unmatched, k)
			}
		}
		// The first item is read from the words before the first comma,
		// which may hold more than the item: one that differs there says
		// nothing.
		// An item the sentence says elsewhere is no other item ("les objets
		// de valeur" of "Les objets de valeur, bijoux et espèces", whose
		// first item is read as "valeur").
		if len(unmatched) == 1 && unmatched[0] > 0 && !saysStems(l, sentence, ci[unmatched[0]].stems) {
			return ci[unmatched[0]].text
		}
	}
	return ""
}

// saysStems reports whether text holds a word of each of stems.
func saysStems(l *lang.Language, text string, stems []string) bool {
	var own []string
	for _, w := range normalisedWords(l, text) {
		own = append(own, l.Stem(w))
	}
	return !slices.ContainsFunc(stems, func(s string) bool { return !slices.Contains(own, s) })
}

// listItem is an item of a list as written and the sorted stems of its
// content words.
type listItem struct {
	text  string
	stems []string
}

// listItems are the items of the list in text's clause that ends with a
// [list-joins] word before its last item ("A, B and C"): the parts
// between commas, the last split at the join word; nil for none.
func listItems(l *lang.Language, text string) []listItem {
	for _, clause := range splitOutsideFigures(text, ".;:!?()") {
		parts := splitOutsideFigures(clause, ",")
		if len(parts) < 2 {
			continue
		}
		last := strings.Fields(parts[len(parts)-1])
		j := slices.IndexFunc(last, func(w string) bool { return l.IsListJoin(strings.ToLower(w)) })
		if j < 0 {
			continue
		}
		raw := append(parts[:len(parts)-1:len(parts)-1], strings.Join(last[:j], " "), strings.Join(last[j+1:], " "))
		// The first part holds what comes before the list ("We accept
		// card"): its last word or two are the item.
		var items []listItem
		for k, p := range raw {
			ws := normalisedWords(l, p)
			if k == 0 && len(ws) > 2 {
				ws = ws[len(ws)-2:]
			}
			if k == len(raw)-1 && len(ws) > 2 {
				ws = ws[:2]
			}
			if f := strings.Fields(p); k == len(raw)-1 && l.NounsCapitalised && len(f) > 1 && startsLower(f[1]) {
				ws = normalisedWords(l, f[0]) // "Ketten gelten als …": a verb after the last noun ends the item
			}
			var stems, content []string
			for _, w := range ws {
				if !l.IsStopword(w) && !strings.HasSuffix(w, "'") {
					stems, content = append(stems, l.Stem(w)), append(content, w)
				}
			}
			if len(stems) == 0 {
				return nil // an item of stopwords only: no list of things
			}
			if k > 0 && k < len(raw)-1 && (len(content) > 4 || slices.ContainsFunc(ws, l.IsNegationWord) || l.HasConditional(ws)) {
				items = nil // a clause, no item: "…, we're no longer responsible if it's lost or damaged"
				break
			}
			slices.Sort(stems)
			items = append(items, listItem{strings.Join(content, " "), stems})
		}
		if items == nil {
			continue
		}
		return items
	}
	return nil
}

// splitOutsideFigures cuts text at each byte of seps, but not one between
// two digits: "€84,50", "1.234", "12:00" are figures, no list or clause
// breaks. Empty parts are dropped, as strings.FieldsFunc drops them.
func splitOutsideFigures(text, seps string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		if strings.IndexByte(seps, text[i]) < 0 || i > 0 && i+1 < len(text) && isDigit(text[i-1]) && isDigit(text[i+1]) {
			continue
		}
		if i > start {
			out = append(out, text[start:i])
		}
		start = i + 1
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// startsLower reports whether w opens with a lower-case letter.
func startsLower(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLower(r)
}
