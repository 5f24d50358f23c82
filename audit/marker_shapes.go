package audit

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/lang"
)

// The marker shapes read besides a run's own rules: brackets (with their
// Markdown-link, "^[1]" and "<sup>[1]</sup>" forms), parentheses ("(Source
// 2)", "(1)") and superscripts ("¹²", "<sup>1</sup>").

// Candidate markers are what the regular expression
// \[([^\[\]\n]{1,80})\]|【([^【】\n]{1,80})】 finds (brackets), with "［…］",
// "〔…〕" and "〖…〗" read as "[…]"; the content is validated by
// parseBracketIDs. 【n:m†source】 is OpenAI's file_search style.

// wideSquares are the full-width and CJK brackets models write for "[1]"
// ("［1］", "〔1〕", "〖1〗"): their content is read as a square bracket's.
var wideSquares = [][2]string{{"［", "］"}, {"〔", "〕"}, {"〖", "〗"}}

// wideSquare is the opening and closing bracket of the wide square
// bracket s starts with, or "".
func wideSquare(s string) (open, closing string) {
	for _, b := range wideSquares {
		if strings.HasPrefix(s, b[0]) {
			return b[0], b[1]
		}
	}
	return "", ""
}

// brackets returns the candidate markers of text as
// regexp.FindAllStringSubmatchIndex would with that expression, by hand:
// the expression ran over every answer.
func brackets(text string) [][6]int {
	var out [][6]int
	for p := 0; p < len(text); p++ {
		var open, closing string
		switch {
		case text[p] == '[':
			open, closing = "[", "]"
		case text[p] == '{' && strings.HasPrefix(text[p:], "{{"):
			open, closing = "{{", "}}" // a template's markers: "{{bron:polis#1}}"
		case text[p] == 0xE3 && strings.HasPrefix(text[p:], "【"):
			open, closing = "【", "】"
		case text[p] == 0xEF || text[p] == 0xE3:
			if open, closing = wideSquare(text[p:]); open == "" {
				continue
			}
		default:
			continue
		}
		// The inner run: at most 80 runes (an invalid byte is one), none
		// of them an opening or closing bracket or a line break.
		in := p + len(open)
		q, runes := in, 0
		for q < len(text) && runes <= 80 {
			if text[q] == '\n' || strings.HasPrefix(text[q:], open) || strings.HasPrefix(text[q:], closing) {
				break
			}
			_, size := utf8.DecodeRuneInString(text[q:])
			q += size
			runes++
		}
		if runes < 1 || runes > 80 || !strings.HasPrefix(text[q:], closing) {
			continue
		}
		m := [6]int{p, q + len(closing), -1, -1, -1, -1}
		if open != "【" {
			m[2], m[3] = in, q
		} else {
			m[4], m[5] = in, q
		}
		out = append(out, m)
		p = m[1] - 1
	}
	return out
}

// Accepted citation ids inside [...]: bare numbers, [^n] footnotes, [docN],
// [ref-hex], [citation:n], [ID:n] (0-based), source labels ("Source 2",
// "source: faq.md"), and ids of any reasonable shape (idLike).
var (
	reNumList = regexp.MustCompile(`^\s*\^?\d{1,4}\^?(\s*[,;\x{2013}\x{2014}-]\s*\^?\d{1,4}\^?)*\s*$`)
	reDoc     = regexp.MustCompile(`^doc\d{1,4}$`)
	reRef     = regexp.MustCompile(`^ref-[0-9a-zA-Z]{4,}$`)
	reCiteN   = regexp.MustCompile(`^citation:\s*(\d{1,4})$`)
	reZeroID  = regexp.MustCompile(`^(?i:id):\s*\d{1,4}$`)
	reDagger  = regexp.MustCompile(`^(\d+):(\d+)(?:†[^】]*)?$`)
	// numberish is text of digits and separators only: the numeric rules
	// decide on it ("[18-65]" is no citation), never idLike.
	reNumberish = regexp.MustCompile(`^[\s\d,;.:\x{2013}\x{2014}^/-]+$`)
)

