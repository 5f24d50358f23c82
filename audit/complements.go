package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// complementSwapped reports whether one side says a group in separate
// words as its complement ("non members", "hors UE", "los no socios")
// where the other says only the group ("members", "de l'UE", "los
// socios"), of the same thing: the two share a word beside it. The side
// with the complement says the group no other way, the other side says
// no complement of it. A complement word that is also a negation cue
// ("no", "nicht", "niet") counts only where it is a cue, right before
// the group's word and after the word the other side has before that
// word ("los no socios" against "los socios"); "niet meer dan 3" is a
// limit, no group.
func complementSwapped(l *lang.Language, cw, ww []string) bool {
	return complementOf(l, cw, ww) || complementOf(l, ww, cw)
}

// complementOf is complementSwapped with the complement said in a.
func complementOf(l *lang.Language, a, b []string) bool {
	for i, w := range a {
		n := l.ComplementAt(a, i)
		if n == 0 {
			continue
		}
		k := groupWordAfter(l, a, i+n-1)
		if k < 0 || bareIn(l, a, a[k]) >= 0 {
			continue
		}
		j := bareIn(l, b, a[k])
		if j < 0 || complementedIn(l, b, a[k]) || !shareNeighbour(l, a, k, b, j) {
			continue
		}
		// A cue the other side answers with a cue of its own denies alike
		// ("machtiging niet nodig" against "geen machtiging nodig").
		if l.IsNegationWord(w) && (l.NegationAt(a, i) == 0 || k != i+n || before(a, i) != before(b, j) || negatedBefore(l, b, j)) {
			continue
		}
		return true
	}
	return false
}

// groupWordAfter is the position of the word a complement phrase ending
// at ws[i] names the complement of: the first content word after it,
// within three words ("outside the EU"); -1 for none.
func groupWordAfter(l *lang.Language, ws []string, i int) int {
	for k := i + 1; k < len(ws) && k <= i+3; k++ {
		if l.ComplementAt(ws, k) > 0 || l.IsNegationWord(ws[k]) {
			return -1
		}
		if !l.IsStopword(ws[k]) && !isElided(ws[k]) {
			if r, _ := utf8.DecodeRuneInString(ws[k]); !unicode.IsLetter(r) {
				return -1 // "niet meer dan 3": a limit, no group
			}
			return k
		}
	}
	return -1
}

// bareIn is the position in ws of a word of x's stem that no complement
// phrase stands before (starting within three words), or -1.
func bareIn(l *lang.Language, ws []string, x string) int {
	st := l.Stem(x)
	for j, w := range ws {
		if w != x && l.Stem(w) != st {
			continue
		}
		complemented := false
		for k := max(j-3, 0); k < j && !complemented; k++ {
			complemented = l.ComplementAt(ws, k) > 0
		}
		if !complemented {
			return j
		}
	}
	return -1
}

// complementedIn reports whether ws says x's stem after a complement
// phrase.
func complementedIn(l *lang.Language, ws []string, x string) bool {
	st := l.Stem(x)
	for i := range ws {
		if n := l.ComplementAt(ws, i); n > 0 {
			if k := groupWordAfter(l, ws, i+n-1); k >= 0 && (ws[k] == x || l.Stem(ws[k]) == st) {
				return true
			}
		}
	}
	return false
}

// before is the word before ws[i], "" at the start.
func before(ws []string, i int) string {
	if i == 0 {
		return ""
	}
	return ws[i-1]
}

func isElided(w string) bool {
	return len(w) > 0 && (w[len(w)-1] == '\'' || len(w) >= 3 && w[len(w)-3:] == "’")
}

// deniedOfAll reports whether one side denies of every one of a kind
// ("nobody", "kein einziger Tarif", "personne ne") what the other says
// of all of it ("every customer", "alle Tarife") without a negation:
// every content word the denying side says after its phrase, two or
// more, the other says after its universal. The denying side holds no
// other negation and no universal ("none of them, all of us" is no
// such claim).
func deniedOfAll(l *lang.Language, cw, ww []string) bool {
	cu, wu := slices.ContainsFunc(cw, l.IsUniversal), slices.ContainsFunc(ww, l.IsUniversal)
	return !cu && wu && deniesWhatAllDo(l, cw, ww) || cu && !wu && deniesWhatAllDo(l, ww, cw)
}

// deniesWhatAllDo is deniedOfAll with the denial in a and the universal
// in b.
func deniesWhatAllDo(l *lang.Language, a, b []string) bool {
	if slices.ContainsFunc(b, func(w string) bool { return l.IsNegationWord(w) || l.IsNegativeWord(w) }) {
		return false
	}
	after, ok := deniedOfAllAfter(l, a)
	return ok && saidAlike(l, after, b[slices.IndexFunc(b, l.IsUniversal)+1:])
}

