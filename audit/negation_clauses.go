package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// clausePolarity compares the claim with the window's clause holding
// every content word of the claim (two or more): found tells whether one
// does, differs whether it and the claim differ in polarity. The window's
// other clauses deny or affirm other things: "Appointments with a
// specialist do not require a referral" against "Appointments with a
// specialist require a referral; without a referral, the visit is not
// reimbursed" differs, "Appointments with a specialist require a
// referral" against the same does not. The claim is read whole: cut into
// clauses, a denial may part from its verb ("could not | then also
// have"). ofClaim and ofWindow tell each side's words, as for negates.
func clausePolarity(l *lang.Language, c *claim, window string, ofClaim, ofWindow func(string) bool) (differs, found bool) {
	// A claim of one clause is held to each sentence's clauses ("Cats are
	// allowed" against "… allowed per room. Cats and other pets are not
	// allowed"; a clause must not run on from "… per room. Cats"). A claim
	// of several, whose words the window's sentences share between them
	// ("… are not valid, and stamped tickets are valid …"), is held to the
	// window's clauses as written.
	windowClauses := clausesOf(c.tongue, window)
	if len(clausesOf(c.tongue, c.plain)) < 2 {
		windowClauses = windowClauses[:0:0]
		for _, sentence := range windowSentences(window) {
			windowClauses = append(windowClauses, clausesOf(c.tongue, sentence)...)
		}
	}
	if len(windowClauses) < 2 {
		return false, false // one clause: the sentence's polarity is the clause's
	}
	stemsOf := func(text string) []string {
		var out []string
		ws := normalisedWords(l, text)
		for i, w := range ws {
			if !l.IsStopword(w) && !l.IsNegationWord(w) && l.NegationAt(ws, i) == 0 && !startsWithDigitOrSign(w) {
				out = append(out, l.Stem(w))
			}
		}
		return out
	}
	st := stemsOf(c.plain)
	if len(st) < 2 {
		return false, false
	}
	for _, wc := range windowClauses {
		ws := stemsOf(wc)
		if !slices.ContainsFunc(st, func(s string) bool { return !slices.Contains(ws, s) }) {
			return negates(c.tongue, c.plain, ofWindow) != negates(c.tongue, wc, ofClaim), true
		}
	}
	return false, false
}