// sourceLabels are the expressions of a source label: a word that opens
// one in any language (lang.SourceWords: "Source", "Bron", "Quelle",
// "Référence", "Fuente", …), then ":", "#" or a space, then its value
// ("Bron 1", "source: faq.md"). In brackets "doc" and "document" open one
// too ("[Doc 1]"): an id's prefix there, and words in an aside. Each
// expression's groups are the separator and the value; the parentheses'
// label is optional (a bare "(1)").
var sourceLabels = sync.OnceValues(func() (bracket, paren *regexp.Regexp) {
	alt := sourceWordsAlt()
	bracket = regexp.MustCompile(`^(?i:docs?|documents?|` + alt + `)(\s*[:#]\s*|\s+)(.+)$`)
	paren = regexp.MustCompile(`\((?i:(?:` + alt + `)(\s*[:#]\s*|\s+))?([^()\n]{1,80})\)`)
	return bracket, paren
})

// sourceWordsAlt is the source words as alternatives of a regular
// expression, longest first ("sources" before "source").
var sourceWordsAlt = sync.OnceValue(func() string {
	words := lang.SourceWords()
	slices.SortStableFunc(words, func(a, b string) int { return len(b) - len(a) })
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return strings.Join(words, "|")
})

// labelShaped reports whether a source label whose value names no chunk
// was still meant as one: its word is followed by ":" or "#", or its value
// starts with a digit ("Quelle: Handbuch", "Bron 7a-x"). "[Source needed]"
// and "(bron van inkomsten)" are words.
func labelShaped(sep, value string) bool {
	return strings.ContainsAny(sep, ":#") || value != "" && isDigit(value[0])
}

// Shapes of source labels that name no chunk (Marker.Shape).
const (
	shapeBracketLabel = "[source: …]"
	shapeParenLabel   = "(source: …)"
	shapeTemplate     = "{{…}}"
)

// bracketMarkers are the candidate markers of text in brackets.
func bracketMarkers(text string, mc *markerContext) []Marker {
	var out []Marker
	for _, m := range brackets(text) {
		start, end := m[0], m[1]
		var ids []string
		var generic bool
		if m[2] >= 0 {
			ids, generic = parseBracketIDs(text[m[2]:m[3]], mc)
			if url, e, ok := linkTarget(text, end); ok {
				var shape string
				if ids, shape = linkCitation(text[m[2]:m[3]], ids, generic, url, mc); shape != "" {
					out = append(out, Marker{Raw: text[end:e], Start: end, End: e, Shape: shape})
				}
				if len(ids) == 0 {
					continue
				}
				end, generic = e, false
			}
		} else {
			inner := text[m[4]:m[5]]
			switch {
			case mc.ids[inner]:
				ids = []string{inner}
			case reDagger.MatchString(inner):
				ids = []string{daggerID(inner, mc)} // 【4:0†faq.md】
			case reNumDagger.MatchString(inner):
				ids, _, _ = formIDs(inner, mc) // 【2†prijzen.md】
			default:
				// "【5】" is "[5]" in a model's CJK brackets: a number or id
				// naming no chunk is fabricated, as in square ones.
				if ids, generic = parseBracketIDs(inner, mc); len(ids) == 0 || generic && !citationPosition(text, start, end) {
					out = append(out, Marker{Raw: text[start:end], Start: start, End: end, Shape: "【…】"})
					continue
				}
			}
		}
		if text[start] == '{' && (len(ids) == 0 || generic) {
			// Braces are a template's as often as a citation's: only one
			// naming a chunk, or a source label's id, is read; the rest
			// are reported, not read ("{{customer_name}}").
			if rest := strings.TrimLeft(text[end:], " "); rest == "" || strings.IndexByte(".!?\n", rest[0]) >= 0 {
				out = append(out, Marker{Raw: text[start:end], Start: start, End: end, Shape: shapeTemplate})
			}
			continue
		}
		if len(ids) == 0 && m[2] >= 0 && bracketLabel(text[m[2]:m[3]]) && citationPosition(text, start, end) {
			out = append(out, Marker{Raw: text[start:end], Start: start, End: end, Shape: shapeBracketLabel})
			continue
		}
		if len(ids) == 0 || generic && !citationPosition(text, start, end) {
			continue
		}
		start, end = widenMarker(text, start, end)
		out = append(out, Marker{Raw: text[start:end], Start: start, End: end, IDs: ids})
	}
	return out
}

