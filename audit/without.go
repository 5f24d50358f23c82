package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// withWithout is what a sentence gives a case with a thing and the case
// without it, the second word left at its clause's end ([with-without]):
// "Die Fahrradkarte kostet 9,90 € mit BahnCard und 13,90 € ohne", "€9.90
// with a BahnCard and €13.90 without". thing is the normalised word after
// "with"; with and without the figures (normalised words) of each case.
type withWithout struct {
	thing, with, without string
}

// elidedWithout reads ws, a sentence's normalised words, for such a pair.
func elidedWithout(l *lang.Language, ws []string) (withWithout, bool) {
	for j, w := range ws {
		if !l.IsWithout(w) || j+1 < len(ws) && !l.IsListJoin(ws[j+1]) || j == 0 || !isFigure(l, ws[j-1]) {
			continue
		}
		for i := j - 2; i > 0; i-- {
			if !l.IsWith(ws[i]) {
				continue
			}
			thing := slices.IndexFunc(ws[i+1:j-1], func(x string) bool { return contentWord(l, x) && !isFigure(l, x) })
			if thing < 0 || !isFigure(l, ws[i-1]) {
				break
			}
			return withWithout{ws[i+1+thing], ws[i-1], ws[j-1]}, true
		}
	}
	return withWithout{}, false
}

// caseOf reads the claim's words cw for the case it is about: whether
// it names the pair's thing, and whether it says "without" before it.
func (p withWithout) caseOf(l *lang.Language, cw []string) (names, without bool) {
	at := slices.IndexFunc(cw, func(w string) bool { return sameWordRoot(l, w, p.thing) })
	if at < 0 {
		return false, false
	}
	for k := at - 1; k >= 0 && k >= at-2; k-- {
		if l.IsWithout(cw[k]) {
			return true, true
		}
		if contentWord(l, cw[k]) {
			break
		}
	}
	return true, false
}

// withoutSwapped is the claim's figure that a sentence gives the other
// case than the claim's ("Mit BahnCard kostet die Fahrradkarte 13,90 €"
// against "9,90 € mit BahnCard und 13,90 € ohne"), as the claim writes it,
// or "".
func withoutSwapped(l *lang.Language, c *claim, sentence string) string {
	p, cw, without, ok := withoutCaseOf(l, c, sentence)
	if !ok {
		return ""
	}
	own, other := p.with, p.without
	if without {
		own, other = other, own
	}
	if slices.Contains(cw, own) || !slices.Contains(cw, other) {
		return ""
	}
	for _, q := range c.quantities {
		if strings.Contains(strings.ToLower(q.Raw), other) {
			return q.Raw
		}
	}
	return other
}

// withoutAgrees reports whether the claim says "without" of the thing
// whose case without it a sentence gives at its clause's end, with that
// case's figure: "Ohne BahnCard kostet die Fahrradkarte 13,90 €" against
// "9,90 € mit BahnCard und 13,90 € ohne" denies as the sentence does.
func withoutAgrees(l *lang.Language, c *claim, sentence string) bool {
	p, cw, without, ok := withoutCaseOf(l, c, sentence)
	return ok && without && slices.Contains(cw, p.without)
}

// withoutCaseOf reads a sentence for its pair of cases (elidedWithout) and
// the claim for its case of the pair's thing: ok is false when the
// sentence has no such pair or the claim does not name the thing.
func withoutCaseOf(l *lang.Language, c *claim, sentence string) (p withWithout, cw []string, without, ok bool) {
	if !strings.Contains(strings.ToLower(sentence), l.WithoutWord()) {
		return p, nil, false, false
	}
	if p, ok = elidedWithout(l, normalisedWords(l, sentence)); !ok {
		return p, nil, false, false
	}
	cw = claimWords(c, l)
	names, without := p.caseOf(l, cw)
	return p, cw, without, names
}

// nearestText is the text of the window's sentence the claim follows.
func (c *claim) nearestText(l *lang.Language, window string) string {
	_, _, text := c.nearest(l, window)
	return text
}

// withCaseOfBoth reports whether a claim that says "with" of a thing
// follows a window that gives the case with it and the case without it:
// "Con permanencia, la cuota cuesta 39,90 €" against "39,90 € al mes con
// permanencia de 12 meses o 49,90 € al mes sin permanencia". The window's
// "without", its only denial, denies the other case, not the claim's.
func withCaseOfBoth(l *lang.Language, cw, ww []string) bool {
	thingAfter := func(ws []string, is func(string) bool) []string {
		var out []string
		for i, w := range ws {
			if !is(w) {
				continue
			}
			for _, x := range ws[i+1 : min(len(ws), i+4)] { // "with a 12-month contract"
				if !l.IsStopword(x) && !isFigure(l, x) {
					out = append(out, l.Stem(x))
				}
			}
		}
		return out
	}
	if slices.ContainsFunc(ww, func(w string) bool { return l.IsNegationWord(w) && !l.IsWithout(w) }) {
		return false // "with a guest card it is not free": a denial of its own
	}
	for _, st := range thingAfter(cw, l.IsWith) {
		if slices.Contains(thingAfter(ww, l.IsWith), st) && slices.Contains(thingAfter(ww, l.IsWithout), st) {
			return true
		}
	}
	return false
}
