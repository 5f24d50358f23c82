package audit

import (
	"strings"
)

// A Markdown link "[text](target)" in an answer is a citation when its
// target is a page or file a chunk was retrieved from. When the chunks
// carry URLs, a link to a page none of them came from is a fabricated
// citation if its text is a citation's (a number, an id, a source word:
// "([bron](https://…/oude-prijzen))"), and a counted look-alike if its
// text is prose ("see [our help centre](https://…)"). When no chunk
// carries a URL a link's target cannot be matched: the link is read by
// its text as before, and counted.

// linkCitation reads the link whose text is inner (its ids as
// parseBracketIDs read them; generic: by their shape only) and whose
// target is target. It returns the ids the link cites (nil: none) and the
// shape of the look-alike its target is ("": none).
func linkCitation(inner string, ids []string, generic bool, target string, mc *markerContext) ([]string, string) {
	if name := mc.nameOf(target); name != "" {
		return []string{name}, ""
	}
	byText := len(ids) > 0 && (!generic || mc.names(ids[0]))
	if !strings.Contains(target, "://") {
		if byText {
			return ids, ""
		}
		return nil, ""
	}
	switch {
	case !mc.urls && byText:
		return ids, shapeLinkNoURL
	case !mc.urls:
		return nil, shapeLinkNoURL
	case byText || sourceWordText(inner) || strings.TrimSpace(inner) == target:
		return []string{target}, "" // a page no chunk came from
	}
	return nil, shapeLinkElse
}

// sourceWordText reports whether a link's text is a source word alone
// ("bron", "Quelle", "sources") or a source label ("Bron: prijzen").
func sourceWordText(inner string) bool {
	t := strings.ToLower(strings.Trim(strings.TrimSpace(inner), "*_"))
	if isSourceWord(t) {
		return true
	}
	bracket, _ := sourceLabels()
	return bracket.MatchString(t)
}
