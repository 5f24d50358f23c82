package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// periodEvent is a period and the event it runs from, as a sentence
// says them: "within seven days of your flight" is 7 of "time:day" from
// "flight".
type periodEvent struct {
	value int
	unit  string
	event []string // up to two content words after the anchor phrase
}

// periodEvents reads the periods of ws (normalised words) that name the
// event they run from: a number, a unit of time, one word or none
// ("ouvrés", "hábiles"), a phrase of [period-anchors] ("after", "suivant", "à
// compter de") or, after a word of [bound-within], of
// [period-anchors-within] ("within 7 days of"), then the event's words,
// a word of [date-nouns] passed over ("from the date of purchase").
func periodEvents(l *lang.Language, ws []string) []periodEvent {
	var out []periodEvent
	for i := 1; i < len(ws); i++ {
		u, ok := l.Unit(ws[i])
		if !ok || !strings.HasPrefix(u, "time:") {
			continue
		}
		value, ok := countOf(l, ws[i-1])
		if !ok {
			continue
		}
		j := i + 1
		n, within := l.PeriodAnchorAt(ws, j)
		if n == 0 && j+1 < len(ws) { // a word between: "cinq jours ouvrés suivant", "diez días hábiles desde"
			j++
			n, within = l.PeriodAnchorAt(ws, j)
		}
		if n == 0 || within && l.BoundBefore(ws[:i-1]) != lang.Within {
			continue
		}
		var event []string
		for k := j + n; k < len(ws) && k < j+n+6 && len(event) < 2; k++ {
			if contentWord(l, ws[k]) && !l.IsDeterminer(ws[k]) && !l.IsDateNoun(ws[k]) {
				event = append(event, ws[k])
			}
		}
		if len(event) > 0 {
			out = append(out, periodEvent{value, u, event})
		}
	}
	return out
}

// anchorSwapped reports whether the claim runs a period from another
// event than the window's sentence runs the same period from: "within
// seven days of your flight" against "within seven days of receiving the
// bag", "desde la solicitud" against "desde la aprobación". The events
// differ when no word of one is a word of the other (a form of one verb
// or one member of an event group of [opposites] is the same word) and
// the chunk says the claim's first event word nowhere, in any form
// ("within one year of the publication date" where the chunk's other
// passage "publicly discloses" it). cw and ww are the normalised words of
// the claim and of that sentence.
func anchorSwapped(l *lang.Language, cw, ww []string, ev *evidence) bool {
	if !slices.ContainsFunc(cw, func(w string) bool { u, ok := l.Unit(w); return ok && strings.HasPrefix(u, "time:") }) {
		return false
	}
	claimed := periodEvents(l, cw)
	if len(claimed) == 0 {
		return false
	}
	for _, we := range periodEvents(l, ww) {
		for _, ce := range claimed {
			// The chunk may give the claim's event elsewhere: each of its
			// words ("first" of "your first claim" is in "the first day").
			if ce.value == we.value && ce.unit == we.unit && !eventsAlike(l, ce.event, we.event, ww) &&
				slices.ContainsFunc(ce.event, func(w string) bool { return !ev.stems.has(hashWord(l.Stem(w))) }) {
				return true
			}
		}
	}
	return false
}

// eventsAlike reports whether two periods' events may be one: a word of
// the claim's is one of the window's (in another form, as a compound's
// first part: "Kauf" of "Kaufdatum", or as another form of its event
// group's member), or the window's sentence ww says the claim's first
// one elsewhere. The claim's second word may be a verb after the event
// ("na de aanvraag uitbetaald"), and is compared with the event alone.
func eventsAlike(l *lang.Language, claim, window, ww []string) bool {
	if inClause(l, claim[0], ww) {
		return true
	}
	for _, x := range claim {
		if l.SaysMember(x, ww) || slices.ContainsFunc(window, func(y string) bool {
			return inClause(l, x, []string{y}) || startsOther(x, y)
		}) {
			return true
		}
	}
	return false
}
