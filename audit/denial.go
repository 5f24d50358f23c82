package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// deniedPossible reports whether the window denies, with a negated word
// of [permission], what the claim says with a [possibility] word can be
// done: "You can cancel by phone" against "cancellations by phone are not
// possible", "You can pay by bank transfer" against "we do not accept bank
// transfers". The negation's own word ("possible", "accept") is not the
// claim's, so negatedAbout, which reads the word a cue negates, passes
// over it. A claim that holds a cue of its own is left to the negation
// check.
func deniedPossible(l *lang.Language, cw []string, window string, ofClaim func(stem string) bool) bool {
	return l.Possible(cw) && !hasCue(l, cw) && permissionDenied(l, cw, window, ofClaim)
}

// permissionDenied reports whether a clause of window negates a word of
// [permission] and names nothing the claim's words cw do not (every
// content word of it is about the claim, and it says no word of
// [opposites] the claim does not, such as "after"): "renewals by post are
// not possible" denies "renew … by post", not "renew … online". A claim
// that denies in its own words ("You cannot renew by post") says what
// such a clause says.
func permissionDenied(l *lang.Language, cw []string, window string, ofClaim func(stem string) bool) bool {
	if !l.MayPermit(window) {
		return false // most windows: no word of [permission] to deny
	}
	for _, clause := range punctClauses(window) {
		if !l.MayPermit(clause) {
			continue
		}
		words := normalisedWords(l, clause)
		if !hasCue(l, words) || !permits(l, words) {
			continue
		}
		own := func(x string) bool { // the denial's own words
			return l.IsNegationWord(x) || l.PermitsAt([]string{x}, 0) > 0 || l.Possible([]string{x}) || l.IsGrantor(x)
		}
		// (an opposite the claim says in another form, "renew" of
		// "renewals", is the claim's own word)
		if slices.ContainsFunc(words, func(x string) bool {
			return l.InOpposites(x) && !own(x) && !slices.ContainsFunc(cw, func(y string) bool { return sameWordRoot(l, x, y) })
		}) {
			continue // a qualified denial: "Returns after 30 days are not possible" leaves "within 30 days" alone
		}
		content := func(x string) bool {
			return !l.IsStopword(x) && !strings.HasSuffix(x, "'") && !strings.HasSuffix(x, "’") && !own(x)
		}
		about := func(x string) bool {
			return ofClaim(l.Stem(x)) || slices.ContainsFunc(cw, func(y string) bool { return sameWordRoot(l, x, y) })
		}
		if allAbout(words, content, about) {
			return true
		}
	}
	return false
}

// hasCue reports whether words hold a negation cue of l that no other cue
// of them cancels ("without" with "not").
func hasCue(l *lang.Language, words []string) bool {
	paired := pairedCues(words, func(i int) int { return cueIn(l, words, i) }, l.IsDoubleNegation)
	for i := range words {
		if cueIn(l, words, i) > 0 && !paired[i] {
			return true
		}
	}
	return false
}

// permits reports whether words hold a word of [permission].
func permits(l *lang.Language, words []string) bool {
	for i := range words {
		if l.PermitsAt(words, i) > 0 {
			return true
		}
	}
	return false
}

// deniedAsExcepted reports whether the window's sentence ww excepts with
// a phrase of [exceptions] what the claim cw denies: the first content
// words after the exception (two, or one at the sentence's end) are the
// claim's, after its negation cue ("it does not apply to accidental
// injury" against "…, except for accidental injury"). An exception of
// something else ("except for orthodontics") is no denial of it. So
// are an excepted thing the claim's subject denies what the window says
// of the rest.
//
// A claim whose cue closes it ("Geöffnete Hygieneartikel sind von der
// Rückgabe ausgeschlossen") or that denies with a word of
// [negative-words] instead agrees with an exception whose clause holds
// every other content word of the claim ("Ausgenommen vom Rückgaberecht
// sind … geöffnete Hygieneartikel").
func deniedAsExcepted(l *lang.Language, cw, ww []string) bool {
	cue := -1
	for i := range cw {
		if cueIn(l, cw, i) > 0 {
			cue = i
			break
		}
	}
	if cue < 0 {
		if !slices.ContainsFunc(cw, l.IsNegativeWord) {
			return false
		}
		return exceptedWhole(l, slices.DeleteFunc(slices.Clone(cw), l.IsNegativeWord), ww)
	}
	denied := cw[cue+1:]
	if !slices.ContainsFunc(denied, func(w string) bool { return contentWord(l, w) }) {
		return exceptedWhole(l, cw[:cue], ww)
	}
	for j := range ww {
		n := l.ExceptionAt(ww, j)
		if n == 0 {
			continue
		}
		var after []string
		for _, w := range ww[j+n:] {
			if contentWord(l, w) {
				if after = append(after, w); len(after) == 2 {
					break
				}
			}
		}
		if len(after) == 0 {
			return false
		}
		if allOf(after, func(w string) bool { return inClause(l, w, denied) }) {
			return true
		}
		// The excepted thing as the claim's subject, what the window
		// says of the rest as what the claim denies of it ("Custom-made
		// items cannot be returned" against "All items can be returned,
		// except custom-made items").
		return allOf(after, func(w string) bool { return inClause(l, w, cw[:cue]) }) &&
			allOf(denied, func(w string) bool { return !contentWord(l, w) || inClause(l, w, ww[:j]) })
	}
	return false
}

