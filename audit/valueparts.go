package audit

import (
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// otherPartAmount is the claim's amount that the window's sentence closest
// to the claim gives another thing (valueOfOtherPart), as a list of one;
// nil for none. Read only where no other number check found one.
func otherPartAmount(l *lang.Language, c *claim, window string) []string {
	if !slices.ContainsFunc(c.quantities, placeable) {
		return nil // most claims: no amount to place
	}
	_, _, sentence := c.nearest(l, window)
	if x := valueOfOtherPart(l, c, sentence); x != "" {
		return []string{x}
	}
	return nil
}

// valueOfOtherPart returns the claim's one amount that the window's
// sentence gives one thing where it gives another amount of the kind to
// the thing the claim names: "Wie vergeet uit te checken in de trein,
// betaalt € 4,00" against "het instaptarief van € 4,00 voor bus, tram en
// metro en € 20,00 voor de trein"; "Im Zug zahlen Sie 4 €" against "Bus
// und Tram kosten 4 €, der Zug 20 €". Each amount's part of the sentence
// is what follows it up to the next amount where every amount is followed
// by a stopword that is no per-word ("voor", "for", "für"), else what
// precedes it back to the amount before (valueParts). The claim names a
// word only the other amount's part holds and none only its own amount's
// part holds; the first part, which opens the sentence, names another
// thing only where it names days ("beträgt 20 € pro Tag, höchstens 150 €"
// names none). Two amounts joined as a range are one group; a part that
// names no thing of its own ("€13.90 without", "from €29.99 to €34.99")
// gives no parts. "" for none.
func valueOfOtherPart(l *lang.Language, c *claim, sentence string) string {
	claimed := amountGroups(l, c.plain, c.quantities)
	switch len(claimed) {
	case 0:
		return ""
	case 1:
		return amountOfOtherPart(l, claimed[0][0], normalisedWords(l, amountClause(c.plain, claimed[0])), sentence, nil)
	}
	// Several amounts: each with its own part of the claim ("De lunes a
	// viernes … de 8:00 a 21:00 y los fines de semana de 6:00 a 23:00"),
	// read only where the sentence puts each thing on the same side of
	// its amount as the claim does.
	parts, after := valueParts(l, c.plain, claimed)
	for i, g := range claimed {
		if x := amountOfOtherPart(l, g[0], parts[i], sentence, &after); x != "" {
			return x
		}
	}
	return ""
}

// amountOfOtherPart is valueOfOtherPart of one amount q of the claim,
// whose part of the claim says the words cw; side, where not nil, is the
// side of its amount the claim puts each thing on, which the sentence
// must share.
func amountOfOtherPart(l *lang.Language, q quantity, cw []string, sentence string, side *bool) string {
	groups, at := groupsStating(l, q, sentence)
	if at < 0 {
		return ""
	}
	parts, after := valueParts(l, sentence, groups)
	if side != nil && *side != after {
		return "" // "between 7% and 13%, with … up to 20%" against "(with … up to 20%)"
	}
	for _, p := range parts {
		if !slices.ContainsFunc(p, func(w string) bool { return !l.IsStopword(w) && !isFigure(l, w) }) {
			return "" // a part without a thing of its own: "€13.90 without", "rises from €29.99 to €34.99"
		}
	}
	var opening []string // where parts follow their amounts, the words before the first name the sentence's subject, every part's
	if after {
		opening = normalisedWords(l, sentence[:groups[0][0].Start])
	}
	named := func(k int) []string { return namedInPart(l, cw, parts, k, opening) }
	own := named(at)
	lead := !after && at == 0 // the words before the first amount open the sentence: what they name may be every amount's
	for k, g := range groups {
		if k == at || lead && !joinedPart(l, sentence[endOf(groups[k-1]):g[0].Start]) {
			continue
		}
		other := named(k)
		if !after && k == 0 && !slices.ContainsFunc(other, l.InRanged) {
			continue // the words before the first amount open the sentence: its subject, unless they name its days ("de lunes a viernes")
		}
		if len(other) > 0 && !slices.ContainsFunc(other, func(w string) bool { return slices.Contains(own, w) }) &&
			(lead || !slices.ContainsFunc(own, func(w string) bool { return !slices.Contains(other, w) })) {
			return q.Raw
		}
	}
	return ""
}

// groupsStating are the amount groups of sentence of q's kind and unit,
// and the one that states q (-1 where none does, or two do, or the
// sentence gives fewer than two).
func groupsStating(l *lang.Language, q quantity, sentence string) ([][]quantity, int) {
	var qs []quantity
	for _, p := range findQuantitiesIn(l, sentence) {
		if p.Kind == q.Kind && p.Unit == q.Unit {
			qs = append(qs, p)
		}
	}
	groups := amountGroups(l, sentence, qs)
	if len(groups) < 2 {
		return nil, -1
	}
	at := -1
	for k, g := range groups {
		if slices.ContainsFunc(g, func(p quantity) bool { return sameValue(p, q) }) {
			if at >= 0 {
				return nil, -1 // the claim's amount twice
			}
			at = k
		}
	}
	return groups, at
}

// namedInPart are the claim's content words cw ("sin" and "con" too) that
// part k holds, not every part does ("jusqu'à") and the sentence's opening
// does not.
func namedInPart(l *lang.Language, cw []string, parts [][]string, k int, opening []string) []string {
	holds := func(ws []string, w string) bool {
		return slices.ContainsFunc(ws, func(x string) bool { return sameWordRoot(l, x, w) })
	}
	var out []string
	for _, w := range cw {
		if (!l.IsStopword(w) || l.IsWith(w) || l.IsWithout(w)) && !isFigure(l, w) && holds(parts[k], w) && !holds(opening, w) &&
			slices.ContainsFunc(parts, func(p []string) bool { return !holds(p, w) }) {
			out = append(out, w)
		}
	}
	return out
}

// joinedPart reports whether the text from the end of the amount before
// a part to its amount opens the part as a clause of its own: after a comma or a
// semicolon, or with a word of [list-joins] ("… until 6 pm and on
// Saturdays until 1 pm", "Bus und Tram kosten 4 €, der Zug 20 €"); "6 pm
// CET (5 pm UK time)" joins none.
func joinedPart(l *lang.Language, text string) bool {
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, ",") || strings.HasPrefix(text, ";") {
		return true
	}
	first, _, _ := strings.Cut(text, " ")
	return l.IsListJoin(strings.ToLower(first))
}

