package lang

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readComplements reads [complement-words], [universal-denials],
// [scale-ends] and [degree-down]: the words by which a sentence says the
// other half of what its passage says in other words than a cue or an
// opposite ("non members", "hors UE"; "nobody" against "every customer";
// "the most expensive" against "the cheapest").
func (l *Language) readComplements(t, _ *table) error {
	l.complements = l.readPhraseList(t, "complement-words")
	l.denialsOfAll = l.readPhraseList(t, "universal-denials")
	l.degreeDown = set(l.withNormalized(t.words("degree-down")))
	l.scaleWords = map[string]scaleEnd{}
	for n, line := range t.sections["scale-ends"] {
		ends := strings.Split(strings.ToLower(line), "|")
		if len(ends) != 2 {
			return fmt.Errorf("[scale-ends] %q: want two ends separated by |", line)
		}
		for e, forms := range ends {
			for _, w := range l.withNormalized(strings.Fields(forms)) {
				if x, dup := l.scaleWords[w]; dup && x != (scaleEnd{n, e}) {
					return fmt.Errorf("[scale-ends] %q: %q is on another scale or end", line, w)
				}
				l.scaleWords[w] = scaleEnd{n, e}
			}
		}
	}
	l.rivals = rivalsOf(l.opposites)
	return nil
}

// rivalsOf lists, for each word of [opposites], the words of the other
// members of its groups, sorted: what a text must hold for the word to
// be opposed in it.
func rivalsOf(opp map[string][]opposite) map[string][]string {
	type place struct{ group, member int }
	words := map[place][]string{}
	for w, os := range opp {
		for _, o := range os {
			words[place{o.group, o.member}] = append(words[place{o.group, o.member}], w)
		}
	}
	out := map[string][]string{}
	for w, os := range opp {
		for p, ws := range words {
			if slices.ContainsFunc(os, func(o opposite) bool { return o.group == p.group && o.member != p.member }) {
				out[w] = append(out[w], ws...)
			}
		}
		slices.Sort(out[w])
	}
	return out
}

// MayBeOpposed reports whether text may say another member of a group
// of [opposites] that the normalised word w is in: it holds one of them
// as a word (a byte test, before text is split into words).
func (l *Language) MayBeOpposed(w, text string) bool {
	return holdsWordFold(text, l.rivals[w])
}

// scaleEnd places a word of [scale-ends]: its line and its end (0 or 1).
type scaleEnd struct{ scale, end int }

// ComplementAt returns how many words a phrase of [complement-words]
// takes at words[i] (normalised words), 0 for none: written apart before
// a group's word, it names the group's complement: "non" ("non
// members"), "outside", "hors", "außerhalb", "buiten", "fuera de".
func (l *Language) ComplementAt(words []string, i int) int { return l.complements.at(words, i) }

// MayDenyAll reports whether text may hold a phrase of
// [universal-denials]; a text without one need not be split into words.
func (l *Language) MayDenyAll(text string) bool { return holdsWordFold(text, l.denialsOfAll.cues.all) }

// DenialOfAllAt returns how many words a phrase of [universal-denials]
// takes at words[i] (normalised words), 0 for none: "nobody", "no one",
// "kein einziger", "geen enkele", "personne", "nadie".
func (l *Language) DenialOfAllAt(words []string, i int) int { return l.denialsOfAll.at(words, i) }

// HoldsDenialOfAll reports whether the normalised words hold a phrase
// of [universal-denials] anywhere.
func (l *Language) HoldsDenialOfAll(words []string) bool { return l.denialsOfAll.in(words) }

// ScaleAt reports the scale of [scale-ends] that words[i] is on and the end
// it says, turned by a word of [degree-down] right before it: "least
// expensive" and "moins cher" say the cheap end. ok is false for a word
// on no scale.
func (l *Language) ScaleAt(words []string, i int) (scale, end int, ok bool) {
	x, ok := l.scaleWords[words[i]]
	if !ok {
		return 0, 0, false
	}
	if i > 0 && l.degreeDown[words[i-1]] {
		x.end = 1 - x.end
	}
	return x.scale, x.end, true
}

// OnScale reports whether the normalised word w is on a scale of
// [scale-ends]: a sentence without one need not be compared for its ends.
func (l *Language) OnScale(w string) bool {
	_, ok := l.scaleWords[w]
	return ok
}

// MayHoldUniversal reports whether text may hold a word of [universals]
// ("all", "jeder", "tous"): a byte test, before splitting text into words.
func (l *Language) MayHoldUniversal(text string) bool {
	for w := range l.universals {
		if holdsWordFold(text, []string{w}) {
			return true
		}
	}
	return false
}

// HoldsWord reports whether text holds the lower-case word w as a word of
// its own, in any case: a byte test before text is split into words.
func HoldsWord(text, w string) bool { return w != "" && holdsWordFold(text, []string{w}) }

// holdsWordFold reports whether text holds one of the lower-case words
// as a word of its own, in any case: "all" in "All plans", not in
// "install".
func holdsWordFold(text string, words []string) bool {
	for _, w := range words {
		for from := 0; from+len(w) <= len(text); {
			i := indexFold(text[from:], w)
			if i < 0 {
				break
			}
			at := from + i
			if !letterBefore(text, at) && !letterAt(text, at+len(w)) {
				return true
			}
			from = at + 1
		}
	}
	return false
}

// indexFold is the first byte position in s of the lower-case sub in any
// case, or -1.
func indexFold(s, sub string) int {
	first := sub[0]
	for i := 0; i+len(sub) <= len(s); i++ {
		if b := s[i]; b != first && (b >= utf8.RuneSelf || b|0x20 != first) {
			continue
		}
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

func letterBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return i > 0 && unicode.IsLetter(r)
}

func letterAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return i < len(s) && unicode.IsLetter(r)
}
