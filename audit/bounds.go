package audit

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// Bounds of a figure. A chunk's "up to €600", "from €9.99" or "3 to 5
// business days" does not state "€600", "€9.99" or "3 business days": a
// claim's figure must keep the bound the chunk gives it. What agrees
// (boundAgrees):
//
//   - an exact figure of the chunk: any claim (the claim "up to 10" of a
//     chunk's "10" is weaker, not wrong);
//   - "up to N": "up to N", "at most N", "within N", the top of a range;
//   - "at least N", "from N": "at least N", "from N", the bottom of a range;
//   - "N to M": "N–M", "between N and M"; "at least N" of its N; "up to
//     M", "at most M" or "within M" of its M (a range up to 5 days is
//     never more than 5 days);
//   - "within N" (a deadline): N as a plain figure too ("14 days to
//     return" of "return within 14 days"), "up to N", the top of a range;
//   - "more than N", "over N": "at least N", and N as a plain figure too:
//     the dev sets' people read "over 55 million" as "55 million" (a
//     starting price "from €9.99" is not read so); "less than N", "under
//     N" alike: "at most N", and N.
//
// A claim that writes the figure twice agrees when one of its bounds
// does ("aged 16 and over ... a voting age of 16").
// A bare figure against a bound, or a bound in the other direction
// ("more than 10" of "up to 10", "under 18" of "18 and over"), fails as
// number_mismatch. Strictness is not read: "over 18" and "at least 18"
// agree. Dates, times, years and ordinals are left to their own checks
// ("from 1990 to 1995" would otherwise fail every claim about 1990).
type bound uint8

const (
	boundExact  = bound(lang.Exact)
	boundUpper  = bound(lang.Upper)
	boundLower  = bound(lang.Lower)
	boundWithin = bound(lang.Within)
	boundOver   = bound(lang.Over)
	boundUnder  = bound(lang.Under)
	boundLow    = boundUnder + 1 // the lower end of a range
	boundHigh   = boundUnder + 2 // the upper end of a range
)

// boundAgrees reports whether a claim's figure with bound claim is stated
// by a chunk's same figure with bound chunk.
func boundAgrees(claim, chunk bound) bool {
	switch claim {
	case boundWithin:
		claim = boundUpper
	case boundOver:
		claim = boundLower
	case boundUnder:
		claim = boundUpper
	}
	switch chunk {
	case boundOver:
		return claim == boundExact || claim == boundLower || claim == boundLow
	case boundUnder:
		return claim == boundExact || claim == boundUpper || claim == boundHigh
	case boundUpper:
		return claim == boundUpper || claim == boundHigh
	case boundLower:
		return claim == boundLower || claim == boundLow
	case boundLow:
		return claim == boundLow || claim == boundLower
	case boundHigh:
		return claim == boundHigh || claim == boundUpper
	case boundWithin:
		return claim == boundExact || claim == boundUpper || claim == boundHigh
	}
	return true
}

// bounded is a figure of a text with its bound.
type bounded struct {
	value string // the number of its key ("600" of "m:EUR:600")
	key   string
	start int
	b     bound
	first bool // beside "first": "the first five transfers" are those up to five
}

// countedFirst reports whether the figure at text[start:end] stands
// beside a word of [introductory] ("the first five transfers", "las
// cinco primeras"): the ones up to it, as "up to five" says too.
func countedFirst(l *lang.Language, text string, start, end int) bool {
	if !l.MayIntroduce(text) {
		return false
	}
	is := func(w string) bool {
		w = strings.ToLower(trimToWord(w))
		return w != "" && l.IntroductoryAt([]string{l.Normalize(w)}, 0) == 1
	}
	before := strings.Fields(wholeWordsBefore(text, start, 24))
	after := strings.Fields(text[end:min(len(text), end+24)])
	return len(before) > 0 && is(before[len(before)-1]) || len(after) > 0 && is(after[0])
}

