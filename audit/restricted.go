package audit

import "github.com/ragaudit/ragaudit/lang"

// listNarrowed reports whether the claim limits with a word of
// [restrictors] ("only", "nur", "alleen", "seulement", "solo") a list
// that closest, the normalised words of the window's sentence it
// follows, gives longer and without one: "We only accept Visa and
// Mastercard" against "We accept Visa, Mastercard and PayPal" denies
// PayPal. Every other content word of the claim is the sentence's, and
// the sentence's words the claim lacks, one or two, stand by a word of
// [list-joins]: they are the items left out.
func listNarrowed(l *lang.Language, cw, closest []string) bool {
	restricted := false
	for _, w := range cw {
		restricted = restricted || l.IsRestrictor(w)
	}
	if !restricted {
		return false
	}
	in := func(w string, ws []string) bool {
		st := l.Stem(w)
		for _, x := range ws {
			if x == w || l.Stem(x) == st {
				return true
			}
		}
		return false
	}
	for _, w := range cw {
		if !l.IsStopword(w) && !l.IsRestrictor(w) && !startsWithDigitOrSign(w) && !in(w, closest) {
			return false // the claim says more than the sentence
		}
	}
	left := 0
	for k, w := range closest {
		if l.IsRestrictor(w) {
			return false
		}
		if l.IsStopword(w) || in(w, cw) {
			continue
		}
		if !byListJoin(l, closest, k) {
			return false
		}
		left++
	}
	return left > 0 && left <= 2
}

// byListJoin reports whether a word of [list-joins] stands within two
// words of ws[k].
func byListJoin(l *lang.Language, ws []string, k int) bool {
	for n := max(k-2, 0); n < len(ws) && n <= k+2; n++ {
		if n != k && l.IsListJoin(ws[n]) {
			return true
		}
	}
	return false
}