// bothDenyAll reports whether each side denies of all with a phrase of
// [universal-denials] what the other does: "nobody needs" and "no guest
// needs" agree, though one denies "guest" and the other "needs".
func bothDenyAll(l *lang.Language, cw, ww []string) bool {
	ca, ok := deniedOfAllAfter(l, cw)
	if !ok {
		return false
	}
	wa, ok := deniedOfAllAfter(l, ww)
	return ok && saidAlike(l, ca, wa)
}

// deniedOfAllAfter is what ws says after its phrase of
// [universal-denials], when that phrase is a cue and ws holds no other.
func deniedOfAllAfter(l *lang.Language, ws []string) ([]string, bool) {
	at, width, cues := -1, 0, 0
	for i := range ws {
		if n := l.NegationAt(ws, i); n > 0 {
			cues++
			if m := l.DenialOfAllAt(ws, i); m > 0 && at < 0 {
				at, width = i, max(m, n)
			}
		}
	}
	if at < 0 || cues != 1 {
		return nil, false
	}
	return ws[at+width:], true
}

// saidAlike reports whether other says the content words of ws, two or
// more, all but one.
func saidAlike(l *lang.Language, ws, other []string) bool {
	found, missing := 0, 0
	for _, w := range ws {
		if l.IsStopword(w) || isElided(w) || l.IsNegationWord(w) {
			continue
		}
		if slices.ContainsFunc(other, func(x string) bool { return akin(l, w, x) }) {
			found++
		} else {
			missing++
		}
	}
	// One word may differ: a verb of need said otherwise ("niemand hoeft"
	// against "iedere klant moet").
	return found >= 2 && missing <= 1
}

// akin reports whether two normalised words are one word's forms: alike
// in stem, or the shorter stem or word, of four letters or more, starts
// the other ("kurs" and "kurse", "kostet" and "kosten", whose Snowball
// stems part ways).
func akin(l *lang.Language, a, b string) bool {
	if a == b {
		return true
	}
	sa, sb := l.Stem(a), l.Stem(b)
	return sa == sb || startsOther(sa, sb) || startsOther(a, b)
}

func startsOther(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 4 && strings.HasPrefix(b, a)
}

// endSwapped reports whether the claim says one end of a scale of
// [scale-ends] where the window says the other and not the claim's, of
// the same thing: "the most expensive plan" against "the cheapest plan",
// "la plus chère" against "la moins chère". "Cheaper than" against "more
// expensive than" with the sides swapped says the same (converse).
func endSwapped(l *lang.Language, cw, ww []string) bool {
	if !slices.ContainsFunc(cw, l.OnScale) || !slices.ContainsFunc(ww, l.OnScale) {
		return false
	}
	for i := range cw {
		s, e, ok := l.ScaleAt(cw, i)
		if !ok || saysEnd(l, ww, s, e) {
			continue
		}
		for j := range ww {
			if t, f, ok := l.ScaleAt(ww, j); ok && t == s && f != e && shareNeighbour(l, cw, i, ww, j) &&
				!converseWithin(l, cw, i, ww, j, 5) && negatedBefore(l, cw, i) == negatedBefore(l, ww, j) {
				return true
			}
		}
	}
	return false
}

// saysEnd reports whether ws says end e of scale s anywhere.
func saysEnd(l *lang.Language, ws []string, s, e int) bool {
	for j := range ws {
		if t, f, ok := l.ScaleAt(ws, j); ok && t == s && f == e {
			return true
		}
	}
	return false
}