// boundsOf reads the bounds of the figures of text, in language l (nil:
// English). Only numbers, amounts and percentages are read.
func boundsOf(l *lang.Language, text string) []bounded {
	fs := figuresOf(l, text)
	var out []bounded
	for i := range fs.found {
		if q := fs.at(i); boundable(fs.l, fs.text, *q) {
			out = append(out, bounded{value: q.Key[strings.LastIndexByte(q.Key, ':')+1:], key: q.Key, start: q.Start, b: fs.boundAt(i),
				first: countedFirst(fs.l, fs.text, q.Start, q.Start+len(q.Raw))})
		}
	}
	return out
}

// figures are the quantities of a text, each made and its bound read
// when first asked for: a chunk's figures are many, a claim asks about
// one or two.
type figures struct {
	l     *lang.Language
	text  string
	found []found    // as the scan found them, in order of appearance
	qs    []quantity // qs[i] once made[i] (at)
	made  []bool
	bs    []bound
	read  []bool
}

// otherSide is the bound the chunk also gives its i-th figure, bounded b,
// where a word of [below-that] or [above-that] opens the clause after it
// ("ab 50 € kostenlos, darunter berechnen wir 4,95 €": under 50 € too;
// "jusqu'à 500 € ; au-delà, …": over 500 € too), with the figure's own
// clause and the one it opens; boundExact for none.
func (fs *figures) otherSide(i int, b bound) (bound, string, string) {
	q := fs.at(i)
	end := q.Start + len(q.Raw)
	if end > len(fs.text) || b != boundLower && b != boundOver && b != boundUpper && b != boundUnder && b != boundWithin {
		return boundExact, "", ""
	}
	rest := fs.text[end:min(len(fs.text), end+60)]
	k := strings.IndexAny(rest, ",;.")
	if k < 0 || rest[k] == '.' {
		return boundExact, "", ""
	}
	l := fs.l
	if l == nil {
		l = englishTables()
	}
	words := strings.Fields(strings.ToLower(rest[k+1:]))
	side := 0
	for n, w := range words[:min(len(words), 2)] {
		w = l.Normalize(strings.Trim(w, ",;:()"))
		if side = l.ThatSide(w); side != 0 || !l.IsStopword(w) || n > 0 {
			break
		}
	}
	var o bound
	switch {
	case side < 0 && (b == boundLower || b == boundOver):
		o = boundUnder
	case side > 0 && (b == boundUpper || b == boundUnder || b == boundWithin):
		o = boundOver
	default:
		return boundExact, "", ""
	}
	start := max(strings.LastIndexAny(fs.text[:q.Start], ".;:")+1, 0)
	after := fs.text[end+k+1:]
	for e := 0; e < len(after); e++ { // to the clause's end: not a decimal point ("£4.95")
		if after[e] == ';' || after[e] == '.' && (e+1 == len(after) || after[e+1] == ' ') {
			after = after[:e]
			break
		}
	}
	return o, fs.text[start : end+k], after
}

// aboutClause reports whether the claim, besides its figure q, says
// something only the clause after holds: another of its figures, or a
// content word the figure's own clause lacks. "Unter 50 € … kostet der
// Versand 4,95 €" is about "darunter berechnen wir 4,95 €"; "Standard
// delivery is free on orders under £50" is about the clause that calls
// it free from £50, and not about "below that, it costs £4.95".
func (c *claim) aboutClause(q quantity, after, own string) bool {
	for _, x := range findQuantitiesIn(c.tongue.l, after) { // nil: English
		if slices.ContainsFunc(c.quantities, func(y quantity) bool { return y.Key != q.Key && y.Key == x.Key }) {
			return true
		}
	}
	ownStems := stemsOf(c.tongue, own)
	for _, a := range stemsOf(c.tongue, after) {
		if slices.Contains(c.stems, a.stem) && !slices.ContainsFunc(ownStems, func(o stemAt) bool { return o.stem == a.stem }) {
			return true
		}
	}
	return false
}

func figuresOf(l *lang.Language, text string) *figures {
	text = plainSpaces(text)
	var fs []found
	scanQuantitiesIn(l, text, func(f found) { fs = append(fs, f) })
	return newFigures(l, text, fs)
}

