package audit

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// Further marker forms: "[2†prijzen.md]" (OpenAI's 【2†source】 written in
// brackets), "[2:prijzen.md]" (a number and a source), "[prijzen.md, p.
// 2]" (a source and a page) and "<cite>2</cite>"; and text shaped like a
// marker that may as well be prose, counted, never read: "{2}",
// "(prijzen.md)", "(zie bron 2)".

var (
	reNumDagger  = regexp.MustCompile(`^(\d{1,4})†\s*(.*)$`)
	reNumSource  = regexp.MustCompile(`^(\d{1,4}):\s*(\S.*)$`)
	reSourcePage = regexp.MustCompile(`^(.+?),\s*(?i:p|pp|pg|page|pages|s|seite|blz|bl|pag|pág|página)\.?\s*\d{1,4}(?:\s*[-–]\s*\d{1,4})?$`)
)

// formIDs reads the forms of a bracket's content that pair a number with
// a source, or a source with a page: the source when it names a chunk;
// else, of a number, the number, unless the chunks carry source names and
// the source is shaped like one (then the citation names a file not
// retrieved, and is kept whole: fabricated). ok is false for other text.
func formIDs(inner string, mc *markerContext) (ids []string, generic, ok bool) {
	if m := reNumDagger.FindStringSubmatch(inner); m != nil {
		if name := mc.nameOf(strings.TrimSpace(m[2])); name != "" {
			return []string{name}, false, true
		}
		return []string{m[1]}, false, true // "†source" names nothing: the number cites
	}
	if m := reNumSource.FindStringSubmatch(inner); m != nil && !reNumberish.MatchString(m[2]) {
		tail := strings.TrimSpace(m[2])
		switch {
		case mc.names(tail):
			return []string{mc.nameOf(tail)}, false, true
		case mc.named && idLike(tail):
			return []string{inner}, false, true
		}
		return []string{m[1]}, false, true
	}
	if m := reSourcePage.FindStringSubmatch(inner); m != nil {
		head := strings.TrimSpace(m[1])
		if name := mc.nameOf(head); name != "" {
			return []string{name}, false, true
		}
		if idLike(head) {
			return []string{head}, true, true
		}
	}
	return nil, false, false
}

// reCiteTag is "<cite>2</cite>", "<cite>1, 2</cite>", "<cite>faq.md</cite>".
var reCiteTag = regexp.MustCompile(`^<cite>\s*([^<>\n]{1,80}?)\s*</cite>`)

// citeTag reads "<cite>…</cite>" at text[i] when it holds numbers or a
// chunk's id or source: HTML's <cite> also holds the title of a work.
func citeTag(text string, i int, mc *markerContext) (Marker, bool) {
	loc := reCiteTag.FindStringSubmatchIndex(text[i:])
	if loc == nil {
		return Marker{}, false
	}
	inner := text[i+loc[2] : i+loc[3]]
	var ids []string
	switch {
	case reNumList.MatchString(inner):
		ids = expandNumList(inner)
	case mc.names(inner):
		ids = []string{mc.nameOf(inner)}
	}
	if len(ids) == 0 {
		return Marker{}, false
	}
	return Marker{Raw: text[i : i+loc[1]], Start: i, End: i + loc[1], IDs: ids}, true
}

// Shapes of the look-alikes asideMarkers counts (Marker.Shape).
const (
	shapeBraces     = "{n}"
	shapeParenFile  = "(faq.md)"
	shapeParenAside = "(… source n)"
)

var (
	// "{2}", "{2, 3}", and with a label of the bot's own: "{src:2}", "{ref #2}".
	reBraces = regexp.MustCompile(`\{\s*(?:[A-Za-z][A-Za-z_-]{0,15}\s*[:#]?\s*)?\d{1,3}(?:\s*[,;]\s*\d{1,3})*\s*\}`)
	reParens = regexp.MustCompile(`\(([^()\n]{1,80})\)`)
)

