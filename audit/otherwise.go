package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// otherwiseCase reads a claim stating under a condition what the window's
// sentence says after an [otherwise] cue ("The ground must be prepared by
// the customer; otherwise a call-out fee of €79 is charged"): that case
// holds where the part before the cue does not, so the claim's condition
// must say that part with the other polarity ("If the ground is not
// prepared …, we charge …"); said with the same ("If the ground is
// prepared …, we charge …") it turns the case round. ok is false where
// the claim states no condition in a part of its own (a conditional word
// opening a comma part), the window's sentence has no cue, or the claim's
// other parts are not about what follows the cue (by more of their words
// than what precedes it, or by a figure of it), or its condition holds a
// content word the part before it lacks. rest is the claim without its
// condition, alt what follows the cue: where the condition is the one
// that part must fail, the claim's other denials are read on rest against
// alt ("we do not charge …" still denies what follows the cue).
func otherwiseCase(l *lang.Language, c *claim, window string) (turned bool, rest, alt string, ok bool) {
	if !strings.Contains(c.plain, ",") {
		return false, "", "", false
	}
	_, _, sentence := c.nearest(l, window)
	ww := normalisedWords(l, sentence)
	o, n := -1, 0
	for i := range ww {
		if n = l.OtherwiseAt(ww, i); n > 0 {
			o = i
			break
		}
	}
	if o < 0 {
		return false, "", "", false
	}
	before, after := ww[:o], ww[o+n:]
	var cond, others []string
	var parts []string
	for _, part := range strings.Split(c.plain, ",") {
		ws := normalisedWords(l, part)
		if cond == nil && len(ws) > 0 && l.ConditionAt(ws, 0) > 0 {
			cond = ws
		} else {
			others, parts = append(others, ws...), append(parts, part)
		}
	}
	if cond == nil || held(l, others, after) <= held(l, others, before) && !figureIn(others, after) {
		return false, "", "", false
	}
	// Its polarity is read from negation cues only where the condition
	// says nothing but the part's words: "If your receipt is missing"
	// says "not brought" in another word.
	if n := held(l, cond, before); n == 0 || n < contentCount(l, cond) {
		return false, "", "", false
	}
	return hasCue(l, cond) == hasCue(l, before), strings.Join(parts, ","), strings.Join(after, " "), true
}

// contentCount is how many content words ws holds, its conditional words
// and elided particles ("n'") aside.
func contentCount(l *lang.Language, ws []string) int {
	n := 0
	for i, w := range ws {
		if contentWord(l, w) && l.ConditionAt(ws, i) == 0 && !isElided(w) {
			n++
		}
	}
	return n
}

// held is how many content words of ws the clause holds.
func held(l *lang.Language, ws, clause []string) int {
	n := 0
	for _, w := range ws {
		if contentWord(l, w) && inClause(l, w, clause) {
			n++
		}
	}
	return n
}

// figureIn reports whether a figure of ws is one of clause's words.
func figureIn(ws, clause []string) bool {
	for _, w := range ws {
		if startsWithDigitOrSign(w) && slices.Contains(clause, w) {
			return true
		}
	}
	return false
}
