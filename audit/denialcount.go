package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// deniedStems is the stems of every word text denies: every cue's, not
// only the first (negates stops at one).
func deniedStems(t tongue, text string) map[string]bool {
	var out map[string]bool
	negates(t, text, func(st string) bool {
		if out == nil {
			out = map[string]bool{}
		}
		out[st] = true
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
	inWindow, inClaim := deniedStems(c.tongue, sentence), deniedStems(c.tongue, claimText)
	if len(inWindow) == len(inClaim) || !sharesKey(inWindow, inClaim) {
		return false
	}
	more, fewer, moreText, fewerText, saidByFewer := inWindow, inClaim, sentence, claimText, ofClaim
	if len(inClaim) > len(inWindow) {
		// The sentence, not the rest of the window, must say the word:
		// "Hunde dürfen nicht mitreisen, ausgenommen Assistenzhunde" joins
		// "Hunde dürfen nicht mitreisen." to the next sentence's exception.
		more, fewer, moreText, fewerText = inClaim, inWindow, claimText, sentence
		saidByFewer = func(st string) bool { return saysStem(c.tongue, sentence, st) }
	}
	for st := range more {
		// A word the side with more denials also says without one, before
		// any exception ("Roaming is not included in Basic, but it is
		// included in Plus"), or the other side gives in a list after "or"
		// ("used or lost tickets" against "used tickets, nor lost ones"),
		// is no denial the other dropped.
		if !fewer[st] && saidByFewer(st) && stemCountBeforeException(l, c.tongue, moreText, st) == 1 && !listedAfterOr(l, c.tongue, fewerText, st) {
			return true
		}
	}
	return false
}

// listedAfterOr reports whether text holds a word of the stem st within
// three words after a word of [or-words], stopwords only between: an item of a list a denial
// before it covers (the other side may deny it with "nor", "ni", "noch").
func listedAfterOr(l *lang.Language, t tongue, text, st string) bool {
	ws := normalisedWords(l, text)
	for i, w := range ws {
		if !saysStemWord(t, w, st) {
			continue
		}
		for k := i - 1; k >= max(i-3, 0); k-- {
			if l.IsOrWord(ws[k]) {
				return true
			}
			if !l.IsStopword(ws[k]) {
				break // "oder nicht erscheinen, berechnen": another thing between
			}
		}
	}
	return false
}

// stemCountBeforeException is how many words of text before its first
// exception ("sauf avec le forfait 100 Go, qui reporte …") have the stem
// st: what an exception affirms is no affirmation of the rule.
func stemCountBeforeException(l *lang.Language, t tongue, text, st string) int {
	ws := normalisedWords(l, text)
	n := 0
	for i, w := range ws {
		if l.ExceptionAt(ws, i) > 0 {
			break
		}
		if saysStemWord(t, w, st) {
			n++
		}
	}
	return n
}

// saysStemWord reports whether the word raw has the stem st, or one of
// them begins the other in five letters or more ("berechnet" of
// "berechn").
func saysStemWord(t tongue, raw, st string) bool {
	w := stemText(t.l, raw)
	if w == st {
		return true
	}
	short, long := w, st
	if len(short) > len(long) {
		short, long = long, short
	}
	return len(short) >= 5 && strings.HasPrefix(long, short)
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
// deniedStems stems (in language t), as saysStemWord reads one.
func saysStem(t tongue, text string, st string) bool {
	found := false
	nounphrase.RawWordsWhile(text, func(raw string, _ int) bool {
		found = saysStemWord(t, raw, st)
		return !found
	})
	return found
}
