package audit

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

var negationWords = map[string]bool{
	"not": true, "no": true, "never": true, "without": true, "none": true, "nor": true, "neither": true,
	"cannot": true, "nothing": true, "nobody": true, "nowhere": true, "unless": true,
	"exclude": true, "excludes": true, "excluded": true,
}

func isNegation(w string) bool {
	return negationWords[w] || strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t")
}

// firstPerson are the words that make a negation a hedge about the
// speaker ("i'm not sure but …", "i've never heard of him but …"), not a
// claim; "we" and "you" stay claims ("we do not ship to Canada").
var firstPerson = map[string]bool{"i": true, "i'm": true, "im": true, "i've": true, "ive": true, "i'd": true, "i’m": true, "i’ve": true}

// answerWords after a leading "no" make it an answer to the question ("no
// i have not, but …"), which negates nothing of the claim.
var answerWords = map[string]bool{"i": true, "i'm": true, "we": true, "you": true, "it": true, "sorry": true, "thank": true, "but": true}

// negatedAbout reports whether text negates something about the given
// stems: a negation cue whose negated word (the first content word after
// it, adverbs in -ly passed over) has a stem of them, or that negates its
// own clause ("…is not.") about them. "Rather than" and "instead of"
// negate what follows them. Not negations: a leading "No," that answers
// the question, a hedge in the first person ("i'm not sure but …"),
// "whether or not", and "not only" or "not just", which add rather than
// deny.
func negatedAbout(text string, about func(stem string) bool) bool {
	text = strings.TrimLeft(text, " \"'*")
	if !mayHaveEnglishCue(text) {
		return false // most sentences: no clause need be read
	}
	if len(text) > 3 && (strings.EqualFold(text[:3], "no,") || strings.EqualFold(text[:3], "no.")) {
		text = text[3:]
	} else if ws := nounphrase.Words(text); len(ws) > 1 && ws[0] == "no" && answerWords[ws[1]] {
		text = text[strings.Index(strings.ToLower(text), "no")+2:]
	}
	for _, clause := range punctClauses(text) {
		words := nounphrase.Words(clause)
		cueAt := func(i int) int {
			if englishCue(words, i) && !deniesFigure(words, i+englishCueWidth(words, i)) {
				return 1
			}
			return 0
		}
		paired := pairedCues(words, cueAt, englishDouble)
		for i := range words {
			if !englishCue(words, i) || paired[i] || englishLimitAfter(words, i+englishCueWidth(words, i)) {
				continue
			}
			if negated, found := negatedWord(words[i+englishCueWidth(words, i):]); found {
				if about(nounphrase.StemWord(negated)) {
					return true
				}
				if l, ok := lang.Get("en"); ok && costObjectAbout(l, words[i:], negated, nounphrase.StemWord, about) {
					return true
				}
				continue
			}
			// "… is not.": the clause's own subject is denied, which is
			// the other text's only when all its words are ("the basic
			// Kindle is not" denies nothing of "the Kindle Paperwhite").
			if allAbout(words[:i], func(x string) bool { return !nounphrase.IsStopword(x) },
				func(x string) bool { return about(nounphrase.StemWord(x)) }) {
				return true
			}
		}
	}
	return false
}

// mayHaveEnglishCue reports whether a word of text could start an
// English cue (englishCue), read without splitting it into clauses or
// building word lists. Clause breaks (".,;:!?()") are no word runes, so
// the words of text's clauses are its words; the answering "No" that
// negatedAbout cuts off leaves no new word that is a cue.
func mayHaveEnglishCue(text string) bool {
	found := false
	nounphrase.RawWordsWhile(text, func(raw string, _ int) bool {
		w := nounphrase.Normalize(raw)
		found = isNegation(w) || w == "rather" || w == "instead"
		return !found
	})
	return found
}

