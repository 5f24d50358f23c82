package audit

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
)

// excludedElsewhere reports whether the claim says, without denying it,
// something of a thing that the sentence it follows leaves out and that
// the chunk names only to deny it: "Rabbits may travel in the car"
// against "Cats and dogs may travel in the car. Rabbits and birds are not
// allowed."; "We ship to Norway" against "We ship to all EU countries. We
// do not ship to Norway or Switzerland." The denying part (of a sentence
// cut at ";") says nothing but the claim's words, things listed with them
// ("… or Switzerland"), its cue and a word of [permission] ("allowed"),
// so a denial of something else about the thing ("Express orders do not
// need a signature") is no exclusion. A part that limits the thing to
// something the claim does not say ("Diebstahl ist nur im Tarif Premium
// versichert", restrictedToOther) excludes it as a denial does. A claim
// that denies or excepts in its own words ("all EU countries except
// Norway") is left alone, as is a thing the chunk also names without a
// denial or a limit. closest is the normalised
// words of the window's sentence the claim follows; chunk the text the
// window is part of.
func excludedElsewhere(l *lang.Language, c *claim, ev *evidence, closest []string, chunk string) bool {
	cw := claimWords(c, l)
	var absent []string
	for _, w := range cw {
		if contentWord(l, w) && !inClause(l, w, closest) && !slices.Contains(absent, w) {
			absent = append(absent, w)
		}
	}
	// A byte test before the chunk is cut: a word the chunk never
	// mentions is in none of its parts.
	if absent = slices.DeleteFunc(absent, func(w string) bool { return !mentions(chunk, w) }); len(absent) == 0 {
		return false
	}
	for i, w := range cw {
		if l.IsNegativeWord(w) || cueIn(l, cw, i) > 0 || l.ExceptionAt(cw, i) > 0 {
			return false
		}
	}
	for _, w := range absent {
		denied, affirmed := false, false
		// One part that says the word without denying it is enough.
		for _, p := range ev.semiParts(l, chunk) {
			if !mentions(p.text, w) || !inClause(l, w, p.read(l)) {
				continue
			}
			if p.denies && onlyDenies(l, cw, p.words) || restrictedToOther(l, cw, p.words) || valuedOtherwise(l, c, cw, w, p) {
				denied = true
			} else {
				affirmed = true
				break
			}
		}
		if denied && !affirmed {
			return true
		}
	}
	return false
}

// closestPart is the words of the part (between semicolons) of the
// window's sentence that holds most of the claim's content words, or the
// sentence's words, closest, when it has one part: "La tarifa Casa
// incluye llamadas ilimitadas a fijos; las llamadas a móviles cuestan 5
// céntimos" leaves "móviles" out of the part a claim about unlimited
// calls follows.
func closestPart(l *lang.Language, c *claim, closest []string, text string) []string {
	if strings.IndexByte(text, ';') < 0 {
		return closest
	}
	best, most := closest, -1
	for _, p := range claimParts(l, c, text) {
		if p.held > most {
			best, most = p.words, p.held
		}
	}
	return best
}

// restrictedToOther reports whether ws limit what they say with a word
// of [restrictors] to something the claim's words cw do not say: every
// content word before the restrictor is the claim's, and none after it
// ("Diebstahl ist nur im Tarif Premium versichert" for a claim naming no
// Premium; "the sauna is reserved for Premium members" says the limit).
func restrictedToOther(l *lang.Language, cw, ws []string) bool {
	at := slices.IndexFunc(ws, l.IsRestrictor)
	if at < 0 || at > 0 && l.IsNegationWord(ws[at-1]) { // "not only" adds
		return false
	}
	claims := func(w string) bool { return !contentWord(l, w) || isFigure(l, w) || inClause(l, w, cw) }
	said := func(w string) bool { return contentWord(l, w) && !isFigure(l, w) && inClause(l, w, cw) }
	return allOf(ws[:at], claims) && !slices.ContainsFunc(ws[at+1:], said) && slices.ContainsFunc(ws[at+1:], func(w string) bool {
		return !claims(w) && l.PermitsAt([]string{w}, 0) == 0
	})
}

