package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// citationSpans turns an answer's sentences into the claims its citations
// cover: a citation covers the text since the previous citation of its
// paragraph, as people who label citations read it. The factual uncited
// sentences right before a cited one in the same paragraph join its claim
// ("A 1991 survey found X. However, Y [1]." is one claim of [1]), and a
// sentence whose citations close clauses is cut after each ("X [1], Y
// [2]." is the claim "X [1]," of [1] and "Y [2]." of [2]), or, where a
// marker stands inside its clause, at the clause join before the next
// ("Refunds [1] are accepted within 30 days, and shipping [2] takes 2
// days": l's [clause-joins] after a comma, or a semicolon). A list whose
// last item alone is cited is one claim of that citation (listClaims);
// other list items and headings stay claims of their own; a question or
// courtesy (not factual) joins nothing; uncited sentences that no citation
// of their paragraph follows stay uncited.
func citationSpans(content string, sents []sentence, factual func(sentence) bool, l *lang.Language) []sentence {
	var cut []sentence
	for _, s := range listClaims(content, sents) {
		if len(s.Items) > 0 || s.TableRow {
			cut = append(cut, s) // a whole list's claim, or a table row's: one claim
			continue
		}
		cut = append(cut, clauses(content, s, l)...)
	}
	var out []sentence
	run := -1 // index in out of the first uncited sentence of the run
	for _, s := range cut {
		if run >= 0 {
			last := out[len(out)-1]
			if s.ListItem || last.ListItem || strings.ContainsRune(content[last.End:s.Start], '\n') {
				run = -1 // a new paragraph or item
			}
		}
		switch {
		case len(s.Markers) == 0:
			s.factual, s.factualKnown = factual(s), true
			if !s.factual {
				run = -1
			} else if run < 0 {
				run = len(out)
			}
			out = append(out, s)
		case run >= 0:
			plains := make([]string, 0, len(out)-run+1)
			var unread []Marker
			for _, u := range out[run:] {
				plains = append(plains, u.Plain)
				unread = append(unread, u.Unread...)
			}
			s.Unread = append(unread, s.Unread...)
			s.Plain = strings.Join(append(plains, s.Plain), " ")
			s.Start, s.Text = out[run].Start, content[out[run].Start:s.End]
			out, run = append(out[:run], s), -1
		default:
			out = append(out, s)
		}
	}
	for i := range out {
		out[i].Index = i
	}
	return out
}

// clauses cuts a sentence after each of its marker groups that a comma or
// semicolon follows, when another marker group comes after it; or, with
// l, at the last clause join between the two (joinBefore).
func clauses(content string, s sentence, l *lang.Language) []sentence {
	var out []sentence
	start, from := s.Start, 0
	for k := 0; k+1 < len(s.Markers); k++ {
		m := s.Markers[k]
		after := strings.TrimLeft(content[m.End:s.End], " ")
		end := s.End - len(after) + 1 // past the comma
		if !strings.HasPrefix(after, ",") && !strings.HasPrefix(after, ";") {
			if end = joinBefore(content, m.End, s.Markers[k+1].Start, l); end < 0 {
				continue
			}
		}
		out = append(out, clause(content, start, end, s.Markers[from:k+1], s.Unread, s.ListItem && from == 0))
		start, from = end, k+1
		for start < s.End && content[start] == ' ' {
			start++
		}
	}
	if from == 0 {
		return []sentence{s}
	}
	return append(out, clause(content, start, s.End, s.Markers[from:], s.Unread, false))
}

// clause is the sentence of content[start:end] with its markers (offsets
// in content), its plain text made as the splitter makes it.
func clause(content string, start, end int, markers, unread []Marker, listItem bool) sentence {
	text := content[start:end]
	unread = within(unread, start, end)
	plain := StripMarkers(text, localMarkers(start, markers, unread))
	if loc := reListItem.FindStringIndex(plain); listItem && loc != nil {
		plain = plain[loc[1]:]
	}
	return sentence{Start: start, End: end, Text: text, Plain: strings.TrimSpace(stripMarkdown(plain)), Markers: markers, Unread: unread, ListItem: listItem}
}

// joinBefore is where the last clause join of content[from:to] ends: a
// semicolon, or a comma before a word of l's [clause-joins] (", and
// shipping"); -1 when there is none, or no l.
func joinBefore(content string, from, to int, l *lang.Language) int {
	if l == nil || to <= from {
		return -1
	}
	seg := content[from:to]
	for i := len(seg) - 1; i >= 0; i-- {
		switch seg[i] {
		case ';':
			return from + i + 1
		case ',':
			if ws := strings.Fields(strings.ToLower(seg[i+1:])); len(ws) > 0 && l.ClauseJoinAt(ws[:min(len(ws), 3)], 0) > 0 {
				return from + i + 1 // ", and", ", tandis que"
			}
		}
	}
	return -1
}
