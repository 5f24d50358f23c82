package audit

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// perSwapped returns a figure of the claim with what it is counted per
// ("€12 per account") where every place the chunk gives that figure it
// counts it per other things ("€12 per user per month"): the same number
// of something else. A claim leaving out what the chunk counts per ("€12
// per month" of "€12 per user per month") keeps its figure, and so does a
// chunk giving the figure with nothing per; "" for none.
func perSwapped(c *claim, ev *evidence) string {
	l, ok := lang.Get(c.tongue.code)
	if !ok || len(c.quantities) == 0 || !l.MayCountPer(c.plain) && !slices.ContainsFunc(claimWords(c, l), l.IsDistributive) {
		return "" // most claims count nothing per anything
	}
	text := plainSpaces(c.plain) // the quantities' offsets are into it
	for _, q := range c.quantities {
		if q.Kind != "money" && q.Kind != "number" && q.Kind != "percent" {
			continue
		}
		per, shown, loose, each := perNouns(l, text, q.Start+len(q.Raw))
		if len(per) == 0 {
			per, shown = perOpening(l, text, q.Start)
		}
		if len(per) == 0 {
			continue
		}
		// What the claim reaches across an article ("3 € mensuales por la
		// tarjeta": for the card) is no count per a thing the chunk lacks;
		// nor what it gives "each" of where the chunk names that thing
		// ("£15 for every half hour begun" of "per started half hour").
		firm := slices.DeleteFunc(slices.Clone(per), func(p string) bool {
			return slices.Contains(loose, p) || slices.Contains(each, p) && ev.stems.has(hashWord(p))
		})
		value := q.Key[strings.LastIndexByte(q.Key, ':')+1:]
		other, agrees := false, false
		for _, fs := range ev.figureSets() {
			for i := range fs.found {
				if !fs.valueIs(i, value) {
					continue
				}
				k := fs.at(i)
				kper, _, _, _ := perNouns(l, fs.text, k.Start+len(k.Raw))
				kper = append(kper, periodsLater(l, fs.text, k.Start+len(k.Raw))...)
				if len(kper) == 0 || !slices.ContainsFunc(firm, func(p string) bool { return !countedPer(l, kper, p) }) {
					agrees = true
				} else {
					other = true
				}
			}
		}
		if other && !agrees {
			return q.Raw + " " + shown
		}
	}
	return ""
}

// totalGivenPer returns a figure the claim gives in total ("£75 in
// total", "insgesamt 75 €", "un total de 75 €": a word of [total-words]
// two words or fewer from it, in its clause) where every place the chunk
// gives that figure it counts it per a thing ("£75 per fuel"): the total
// is another figure; "" for none.
func totalGivenPer(c *claim, ev *evidence) string {
	l, ok := lang.Get(c.tongue.code)
	if !ok || len(c.quantities) == 0 || !slices.ContainsFunc(claimWords(c, l), l.IsTotalWord) {
		return ""
	}
	text := plainSpaces(c.plain)
	for _, q := range c.quantities {
		if q.Kind != "money" && q.Kind != "number" && q.Kind != "percent" {
			continue
		}
		end := q.Start + len(q.Raw)
		before := clauseWords(text[:q.Start], true)
		before = before[max(len(before)-2, 0):]
		near := append(slices.Clone(before), clauseWordsWithin(text, end, 2, 32, true)...)
		pool := slices.IndexFunc(near, func(w string) bool { return l.IsTotalWord(l.Normalize(w)) })
		if pool < 0 {
			continue
		}
		if per, _, _, _ := perNouns(l, text, end); len(per) > 0 {
			continue
		}
		value := q.Key[strings.LastIndexByte(q.Key, ':')+1:]
		perOnly, bare := false, false
		for _, fs := range ev.figureSets() {
			for i := range fs.found {
				if !fs.valueIs(i, value) {
					continue
				}
				k := fs.at(i)
				if kper, _, _, _ := perNouns(l, fs.text, k.Start+len(k.Raw)); len(kper) > 0 {
					perOnly = true
				} else {
					bare = true
				}
			}
		}
		if perOnly && !bare {
			if pool < len(before) {
				return strings.Join(before[pool:], " ") + " " + q.Raw // "insgesamt 30 €"
			}
			return q.Raw + " " + strings.Join(near[len(before):pool+1], " ") // "£75 in total"
		}
	}
	return ""
}

