package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// readOpposites reads [opposites]: a line is a group of words that
// exclude one another, its members separated by "|", each member's
// forms by spaces ("before | after", "montag montags | dienstag dienstags
// | …"). Words are matched as written (lower-cased), not stemmed: Dutch
// "vóór" (before) and "voor" (for) stem alike. A word may be in several
// groups ("after" against "before" and against "within"); a form ending
// in "#" opposes only before a number ("unter# | über#": "unter 50 €",
// not "unter der Nummer"), one ending in ">" only in a comparison
// ("less> | more>": "costs less than standard delivery"), one ending in
// "^" only right after a unit of time ("voor^ | na^": "48 uur voor
// aankomst"), one ending in "=" only between the same words on both sides
// ("voor= | na=": "gaan in na de volgende factuurdatum" against "voor de
// volgende factuurdatum"), one ending in "%" only where no word of
// [superlative-before] stands right before it (English "most rooms", not
// "the most popular" or "at most"). It also reads [negating-prefixes], [restrictors],
// [universals], [full-words], [role-connectors],
// [comparison-connectors], [list-joins], [per-words], [negative-words]
// and [places].
func (l *Language) readOpposites(t, _ *table) (err error) {
	l.restrictors = set(l.withNormalized(t.words("restrictors")))
	l.obligatory = set(l.withNormalized(t.words("obligatory-words")))
	l.affirms, l.affirmCues = set(l.withNormalized(t.words("affirm-particles"))), cueSet{}
	for w := range l.affirms {
		l.affirmCues.add(w)
	}
	l.restrictCues = cueSet{}
	for w := range l.restrictors {
		l.restrictCues.add(w)
	}
	l.universals = set(l.withNormalized(t.words("universals")))
	l.both = set(l.withNormalized(t.words("both")))
	if ws := t.words("with-without"); len(ws) == 3 && ws[1] == "|" {
		l.with, l.without = ws[0], ws[2]
	}
	l.fullWords = set(l.withNormalized(t.words("full-words")))
	l.unlimited = set(l.withNormalized(t.words("unlimited-words")))
	l.roleLinks = set(l.withNormalized(t.words("role-connectors")))
	l.compLinks = set(l.withNormalized(t.words("comparison-connectors")))
	l.compOf = set(t.words("comparison-of"))
	l.compDegree = map[string]int{}
	for _, w := range l.withNormalized(t.words("comparison-up")) {
		l.compDegree[w] = 1
	}
	for _, w := range l.withNormalized(t.words("comparison-down")) {
		l.compDegree[w] = -1
	}
	l.negWords = set(l.withNormalized(t.words("negative-words")))
	l.zeroWords = set(l.withNormalized(t.words("zero-words")))
	l.backRefs = set(t.words("back-references"))
	l.subjectPronouns = set(t.words("subject-pronouns"))
	l.afterDur = set(l.withNormalized(t.words("after-durations")))
	l.determiners = set(t.words("determiners"))
	l.superlativeBefore = set(l.withNormalized(t.words("superlative-before")))
	l.superlativeAfterForms = t.words("superlative-after")
	l.listJoins = set(t.words("list-joins"))
	l.perWords = set(t.words("per-words"))
	for _, line := range t.sections["per-alike"] {
		l.perAlike = append(l.perAlike, strings.Fields(strings.ToLower(line)))
	}
	l.labelNouns = set(t.words("label-nouns"))
	l.degreeAsks = set(t.words("degree-asks"))
	l.perCues = cueSet{}
	for _, w := range t.words("per-words") {
		l.perCues.add(strings.ToLower(w))
	}
	if l.perPhrases, err = readPerPhrases(t); err != nil {
		return err
	}
	for _, p := range l.perPhrases {
		l.perCues.add(strings.Join(p.words, " "))
	}
	for w := range l.restrictors {
		if l.universals[w] {
			return fmt.Errorf("[restrictors] and [universals] both hold %q", w)
		}
	}
	if l.opposites, err = l.readGroups(t, "opposites"); err != nil {
		return err
	}
	if err = l.readRanged(t); err != nil {
		return err
	}
	if l.places, err = l.readGroups(t, "places"); err != nil {
		return err
	}
	l.placeForms = placeFormsOf(l.places)
	l.negPrefixes = nil
	for _, p := range t.words("negating-prefixes") {
		l.negPrefixes = append(l.negPrefixes, strings.ToLower(p))
	}
	l.negSuffixes = nil
	for _, p := range t.words("negating-suffixes") {
		l.negSuffixes = append(l.negSuffixes, strings.ToLower(p))
	}
	return nil
}