// daggerID is the id a file-search marker ("4:0†faq.md") cites: the
// marker whole where a chunk's id is its numbers ("4:0", which resolve
// reads); else the chunk its file names, where one does; else the marker.
func daggerID(inner string, mc *markerContext) string {
	if head, file, ok := strings.Cut(inner, "†"); ok && !mc.ids[head] {
		if name := mc.nameOf(strings.TrimSpace(file)); name != "" {
			return name
		}
	}
	return inner
}

// parseBracketIDs reads the ids of a bracket's content; generic says they
// were read only as idLike (the shape alone, no chunk and no known form).
func parseBracketIDs(inner string, mc *markerContext) (ids []string, generic bool) {
	if !isASCIIText(inner) { // the zero-width characters are not ASCII
		inner = zeroWidth.Replace(inner) // "[\u200b1]" is still [1]
	}
	trimmed := strings.TrimSpace(inner)
	if label, ok := strings.CutPrefix(trimmed, "^"); ok && mc.footnotes[label] {
		return []string{label}, false // "[^prices]", defined as a footnote
	}
	if mc.ids[trimmed] || mc.sources[trimmed] {
		return []string{trimmed}, false
	}
	if ids, generic, ok := formIDs(trimmed, mc); ok {
		return ids, generic
	}
	if reNumList.MatchString(inner) {
		return expandNumList(inner), false
	}
	if reDoc.MatchString(trimmed) || reRef.MatchString(trimmed) || reZeroID.MatchString(trimmed) {
		return []string{strings.ReplaceAll(trimmed, " ", "")}, false
	}
	if m := reCiteN.FindStringSubmatch(trimmed); m != nil {
		return []string{m[1]}, false
	}
	bracket, _ := sourceLabels()
	if m := bracket.FindStringSubmatch(trimmed); m != nil {
		if ids := sourceIDs(m[2], mc); ids != nil {
			return ids, false
		}
	}
	// "[a, b]" where every part is a chunk id or a known form.
	if strings.Contains(trimmed, ",") {
		for _, p := range strings.Split(trimmed, ",") {
			p = strings.TrimSpace(p)
			if !(mc.ids[p] || mc.sources[p] || reDoc.MatchString(p) || reRef.MatchString(p) || idLike(p)) {
				return nil, false
			}
			ids = append(ids, p)
		}
		return ids, true
	}
	if idLike(trimmed) {
		return []string{trimmed}, true
	}
	return nil, false
}

// bracketLabel reports whether a bracket's content is a source label
// meant as one (labelShaped).
func bracketLabel(inner string) bool {
	bracket, _ := sourceLabels()
	m := bracket.FindStringSubmatch(strings.TrimSpace(inner))
	return m != nil && labelShaped(m[1], m[2])
}

// sourceIDs reads the ids of a source label's value ("2", "1, 3",
// "faq.md"), or nil when it names none ("[Source needed]").
func sourceIDs(value string, mc *markerContext) []string {
	var ids []string
	for _, p := range strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ';' }) {
		p = strings.TrimSpace(p)
		switch {
		case reNumList.MatchString(p):
			ids = append(ids, expandNumList(p)...)
		case mc.ids[p] || mc.sources[p] || idLike(p):
			ids = append(ids, p)
		default:
			return nil
		}
	}
	return ids
}