// amountGroups are the amounts of text among qs that a claim may give one
// thing (money, percentages, measures, times of day), in order, the two
// ends of a range as one group ("€4 to €20", "van 8.00 tot 20.00 uur").
func amountGroups(l *lang.Language, text string, qs []quantity) [][]quantity {
	var out [][]quantity
	for _, p := range qs {
		if !placeable(p) {
			continue
		}
		if n := len(out); n > 0 {
			last := out[n-1][len(out[n-1])-1]
			if last.Kind == p.Kind && (joinsRange(l, text, last, p) || p.Kind == "time" && timesJoined(l, text, last, p)) {
				out[n-1] = append(out[n-1], p)
				continue
			}
		}
		out = append(out, []quantity{p})
	}
	return out
}

// placeable reports whether a claim may give q to one thing of several a
// sentence prices or times: an amount of money, a percentage, a time of
// day or a measure (a number with its unit).
func placeable(q quantity) bool {
	return q.Kind == "money" || q.Kind == "percent" || q.Kind == "time" || q.Kind == "number" && q.Unit != ""
}

// timesJoined reports whether two times of day are the ends of a range:
// a dash or a range word between them ("8.00 tot 20.00", "9 am to 6 pm").
func timesJoined(l *lang.Language, text string, a, b quantity) bool {
	end := a.Start + len(a.Raw)
	if end > b.Start {
		return false
	}
	gap := strings.Fields(strings.ToLower(text[end:b.Start]))
	if len(gap) == 0 || len(gap) > 2 {
		return len(gap) == 0 && strings.ContainsAny(text[end:b.Start], "-–")
	}
	return gap[0] == "-" || gap[0] == "–" || l.IsRangeWord(gap[0]) || l.JoinsRange(gap[0])
}

// valueParts are the words of each amount group's part of sentence (see
// valueOfOtherPart), groups in order, and whether each part follows its
// group.
func valueParts(l *lang.Language, sentence string, groups [][]quantity) ([][]string, bool) {
	after := true // every group followed by a stopword: the thing follows it
	for _, g := range groups {
		ws := normalisedWords(l, sentence[endOf(g):])
		after = after && len(ws) > 0 && l.IsStopword(ws[0]) && !l.IsPerWord(ws[0]) // "€80 per night" counts per night, names no thing
	}
	parts := make([][]string, len(groups))
	for k, g := range groups {
		from, to := endOf(g), len(sentence)
		if after && k+1 < len(groups) {
			to = groups[k+1][0].Start
			to = from + lastPartBreak(l, sentence[from:to]) // "within 3 days, express delivery €9.95": the next part's thing
		}
		if !after {
			from, to = 0, g[0].Start
			if k > 0 {
				from = endOf(groups[k-1])
				from += firstPartBreak(l, sentence[from:to]) // "20% off, so they pay 80%": the part before's words
			}
		}
		if from < to {
			parts[k] = normalisedWords(l, sentence[from:to])
		}
	}
	return parts, after
}

// endOf is where an amount group ends in its text.
func endOf(g []quantity) int { return g[len(g)-1].Start + len(g[len(g)-1].Raw) }

// amountClause is the part of the claim that gives its amount group g:
// from after the last semicolon before it to the first comma or
// semicolon after it ("Le samedi, nous sommes ouverts jusqu'à 18 h" keeps
// its topic; "A child's ticket costs €5, half the adult fare" loses what
// follows).
func amountClause(plain string, g []quantity) string {
	from := strings.LastIndexByte(plain[:g[0].Start], ';') + 1
	to := len(plain)
	if k := strings.IndexAny(plain[endOf(g):], ",;"); k >= 0 {
		to = endOf(g) + k
	}
	return plain[from:to]
}

// lastPartBreak is where the words between two amounts stop being the
// first's: at the last comma, semicolon or [list-joins] word ("for bus,
// tram and metro | and €20.00 for the train"), or at their end.
func lastPartBreak(l *lang.Language, text string) int {
	at := max(strings.LastIndexByte(text, ','), strings.LastIndexByte(text, ';'))
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			j = len(text) - i
		}
		if w := strings.Trim(text[i:i+j], ",;"); w != "" && l.IsListJoin(strings.ToLower(w)) && i > at {
			at = i
		}
		i += j + 1
	}
	if at <= 0 {
		return len(text)
	}
	return at
}

// firstPartBreak is where the words between two amounts start being the
// second's: after the first comma, semicolon or [list-joins] word ("20 €
// off, | so they pay"), or at their start.
func firstPartBreak(l *lang.Language, text string) int {
	at := len(text)
	if k := strings.IndexAny(text, ",;"); k >= 0 {
		at = k + 1
	}
	for i := 0; i < at; {
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			j = len(text) - i
		}
		if w := strings.Trim(text[i:i+j], ",;"); w != "" && l.IsListJoin(strings.ToLower(w)) {
			return min(at, i+j)
		}
		i += j + 1
	}
	if at == len(text) {
		return 0
	}
	return at
}