// readGroups reads a section of groups as [opposites] writes them, by
// word.
func (l *Language) readGroups(t *table, section string) (map[string][]opposite, error) {
	groups := map[string][]opposite{}
	for g, line := range t.sections[section] {
		members := strings.Split(strings.ToLower(line), "|")
		if len(members) < 2 {
			return nil, fmt.Errorf("[%s] %q: want two members or more, separated by |", section, line)
		}
		for m, forms := range members {
			for _, f := range strings.Fields(forms) {
				f, number := strings.CutSuffix(f, "#")
				f, rate := strings.CutSuffix(f, "~")
				f, anchor := strings.CutSuffix(f, "@")
				f, than := strings.CutSuffix(f, ">")
				f, timed := strings.CutSuffix(f, "^")
				f, aligned := strings.CutSuffix(f, "=")
				f, quantifier := strings.CutSuffix(f, "%")
				o := opposite{group: g, member: m, number: number, rate: rate, anchor: anchor, than: than, timed: timed,
					aligned: aligned, quantifier: quantifier}
				for _, w := range l.withNormalized([]string{f}) {
					if err := addOpposite(groups, w, o); err != nil {
						return nil, fmt.Errorf("[%s] %q: %w", section, line, err)
					}
				}
			}
		}
	}
	return groups, nil
}

// addOpposite places w in a group; once per group.
func addOpposite(groups map[string][]opposite, w string, o opposite) error {
	for _, x := range groups[w] {
		if x.group == o.group {
			if x.member != o.member {
				return fmt.Errorf("%q is in two members of the group", w)
			}
			return nil
		}
	}
	groups[w] = append(groups[w], o)
	return nil
}

// opposite places a word in a group of [opposites]; number: only before
// a number; rate: only where no number comes right before it; anchor:
// only after a number, as the event a period runs from; than: only in a
// comparison, before a word of [comparison-connectors] ("less than",
// "moins chère que"); timed: only right after a unit of time ("48 uur
// voor aankomst", where "voor" is "before", not "for").
type opposite struct {
	group, member                     int
	number, rate, anchor, than, timed bool
	aligned                           bool // only between the same words on both sides
	quantifier                        bool // not right after a word of [superlative-before]
}

// Opposes reports whether the normalised words a and b, alone, are
// different members of one group of [opposites] ("before" and "after",
// "montag" and "dienstags"); words that oppose only before a number do
// not.
func (l *Language) Opposes(a, b string) bool {
	return l.OpposesAt([]string{a}, 0, []string{b}, 0)
}

// OpposesAt reports whether a[i] and b[j], normalised words of two
// texts, are different members of one group of [opposites], each
// followed by a number where its group asks for one ("less than 50"
// against "more than 50") and then not the end of a range ("9 bis 17").
func (l *Language) OpposesAt(a []string, i int, b []string, j int) bool {
	return l.opposesWhere(a, i, b, j, nil)
}

