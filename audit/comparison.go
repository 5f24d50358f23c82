package audit

import (
	"math"
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
	if k < 1 || slices.ContainsFunc(c.quantities, func(q quantity) bool {
		return (q.Kind == "money" || q.Kind == "percent") && c.comparedDegree(l, q) == 0 // a figure of its own, not a difference
	}) {
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
	left, right, thing := comparedSides(l, cw, first, k)
	a := slices.DeleteFunc(slices.Clone(left), func(w string) bool { return slices.Contains(right, w) })
	b := slices.DeleteFunc(right, func(w string) bool { return slices.Contains(left, w) })
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	a, b = namesOfSide(l, c, a), namesOfSide(l, c, b)
	va, vb, ok := sidesFigures(l, c.tongue, chunk, a, b, thing)
	if !ok || va == vb {
		return false
	}
	return sign < 0 && va > vb || sign > 0 && va < vb
}

// namesOfSide keeps, of a side's stems, those of the claim's names where
// it has one ("Enterprise" of "the Enterprise plan allows"): the verb
// and nouns beside a name may stand in the chunk's sentence beside the
// other side's figure.
func namesOfSide(l *lang.Language, c *claim, side []string) []string {
	var names []string
	for _, e := range c.entities {
		for _, w := range normalisedWords(l, e) {
			if st := l.Stem(w); slices.Contains(side, st) && !slices.Contains(names, st) {
				names = append(names, st)
			}
		}
	}
	if len(names) == 0 {
		return side
	}
	return names
}

// comparedSides reads the two sides of a comparison whose degree word is
// cw[first] and connector cw[k] ("than", "als", "que"), as content stems,
// and the thing compared ("excess" of "a lower excess than").
func comparedSides(l *lang.Language, cw []string, first, k int) (left, right, thing []string) {
	key := func(w string) bool {
		return !l.IsStopword(w) && !startsWithDigitOrSign(w) && l.ComparisonDegree(w) == 0 && !l.IsComparisonConnector(w)
	}
	// "cheaper at the airport than online": a phrase between the
	// comparison and its connector is the side ("a lower rate than" names
	// what is compared).
	if first+1 < k && l.IsStopword(cw[first+1]) && !l.IsComparisonOf(cw[first+1]) {
		for _, w := range cw[first+1 : k] {
			if key(w) {
				left = append(left, l.Stem(w))
			}
		}
	}
	if len(left) == 0 {
		for _, w := range cw[max(first-9, 0):first] {
			if key(w) {
				left = append(left, l.Stem(w))
			}
		}
		for _, w := range cw[first+1 : k] {
			if key(w) {
				thing = append(thing, l.Stem(w))
			}
		}
	}
	for _, w := range cw[k+1 : min(k+5, len(cw))] {
		if key(w) {
			right = append(right, l.Stem(w))
		}
	}
	return left, right, thing
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
// "mortgage") tells nothing apart and is not read. Where sentences name
// the thing compared ("excess" of "a lower excess than"), only theirs
// are read: the sides' figures of other things are not its.
func sidesFigures(l *lang.Language, t tongue, chunk string, a, b, thing []string) (va, vb float64, ok bool) {
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
	naming := slices.DeleteFunc(slices.Clone(sentences), func(f figured) bool {
		return !slices.ContainsFunc(thing, func(st string) bool { return slices.Contains(f.stems, st) })
	})
	if len(naming) > 0 {
		sentences = naming
	}
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
		// A word the sentence repeats ("Solo costs €10 and Team costs
		// €50") stands beside both figures: it tells no side.
		once := func(side []string) []string {
			return slices.DeleteFunc(slices.Clone(side), func(st string) bool {
				n := 0
				for _, x := range s.stems {
					if x == st {
						n++
					}
				}
				return n > 1
			})
		}
		sa, sb := once(a), once(b)
		if len(sa) == 0 || len(sb) == 0 {
			continue
		}
		for _, q := range s.qs {
			f, ok := figureOf(l, s.text, q)
			if !ok && len(naming) > 0 && q.Kind == "number" && q.Unit == "" && !q.Negative {
				// A bare count in a sentence naming the thing compared
				// counts that thing ("100 requests per minute on Pro and
				// 1,000 on Enterprise" of "more requests than").
				f, ok = bareCountOf(l, s.text, q)
			}
			if !ok {
				continue
			}
			switch sideOf(l, t, s.text, q, sa, sb) {
			case 'a':
				fa = append(fa, f)
			case 'b':
				fb = append(fb, f)
			}
		}
	}
	fa, fb = withZeroSide(l, chunk, a, b, fa, fb)
	return pairedFigures(fa, fb)
}

// withZeroSide gives a side without figures, where the other has one, a
// figure of 0 of it where the chunk says it has none (zeroSide).
func withZeroSide(l *lang.Language, chunk string, a, b []string, fa, fb []sideFigure) ([]sideFigure, []sideFigure) {
	switch {
	case len(fa) == 1 && len(fb) == 0:
		fb = zeroSide(l, chunk, b, fa[0])
	case len(fb) == 1 && len(fa) == 0:
		fa = zeroSide(l, chunk, a, fb[0])
	}
	return fa, fb
}

// zeroSide is a figure of 0 of the other side's kind and period where a
// clause of the chunk (between semicolons or commas) names the side, gives
// no figure and says it has none or calls it free ("Standard card holders
// pay 2.75 %; Metal card holders pay nothing"); nil otherwise.
func zeroSide(l *lang.Language, chunk string, side []string, other sideFigure) []sideFigure {
	var out []sideFigure
	eachSentence(l, chunk, func(s string) {
		for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == ',' }) {
			if out != nil || len(findQuantitiesIn(l, part)) > 0 {
				continue
			}
			ws := normalisedWords(l, part)
			names := slices.ContainsFunc(ws, func(w string) bool { return slices.Contains(side, l.Stem(w)) })
			if names && slices.ContainsFunc(ws, func(w string) bool { return l.IsZeroWord(w) || l.IsFreeWord(w) }) {
				out = []sideFigure{{kind: other.kind, period: other.period}}
			}
		}
	})
	return out
}

