package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// restrictedOtherwise reports whether the claim opens with "only" or
// "any" on another thing than the one the window's sentence, opening with
// "only", limits it to: "Alleen gebruikers van het account kunnen …
// uitnodigen" against "Alleen de beheerder van het account kan …", "Any
// workspace member can change the billing plan" against "Only the
// workspace owner can …". A content word of the claim's first two after
// its word (stems) that the window's first three after "only" lack names
// another; "Only Pro customers" against "Only customers on the Pro plan"
// names the same. Both words open their sentence (one word may come
// before), where a restrictor limits the subject; "can only return" and
// "at any time" are left to the other checks.
func restrictedOtherwise(l *lang.Language, cw, closest []string) bool {
	j := slices.IndexFunc(closest, l.IsRestrictor)
	if j < 0 || j > 1 {
		return false
	}
	for i := 0; i < len(cw) && i <= 1; i++ {
		if !l.IsRestrictor(cw[i]) && !l.IsUniversal(cw[i]) && !l.IsAnyWord(cw[i]) {
			continue
		}
		ours, theirs := stemsAfter(l, cw, i, 2), stemsAfter(l, closest, j, 3)
		return len(ours) > 0 && len(theirs) > 0 && slices.ContainsFunc(ours, func(s string) bool { return !slices.Contains(theirs, s) && !partOfCompound(l, s, theirs) })
	}
	return false
}

// partOfCompound reports whether, in a language that joins compounds, the
// stem s opens or ends one of stems: "eigenaar" (of "de eigenaar van het
// account") in "accounteigenaar".
func partOfCompound(l *lang.Language, s string, stems []string) bool {
	return l.Compounds && len(s) >= 4 && slices.ContainsFunc(stems, func(t string) bool {
		return len(t) > len(s) && (strings.HasPrefix(t, s) || strings.HasSuffix(t, s))
	})
}

// stemsAfter is the stems of the first n content words after ws[i],
// within n+3 words.
func stemsAfter(l *lang.Language, ws []string, i, n int) []string {
	var out []string
	for k := i + 1; k < len(ws) && k <= i+n+3 && len(out) < n; k++ {
		if w := ws[k]; !l.IsStopword(w) && !startsWithDigitOrSign(w) && !l.IsRestrictor(w) && !l.IsUniversal(w) && !l.IsAnyWord(w) {
			out = append(out, l.Stem(w))
		}
	}
	return out
}

// anytimeLimited reports whether the claim says at any time ("jederzeit",
// "altijd") what the window's sentence allows only under a condition: a
// word of [restrictors] and, within three words, one of [limit-opens]
// ("only until the order has shipped", "nur möglich, solange", "alleen
// … als"), or a period that must pass first (periodStartsAt: "après les
// trois premiers mois"). A claim limiting it itself, or a window saying
// it at any time too, is left alone.
func anytimeLimited(l *lang.Language, cw, closest []string) bool {
	anytime := false
	for i := range cw {
		if l.IsRestrictor(cw[i]) {
			return false
		}
		anytime = anytime || l.AnytimeAt(cw, i) > 0
	}
	if !anytime {
		return false
	}
	// A claim stating the period, a condition or a threshold itself keeps
	// that limit ("Na het eerste jaar kunt u op elk moment opzeggen").
	ownPeriod, ownCondition := periodIn(l, cw), conditional(l, cw)
	ownAmount := false
	for i := range cw {
		ownAmount = ownAmount || amountFromAt(l, cw, i)
	}
	limited := false
	for j := range closest {
		if n := l.AnytimeAt(closest, j); n > 0 {
			// "à tout moment après les trois premiers mois" limits it
			// still, and so does "after the first year you can cancel
			// at any time" (a period after it further on may be another
			// clause's: "…; refunds are paid after 14 days")
			if ownPeriod || !slices.ContainsFunc([]int{j + n, j + n + 1}, func(k int) bool { return k < len(closest) && periodStartsAt(l, closest, k) }) && !periodIn(l, closest[max(0, j-8):j]) {
				return false
			}
			limited = true
		}
		// "kündigen, sobald der Vertrag sechs Monate läuft": a condition
		// limits it too, unless it opens the sentence as a time ("When
		// you cancel, …" tells a sequence).
		limited = limited || !ownPeriod && periodStartsAt(l, closest, j) || deadlineAt(l, closest, j) || !ownAmount && amountFromAt(l, closest, j) ||
			!ownCondition && l.ConditionAt(closest, j) > 0 && (j > 0 || !l.IsConditionTime(closest[j]))
		if !l.IsRestrictor(closest[j]) {
			continue
		}
		for k := j + 1; k < len(closest) && k <= j+3; k++ {
			limited = limited || l.LimitOpensAt(closest, k) > 0
		}
	}
	return limited
}