// idLike reports whether a bracket's content has the shape of an id that
// a model copied from its prompt: one token of letters, digits and id
// punctuation, with a digit, an id separator or a file extension
// ("kb-acme-members-0001", "doc_1", "faq.md"), an unrendered template's
// placeholder in it too ("kb-oud-{i}": a marker naming no chunk, so
// fabricated). Words ("sic", "x", "TODO"), phrases ("citation needed") and
// numbers alone are not.
func idLike(s string) bool {
	if s == "" || len(s) > 80 || reNumberish.MatchString(s) {
		return false
	}
	digit, sep, open := false, false, false
	for i, r := range s {
		switch {
		case unicode.IsDigit(r):
			digit = true
		case unicode.IsLetter(r):
		case strings.ContainsRune("-_:/#@", r) && i > 0:
			sep = true
		case r == '.' && i > 0:
		case r == '{' && !open:
			open = true
		case r == '}' && open:
			open, sep = false, true
		default:
			return false
		}
	}
	if open {
		return false
	}
	if digit || sep && len(s) >= 4 {
		return true
	}
	// A file name: "faq.md", "refund-policy.html".
	dot := strings.LastIndexByte(s, '.')
	return dot > 0 && len(s)-dot-1 >= 2 && len(s)-dot-1 <= 5 && !strings.Contains(s[:dot], ".")
}

// citationPosition reports whether a marker spanning text[start:end] sits
// where citations sit: after a word and a space or punctuation (not glued
// to a word, as an index "items[k-1]" is), and before punctuation, the end
// of a line, another bracket, or a new sentence's capital.
func citationPosition(text string, start, end int) bool {
	if start > 0 {
		r, _ := utf8.DecodeLastRuneInString(text[:start])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return false
		}
	}
	rest := strings.TrimLeft(text[end:], " \t")
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	switch {
	case strings.ContainsRune(".,;:!?)»\"'”’\n\r[(【［〔〖。，", r):
		return true
	case len(rest) < len(text[end:]) && unicode.IsUpper(r):
		return true
	}
	return false
}

// linkTarget reads the "(url)" of a Markdown link right after text[:end]:
// the target, and where the link ends.
func linkTarget(text string, end int) (string, int, bool) {
	if end >= len(text) || text[end] != '(' {
		return "", 0, false
	}
	close := strings.IndexByte(text[end:], ')')
	if close < 0 || close > 2048 {
		return "", 0, false
	}
	target := text[end+1 : end+close]
	if target == "" || strings.ContainsAny(target, " \t\n") {
		return "", 0, false
	}
	return target, end + close + 1, true
}

// widenMarker extends a bracket marker over the notation around it that
// belongs to it: "^[1]" and "<sup>[1]</sup>".
func widenMarker(text string, start, end int) (int, int) {
	if start > 0 && text[start-1] == '^' {
		start--
	}
	if strings.HasSuffix(text[:start], "<sup>") && strings.HasPrefix(text[end:], "</sup>") {
		start, end = start-len("<sup>"), end+len("</sup>")
	}
	return start, end
}

// parenMarkers are the candidate markers of text in parentheses: a source
// label always, a bare number ("(1)", "(1, 2)") where citations sit.
// Whether "(1)" is read is findMarkers' to say (only in an answer that
// cites no other way).
func parenMarkers(text string, chunks int) []Marker {
	if strings.IndexByte(text, '(') < 0 {
		return nil
	}
	var out []Marker
	// "(Source 2)", "(source: faq.md)", "(1)", "(1, 2)"; a number alone
	// only in citation position.
	_, paren := sourceLabels()
	for _, loc := range paren.FindAllStringSubmatchIndex(text, -1) {
		start, end := loc[0], loc[1]
		inner := strings.TrimSpace(text[loc[4]:loc[5]])
		switch {
		case loc[2] >= 0: // a source label
			if ids := sourceIDs(inner, &markerContext{}); ids != nil {
				out = append(out, Marker{Raw: text[start:end], Start: start, End: end, IDs: ids})
			} else if labelShaped(text[loc[2]:loc[3]], inner) && parenPosition(text, start, end) {
				out = append(out, Marker{Raw: text[start:end], Start: start, End: end, Shape: shapeParenLabel})
			}
		case reParenNumbers.MatchString(inner) && parenPosition(text, start, end):
			// Read where chunks were retrieved: a number past them is
			// fabricated ("(5)" over two chunks), as "[5]" is. Not one
			// glued to a number ("Article 6(1)" is a paragraph), nor a 0.
			ids := expandNumList(inner)
			inRange := !slices.ContainsFunc(ids, func(id string) bool { n := atoiSmall(id); return n > chunks || n < 1 })
			if chunks > 0 && (inRange || !afterDigit(text, start) && !slices.Contains(ids, "0")) {
				out = append(out, Marker{Raw: text[start:end], Start: start, End: end, IDs: ids})
			} else {
				out = append(out, Marker{Raw: text[start:end], Start: start, End: end, Shape: "(n)"})
			}
		}
	}
	return out
}

