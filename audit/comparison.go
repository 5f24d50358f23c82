package audit

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// comparisonReversed reports whether the claim compares two things the
// other way round from the figures the chunk gives them: "the Fixed
// mortgage has a lower rate than the Mixed mortgage" against "The Fixed
// mortgage has a rate of 2.95 %. The Mixed mortgage has a rate of
// 2.45 % …". The claim states no amount or percentage of its own (the
// number check reads those) and denies nothing.
//
// Each side is the claim's words that the other does not say (up to
// nine before the comparison's first word, four after its connector); a
// figure of the chunk belongs to the side whose word stands nearest
// before it in its sentence. Only where each side gets exactly one
// figure of one kind (an amount in one currency, a percentage, a count
// in one unit) counted per the same period are they compared, so a
// sentence giving one side two figures, or figures per month against
// per year, is left alone.
func comparisonReversed(l *lang.Language, c *claim, chunk string) bool {
	cw := claimWords(c, l)
	k := slices.IndexFunc(cw, l.IsComparisonConnector)
	if k < 1 || slices.ContainsFunc(c.quantities, func(q quantity) bool { return q.Kind == "money" || q.Kind == "percent" }) {
		return false
	}
	sign, first := 0, -1
	for i := max(k-lang.ComparisonReach, 0); i < k; i++ {
		if d := l.ComparisonDegree(cw[i]); d != 0 {
			if first < 0 {
				sign, first = d, i
			} else {
				sign *= d
			}
		}
	}
	if sign == 0 || deniesAnything(l, cw[answeredNo(l, c.plain, cw):]) {
		return false
	}
	key := func(w string) bool {
		return !l.IsStopword(w) && !startsWithDigitOrSign(w) && l.ComparisonDegree(w) == 0 && !l.IsComparisonConnector(w)
	}
	var left, right []string
	for _, w := range cw[max(first-9, 0):first] {
		if key(w) {
			left = append(left, l.Stem(w))
		}
	}
	for _, w := range cw[k+1 : min(k+5, len(cw))] {
		if key(w) {
			right = append(right, l.Stem(w))
		}
	}
	a := slices.DeleteFunc(slices.Clone(left), func(w string) bool { return slices.Contains(right, w) })
	b := slices.DeleteFunc(right, func(w string) bool { return slices.Contains(left, w) })
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	va, vb, ok := sidesFigures(l, chunk, a, b)
	if !ok || va == vb {
		return false
	}
	return sign < 0 && va > vb || sign > 0 && va < vb
}

// sideFigure is a figure of the chunk given to one side of a comparison.
type sideFigure struct {
	kind   string // the quantity's kind and currency or unit: "m:EUR", "p", "n:time:month"
	value  float64
	period string // the time unit it is counted per ("€10 per month"), or ""
}

// sidesFigures are the values the chunk gives sides a and b (stems),
// where each gets exactly one figure of one kind, of the same kind and
// period as the other's.
//
// A side's word that two sentences giving figures both hold ("has",
// "mortgage") tells nothing apart and is not read.
func sidesFigures(l *lang.Language, chunk string, a, b []string) (va, vb float64, ok bool) {
	type figured struct {
		text  string
		qs    []quantity
		stems []string
	}
	var sentences []figured
	eachSentence(l, chunk, func(s string) {
		if qs := findQuantitiesIn(l, s); len(qs) > 0 {
			var stems []string
			for _, w := range normalisedWords(l, s) {
				stems = append(stems, l.Stem(w))
			}
			sentences = append(sentences, figured{s, qs, stems})
		}
	})
	distinct := func(side []string) []string {
		return slices.DeleteFunc(slices.Clone(side), func(st string) bool {
			n := 0
			for _, f := range sentences {
				if slices.Contains(f.stems, st) {
					n++
				}
			}
			return n > 1
		})
	}
	if a, b = distinct(a), distinct(b); len(a) == 0 || len(b) == 0 {
		return 0, 0, false
	}
	var fa, fb []sideFigure
	for _, s := range sentences {
		for _, q := range s.qs {
			f, ok := figureOf(l, s.text, q)
			if !ok {
				continue
			}
			switch nearestSide(l, normalisedWords(l, s.text[:q.Start]), a, b) {
			case 'a':
				fa = append(fa, f)
			case 'b':
				fb = append(fb, f)
			}
		}
	}
	for _, x := range fa {
		n := 0
		for _, y := range fa {
			if y.kind == x.kind {
				n++
			}
		}
		if n != 1 {
			continue
		}
		var match []sideFigure
		for _, y := range fb {
			if y.kind == x.kind {
				match = append(match, y)
			}
		}
		if len(match) == 1 && match[0].period == x.period {
			if ok {
				return 0, 0, false // two kinds compare: which the claim means is unknown
			}
			va, vb, ok = x.value, match[0].value, true
		}
	}
	return va, vb, ok
}