// amountFromAt reports whether ws[j] is a figure, not of a unit of
// time, that a word of a lower bound opens within four words before it
// ("Ab einem Bestellwert von 50 €", "à partir de 50 €", "from 3
// people"): a threshold, which "always" drops.
func amountFromAt(l *lang.Language, ws []string, j int) bool {
	if !isFigure(l, ws[j]) || timeUnitAfter(l, ws, j) {
		return false // a period is periodStartsAt's
	}
	for k := max(0, j-5); k < j; k++ {
		if l.BoundBefore(ws[max(0, k-2):k+1]) == lang.Lower {
			return true
		}
	}
	return false
}

// deadlineAt reports whether ws[j] is a number of a unit of time bounded
// from above ("tot 2 werkdagen van tevoren", "up to 48 hours before",
// "within 14 days"): a time limit, which "at any time" drops.
func deadlineAt(l *lang.Language, ws []string, j int) bool {
	if j == 0 || !isFigure(l, ws[j]) {
		return false
	}
	b := l.BoundBefore(ws[max(0, j-3):j])
	return (b == lang.Upper || b == lang.Within) && timeUnitAfter(l, ws, j)
}

// timeUnitAfter reports whether one of the two words after ws[k] is a
// unit of time ("3 months", "2 working days").
func timeUnitAfter(l *lang.Language, ws []string, k int) bool {
	for u := k + 1; u < len(ws) && u <= k+2; u++ {
		if unit, ok := l.Unit(ws[u]); ok && strings.HasPrefix(unit, "time:") {
			return true
		}
	}
	return false
}

// periodIn reports whether a period that must pass first opens anywhere
// in ws (periodStartsAt).
func periodIn(l *lang.Language, ws []string) bool {
	for k := range ws {
		if periodStartsAt(l, ws, k) {
			return true
		}
	}
	return false
}

// periodStartsAt reports whether ws[j] opens a period that must pass
// first: a phrase of [period-anchors] ("after", "après", "nach") and,
// within four words, a number or an ordinal and a unit of time ("après
// les trois premiers mois", "after the first 3 months", "after the first
// year").
func periodStartsAt(l *lang.Language, ws []string, j int) bool {
	n, within := l.PeriodAnchorAt(ws, j)
	if n == 0 || within {
		return false
	}
	for k := j + n; k+1 < len(ws) && k < j+n+4; k++ {
		if _, ord := l.Ordinal(ws[k]); (isFigure(l, ws[k]) || ord) && timeUnitAfter(l, ws, k) { // "after the first year"
			return true
		}
	}
	return false
}

// restrictedAnytime reports whether the claim limits with "only" what the
// window's sentence allows at any time and limits nowhere: "Sie können
// nur schriftlich widerrufen" against "Sie können jederzeit widerrufen".
func restrictedAnytime(l *lang.Language, cw, closest []string) bool {
	if !slices.ContainsFunc(cw, l.IsRestrictor) || slices.ContainsFunc(closest, l.IsRestrictor) {
		return false
	}
	for j := range closest {
		if l.AnytimeAt(closest, j) > 0 {
			return true
		}
	}
	return false
}

// hoursLimited reports whether the claim says a thing holds around the
// clock ([around-the-clock]: "rund um die Uhr", "24h/24") where the
// window's sentence the claim follows gives a time of day ("täglich von 6
// bis 22 Uhr", "from 8am to 6pm") and no sentence of the window says
// such a phrase. A claim giving times of its own ("the hotline is
// available around the clock; the desk is open from 9:00 to 17:00")
// speaks of two things, and its times are the number check's.
func hoursLimited(l *lang.Language, c *claim, window, closestText string) bool {
	says := func(ws []string) bool {
		for i := range ws {
			if l.AllDayAt(ws, i) > 0 {
				return true
			}
		}
		return false
	}
	isTime := func(q quantity) bool { return q.Kind == "time" }
	if !says(c.words) || slices.ContainsFunc(c.quantities, isTime) || says(normalisedWords(l, window)) {
		return false
	}
	return slices.ContainsFunc(findQuantitiesIn(l, closestText), isTime)
}

// absoluteUnlessDropped reports whether the claim says in every case
// ([anytime], [at-no-time]: "always", "never", "nie") what the window's
// sentence it follows says with an "unless" the claim drops: "you are
// never liable for any losses" against "you are not liable, unless you
// acted fraudulently". A claim with a condition of its own, or restating
// the "unless", is left alone.
func absoluteUnlessDropped(l *lang.Language, c *claim, sentence string, ofClaim func(string) bool) bool {
	cw := claimWords(c, l)
	if !absoluteIn(l, cw) || l.HasConditional(cw) {
		return false
	}
	if _, own := l.UnlessClause(c.plain); own {
		return false
	}
	cond, ok := l.UnlessClause(sentence)
	return ok && !restated(l, normalisedWords(l, cond), ofClaim)
}

// absoluteIn reports whether ws hold a phrase of [anytime] or [at-no-time].
func absoluteIn(l *lang.Language, ws []string) bool {
	for i := range ws {
		if l.AbsoluteAt(ws, i) > 0 {
			return true
		}
	}
	return false
}