// newFigures are the figures the scan found in text (its spaces plain),
// put in order of appearance as findQuantitiesIn puts its quantities.
func newFigures(l *lang.Language, text string, fs []found) *figures {
	if l == nil {
		l = englishTables()
	}
	slices.SortStableFunc(fs, func(a, b found) int { return cmp.Compare(a.start, b.start) })
	n := len(fs)
	return &figures{l: l, text: text, found: fs, qs: make([]quantity, n), made: make([]bool, n), bs: make([]bound, n), read: make([]bool, n)}
}

// at is the i-th figure as a quantity.
func (fs *figures) at(i int) *quantity {
	if !fs.made[i] {
		fs.qs[i], fs.made[i] = fs.found[i].quantity(fs.text), true
	}
	return &fs.qs[i]
}

// valueIs reports whether the i-th figure is a number, amount or
// percentage of value v ("600" of "m:EUR:600"), without making its key:
// a chunk's figures are compared with every figure of every claim.
func (fs *figures) valueIs(i int, v string) bool {
	f := &fs.found[i]
	if f.phone != 0 || f.clock != "" || f.date || f.ordinal == ordinalWord {
		return false
	}
	w, fr := f.value.whole, f.value.frac
	if fr == "" {
		return v == w
	}
	return len(v) == len(w)+1+len(fr) && v[len(w)] == '.' && strings.HasPrefix(v, w) && strings.HasSuffix(v, fr)
}

// boundAt is the bound of the i-th figure: an end of a range with a
// neighbour ("3 to 5"; the top keeps "or more": "1.2% to 8.5% or more"),
// else what the words around it say.
func (fs *figures) boundAt(i int) bound {
	if fs.read[i] {
		return fs.bs[i]
	}
	l, text := fs.l, fs.text
	b := boundExact
	switch {
	case i > 0 && fs.lowAt(i-1):
		b = boundHigh
		if a := boundAround(l, text, *fs.at(i)); a == boundLower || a == boundOver {
			b = a
		}
	case i+1 < len(fs.found) && joinsRange(l, text, *fs.at(i), *fs.at(i + 1)) && !(i > 0 && fs.lowAt(i-1)):
		b = boundLow
	default:
		b = boundAround(l, text, *fs.at(i))
	}
	fs.bs[i], fs.read[i] = b, true
	return b
}

// lowAt reports whether the i-th figure opens a range with the next: it
// joins it and does not itself close one.
func (fs *figures) lowAt(i int) bool {
	if i+1 >= len(fs.found) || !joinsRange(fs.l, fs.text, *fs.at(i), *fs.at(i + 1)) {
		return false
	}
	return i == 0 || !fs.lowAt(i-1)
}

// boundable reports whether q is a figure whose bound is read: a number,
// amount or percentage; not a year, an ordinal ("9th") or a day beside
// its month ("August 10").
func boundable(l *lang.Language, text string, q quantity) bool {
	switch q.Kind {
	case "percent", "money":
		return true
	case "number":
		v := strings.TrimPrefix(q.Key, "n:")
		if q.Unit == "" && len(v) == 4 && v >= "1000" && v <= "2999" {
			return false
		}
		if rest := strings.TrimLeft(q.Raw, "0123456789"); rest != "" && rest != q.Raw && len(rest) <= 3 && strings.IndexFunc(rest, unicode.IsLetter) == 0 {
			return false // an ordinal ("9th", "3rd", "2e"), or a glued suffix it may be; "two" and "dos" are words
		}
		before, after := boundWordsBefore(text, q.Start, 1), boundWordsAfter(text, q.Start+len(q.Raw), 1)
		return !isMonth(l, before) && !isMonth(l, after)
	}
	return false
}

// isMonth reports whether ws is one word naming a month, in l or English.
func isMonth(l *lang.Language, ws []string) bool {
	if len(ws) != 1 {
		return false
	}
	_, ok := l.Month(ws[0])
	return ok || isEnglishMonth(strings.TrimSuffix(ws[0], "."))
}

