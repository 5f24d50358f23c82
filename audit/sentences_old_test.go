package audit

// The splitter as it was before its marker loops were made linear
// (QA defect 1): every sentence looped over every marker of the answer.
// Kept as the oracle of TestSplitMatchesOldSplitter.

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// oldSplit returns the sentences of answer. Each list item is one sentence;
// paragraphs are split with Punkt; a marker written after the full stop
// ("… 30 days. [1]") stays with the sentence before it.
func (s *splitter) oldSplit(answer string, chunkIDs map[string]bool) []sentence {
	markers := FindMarkers(answer, chunkIDs)
	var spans [][2]int // byte spans of sentences, in order

	// Walk the answer line by line, collecting paragraphs of plain lines.
	paraStart, paraEnd := -1, -1
	flush := func() {
		if paraStart >= 0 {
			spans = append(spans, s.oldSplitParagraph(answer, paraStart, paraEnd, markers)...)
		}
		paraStart, paraEnd = -1, -1
	}
	for pos := 0; pos <= len(answer); {
		nl := strings.IndexByte(answer[pos:], '\n')
		end := len(answer)
		if nl >= 0 {
			end = pos + nl
		}
		line := answer[pos:end]
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case reListItem.MatchString(line) || reHeading.MatchString(line):
			flush()
			spans = append(spans, trimSpan(answer, pos, end))
		default:
			if paraStart < 0 {
				paraStart = pos
			}
			paraEnd = end
		}
		if nl < 0 {
			break
		}
		pos = end + 1
	}
	flush()

	out := make([]sentence, 0, len(spans))
	for _, sp := range spans {
		if sp[0] >= sp[1] {
			continue
		}
		text := answer[sp[0]:sp[1]]
		sent := sentence{Start: sp[0], End: sp[1], Text: text}
		var local []Marker
		for _, m := range markers {
			if m.Start >= sp[0] && m.End <= sp[1] {
				sent.Markers = append(sent.Markers, m)
				lm := m
				lm.Start -= sp[0]
				lm.End -= sp[0]
				local = append(local, lm)
			}
		}
		plain := StripMarkers(text, local)
		if loc := reListItem.FindStringIndex(plain); loc != nil {
			sent.ListItem = true
			plain = plain[loc[1]:]
		} else if reHeading.MatchString(plain) {
			plain = strings.TrimLeft(strings.TrimSpace(plain), "# ")
		}
		sent.Plain = strings.TrimSpace(stripMarkdown(plain))
		if sent.Plain == "" && len(sent.Markers) == 0 {
			continue
		}
		sent.Index = len(out)
		out = append(out, sent)
	}
	return out
}

// oldSplitParagraph runs Punkt over answer[start:end] and moves markers that
// open a sentence back to the sentence they close.
func (s *splitter) oldSplitParagraph(answer string, start, end int, markers []Marker) [][2]int {
	var spans [][2]int
	for _, part := range oldGluedCuts(answer, start, end, markers) {
		for _, ps := range s.punkt.Tokenize(answer[part[0]:part[1]]) {
			sp := trimSpan(answer, part[0]+ps.Start, part[0]+ps.End)
			if sp[0] < sp[1] {
				spans = append(spans, sp)
			}
		}
	}
	spans = oldSplitAfterMarkers(answer, spans, markers)
	// Punkt breaks inside "days.[1]" or before "[1]": re-attach markers.
	for i := 1; i < len(spans); i++ {
		for {
			j := sort.Search(len(markers), func(k int) bool { return markers[k].Start >= spans[i][0] })
			if j == len(markers) || markers[j].Start != spans[i][0] {
				break
			}
			m := markers[j]
			spans[i-1][1] = m.End
			spans[i] = trimSpan(answer, m.End, spans[i][1])
		}
		// A marker that Punkt left straddling a boundary.
		for _, m := range markers {
			if m.Start < spans[i][0] && m.End > spans[i][0] {
				spans[i-1][1] = m.End
				spans[i] = trimSpan(answer, m.End, spans[i][1])
			}
		}
	}
	out := spans[:0]
	for _, sp := range spans {
		if sp[0] < sp[1] {
			out = append(out, sp)
		}
	}
	return out
}

// oldGluedCuts splits answer[start:end] after every marker glued to the
// capitalised word that opens the next sentence ("… delivery [1]Store
// credit …", "… 50 EUR.[1]Returns …": streamed output often loses the
// space). Punkt would read "[1]Store" as one word and keep both sentences
// together, or cut inside the next one.
func oldGluedCuts(answer string, start, end int, markers []Marker) [][2]int {
	var parts [][2]int
	from := start
	for _, m := range markers {
		if m.Start <= from || m.End >= end {
			continue
		}
		r, size := utf8.DecodeRuneInString(answer[m.End:end])
		next, _ := utf8.DecodeRuneInString(answer[m.End+size : end])
		before := strings.TrimRight(answer[from:m.Start], " ")
		prev, _ := utf8.DecodeLastRuneInString(before)
		// "[1]Store" opens a sentence; "[1]A" or "[2]EU" may not, nor a
		// name after a function word ("according to [1]Reuters").
		if unicode.IsUpper(r) && unicode.IsLower(next) && prev != ',' && prev != ':' && !endsInFunctionWord(before) {
			parts = append(parts, [2]int{from, m.End})
			from = m.End
		}
	}
	parts = append(parts, [2]int{from, end})
	return cutAfterIdeographicStops(answer, parts)
}

// oldSplitAfterMarkers ends a sentence after a marker followed by a capital
// letter: models often drop the full stop ("… cells [2][3] The first …").
func oldSplitAfterMarkers(answer string, spans [][2]int, markers []Marker) [][2]int {
	var out [][2]int
	for _, sp := range spans {
		for _, m := range markers {
			if m.Start <= sp[0] || m.End >= sp[1] {
				continue
			}
			rest := answer[m.End:sp[1]]
			trimmed := strings.TrimLeft(rest, " \t")
			if len(trimmed) == len(rest) || trimmed == "" {
				continue // no space after the marker
			}
			r, _ := utf8.DecodeRuneInString(trimmed)
			prev, _ := utf8.DecodeLastRuneInString(strings.TrimRight(answer[sp[0]:m.Start], " "))
			if unicode.IsUpper(r) && prev != ',' && prev != ':' {
				out = append(out, [2]int{sp[0], m.End})
				sp[0] = m.End + (len(rest) - len(trimmed))
			}
		}
		out = append(out, sp)
	}
	return out
}
