package audit

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// Shares written in words: a claim's "a third off", "d'un tiers", "la
// mitad" is the percentage it names (lang's [fractions]), held to the
// chunk's percentages: "a third off" against "25% off" fails, "half price"
// against "50% off" holds. Only claims are read so (chunks are many, and
// their words are scanned on the hot path); a share is weak: it fails
// only where the chunk states a percentage and not this one, nor writes
// the same words.

// shareWord is a word of a claim and where it is.
type shareWord struct {
	w          string
	start, end int
}

// withFractions adds to qs, the quantities of the claim text in language
// l, the shares it writes in words, in order of appearance.
func withFractions(l *lang.Language, text string, qs []quantity) []quantity {
	if l == nil || !mayHaveFraction(text) || !l.MayHaveFraction(text) {
		return qs
	}
	words := letterWords(text)
	ws := wordStrings(words)
	added, shares := false, slices.ContainsFunc(ws, l.IsShareWord)
	for i := 0; i < len(words); i++ {
		q, n := dayTime(l, text, words, ws, i)
		if n == 0 {
			q, n = halfAmount(l, text, words, ws, i)
		}
		if n > 0 {
			qs = slices.DeleteFunc(qs, func(p quantity) bool { return p.Start >= q.Start && p.Start < q.Start+len(q.Raw) })
			qs = append(qs, q)
			added, i = true, i+n-1
			continue
		}
		pct, n, amb := l.FractionAt(ws, i)
		if n == 0 || amb && !shares || notAShare(l, words, i, n) {
			continue
		}
		start, end := words[i].start, words[i+n-1].end
		// The share's own number words are no numbers ("two" of "two thirds").
		qs = slices.DeleteFunc(qs, func(q quantity) bool { return q.Start >= start && q.Start < end })
		qs = append(qs, quantity{Raw: text[start:end], Kind: "fraction", Key: "p:" + pct, Start: start,
			Unit: "pct", Weak: true, Alts: shareAlts(pct)})
		added, i = true, i+n-1
	}
	if added {
		slices.SortStableFunc(qs, func(a, b quantity) int { return cmp.Compare(a.Start, b.Start) })
	}
	return qs
}

// dayTime reads an hour in words with the part of the day after it at
// words[i] ("five in the afternoon", "vijf uur 's middags", "las cinco de
// la tarde" are 17:00): the time of day and how many words it takes, 0
// for none.
func dayTime(l *lang.Language, text string, words []shareWord, ws []string, i int) (quantity, int) {
	v, n, amb := l.NumberAt(ws, i)
	if n == 0 || amb && v != 1 || v < 1 || v > 12 {
		return quantity{}, 0
	}
	j := i + n
	if j < len(ws) && (l.IsClockWord(ws[j]) || l.IsClockHour(ws[j])) {
		j++ // "uur", "Uhr", "heures"
	}
	add, k := l.DaytimeAt(ws, j)
	if k == 0 {
		return quantity{}, 0
	}
	h := v % 12
	if add == "12" {
		h += 12
	}
	start, end := words[i].start, words[j+k-1].end
	return quantity{Raw: text[start:end], Kind: "time", Key: "t:" + pad2(h) + ":00", Start: start}, j + k - i
}

// halfAmount reads an amount with a half in words before its unit at
// words[i] ("anderthalb Jahre" is 1.5 years, "ein halbes Jahr" 0.5,
// "half a day"): the quantity and how many words it takes, 0 for none.
func halfAmount(l *lang.Language, text string, words []shareWord, ws []string, i int) (quantity, int) {
	v, n := l.HalfAt(ws, i)
	// The unit follows the half word itself: "media: 600 Mb" is an average
	// of 600, no half of a megabyte (the words skip digits and marks).
	if n == 0 || i+n >= len(words) || strings.Trim(text[words[i+n-1].end:words[i+n].start], " -\u00a0") != "" {
		return quantity{}, 0
	}
	u, ok := l.Unit(ws[i+n])
	if !ok {
		return quantity{}, 0
	}
	start, end := words[i].start, words[i+n].end
	return quantity{Raw: text[start:end], Kind: "number", Key: "n:" + v, Start: start, Unit: u}, n + 1
}