// pairedFigures are the values of the one kind each side has exactly one
// figure of, with the same period; false where no kind or two kinds do
// (which the claim compares is unknown).
func pairedFigures(fa, fb []sideFigure) (va, vb float64, ok bool) {
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
	return sideFigure{kind: kind, value: v, period: periodAfter(l, s, q)}, true
}

// periodAfter is the unit of time a figure of s is counted per, read in
// the words after it ("€10 per month", "100 requests per minute"), or "".
func periodAfter(l *lang.Language, s string, q quantity) string {
	after := normalisedWords(l, s[min(q.Start+len(q.Raw), len(s)):])
	for i, w := range after[:min(len(after), 4)] {
		if u, ok := l.Unit(w); ok && strings.HasPrefix(u, "time:") && i > 0 {
			return u
		}
	}
	return ""
}

// bareCountOf reads a bare number of sentence s as a count, with the period
// it is counted per, as figureOf reads a figure with a unit.
func bareCountOf(l *lang.Language, s string, q quantity) (sideFigure, bool) {
	_, num, _ := strings.Cut(q.Key, ":")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return sideFigure{}, false
	}
	return sideFigure{kind: "n:", value: v, period: periodAfter(l, s, q)}, true
}

// sideOf is the side figure q of sentence s belongs to: the one whose
// words its clause holds, where only one side's are there ("€35 when
// booked online | and €60 at the airport"), else the one whose word
// stands nearest before it (nearestSide).
func sideOf(l *lang.Language, t tongue, s string, q quantity, a, b []string) byte {
	from := 0
	for _, cl := range clausesOf(t, s) {
		at := strings.Index(s[from:], cl)
		if at < 0 {
			break
		}
		start, end := from+at, from+at+len(cl)
		from = end
		if q.Start < start || q.Start >= end {
			continue
		}
		var inA, inB bool
		for _, w := range normalisedWords(l, cl) {
			st := l.Stem(w)
			inA, inB = inA || slices.Contains(a, st), inB || slices.Contains(b, st)
		}
		switch {
		case inA && !inB:
			return 'a'
		case inB && !inA:
			return 'b'
		}
		break
	}
	return nearestSide(l, normalisedWords(l, s[:q.Start]), a, b)
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

// comparedDegree is the direction of a comparison said of figure q of
// text, within three words after it past stopwords and one other word
// ("€25 more", "40 more seats", "25 € de plus", "40 usuarios más", "20 €
// teurer"): +1 more, -1 less, 0 for none. The words of a comparison
// multiply ("more expensive", "más caro", "moins cher").
func comparedDegree(l *lang.Language, text string, q quantity) int {
	end := q.Start + len(q.Raw)
	if end > len(text) {
		return 0
	}
	ws := normalisedWords(l, text[end:min(len(text), end+48)])
	sign, others := 0, 0
	for _, w := range ws[:min(len(ws), 4)] {
		if d := l.ComparisonDegree(w); d != 0 {
			if sign == 0 {
				sign = d
			} else {
				sign *= d
			}
			continue
		}
		if sign != 0 {
			break
		}
		if l.IsStopword(w) {
			continue
		}
		if others++; others > 1 || startsWithDigitOrSign(w) {
			return 0
		}
	}
	return sign
}

// comparedDegree is comparedDegree of the claim's quantity q, read once a
// claim for all its quantities.
func (c *claim) comparedDegree(l *lang.Language, q quantity) int {
	if c.degrees == nil {
		c.degrees = make([]int8, len(c.quantities))
		for i, x := range c.quantities {
			c.degrees[i] = int8(comparedDegree(l, c.plain, x))
		}
	}
	for i, x := range c.quantities {
		if x.Start == q.Start && x.Key == q.Key {
			return int(c.degrees[i])
		}
	}
	return 0
}

// differences are the raw figures of the claim the chunk states only as
// a difference of two of its figures (statesAsDifference): the passage
// checks, which read a figure the chunk does not state as contradicted
// by the figures it does, leave them alone.
func (ev *evidence) differences(c *claim, missing []string) []string {
	var out []string
	for _, q := range c.quantities {
		if !slices.Contains(missing, q.Raw) && !ev.quantities.supports(q) && ev.statesAsDifference(c, q) {
			out = append(out, q.Raw)
		}
	}
	return out
}

// statesAsDifference reports whether q, a figure the claim says as a
// difference ("€25 more than online", "40 more seats", "um 20 € teurer"),
// is the difference of two figures of its kind the chunk states: €60
// and €35, 50 and 10 seats. Where the two are where a changing value
// starts and ends ("steigt von 50 € auf 70 €"), the change must go the
// claim's way ("20 € günstiger" is no difference of a rise); otherwise
// which side is which is the comparison check's (comparisonReversed).
func (ev *evidence) statesAsDifference(c *claim, q quantity) bool {
	if q.Kind != "money" && q.Kind != "number" && q.Kind != "percent" {
		return false
	}
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return false
	}
	if saysPointsAt(l, c.plain, q) {
		return ev.changedByPoints(l, numberValue(q))
	}
	if q.Kind == "percent" {
		return false
	}
	sign := c.comparedDegree(l, q)
	if sign == 0 {
		return false
	}
	qf, ok := figureOf(l, c.plain, q)
	if !ok && q.Kind == "number" {
		qf, ok = sideFigure{kind: "n:", value: numberValue(q)}, numberValue(q) > 0
	}
	if !ok {
		return false
	}
	qs := findQuantitiesIn(l, ev.scanned)
	counted := countedPastDegree(l, c.plain, q, c.tongue.l)
	// The changes the chunk states, from one value to another: a pair of
	// their values is that change, whichever sentence each stands in.
	var changes [][2]float64
	for i := 1; i < len(qs); i++ {
		if changeRole(l, ev.scanned, qs[i]) == 't' && changeRole(l, ev.scanned, qs[i-1]) == 'f' {
			changes = append(changes, [2]float64{numberValue(qs[i-1]), numberValue(qs[i])})
		}
	}
	for i, a := range qs {
		fa, ok := differenceFigure(l, ev.scanned, a, q, counted)
		if !ok || fa.kind != kindOfDifference(qf, q) {
			continue
		}
		for _, b := range qs[i+1:] {
			fb, ok := differenceFigure(l, ev.scanned, b, q, counted)
			if !ok || fb.kind != fa.kind || fb.period != fa.period || !closeValue(fb.value-fa.value, qf.value) && !closeValue(fa.value-fb.value, qf.value) {
				continue
			}
			if changedOtherwise(changes, fa.value, fb.value, sign) {
				continue // "20 € günstiger" of "von 50 € auf 70 €"
			}
			return true
		}
	}
	return false
}