// exceptedWhole reports whether the clause of the window's exception,
// from the exception on, holds every content word of ws.
func exceptedWhole(l *lang.Language, ws, ww []string) bool {
	var rest []string
	for _, w := range ws {
		if contentWord(l, w) {
			rest = append(rest, w)
		}
	}
	if len(rest) == 0 {
		return false
	}
	for j := range ww {
		if n := l.ExceptionAt(ww, j); n > 0 {
			clause := ww[j+n:]
			return allOf(rest, func(w string) bool { return inClause(l, w, clause) })
		}
	}
	return false
}

// onlyAsExcepted reports whether a claim limiting with a word of
// [restrictors] says what the window's sentence says as a denial with an
// exception: "vergoedt fysiotherapie alleen bij chronische aandoeningen"
// against "vergoedt geen fysiotherapie, behalve bij chronische
// aandoeningen", "Solo con la autorización expresa … se admiten mascotas"
// against "No se admiten mascotas salvo autorización expresa". The first
// content word after the exception phrase (two where there are) must be
// the claim's, after its restrictor.
func onlyAsExcepted(l *lang.Language, cw, ww []string) bool {
	r := slices.IndexFunc(cw, l.IsRestrictor)
	if r < 0 || !slices.ContainsFunc(ww, l.IsNegationWord) {
		return false
	}
	for j := range ww {
		n := l.ExceptionAt(ww, j)
		if n == 0 {
			continue
		}
		after := contentAfter(l, ww, j+n-1, 2)
		return len(after) > 0 && !slices.ContainsFunc(after, func(w string) bool { return !inClause(l, w, cw[r+1:]) })
	}
	return false
}

// deniesSubject reports whether text denies the claim's first content
// word, its subject or actor, in a clause of its own: "… by the sender,
// not by the recipient" denies "The recipient files the damage claim"
// whichever of the window's sentences the claim follows most.
func deniesSubject(c *claim, text string) bool {
	if len(c.content) == 0 || c.content[0] == "" || isDigit(c.content[0][0]) {
		return false
	}
	l, _ := lang.Get(c.tongue.code)
	stem, subject := l.Stem, ""
	switch {
	case c.tongue.l == nil:
		stem = nounphrase.StemWord // as negates stems English
		subject = stem(c.content[0])
	case len(c.stemForms) > 0:
		subject = c.stemForms[0]
	default:
		return false
	}
	isSubject := func(st string) bool { return st == subject }
	// Only an elliptic denial, a clause of nothing but the subject and its
	// cue ("not by the recipient"): "we issue store credit instead of a
	// refund" denies no refund of "Refunds within 30 days".
	for _, clause := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune(".,;:!?", r) }) {
		if negates(c.tongue, clause, isSubject) && onlyWordIs(l, stem, clause, subject) {
			return true
		}
	}
	return false
}

// onlyWordIs reports whether the only content word of clause, past
// stopwords and negation cues, stems to want by stem.
func onlyWordIs(l *lang.Language, stem func(string) string, clause, want string) bool {
	for _, w := range strings.Fields(strings.ToLower(clause)) {
		w = strings.Trim(w, "\"'()")
		if w == "" || l.IsStopword(w) || l.IsNegationWord(w) {
			continue
		}
		if stem(w) != want {
			return false
		}
	}
	return true
}

// affirmedAsExcepted reports whether a claim that denies nothing says of
// the thing the window excepts from a denied rule what the exception
// gives it: "In July you may take a bike on board" against "You may not
// take a bike on board, except in July and August". The window denies
// before its exception phrase, and the claim holds every content word of
// the first thing it excepts ("july" of "july and august"; "Dogs are
// allowed" against "…, except guide dogs" does not).
func affirmedAsExcepted(l *lang.Language, cw, ww []string) bool {
	for j := range ww {
		n := l.ExceptionAt(ww, j)
		if n == 0 {
			continue
		}
		item := firstItem(l, ww[j+n:])
		return ruleDenies(l, ww[:j], nil) && len(item) > 0 && allOf(item, func(w string) bool { return inClause(l, w, cw) })
	}
	return false
}