// OpposesUnsaid is OpposesAt where b says no form of a[i]'s member of
// the group the two oppose in, and a says b[j]'s member no more often
// than b does besides b[j]: "maandelijkse facturering" opposes
// "jaarlijkse facturering" though "per maand" beside it says the month
// in another group; "al año" does not oppose "mensual" where "anual"
// says the year in that group, nor "you send us" "customers submit",
// where "you" says the customer; "your own fault, we pay" still opposes
// "your own fault, the renter pays".
func (l *Language) OpposesUnsaid(a []string, i int, b []string, j int) bool {
	return l.opposesWhere(a, i, b, j, func(x, y opposite) bool {
		return !l.saysMemberIn(x, b) && l.memberCount(y, a) <= l.memberCount(y, b)-1
	})
}

// opposesWhere is OpposesAt where the group the two oppose in also
// passes also (nil: any).
func (l *Language) opposesWhere(a []string, i int, b []string, j int, also func(x, y opposite) bool) bool {
	for _, x := range l.opposites[a[i]] {
		for _, y := range l.opposites[b[j]] {
			if x.group == y.group && x.member != y.member && l.applies(x, a, i) && l.applies(y, b, j) &&
				(!x.aligned && !y.aligned || alignedAt(a, i, b, j)) && (also == nil || also(x, y)) {
				return true
			}
		}
	}
	return false
}

// memberCount is how many words of ws are forms of o's member of its
// group.
func (l *Language) memberCount(o opposite, ws []string) int {
	n := 0
	for k := range ws {
		if l.formOf(o, ws, k) {
			n++
		}
	}
	return n
}

// saysMemberIn reports whether ws holds a form of o's member of its group.
func (l *Language) saysMemberIn(o opposite, ws []string) bool {
	for k := range ws {
		if l.formOf(o, ws, k) {
			return true
		}
	}
	return false
}

// formOf reports whether ws[k] is a form of o's member of its group; an
// event a period runs from only after a number.
func (l *Language) formOf(o opposite, ws []string, k int) bool {
	return slices.ContainsFunc(l.opposites[ws[k]], func(y opposite) bool {
		return o.group == y.group && o.member == y.member && (!y.anchor || afterNumber(ws, k))
	})
}

// AnchorsAlike reports whether a[i] and b[j] are both events a period
// runs from ([opposites] marked "@"), each after the same number: "within
// 90 days of receiving the invoice" and "within 90 days of the date of
// treatment" run the same period from different events.
func (l *Language) AnchorsAlike(a []string, i int, b []string, j int) bool {
	isAnchor := func(w string) bool {
		return slices.ContainsFunc(l.opposites[w], func(o opposite) bool { return o.anchor })
	}
	if !isAnchor(a[i]) || !isAnchor(b[j]) {
		return false
	}
	na, nb := numberBefore(a, i), numberBefore(b, j)
	return na != "" && na == nb
}

// numberBefore is the nearest number (a word opening with a digit) among
// the six words before ws[k], "" for none.
func numberBefore(ws []string, k int) string {
	for n := k - 1; n >= max(k-6, 0); n-- {
		if startsWithDigit(ws[n]) {
			return ws[n]
		}
	}
	return ""
}

// IsComparative reports whether the normalised word w opposes only in a
// comparison (marked ">" in [opposites]: "less", "moins", "menos").
func (l *Language) IsComparative(w string) bool {
	return slices.ContainsFunc(l.opposites[w], func(o opposite) bool { return o.than })
}

// applies reports whether ws[k], placed by o, opposes where it stands:
// before a number if o asks for one, after none if o is a rate.
func (l *Language) applies(o opposite, ws []string, k int) bool {
	if o.number && !beforeNumber(ws, k) {
		return false
	}
	if o.anchor && !afterNumber(ws, k) {
		return false
	}
	if o.than && l.ComparisonAfter(ws, k) < 0 {
		return false
	}
	if o.timed {
		if u, ok := l.Unit(ws[max(k-1, 0)]); k == 0 || !ok || !strings.HasPrefix(u, "time:") {
			return false
		}
	}
	if o.quantifier && (k > 0 && l.superlativeBefore[ws[k-1]] || k+1 < len(ws) && l.superlativeAfter(ws[k+1])) {
		return false
	}
	if o.rate && k > 0 {
		if _, _, word := l.NumberWord(ws[k-1]); word || startsWithDigit(ws[k-1]) || l.timesBefore(ws, k) {
			return false
		}
	}
	return true
}

