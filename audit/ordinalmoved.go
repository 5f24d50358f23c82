package audit

import (
	"slices"

	"github.com/ragaudit/ragaudit/lang"
)

// maxOrdinalReach is how many words an ordinal of the claim may stand
// from its amount ("Die erste Mahnung kostet 7,50 €": three).
const maxOrdinalReach = 5

// ordinalMoved returns the first amount of the claim that the chunk
// states only in sentences that give it to another of a series by its
// ordinal ("The first reminder costs €7.50" against "The first reminder
// is free. The second reminder costs €7.50"), with the window of the
// first such sentence; "" and -1 when there is none. The claim's
// ordinal stands within maxOrdinalReach words of the amount; every
// sentence stating the amount names an ordinal and none the claim's.
func ordinalMoved(l *lang.Language, c *claim, ev *evidence) (string, int) {
	cw := claimWords(c, l)
	var own []int
	var at []int // where each of own is in cw
	for k, w := range cw {
		if n, ok := l.Ordinal(w); ok {
			own, at = append(own, n), append(at, k)
		}
	}
	if len(own) == 0 || len(ev.windows) < 2 {
		return "", -1
	}
	s := ev.sentences()
	for _, q := range c.quantities {
		if q.Weak || q.Kind != "money" && q.Kind != "percent" && (q.Kind != "number" || q.Unit == "") {
			continue
		}
		// The ordinal is of the amount's subject only close by: not "the
		// first standardized futures contracts …, generating 20 %".
		m := len(normalisedWords(l, c.plain[:min(q.Start, len(c.plain))]))
		if !slices.ContainsFunc(at, func(k int) bool { return max(k-m, m-k) <= maxOrdinalReach }) {
			continue
		}
		rival := -1
		for i, w := range ev.windows {
			if w.pair || !s.stated(i).index.supports(q) {
				continue
			}
			var theirs []int
			for _, x := range s.wordsAt(i) {
				if n, ok := l.Ordinal(x); ok {
					theirs = append(theirs, n)
				}
			}
			if len(theirs) == 0 || slices.ContainsFunc(theirs, func(n int) bool { return slices.Contains(own, n) }) {
				rival = -1
				break
			}
			if rival < 0 {
				rival = i
			}
		}
		if rival >= 0 {
			return q.Raw, rival
		}
	}
	return "", -1
}
