package audit

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/ragaudit/ragaudit/lang"
)

// isRefusal reports whether an answer (with its markers) is a refusal: it
// declines for lack of information and cites nothing.
func isRefusal(answer string, markers int, t tongue) bool {
	if markers > 0 {
		return false
	}
	// Only the opening of the answer counts: a long answer that mentions a
	// gap in passing is still an answer.
	head := answer
	if len(head) > 400 {
		head = head[:400]
	}
	return refuses(head, t)
}

// refuses reports whether text declines for lack of information, in the
// phrases of its language.
func refuses(text string, t tongue) bool { return phrases(t).IsRefusal(text) }

// refers reports whether text sends the user elsewhere ("contact our
// support team").
func refers(text string, t tongue) bool { return phrases(t).IsReferral(text) }

// phrases is the language whose stock phrases (refusals, referrals,
// courtesies) a text in t is read with: t's own, else English's (English
// keeps nounphrase's words, not lang's, but its phrases are lang's too).
func phrases(t tongue) *lang.Language {
	if t.l != nil {
		return t.l
	}
	return englishPhrases()
}

var englishPhrases = sync.OnceValue(func() *lang.Language {
	l, _ := lang.Get("en")
	return l
})

// claimsBeside reports whether an answer that declines also states a fact
// in a sentence that is not itself the refusal ("I don't have that in my
// knowledge base. However, refunds take 90 days."): such an answer is
// audited, not excused as a refusal. A sentence that sends the user
// elsewhere is no claim, unless it gives a number, an address or a site
// to reach ("call us on 030-7654321"), which a source must back.
func (a *Auditor) claimsBeside(sents []sentence, t tongue) bool {
	for _, s := range sents {
		if a.claims(s.Plain, t) {
			return true
		}
	}
	return false
}

// claims reports whether text states a fact: it is factual, and not a
// referral without contact details.
func (a *Auditor) claims(text string, t tongue) bool {
	return (!refers(text, t) || reContact.MatchString(text)) && a.isFactual(sentence{Plain: text}, t)
}

// reContact finds what makes a referral a claim: a number (a phone
// number, opening hours), an e-mail address or a web address.
var reContact = regexp.MustCompile(`\d|@|(?i:https?://|www\.)`)

// beside reports whether a sentence holding a refusal phrase (at loc)
// states a fact beside it, which makes it a claim, not a refusal:
//   - in a clause after it opened by a contrast word ("but", "aber",
//     "maar", "mais", "pero"), a semicolon, a colon or a dash, when it is
//     factual or gives a quantity;
//   - in a clause after a comma of the refusal's own clause, when it
//     holds a number ("I don't know, the delivery takes 5 days"): a comma
//     also lists what the refusal is about ("the hours, prices or stock");
//   - before it, when a contrast word joins the two ("Our store is closed
//     on Sundays, but I don't know about holidays").
//
// What follows the phrase up to the next clause is its own ("about the
// opening hours of our store").
func (a *Auditor) beside(p string, loc []int, t tongue) bool {
	l := phrases(t)
	after := p[loc[1]:]
	if k := loc[1] - 1; k > loc[0] && strings.IndexByte(",;:", p[k]) >= 0 {
		after = p[k:] // the phrase took the punctuation that ends it ("I don't know, …")
	}
	cuts := clauseCuts(after, l)
	own := after
	if len(cuts) > 0 {
		own = after[:cuts[0][0]]
	}
	parts := strings.Split(own, ",")
	for _, part := range parts[1:] {
		if strings.ContainsFunc(part, unicode.IsDigit) && a.claims(strings.TrimSpace(part), t) {
			return true
		}
	}
	for k, c := range cuts {
		end := len(after)
		if k+1 < len(cuts) {
			end = cuts[k+1][0]
		}
		if c := strings.Trim(after[c[1]:end], " ,"); a.claims(c, t) || statesQuantity(c, t) {
			return true
		}
	}
	before := strings.TrimRight(p[:loc[0]], " ,")
	if cs := l.Contrasts(before); len(cs) > 0 && cs[len(cs)-1][1] == len(before) {
		return a.claims(strings.Trim(before[:cs[len(cs)-1][0]], " ,;"), t)
	}
	return false
}

// statesQuantity reports whether text gives a quantity (an amount, a
// time, a duration, a date): "our store closes at 6 pm" states one even
// where the tagger finds no verb in it.
func statesQuantity(text string, t tongue) bool {
	if t.l != nil {
		return len(findQuantitiesIn(t.l, text)) > 0
	}
	return len(findQuantities(text)) > 0
}

// clauseCuts are where text is cut into clauses of their own: a contrast
// word, a semicolon, a colon, a dash between blanks; each [start, end)
// of what cuts.
func clauseCuts(text string, l *lang.Language) [][2]int {
	cuts := l.Contrasts(text)
	for _, loc := range reClauseMark.FindAllStringIndex(text, -1) {
		cuts = append(cuts, [2]int{loc[0], loc[1]})
	}
	slices.SortFunc(cuts, func(a, b [2]int) int { return a[0] - b[0] })
	return cuts
}

// reClauseMark is punctuation that opens a clause of its own.
var reClauseMark = regexp.MustCompile(`[;:]|\s[-–—]\s`)

// reQuote finds a quoted passage: «…», “…”, „…“ or "…".
var reQuote = regexp.MustCompile(`«([^»]{8,})»|“([^”]{8,})”|„([^“”]{8,})[“”]|"([^"]{8,})"`)

// fallbackPassages returns, for an answer that declines ("I do not have a
// confident source for this; here is the closest passage: «…» [2]", the
// fallback guardrails return), the passages it quotes with the marker
// right after each, as the claims to audit; nil when the answer is no
// such fallback. The quote is a citation like any other: a passage the
// chunk does not hold fails.
func fallbackPassages(answer string, markers []Marker, t tongue) []sentence {
	if len(markers) == 0 || !strings.ContainsAny(answer, "«“„\"") {
		return nil // no quote: no fallback (and no refusal phrase to look for)
	}
	head := answer
	if i := strings.IndexAny(head, "«“„\""); i >= 0 {
		head = head[:i]
	}
	if len(markers) == 0 || !refuses(head, t) {
		return nil
	}
	var out []sentence
	for _, loc := range reQuote.FindAllStringSubmatchIndex(answer, -1) {
		k := markersFrom(markers, loc[1])
		if k == len(markers) || strings.Trim(answer[loc[1]:markers[k].Start], " .,;:") != "" {
			continue
		}
		g := 2
		for loc[g] < 0 {
			g += 2
		}
		text := answer[loc[g]:loc[g+1]]
		out = append(out, sentence{Index: len(out), Start: loc[g], End: loc[g+1], Text: text,
			Plain: strings.TrimSpace(text), Markers: []Marker{markers[k]}})
	}
	// Anything else cited is no fallback's: audit the answer as it is.
	if len(out) == 0 || len(out) < len(markers) {
		return nil
	}
	return out
}