// timesBefore reports whether a count of two or more times stands among
// the three words before ws[k]: a number and a word of the unit
// count:times ("deux fois par an", "dos veces al año") or a number word
// joined to one ("zweimal im Jahr", "tweemaal per jaar"). The period after
// it is then no rate of once; "una vez al año" still is. English's tables
// hold no such unit (its units are the audit's).
func (l *Language) timesBefore(ws []string, k int) bool {
	twoOrMore := func(w string) bool {
		if v, err := strconv.Atoi(w); err == nil {
			return v >= 2
		}
		v, _, ok := l.NumberWord(w)
		return ok && v >= 2
	}
	for n := max(k-3, 0); n < k; n++ {
		w := ws[n]
		if u, ok := l.Unit(w); ok && u == "count:times" {
			if n > 0 && twoOrMore(ws[n-1]) {
				return true
			}
			continue
		}
		for i := 1; i < len(w)-1; i++ {
			if u, ok := l.Unit(w[i:]); ok && u == "count:times" && twoOrMore(w[:i]) {
				return true
			}
		}
	}
	return false
}

// alignedAt reports whether a[i] and b[j] stand between the same words:
// "na de volgende factuurdatum" against "voor de volgende factuurdatum",
// where Dutch "voor" is "before" and not "for".
func alignedAt(a []string, i int, b []string, j int) bool {
	return i > 0 && j > 0 && i+1 < len(a) && j+1 < len(b) && a[i-1] == b[j-1] && a[i+1] == b[j+1]
}

// IsEventWord reports whether the normalised word w is in a group of
// [opposites] only as an event a period runs from ("@").
func (l *Language) IsEventWord(w string) bool {
	xs := l.opposites[w]
	for _, x := range xs {
		if !x.anchor {
			return false
		}
	}
	return len(xs) > 0
}

// SaysAsEvent reports whether ws holds w, or another form of a member w
// is, where a form marked as an event ("@") is one: after a number. "You
// can dispute a card transaction within 60 days of the statement date"
// does not say the event "60 days of the transaction date" runs from. A
// word of no group is said where ws holds it.
func (l *Language) SaysAsEvent(w string, ws []string) bool {
	xs := l.opposites[w]
	if len(xs) == 0 {
		return slices.Contains(ws, w)
	}
	for _, x := range xs {
		for k, v := range ws {
			for _, y := range l.opposites[v] {
				if x.group == y.group && x.member == y.member && (!y.anchor || afterNumber(ws, k)) {
					return true
				}
			}
		}
	}
	return false
}

// SaysMember reports whether ws holds a form of a member that the
// normalised word w is, in any of its groups: "from 9 to 17" says the
// member of "until" ("from# | until# till# to#"), so "until 17" does not
// oppose it. An event a period runs from says it only where it is one,
// after a number: "Die Rechnung ist … zu bezahlen" does not say
// "Rechnungsdatum".
func (l *Language) SaysMember(w string, ws []string) bool {
	return slices.ContainsFunc(l.opposites[w], func(o opposite) bool { return l.saysMemberIn(o, ws) })
}

// SameGroup reports whether the normalised words a and b are in one
// group of [opposites], as one member or two.
func (l *Language) SameGroup(a, b string) bool {
	for _, x := range l.opposites[a] {
		for _, y := range l.opposites[b] {
			if x.group == y.group {
				return true
			}
		}
	}
	return false
}