// joinsRange reports whether a and b, its next figure, are the ends of a
// range: written with only a dash or a range word between them ("3–5",
// "3 to 5", "3 bis 5"), or "between a and b".
func joinsRange(l *lang.Language, text string, a, b quantity) bool {
	end := a.Start + len(a.Raw)
	if end > b.Start {
		return false
	}
	gap := strings.TrimSpace(text[end:b.Start])
	switch {
	case !ascending(a, b):
		return false // a score ("1–1", "3–2"), not a range
	case gap == "-" || gap == "–" || gap == "—":
		// "11-12-7" is a record, not a range
		return !dashed(text[:a.Start], true) && !dashed(text[b.Start+len(b.Raw):], false)
	case gap == "" || strings.ContainsAny(gap, " \t\n"):
		return false
	case l.JoinsRange(gap):
		return changeRole(l, text, a) != 'f' // "rises from €29.99 to €34.99": a change, no range
	}
	before := boundWordsBefore(text, a.Start, 1)
	return len(before) == 1 && l.OpensRange(before[0], gap)
}

// ascending reports whether b's value is greater than a's: a range's
// ends ascend.
func ascending(a, b quantity) bool {
	x, okA := a.value()
	y, okB := b.value()
	return okA && okB && x < y
}

// dashed reports whether s ends (before) or starts (after a pair) with
// a digit and a dash: a third figure joined to a dashed pair.
func dashed(s string, before bool) bool {
	for _, d := range []string{"-", "–"} {
		if before {
			if r, ok := strings.CutSuffix(strings.TrimSpace(s), d); ok {
				if r = strings.TrimSpace(r); r != "" && isDigit(r[len(r)-1]) {
					return true
				}
			}
		} else if r, ok := strings.CutPrefix(strings.TrimSpace(s), d); ok {
			if r = strings.TrimSpace(r); r != "" && isDigit(r[0]) {
				return true
			}
		}
	}
	return false
}

// boundAround is the bound of q by the words right before and after it.
func boundAround(l *lang.Language, text string, q quantity) bound {
	before := boundWordsBefore(text, q.Start, 7)
	if len(before) > 0 && l.ChangeLink(before[len(before)-1]) != 0 {
		if r := changeRole(l, text, q); r == 'f' || r == 't' {
			return bound(lang.Exact) // where a changing value starts or ends
		}
	}
	if b := l.BoundBefore(before[max(0, len(before)-6):]); b != lang.Exact { // "dentro de un plazo máximo de"
		return bound(deniedComparison(l, before, b))
	}
	if b := boundOverNoun(l, before); b != lang.Exact {
		return bound(b)
	}
	after := boundWordsAfter(text, q.Start+len(q.Raw), 4)
	if b := l.BoundAfter(after[:min(3, len(after))]); b != lang.Exact {
		return bound(b)
	}
	// One word of what the figure measures may come first: "3 hours late
	// or more", "18 years old or older".
	if len(after) > 1 && !l.IsStopword(after[0]) && !isDigit(after[0][0]) {
		if b := l.BoundAfter(after[1:]); b != lang.Exact {
			return bound(b)
		}
	}
	return bound(l.BoundFinal(before, after))
}

// deniedComparison is bound b of a figure turned by a negation cue before
// its phrase, past one verb: "no tarda más de 30 días", "does not take
// more than 30 days" bound it from above as "at most" does; "not less
// than" from below.
func deniedComparison(l *lang.Language, before []string, b lang.Bound) lang.Bound {
	if b != lang.Over && b != lang.Under {
		return b
	}
	for k := max(0, len(before)-4); k < len(before)-1; k++ {
		if l.IsNegationWord(before[k]) && (l.OverUnderAt(before[k+1:]) || k+2 < len(before) && l.OverUnderAt(before[k+2:])) {
			if b == lang.Over {
				return lang.Upper
			}
			return lang.Lower
		}
	}
	return b
}