// afterDigit reports whether text[start] follows a digit with no space
// between them.
func afterDigit(text string, start int) bool {
	return start > 0 && isDigit(text[start-1])
}

// reParenNumbers is "1", "1, 2": small numbers, not years, and not ranges
// ("(9-12)" is a school's grades).
var reParenNumbers = regexp.MustCompile(`^\d{1,2}(\s*[,;]\s*\d{1,2})*$`)

// parenPosition: "(1)" after a word and before punctuation or the end of
// a line is a citation's place; "(1) Open the box" opens an item, "x (2)
// y" is an aside.
func parenPosition(text string, start, end int) bool {
	before := strings.TrimRight(text[:start], " ")
	if before == "" || strings.HasSuffix(before, "\n") {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(".,;:!?%)\"'”’", r) {
		return false
	}
	rest := strings.TrimLeft(text[end:], " \t")
	if rest == "" {
		return true
	}
	n, _ := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune(".,;:!?\n\r(", n)
}

// superscripts maps the superscript digits to their values.
var superscripts = map[rune]byte{'⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9'}

// superscriptMarkers are the citations written as superscripts: "¹²",
// "¹,²", "<sup>1</sup>", "<sup>1,2</sup>". An exponent is not one: after a
// digit ("10⁶"), a single letter ("x²") or a unit ("m²", "cm³").
func superscriptMarkers(text string, mc *markerContext) []Marker {
	var out []Marker
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf && c != '<' { // superscript digits are not ASCII
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		if _, ok := superscripts[r]; !ok {
			if m, ok := htmlTag(text, i, mc); ok {
				out = append(out, m)
				i = m.End
				continue
			}
			i += size
			continue
		}
		j, digits, groups := i, []byte{}, [][]byte{}
		for j < len(text) {
			r, size := utf8.DecodeRuneInString(text[j:])
			if d, ok := superscripts[r]; ok {
				digits = append(digits, d)
			} else if (r == ',' || r == '˒' || r == '⸴') && len(digits) > 0 && j+size < len(text) && isSuperscriptAt(text, j+size) {
				groups, digits = append(groups, digits), nil
			} else {
				break
			}
			j += size
		}
		groups = append(groups, digits)
		if exponentBefore(text, i) {
			i = j
			continue
		}
		var ids []string
		for _, g := range groups {
			ids = append(ids, superscriptIDs(string(g), mc)...)
		}
		if len(ids) > 0 {
			out = append(out, Marker{Raw: text[i:j], Start: i, End: j, IDs: ids})
		}
		i = j
	}
	return out
}

func isSuperscriptAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	_, ok := superscripts[r]
	return ok
}

// superscriptIDs reads a run of superscript digits: one id when a chunk
// has that id or position ("¹²" of twelve chunks), else one id per digit
// ("¹²" of three chunks cites 1 and 2), as models write several so.
func superscriptIDs(digits string, mc *markerContext) []string {
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return nil
	}
	if len(digits) == 1 || mc.ids[digits] {
		return []string{digits}
	}
	if n := atoiSmall(digits); n >= 1 && n <= mc.chunks {
		return []string{digits}
	}
	if strings.Contains(digits, "0") {
		return []string{digits} // "¹⁰" of three chunks: cited, and fabricated
	}
	// Digit by digit only where each names a chunk ("¹²" over two
	// chunks): "¹⁷" over five is footnote 17, fabricated, not [1] and [7].
	ids := make([]string, len(digits))
	for k := range digits {
		ids[k] = digits[k : k+1]
		if n := int(digits[k] - '0'); !mc.ids[ids[k]] && n > mc.chunks {
			return []string{digits}
		}
	}
	return ids
}