// clausesOf cuts text into its clauses as the passage checks do
// (subjectCuts: ";", ", " and the language's clause joins).
func clausesOf(t tongue, text string) []string {
	var out []string
	start := 0
	for _, cut := range subjectCuts(text, tokensOf(text), t) {
		if cut[0] > start {
			out = append(out, text[start:cut[0]])
		}
		start = cut[1]
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// clauseOpposed reports whether the window's sentence says of the claim's
// subject the opposite of what the claim says of it, in a clause of its
// own beside one saying the claim's word of another subject: "Your
// personal data and usage statistics are erased within 30 days" against
// "Your personal data is erased within 30 days; anonymised usage
// statistics are kept", "Les factures sont supprimées après 12 mois"
// against "Les données de localisation sont supprimées après 12 mois ; les
// factures sont conservées 10 ans". One clause holds x, a word of
// [opposites] the claim says; another holds y, its opposite, which the
// claim does not say, and claim words the first clause does not hold.
// The sentence holds every word of the claim, and the claim's clause
// saying x holds those words too (a claim saying x of
// another subject in a clause of its own says nothing of them). Only
// words of [opposites] unmarked count: "dag~" in "24 uur per dag en 7
// dagen per week" counts a figure, which the number checks read. A claim
// with a negation cue is left to the negation check.
func clauseOpposed(l *lang.Language, cw []string, claim string, sentenceWords []string, sentence string, t tongue) bool {
	if !opposedWithin(l, cw, sentenceWords) || slices.ContainsFunc(cw, func(w string) bool { return l.NegationAt([]string{w}, 0) > 0 }) {
		return false // a claim that denies is the negation check's
	}
	words := opposedClauses(l, t, sentence)
	if len(words) < 2 || !holdsClaim(l, cw, words, sentenceWords) {
		return false
	}
	var claimClauses [][]string // read once an x and a y are found
	saysOf := func(x string, subject []string) bool {
		if claimClauses == nil {
			for _, cl := range clausesOf(t, claim) {
				claimClauses = append(claimClauses, normalisedWords(l, cl))
			}
		}
		return slices.ContainsFunc(claimClauses, func(ws []string) bool {
			return says(l, ws, x) && slices.ContainsFunc(subject, func(w string) bool { return slices.Contains(ws, w) })
		})
	}
	for a, wa := range words {
		for i, x := range wa {
			if !l.OpposesPlainly(x) || !says(l, cw, x) || elliptical(l, wa, x) {
				continue
			}
			for b, wb := range words {
				// "… bewaren je gegevens …, daarna worden ze verwijderd": a
				// clause referring back to the one before is about its subject.
				if b == a || says(l, wb, x) || b < a && slices.ContainsFunc(wa, l.IsBackReference) || conditionOf(l, words, b, a) {
					continue
				}
				subject := subjectOf(l, cw, wa, wb)
				if len(subject) == 0 {
					continue
				}
				for j, y := range wb {
					if y != x && !says(l, cw, y) && l.OpposesPlainly(y) && l.OpposesAt(wa, i, wb, j) &&
						negatedBefore(l, wa, i) == negatedBefore(l, wb, j) && saysOf(x, subject) {
						return true
					}
				}
			}
		}
	}
	return false
}

// conditionOf reports whether clause b is the condition of clause a: it
// opens with a word of [conditionals] ("if you choose …") or comes just
// before a clause opening its consequence ("Kiest u …, dan vergoeden
// wij …"). Its party is who meets the condition, no other subject.
func conditionOf(l *lang.Language, clauses [][]string, b, a int) bool {
	wb, wa := clauses[b], clauses[a]
	return len(wb) > 0 && l.ConditionAt(wb, 0) > 0 || b == a-1 && len(wa) > 0 && l.OpensConsequence(wa[0])
}

// elliptical reports whether a clause says nothing but x and figures
// ("… Monday to Friday from 7:00 to 22:30 and on Saturdays from 9:00 to
// 14:00"): it goes on about the subject of the clause before it, and
// what it says is said of that subject.
func elliptical(l *lang.Language, ws []string, x string) bool {
	return !slices.ContainsFunc(ws, func(w string) bool { return w != x && contentWord(l, w) && !isFigure(l, w) })
}

// opposedClauses are the words of the sentence's clauses (clausesOf), a
// part without a word of [opposites] opening the next ("depuis les
// États-Unis, il est facturé 10 € par Go").
func opposedClauses(l *lang.Language, t tongue, sentence string) [][]string {
	var words [][]string
	var open []string
	for _, cl := range clausesOf(t, sentence) {
		ws := append(open, normalisedWords(l, cl)...)
		if open = nil; !slices.ContainsFunc(ws, l.OpposesPlainly) {
			open = ws
			continue
		}
		words = append(words, ws)
	}
	return words
}

// holdsClaim reports whether the sentence holds every word of the claim,
// as a stem or as a form of a member of [opposites] ("gelöscht" said by
// "löschen"), but a word adding nothing to a duration ("zehn Jahre lang"): "Le taux de crimes est en augmentation" against "Baisse de
// crimes graves ; augmentation de meurtres" says something of a rate it
// does not give.
func holdsClaim(l *lang.Language, cw []string, clauses [][]string, sentenceWords []string) bool {
	var stems []string
	for _, ws := range clauses {
		for _, w := range ws {
			stems = append(stems, l.Stem(w))
		}
	}
	for i, w := range cw {
		if !l.IsStopword(w) && !l.AfterDuration(cw, i) && !slices.Contains(stems, l.Stem(w)) && !says(l, sentenceWords, w) {
			return false
		}
	}
	return true
}

// subjectOf is the claim's content words that clause wb holds and wa
// does not: what wb says its word of.
func subjectOf(l *lang.Language, cw, wa, wb []string) []string {
	var out []string
	for _, w := range wb {
		if !l.IsStopword(w) && !startsWithDigitOrSign(w) && !l.InOpposites(w) && slices.Contains(cw, w) && !slices.Contains(wa, w) {
			out = append(out, w)
		}
	}
	return out
}

// opposedWithin reports whether the sentence's words hold a word of the
// claim's and an opposite of it the claim lacks, by word and not by place
// (a superset of what clauseOpposed finds): what it needs before the
// sentence is cut into clauses. A sentence of more than
// maxOpposedSentence words is not read: a sentence that long is no list of
// clauses a claim draws from.
func opposedWithin(l *lang.Language, cw, ws []string) bool {
	if len(ws) > maxOpposedSentence {
		return false
	}
	var xs, ys []string
	for _, w := range ws {
		if !l.OpposesPlainly(w) || slices.Contains(xs, w) || slices.Contains(ys, w) {
			continue
		}
		if says(l, cw, w) {
			xs = append(xs, w)
		} else {
			ys = append(ys, w)
		}
	}
	for _, x := range xs {
		if slices.ContainsFunc(ys, func(y string) bool { return l.Opposes(x, y) }) {
			return true
		}
	}
	return false
}

// maxOpposedSentence is the most words of a sentence clauseOpposed reads.
const maxOpposedSentence = 120

// says reports whether ws holds w or another form of a member of
// [opposites] w is ("incluidas" says "incluida").
func says(l *lang.Language, ws []string, w string) bool {
	return slices.Contains(ws, w) || l.SaysMember(w, ws)
}

// claimPart is a part of a sentence between semicolons: its text, its
// normalised words and how many of the claim's content words it holds.
type claimPart struct {
	text  string
	words []string
	held  int
}

// claimParts are sentence's parts between semicolons, each read for the
// claim.
func claimParts(l *lang.Language, c *claim, sentence string) []claimPart {
	cw := claimWords(c, l)
	var parts []claimPart
	for p := range strings.SplitSeq(sentence, ";") {
		ws := normalisedWords(l, p)
		n := 0
		for _, w := range cw {
			if contentWord(l, w) && inClause(l, w, ws) {
				n++
			}
		}
		parts = append(parts, claimPart{p, ws, n})
	}
	return parts
}

// topicOfItsOwn reports whether a part opens as another part does, with a
// word such as a preposition, and names next a thing the claim does not:
// parallel parts about two things ("Voor … kronen en bruggen geldt een
// wachttijd van 6 maanden; voor fysiotherapie geldt geen wachttijd").
func topicOfItsOwn(l *lang.Language, parts []claimPart, k int, cw []string) bool {
	ws := parts[k].words
	if len(ws) < 2 || !l.IsStopword(ws[0]) || !contentWord(l, ws[1]) || inClause(l, ws[1], cw) {
		return false
	}
	for m, p := range parts {
		if m != k && len(p.words) > 0 && p.words[0] == ws[0] {
			return true
		}
	}
	return false
}

// closestClause is the part of sentence between semicolons holding more
// of the claim's content words than any other, when the sentence has two
// or more, one holds most and every other opens with a subject of its own
// that the claim does not say; false otherwise. Only a semicolon parts
// statements of their own: a clause after a comma may be the condition
// of the one before ("…, es sei denn, Sie kündigen").
func closestClause(l *lang.Language, c *claim, sentence string) (string, bool) {
	parts := claimParts(l, c, sentence)
	if len(parts) < 2 {
		return "", false
	}
	cw := claimWords(c, l)
	best, most, tie := "", -1, false
	subjects := 0 // parts opening with a subject of their own the claim lacks
	for k, p := range parts {
		if sw := subjectWord(l, p.words); sw != "" && !inClause(l, sw, cw) || topicOfItsOwn(l, parts, k, cw) {
			subjects++
		}
		switch {
		case p.held > most:
			best, most, tie = p.text, p.held, false
		case p.held == most:
			tie = true
		}
	}
	// Every other part must be about a subject of its own ("las pruebas
	// diagnósticas no tienen copago"); a part about the claim's subject
	// ("les membres Essentiel ne peuvent pas inviter") or about no named
	// one may deny the claim.
	return best, !tie && most > 0 && subjects >= len(parts)-1
}

// clausesSwapped reports whether the window's sentence closest to the
// claim says of the claim's subject or party, in a clause of its own,
// the opposite or another's act, or gives only another name or group
// what the claim says: the polarity checks read above 4-gram closeness
// 0.4 (the negation check's close branch and its loose one).
func clausesSwapped(l *lang.Language, c *claim, window, chunk string) bool {
	closest, _, closestText := c.nearest(l, window)
	if restatesClause(l, c, closestText) {
		return false // "We pay the hospital directly for in-patient treatment" of that very clause
	}
	return clauseOpposed(l, c.words, c.plain, closest, closestText, c.tongue) || actorSwapped(l, c, closest, closestText) ||
		onlyWidened(l, c, window, chunk) || onlyGroupOpposed(l, c.words, closest)
}

// restatesClause reports whether one clause of text (parted at
// semicolons and commas) holds every word of the claim, function words
// and parties too: the claim says that clause in its own order, and no
// other clause of the sentence can have swapped it.
func restatesClause(l *lang.Language, c *claim, text string) bool {
	cw := claimWords(c, l)
	if len(cw) == 0 {
		return false
	}
	for _, part := range strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == ',' }) {
		ws := normalisedWords(l, part)
		if !slices.ContainsFunc(cw, func(w string) bool { return !slices.Contains(ws, w) }) {
			return true
		}
	}
	return false
}

