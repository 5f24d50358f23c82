package audit

import (
	"context"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// listClaims joins a list whose last item alone carries a citation into one
// claim of that citation: "- Visa\n- Klarna\n- PayPal [1]" is how answers
// cite a list as a whole, and reading the marker as PayPal's only would
// pass Klarna unchecked, or report the earlier items uncited while the
// citation counts as supported. A list is a run of list items on
// consecutive lines; it is joined when its last item ends with its marker
// group and no other item has a marker. A list with markers on several
// items keeps one claim an item; a lead-in line ("We accept:") is not an
// item and stays a sentence of its own, as a new paragraph does.
func listClaims(content string, sents []sentence) []sentence {
	var out []sentence // nil until a list is joined: most answers have none
	for i := 0; i < len(sents); {
		j := listEnd(content, sents, i)
		if j > i+1 && citesWholeList(content, sents[i:j]) {
			if out == nil {
				out = slices.Clone(sents[:i])
			}
			out = append(out, joinItems(content, sents[i:j]))
		} else if out != nil {
			out = append(out, sents[i:j]...)
		}
		i = j
	}
	if out == nil {
		return sents
	}
	return out
}

// listEnd returns the end of the list that starts at sents[i]: the index
// after its last item (i+1 when sents[i] opens no list of several items).
func listEnd(content string, sents []sentence, i int) int {
	if !sents[i].ListItem || !startsLine(content, sents[i].Start) {
		return i + 1
	}
	j := i + 1
	for j < len(sents) && sents[j].ListItem && nextLine(content[sents[j-1].End:sents[j].Start]) {
		j++
	}
	return j
}

// startsLine reports whether only spaces come before pos on its line.
func startsLine(content string, pos int) bool {
	line := content[strings.LastIndexByte(content[:pos], '\n')+1 : pos]
	return strings.TrimSpace(line) == ""
}

// nextLine reports whether gap, the text between two sentences, is one
// line break and spaces: the second starts the line after the first.
func nextLine(gap string) bool {
	return strings.Count(gap, "\n") == 1 && strings.TrimSpace(gap) == ""
}

// citesWholeList reports whether the last of items alone has markers, and
// they close it: after its first marker come only markers, spaces and
// punctuation ("PayPal [1].", "PayPal. [1][2]").
func citesWholeList(content string, items []sentence) bool {
	last := items[len(items)-1]
	if len(last.Markers) == 0 {
		return false
	}
	for _, it := range items[:len(items)-1] {
		if len(it.Markers) > 0 {
			return false
		}
	}
	tail := content[last.Markers[0].Start:last.End]
	tail = StripMarkers(tail, localMarkers(last.Markers[0].Start, last.Markers))
	return strings.IndexFunc(tail, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0
}

// joinItems is the one claim of a list's items: its text the list as
// written, its words each item's words ended as a sentence, so that the
// checks read "Visa. Klarna. PayPal." rather than one run-on sentence.
func joinItems(content string, items []sentence) sentence {
	first, last := items[0], items[len(items)-1]
	plains := make([]string, 0, len(items))
	var unread []Marker
	for _, it := range items {
		p := it.Plain
		if r, _ := utf8.DecodeLastRuneInString(p); p != "" && !strings.ContainsRune(".!?;:…", r) {
			p += "."
		}
		plains = append(plains, p)
		unread = append(unread, it.Unread...)
	}
	return sentence{Start: first.Start, End: last.End, Text: content[first.Start:last.End],
		Plain: strings.Join(plains, " "), Markers: last.Markers, Unread: unread, ListItem: true, Items: slices.Clone(items)}
}

// judgeList makes the findings of a whole list's claim: one a citation,
// as for any claim, each the worst of its items' (an item the chunk does
// not support makes the list's citation unsupported), shown on the list.
// Each item is judged as a claim of its own because a list's words read
// together hide an item they lack: "Visa. Klarna. PayPal." shares two
// names of three with a chunk that accepts Visa and PayPal.
func (m *messageAudit) judgeList(ctx context.Context, f Finding, items []*claim, pairs []pair, out []Finding) ([]Finding, error) {
	shown := m.shown
	var worst []Finding
	var claimVerdict Finding // the claim's verdict over its chunks: the worst item's
	for _, c := range items {
		m.shown = maps.Clone(shown) // a passage shown for an item not kept is not shown
		fs, err := m.judgeClaim(ctx, f, c, pairs, nil)
		if err != nil {
			return nil, err
		}
		if worst == nil {
			worst, claimVerdict = fs, fs[0]
			continue
		}
		if worseThan(fs[0].SentenceVerdict, fs[0].SentenceScore, claimVerdict.SentenceVerdict, claimVerdict.SentenceScore) {
			claimVerdict = fs[0]
		}
		for j := range fs {
			if worseThan(fs[j].Verdict, fs[j].SupportScore, worst[j].Verdict, worst[j].SupportScore) {
				worst[j] = fs[j]
			}
		}
	}
	m.shown = shown
	for j := range worst {
		worst[j].SentenceVerdict, worst[j].SentenceScore = claimVerdict.SentenceVerdict, claimVerdict.SentenceScore
		worst[j].SentenceSignals = claimVerdict.SentenceSignals
		if worst[j].MatchedText != "" {
			m.showOnce(&worst[j], pairs[j].chunk)
		}
	}
	return append(out, worst...), nil
}

// verdictRank orders a citation's verdicts from the best: an unsupported
// item outweighs one that cannot be checked, which outweighs a supported.
var verdictRank = map[string]int{Supported: 0, NotAuditable: 1, Unsupported: 2, Fabricated: 3}

// worseThan reports whether verdict v with score p is worse than w with
// score q: a worse verdict, or the same one with a lower score.
func worseThan(v string, p *Score, w string, q *Score) bool {
	if verdictRank[v] != verdictRank[w] {
		return verdictRank[v] > verdictRank[w]
	}
	return p != nil && q != nil && *p < *q
}

// itemClaims makes the claims of the items of sentence i, a whole list,
// in the list's language, and adds them to the claims to embed.
func (m *messageAudit) itemClaims(i int, items []sentence, t tongue, toEmbed []*claim) []*claim {
	if m.items == nil {
		m.items = make([][]*claim, len(m.sents))
	}
	m.items[i] = make([]*claim, len(items))
	for k, it := range items {
		c := m.a.claimOf(it, m.wc.of(t), t)
		m.items[i][k] = &c
		if t.l == nil && t.ok {
			toEmbed = append(toEmbed, &c)
		}
	}
	return toEmbed
}