// figureOf reads quantity q of sentence s as a figure a comparison can
// weigh: an amount, a percentage or a count with a unit.
func figureOf(l *lang.Language, s string, q quantity) (sideFigure, bool) {
	head, num, found := strings.Cut(q.Key, ":")
	if !found {
		return sideFigure{}, false
	}
	kind := head
	switch q.Kind {
	case "money":
		cur, v, found := strings.Cut(num, ":")
		if !found {
			return sideFigure{}, false
		}
		kind, num = "m:"+cur, v
	case "percent":
	case "number":
		if q.Unit == "" {
			return sideFigure{}, false
		}
		kind = "n:" + q.Unit
	default:
		return sideFigure{}, false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || q.Negative {
		return sideFigure{}, false
	}
	f := sideFigure{kind: kind, value: v}
	after := normalisedWords(l, s[min(q.Start+len(q.Raw), len(s)):])
	for i, w := range after[:min(len(after), 4)] {
		if u, ok := l.Unit(w); ok && strings.HasPrefix(u, "time:") && i > 0 {
			f.period = u
			break
		}
	}
	return f, true
}

// nearestSide is 'a' or 'b' for the side whose stem stands nearest the
// end of words (what comes before a figure in its sentence), 0 for none.
func nearestSide(l *lang.Language, words []string, a, b []string) byte {
	for i := len(words) - 1; i >= 0; i-- {
		st := l.Stem(words[i])
		inA, inB := slices.Contains(a, st), slices.Contains(b, st)
		switch {
		case inA && inB:
			return 0
		case inA:
			return 'a'
		case inB:
			return 'b'
		}
	}
	return 0
}

// amountDegreeFlipped reports whether the claim says a figure of the
// chunk with a comparison of the other direction after it: "kostet 5 €
// günstiger" against "kostet 5 € mehr", "€5 cheaper" against "€5 more
// expensive", "2 % lower" against "2 % higher".
func amountDegreeFlipped(l *lang.Language, c *claim, chunk string) bool {
	var flips []quantity
	for _, q := range c.quantities {
		if d := degreeAfter(l, c.plain, q); d != 0 {
			q.Negative = d < 0 // the direction, for the chunk's figure to oppose
			flips = append(flips, q)
		}
	}
	if len(flips) == 0 {
		return false
	}
	for _, q := range findQuantitiesIn(l, chunk) {
		for _, f := range flips {
			if q.Key != f.Key {
				continue
			}
			if d := degreeAfter(l, chunk, q); d != 0 && (d < 0) != f.Negative {
				return true
			}
		}
	}
	return false
}

// degreeAfter is the direction of the comparison said right after figure
// q of text (the product of its words' degrees, "more expensive": +1,
// "less expensive": -1), 0 for none.
func degreeAfter(l *lang.Language, text string, q quantity) int {
	end := q.Start + len(q.Raw)
	if end > len(text) {
		return 0
	}
	ws := normalisedWords(l, text[end:min(len(text), end+40)])
	sign := 0
	for i, w := range ws[:min(len(ws), 2)] {
		d := l.ComparisonDegree(w)
		if d == 0 {
			if i == 0 {
				return 0
			}
			break
		}
		if sign == 0 {
			sign = d
		} else {
			sign *= d
		}
	}
	return sign
}
