package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// unlessCaseAsRule reports whether the claim gives as the rule what the
// window's sentence says only in its [unless] case: the claim, with no
// condition or "unless" of its own, holds a content word that only the
// unless clause says, and the part before the cue says one the claim
// lacks ("Missing items are refunded to your card" against "… refunded as
// a credit note, unless you ask for a refund to your card"). The cue's
// own words are not the part's, nor its quantifiers ("elke" of "elke
// maand", as English's "each" is a stopword).
func unlessCaseAsRule(l *lang.Language, c *claim, sentence string) bool {
	cond, ok := l.UnlessClause(sentence)
	if !ok || cond == "" {
		return false
	}
	cw := claimWords(c, l)
	if _, own := l.UnlessClause(c.plain); own || l.HasConditional(cw) || exceptsAny(l, cw) {
		return false // its own condition or exception: "Sauf négligence grave, … remboursées"
	}
	at := strings.Index(sentence, cond)
	if at < 0 {
		return false
	}
	mw, uw := normalisedWords(l, sentence[:at]), normalisedWords(l, cond)
	for k := 1; k <= 3 && k <= len(mw); k++ { // the cue: "unless", "sauf si", "es sei denn"
		if _, cue := l.UnlessClause(strings.Join(mw[len(mw)-k:], " ") + " x"); cue {
			mw = mw[:len(mw)-k]
			break
		}
	}
	fromUnless := false
	for _, w := range cw {
		if contentWord(l, w) && !inClause(l, w, mw) && inClause(l, w, uw) {
			fromUnless = true
			break
		}
	}
	if !fromUnless {
		return false
	}
	for _, w := range mw {
		if contentWord(l, w) && !l.IsWeightless(w) && !inClause(l, w, cw) && !inClause(l, w, uw) {
			return true
		}
	}
	return false
}

// exceptsAny reports whether words hold a phrase of [exceptions] ("sauf",
// "except").
func exceptsAny(l *lang.Language, words []string) bool {
	for i := range words {
		if l.ExceptionAt(words, i) > 0 {
			return true
		}
	}
	return false
}

// evenIfUnless reports whether the claim says a thing holds "even if"
// ([even-if]) in the case the window's sentence excepts with an [unless]
// clause: the words after its phrase restate the condition ("… automatisch
// verlengd, ook als u 30 dagen voor de verlengingsdatum opzegt" against
// "…, tenzij u uiterlijk 30 dagen voor de verlengingsdatum opzegt").
func evenIfUnless(l *lang.Language, c *claim, sentence string) bool {
	cond, ok := l.UnlessClause(sentence)
	if !ok || cond == "" {
		return false
	}
	// A relative clause of the condition says more of it ("salvo que
	// presentes un certificado médico que acredite …"): the claim need
	// restate only what comes before.
	if ops := l.ClauseOpeners(cond); len(ops) > 0 && ops[0][0] > 0 {
		cond = cond[:ops[0][0]]
	}
	cw := claimWords(c, l)
	for i := range cw {
		n := l.EvenIfAt(cw, i)
		if n == 0 {
			continue
		}
		tail := cw[i+n:]
		return restated(l, normalisedWords(l, cond), func(st string) bool {
			return slices.ContainsFunc(tail, func(w string) bool { return l.Stem(w) == st })
		})
	}
	return false
}