// saysPointsAt reports whether figure q of text counts percentage points
// ("2 Prozentpunkte", "five percentage points").
func saysPointsAt(l *lang.Language, text string, q quantity) bool {
	if q.Kind == "percent" {
		return l.SaysPoints(q.Raw)
	}
	end := q.Start + len(q.Raw)
	if q.Kind != "number" || end >= len(text) || !l.MayCountPoints(text[end:min(len(text), end+40)]) {
		return false
	}
	next := strings.Fields(text[end:min(len(text), end+40)]) // the words right after it, as written
	return l.SaysPoints(strings.Join(next[:min(len(next), 3)], " "))
}

// changedByPoints reports whether the chunk states a percentage changing
// by v points: "from 15% to 20%" by 5.
func (ev *evidence) changedByPoints(l *lang.Language, v float64) bool {
	qs := findQuantitiesIn(l, ev.scanned)
	for i := 1; i < len(qs); i++ {
		a, b := qs[i-1], qs[i]
		if a.Kind == "percent" && b.Kind == "percent" && changeRole(l, ev.scanned, b) == 't' && changeRole(l, ev.scanned, a) == 'f' &&
			(closeValue(numberValue(b)-numberValue(a), v) || closeValue(numberValue(a)-numberValue(b), v)) {
			return true
		}
	}
	return false
}