// beforeNumber reports whether a number (a word opening with a digit)
// is among the two words after ws[k] ("less than 50", "dans les 14
// jours") and none among the three before it: "9 bis 17", "vom 1. Juli
// bis 31. August" end a range.
func beforeNumber(ws []string, k int) bool {
	for n := max(k-3, 0); n < k; n++ {
		if startsWithDigit(ws[n]) {
			return false
		}
	}
	for n := k + 1; n < len(ws) && n <= k+2; n++ {
		if startsWithDigit(ws[n]) {
			return true
		}
	}
	return false
}

// afterNumber reports whether a number (a word opening with a digit) is
// among the six words before ws[k]: "14 days of delivery", "2 years from
// the date of purchase", "14 Tagen ab Erhalt".
func afterNumber(ws []string, k int) bool {
	for n := max(k-6, 0); n < k; n++ {
		if startsWithDigit(ws[n]) {
			return true
		}
	}
	return false
}

func startsWithDigit(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsDigit(r)
}

// InOpposites reports whether the normalised word w is in a group of
// [opposites].
func (l *Language) InOpposites(w string) bool {
	_, ok := l.opposites[w]
	return ok
}

// OpposesPlainly reports whether the normalised word w is in a group of
// [opposites] as a word of its own, unmarked: not only before or after a
// number, as a rate, an event, a unit of time's word, in a comparison or
// between the same words ("dag~", "from#", "delivery@", "voor^", "less>",
// "voor=").
func (l *Language) OpposesPlainly(w string) bool {
	return slices.ContainsFunc(l.opposites[w], func(o opposite) bool {
		return !o.number && !o.rate && !o.anchor && !o.timed && !o.than && !o.aligned
	})
}

// MayOppose reports whether the normalised word w may oppose another
// word at all: by [opposites], or long enough to be a word or its
// negated form (AffixNegates). The rest need not be compared.
func (l *Language) MayOppose(w string) bool {
	return len(l.opposites[w]) > 0 || utf8.RuneCountInString(w) >= minAffixStem
}

// minAffixStem is the fewest letters a word must keep without its
// negating prefix: "refundable" is "non-refundable" negated, "form" is
// no "inform" negated.
const minAffixStem = 5

// AffixNegates reports whether one of the normalised words a and b is
// the other with a negating prefix of [negating-prefixes], joined or
// hyphenated (a prefix written with its hyphen, "no-", only hyphenated):
// "non-refundable" and "refundable", "indisponible" and "disponible",
// "onbeperkt" and "beperkt"; or with a negating suffix of
// [negating-suffixes] (one written "-x" only hyphenated):
// "versandkostenfrei" and "versandkosten". The other word keeps at least minAffixStem
// letters.
func (l *Language) AffixNegates(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	if utf8.RuneCountInString(b) < minAffixStem {
		return l.HyphenNegates(a, b)
	}
	if tail, ok := strings.CutPrefix(a, b); ok {
		// "versandkostenfrei" of "versandkosten"
		for _, s := range l.negSuffixes {
			if tail == s && !strings.HasPrefix(s, "-") || tail == "-"+strings.TrimPrefix(s, "-") {
				return true
			}
		}
		return false
	}
	head, ok := strings.CutSuffix(a, b)
	if !ok {
		return false
	}
	for _, p := range l.negPrefixes {
		// "non" joined or hyphenated; "no-" hyphenated only.
		if head == p || head == p+"-" && !strings.HasSuffix(p, "-") {
			return true
		}
	}
	return false
}

// HyphenNegates reports whether a is b with a negating prefix and a
// hyphen, however short b: "non-eu" of "eu" (a group and its
// complement). Joined, a short word only looks prefixed ("inform").
func (l *Language) HyphenNegates(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	head, ok := strings.CutSuffix(a, b)
	if !ok || b == "" || !strings.HasSuffix(head, "-") {
		return false
	}
	for _, p := range l.negPrefixes {
		if head == p+"-" && !strings.HasSuffix(p, "-") || head == p && strings.HasSuffix(p, "-") {
			return true
		}
	}
	return false
}