// asideMarkers are the look-alikes that may as well be prose, where
// citations sit: numbers in braces ("{2}", a template's placeholder as
// often), a file name in parentheses ("(prijzen.md)", "(see faq.md)" is
// prose too), and a source word inside an aside ("(zie bron 2)").
func asideMarkers(text string, mc *markerContext) []Marker {
	out := oddBracketMarkers(text)
	if strings.IndexByte(text, '{') >= 0 {
		for _, loc := range reBraces.FindAllStringIndex(text, -1) {
			if citationPosition(text, loc[0], loc[1]) {
				out = append(out, Marker{Raw: text[loc[0]:loc[1]], Start: loc[0], End: loc[1], Shape: shapeBraces})
			}
		}
	}
	if strings.IndexByte(text, '(') < 0 {
		return out
	}
	for _, loc := range reParens.FindAllStringSubmatchIndex(text, -1) {
		inner := strings.TrimSpace(text[loc[2]:loc[3]])
		shape := ""
		switch {
		case !strings.ContainsAny(inner, " \t") && (mc.names(inner) || fileName(inner)):
			shape = shapeParenFile
		case reAsideLabel().MatchString(inner):
			shape = shapeParenAside
		}
		// An aside may stand before the answer's own marker: "(zie bron 1) [1]".
		if shape != "" && (parenPosition(text, loc[0], loc[1]) || strings.HasPrefix(strings.TrimLeft(text[loc[1]:], " \t"), "[")) {
			out = append(out, Marker{Raw: text[loc[0]:loc[1]], Start: loc[0], End: loc[1], Shape: shape})
		}
	}
	return out
}

// oddBrackets are bracket pairs no marker form reads that bots' own
// markers use ("⟦KB§gym§0007⟧"); quotation marks ("«…»") are left out.
var oddBrackets = [][2]string{{"⟦", "⟧"}, {"⟨", "⟩"}, {"〚", "〛"}, {"〈", "〉"}, {"《", "》"}, {"⟪", "⟫"}, {"⦃", "⦄"}, {"〘", "〙"}}

// oddBracketMarkers are the look-alikes in oddBrackets: one token with a
// digit where citations sit, counted so the run names the shape and
// --citation-regex, never read (which chunk it names the log cannot say).
func oddBracketMarkers(text string) []Marker {
	if strings.IndexByte(text, 0xE2) < 0 && strings.IndexByte(text, 0xE3) < 0 {
		return nil // every pair is written with these lead bytes
	}
	var out []Marker
	for _, b := range oddBrackets {
		for from := 0; ; {
			i := strings.Index(text[from:], b[0])
			if i < 0 {
				break
			}
			i += from
			in := i + len(b[0])
			j := strings.Index(text[in:], b[1])
			if j < 0 {
				break
			}
			inner, end := text[in:in+j], in+j+len(b[1])
			from = end
			if utf8.RuneCountInString(inner) <= 80 && !strings.ContainsAny(inner, " \t\n") && strings.ContainsAny(inner, "0123456789") && citationPosition(text, i, end) {
				out = append(out, Marker{Raw: text[i:end], Start: i, End: end, Shape: b[0] + "…" + b[1]})
			}
		}
	}
	return out
}

// fileName reports whether s is shaped like a file's name: "faq.md",
// "Prijzen 2024.pdf" is two words.
func fileName(s string) bool {
	dot := strings.LastIndexByte(s, '.')
	if dot <= 0 || len(s)-dot-1 < 2 || len(s)-dot-1 > 5 || strings.Contains(s, "://") {
		return false
	}
	for _, r := range s[dot+1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return idLike(s)
}

// reAsideLabel is a source word followed by a number or a file name
// inside an aside, after other words ("zie bron 2", "see source: faq.md").
var reAsideLabel = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\S\s+(?:` + sourceWordsAlt() + `)(?:\s*[:#]\s*|\s+)(?:\d|\S+\.[a-z]{2,5}\b)`)
})
