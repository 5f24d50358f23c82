package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// joinLoosened reports whether the claim joins two things with one of
// [or-words] where a part (between semicolons) of sentence, the window's
// sentence it follows (its words closest), joins the same two with another word of
// [list-joins] beside a word of [requirement-words], or the reverse: "you
// need a driving licence or a credit card" against "you need a driving
// licence and a credit card" says either will do where both are needed.
// Without a requirement word the join says less ("We accept Visa and
// Mastercard": either may be used), and a part joining the two both ways
// ("and/or" read as "and … or") says either.
func joinLoosened(l *lang.Language, cw, closest []string, sentence string) bool {
	if !slices.ContainsFunc(cw, l.IsListJoin) || !slices.ContainsFunc(closest, l.IsListJoin) {
		return false
	}
	for k, w := range cw {
		a, b := joinedAt(l, cw, k)
		if a == nil {
			continue
		}
		claimOr := l.IsOrWord(w)
		loosened, kept := false, false
		for part := range strings.SplitSeq(sentence, ";") {
			ws := closest // the sentence's words, read once, when it has one part
			if len(part) < len(sentence) {
				ws = normalisedWords(l, part)
			}
			for j, x := range ws {
				a2, b2 := joinedAt(l, ws, j)
				if a2 == nil || !(shareRoot(l, a, a2) && shareRoot(l, b, b2) || shareRoot(l, a, b2) && shareRoot(l, b, a2)) {
					continue
				}
				switch {
				case l.IsOrWord(x) == claimOr:
					kept = true
				case requiredAround(l, ws, j) || requiredAround(l, cw, k):
					loosened = true
				}
			}
		}
		if loosened && !kept {
			return true
		}
	}
	return false
}

// joinedAt is the content words a word of [list-joins] at ws[k] joins:
// the two closest before it (at most three words back) and the two first
// after it ("Personalausweis und eine aktuelle Meldebescheinigung"); nil
// when ws[k] is no join or either side has none.
func joinedAt(l *lang.Language, ws []string, k int) (a, b []string) {
	if !l.IsListJoin(ws[k]) {
		return nil, nil
	}
	b = contentAfter(l, ws, k, 2)
	for i := k - 1; i >= 0 && i >= k-3 && len(a) < 2; i-- {
		if contentWord(l, ws[i]) && !l.IsRestrictor(ws[i]) && !l.IsUniversal(ws[i]) {
			a = append(a, ws[i])
		}
	}
	if len(a) == 0 || len(b) == 0 {
		return nil, nil
	}
	return a, b
}

// shareRoot reports whether a word of xs and one of ys share their root.
func shareRoot(l *lang.Language, xs, ys []string) bool {
	return slices.ContainsFunc(xs, func(x string) bool {
		return slices.ContainsFunc(ys, func(y string) bool { return sameWordRoot(l, x, y) })
	})
}

// requiredAround reports whether a word of [requirement-words] is among
// the ten words before the join at ws[k] or the eight after it up to the
// next join: "you need a valid driving licence and a credit card", "een
// rijbewijs en een creditcard op naam van de bestuurder nodig", not "Visa
// and Mastercard, and you need ID to collect".
func requiredAround(l *lang.Language, ws []string, k int) bool {
	if slices.ContainsFunc(ws[max(0, k-10):k], l.IsRequirementWord) {
		return true
	}
	for i := k + 1; i < len(ws) && i <= k+8 && !l.IsListJoin(ws[i]); i++ {
		if l.IsRequirementWord(ws[i]) {
			return true
		}
	}
	return false
}
