package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// conditionDropped reports whether the claim drops a condition the
// window's sentence it follows attaches to what it says: a waiting
// period (waitDropped) or an introductory period of a price
// (introPriceGiven). Byte tests on the window first: most hold neither.
// closest is the window's sentence closest to the claim where the caller
// has read it already, nil to read it here.
func conditionDropped(l *lang.Language, c *claim, window string, closest []string) bool {
	wait := l.MayWait(window)
	intro := l.MayIntroduce(window) && slices.ContainsFunc(claimWords(c, l), func(w string) bool { return l.IsFreeWord(w) || isFigure(l, w) })
	if !wait && !intro {
		return false
	}
	if closest == nil {
		closest = c.nearestWords(l, window)
	}
	return wait && waitDropped(l, c.words, closest) || intro && introPriceGiven(l, c.words, closest)
}

// waitDropped reports whether the claim's words cw drop a waiting period
// that closest, the normalised words of the window's sentence the claim
// follows, gives ([waiting-periods]): the claim names neither the period
// nor a figure beside it, and every content word of the sentence it lacks
// stands beside the period, or the claim says it is due at once
// ([at-once]: "from the first day"). The claim is then the sentence without its
// condition ("Dental treatment is covered from the start of your policy"
// of "… covered after a waiting period of 6 months from the start of your
// policy"), and states the benefit as due at once. A claim that leaves out
// more of the sentence says something else and is left to the score.
func waitDropped(l *lang.Language, cw, closest []string) bool {
	for i := range closest {
		n := l.WaitingAt(closest, i)
		if n == 0 || negatedBefore(l, closest, i) {
			continue // "with no waiting period", "zonder wachttijd" (every [negation] holds "without"): no condition
		}
		lo, hi := max(i-waitBefore, 0), min(i+n+waitAfter, len(closest))
		held := func(w string) bool {
			st := l.Stem(w)
			return slices.ContainsFunc(cw, func(x string) bool { return x == w || l.Stem(x) == st })
		}
		for k := lo; k < hi; k++ {
			if w := closest[k]; (k >= i && k < i+n || isFigure(l, w)) && !l.IsStopword(w) && held(w) {
				return false // "6 months", "a waiting period" said in other words
			}
		}
		if l.SaysAtOnce(cw) && !l.SaysAtOnce(closest) {
			// "claims can be made from the first day" against "a 3-month
			// waiting period for claims"; a sentence saying it of something
			// else ("…; glasses are reimbursed from day one") may be its source.
			return true
		}
		for k, w := range closest {
			if (k < lo || k >= hi) && !l.IsStopword(w) && !held(w) {
				return false
			}
		}
		return true
	}
	return false
}

// isFigure reports whether the normalised word w is a number, in digits
// or in words ("6", "six", "sechs").
func isFigure(l *lang.Language, w string) bool {
	if w != "" && isDigit(w[0]) {
		return true
	}
	_, _, ok := l.NumberWord(w)
	return ok
}

// The words read as a waiting period's own before and after its phrase:
// "nach einer Wartezeit von 6 Monaten", "après un délai de carence de 6
// mois à compter de".
const (
	waitBefore = 3
	waitAfter  = 5
)
