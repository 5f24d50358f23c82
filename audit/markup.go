package audit

import (
	"html"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Markup in a chunk or an answer is no text of its own: "<strong>nicht
// </strong>" hides the word "nicht" from the word readers, and what is
// struck out ("<del>3 days</del>", "~~3 Werktage~~") or never shown
// ("<script>…</script>") states nothing.

// maskMarkup returns text with its HTML tags and comments blanked, the
// content of <script>, <style>, <del>, <s> and <strike> and of Markdown's
// "~~…~~" blanked with them, and its character entities decoded: the
// result is as long as text, and each word starts at the same offset, so
// a span found in it shades text. A decoded character is written where its
// entity starts, and the rest of its word moved up to it, the entity's
// other bytes blanked after the word ("M&auml;rz" to "März    "): a word
// is not split by an entity in it. Text without '<', '&' or "~~" is
// returned as is, without a copy.
func maskMarkup(text string) string {
	if strings.IndexByte(text, '<') < 0 && strings.IndexByte(text, '&') < 0 && !strings.Contains(text, "~~") {
		return text
	}
	var b []byte    // a copy of text, made at the first change
	var holes []int // the spans the decoded entities left blank, start and end
	blank := func(from, to int) {
		if b == nil {
			b = []byte(text)
		}
		for k := from; k < to; k++ {
			b[k] = ' '
		}
	}
	for i := 0; i < len(text); {
		k := strings.IndexAny(text[i:], "<&~")
		if k < 0 {
			break
		}
		i += k
		n := 0
		switch text[i] {
		case '<':
			n = markupTag(text, i)
		case '&':
			if n = entityLen(text[i:]); n > 0 {
				d := html.UnescapeString(text[i : i+n])
				blank(i, i+n)
				if r, _ := utf8.DecodeRuneInString(d); len(d) <= n && !unicode.IsSpace(r) {
					copy(b[i:], d)
					holes = append(holes, i+len(d), i+n)
				}
			}
		case '~':
			n = struckLen(text[i:])
		}
		if n == 0 {
			i++
			for i < len(text) && text[i-1] == '~' && text[i] == '~' { // a fence's "~~~" opens nothing
				i++
			}
			continue
		}
		if text[i] != '&' {
			blank(i, i+n)
		}
		i += n
	}
	if b == nil {
		return text
	}
	closeHoles(b, holes)
	return string(b)
}

// closeHoles moves what follows each blank span of holes (ascending start
// and end pairs) up to its start while it is a word, and puts the blanks
// after the word: one pass, each byte moved once.
func closeHoles(b []byte, holes []int) {
	w, pending := 0, 0 // where the next byte goes; the blanks held back
	for r, h := 0, 0; r < len(b); {
		if h < len(holes) && r == holes[h] {
			end := holes[h+1]
			h += 2
			if end < len(b) && b[end] != ' ' && !isSpaceByte(b[end]) {
				pending += end - r // inside a word: held back
				r = end
				continue
			}
		}
		if pending > 0 && (b[r] == ' ' || isSpaceByte(b[r])) {
			for ; pending > 0; pending-- {
				b[w] = ' '
				w++
			}
		}
		b[w] = b[r]
		w, r = w+1, r+1
	}
	for ; w < len(b); w++ {
		b[w] = ' '
	}
}

// isSpaceByte reports whether c is ASCII white space: where a word ends.
func isSpaceByte(c byte) bool { return c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' }

// hiddenElements are the elements whose content is no text of the page:
// code, styles, and text struck out.
var hiddenElements = map[string]bool{"script": true, "style": true, "del": true, "s": true, "strike": true}

// htmlElements are the elements whose tags are masked: a '<' before
// another word is text ("<5 Tage", "a <b and c> d" stays read).
var htmlElements = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range strings.Fields(`a abbr address article aside b big blockquote body br button caption center
		cite code col colgroup dd del details div dl dt em figcaption figure font footer form h1 h2 h3 h4 h5 h6
		head header hr html i iframe img input ins kbd label li link main mark meta nav noscript ol option p pre
		q s samp script section select small span strike strong style sub summary sup svg table tbody td tfoot
		th thead time title tr tt u ul var wbr`) {
		m[e] = true
	}
	return m
}()

// maxTag is the longest tag read as one (attributes included).
const maxTag = 2000

// markupTag is the length of the markup at text[i] ('<'): a comment or
// "<!DOCTYPE …>", a tag of htmlElements, or a hidden element from its
// opening tag to the end of its closing one (or of text, when it is not
// closed, as a browser shows it); 0 for none.
func markupTag(text string, i int) int {
	rest := text[i:]
	if strings.HasPrefix(rest, "<!--") {
		if end := strings.Index(rest[4:], "-->"); end >= 0 {
			return 4 + end + 3
		}
		return len(rest)
	}
	j := 1
	if j < len(rest) && (rest[j] == '/' || rest[j] == '!') {
		j++
	}
	k := j
	for k < len(rest) && k-j < 12 && (rest[k] >= 'a' && rest[k] <= 'z' || rest[k] >= 'A' && rest[k] <= 'Z' || k > j && rest[k] >= '0' && rest[k] <= '9') {
		k++
	}
	name := strings.ToLower(rest[j:k])
	if k == j || k >= len(rest) || !(rest[1] == '!' && name == "doctype" || htmlElements[name]) || !strings.ContainsRune(" \t\r\n/>", rune(rest[k])) {
		return 0
	}
	end := strings.IndexByte(rest[k:min(len(rest), maxTag)], '>')
	if end < 0 || strings.IndexByte(rest[k:k+end], '<') >= 0 {
		return 0
	}
	n := k + end + 1
	if rest[1] == '/' || !hiddenElements[name] || strings.HasSuffix(rest[:n], "/>") {
		return n
	}
	closing := indexFold(rest[n:], "</"+name)
	if closing < 0 {
		return len(rest)
	}
	if gt := strings.IndexByte(rest[n+closing:], '>'); gt >= 0 {
		return n + closing + gt + 1
	}
	return len(rest)
}

// indexFold is strings.Index of the ASCII word sub in s, in any case.
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			if end := i + len(sub); end == len(s) || !isASCIILetter(s[end]) {
				return i
			}
		}
	}
	return -1
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// entityLen is the length of the character entity at s ("&euro;",
// "&#8364;", "&#x20AC;"), 0 for none or for one html does not know.
func entityLen(s string) int {
	end := strings.IndexByte(s[:min(len(s), 34)], ';')
	if end < 2 {
		return 0
	}
	body := s[1:end]
	ok := true
	switch {
	case body[0] == '#' && len(body) > 2 && (body[1] == 'x' || body[1] == 'X'):
		ok = strings.Trim(body[2:], "0123456789abcdefABCDEF") == ""
	case body[0] == '#':
		ok = strings.Trim(body[1:], "0123456789") == ""
	default:
		ok = strings.TrimFunc(body, func(r rune) bool { return r < utf8.RuneSelf && (isASCIILetter(byte(r)) || r >= '0' && r <= '9') }) == ""
	}
	if !ok || html.UnescapeString(s[:end+1]) == s[:end+1] {
		return 0
	}
	return end + 1
}

// struckLen is the length of Markdown's "~~struck out~~" at s, 0 for
// none: the closing "~~" within its paragraph, and not a "~~~" fence.
func struckLen(s string) int {
	if !strings.HasPrefix(s, "~~") || strings.HasPrefix(s, "~~~") {
		return 0
	}
	body := s[2:]
	if p := strings.Index(body, "\n\n"); p >= 0 {
		body = body[:p]
	}
	end := strings.Index(body, "~~")
	if end <= 0 || strings.TrimSpace(body[:end]) == "" {
		return 0
	}
	return 2 + end + 2
}

// unmarked is an answer sentence's plain text with its markup masked and
// the blanks left closed up: no offset points into it.
func unmarked(plain string) string {
	if m := maskMarkup(plain); m != plain {
		return closeUp(m)
	}
	return plain
}
