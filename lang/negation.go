package lang

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// negation is a language's table of negation cues.
type negation struct {
	cues         map[string][]cue // by first word
	suffixes     []string         // "n't": a word ending so is a cue
	cancelAfter  map[string]bool  // "not only": a cue before it negates nothing
	cancelBefore map[string]bool  // "or not": a cue after it negates nothing
	// "o no" ("quieras o no", "uses o no la tarjeta"): a cue after it that
	// ends its clause or comes before a determiner negates nothing; "o no
	// se presenta" still denies
	cancelBeforeEnd map[string]bool
	hedge           map[string]bool // "i'm not sure": a word before the cue
	hedgeAfter      map[string]bool // "no estoy seguro": the word after the cue
	answerNo        map[string]bool // "no", "nein", "non"
	answerAfter     map[string]bool // "no i have not": words after it
	double          map[string]bool // "without": another cue of its clause cancels it
	adverbs         map[string]bool // "très": passed over after a cue ("pas très populaire")
	adverbEnds      []string        // "ment": adverbs passed over between "ne" and its cue
}

// cue is a negation cue of one or more words; with partners, it negates
// only after one of them ("ne … plus", "n'… personne").
type cue struct {
	words    []string
	partners []string
}

// partnerReach is how many words before a cue its partner may stand:
// "ne" comes before the verb and its clitics ("il ne nous en reste plus").
const partnerReach = 5

// readNegation reads [negation], [negation-cancel], [negation-double],
// [hedge], [hedge-after], [answer-no] and [answer-after-no].
func (l *Language) readNegation(t *table) error {
	n := negation{cues: map[string][]cue{}, cancelAfter: map[string]bool{}, cancelBefore: map[string]bool{}, cancelBeforeEnd: map[string]bool{}, adverbs: map[string]bool{},
		hedge: set(t.words("hedge")), hedgeAfter: set(t.words("hedge-after")),
		answerNo: set(t.words("answer-no")), answerAfter: set(t.words("answer-after-no")),
		double: set(t.words("negation-double"))}
	for _, w := range t.words("negation-adverbs") {
		if end, ok := strings.CutPrefix(w, "-"); ok {
			n.adverbEnds = append(n.adverbEnds, end)
		} else {
			n.adverbs[w] = true
		}
	}
	for _, line := range t.sections["negation"] {
		words, partners, _ := strings.Cut(strings.ToLower(line), "|")
		c := cue{words: strings.Fields(words), partners: strings.Fields(partners)}
		if len(c.words) == 1 && strings.HasPrefix(c.words[0], "*") {
			n.suffixes = append(n.suffixes, c.words[0][1:])
			continue
		}
		n.cues[c.words[0]] = append(n.cues[c.words[0]], c)
	}
	for _, line := range t.sections["negation-cancel"] {
		switch f := strings.Fields(strings.ToLower(line)); {
		case len(f) >= 2 && len(f) <= 1+maxCancelWords && f[0] == "*":
			n.cancelAfter[strings.Join(f[1:], " ")] = true
		case len(f) == 2 && f[1] == "*":
			n.cancelBefore[f[0]] = true
		case len(f) == 2 && f[1] == "*.":
			n.cancelBeforeEnd[f[0]] = true
		default:
			return fmt.Errorf("data/%s.txt: [negation-cancel]: want \"* word\" (up to %d words) or \"word *\", got %q", l.Code, maxCancelWords, line)
		}
	}
	if len(n.cues) == 0 {
		return fmt.Errorf("data/%s.txt: no [negation]", l.Code)
	}
	for w := range n.double {
		if _, ok := n.cues[w]; !ok {
			return fmt.Errorf("data/%s.txt: [negation-double] %q is no cue of [negation]", l.Code, w)
		}
	}
	l.neg = n
	return nil
}

// NegationAt returns how many words of words, from words[i], make a
// negation cue: 1 for "not", "nicht", "geen", "jamais", "nunca" or a word
// in "n't"; more for "rather than", "in plaats van", "en lugar de" and
// for "no longer", "nicht mehr", "niet langer" (whose second word is not
// what they negate); 0 for no cue. A cue that needs a partner negates only after it ("plus" and
// "personne" after "ne"/"n'", or before it when they open the clause:
// "personne ne répond"); a cue before "only" ("not only", "nicht
// nur", "non seulement", "no solo") or after "or" ("whether or not")
// negates nothing. words are one clause's normalised words, as Normalize
// gives them (elided forms such as "n'a" kept whole or split).
func (l *Language) NegationAt(words []string, i int) int {
	w := apostrophes(words[i])
	n, unless := 0, false
	for _, c := range l.neg.cues[w] {
		if len(c.words) > n && l.matches(words, i, c) {
			n, unless = len(c.words), l.unlessCues[strings.Join(c.words, " ")]
		}
	}
	if n == 0 {
		for _, s := range l.neg.suffixes {
			if strings.HasSuffix(w, apostrophes(s)) {
				n = 1
			}
		}
	}
	// A cue of more words is cancelled by a phrase after its first word
	// too: "nicht mehr als drei" is a limit, though "nicht mehr" is a cue.
	// "Unless" is no limit: "à moins que" is not "ne … que" (only).
	if n == 0 || !unless && (l.cancelledAfter(words[i+n:]) || n > 1 && l.cancelledAfter(words[i+1:])) ||
		i > 0 && (l.neg.cancelBefore[words[i-1]] || l.neg.cancelBeforeEnd[words[i-1]] && (i+n == len(words) || l.determiners[words[i+n]])) {
		return 0
	}
	return n
}