// englishCue reports whether words[i] is a negation cue that negates: not
// the speaker's hedge, not "or not", not "not only".
func englishCue(words []string, i int) bool {
	w := words[i]
	cue := isNegation(w) ||
		i+1 < len(words) && (w == "rather" && words[i+1] == "than" || w == "instead" && words[i+1] == "of")
	return cue && !hedge(words[:i]) && (i == 0 || words[i-1] != "or") &&
		(i+1 >= len(words) || words[i+1] != "only" && words[i+1] != "just" && words[i+1] != "merely")
}

// englishCueWidth is how many words the cue at words[i] spans: more than
// one for a cue of en.txt's [negation] such as "no longer", whose second
// word is not what it negates ("no longer available" negates
// "available"); "no longer than two years" is a limit, one word wide.
func englishCueWidth(words []string, i int) int {
	if l, ok := lang.Get("en"); ok {
		if n := l.NegationAt(words, i); n > 1 {
			return n
		}
	}
	return 1
}

// englishDouble is IsDoubleNegation of English's tables ("without").
func englishDouble(w string) bool {
	l, ok := lang.Get("en")
	return ok && l.IsDoubleNegation(w)
}

// pairedCues returns the positions of the cues of one clause's words that
// cancel in pairs: a cue of [negation-double] ("without", "zonder",
// "ohne", "sans", "sin") and the nearest other cue before it, or else
// after it. "The app does not work without a connection" affirms that it
// works with one, as "Ohne Kassenbon ist keine Rückgabe möglich" affirms
// that a return needs one; neither cue then negates anything. A cue right
// after the double one agrees with it ("sin ningún recargo"): the double
// one denies, the other is in the map and negates nothing.
func pairedCues(words []string, cueAt func(i int) int, double func(string) bool) map[int]bool {
	var cues []int
	for i := 0; i < len(words); i++ {
		if n := cueAt(i); n > 0 {
			cues = append(cues, i)
			i += n - 1
		}
	}
	var paired map[int]bool
	free := func(k int) bool { return !double(words[cues[k]]) && !paired[cues[k]] }
	for k, c := range cues {
		if !double(words[c]) {
			continue
		}
		if k+1 < len(cues) && cues[k+1] == c+1 && !double(words[c+1]) {
			// "sin ningún recargo", "sans aucun frais": the cue right after
			// agrees with it, one denial; it negates nothing of its own.
			if paired == nil {
				paired = map[int]bool{}
			}
			paired[c+1] = true
			continue
		}
		partner := -1
		for j := k - 1; j >= 0 && partner < 0; j-- {
			if free(j) {
				partner = cues[j]
			}
		}
		for j := k + 1; j < len(cues) && partner < 0; j++ {
			if free(j) {
				partner = cues[j]
			}
		}
		if partner >= 0 {
			if paired == nil {
				paired = map[int]bool{}
			}
			paired[c], paired[partner] = true, true
		}
	}
	return paired
}

// negatedWord is the first content word of words, adverbs in -ly passed
// over ("does not actually fix" negates "fix").
func negatedWord(words []string) (string, bool) {
	for _, x := range words {
		if nounphrase.IsStopword(x) || isNegation(x) || x == "than" || x == "of" {
			continue
		}
		if strings.HasSuffix(x, "ly") && len(x) > 4 {
			continue
		}
		return x, true
	}
	return "", false
}

// hedge reports whether the words before a negation cue, in its clause,
// make it the speaker's hedge: a first-person pronoun among the last three.
func hedge(before []string) bool {
	for k := max(0, len(before)-3); k < len(before); k++ {
		if firstPerson[before[k]] {
			return true
		}
	}
	return false
}