// NegatedBase is w without a negating prefix of [negating-prefixes],
// joined or hyphenated ("returnable" of "non-returnable", "available" of
// "unavailable"), when what is left keeps at least minAffixStem letters.
func (l *Language) NegatedBase(w string) (string, bool) {
	for _, p := range l.negPrefixes {
		p = strings.TrimSuffix(p, "-")
		rest, ok := strings.CutPrefix(w, p)
		if !ok {
			continue
		}
		rest = strings.TrimPrefix(rest, "-")
		if utf8.RuneCountInString(rest) >= minAffixStem {
			return rest, true
		}
	}
	return "", false
}

// ComparisonAfter returns the position of a word of
// [comparison-connectors] among the ComparisonReach words after ws[k]
// ("less than", "moins chère que", "plus de temps que", "menos espacio de
// almacenamiento que"), -1 for none.
func (l *Language) ComparisonAfter(ws []string, k int) int {
	for n := k + 1; n < len(ws) && n <= k+ComparisonReach; n++ {
		if l.compLinks[ws[n]] {
			return n
		}
	}
	return -1
}

// IsComparisonConnector reports whether the normalised word w closes a
// comparison ([comparison-connectors]: "than", "als", "que").
func (l *Language) IsComparisonConnector(w string) bool { return l.compLinks[w] }

// IsComparisonOf reports whether the normalised word w, right after a
// comparison's word, opens the thing compared ([comparison-of]: "plus de
// licences que"), not a side of it.
func (l *Language) IsComparisonOf(w string) bool { return l.compOf[w] }

// ComparisonDegree is +1 for a normalised word of a comparison that says
// more of the compared thing ("higher", "teurer", "plus"), -1 for one
// that says less ("cheaper", "goedkoper", "menos"), 0 for any other.
func (l *Language) ComparisonDegree(w string) int { return l.compDegree[w] }

// ComparisonReach is how many words a comparison's word may come before
// its connector: French and Spanish put the compared thing between them,
// a noun with its complement ("moins d'espace de stockage que").
const ComparisonReach = 5

// IsRestrictor reports whether the normalised word w limits a claim to
// some of a kind: "only", "alleen", "nur", "seuls", "solo".
func (l *Language) IsRestrictor(w string) bool { return l.restrictors[w] }

// MayRestrict reports whether text may hold a word of [restrictors]: a
// text without one holds none.
func (l *Language) MayRestrict(text string) bool { return l.restrictCues.in(text) }

// IsUniversal reports whether the normalised word w extends a claim to all
// of a kind: "all", "alle", "jeder", "tous", "todos".
func (l *Language) IsUniversal(w string) bool { return l.universals[w] }

// IsWith and IsWithout report whether the normalised word w says a case
// has a thing or lacks it ([with-without]: "mit", "ohne").
func (l *Language) IsWith(w string) bool    { return l.with != "" && w == l.with }
func (l *Language) IsWithout(w string) bool { return l.without != "" && w == l.without }

// WithoutWord is the word of [with-without] that says a case lacks a
// thing ("" when the language has none), for a byte test.
func (l *Language) WithoutWord() string {
	if l.without == "" {
		return "\x00" // found in no text
	}
	return l.without
}

// IsBoth reports whether the normalised word w says two of a thing at
// once: "both", "beide", "ambas" ([both]).
func (l *Language) IsBoth(w string) bool { return l.both[w] }

// IsFullWord reports whether the normalised word w says a thing is
// whole: "fully", "volledig", "intégralement".
func (l *Language) IsFullWord(w string) bool { return l.fullWords[w] }

// IsUnlimited reports whether the normalised word w says a thing has no
// limit: "unlimited", "onbeperkt", "illimités".
func (l *Language) IsUnlimited(w string) bool { return l.unlimited[w] }

