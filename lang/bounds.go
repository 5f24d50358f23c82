package lang

import "strings"

// Bound is what the words around a number say bounds it: "up to 50 %"
// is an upper bound, "from €9.99" a lower one, "within 5 days" a
// deadline, a bare "50 %" exact.
type Bound uint8

// The bounds a number can have. A range's ends ("3 to 5") are read by
// the caller from the numbers on either side of a range word.
const (
	Exact  Bound = iota
	Upper        // up to, at most, less than, under, bis zu, jusqu'à, hasta, tot
	Lower        // at least, from, more than, over, ab, à partir de, desde, vanaf
	Within       // within, innerhalb, binnen: a deadline, an upper bound a plain figure states too
	Over         // more than, over, mehr als, plus de, más de, meer dan: a lower bound people read a plain figure of
	Under        // less than, under, weniger als, moins de, menos de, minder dan: Over's upper bound
)

// boundWords are the tables of [bound-*]: phrases before and after a
// number, the words joining a range's ends, and the openers of a range
// with their own joiner ("between … and").
type boundWords struct {
	before  map[Bound][][]string
	after   map[Bound][][]string
	joins   map[string]bool
	between map[string][]string // opener -> its joiners
	// finalOpen, final: [bound-upper-final], a bound whose verb closes
	// the clause after the figure ("auf 1.000 € begrenzt").
	finalOpen, final map[string]bool
	// instead: [instead-of], lower-cased, each with a space before it.
	instead []string
	// change: [change-verbs], [change-from], [change-to], [change-by]
	changeVerbs, changeFrom, changeTo, changeBy map[string]bool
}

// readBounds reads [bound-upper], [bound-lower], [bound-over], [bound-under], [bound-within] (phrases
// written before a number), [bound-upper-after], [bound-lower-after]
// (after it), [bound-range] (words joining a range's ends) and
// [bound-between] ("between | and").
func (l *Language) readBounds(t, _ *table) error {
	l.bounds = boundWords{
		before: map[Bound][][]string{Upper: l.elisionsCut(phrasesOf(t.sections["bound-upper"])), Lower: l.elisionsCut(phrasesOf(t.sections["bound-lower"])),
			Within: l.elisionsCut(phrasesOf(t.sections["bound-within"])), Over: l.elisionsCut(phrasesOf(t.sections["bound-over"])),
			Under: l.elisionsCut(phrasesOf(t.sections["bound-under"]))},
		after: map[Bound][][]string{Upper: phrasesOf(t.sections["bound-upper-after"]), Lower: phrasesOf(t.sections["bound-lower-after"])},
		joins: set(t.words("bound-range")), between: map[string][]string{},
		finalOpen: map[string]bool{}, final: map[string]bool{},
		changeVerbs: set(t.words("change-verbs")), changeFrom: set(t.words("change-from")),
		changeTo: set(t.words("change-to")), changeBy: set(t.words("change-by")),
	}
	for _, line := range t.sections["bound-between"] {
		for _, pair := range strings.Split(strings.ToLower(line), ";") { // "tussen | en; van | tot"
			open, join, _ := strings.Cut(pair, "|")
			for _, o := range strings.Fields(open) {
				l.bounds.between[o] = strings.Fields(join)
			}
		}
	}
	for _, p := range phrasesOf(t.sections["instead-of"]) {
		l.bounds.instead = append(l.bounds.instead, " "+strings.Join(p, " "))
	}
	for _, line := range t.sections["bound-upper-final"] {
		open, final, _ := strings.Cut(strings.ToLower(line), "|") // "auf | begrenzt gedeckelt"
		for _, w := range strings.Fields(open) {
			l.bounds.finalOpen[w] = true
		}
		for _, w := range strings.Fields(final) {
			l.bounds.final[w] = true
		}
	}
	return nil
}

// elisionsCut is phrases, each followed by its form with every elided
// word cut as the checks' word lists cut it ("jusqu'à" read as "jusqu'"
// and "à"), so a bound is found in either.
func (l *Language) elisionsCut(phrases [][]string) [][]string {
	out := make([][]string, 0, len(phrases))
	for _, p := range phrases {
		out = append(out, p)
		var cut []string
		for _, w := range p {
			if rest := l.StripElision(w); rest != w {
				cut = append(cut, w[:len(w)-len(rest)], rest)
			} else {
				cut = append(cut, w)
			}
		}
		if len(cut) > len(p) {
			out = append(out, cut)
		}
	}
	return out
}