// negatedAboutIn is negatedAbout in a language with tables (t.l): its
// cues (with their partners: "ne … pas"), hedges and answering "no",
// its stopwords and stems. The negated word is found as in English: the
// first content word after the cue, or, when none follows, a content
// word before it ("Wir teilen Ihre Daten nicht.": verb-final negation
// negates the clause), so Dutch and German negation placed after the verb
// ("Wij delen uw gegevens niet met …") negates what follows it.
func negatedAboutIn(l *lang.Language, text string, about func(stem string) bool) bool {
	for _, clause := range punctClauses(l.JoinedUnless(text)) {
		words := normalisedWords(l, clause)
		if l.AnswersNo(words) {
			words = words[1:]
		}
		cueAt := func(i int) int { return cueIn(l, words, i) }
		paired := pairedCues(words, func(i int) int {
			if n := cueAt(i); !deniesFigure(words, i+n) {
				return n
			}
			return 0
		}, l.IsDoubleNegation)
		for i := 0; i < len(words); i++ {
			n := cueAt(i)
			if n == 0 || paired[i] || absenceSaid(l, words[i:i+n], about) || limitAfter(l, words, i+n) || i > 0 && cueAt(i-1) > 0 && figureWithin(words, i, 4) && l.OverUnderAt(words[i:]) {
				continue
			}
			// "ne … pas / jamais" negates the verb between the partner
			// and the cue ("ne transmettons jamais vos données") with
			// what follows the cue ("ne se soucient pas de minimiser"):
			// either may be the word the other text shares.
			if p := partnerBefore(l, words, i); p >= 0 {
				if negated, found := negatedWordIn(l, words[p+1:i], true); found && about(l.Stem(negated)) {
					return true
				}
			}
			if negated, found := negatedWordIn(l, words[i+n:], false); found {
				if about(l.Stem(negated)) || costObjectAbout(l, words[i:], negated, l.Stem, about) {
					return true
				}
				continue
			}
			if allAbout(words[:i], func(x string) bool { return !l.IsStopword(x) && !l.IsNegationWord(x) && !strings.HasSuffix(x, "'") },
				func(x string) bool { return about(l.Stem(x)) }) {
				return true
			}
		}
	}
	return false
}

// deniesFigure reports whether the words from after, right after a
// negation cue, open with a figure, after at most one short word ("au
// lieu de 70 %", "instead of 70%", "et non à 70 %"): the cue denies that
// figure, and cancels no "without" of its clause ("sans orientation … à
// 30 % au lieu de 70 %" still says "sans").
func deniesFigure(words []string, after int) bool {
	for k := after; k < len(words) && k <= after+1; k++ {
		if w := words[k]; w != "" && isDigit(w[0]) {
			return true
		} else if len(w) > 3 {
			return false
		}
	}
	return false
}

// costObjectAbout reports whether the negated word, a verb of charging
// the other text does not say ("does not charge", "no cobra"), is
// followed by a content word the other text is about: a charge denied
// denies its fee ("does not charge a maintenance fee" against "a
// maintenance fee of €4"). Only the next content word counts ("does not
// charge a fee for transfers" is about a fee, which "Transfers are free"
// does not name).
func costObjectAbout(l *lang.Language, words []string, negated string, stem func(string) string, about func(string) bool) bool {
	if !l.IsCostWord(negated) {
		return false
	}
	k := slices.Index(words, negated)
	if k < 0 {
		return false
	}
	for _, x := range words[k+1:] {
		if l.IsStopword(x) || l.IsNegationWord(x) || strings.HasSuffix(x, "'") {
			continue
		}
		return about(stem(x))
	}
	return false
}

// cueIn is NegationAt of l, 0 for the speaker's hedge.
func cueIn(l *lang.Language, words []string, i int) int {
	n := l.NegationAt(words, i)
	if n == 0 || l.IsHedge(words[:i], words[i+n:]) {
		return 0
	}
	return n
}