// changedOtherwise reports whether one of the chunk's changes runs
// between values u and v the other way than sign says.
func changedOtherwise(changes [][2]float64, u, v float64, sign int) bool {
	for _, ch := range changes {
		if ch[0] == u && ch[1] == v || ch[0] == v && ch[1] == u {
			if (ch[1] > ch[0]) != (sign > 0) {
				return true
			}
		}
	}
	return false
}

// countedPastDegree is countedWord past a word of comparison after the
// figure ("40 more seats": "seat").
func countedPastDegree(l *lang.Language, text string, q quantity, tl *lang.Language) string {
	w := countedWord(text, q, tl)
	end := q.Start + len(q.Raw)
	if end > len(text) {
		return w
	}
	toks := tokensOf(text[end:])
	if len(toks) >= 2 && l.ComparisonDegree(l.Normalize(toks[0].lower)) != 0 {
		return stemText(tl, toks[1].lower)
	}
	return w
}

// differenceFigure reads chunk figure w as a term of a difference the
// claim's q may be: of q's kind, a bare count only of the word q counts
// ("10 seats" for "40 more seats").
func differenceFigure(l *lang.Language, text string, w, q quantity, counted string) (sideFigure, bool) {
	if w.Kind != q.Kind {
		return sideFigure{}, false
	}
	if w.Kind == "number" && w.Unit == "" {
		if counted == "" || countedWord(text, w, l) != counted {
			return sideFigure{}, false
		}
		return sideFigure{kind: "n:", value: numberValue(w)}, true
	}
	return figureOf(l, text, w)
}

// kindOfDifference is the kind a difference q compares: its own, a bare
// count "n:".
func kindOfDifference(f sideFigure, q quantity) string {
	if q.Kind == "number" && q.Unit == "" {
		return "n:"
	}
	return f.kind
}

// numberValue is q's value, 0 when its key holds none.
func numberValue(q quantity) float64 {
	v, _ := q.value()
	return v
}

func closeValue(a, b float64) bool { return a > 0 && math.Abs(a-b) < 1e-9*math.Max(1, b) }