func atoiSmall(s string) int {
	n := 0
	for i := 0; i < len(s) && i < 6; i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// exponentBefore reports whether the superscript at text[i] is an exponent
// or a unit's power: after an integer ("10⁶", "2³"), a lone letter ("x²"),
// a length ("m²", "metres³") or a unit after a slash ("m/s²"). After an
// amount ("€ 12,50¹", "$9.99²"), a word ("arrivée¹", "days¹") or another
// unit ("13 h¹", "5 kg¹") it is a footnote: nobody squares a price or an
// hour.
func exponentBefore(text string, i int) bool {
	k := i
	for k > 0 { // the word before, accented letters and all
		r, size := utf8.DecodeLastRuneInString(text[:k])
		if !unicode.IsLetter(r) {
			break
		}
		k -= size
	}
	word := strings.ToLower(text[k:i])
	switch {
	case k == i:
		if i == 0 {
			return true
		}
		r, _ := utf8.DecodeLastRuneInString(text[:i])
		return unicode.IsDigit(r) && !amountBefore(text, i) || r == ')' && i >= 2 && isDigit(text[i-2])
	case strings.HasPrefix(units[word], "length:") || k > 0 && text[k-1] == '/':
		return true
	case units[word] != "":
		return false
	}
	// A lone letter is a variable ("x²"); a word of two letters is a word
	// ("addressed to¹", "zu¹"), the units among them read above.
	return utf8.RuneCountInString(word) == 1
}

// amountBefore reports whether the number that ends at text[i] is an
// amount: with a decimal part of one or two digits ("12,50", "9.99"; three
// are a thousands group, "1.000") or a currency before it ("€ 12", "$9").
func amountBefore(text string, i int) bool {
	j := i
	for j > 0 && (isDigit(text[j-1]) || (text[j-1] == '.' || text[j-1] == ',') && j >= 2 && isDigit(text[j-2])) {
		j--
	}
	if k := strings.LastIndexAny(text[j:i], ".,"); k >= 0 && i-(j+k+1) <= 2 {
		return true
	}
	cur, _ := currencyBefore(text, j)
	return cur != ""
}

// reSupTag is "<sup>1</sup>", "<sup>1, 2</sup>", "<sup>1-3</sup>".
var reSupTag = regexp.MustCompile(`^<sup>\s*(\d{1,3}(?:\s*[,;\x{2013}-]\s*\d{1,3})*)\s*</sup>`)

// supTag reads "<sup>1</sup>" at text[i], not after a digit (an exponent).
func supTag(text string, i int) (Marker, bool) {
	loc := reSupTag.FindStringSubmatchIndex(text[i:])
	if loc == nil || i > 0 && isDigit(text[i-1]) {
		return Marker{}, false
	}
	ids := expandNumList(text[i+loc[2] : i+loc[3]])
	if len(ids) == 0 {
		return Marker{}, false
	}
	return Marker{Raw: text[i : i+loc[1]], Start: i, End: i + loc[1], IDs: ids}, true
}

// htmlTag reads "<sup>1</sup>" or "<cite>1</cite>" at text[i].
func htmlTag(text string, i int, mc *markerContext) (Marker, bool) {
	switch {
	case strings.HasPrefix(text[i:], "<sup>"):
		return supTag(text, i)
	case strings.HasPrefix(text[i:], "<cite>"):
		return citeTag(text, i, mc)
	}
	return Marker{}, false
}

// isASCIIText reports whether s is all ASCII.
func isASCIIText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