// opposesInPart is opposes against the part (between semicolons) of the
// window's sentence the claim follows, where the claim says nothing of
// the other parts: "Les paiements … après l'opposition restent à votre
// charge" against "Les paiements … avant l'opposition restent à votre
// charge … ; après l'opposition, ils vous sont intégralement remboursés",
// whose second part says the claim's "après" of another thing.
func opposesInPart(l *lang.Language, c *claim, closest []string, closestText string) bool {
	if !strings.Contains(closestText, ";") {
		return false
	}
	var best []string
	most, second := 0, 0
	for _, text := range strings.Split(closestText, ";") {
		part := normalisedWords(l, text)
		n := 0
		for _, w := range c.words {
			if contentWord(l, w) && slices.Contains(part, w) {
				n++
			}
		}
		switch {
		case n > most:
			best, most, second = part, n, most
		case n > second:
			second = n
		}
	}
	if most < 2 || second >= most {
		return false // the claim follows no one part more than the others
	}
	for _, w := range c.words {
		opposed := func(y string) bool { return l.Opposes(w, y) }
		if contentWord(l, w) && slices.Contains(closest, w) && !slices.Contains(best, w) && !slices.ContainsFunc(best, opposed) {
			return false // the claim says something of another part too (the word the part opposes aside)
		}
	}
	if (len(deniedStems(c.tongue, c.plain)) > 0) != (len(deniedStems(c.tongue, strings.Join(best, " "))) > 0) {
		return false // "You cannot renew … by post" follows the part that denies it, not "You can renew … online"
	}
	return opposes(l, c.words, best)
}