// SaysWhole reports whether the normalised word w says a thing is whole
// or unlimited ([full-words], [unlimited-words]).
func (l *Language) SaysWhole(w string) bool { return l.fullWords[w] || l.unlimited[w] }

// withNormalized is words, lower-cased, each followed by its form as
// Normalize gives it where that differs (English "always" → "alway"), so
// the tables match the words the checks compare.
func (l *Language) withNormalized(words []string) []string {
	var out []string
	for _, w := range words {
		w = strings.ToLower(w)
		out = append(out, w)
		if n := l.Normalize(w); n != "" && n != w {
			out = append(out, n)
		}
	}
	return out
}

// IsRoleConnector reports whether the normalised word w joins two things
// in roles that swapping changes: "faster than", "from … to", "schneller
// als", "plus cher que".
func (l *Language) IsRoleConnector(w string) bool { return l.roleLinks[w] }

// IsListJoin reports whether the lower-case word w joins the last item of
// a list: "and", "en", "und", "et", "y".
func (l *Language) IsListJoin(w string) bool { return l.listJoins[w] }

// IsPerWord reports whether the lower-cased word w gives what a figure is
// counted per, or says something of each of a kind ([per-words]: "per",
// "pro", "par", "por": "€12 per user", "said per user").
func (l *Language) IsPerWord(w string) bool { return l.perWords[w] }

// IsLabelNoun reports whether w, lower-cased, is a word of [label-nouns]:
// a number just after it is a label ("Artikel 75"), not a quantity.
func (l *Language) IsLabelNoun(w string) bool { return l.labelNouns[w] }

// AsksDegree reports whether w, lower-cased, is a word of [degree-asks]:
// the quantity word after it ("however many") states no quantity.
func (l *Language) AsksDegree(w string) bool { return l.degreeAsks[w] }

// MayCountPer reports whether text may hold a word of [per-words] or the
// first word of a phrase of [per-phrases]: a byte test, so that a text
// without one need not be split into words.
func (l *Language) MayCountPer(text string) bool { return l.perCues.in(text) }

// perPhrase is a line of [per-phrases]: words that, right after a figure,
// count it per a unit ("a year", "monatlich", "al mes").
type perPhrase struct {
	words []string // lower-cased
	unit  string   // normalised
}

// readPerPhrases reads [per-phrases]: "words = unit" a line.
func readPerPhrases(t *table) ([]perPhrase, error) {
	var out []perPhrase
	for _, line := range t.sections["per-phrases"] {
		words, unit, ok := strings.Cut(strings.ToLower(line), "=")
		ws, unit := strings.Fields(words), strings.TrimSpace(unit)
		if !ok || len(ws) == 0 || unit == "" || strings.ContainsAny(unit, " \t") {
			return nil, fmt.Errorf("[per-phrases] %q: want \"words = unit\"", line)
		}
		out = append(out, perPhrase{ws, unit})
	}
	return out, nil
}

// IsBackReference reports whether the lower-cased word w refers back to
// a thing named before it ([back-references]: "them", "ze", "sie").
func (l *Language) IsBackReference(w string) bool { return l.backRefs[w] }

// superlativeAfter reports whether w, after a quantifier form ("most"),
// makes it an adverb's degree ("most often", "most likely"):
// [superlative-after], a form written "-ly" an ending.
func (l *Language) superlativeAfter(w string) bool {
	for _, f := range l.superlativeAfterForms {
		if end, ok := strings.CutPrefix(f, "-"); ok && strings.HasSuffix(w, end) || f == w {
			return true
		}
	}
	return false
}

// IsDeterminer reports whether the lower-cased word w is an article or a
// possessive that opens a noun phrase ([determiners]: "the", "uw", "die",
// "la", "nuestros").
func (l *Language) IsDeterminer(w string) bool { return l.determiners[w] }