// valuedOtherwise reports whether part, short and about w (among its
// first four words), gives w an amount or a percentage of its own where
// the claim gives w, in one clause with it, another of that kind, or
// calls it unlimited or free and the part prices it: "Uw
// bagage is verzekerd tot €3.000 per persoon, ook telefoons en laptops"
// against "… Voor telefoons en laptops geldt een maximum van €750 per
// reis." A claim with a clause join between its figure and w ("Shipping
// costs €5 and express delivery is available") says w apart from it.
func valuedOtherwise(l *lang.Language, c *claim, cw []string, w string, part *semiPart) bool {
	// In English, where the tagger reads the claim, w is a thing only in
	// one of its noun phrases: "pay" of "International students also pay a
	// £2,000 deposit" is no thing given a value.
	if c.tongue.code == "en" && len(c.phrases) > 0 && !slices.ContainsFunc(c.phrases, func(p nounphrase.Phrase) bool { return slices.Contains(p.Words, w) }) {
		return false
	}
	iw, iq := slices.Index(cw, w), slices.IndexFunc(cw, func(x string) bool { return isFigure(l, x) })
	// A claim calling w unlimited or free gives it no price either:
	// "llamadas ilimitadas a móviles" against "las llamadas a móviles
	// cuestan 5 céntimos".
	whole := len(c.quantities) == 0 || iq < 0
	if whole {
		iq = slices.IndexFunc(cw, func(x string) bool { return l.IsUnlimited(x) || l.IsFreeWord(x) })
	}
	if iw < 0 || iq < 0 {
		return false
	}
	for k := min(iw, iq); k < max(iw, iq); k++ {
		if l.ClauseJoinAt(cw, k) > 0 {
			return false
		}
	}
	// The part is about w: w among its first four words, the part short.
	pw := part.words // read by the caller
	if len(pw) > 16 || !slices.ContainsFunc(pw[:min(4, len(pw))], func(x string) bool { return inClause(l, w, []string{x}) }) {
		return false
	}
	for _, pq := range findQuantitiesIn(l, part.text) {
		switch {
		case pq.Weak:
		case whole:
			// Priced or capped: an amount, a share or a count ("5p per
			// minute", "5 céntimos", "100 minutes"); a period says when,
			// not how much.
			if pq.Kind == "money" || pq.Kind == "percent" || pq.Kind == "number" && !strings.HasPrefix(pq.Unit, "time:") {
				return true
			}
		case pq.Kind != "money" && pq.Kind != "percent" || slices.ContainsFunc(c.quantities, func(q quantity) bool { return sameValue(q, pq) }):
		case slices.ContainsFunc(c.quantities, func(q quantity) bool { return !q.Weak && q.Kind == pq.Kind }):
			return true
		}
	}
	return false
}

// onlyDenies reports whether every content word of ws is a word of the
// claim's words cw, a negation or [permission] word, or listed with a
// word of the claim (a word of [list-joins] and stopwords alone between
// them: "Rabbits and birds", "Schweiz und nach Norwegen").
func onlyDenies(l *lang.Language, cw, ws []string) bool {
	for i, x := range ws {
		if !contentWord(l, x) || inClause(l, x, cw) || l.IsNegationWord(x) || l.IsNegativeWord(x) || l.PermitsAt(ws, i) > 0 {
			continue
		}
		if !listedWithClaim(l, cw, ws, i) {
			return false
		}
	}
	return true
}

// listedWithClaim reports whether ws[i] is joined to a word of the claim
// within three words before or after it by a list join, with stopwords
// alone besides.
func listedWithClaim(l *lang.Language, cw, ws []string, i int) bool {
	for _, step := range []int{-1, 1} {
		joined := false
	side:
		for k := i + step; k >= 0 && k < len(ws) && k-i <= 3 && i-k <= 3; k += step {
			switch x := ws[k]; {
			case l.IsListJoin(x):
				joined = true
			case contentWord(l, x):
				if joined && inClause(l, x, cw) {
					return true
				}
				break side // another thing between: not listed with the claim's
			}
		}
	}
	return false
}

