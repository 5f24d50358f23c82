package audit

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Marker is one citation group as written in an answer, e.g. "[1, 2]" or
// "【4:0†source】", with its byte span in the answer and the citation ids it
// carries ("1", "2"). A look-alike (Shape set, IDs nil) is text shaped
// like a marker that is not read as one: it is no citation, but it is no
// part of the claim's words either, and the run counts it.
type Marker struct {
	Raw        string
	Start, End int // byte offsets into the answer
	IDs        []string
	Shape      string // of a look-alike: "(n)", "{n}", …; "" for a marker
}

// MarkerRules are the marker shapes a run reads besides the built-in
// ones: regular expressions whose first capture group (or the group
// named "id") is the citation id, as validator configurations write them
// (`\[ref-([0-9a-f]{8})\]`).
type MarkerRules struct {
	custom []*regexp.Regexp
}

// ParseMarkerRules compiles --citation-regex expressions.
func ParseMarkerRules(exprs []string) (MarkerRules, error) {
	var r MarkerRules
	for _, e := range exprs {
		re, err := regexp.Compile(e)
		if err != nil {
			return MarkerRules{}, err
		}
		if re.NumSubexp() > 1 && re.SubexpIndex("id") < 0 {
			return MarkerRules{}, errTooManyGroups
		}
		if re.MatchString("") {
			return MarkerRules{}, errMatchesEmpty
		}
		r.custom = append(r.custom, re)
	}
	return r, nil
}

var (
	errTooManyGroups = markerRuleError("more than one capture group: name the id's group (?P<id>…)")
	errMatchesEmpty  = markerRuleError("it matches the empty text")
)

type markerRuleError string

func (e markerRuleError) Error() string { return string(e) }

// markerContext is what reading an answer's markers needs of its retrieval
// and of the run: the chunks' ids and sources (an opaque id or a file name
// in brackets is a marker when a chunk has it), how many were retrieved
// (a run of superscript digits), and the run's own marker rules.
type markerContext struct {
	ids     map[string]bool
	sources map[string]bool
	chunks  int
	rules   MarkerRules
	// Whether some chunk carries a source name, and whether some carries
	// a URL: only then can a definition's or a link's target that names
	// none of them be told fabricated.
	named, urls bool
	footnotes   map[string]bool // the footnote labels the answer defines
}

// FindMarkers returns the citation markers of text in order, read with
// the built-in rules. chunkIDs lets a bracket whose content is exactly a
// retrieved chunk id count as a marker (e.g. "[refund-policy.md#c1]").
func FindMarkers(text string, chunkIDs map[string]bool) []Marker {
	ms, _ := findMarkers(text, &markerContext{ids: chunkIDs})
	return ms
}

