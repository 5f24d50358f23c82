package audit

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Marker is one citation group as written in an answer, e.g. "[1, 2]" or
// "【4:0†source】", with its byte span in the answer and the citation ids it
// carries ("1", "2").
type Marker struct {
	Raw        string
	Start, End int // byte offsets into the answer
	IDs        []string
}

// Candidate markers are what the regular expression
// \[([^\[\]\n]{1,80})\]|【([^【】\n]{1,80})】 finds (brackets); the content is
// validated by parseIDs. 【n:m†source】 is OpenAI's file_search style.

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
		case text[p] == 0xE3 && strings.HasPrefix(text[p:], "【"):
			open, closing = "【", "】"
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
		if open == "[" {
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
// [ref-hex] and [citation:n]; anything else only when it equals a chunk id.
var (
	reNumList = regexp.MustCompile(`^\s*\^?\d{1,4}\^?(\s*[,;\x{2013}\x{2014}-]\s*\^?\d{1,4}\^?)*\s*$`)
	reDoc     = regexp.MustCompile(`^doc\d{1,4}$`)
	reRef     = regexp.MustCompile(`^ref-[0-9a-zA-Z]{4,}$`)
	reCiteN   = regexp.MustCompile(`^citation:\s*(\d{1,4})$`)
	reDagger  = regexp.MustCompile(`^(\d+):(\d+)(?:†[^】]*)?$`)
)

// FindMarkers returns the citation markers of text in order. chunkIDs lets a
// bracket whose content is exactly a retrieved chunk id count as a marker
// (e.g. "[refund-policy.md#c1]"), so opaque ids need no special syntax.
// Markdown links "[text](url)" are never markers.
func FindMarkers(text string, chunkIDs map[string]bool) []Marker {
	var out []Marker
	for _, m := range brackets(text) {
		start, end := m[0], m[1]
		var ids []string
		if m[2] >= 0 {
			if end < len(text) && text[end] == '(' {
				continue // markdown link
			}
			ids = parseBracketIDs(text[m[2]:m[3]], chunkIDs)
		} else {
			inner := text[m[4]:m[5]]
			if reDagger.MatchString(inner) || chunkIDs[inner] {
				ids = []string{inner}
			}
		}
		if len(ids) == 0 {
			continue
		}
		out = append(out, Marker{Raw: text[start:end], Start: start, End: end, IDs: ids})
	}
	return mergeAdjacent(text, out)
}

func parseBracketIDs(inner string, chunkIDs map[string]bool) []string {
	inner = zeroWidth.Replace(inner) // "[\u200b1]" is still [1]
	trimmed := strings.TrimSpace(inner)
	if chunkIDs[trimmed] {
		return []string{trimmed}
	}
	if reNumList.MatchString(inner) {
		return expandNumList(inner)
	}
	if reDoc.MatchString(trimmed) || reRef.MatchString(trimmed) {
		return []string{trimmed}
	}
	if m := reCiteN.FindStringSubmatch(trimmed); m != nil {
		return []string{m[1]}
	}
	// "[a, b]" where every part is a chunk id or a known form.
	if strings.Contains(trimmed, ",") {
		var ids []string
		for _, p := range strings.Split(trimmed, ",") {
			p = strings.TrimSpace(p)
			if !(chunkIDs[p] || reDoc.MatchString(p) || reRef.MatchString(p)) {
				return nil
			}
			ids = append(ids, p)
		}
		return ids
	}
	return nil
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
		b.WriteString(s[prev:m.Start])
		prev = m.End
	}
	b.WriteString(s[prev:])
	out := strings.Join(strings.Fields(b.String()), " ")
	for _, p := range []string{" .", " ,", " ;", " :", " !", " ?"} {
		out = strings.ReplaceAll(out, p, p[1:])
	}
	return out
}