// eachSentence calls fn with each sentence of text, cut at a full stop,
// "!" or "?" before a space or the end, not after a day's number ("12.
// Mai") or an abbreviation.
func eachSentence(l *lang.Language, text string, fn func(string)) {
	for rest := text; rest != ""; {
		end := len(rest)
		for i := 0; i+1 < len(rest); i++ {
			if endsSentence(rest, i) && !dayDot(l, rest, i) && !abbreviationDot(l, rest, i) {
				end = i + 1
				break
			}
		}
		fn(rest[:end])
		rest = rest[end:]
	}
}

// mentions reports whether text may hold the normalised word w: a byte
// test, as normalising keeps a word's letters. Its first letter is
// passed over, as its capital may not be an ASCII letter ("Österreich").
func mentions(text, w string) bool {
	_, n := utf8.DecodeRuneInString(w)
	return containsFold(text, w[n:])
}

// semiPart is a part of a chunk's sentence between semicolons: its text,
// and once read its normalised words and whether they hold a negation
// cue or a negative word.
type semiPart struct {
	text   string
	words  []string // nil: not read yet
	denies bool
}

// read gives the part's words, normalising them the first time.
func (p *semiPart) read(l *lang.Language) []string {
	if p.words == nil {
		p.words = normalisedWords(l, p.text)
		p.denies = hasCue(l, p.words) || slices.ContainsFunc(p.words, l.IsNegativeWord)
	}
	return p.words
}

// semiParts are the parts of text's sentences, cut once per chunk text
// however many claims ask; each is read as a claim needs it.
func (ev *evidence) semiParts(l *lang.Language, text string) []*semiPart {
	for _, c := range ev.semis {
		if c.text == text {
			return c.parts
		}
	}
	var parts []*semiPart
	eachSentence(l, text, func(s string) {
		for p := range strings.SplitSeq(s, ";") {
			parts = append(parts, &semiPart{text: p})
		}
	})
	ev.semis = append(ev.semis, semiCache{text, parts})
	return parts
}

type semiCache struct {
	text  string
	parts []*semiPart
}

// universalRestricted reports whether the claim says of every one of a
// kind ([universals]: "Iedere gebruiker kan collega's toevoegen", "Any
// user can add colleagues") what a part of the chunk limits to others
// with a word of [restrictors] ("Alleen beheerders kunnen gebruikers
// toevoegen of verwijderen", "Only administrators can add or remove
// users"): after the restrictor, a thing the claim does not name, then
// nothing but the claim's words and things listed with them, one of them
// besides the kind. A limit to the claim's own kind ("Every admin can add
// users" against "Only administrators …") or about something else ("Only
// the Pro plan includes priority support") is none.
func universalRestricted(l *lang.Language, c *claim, ev *evidence, chunk string) bool {
	cw := claimWords(c, l)
	u := slices.IndexFunc(cw, l.IsUniversal)
	if u < 0 || !l.MayRestrict(chunk) {
		return false
	}
	kind := ""
	for _, w := range cw[u+1:] {
		if contentWord(l, w) {
			kind = w
			break
		}
	}
	if u, unit := l.Unit(kind); kind == "" || unit && strings.HasPrefix(u, "time:") || l.IsPeriodWord(kind) {
		return false // "each week", "every month": a period, no kind with members
	}
	for _, p := range ev.semiParts(l, chunk) {
		if !l.MayRestrict(p.text) {
			continue
		}
		ws := p.read(l)
		r := slices.IndexFunc(ws, l.IsRestrictor)
		if r < 0 || r > 0 && l.IsNegationWord(ws[r-1]) { // "not only" adds
			continue
		}
		y := slices.IndexFunc(ws[r+1:], func(w string) bool { return contentWord(l, w) })
		if y < 0 || inClause(l, ws[r+1+y], cw) {
			continue
		}
		rest, shared := ws[r+2+y:], false
		ok := len(rest) > 0
		for i, w := range rest {
			switch {
			case !contentWord(l, w):
			case inClause(l, w, cw):
				shared = shared || !sameWordRoot(l, w, kind)
			case !listedWithClaim(l, cw, rest, i):
				ok = false
			}
		}
		if ok && shared {
			return true
		}
	}
	return false
}