// normalisedWords are the words of text as l normalises them, an elided
// article split off ("n'est" keeps "n'" for the cue's partner).
func normalisedWords(l *lang.Language, text string) []string {
	out := make([]string, 0, len(text)/5+4) // a word and its space take five bytes or more
	for f := range strings.FieldsFuncSeq(text, wordBreak) {
		raw := strings.ToLower(trimToWord(f))
		if raw == "" {
			continue
		}
		if w := l.StripElision(raw); w != raw {
			out = append(out, raw[:len(raw)-len(w)], l.Normalize(w))
			continue
		}
		if w := l.Normalize(raw); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// wordBreak reports whether r separates words: a space, or a dash
// between two words ("France–declaring war"); a hyphen joins ("Non-EU").
func wordBreak(r rune) bool { return unicode.IsSpace(r) || r == '–' || r == '—' }

// trimToWord trims what is no letter, digit or apostrophe from both ends
// of f; an ASCII field, the common case, byte by byte.
func trimToWord(f string) string {
	for i := 0; i < len(f); i++ {
		if f[i] >= utf8.RuneSelf {
			return strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' })
		}
	}
	keep := func(b byte) bool { return isLetter(b) || isDigit(b) || b == '\'' }
	a, b := 0, len(f)
	for a < b && !keep(f[a]) {
		a++
	}
	for b > a && !keep(f[b-1]) {
		b--
	}
	return f[a:b]
}

// negatedWordIn is the first content word of words in l: no stopword,
// negation word, elided article ("l'") or adverb of degree ("très"); of
// the words between "ne" and its cue (verb), no adverb by its ending
// either ("n'est probablement pas").
func negatedWordIn(l *lang.Language, words []string, verb bool) (string, bool) {
	for _, x := range words {
		if l.IsStopword(x) || l.IsNegationWord(x) || strings.HasSuffix(x, "'") || strings.HasSuffix(x, "’") || l.IsNegationAdverb(x, verb) || l.IsPerWord(x) || l.IsContrastWord(x) {
			continue // "nicht pro Buchung" denies "Buchung", not "pro"; "nicht jedoch telefonisch" "telefonisch"
		}
		return x, true
	}
	return "", false
}

// opposes reports whether the claim says a word of [opposites] that the
// window does not, where the window says another member of its group the
// claim does not, of the same thing (the two share a word beside them):
// "nach 14 Uhr" against "vor 14 Uhr", "inclusief btw" against "exclusief
// btw", "op maandag gesloten" against "op dinsdag gesloten" — but not
// "after realizing" against "before the Russians could"; or a word that
// the other says with a negating prefix ("refundable" against
// "non-refundable"). A pair of which one side is negated ("not
// available" against "unavailable") says the same.
func opposes(l *lang.Language, cw, ww []string) bool {
	return opposesNear(l, cw, ww, shareNeighbour)
}

// opposesNear is opposes with near telling whether cw[i] and ww[j] are
// said of the same thing.
func opposesNear(l *lang.Language, cw, ww []string, near func(l *lang.Language, a []string, i int, b []string, j int) bool) bool {
	// A hyphenated word may negate a short one ("non-eu" of "eu").
	hyphens := slices.ContainsFunc(cw, func(w string) bool { return strings.Contains(w, "-") }) ||
		slices.ContainsFunc(ww, func(w string) bool { return strings.Contains(w, "-") })
	hyphenOf := func(x string, ws []string) bool {
		return hyphens && slices.ContainsFunc(ws, func(y string) bool { return l.HyphenNegates(x, y) })
	}
	for i, x := range cw {
		if !l.MayOppose(x) && !hyphenOf(x, ww) || unopposable(l, cw, i, ww) {
			continue
		}
		// A word the window says in one group may still be opposed in
		// another (OpposesUnsaid); by an affix or compound only where the
		// window says it in none.
		event, said := l.IsEventWord(x), !l.IsEventWord(x) && l.SaysMember(x, ww)
		noun := determinedAlike(l, cw, i, ww)
		for j, y := range ww {
			if y == x || !l.MayOppose(y) && !(hyphens && l.HyphenNegates(x, y)) || slices.Contains(cw, y) || unopposing(l, cw, i, ww, j) {
				continue
			}
			if noun >= 0 && (j <= noun || j > noun+3) {
				continue // "your original payment method" against "We refund to the original payment method"
			}
			if (l.Possible([]string{x}) || l.Possible([]string{y})) && !sameVerbAfter(l, cw, i, ww, j) {
				continue // "you can bring a guest" against "Guests must be over 18": two acts
			}
			if wordsOppose(l, cw, i, ww, j, event, said) && (near(l, cw, i, ww, j) || l.AnchorsAlike(cw, i, ww, j)) && !converse(l, cw, i, ww, j) &&
				negatedBefore(l, cw, i) == negatedBefore(l, ww, j) && !grantedAsAble(l, cw, i, ww, j) && !receivedFrom(l, cw, i, ww, j) {
				return true
			}
		}
	}
	return false
}

// unopposable reports whether the claim's word cw[i] cannot be opposed by
// the window ww: ww says it too (an event word as an event), or it is a
// quantity word after "however" ([degree-asks]), which states none.
func unopposable(l *lang.Language, cw []string, i int, ww []string) bool {
	x := cw[i]
	return !l.IsEventWord(x) && slices.Contains(ww, x) || l.IsEventWord(x) && l.SaysAsEvent(x, ww) || i > 0 && l.AsksDegree(cw[i-1])
}

// unopposing reports whether the window's word ww[j] opposes no word of
// the claim: a quantity word after "however" ([degree-asks]: "however
// many claims you make" states no "many"), or a period the number before
// it makes as long as the claim's cw[i] ("dans les 12 premiers mois" of
// "pendant la première année"), or an owner against a party
// (ownerAgainstParty), or an end of a range that holds the claim's word
// ("Monday" of "Monday to Friday" against "Tuesday"), or two bounds of
// one deadline ("at least 48 hours before" against "up to 48 hours
// before": leadWordAt).
func unopposing(l *lang.Language, cw []string, i int, ww []string, j int) bool {
	return j > 0 && l.AsksDegree(ww[j-1]) || countedAlike(l, cw, i, ww, j) || ownerAgainstParty(l, cw[i], ww[j]) || l.WithinRange(cw, i, ww, j) ||
		leadWordAt(l, cw, i) && leadWordAt(l, ww, j)
}

// ownerAgainstParty reports whether one of x and y is a possessive and
// the other a pronoun (a stopword): "U bereikt de klantenservice" against
// "Onze klantenservice" names an owner, not a party; a noun still is one
// ("à notre charge" against "à la charge du client").
func ownerAgainstParty(l *lang.Language, x, y string) bool {
	px, py := l.IsPossessive(x), l.IsPossessive(y)
	return px != py && (px && l.IsStopword(y) || py && l.IsStopword(x))
}

// countedAlike reports whether the periods cw[i] and ww[j], each counted
// by a number within two words before it (one when none), may be as
// long: twelve months and a year, seven days and a week.
func countedAlike(l *lang.Language, cw []string, i int, ww []string, j int) bool {
	ux, okx := l.Unit(cw[i])
	uy, oky := l.Unit(ww[j])
	if !okx || !oky || ux == uy || !strings.HasPrefix(ux, "time:") || !strings.HasPrefix(uy, "time:") {
		return false
	}
	count := func(ws []string, k int) float64 {
		for n := k - 1; n >= max(0, k-2); n-- {
			if v, err := strconv.ParseFloat(ws[n], 64); err == nil {
				return v
			}
			if v, _, ok := l.NumberWord(ws[n]); ok {
				return float64(v)
			}
		}
		return 1
	}
	lo1, hi1, ok1 := durationDays(count(cw, i), ux)
	lo2, hi2, ok2 := durationDays(count(ww, j), uy)
	return ok1 && ok2 && lo1 <= hi2 && lo2 <= hi1
}

// wordsOppose reports whether cw[i] and ww[j] are opposites: of a group
// of [opposites] (an event word as OpposesAt reads it, any other as
// OpposesUnsaid does), or, where the window says cw[i] in no group
// (said false), by a negating affix or a compound's parts.
func wordsOppose(l *lang.Language, cw []string, i int, ww []string, j int, event, said bool) bool {
	if event {
		return l.OpposesAt(cw, i, ww, j) || !said && (l.AffixNegates(cw[i], ww[j]) || l.CompoundOpposes(cw[i], ww[j]))
	}
	return l.OpposesUnsaid(cw, i, ww, j) || !said && (l.AffixNegates(cw[i], ww[j]) || l.CompoundOpposes(cw[i], ww[j]))
}

// sameVerbAfter reports whether the first content words after a modal
// in each ("can cancel", "must cancel"), or in Dutch and German, which
// put the verb last, the last of each sentence ("kunnen … worden
// ingediend"), are one word in some form: a
// modal opposes another only of the same act.
func sameVerbAfter(l *lang.Language, cw []string, i int, ww []string, j int) bool {
	next := func(ws []string, k int) string {
		for n := k + 1; n < len(ws); n++ {
			if contentWord(l, ws[n]) && !isFigure(l, ws[n]) {
				return ws[n]
			}
		}
		return ""
	}
	last := func(ws []string) string { // verb-final: "kunnen … worden ingediend"
		for n := len(ws) - 1; n >= 0; n-- {
			if contentWord(l, ws[n]) && !isFigure(l, ws[n]) {
				return ws[n]
			}
		}
		return ""
	}
	alike := func(a, b string) bool { return a != "" && b != "" && (a == b || verbForm(l, a, b)) }
	return alike(next(cw, i), next(ww, j)) || l.Compounds && alike(last(cw), last(ww))
}

// determinedAlike is where ww gives the word after cw[i], a possessive
// that determines it, after a determiner of no group of [opposites]
// ("your original payment method" where the window says "the original
// payment method"), -1 for none. The possessive then names no party
// against one the window names elsewhere ("We refund to the original
// …"), only against one right after that word ("à la charge du
// destinataire" for "à notre charge").
func determinedAlike(l *lang.Language, cw []string, i int, ww []string) int {
	if !l.IsDeterminer(cw[i]) || i+1 == len(cw) {
		return -1
	}
	for k := 1; k < len(ww); k++ {
		if ww[k] == cw[i+1] && l.IsDeterminer(ww[k-1]) && !l.InOpposites(ww[k-1]) {
			return k
		}
	}
	return -1
}

// negatedBefore reports whether a negation cue stands in the three words
// before ws[k]: "not available" says what "unavailable" says, "does not
// accept" what "refuses" says, so such a pair is no flip.
func negatedBefore(l *lang.Language, ws []string, k int) bool {
	for n := max(k-3, 0); n < k; n++ {
		if l.NegationAt(ws, n) > 0 {
			return true
		}
	}
	return false
}

// scopeFlipped reports whether the claim limits to some of a kind what
// the window says of all of it, or the reverse, of the same thing: "Only
// Pro customers get phone support" against "All customers get phone
// support", "Alle klanten" against "Alleen Pro-klanten". The thing is a
// content word among the first two after the restrictor (a modifier may
// come between: "only Pro customers") and the first after the universal;
// a restrictor before a verb ("you can only return items") limits
// something else and is left alone.
//
// The window's words ww are read with the text before them (a window that
// matched "customers get phone support" leaves out the "Only Pro" before
// it).
func scopeFlipped(l *lang.Language, cw []string, before string, ww []string) bool {
	if !slices.ContainsFunc(cw, l.IsRestrictor) && !slices.ContainsFunc(cw, l.IsUniversal) {
		return false
	}
	ww = append(normalisedWords(l, before), ww...)
	return scoped(l, cw, l.IsRestrictor, ww, l.IsUniversal) || scoped(l, ww, l.IsRestrictor, cw, l.IsUniversal)
}

// scoped reports whether some says a restrictor of a thing that all
// says a universal of, and neither says the other's word.
func scoped(l *lang.Language, some []string, restricts func(string) bool, all []string, universal func(string) bool) bool {
	if slices.ContainsFunc(some, universal) || slices.ContainsFunc(all, restricts) {
		return false
	}
	for i, r := range some {
		if !restricts(r) {
			continue
		}
		limited := contentAfter(l, some, i, 2)
		// A second word is the thing only after a modifier the other side
		// does not say ("only Pro customers"); after a word it says too,
		// the restrictor limits that word ("only return items").
		if len(limited) == 2 && slices.ContainsFunc(all, func(w string) bool { return l.Stem(w) == l.Stem(limited[0]) }) {
			limited = limited[:1]
		}
		for j, u := range all {
			if !universal(u) {
				continue
			}
			for _, thing := range contentAfter(l, all, j, 1) {
				if slices.ContainsFunc(limited, func(w string) bool { return sameThing(thing, w) }) {
					return true
				}
			}
		}
	}
	return false
}

// contentAfter is up to n content words of ws after ws[i], within n+1
// words (an article may come between: "tous les clients").
func contentAfter(l *lang.Language, ws []string, i, n int) []string {
	var out []string
	for k := i + 1; k < len(ws) && k <= i+n+1 && len(out) < n; k++ {
		if !l.IsStopword(ws[k]) && !l.IsRestrictor(ws[k]) && !l.IsUniversal(ws[k]) {
			out = append(out, ws[k])
		}
	}
	return out
}

// withWordsBefore is up to n words of text before offset at, within its
// sentence: a window that matched "customers get phone support" leaves
// out the "Only Pro" before it, which is what a scope check reads.
func withWordsBefore(text string, at, n int) string {
	start := at
	for k := 0; k < n; k++ {
		i := strings.LastIndexFunc(strings.TrimRightFunc(text[:start], unicode.IsSpace), unicode.IsSpace)
		after := 0 // the word starts past the space, which may be wide (French NBSP)
		if i >= 0 {
			_, size := utf8.DecodeRuneInString(text[i:])
			after = i + size
		}
		head := text[after:start]
		if strings.ContainsAny(head, ".;:!?") || strings.TrimSpace(head) == "" {
			break
		}
		start = after
	}
	return text[start:at]
}

// sameThing reports whether two words name the same thing: alike, or
// one a compound ending in the other ("pro-klanten", "premiumkunden"
// against "klanten", "kunden").
func sameThing(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || len(a) >= 4 && strings.HasSuffix(b, a)
}

// grantedAsAble reports whether one side's party grants with a word of
// [permission] what the other's party can do with one of [possibility]:
// "We accept Visa and Mastercard" says what "You can pay by Visa or
// Mastercard" says, from the other side.
func grantedAsAble(l *lang.Language, a []string, i int, b []string, j int) bool {
	grants := func(ws []string, k int) bool {
		if !l.IsGrantor(ws[k]) {
			return false
		}
		for m := k + 1; m < len(ws) && m <= k+3; m++ {
			if l.PermitsAt(ws, m) > 0 {
				return true
			}
		}
		return false
	}
	able := func(ws []string, k int) bool { return l.Possible(ws[k+1 : min(k+3, len(ws))]) }
	return grants(a, i) && able(b, j) || grants(b, j) && able(a, i)
}

// receivedFrom reports whether a[i] and b[j] are the two parties of one
// act told from each side: one side's party receives it with a word of
// [receiving] beside it, the other's gives it ("you get 18 sessions
// reimbursed" against "we reimburse 18 sessions"). Where both receive or
// neither does, the parties stay opposed ("you reimburse" against "we
// reimburse").
func receivedFrom(l *lang.Language, a []string, i int, b []string, j int) bool {
	if !l.IsGrantor(a[i]) && !l.IsGrantor(b[j]) {
		return false
	}
	receives := func(ws []string, k int) bool {
		return slices.ContainsFunc(ws[max(0, k-2):min(len(ws), k+3)], l.IsReceiving)
	}
	return receives(a, i) != receives(b, j)
}

// shareNeighbour reports whether one of the two content words nearest
// a[i] on either side (within four words) is also one of those nearest
// b[j]: "the speaker is still available" and "the speaker has been
// discontinued" are about the speaker though stopwords come between. A
// word of a[i]'s own group of [opposites] is none ("Monday and Tuesday"
// lists days), a word of another is ("sonntags geöffnet" against
// "sonntags geschlossen").
func shareNeighbour(l *lang.Language, a []string, i int, b []string, j int) bool {
	content := func(w string) bool {
		return !l.IsStopword(w) && !l.SameGroup(w, a[i]) && !strings.HasSuffix(w, "'")
	}
	nb := nearContent(b, j, content)
	if slices.ContainsFunc(nearContent(a, i, content), func(w string) bool { return slices.Contains(nb, w) }) {
		return true
	}
	// Both open their sentence, and the rest of the claim's sentence is
	// the other's: "Los adultos tienen un 50 % de descuento" against "Los
	// niños menores de 12 años tienen un 50 % de descuento", where the
	// words beside each differ.
	return firstContent(a, i, content) && firstContent(b, j, content) && restShared(a, i, b, content)
}

// firstContent reports whether ws[k] is the first content word of ws.
func firstContent(ws []string, k int, content func(string) bool) bool {
	return !slices.ContainsFunc(ws[:k], content)
}

// restShared reports whether three or more content words of a besides
// a[i] stand in b, and no more than one of them does not.
func restShared(a []string, i int, b []string, content func(string) bool) bool {
	in, out := 0, 0
	for k, w := range a {
		if k == i || !content(w) {
			continue
		}
		if slices.Contains(b, w) {
			in++
		} else {
			out++
		}
	}
	return in >= 3 && out <= 1
}

// nearContent is up to two words of ws on each side of ws[k], within
// four positions, for which content holds.
func nearContent(ws []string, k int, content func(string) bool) []string {
	var out []string
	for _, step := range [2]int{-1, 1} {
		found := 0
		for n := k + step; n >= 0 && n < len(ws) && max(n-k, k-n) <= 4 && found < 2; n += step {
			if content(ws[n]) {
				out = append(out, ws[n])
				found++
			}
		}
	}
	return out
}

// deniesIn reports whether a clause of text holds a negation cue of l
// and a word about the other text, whatever the cue negates: "Na 30
// dagen is retourneren niet mogelijk" denies returning as "… kunt u niet
// retourneren" does, though its cue negates "mogelijk".
func deniesIn(l *lang.Language, text string, about func(stem string) bool) bool {
	for _, clause := range punctClauses(atClauses(l, l.JoinedUnless(text))) {
		words := normalisedWords(l, clause)
		cue, shared := false, false
		paired := pairedCues(words, func(i int) int { return cueIn(l, words, i) }, l.IsDoubleNegation)
		for i, w := range words {
			if cueIn(l, words, i) > 0 && !paired[i] {
				cue = true
			}
			if _, content := negatedWordIn(l, words[i:i+1], false); content && about(l.Stem(w)) {
				shared = true
			}
		}
		if cue && shared {
			return true
		}
	}
	return false
}

// partnerBefore is the position of the partner a cue at words[i] has
// before it within its reach ("ne" of "ne … pas"), or -1: a negation word
// that is no cue of its own.
func partnerBefore(l *lang.Language, words []string, i int) int {
	for k := i - 1; k >= 0 && k >= i-5; k-- {
		if l.IsNegationWord(words[k]) && l.NegationAt(words, k) == 0 {
			return k
		}
	}
	return -1
}

// negates is negatedAbout in the language of a claim.
func negates(t tongue, text string, about func(stem string) bool) bool {
	if t.l != nil {
		return negatedAboutIn(t.l, text, about)
	}
	return negatedAbout(freeOf(text), about)
}

// allAbout reports whether words hold a content word and every content
// word of them is about the other text: a clause ending in its cue ("der
// normale Kindle nicht") denies its own subject.
func allAbout(words []string, content, about func(string) bool) bool {
	seen := false
	for _, x := range words {
		if !content(x) {
			continue
		}
		if !about(x) {
			return false
		}
		seen = true
	}
	return seen
}
