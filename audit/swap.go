package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/nounphrase"
)

// nameSwapped reports whether a window names something else where the
// sentence names one of missing: a capitalised word of the window that
// the sentence lacks, between the same neighbouring words as the missing
// name, both of them or one that is a content word ("at Uppsala
// University" for "at Lund University", "by Charles Dickens in" for "by
// Thomas Hardy in"). A name the sentence only adds ("Gabrielle "Coco"
// Chanel" for "Gabrielle Chanel") is no swap.
func nameSwapped(t tongue, sentence string, missing []string, window string) bool {
	sw := tokens(sentence)
	inSentence := map[string]bool{}
	for _, t := range sw {
		inSentence[strings.ToLower(t)] = true
	}
	ww := tokens(window)
	inWindow := map[string]bool{}
	for _, t := range ww {
		inWindow[strings.ToLower(t)] = true
	}
	for _, name := range missing {
		nw := tokens(name)
		if len(nw) == 0 {
			continue
		}
		left, right, ok := neighbours(sw, nw, inWindow)
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
				l = ww[i-1]
				// An article the sentence's name goes without: "to the
				// Netherlands" where the sentence says "to Belgium".
				if i > 1 && !strings.EqualFold(l, left) && stopword(t, l) && strings.EqualFold(ww[i-2], left) {
					l = ww[i-2]
				}
			}
			if j < len(ww) {
				r = ww[j]
			}
			// Both neighbours, or one that is a common word: "of" alone
			// ("Duke of Kent" beside "Duke of Cambridge") places nothing,
			// nor does the rest of a name ("Auf" of "Auf der Maur").
			if strings.EqualFold(l, left) && strings.EqualFold(r, right) || placing(t, l, left) || placing(t, r, right) {
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

// neighbours returns the words before and after the first
// occurrence of name (tokens) in words ("" at either end), the name run
// on over the capitalised words beside it that the window lacks too
// ("Thomas" of "Thomas Hardy") and the numbers after it ("Orion 5").
func neighbours(words, name []string, inWindow map[string]bool) (left, right string, ok bool) {
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
		missingName := func(w string) bool { return capitalised(w) && !inWindow[strings.ToLower(w)] }
		s, e := i, i+len(name)
		for s > 0 && missingName(words[s-1]) {
			s--
		}
		for e < len(words) && (missingName(words[e]) || isNumber(words[e])) {
			e++
		}
		if s > 0 {
			left = words[s-1]
		}
		if e < len(words) {
			right = words[e]
		}
		return left, right, true
	}
	return "", "", false
}

// placing reports whether a window's neighbour w of a name is the
// sentence's neighbour s and places a name on its own: a word in lower
// case that is not a stopword.
func placing(t tongue, w, s string) bool {
	if w == "" || !strings.EqualFold(w, s) || capitalised(s) {
		return false
	}
	return !stopword(t, s)
}

// stopword reports whether w is a stopword of the tongue.
func stopword(t tongue, w string) bool {
	if t.l != nil {
		return t.l.IsStopword(t.l.Normalize(w))
	}
	return nounphrase.IsStopword(strings.ToLower(w))
}

func isNumber(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}

// capitalised reports whether a word has a capital letter ("Acme", "iOS").
func capitalised(w string) bool { return strings.IndexFunc(w, unicode.IsUpper) >= 0 }

// codeSwapped returns a model or product code of the claim (a word
// opening with a letter that holds a digit: "S23", "X1", "MP3") that the
// window lacks where it has another code beside the same word ("Galaxy
// S24" for "Galaxy S23", "ThinkPad T14" for "ThinkPad X1"); "" if none.
// Amounts with units ("100ml", "5pm") open with a digit and are the
// number checks'.
func codeSwapped(c *claim, window string) string {
	if c.codes == nil {
		var codes []string
		for _, t := range tokens(c.plain) {
			if isCode(t) {
				codes = append(codes, t)
			}
		}
		c.codes = &codes
	}
	if len(*c.codes) == 0 {
		return "" // most claims: the window need not be read
	}
	sw, ww := tokens(c.plain), tokens(window)
	for i, t := range sw {
		if !isCode(t) || hasFold(ww, t) {
			continue
		}
		for j, u := range ww {
			if !isCode(u) || hasFold(sw, u) {
				continue
			}
			if i > 0 && j > 0 && strings.EqualFold(sw[i-1], ww[j-1]) ||
				i+1 < len(sw) && j+1 < len(ww) && strings.EqualFold(sw[i+1], ww[j+1]) {
				return t
			}
		}
	}
	return ""
}

// isCode reports whether w opens with a letter and holds a digit.
func isCode(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsLetter(r) && strings.IndexFunc(w, unicode.IsDigit) > 0
}

// variantNamed returns a name of the claim that the window names with one
// capitalised word more right after it, in the same place: "Galaxy S24"
// where the window says "Galaxy S24 Ultra has …", "Basic plan" against
// "Basic Plus plan", "iPhone 15" against "iPhone 15 Pro" — another
// product or plan; "" if none. The names are read as written, words
// apart by single spaces: an acronym in brackets ("Action Party (PAP)
// swept"), a sentence's first word or a second name ("CEO Richard
// Onizuka") is no variant, nor a word added before or inside a name.
func variantNamed(c *claim, window string) string {
	sw := strings.Fields(c.plain)
	elided := false // "L'iPhone": the name after an elided article, not a sentence's first word
	if len(sw) > 0 {
		if _, rest, ok := strings.Cut(strings.ReplaceAll(sw[0], "’", "'"), "'"); ok && len(sw[0])-len(rest) <= 3 {
			sw[0], elided = rest, true
		}
	}
	// Where every noun is capitalised (German), a name run opens with a
	// word of the claim's names: "Der Tarif kostet" is no name of "Tarif
	// Basis".
	nouns := c.tongue.l != nil && c.tongue.l.NounsCapitalised
	named := func(k int) bool {
		w := sw[k]
		return !nouns || slices.ContainsFunc(c.entities, func(e string) bool { return slices.Contains(strings.Fields(e), w) }) ||
			strings.IndexFunc(w[1:], unicode.IsUpper) >= 0 || k+1 < len(sw) && isNumber(sw[k+1]) // "iPhone", "Galaxy 15"
	}
	for i := 0; i < len(sw); i++ {
		if i == 0 && !elided || !capitalised(sw[i]) || !isWord(sw[i]) || !named(i) {
			continue
		}
		end := i + 1 // the claim's name run: capitalised words and numbers ("iPhone 15")
		for end < len(sw) && isWord(sw[end]) && (capitalised(sw[end]) || isNumber(sw[end])) {
			end++
		}
		if end == len(sw) {
			return ""
		}
		run, next := strings.Join(sw[i:end], " "), strings.TrimRight(sw[end], ".,;:!?")
		for from := 0; ; {
			k := indexFold(window[from:], run)
			if k < 0 {
				break
			}
			rest := window[from+k+len(run):]
			from += k + len(run)
			extra, after, ok := strings.Cut(strings.TrimPrefix(rest, " "), " ")
			if !ok || !strings.HasPrefix(rest, " ") || !isWord(extra) || !capitalised(extra) || extra == strings.ToUpper(extra) ||
				hasFold(sw, extra) {
				continue
			}
			if w, _, _ := strings.Cut(after, " "); strings.EqualFold(strings.TrimRight(w, ".,;:!?"), next) {
				return run
			}
		}
		i = end
	}
	return ""
}

// hasFold reports whether ws holds w in any case.
func hasFold(ws []string, w string) bool {
	return slices.ContainsFunc(ws, func(x string) bool { return strings.EqualFold(x, w) })
}

// isWord reports whether w is letters and digits only.
func isWord(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0
}

// nameIntroduced reports whether a name of missing, which the chunk
// lacks, stands in the sentence where the window has words of its own
// between the same two neighbours: "paid to a PayPal account within"
// against "paid to the original payment method within". Every other
// content word of the sentence is the window's, so the name is the
// claim's only addition, and it replaces what the window says there. A
// name the sentence only adds ("Contact Acme support" for "Contact our
// support") replaces no content word.
func nameIntroduced(t tongue, sentence string, missing []string, window string) bool {
	sw, ww := tokens(sentence), tokens(window)
	inWindow, inSentence := map[string]bool{}, map[string]bool{}
	for _, w := range ww {
		inWindow[strings.ToLower(w)] = true
	}
	for _, w := range sw {
		inSentence[strings.ToLower(w)] = true
	}
	for _, name := range missing {
		nw := tokens(name)
		i := slices.IndexFunc(sw, func(w string) bool { return len(nw) > 0 && strings.EqualFold(w, nw[0]) })
		if i < 0 {
			continue
		}
		// The run of words about the name that the window lacks: "a
		// PayPal account".
		s, e := i, i+len(nw)
		for s > 0 && !inWindow[strings.ToLower(sw[s-1])] {
			s--
		}
		for e < len(sw) && !inWindow[strings.ToLower(sw[e])] {
			e++
		}
		if s == 0 || e-s > len(nw)+2 || !contentAllIn(t, sw[:s], inWindow) || !contentAllIn(t, sw[e:], inWindow) {
			continue
		}
		right := "" // the end of both: "auf Ihr PayPal-Konto." against "auf das ursprüngliche Zahlungsmittel."
		if e < len(sw) {
			right = sw[e]
		}
		if windowGapOwn(t, ww, sw[s-1], right, inSentence) {
			return true
		}
	}
	return false
}

// contentAllIn reports whether every word of words that is no stopword
// or number is in set.
func contentAllIn(t tongue, words []string, set map[string]bool) bool {
	for _, w := range words {
		if !set[strings.ToLower(w)] && !stopword(t, w) && !isNumber(w) {
			return false
		}
	}
	return true
}

// windowGapOwn reports whether the window has left and then right (its
// end for "") with one to five words between them, one of which is a
// content word the sentence lacks.
func windowGapOwn(t tongue, ww []string, left, right string, inSentence map[string]bool) bool {
	for j, w := range ww {
		if !strings.EqualFold(w, left) {
			continue
		}
		for k := j + 2; k <= len(ww) && k <= j+6; k++ {
			if k < len(ww) && !strings.EqualFold(ww[k], right) || k == len(ww) && right != "" {
				continue
			}
			for _, g := range ww[j+1 : k] {
				if !inSentence[strings.ToLower(g)] && !stopword(t, g) && !isNumber(g) {
					return true
				}
			}
			break
		}
	}
	return false
}