// BoundBefore is the bound the words written right before a number (the
// last one next to it) give it; the longest phrase wins ("no more than"
// over "more than"). Words are compared lowercased.
func (l *Language) BoundBefore(words []string) Bound {
	return longestPhrase(l.bounds.before, words, endsWithPhrase)
}

// BoundAfter is the bound the words written right after a number (the
// first one next to it) give it ("18 and over", "10 or fewer").
func (l *Language) BoundAfter(words []string) Bound {
	return longestPhrase(l.bounds.after, words, startsWithPhrase)
}

// OverUnderAt reports whether words open with a phrase of two words or
// more of [bound-over] or [bound-under] ("more than", "más de", "länger
// als"): after a denied verb it makes a limit, no denial ("no tarda más de
// 30 días"). One word ("over", "onder") is as often a preposition.
func (l *Language) OverUnderAt(words []string) bool {
	for _, b := range []Bound{Over, Under} {
		for _, p := range l.bounds.before[b] {
			if len(p) >= 2 && startsWithPhrase(words, [][]string{p}) {
				return true
			}
		}
	}
	return false
}

// BoundFinal is the bound a verb closing the clause gives the figure
// between it and an opener ([bound-upper-final]: "ist auf 150 € je
// Anmietung gedeckelt"): before are the words right before the figure,
// after those after it in its clause.
func (l *Language) BoundFinal(before, after []string) Bound {
	if len(before) == 0 || !l.bounds.finalOpen[before[len(before)-1]] {
		return Exact
	}
	for _, w := range after {
		if l.bounds.final[w] {
			return Upper
		}
	}
	return Exact
}

// InsteadBefore reports whether text, the text before a figure, ends
// with a phrase of [instead-of] ("30 % au lieu de 70 %"): the figure is
// what does not apply. A currency sign before the figure is passed over.
func (l *Language) InsteadBefore(text string) bool {
	if len(l.bounds.instead) == 0 {
		return false
	}
	text = strings.TrimRight(text, " \u00a0€$£")
	for _, p := range l.bounds.instead {
		if n := len(text) - len(p); n >= 0 && strings.EqualFold(text[n:], p) || n == -1 && strings.EqualFold(text, p[1:]) {
			return true
		}
	}
	return false
}

// IsChangeVerb reports whether the lower-cased word w says a value
// changes ([change-verbs]: "rises", "steigt", "passe").
func (l *Language) IsChangeVerb(w string) bool { return l.bounds.changeVerbs[w] }

// ChangeLink says what the lower-cased word w, between a verb of
// [change-verbs] and a figure, makes of the figure: 'f' where it starts
// ([change-from]: "from"), 't' where it ends ([change-to]: "to"), 'b'
// what it changes by ([change-by]: "by"); 'f' before 'b' where a word is
// both (French "de"). 0 for any other word.
func (l *Language) ChangeLink(w string) byte {
	switch {
	case l.bounds.changeFrom[w]:
		return 'f'
	case l.bounds.changeTo[w]:
		return 't'
	case l.bounds.changeBy[w]:
		return 'b'
	}
	return 0
}

// IsChangeBy reports whether the lower-cased word w may say what a value
// changes by ([change-by]).
func (l *Language) IsChangeBy(w string) bool { return l.bounds.changeBy[w] }

// JoinsRange reports whether w, between two numbers, makes them the ends
// of a range ("3 to 5", "3 bis 5", "de 3 à 5").
func (l *Language) JoinsRange(w string) bool { v, _ := lookup(l.bounds.joins, w); return v }

// OpensRange reports whether opener, before a number, and join, after
// it, make it and the next number a range ("between 3 and 5").
func (l *Language) OpensRange(opener, join string) bool {
	js, _ := lookup(l.bounds.between, opener)
	for _, j := range js {
		if lowerIs(join, j) {
			return true
		}
	}
	return false
}

func longestPhrase(by map[Bound][][]string, words []string, match func([]string, [][]string) bool) Bound {
	best, n := Exact, 0
	for _, b := range []Bound{Upper, Lower, Within, Over, Under} {
		for _, p := range by[b] {
			if len(p) > n && match(words, [][]string{p}) {
				best, n = b, len(p)
			}
		}
	}
	return best
}

// startsWithPhrase reports whether words start with one of phrases.
func startsWithPhrase(words []string, phrases [][]string) bool {
	for _, p := range phrases {
		if len(p) > len(words) {
			continue
		}
		ok := true
		for k, w := range words[:len(p)] {
			if !lowerIs(w, p[k]) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