// maxCancelWords is the longest phrase after a cue that cancels it ("niet
// meer dan", "nicht länger als": a limit, not a denial).
const maxCancelWords = 2

// cancelledAfter reports whether the words after a cue begin with a
// phrase of [negation-cancel].
func (l *Language) cancelledAfter(after []string) bool {
	var buf [64]byte // the phrase, built without allocating
	phrase := buf[:0]
	for k := 0; k < len(after) && k < maxCancelWords; k++ {
		if k > 0 {
			phrase = append(phrase, ' ')
		}
		phrase = append(phrase, after[k]...)
		if l.neg.cancelAfter[string(phrase)] {
			return true
		}
	}
	return false
}

// matches reports whether cue c stands at words[i], with its partner
// before it when it needs one.
func (l *Language) matches(words []string, i int, c cue) bool {
	if i+len(c.words) > len(words) {
		return false
	}
	for k, cw := range c.words {
		if apostrophes(words[i+k]) != cw {
			return false
		}
	}
	if len(c.partners) == 0 {
		return true
	}
	for k := max(0, i-partnerReach); k < i; k++ {
		if hasWordOrPrefix(c.partners, apostrophes(words[k])) {
			return true
		}
	}
	// "Personne ne répond": the partner right after a cue that opens the clause.
	j := i + len(c.words)
	return i == 0 && j < len(words) && hasWordOrPrefix(c.partners, apostrophes(words[j]))
}

// IsNegationWord reports whether w alone may be (part of) a negation cue
// (a stopword only where it is a cue alone):
// the audit passes over such words when it looks for the word a cue
// negates ("not never", "ne … pas").
func (l *Language) IsNegationWord(w string) bool {
	w = apostrophes(w)
	for _, c := range l.neg.cues[w] {
		// The first word of a phrase ("in" of "in the absence of", "es"
		// of "es sei denn") is a cue only with the rest: a stopword alone
		// is none.
		if len(c.words) == 1 || !l.IsStopword(w) {
			return true
		}
	}
	for _, cs := range l.neg.cues {
		for _, c := range cs {
			if hasWordOrPrefix(c.partners, w) {
				return true
			}
		}
	}
	for _, s := range l.neg.suffixes {
		if strings.HasSuffix(w, apostrophes(s)) {
			return true
		}
	}
	return false
}

// IsNegationAdverb reports whether w is an adverb of degree that stands
// between a cue and the word it negates ("pas très populaire", "nicht
// sehr"), which the audit passes over as it passes over English "-ly"
// adverbs; with verb, also an adverb by its ending ("-ment"), as it may
// stand between "ne" and its cue after the verb ("n'est probablement
// pas"), where no noun stands.
func (l *Language) IsNegationAdverb(w string, verb bool) bool {
	if l.neg.adverbs[w] {
		return true
	}
	if verb {
		for _, e := range l.neg.adverbEnds {
			if strings.HasSuffix(w, e) && utf8.RuneCountInString(w)-utf8.RuneCountInString(e) >= 3 {
				return true
			}
		}
	}
	return false
}

// IsDoubleNegation reports whether the cue w and another cue of its
// clause cancel each other ("does not work without", "werkt niet
// zonder", "nicht ohne", "ne … pas sans", "no … sin"): together they
// affirm ("it works only with one").
func (l *Language) IsDoubleNegation(w string) bool { return l.neg.double[apostrophes(w)] }

// IsHedge reports whether the cue between before and after is the
// speaker's hedge, not a claim: a first-person word among the last three
// before it ("i'm not sure", "ich bin nicht sicher", "je ne sais pas"), or
// a word right after it that makes one where the pronoun is dropped ("no
// estoy seguro", "no sé").
func (l *Language) IsHedge(before, after []string) bool {
	for k := max(0, len(before)-3); k < len(before); k++ {
		for h := range l.neg.hedge {
			if w := apostrophes(before[k]); w == h || strings.HasSuffix(h, "'") && strings.HasPrefix(w, h) {
				return true
			}
		}
	}
	return len(after) > 0 && l.neg.hedgeAfter[after[0]]
}

// IsAnswerNo reports whether w is the word that answers a question no
// ("no", "nein", "nee", "non"): an answer that opens with it and a comma
// or full stop negates nothing of its claim.
func (l *Language) IsAnswerNo(w string) bool { return l.neg.answerNo[w] }

// AnswersNo reports whether words open with an answering "no" followed
// by a word that makes it one ("no i have not, but …"), not a cue.
func (l *Language) AnswersNo(words []string) bool {
	return len(words) > 1 && l.neg.answerNo[words[0]] && l.neg.answerAfter[apostrophes(words[1])]
}

// hasWordOrPrefix reports whether w is one of ws, or starts with one of
// them that ends in an apostrophe ("n'a" for "n'").
func hasWordOrPrefix(ws []string, w string) bool {
	for _, p := range ws {
		if w == p || strings.HasSuffix(p, "'") && strings.HasPrefix(w, p) {
			return true
		}
	}
	return false
}

// apostrophes writes "’" as "'".
func apostrophes(w string) string {
	if strings.Contains(w, "’") {
		return strings.ReplaceAll(w, "’", "'")
	}
	return w
}