// boundOverNoun is the bound a phrase gives a number across the noun it
// is the value of: a bound, an article, one or two words and the word
// linking them to the number ("ab einem Warenkorbwert von 200 €", "up to a
// basket value of €200", "vanaf een bestelbedrag van € 50", "a partir de
// un importe de 200 €"); lang.Exact for none.
func boundOverNoun(l *lang.Language, before []string) lang.Bound {
	n := len(before)
	if n < 4 || !l.IsStopword(before[n-1]) {
		return lang.Exact
	}
	for k := 1; k <= 2 && n-2-k >= 1; k++ {
		nouns, article := before[n-1-k:n-1], before[n-2-k]
		if slices.ContainsFunc(nouns, l.IsStopword) || !l.IsStopword(article) {
			continue
		}
		if b := l.BoundBefore(before[max(0, n-2-k-3) : n-2-k]); b != lang.Exact {
			return b
		}
	}
	return lang.Exact
}

// boundWordsBefore are the last n words of text before i (clauseWords).
func boundWordsBefore(text string, i, n int) []string {
	ws := clauseWords(wholeWordsBefore(text, i, 48), true)
	return ws[max(0, len(ws)-n):]
}

// wholeWordsBefore is the text of up to the given bytes before i, less
// a word the cut would split.
func wholeWordsBefore(text string, i, bytes int) string {
	from := max(0, i-bytes)
	for from > 0 && !utf8.RuneStart(text[from]) {
		from++
	}
	if from > 0 && !unicode.IsSpace(rune(text[from-1])) { // a word cut in two: skip it
		if k := strings.IndexFunc(text[from:i], unicode.IsSpace); k >= 0 {
			from += k
		} else {
			from = i
		}
	}
	return text[from:i]
}

// boundWordsAfter are the first n words of text after i, as boundWordsBefore.
func boundWordsAfter(text string, i, n int) []string { return clauseWordsAfter(text, i, n, true) }

// clauseWordsAfter are boundWordsAfter's words, lowercased (lower) or as
// written, to quote them.
func clauseWordsAfter(text string, i, n int, lower bool) []string {
	return clauseWordsWithin(text, i, n, 40, lower)
}

// clauseWordsWithin are clauseWordsAfter's words within the given bytes
// after i.
func clauseWordsWithin(text string, i, n, bytes int, lower bool) []string {
	to := min(len(text), i+bytes)
	for to < len(text) && !utf8.RuneStart(text[to]) {
		to--
	}
	ws := clauseWordsCased(text[i:to], false, lower)
	return ws[:min(n, len(ws))]
}

// clauseWords are the words of s, lowercased and without the punctuation
// around them (an apostrophe stays: "jusqu'à"), within the clause next to
// the figure: before it (before), those after the last clause mark ("It
// was over. 3 people left" does not bound the 3); after it, those up to
// the first.
func clauseWords(s string, before bool) []string { return clauseWordsCased(s, before, true) }

// clauseWordsCased are clauseWords, lowercased or as written.
func clauseWordsCased(s string, before, lower bool) []string {
	out := make([]string, 0, 8) // the 40 or 48 bytes read hold few words
	for f := range strings.FieldsFuncSeq(s, unicode.IsSpace) {
		w := strings.TrimFunc(f, func(r rune) bool { return unicode.IsPunct(r) && r != '\'' && r != '’' })
		ends := strings.ContainsAny(f[len(f)-1:], ",;:.!?)")
		switch {
		case before && ends:
			out = out[:0]
		case !before && strings.ContainsAny(f[:1], "(,;:"):
			return out
		case w != "" && lower:
			out = append(out, strings.ToLower(w))
		case w != "":
			out = append(out, w)
		}
		if !before && ends {
			return out
		}
	}
	return out
}