// findMarkers returns the markers of text and its look-alikes, each in
// order. The run's own rules are read first; the built-in shapes then
// fill the rest of the text.
func findMarkers(text string, mc *markerContext) (markers, unread []Marker) {
	defs := refDefs(text) // no marker is read on a definition line
	if len(defs) > 0 {
		own := *mc
		own.footnotes = map[string]bool{}
		for _, d := range defs {
			if d.footnote { // a link reference "[1]: …" of the same label leaves it one
				own.footnotes[d.label] = true
			}
		}
		mc = &own
	}
	var all []Marker
	for _, re := range mc.rules.custom {
		all = append(all, customMarkers(text, re)...)
	}
	all = slices.DeleteFunc(all, func(m Marker) bool { return inDef(defs, m.Start) })
	code := codeSpans(text)
	urls := urlSpans(text)
	cands := bracketMarkers(text, mc)
	cands = append(cands, parenMarkers(text, mc.chunks)...)
	cands = append(cands, superscriptMarkers(text, mc)...)
	cands = append(cands, asideMarkers(text, mc)...) // last: a marker at the same place wins
	slices.SortStableFunc(cands, func(a, b Marker) int { return a.Start - b.Start })
	for _, m := range cands {
		// A link's look-alike is its target, inside the link's marker.
		inLink := m.Shape == shapeLinkNoURL
		if (inLink || !overlapsAny(all, m)) && !inSpans(code, m.Start) && !inDef(defs, m.Start) && !inURL(text, urls, m) {
			all = append(all, m)
		}
	}
	slices.SortStableFunc(all, func(a, b Marker) int { return a.Start - b.Start })
	// "(1)" is a citation only in an answer that cites no other way: in
	// one with "[1]", "(1)" is an enumeration or an aside.
	parens := !slices.ContainsFunc(all, func(m Marker) bool { return m.Shape == "" && !isParenNumber(m.Raw) })
	for _, m := range all {
		switch {
		case m.Shape != "":
			unread = append(unread, m)
		case isParenNumber(m.Raw) && !parens:
			m.Shape, m.IDs = "(n)", nil
			unread = append(unread, m)
		default:
			markers = append(markers, m)
		}
	}
	markers = mergeAdjacent(text, markers)
	unread = append(unread, applyDefs(markers, defs, mc)...)
	slices.SortStableFunc(unread, func(a, b Marker) int { return a.Start - b.Start })
	return markers, unread
}

// customMarkers are the matches of a run's own marker rule.
func customMarkers(text string, re *regexp.Regexp) []Marker {
	group := 1
	if k := re.SubexpIndex("id"); k > 0 {
		group = k
	}
	var out []Marker
	for _, loc := range re.FindAllStringSubmatchIndex(text, -1) {
		if loc[1] == loc[0] {
			continue
		}
		id := text[loc[0]:loc[1]]
		if 2*group+1 < len(loc) && loc[2*group] >= 0 {
			id = text[loc[2*group]:loc[2*group+1]]
		}
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, Marker{Raw: text[loc[0]:loc[1]], Start: loc[0], End: loc[1], IDs: []string{id}})
		}
	}
	return out
}

func overlapsAny(ms []Marker, m Marker) bool {
	return slices.ContainsFunc(ms, func(x Marker) bool { return x.Start < m.End && m.Start < x.End })
}