// periodsLater are the stems of the units of [per-phrases] said later in
// the clause of the chunk's figure ending at text[end] ("$15 per seat on
// monthly billing" is per month too), which perNouns reads only right
// after the figure or what it is counted per.
func periodsLater(l *lang.Language, text string, end int) []string {
	ws := clauseWordsWithin(text, end, 8, 64, true)
	var out []string
	for k, w := range ws {
		if _, count := countOf(l, w); count || startsWithDigitOrSign(w) {
			break // another figure's: "5 ml … dos veces al día" counts times per day, not ml
		}
		if unit, n := l.PerPhraseAt(ws, k); n > 0 {
			out = append(out, l.Stem(unit))
		}
	}
	return out
}

// countedPer reports whether per, the stems a figure of the chunk is
// counted per, hold p: the stem itself, another word for the same thing
// ("per traveller" of "per person"), one of the same unit ("je
// Kilowattstunde" of "pro kWh"), or, in a language of compounds, one
// whose head p is ("per jaar" of "per kalenderjaar").
func countedPer(l *lang.Language, per []string, p string) bool {
	if slices.Contains(per, p) || slices.ContainsFunc(per, func(k string) bool { return l.SamePer(k, p) }) {
		return true
	}
	if l.Compounds && len(p) >= 3 && slices.ContainsFunc(per, func(k string) bool { return strings.HasSuffix(k, p) }) {
		return true
	}
	u, ok := l.UnitOfStem(p)
	return ok && slices.ContainsFunc(per, func(k string) bool { v, ok := l.UnitOfStem(k); return ok && v == u })
}

// perNouns are the stems of what the figure ending at text[end] is
// counted per, in the words after it within its clause ("per user per
// month": user, month; "of storage per user": user), and those words as
// written ("pro Zimmer", never "pro zimmer": messages quote the claim);
// loose are those reached across an article ("por la tarjeta"), which
// may say what it is for rather than what it is counted per; each those
// after a distributive ("on each device", "en cada dispositivo").
func perNouns(l *lang.Language, text string, end int) (stems []string, shown string, loose, each []string) {
	written := clauseWordsWithin(text, end, 8, 64, false) // room for "applies once per calendar year"
	ws := make([]string, len(written))
	for i, w := range written {
		ws[i] = strings.ToLower(w)
	}
	var parts []string
	after := -1 // the word after what the figure was last counted per
	for k := 0; k < len(ws); k++ {
		if k > 0 && startsWithDigitOrSign(ws[k]) {
			break // another figure: what follows is counted for it ("pro Monat und 32,5 Cent je kWh")
		}
		// "€30,000 a year", "25 € monatlich", "300 € al mes": counted per
		// the phrase's unit, said right after the figure (or its unit) or
		// after what it is counted per ("12 € por usuario al mes").
		if k <= 1 || k == after {
			if unit, n := l.PerPhraseAt(ws, k); n > 0 {
				stems = append(stems, l.Stem(unit))
				parts = append(parts, strings.Join(written[k:k+n], " "))
				k += n - 1
				after = k + 1
				continue
			}
		}
		// "on each device", "en cada dispositivo" count per device too.
		if !l.IsPerWord(ws[k]) && !l.IsDistributive(l.Normalize(ws[k])) {
			if len(stems) == 0 && k >= 4 { // the first "per" comes soon after the figure ("15 GB of high-speed data per line")
				break
			}
			continue
		}
		for n := k + 1; n < len(ws) && n <= k+2; n++ { // an article may come between
			w := l.Normalize(ws[n])
			if w == "" || l.IsStopword(w) || l.IsUniversal(w) { // "por cada noche" is per night
				continue
			}
			if n > k+1 && l.IsStopword(l.Normalize(ws[k+1])) {
				loose = append(loose, l.Stem(w))
			}
			if !l.IsPerWord(ws[k]) {
				each = append(each, l.Stem(w))
			}
			stems = append(stems, l.Stem(w))
			parts = append(parts, written[k]+" "+written[n])
			k = n
			stems, loose, parts, k = perModified(l, ws, written, k, stems, loose, parts) // "per insured person": per the noun
			// "per calendar year" is per year as well.
			if k+1 < len(ws) && l.IsPerUnit(l.Normalize(ws[k+1])) {
				stems = append(stems, l.Stem(l.Normalize(ws[k+1])))
				parts[len(parts)-1] += " " + written[k+1]
				k++
			}
			// "por persona y noche": counted per person and per night; not
			// "pro Monat und 32,5 Cent …", the next figure's, nor "por
			// alquiler y baja la franquicia" or "par mois et donne accès",
			// a verb before its object.
			if k+2 < len(ws) && l.IsListJoin(ws[k+1]) && (k+3 >= len(ws) || perListGoesOn(l, l.Normalize(ws[k+3]))) {
				if w := l.Normalize(ws[k+2]); w != "" && !l.IsStopword(w) && !startsWithDigitOrSign(w) {
					stems = append(stems, l.Stem(w))
					parts[len(parts)-1] += " " + written[k+1] + " " + written[k+2]
					k += 2
				}
			}
			after = k + 1
			break
		}
	}
	return stems, strings.Join(parts, " "), loose, each
}