// AfterDuration reports whether the normalised word ws[i] follows a unit
// of time and adds nothing to it ([after-durations]: "zehn Jahre lang",
// "tien jaar lang").
func (l *Language) AfterDuration(ws []string, i int) bool {
	if i == 0 || !l.afterDur[ws[i]] {
		return false
	}
	u, ok := l.Unit(ws[i-1])
	return ok && strings.HasPrefix(u, "time:")
}

// IsPerUnit reports whether the normalised word w is the unit of a
// phrase of [per-phrases] ("year"): "per calendar year" is per year too.
func (l *Language) IsPerUnit(w string) bool {
	return slices.ContainsFunc(l.perPhrases, func(p perPhrase) bool { return p.unit == w })
}

// PerPhraseAt returns the unit of the phrase of [per-phrases] that opens
// at ws[k] (lower-cased words) and its length in words; 0 for none.
func (l *Language) PerPhraseAt(ws []string, k int) (unit string, n int) {
	for _, p := range l.perPhrases {
		if k+len(p.words) <= len(ws) && slices.Equal(ws[k:k+len(p.words)], p.words) {
			return p.unit, len(p.words)
		}
	}
	return "", 0
}

// IsNegativeWord reports whether the normalised word w denies what
// follows it in its own meaning, without a cue: "lacks", "refuses",
// "ohne", "sans" (a side saying it denies as one saying "not" does).
func (l *Language) IsNegativeWord(w string) bool { return l.negWords[w] }

// IsZeroWord reports whether the normalised word w says a side has none
// of what a comparison weighs ([zero-words]: "nothing", "nichts",
// "rien"): "Metal card holders pay nothing" is a fee of 0 beside the
// other side's 2.75 %.
func (l *Language) IsZeroWord(w string) bool { return l.zeroWords[w] }

// PlaceForms are the forms of the places the normalised word w names
// ("ireland", "irish" of "irish"), as [places] writes them normalised,
// sorted; gathered once when the tables are read (placeForms).
func (l *Language) PlaceForms(w string) []string {
	xs := l.places[w]
	if len(xs) == 1 {
		return l.placeForms[[2]int{xs[0].group, xs[0].member}]
	}
	var out []string
	for _, x := range xs {
		out = append(out, l.placeForms[[2]int{x.group, x.member}]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// placeFormsOf gathers the forms of each member of [places], sorted (map
// order is random; a caller's result must not be).
func placeFormsOf(places map[string][]opposite) map[[2]int][]string {
	out := map[[2]int][]string{}
	for v, xs := range places {
		for _, x := range xs {
			k := [2]int{x.group, x.member}
			out[k] = append(out[k], v)
		}
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out
}

// CompoundOpposes reports whether the normalised words a and b, in a
// language that writes compounds as one word, join different members of
// a group of [opposites] to one head: "höchstbestellmenge" and
// "mindestbestellmenge", "maximumbedrag" and "minimumbedrag", "monatsabo"
// and "jahresabo" (their linking elements apart: opposesUnlinked); or
// whether one is a member and the other a compound whose head opposes it
// ("maand" and "kalenderjaar": headOpposes).
func (l *Language) CompoundOpposes(a, b string) bool {
	if !l.Compounds || len(a) < 8 || len(b) < 8 {
		return l.Compounds && (l.headOpposes(a, b) || l.headOpposes(b, a))
	}
	common := 0
	for common < len(a) && common < len(b) && a[len(a)-1-common] == b[len(b)-1-common] {
		common++
	}
	for k := common; k >= minCompoundHead; k-- { // the head: the longest shared ending first
		if pa, pb := a[:len(a)-k], b[:len(b)-k]; pa != "" && pb != "" && (l.Opposes(pa, pb) || l.opposesUnlinked(pa, pb)) {
			return true
		}
	}
	return l.headOpposes(a, b) || l.headOpposes(b, a)
}

// minCompoundHead is the fewest bytes a compound's head keeps.
const minCompoundHead = 4