// codeSpans are the byte spans of inline code (`…`) and fenced blocks
// (```…```) of text: "[0]" in `items[0]` is an index, not a citation.
func codeSpans(text string) [][2]int {
	if strings.IndexByte(text, '`') < 0 {
		return nil
	}
	var out [][2]int
	for i := 0; i < len(text); {
		if text[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(text) && text[i+n] == '`' {
			n++
		}
		fence := text[i : i+n]
		end := strings.Index(text[i+n:], fence)
		if end < 0 || n < 3 && strings.IndexByte(text[i+n:i+n+end], '\n') >= 0 {
			i += n // unclosed, or inline code across a line: not code
			continue
		}
		out = append(out, [2]int{i, i + n + end + n})
		i += n + end + n
	}
	return out
}

// urlSpans are the byte spans of the bare web addresses of text: from
// "http://" or "https://" to the next space.
func urlSpans(text string) [][2]int {
	var out [][2]int
	for i := 0; ; {
		at := strings.Index(text[i:], "http")
		if at < 0 {
			return out
		}
		start := i + at
		rest := text[start:]
		if !strings.HasPrefix(rest, "http://") && !strings.HasPrefix(rest, "https://") {
			i = start + 4
			continue
		}
		end := start + strings.IndexFunc(rest, unicode.IsSpace)
		if end < start {
			end = len(text)
		}
		out = append(out, [2]int{start, end})
		i = end
	}
}

// inURL reports whether m is part of a web address rather than a marker
// after it: "https://example.com/page?ref=[5] for details" (a value of
// the query, or the address going on after it), not
// "https://acme.example/help[1]." (a marker glued to its end).
func inURL(text string, urls [][2]int, m Marker) bool {
	for _, u := range urls {
		if u[0] < m.Start && m.Start < u[1] {
			return strings.ContainsRune("=/?&#", rune(text[m.Start-1])) ||
				m.End < u[1] && !strings.ContainsRune(".,;:!?)]", rune(text[m.End]))
		}
	}
	return false
}

func inSpans(spans [][2]int, pos int) bool {
	return slices.ContainsFunc(spans, func(s [2]int) bool { return s[0] <= pos && pos < s[1] })
}

// mergeAdjacent joins markers separated only by spaces ("[1][2]", "[2] [3]")
// into one group, as a reader sees them.
func mergeAdjacent(text string, ms []Marker) []Marker {
	if len(ms) < 2 {
		return ms
	}
	out := ms[:1]
	for _, m := range ms[1:] {
		last := &out[len(out)-1]
		if strings.TrimSpace(text[last.End:m.Start]) == "" && m.Start-last.End <= 2 {
			last.End = m.End
			last.Raw = text[last.Start:last.End]
			last.IDs = append(last.IDs, m.IDs...)
			continue
		}
		out = append(out, m)
	}
	return out
}

// StripMarkers removes marker spans from s (whose markers are ms, with
// offsets relative to s) and tidies the space they leave before punctuation.
func StripMarkers(s string, ms []Marker) string {
	if len(ms) == 0 {
		return s
	}
	var b strings.Builder
	prev := 0
	for _, m := range ms {
		if m.Start < prev {
			continue // a look-alike inside a marker's span
		}
		b.WriteString(s[prev:m.Start])
		prev = m.End
	}
	b.WriteString(s[prev:])
	return closeUp(b.String())
}

// closeUp writes s's runs of spaces as one, and none before punctuation:
// what stood between them is gone.
func closeUp(s string) string {
	// One pass: joining the fields by one space, a space is dropped when
	// the next field starts with punctuation.
	var b strings.Builder
	b.Grow(len(s))
	for f := range strings.FieldsSeq(s) {
		if b.Len() > 0 && strings.IndexByte(".,;:!?", f[0]) < 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f)
	}
	return b.String()
}

// maxRange is the widest "[a-b]" read as a citation range.
const maxRange = 50

var (
	dashes    = strings.NewReplacer("\u2013", "-", "\u2014", "-") // en and em dash
	zeroWidth = strings.NewReplacer("\u200b", "", "\u200c", "", "\u200d", "", "\u2060", "", "\ufeff", "")
)

// expandNumList turns "1, 2", "^1", "1-3" into ids; ranges are capped so a
// year span such as [1990-2020] is not read as thirty citations.
func expandNumList(inner string) []string {
	var ids []string
	inner = strings.ReplaceAll(inner, ";", ",")
	for _, part := range strings.Split(inner, ",") {
		part = strings.Trim(strings.TrimSpace(part), "^")
		if lo, hi, ok := strings.Cut(dashes.Replace(part), "-"); ok {
			a, err1 := strconv.Atoi(strings.Trim(strings.TrimSpace(lo), "^"))
			b, err2 := strconv.Atoi(strings.Trim(strings.TrimSpace(hi), "^"))
			if b < a { // "[3-1]"
				a, b = b, a
			}
			// A range cites every chunk in it: ids not retrieved are
			// fabricated, not ignored. A wide one only from the first
			// chunk ("[1-30]"): "[18-65]" is an age range, "[1990-2020]"
			// years.
			if err1 != nil || err2 != nil || b-a >= maxRange || (a > 1 && b-a > 20) {
				return nil
			}
			for n := a; n <= b; n++ {
				ids = append(ids, strconv.Itoa(n))
			}
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil {
			return nil
		}
		ids = append(ids, strconv.Itoa(n))
	}
	return ids
}

// isParenNumber reports whether a marker is written "(1)", "(1, 2)".
func isParenNumber(raw string) bool {
	if !strings.HasPrefix(raw, "(") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(raw[1:])
	return r >= '0' && r <= '9'
}