// claimClauseAffirms reports whether a clause of the claim affirms, in
// three content words or more that the window's sentence holds every one
// of, what that sentence of one clause denies: "The discount applies to
// the PSO levy but not to standing charges" against "The discount does
// not apply to standing charges or to the PSO levy". An elliptical clause
// ("nor to the PSO levy") says no verb of its own; a claim of one clause
// is the negation check's as a whole.
func claimClauseAffirms(l *lang.Language, c *claim, window string, ofClaim, ofWindow func(string) bool) bool {
	clauses := clausesOf(c.tongue, c.plain)
	if len(clauses) < 2 {
		return false
	}
	_, _, sentence := c.nearest(l, window)
	if len(clausesOf(c.tongue, sentence)) != 1 || !negates(c.tongue, sentence, ofClaim) {
		return false
	}
	held := stemsOf(c.tongue, sentence)
	var afterCue []uint64 // the stems of the three words after each cue of the sentence
	ws := normalisedWords(l, sentence)
	for i := range ws {
		if n := cueIn(l, ws, i); n > 0 {
			for k := i + n; k < min(i+n+3, len(ws)); k++ {
				afterCue = append(afterCue, hashWord(stemText(c.tongue.l, ws[k])))
			}
		}
	}
	for _, cl := range clauses {
		st := stemsOf(c.tongue, cl)
		if len(st) < 3 || slices.ContainsFunc(st, func(s stemAt) bool {
			return !slices.ContainsFunc(held, func(h stemAt) bool { return h.stem == s.stem })
		}) {
			continue
		}
		// the clause says a word the sentence's denial is about, not only
		// its subject ("Tandbleken is een esthetische behandeling")
		if !slices.ContainsFunc(st, func(s stemAt) bool { return slices.Contains(afterCue, s.stem) }) {
			continue
		}
		if !negates(c.tongue, cl, ofWindow) {
			return true
		}
	}
	return false
}