// givesEach reports whether the claim gives a figure to each or per
// something: what sharedGivenEach reads, tested before the window's
// closest sentence is read for it.
func givesEach(l *lang.Language, c *claim) bool {
	if len(c.quantities) == 0 {
		return false
	}
	cw := claimWords(c, l)
	return slices.ContainsFunc(cw, l.IsDistributive) || perSomething(l, cw)
}

// perSomething reports whether words give a figure per a thing: a word of
// [per-words] before one that is no figure ("pro Jahr"); before a figure
// it is "for" ("sale por 29,90 €").
func perSomething(l *lang.Language, words []string) bool {
	for i, w := range words {
		if l.IsPerWord(w) && i+1 < len(words) && !isFigure(l, words[i+1]) {
			return true
		}
	}
	return false
}

// sharedGivenEach returns a figure the claim gives each of a kind (a word
// of [distributives]: "Each member gets 100 GB", "200 Go à chacune des
// quatre lignes") or per something (a word of [per-words]: "höchstens
// 1.000 € pro Jahr") where a part (between semicolons) of sentence, the
// window's sentence the claim follows, gives that number to share or in
// total (a word of [pool-words], none of [distributives] on the claim's
// kind, and, against
// a claim's "per", none of [per-words]: "100 GB per workspace, shared by
// all members", "across the whole household", "partager 200 Go entre
// quatre lignes", "auf insgesamt 1.000 € begrenzt"); "" for none.
func sharedGivenEach(l *lang.Language, c *claim, sentence string) string {
	if !givesEach(l, c) {
		return ""
	}
	cw := claimWords(c, l)
	each := false
	var kinds []string // what the claim gives each: "member" of "Each member of a research group"
	for i, w := range cw {
		if l.IsDistributive(w) && !unitOfTimeAfter(l, cw, i) { // "each month" is a rate, no share
			each = true
			kinds = append(kinds, contentAfter(l, cw, i, 1)...)
		}
	}
	if !each && !perSomething(l, cw) {
		return ""
	}
	// A distributive of the part on the claim's kind gives each its own;
	// one on another kind does not ("Each research group shares a
	// single 2 TB quota" against "Each member … has 2 TB").
	eachOfKind := func(ws []string) bool {
		for i, w := range ws {
			if l.IsDistributive(w) && (len(kinds) == 0 || slices.ContainsFunc(contentAfter(l, ws, i, 2), func(x string) bool {
				return slices.ContainsFunc(kinds, func(k string) bool { return sameWordRoot(l, k, x) })
			})) {
				return true
			}
		}
		return false
	}
	for part := range strings.SplitSeq(sentence, ";") { // "…; files can be shared with anyone" shares no figure
		ws := normalisedWords(l, part)
		if !slices.ContainsFunc(ws, l.IsPoolWord) || eachOfKind(ws) || !each && slices.ContainsFunc(ws, l.IsPerWord) {
			continue
		}
		for _, q := range c.quantities {
			if number, _, _ := strings.Cut(q.Raw, " "); !q.Weak && slices.Contains(ws, strings.ToLower(number)) {
				return q.Raw
			}
		}
	}
	return ""
}

