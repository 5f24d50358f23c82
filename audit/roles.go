package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// rolesSwapped reports whether the claim says the window's two sides of a
// role connector the other way round: "Standard shipping is faster than
// express shipping" against "Express shipping is faster than standard
// shipping", "from your current account to your savings account" against
// the reverse. Both say the connector after the same word ("faster
// than", "account to"), and what sets one side apart in the claim sets
// the other apart in the window; "cheaper than" against "more expensive
// than" with the sides reversed says the same and is left alone.
func rolesSwapped(l *lang.Language, cw, ww []string) bool {
	for i, x := range cw {
		if i == 0 || !l.IsRoleConnector(x) {
			continue
		}
		for j, y := range ww {
			if y != x || j == 0 || cw[i-1] != ww[j-1] {
				continue
			}
			cl, cr := roleSides(l, cw, i, 4)
			wl, wr := roleSides(l, ww, j, 4)
			// With a negation before the connector on one side only, the
			// sides swapped say the same ("standard n'est pas aussi rapide
			// que express" of "express est plus rapide que standard").
			if sharesAny(cl, wr) && sharesAny(cr, wl) && !comparisonFlipped(l, cw, i, ww, j) &&
				negatedBefore(l, cw, i-1) == negatedBefore(l, ww, j-1) {
				return true
			}
		}
	}
	return false
}

// converse reports whether cw[i] and ww[j], opposites, each come before
// the same role connector with the sides swapped: "express is faster
// than standard" says what "standard is slower than express" says, and
// "standard is less expensive than express" what "express is more
// expensive than standard" says (the connector of a comparison may come
// up to lang.ComparisonReach words after its word).
func converse(l *lang.Language, cw []string, i int, ww []string, j int) bool {
	return converseWithin(l, cw, i, ww, j, 4)
}

// converseWithin is converse with the sides read up to reach words after
// the connector: a comparative of two words ("more expensive than") needs
// one more.
func converseWithin(l *lang.Language, cw []string, i int, ww []string, j, reach int) bool {
	ci, cj := i+1, j+1
	if a, b := l.ComparisonAfter(cw, i), l.ComparisonAfter(ww, j); a >= 0 && b >= 0 {
		ci, cj = a, b
		// The sides reach past the compared thing between the word and
		// its connector ("fewer free call minutes abroad than").
		reach = max(reach, ci-i+reach-1, cj-j+reach-1)
	}
	if ci >= len(cw) || cj >= len(ww) || cw[ci] != ww[cj] || !l.IsRoleConnector(cw[ci]) {
		return false
	}
	cl, cr := roleSides(l, cw, ci, reach)
	wl, wr := roleSides(l, ww, cj, reach)
	return sharesAny(cl, wr) && sharesAny(cr, wl)
}

// comparisonFlipped reports whether the words before the connectors
// cw[i] and ww[j] hold opposites of a comparison ("lower" against
// "higher", "moins chère" against "plus chère"): with the sides swapped
// too, the two say the same.
//
// Up to three words before, any opposites count; further back only the
// words of a comparison ("moins de minutes d'appel que"): "domestic"
// against "international" there are the sides, not the comparison.
func comparisonFlipped(l *lang.Language, cw []string, i int, ww []string, j int) bool {
	near := func(ws []string, a, k int) bool { return k-a <= 3 || l.IsComparative(ws[a]) }
	for a := max(i-lang.ComparisonReach, 0); a < i; a++ {
		for b := max(j-lang.ComparisonReach, 0); b < j; b++ {
			if cw[a] != ww[b] && near(cw, a, i) && near(ww, b, j) && l.OpposesAt(cw, a, ww, b) {
				return true
			}
		}
	}
	return false
}

// roleSides are the content words before ws[k], up to nine words back
// (the subject of "The Basic plan has a lower deductible than") or reach
// if more, and up to reach words after it, that the other side does not
// say.
func roleSides(l *lang.Language, ws []string, k, reach int) (left, right []string) {
	content := func(w string) bool { return !l.IsStopword(w) && !l.IsRoleConnector(w) }
	for n := max(k-max(reach, 9), 0); n < k; n++ {
		if content(ws[n]) {
			left = append(left, ws[n])
		}
	}
	for n := k + 1; n < len(ws) && n <= k+reach; n++ {
		if content(ws[n]) {
			right = append(right, ws[n])
		}
	}
	l2 := slices.DeleteFunc(slices.Clone(left), func(w string) bool { return slices.Contains(right, w) })
	r2 := slices.DeleteFunc(right, func(w string) bool { return slices.Contains(left, w) })
	return l2, r2
}

func sharesAny(a, b []string) bool {
	return slices.ContainsFunc(a, func(w string) bool { return slices.Contains(b, w) })
}

// partiesSwapped reports whether the claim names two things of the
// window's closest sentence in the other order with the same words
// between them: "The insurer must notify the
// policyholder" against "The policyholder must notify the insurer", "El
// propietario debe pagar la fianza al arrendatario" against the reverse.
// The words between are compared as written, articles too, so German's
// free order ("Dem Kunden erstattet die Bank", where the articles mark
// who does what) is left alone, and so is a list ("the tenant and the
// landlord"); each of the two words stands once on each side.
func partiesSwapped(l *lang.Language, cw, ww []string) bool {
	// pos[i] is where cw[i] stands in ww, when it may name a party and
	// stands once on each side; -1 otherwise. Most sentences keep the
	// window's order: no pair is inverted and nothing more is read.
	var buf [48]int
	pos := buf[:0]
	inverted := false
	for i, a := range cw {
		p := -1
		if contentWord(l, a) && count(cw, a) == 1 && count(ww, a) == 1 {
			p = slices.Index(ww, a)
			for k := max(i-8, 0); k < i && !inverted; k++ {
				inverted = pos[k] > p
			}
		}
		pos = append(pos, p)
	}
	if !inverted {
		return false
	}
	for i := range cw {
		for k := i + 2; k < len(cw) && k <= i+8; k++ {
			j, m := pos[i], pos[k]
			if m < 0 || m >= j || !slices.Equal(cw[i+1:k], ww[m+1:j]) {
				continue
			}
			// A list ("the tenant and the landlord") joins, it does not
			// say who does what; a verb or a modal and an article between
			// ("must notify the", "muss den") does.
			between := cw[i+1 : k]
			if !slices.ContainsFunc(between, l.IsListJoin) && (len(between) >= 2 || !l.IsStopword(between[0])) {
				return true
			}
		}
	}
	return false
}

func count(ws []string, w string) int {
	n := 0
	for _, x := range ws {
		if x == w {
			n++
		}
	}
	return n
}
