package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// oneOfListed reports whether the claim gives what the chunk says of one
// name to two, joined by "and" ([list-joins], not [or-words]) or as a
// pair ([pair-joins]: "tanto … como", "sowohl … als auch"): "The Basic
// and Premium plans include group classes" against "The Basic plan … gives
// access to one club. The Premium plan … includes all clubs as well as
// group classes". A sentence of the chunk names each name without the
// other; one naming the second (or the first) holds every content word
// the claim says after the names (all but one), and every sentence naming
// the other holds fewer, none a word of them the first holds; no sentence
// names both. It returns the window of the first
// sentence naming the name left out, or -1.
func oneOfListed(l *lang.Language, c *claim, ev *evidence) int {
	if len(ev.windows) < 3 {
		return -1
	}
	if c.names == nil {
		c.names = claimNames(c)
	}
	names := *c.names
	if len(names) != 2 {
		return -1
	}
	said := saidOfListed(l, c, names)
	if len(said) < 2 {
		return -1
	}
	return saidOfOneOnly(ev, names, said)
}

// saidOfListed is the stems of what the claim says after its two names,
// where "and" joins them within a few words; nil otherwise.
func saidOfListed(l *lang.Language, c *claim, names []claimName) []uint64 {
	toks := tokensOf(c.plain)
	at := [2]int{-1, -1}
	for k, t := range toks {
		for j, n := range names {
			if at[j] < 0 && strings.TrimSuffix(t.lower, "-") == strings.TrimSuffix(n.lower, "-") {
				at[j] = k
			}
		}
	}
	if at[0] < 0 || at[1] <= at[0] || at[1]-at[0] > 4 {
		return nil
	}
	// "and" between the names, or the second word of a pair said as one
	// ("tanto el plan Básico como el Premium") whose first opens the run
	opens := slices.ContainsFunc(toks[max(0, at[0]-3):at[0]], func(o token) bool {
		return slices.ContainsFunc(toks[at[0]+1:at[1]], func(t token) bool { return l.PairJoins(o.lower, t.lower) })
	})
	if !opens && !slices.ContainsFunc(toks[at[0]+1:at[1]], func(t token) bool { return l.IsListJoin(t.lower) && !l.IsOrWord(t.lower) }) {
		return nil
	}
	var said []uint64
	for _, w := range stemsOf(c.tongue, c.plain) {
		if w.start > toks[at[1]].start+len(toks[at[1]].lower) && !slices.Contains(said, w.stem) {
			said = append(said, w.stem)
		}
	}
	return said
}

// saidOfOneOnly is oneOfListed's reading of the chunk's sentences: the
// window of the first sentence naming the name left out, or -1.
func saidOfOneOnly(ev *evidence, names []claimName, said []uint64) int {
	s := ev.sentences()
	// A name is its word before a hyphen: "Basic-" and "Basic-abonnement"
	// name one plan.
	naming := func(i int, n claimName) bool {
		key, _, _ := strings.Cut(n.lower, "-")
		return slices.ContainsFunc(s.tokens(i), func(t token) bool { w, _, _ := strings.Cut(t.lower, "-"); return w == key })
	}
	held := func(i int) int {
		n := 0
		for _, st := range said {
			if ev.windows[i].stems[0].has(st) {
				n++
			}
		}
		return n
	}
	most := func(is []int) int {
		m := 0
		for _, i := range is {
			m = max(m, held(i))
		}
		return m
	}
	of := [2][]int{} // per name, the sentences naming it alone
	for i, w := range ev.windows {
		if w.pair {
			continue
		}
		a, b := naming(i, names[0]), naming(i, names[1])
		switch {
		case a && b:
			return -1 // a sentence of both: what it says is the other checks'
		case a:
			of[0] = append(of[0], i)
		case b:
			of[1] = append(of[1], i)
		}
	}
	// All it says, or all but a word written in another form ("incluent"
	// of "inclut"), in a sentence of one name; fewer in every sentence of
	// the other, which none of holds a word of it the first holds ("group
	// classes").
	only := func(with, left []int) bool {
		for _, st := range said {
			inWith := slices.ContainsFunc(with, func(i int) bool { return ev.windows[i].stems[0].has(st) })
			if inWith && !slices.ContainsFunc(left, func(i int) bool { return ev.windows[i].stems[0].has(st) }) {
				return true
			}
		}
		return false
	}
	for k := range 2 {
		with, left := most(of[k]), of[1-k]
		if len(of[k]) > 0 && len(left) > 0 && with >= max(2, len(said)-1) && most(left) < with && only(of[k], left) {
			return left[0]
		}
	}
	return -1
}
