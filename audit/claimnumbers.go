package audit

import "strings"

// claimQuantities are the quantities a sentence claims, as the number
// check holds them against a chunk: findQuantities, less the conversions a
// sentence adds in parentheses ("18 in (460 mm)", "355 feet (108 m)",
// "$100 (€92)"), which restate the quantity before them, and with the
// second year of a range read whole ("2018–19" claims 2019, not 19).
// Offsets and Raw are those of text with plainSpaces.
func claimQuantities(text string) []quantity {
	text = plainSpaces(text)
	return claimed(text, findQuantities(text), isEnglishUnit)
}

// isEnglishUnit reports whether w (lowercased) is a unit word of units.
func isEnglishUnit(w string) bool {
	_, ok := units[w]
	return ok
}

// claimed is claimQuantities of the quantities qs found in text, isUnit
// telling the unit words of its language.
func claimed(text string, qs []quantity, isUnit func(string) bool) []quantity {
	out := qs[:0]
	convEnd := -1 // the end of the conversion being skipped
	for k, q := range qs {
		if q.Start < convEnd {
			continue
		}
		if k > 0 {
			if end := conversionAfter(text, qs[k-1], q, isUnit); end > 0 {
				convEnd = end
				continue
			}
			// The first year is four digits: "10.0–12" is no range of years.
			if p := qs[k-1]; p.Kind == "number" && q.Kind == "number" && len(p.Raw) == 4 && strings.Trim(p.Raw, "0123456789") == "" {
				if y2, ok := rangeSecondYear(text, p.Start, p.Start+4); ok {
					q.Key, q.Unit = "n:"+y2, ""
				}
			}
		}
		out = append(out, q)
	}
	return out
}

// conversionAfter returns the end of the parentheses that open right
// after quantity p (and at most two unit words, isUnit's or of at most
// three ASCII letters: "18 in (", "830,000 sq ft (") with quantity q, or 0: "(460 mm)" converts "18 in", "(2 wins)"
// after "2018 season" does not.
func conversionAfter(text string, p, q quantity, isUnit func(string) bool) int {
	if q.Start < p.Start+len(p.Raw) {
		return 0 // q reads p's currency again ("3.50 EUR 12"): no parentheses between
	}
	between := text[p.Start+len(p.Raw) : q.Start]
	before, ok := strings.CutSuffix(strings.TrimRight(between, " "), "(")
	if !ok || strings.Contains(before, ")") {
		return 0
	}
	words := strings.Fields(before)
	if len(words) > 2 {
		return 0
	}
	for _, w := range words {
		lw := strings.ToLower(strings.Trim(w, "."))
		if !isUnit(lw) && (len(lw) > 3 || lw == "") {
			return 0
		}
		for _, c := range []byte(lw) {
			if !isLetter(c) {
				return 0
			}
		}
	}
	if p.Unit == "" && len(words) == 0 && p.Kind == "number" {
		return 0 // "1950 (70)": a bare number is converted into nothing
	}
	end := strings.IndexByte(text[q.Start:], ')')
	if end < 0 {
		return 0
	}
	return q.Start + end
}