// boundMismatch reports whether the chunk states claim figure q only with
// a bound its claim does not keep: every figure of the chunk of q's value
// has a bound the claim's disagrees with. A figure the chunk does not
// write (a converted unit, a date in parts) is not judged here. Any claim
// agrees with an exact figure (boundAgrees), so the claim's bounds are
// read only when the chunk gives the value bounds alone.
func boundMismatch(c *claim, q quantity, ev *evidence) bool {
	if c.nameNumberAt(c.plain, &q) {
		return false // "Team 10" names a plan; its number has no bound
	}
	value := q.Key[strings.LastIndexByte(q.Key, ':')+1:]
	var bs []bound // the bounds the chunk writes the value with
	for _, fs := range ev.figureSets() {
		for i := range fs.found {
			if !fs.valueIs(i, value) || !boundable(fs.l, fs.text, *fs.at(i)) {
				continue
			}
			b := fs.boundAt(i)
			if b == boundExact && !c.nameNumberAt(fs.text, fs.at(i)) {
				return false
			}
			if b == boundExact {
				continue // "Glasvezel 500": the name's number, not the speed "tot 500 Mbit/s"
			}
			if c.leadAgrees(q, b, fs, fs.at(i)) {
				return false // "spätestens 48 Stunden vor" of "mindestens 48 Stunden vor"
			}
			bs = append(bs, b)
			if o, own, after := fs.otherSide(i, b); o != boundExact && c.aboutClause(q, after, own) {
				bs = append(bs, o) // "ab 50 € kostenlos, darunter 4,95 €" states "unter 50 €" of what follows
			}
		}
	}
	if len(bs) == 0 {
		return false
	}
	if !c.boundsRead {
		c.bounds, c.boundsRead = boundsOf(c.tongue.l, c.plain), true
	}
	seen := false // the claim writes q with a bound
	for _, f := range c.bounds {
		if f.key != q.Key {
			continue
		}
		seen = true
		named := boundExact // a plain figure may take the bound the claim names it with
		if f.b == boundExact {
			if named = c.boundNamed(); named == boundExact && f.first {
				named = boundUpper
			}
		}
		for _, b := range bs {
			if boundAgrees(f.b, b) || named != boundExact && boundAgrees(named, b) {
				return false
			}
		}
	}
	return seen
}

// nameNumberAt reports whether the chunk's figure q, in text, is the
// number of one of the claim's numbered names ("Glasvezel 500"), written
// after the name's word.
func (c *claim) nameNumberAt(text string, q *quantity) bool {
	if q.Kind != "number" || q.Unit != "" || !c.numberedName() || !c.namesNumber(q.Key) {
		return false
	}
	before := strings.Fields(wholeWordsBefore(text, q.Start, 32))
	if len(before) == 0 {
		return false
	}
	w := strings.ToLower(trimToWord(before[len(before)-1]))
	return slices.ContainsFunc(*c.names, func(n claimName) bool { return n.numbered() != "" && n.lower == w })
}

// boundNamed is the bound a claim names with a word that bounds a figure
// before or after it alike, an adjective of the thing the figure is the
// value of ("The minimum term is 18 months" against "an 18-month minimum
// term"); boundExact when it names none or two.
func (c *claim) boundNamed() bound {
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return boundExact
	}
	named := boundExact
	for _, w := range claimWords(c, l) {
		one := []string{w}
		if b := l.BoundBefore(one); b != lang.Exact && l.BoundAfter(one) == b {
			if named != boundExact && named != bound(b) {
				return boundExact
			}
			named = bound(b)
		}
	}
	return named
}

// figureSets are the figures of the chunk's texts, from the scan that
// indexed its quantities (newEvidence); their bounds are read as claims
// ask (figures.boundAt). A chunk without windows offers none.
func (ev *evidence) figureSets() []*figures {
	if ev.figures != nil {
		return ev.figures
	}
	ev.figures = []*figures{}
	if ev.parts != nil {
		for _, p := range ev.parts {
			ev.figures = append(ev.figures, p.figureSets()...)
		}
	} else if len(ev.windows) > 0 {
		ev.figures = append(ev.figures, newFigures(ev.tongue.l, ev.scanned, ev.found))
	}
	return ev.figures
}
