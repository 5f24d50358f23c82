package audit

import (
	"slices"

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
	windowClauses := clausesOf(c.tongue, window)
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
