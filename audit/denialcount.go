package audit

import (
	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// deniedAbout is the stems of the words text denies that about accepts:
// every cue's, not only the first (negates stops at one).
func deniedAbout(t tongue, text string, about func(stem string) bool) map[string]bool {
	var out map[string]bool
	negates(t, text, func(st string) bool {
		if about(st) {
			if out == nil {
				out = map[string]bool{}
			}
			out[st] = true
		}
		return false // read on: every cue
	})
	return out
}

// denialsDiffer reports whether a claim and the window's sentence it
// follows deny one word alike and one of them denies more: "Fuel that is
// not used is refunded" denies "used" as "Fuel that is not used is not
// refunded" does, and says "refunded" where the window denies it. The
// side with the denial more must deny a word the other says. Without a
// denial in common the two may deny one thing in other words ("is not
// covered" against "covers … but not damage"); with as many denials they
// may deny in other places ("niets te doen" against "niets voor te
// doen"); a word said in another form ("Unused fuel is not refunded") is
// no word said.
func denialsDiffer(l *lang.Language, c *claim, claimText, window string, ofClaim func(string) bool) bool {
	_, _, sentence := c.nearest(l, window)
	if _, unless := l.UnlessClause(sentence); unless {
		return false // an "unless" is a condition, read by unlessRestated
	}
	if _, unless := l.UnlessClause(claimText); unless {
		return false
	}
	all := func(string) bool { return true }
	inWindow, inClaim := deniedAbout(c.tongue, sentence, all), deniedAbout(c.tongue, claimText, all)
	if len(inWindow) == len(inClaim) || !sharesKey(inWindow, inClaim) {
		return false
	}
	more, fewer, saidByFewer := inWindow, inClaim, ofClaim
	if len(inClaim) > len(inWindow) {
		// The sentence, not the rest of the window, must say the word:
		// "Hunde dürfen nicht mitreisen, ausgenommen Assistenzhunde" joins
		// "Hunde dürfen nicht mitreisen." to the next sentence's exception.
		more, fewer, saidByFewer = inClaim, inWindow, func(st string) bool { return saysStem(c.tongue, sentence, st) }
	}
	for st := range more {
		if !fewer[st] && saidByFewer(st) {
			return true
		}
	}
	return false
}

// sharesKey reports whether a and b have a key in common.
func sharesKey(a, b map[string]bool) bool {
	for k := range a {
		if b[k] {
			return true
		}
	}
	return false
}

// saysStem reports whether text holds a word of the stem st, stemmed as
// deniedAbout stems (in language t).
func saysStem(t tongue, text string, st string) bool {
	found := false
	nounphrase.RawWordsWhile(text, func(raw string, _ int) bool {
		found = stemText(t.l, raw) == st
		return !found
	})
	return found
}
