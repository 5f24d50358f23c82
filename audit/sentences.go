package audit

import (
	"context"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/nounphrase"
	"gopkg.in/neurosnap/sentences.v1"
)

// sentence is one sentence of an answer with the markers that belong to it.
type sentence struct {
	Index      int
	Start, End int      // byte offsets into the answer
	Text       string   // as in the answer, markers included
	Plain      string   // markers and list bullets removed, for the checks
	Markers    []Marker // offsets relative to the answer
	Unread     []Marker // look-alikes in it, offsets relative to the answer
	ListItem   bool
	TableRow   bool       // a row of a Markdown table: Plain is its cells (rowClaim)
	Items      []sentence // a whole list's claim: its items, each judged (listClaims)
	// factual is isFactual of an uncited sentence in the answer's
	// language, told once when citationSpans reads it; judge asks again
	// only for a sentence in another language (factualKnown false).
	factual, factualKnown bool
}

// splitter splits answers of one language into sentences. It holds the
// Punkt model, loaded once; it is safe for concurrent use.
type splitter struct {
	punkt *sentences.DefaultSentenceTokenizer
	lang  *lang.Language // nil: English
}

// newSplitter loads the Punkt model of a language (nil: English).
func newSplitter(l *lang.Language) (*splitter, error) {
	p, err := newPunkt(l)
	if err != nil {
		return nil, err
	}
	return &splitter{punkt: p, lang: l}, nil
}

var (
	reListItem = regexp.MustCompile(`^\s*(?:[-*+•‣◦]|\d{1,3}[.)]|[a-zA-Z][.)])\s+`)
	reHeading  = regexp.MustCompile(`^\s*#{1,6}\s`)
)

// splitAnswer returns the sentences of answer. Each list item is one sentence;
// paragraphs are split with Punkt; a marker written after the full stop
// ("… 30 days. [1]") stays with the sentence before it.
func (s *splitter) splitAnswer(answer string, chunkIDs map[string]bool) []sentence {
	out, _ := s.split(context.Background(), answer, &markerContext{ids: chunkIDs}, -1)
	return out
}

// split is splitAnswer, stopped with ctx's error when ctx is done
// (splitting a long answer takes seconds), or with errTooManySentences
// past most sentences (most < 0: no bound), before they take the memory.
func (s *splitter) split(ctx context.Context, answer string, mc *markerContext, most int) ([]sentence, error) {
	markers, unread := findMarkers(answer, mc)
	tables := findAnswerTables(answer)
	spans, err := s.spans(ctx, answer, markers, tables)
	if err != nil {
		return nil, err
	}
	out := make([]sentence, 0, len(spans))
	for i, sp := range spans {
		if err := stopped(ctx, i); err != nil {
			return nil, err
		}
		sent, ok := sentenceAt(answer, sp, markers, unread)
		if !ok {
			continue
		}
		if header, row := tables.rows[sp[0]]; row {
			sent.TableRow, sent.ListItem = true, false
			sent.Plain = rowClaim(header, sent.Plain)
		}
		if most >= 0 && len(out) == most {
			return nil, errTooManySentences
		}
		sent.Index = len(out)
		out = append(out, sent)
	}
	return out, nil
}