// looseFlip reports, for a window the claim follows less than closely,
// whether the claim says a word of [opposites] where the window's sentence
// says another member, both content words (opposesNear, contentOpposed), or denies of all what it says of all
// (deniedOfAll), or says for certain what it hedges (hedgeDropped):
// "nobody" against "every customer", "geöffnet" against "geschlossen",
// "always" against "usually, but it can take longer" in a sentence
// otherwise reworded. Each is read only when a byte test or a lookup
// finds what it needs: a word of [opposites] of the claim's that the
// window lacks, and another member of its group that the window holds; a
// word of [certainty] in the claim and a hedge in the window; a phrase of [universal-denials] on one side and
// a universal on the other.
func looseFlip(c *claim, window string) bool {
	l, ok := lang.Get(c.tongue.code)
	if !ok {
		return false
	}
	if c.words == nil {
		c.words = normalisedWords(l, c.plain) // once a claim, not once a chunk
	}
	var closest []string
	if slices.ContainsFunc(c.words, func(w string) bool {
		return l.InOpposites(w) && !l.IsStopword(w) && !lang.HoldsWord(window, w) && l.MayBeOpposed(w, window)
	}) {
		closest = c.nearestWords(l, window)
		if opposesNear(l, withoutQuantityWords(l, c, c.words), closest, contentOpposed) {
			// Denied of the other member of what the window restricts to
			// one, the two turns agree: "Existing customers cannot use
			// the offer" of "valid for new customers only".
			return !deniedOfTheRest(l, c.words, closest)
		}
	}
	if l.Certain(c.words) && l.MayHedge(window) {
		if closest == nil {
			closest = c.nearestWords(l, window)
		}
		if hedgeDropped(l, c.words, closest) {
			return true
		}
	}
	switch {
	case l.HoldsDenialOfAll(c.words):
		if !l.MayHoldUniversal(window) {
			return false
		}
	case !slices.ContainsFunc(c.words, l.IsUniversal) || !l.MayDenyAll(window):
		return false
	}
	if closest == nil {
		closest = c.nearestWords(l, window)
	}
	return deniedOfAll(l, c.words, closest)
}

// deniedOfTheRest reports whether the claim cw denies (a negation cue)
// where the window's sentence ww denies nothing and restricts with a word
// of [restrictors] ("only", "nur", "alleen"): an opposite there is the
// rest the restriction leaves out.
func deniedOfTheRest(l *lang.Language, cw, ww []string) bool {
	return deniesAnything(l, cw) && !deniesAnything(l, ww) && slices.ContainsFunc(ww, l.IsRestrictor)
}

// deniedOfTheRestricted reports whether the claim denies what the
// window's sentence ww, denying nothing, restricts to what the claim
// names ("New customers cannot use the offer" against "The offer is valid
// for new customers only"): two content words of the claim or more are
// the sentence's, none of the claim's words opposes one of it, the claim
// restricts nothing itself, and it names nothing the sentence does not
// ("…, not with Start" denies it of the rest).
func deniedOfTheRestricted(l *lang.Language, c *claim, ww []string) bool {
	cw := claimWords(c, l)
	// A claim restricting too ("Only members can book …, no more than
	// two weeks ahead") restates the restriction.
	if !deniedOfTheRest(l, cw, ww) || slices.ContainsFunc(cw, l.IsRestrictor) || opposesNear(l, cw, ww, contentOpposed) {
		return false
	}
	for k, t := range tokensOf(c.plain) {
		if k > 0 && t.capital && !inClause(l, l.Normalize(t.lower), ww) {
			return false
		}
	}
	held := 0
	for i, w := range cw {
		if contentWord(l, w) && l.NegationAt(cw, i) == 0 && inClause(l, w, ww) {
			held++
		}
	}
	return held >= 2
}

// crossMarks are the signs that answer a feature "no" in any language
// ("Sunday delivery: ❌").
var crossMarks = []string{"❌", "✗", "✘", "🚫", "⛔"}

// crossed reports whether text holds a cross mark: it denies its sentence
// as a cue would.
func crossed(text string) bool {
	if strings.IndexByte(text, 0xe2) < 0 && strings.IndexByte(text, 0xf0) < 0 {
		return false // no lead byte of a sign: most text
	}
	return slices.ContainsFunc(crossMarks, func(m string) bool { return strings.Contains(text, m) })
}

// contentOpposed is shareNeighbour for a reworded sentence, where
// function words may change sides with a converse verb ("you receive
// store credit" against "we issue store credit" says one thing from two
// sides): both words must be content words (no stopword: not "we",
// "you", "before").
func contentOpposed(l *lang.Language, a []string, i int, b []string, j int) bool {
	return !l.IsStopword(a[i]) && !l.IsStopword(b[j]) && shareNeighbour(l, a, i, b, j)
}

// withoutQuantityWords is words with the opposed words of the claim's
// quantities blanked: "half" of "half of your tuition" is 50 %, which
// the numbers check holds to the chunk, not a word opposed to "full".
func withoutQuantityWords(l *lang.Language, c *claim, words []string) []string {
	out, cloned := words, false // the claim's own words stay as they are
	for _, q := range c.quantities {
		for _, f := range strings.Fields(strings.ToLower(q.Raw)) {
			for i, w := range out {
				if w == f && l.InOpposites(w) {
					if !cloned {
						out, cloned = slices.Clone(words), true
					}
					out[i] = ""
				}
			}
		}
	}
	return out
}