// pointsAsPercent returns a percentage of the claim that the chunk gives
// only in percentage points ("steigt um 2 Prozent" against "um 2
// Prozentpunkte", "subirá un 0,5 %" against "0,5 puntos porcentuales"),
// "" for none: a change of a rate by points is another change.
func pointsAsPercent(l *lang.Language, c *claim, chunk string) string {
	var plain []quantity
	for _, q := range c.quantities {
		if q.Kind == "percent" && !l.SaysPoints(q.Raw) {
			plain = append(plain, q)
		}
	}
	if len(plain) == 0 || !l.MayCountPoints(chunk) {
		return "" // the claim's test first: most claims give no percentage
	}
	stated := findQuantitiesIn(l, chunk)
	for _, q := range plain {
		points, percent := false, false
		for _, w := range stated {
			if sameValue(q, w) && w.Kind == "percent" {
				points, percent = points || l.SaysPoints(w.Raw), percent || !l.SaysPoints(w.Raw)
			}
		}
		if points && !percent {
			return q.Raw
		}
	}
	return ""
}

// perListGoesOn reports whether w, after "per X and Y", leaves Y a thing
// counted per: a stopword that opens no noun phrase ("por persona y noche
// en temporada alta"), not a determiner ("por alquiler y baja la
// franquicia") nor a content word ("par mois et donne accès": a verb and
// its object).
func perListGoesOn(l *lang.Language, w string) bool {
	return l.IsStopword(w) && !l.IsDeterminer(w)
}

// perModified takes the noun after ws[k] where ws[k] modifies it, of what a figure
// is counted per ("pro versicherter Person"): the noun is counted per,
// the modifier is loose (no thing of its own to demand of the chunk).
func perModified(l *lang.Language, ws, written []string, k int, stems, loose, parts []string) ([]string, []string, []string, int) {
	if k+1 >= len(ws) || !modifiesNext(l, written[k], written[k+1]) {
		return stems, loose, parts, k
	}
	stems, loose = append(stems, l.Stem(l.Normalize(ws[k+1]))), append(loose, l.Stem(l.Normalize(ws[k])))
	parts[len(parts)-1] += " " + written[k+1]
	return stems, loose, parts, k + 1
}

// modifiesNext reports whether the word a, written before b, is a
// modifier of the noun b rather than a noun of its own: in German a
// lower-case word before a capitalised one ("versicherter Person"), in
// English and Dutch a participle or adjective by its ending ("insured
// person", "additional user", "verzekerde persoon"; a Dutch strong
// participle by its "ge-" and "-en": "per gereden kilometer", where a
// noun after "per" is singular).
func modifiesNext(l *lang.Language, a, b string) bool {
	w := l.Normalize(strings.ToLower(b))
	if w == "" || l.IsStopword(w) || startsWithDigitOrSign(w) || l.IsPerWord(w) || l.IsListJoin(w) {
		return false
	}
	ra, _ := utf8.DecodeRuneInString(a)
	rb, _ := utf8.DecodeRuneInString(b)
	switch l.Code {
	case "de":
		return unicode.IsLower(ra) && unicode.IsUpper(rb)
	case "en":
		return strings.HasSuffix(a, "ed") || strings.HasSuffix(a, "ing") || strings.HasSuffix(a, "al")
	case "nl":
		return strings.HasSuffix(a, "de") || strings.HasSuffix(a, "te") || strings.HasPrefix(a, "ge") && strings.HasSuffix(a, "en")
	}
	return false
}

// unitOfTimeAfter reports whether the word after ws[i] is a unit of time:
// "each month", "jeden Monat", "chaque mois".
func unitOfTimeAfter(l *lang.Language, ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	u, ok := l.Unit(ws[i+1])
	return ok && strings.HasPrefix(u, "time:")
}

// perOpening is what a figure is counted per where its clause opens with
// it ("Pro Echtzeitüberweisung können Sie bis zu 5.000 € senden", "Per
// transaction you can send up to €5,000"): a word of [per-words] or
// [distributives] first ("Chaque minute … coûte 2,50 €"), then a noun. Only the claim's side is read so: a chunk's figure counted
// per nothing after it agrees with anything.
func perOpening(l *lang.Language, text string, start int) ([]string, string) {
	ws := clauseWordsCased(text[:start], true, false)
	if len(ws) < 3 || !l.IsPerWord(strings.ToLower(ws[0])) && !l.IsDistributive(l.Normalize(strings.ToLower(ws[0]))) {
		return nil, "" // "Chaque minute d'appel … vous coûte 2,50 €" opens with a distributive
	}
	w := l.Normalize(strings.ToLower(ws[1]))
	if w == "" || l.IsStopword(w) || startsWithDigitOrSign(w) || l.IsUniversal(w) {
		return nil, ""
	}
	return []string{l.Stem(w)}, ws[0] + " " + ws[1]
}
