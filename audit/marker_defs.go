package audit

import (
	"cmp"
	"regexp"
	"strings"
)

// An answer may end with Markdown definitions of its markers: footnotes
// ("[^1]: prijzen.md") and link references ("[1]: https://…", `[2]:
// "…"`). A definition line is no claim, and no marker is read in it; what
// it names is what its marker cites.

// refDef is one definition line of an answer.
type refDef struct {
	label      string // "1" of "[^1]" and of "[1]"
	value      string // what follows the colon, trimmed
	footnote   bool
	start, end int // the line, without its line break
}

// reDefLine is a line "[label]: value" or "[^label]: value", indented at
// most three spaces as Markdown allows.
var reDefLine = regexp.MustCompile(`(?m)^[ \t]{0,3}\[(\^?)([^\[\]\n^]{1,80})\]:[ \t]*([^\n]*?)[ \t\r]*$`)

// refDefs returns the definition lines of text, in order. A footnote's
// value is any text; a link reference's is one destination with an
// optional title in quotes, or a quote: "[2]: een Pro-abonnement kost …"
// is a sentence that opens with its marker, not a definition.
func refDefs(text string) []refDef {
	if !strings.Contains(text, "]:") {
		return nil
	}
	var out []refDef
	for _, loc := range reDefLine.FindAllStringSubmatchIndex(text, -1) {
		d := refDef{
			label:    strings.TrimSpace(text[loc[4]:loc[5]]),
			value:    text[loc[6]:loc[7]],
			footnote: loc[3] > loc[2],
			start:    loc[0], end: loc[1],
		}
		if d.value == "" || !d.footnote && !linkDestination(d.value) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// linkDestination reports whether a link reference's value is a
// destination with an optional title, or a quote.
func linkDestination(v string) bool {
	if quoted(v) {
		return true
	}
	_, title, ok := strings.Cut(v, " ")
	title = strings.TrimSpace(title)
	return !ok || quoted(title) || strings.HasPrefix(title, "(") && strings.HasSuffix(title, ")")
}

// quoted reports whether v is all one quotation.
func quoted(v string) bool {
	for _, q := range [][2]string{{`"`, `"`}, {"'", "'"}, {"“", "”"}, {"„", "“"}, {"«", "»"}} {
		if len(v) > len(q[0])+len(q[1]) && strings.HasPrefix(v, q[0]) && strings.HasSuffix(v, q[1]) {
			return true
		}
	}
	return false
}

// inDef reports whether pos is on a definition line.
func inDef(defs []refDef, pos int) bool {
	for _, d := range defs {
		if d.start <= pos && pos < d.end {
			return true
		}
	}
	return false
}

// defTarget is what a definition names: a link reference's destination;
// of a footnote, its one word, the value of a source label ("Bron:
// prijzen.md"), a word that is a chunk's id or source, or its one URL.
// "" when it names nothing: a quote, or prose.
func defTarget(d refDef, mc *markerContext) string {
	v := d.value
	if quoted(v) {
		return ""
	}
	if !d.footnote {
		dest, _, _ := strings.Cut(v, " ")
		return strings.TrimSuffix(strings.TrimPrefix(dest, "<"), ">")
	}
	if bracket, _ := sourceLabels(); bracket.MatchString(v) {
		v = bracket.FindStringSubmatch(v)[2]
	}
	words := strings.Fields(v)
	if len(words) == 1 {
		return strings.Trim(words[0], "<>.,;")
	}
	var url string
	for _, w := range words {
		w = strings.Trim(w, "<>()[],;")
		if mc.names(w) {
			return w
		}
		if strings.Contains(w, "://") {
			if url != "" {
				return "" // two pages: which one the marker cites cannot be told
			}
			url = strings.TrimSuffix(w, ".")
		}
	}
	return url
}

// names reports whether s is a retrieved chunk's id or source name.
func (mc *markerContext) names(s string) bool { return mc.nameOf(s) != "" }

// nameOf is s as a chunk's id or source name gives it ("…/prijzen/" of a
// chunk from "…/prijzen"), or "".
func (mc *markerContext) nameOf(s string) string {
	switch t := strings.TrimRight(s, "/"); {
	case mc.ids[s] || mc.sources[s]:
		return s
	case t != "" && mc.sources[t]:
		return t
	}
	return ""
}

// defKey is a definition's label and whether it is a footnote's.
type defKey struct {
	footnote bool
	label    string
}

// Shapes of a definition or link whose target cannot be told from the
// chunks (Marker.Shape).
const (
	shapeDefNoSource = "[^n]: name"  // a definition names a file, no chunk carries a source
	shapeLinkNoURL   = "[…](url)"    // a link, no chunk carries a URL
	shapeLinkElse    = "[text](url)" // a prose link to a page no chunk was retrieved from
)

// applyDefs makes each marker cite what its definition names: a
// retrieved chunk's id or source, or a name no chunk has (fabricated).
// A definition that names a URL while no chunk carries one, or a name
// while no chunk carries a source, cannot be matched: the marker is read
// as written, and a look-alike over it says so. A quote or prose names
// nothing: the marker is read as written.
func applyDefs(markers []Marker, defs []refDef, mc *markerContext) (unread []Marker) {
	if len(defs) == 0 {
		return nil
	}
	// A footnote "[^1]: …" defines "[^1]", a link reference "[1]: …" the
	// plain "[1]": the same label in both is two definitions.
	byLabel := map[defKey]string{}
	for _, d := range defs {
		k := defKey{d.footnote, d.label}
		if _, ok := byLabel[k]; !ok {
			byLabel[k] = defTarget(d, mc)
		}
	}
	for k := range markers {
		m := &markers[k]
		shape := "" // one look-alike a marker at most: "[1][2]" is one
		for i, id := range m.IDs {
			target, ok := byLabel[defKey{strings.Contains(m.Raw, "[^"+id+"]"), id}]
			if !ok || target == "" {
				continue
			}
			switch {
			case mc.names(target):
				m.IDs[i] = mc.nameOf(target)
			case strings.Contains(target, "://") && !mc.urls:
				shape = cmp.Or(shape, shapeLinkNoURL)
			case strings.Contains(target, "://") || mc.named && idLike(target):
				m.IDs[i] = target // names a page or file that was not retrieved
			case idLike(target):
				shape = cmp.Or(shape, shapeDefNoSource)
			}
		}
		if shape != "" {
			unread = append(unread, Marker{Raw: m.Raw, Start: m.Start, End: m.End, Shape: shape})
		}
	}
	return unread
}