// mayHaveFraction reports whether text has a letter: a claim of digits
// alone has no share in words.
func mayHaveFraction(text string) bool {
	for i := 0; i < len(text); i++ {
		if isLetter(text[i]) {
			return true
		}
	}
	return false
}

// notAShare reports whether the fraction words[i:i+n] is part of a
// duration, a number or a period rather than a share: "one and a half
// years", "half an hour", "un cuarto de hora", "the first half".
func notAShare(l *lang.Language, words []shareWord, i, n int) bool {
	if i > 0 {
		switch words[i-1].w {
		case "and", "en", "und", "et", "y", "e":
			return true
		}
		if _, ok := l.Ordinal(words[i-1].w); ok {
			return true
		}
	}
	for k := i + n; k < len(words) && k < i+n+3; k++ {
		if u, ok := l.Unit(words[k].w); ok && u[:5] == "time:" {
			return true
		}
	}
	return false
}

// shareAlts are the percentages a share may be rounded to: a third is
// 33, 33.3 or 33.33 %; an exact share has no other.
func shareAlts(pct string) string {
	v, err := strconv.ParseFloat(pct, 64)
	if err != nil || v == math.Trunc(v) {
		return ""
	}
	exact := v
	switch pct {
	case "33.3":
		exact = 100.0 / 3
	case "66.7":
		exact = 200.0 / 3
	}
	var out []string
	for _, r := range []float64{math.Floor(exact), math.Round(exact), math.Round(exact*10) / 10, math.Round(exact*100) / 100} {
		if k := "p:" + formatFloat(r); !slices.Contains(out, k) && k != "p:"+pct {
			out = append(out, k)
		}
	}
	return strings.Join(out, "|")
}

// letterWords splits text into its runs of letters, lowercased.
func letterWords(text string) []shareWord {
	var out []shareWord
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) || r == '-' && start >= 0 {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, shareWord{lowerShareWord(text[start:i]), start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, shareWord{lowerShareWord(text[start:]), start, len(text)})
	}
	return out
}

func lowerShareWord(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = utf8.AppendRune(b, unicode.ToLower(r))
	}
	return string(b)
}

func wordStrings(ws []shareWord) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.w
	}
	return out
}

// statesShare reports whether the chunk states the share q as a
// percentage, rounded or not.
func (idx quantityIndex) statesShare(q quantity) bool {
	if idx.flags(keyHashStart.add(q.Key))&qPresent != 0 {
		return true
	}
	for alts := q.Alts; alts != ""; {
		var k string
		k, alts, _ = strings.Cut(alts, "|")
		if idx.flags(keyHashStart.add(k))&qPresent != 0 {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains sub, ASCII letters compared
// without case: a chunk that writes the claim's share in the same words.
// Candidates are found by sub's first byte in either case with
// strings.IndexByte: chunks are long and claims ask for many words.
func containsFold(s, sub string) bool {
	n := len(sub)
	if n == 0 {
		return true
	}
	lo, up := sub[0], sub[0]
	if isLetter(lo) {
		lo, up = lo|0x20, lo&^0x20
	}
	last := len(s) - n // the last start a match can have
	nextLo, nextUp := -1, -1
	if lo == up {
		nextUp = len(s) // one byte to look for
	}
	for i := 0; i <= last; i++ {
		if nextLo < i {
			if nextLo = strings.IndexByte(s[i:], lo); nextLo < 0 {
				nextLo = len(s)
			} else {
				nextLo += i
			}
		}
		if nextUp < i {
			if nextUp = strings.IndexByte(s[i:], up); nextUp < 0 {
				nextUp = len(s)
			} else {
				nextUp += i
			}
		}
		if i = min(nextLo, nextUp); i > last {
			return false
		}
		if foldedEqual(s[i+1:i+n], sub[1:]) {
			return true
		}
	}
	return false
}

// foldedEqual reports whether a and b, of one length, are equal with
// ASCII letters compared without case.
func foldedEqual(a, b string) bool {
	for k := 0; k < len(b); k++ {
		if x, y := a[k], b[k]; x != y && !(isLetter(x) && x|0x20 == y|0x20) {
			return false
		}
	}
	return true
}