// spans are the byte spans of the sentences of answer, in order: the
// answer walked line by line, each list item or heading a sentence, each
// paragraph of plain lines split by Punkt, each row of a table a sentence
// (its header and delimiter lines none, unless a marker is in them).
func (s *splitter) spans(ctx context.Context, answer string, markers []Marker, tables answerTables) ([][2]int, error) {
	var spans [][2]int
	paraStart, paraEnd := -1, -1
	covered := 0     // where the last sentence ends: a marker group may run past its line ("… [1]\n\n[2]")
	sources := false // after a "Sources:" heading: a line is an entry
	defs := refDefs(answer)
	flush := func() {
		if paraStart >= 0 {
			spans = append(spans, s.splitParagraph(answer, paraStart, paraEnd, markers)...)
		}
		paraStart, paraEnd = -1, -1
		if len(spans) > 0 {
			covered = spans[len(spans)-1][1]
		}
	}
	for pos, lines := 0, 0; pos <= len(answer); lines++ {
		if err := stopped(ctx, lines); err != nil {
			return nil, err
		}
		if paraStart < 0 && pos < covered {
			pos = covered // the text a sentence already took is no one else's
		}
		nl := strings.IndexByte(answer[pos:], '\n')
		end := len(answer)
		if nl >= 0 {
			end = pos + nl
		}
		line := answer[pos:end]
		inTable, row := tables.line(answer, pos, end)
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case inTable:
			flush()
			if row || len(within(markers, pos, end)) > 0 {
				spans = append(spans, trimSpan(answer, pos, end))
			}
		case inDef(defs, pos) || inDef(defs, end-1):
			flush() // a definition ("[^1]: faq.md") is no sentence
		case reListItem.MatchString(line) || reHeading.MatchString(line) || sources:
			flush()
			spans = append(spans, trimSpan(answer, pos, end))
			sources = sources && !reHeading.MatchString(line) || isSourcesHeading(line, markers, pos)
		case isSourcesHeading(line, markers, pos):
			// "Sources:" opens a list of one source a line, bullets or not.
			flush()
			spans = append(spans, trimSpan(answer, pos, end))
			sources = true
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
	return spans, nil
}

// isSourcesHeading reports whether the line at answer[pos:] heads a list
// of sources ("Sources:", "**References**", "Sources: [1], [2]").
func isSourcesHeading(line string, markers []Marker, pos int) bool {
	if len(line) > 80 {
		return false
	}
	local := within(markers, pos, pos+len(line))
	return reRefHeading.MatchString(StripMarkers(line, localMarkers(pos, local)))
}

// sentenceAt is the sentence of answer[sp[0]:sp[1]] with its markers, or
// false when it is empty: no text but markers and bullets, and no marker.
func sentenceAt(answer string, sp [2]int, markers, unread []Marker) (sentence, bool) {
	if sp[0] >= sp[1] {
		return sentence{}, false
	}
	text := answer[sp[0]:sp[1]]
	sent := sentence{Start: sp[0], End: sp[1], Text: text}
	sent.Markers = within(markers, sp[0], sp[1])
	sent.Unread = within(unread, sp[0], sp[1])
	plain := StripMarkers(text, localMarkers(sp[0], sent.Markers, sent.Unread))
	if loc := reListItem.FindStringIndex(plain); loc != nil {
		sent.ListItem = true
		plain = plain[loc[1]:]
	} else if reHeading.MatchString(plain) {
		plain = strings.TrimLeft(strings.TrimSpace(plain), "# ")
	}
	sent.Plain = strings.TrimSpace(stripMarkdown(plain))
	return sent, sent.Plain != "" || len(sent.Markers) > 0
}

// splitParagraph runs Punkt over answer[start:end] and moves markers that
// open a sentence back to the sentence they close.
func (s *splitter) splitParagraph(answer string, start, end int, markers []Marker) [][2]int {
	var spans [][2]int
	for _, part := range s.gluedCuts(answer, start, end, markers) {
		for _, ps := range s.punkt.Tokenize(answer[part[0]:part[1]]) {
			sp := trimSpan(answer, part[0]+ps.Start, part[0]+ps.End)
			if sp[0] < sp[1] {
				spans = append(spans, sp)
			}
		}
	}
	spans = s.joinAfterTitles(answer, spans)
	spans = splitAfterMarkers(answer, spans, markers)
	// Punkt breaks inside "days.[1]" or before "[1]": re-attach markers.
	for i := 1; i < len(spans); i++ {
		for {
			j := markersFrom(markers, spans[i][0])
			if j == len(markers) || markers[j].Start != spans[i][0] {
				break
			}
			m := markers[j]
			spans[i-1][1] = m.End
			spans[i] = trimSpan(answer, m.End, spans[i][1])
		}
		// A marker that Punkt left straddling a boundary: only the last one
		// starting before it can (markers do not overlap), and the span
		// then starts after it, where no other marker can straddle.
		if j := markersFrom(markers, spans[i][0]) - 1; j >= 0 && markers[j].End > spans[i][0] {
			spans[i-1][1] = markers[j].End
			spans[i] = trimSpan(answer, markers[j].End, spans[i][1])
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

// joinAfterTitles joins a span that ends in a title ("Roe v.", "by Gen.")
// to the span after it: a title opens a name, not a sentence; so does a
// day or ordinal with its full stop ("am 12." before "Mai 2026").
func (s *splitter) joinAfterTitles(answer string, spans [][2]int) [][2]int {
	out := spans[:0]
	for _, sp := range spans {
		if n := len(out); n > 0 && (endsInTitle(s.lang, answer[out[n-1][0]:out[n-1][1]]) ||
			endsInOrdinal(s.lang, answer[out[n-1][0]:out[n-1][1]], answer[sp[0]:sp[1]])) {
			out[n-1][1] = sp[1]
			continue
		}
		out = append(out, sp)
	}
	return out
}

// trimSpan shrinks [a, b) of s past leading and trailing white space (any
// Unicode space: a fuzzer found a form feed).
func trimSpan(s string, a, b int) [2]int {
	for a < b {
		r, size := utf8.DecodeRuneInString(s[a:b])
		if !unicode.IsSpace(r) {
			break
		}
		a += size
	}
	for b > a {
		r, size := utf8.DecodeLastRuneInString(s[a:b])
		if !unicode.IsSpace(r) {
			break
		}
		b -= size
	}
	return [2]int{a, b}
}

var markdown = strings.NewReplacer("**", "", "__", "", "`", "")

// stripMarkdown removes emphasis and code ticks, which carry no claim,
// and HTML markup and struck-out text (unmarked).
func stripMarkdown(s string) string { return markdown.Replace(unmarked(s)) }

// gluedCuts splits answer[start:end] after every marker glued to the
// capitalised word that opens the next sentence ("… delivery [1]Store
// credit …", "… 50 EUR.[1]Returns …": streamed output often loses the
// space). Punkt would read "[1]Store" as one word and keep both sentences
// together, or cut inside the next one.
func (s *splitter) gluedCuts(answer string, start, end int, markers []Marker) [][2]int {
	var parts [][2]int
	from := start
	for _, m := range markers[markersFrom(markers, start+1):] {
		if m.End >= end {
			break // and so do the markers after it
		}
		if m.Start <= from {
			continue
		}
		r, size := utf8.DecodeRuneInString(answer[m.End:end])
		next, _ := utf8.DecodeRuneInString(answer[m.End+size : end])
		before := strings.TrimRight(answer[from:m.Start], " ")
		prev, _ := utf8.DecodeLastRuneInString(before)
		// "[1]Store" opens a sentence; "[1]A" or "[2]EU" may not, nor a
		// name after a function word ("according to [1]Reuters").
		if unicode.IsUpper(r) && unicode.IsLower(next) && prev != ',' && prev != ':' && !endsInFunctionWord(s.lang, before) {
			parts = append(parts, [2]int{from, m.End})
			from = m.End
		}
	}
	parts = append(parts, [2]int{from, end})
	return cutAfterIdeographicStops(answer, parts)
}

// endsInFunctionWord reports whether text ends in a stopword ("to", "by",
// "per"), after which a capitalised word continues the sentence.
func endsInFunctionWord(l *lang.Language, text string) bool {
	i := strings.LastIndexFunc(text, func(r rune) bool { return !unicode.IsLetter(r) })
	w := strings.ToLower(text[i+1:])
	if l != nil {
		return w != "" && l.IsStopword(w)
	}
	return w != "" && nounphrase.IsStopword(w)
}

// closesQuote reports whether text starts with a closing quote or bracket:
// "「はい。」と言った。" goes on after the stop inside the quote.
func closesQuote(text string) bool {
	r, _ := utf8.DecodeRuneInString(text)
	return strings.ContainsRune("」』）〉》】\"'”’)", r)
}

// cutAfterIdeographicStops splits parts after "。", "！" and "？", which end
// sentences in Chinese and Japanese and which Punkt does not know. A marker
// right after the stop then opens the next part, and splitParagraph hands
// it back to the sentence it closes.
func cutAfterIdeographicStops(answer string, parts [][2]int) [][2]int {
	var out [][2]int
	for _, p := range parts {
		from := p[0]
		for i := p[0]; i < p[1]; {
			r, size := utf8.DecodeRuneInString(answer[i:p[1]])
			i += size
			if (r == '。' || r == '！' || r == '？') && i < p[1] && !closesQuote(answer[i:p[1]]) {
				out = append(out, [2]int{from, i})
				from = i
			}
		}
		out = append(out, [2]int{from, p[1]})
	}
	return out
}

// splitAfterMarkers ends a sentence after a marker followed by a capital
// letter: models often drop the full stop ("… cells [2][3] The first …").
func splitAfterMarkers(answer string, spans [][2]int, markers []Marker) [][2]int {
	var out [][2]int
	for _, sp := range spans {
		for _, m := range markers[markersFrom(markers, sp[0]+1):] {
			if m.End >= sp[1] {
				break // and so do the markers after it
			}
			if m.Start <= sp[0] {
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

// within returns the run of markers (sorted, not overlapping) inside
// [start, end): it starts at the first one from start.
func within(markers []Marker, start, end int) []Marker {
	var out []Marker
	for _, m := range markers[markersFrom(markers, start):] {
		if m.End > end {
			break
		}
		out = append(out, m)
	}
	return out
}

// localMarkers are the markers and look-alikes of a text that starts at
// byte start of the answer, with offsets into that text, in order: what
// StripMarkers takes out of a claim's words.
func localMarkers(start int, lists ...[]Marker) []Marker {
	var out []Marker
	for _, l := range lists {
		for _, m := range l {
			m.Start, m.End = m.Start-start, m.End-start
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b Marker) int { return a.Start - b.Start })
	return out
}

// markersFrom returns the index of the first of markers (sorted, not
// overlapping, as FindMarkers returns them) that starts at or after pos.
// Every marker loop of the splitter starts there: looping over all the
// answer's markers for each sentence was quadratic in a long answer.
func markersFrom(markers []Marker, pos int) int {
	return sort.Search(len(markers), func(k int) bool { return markers[k].Start >= pos })
}
