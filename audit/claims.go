package audit

import (
	"context"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/readers"
)

// claimsOf returns the claims of a message to audit, as sentences, and the
// rule their citations resolve by: JSON claims, a provider's citation
// spans, or the spans the markers of its prose cover.
// refs are the entries of its list of sources (withoutReferences), no
// claims, whose citations are only resolved.
func (a *Auditor) claimsOf(ctx context.Context, msg readers.Message, jclaims []jsonClaim, budget int, t tongue) (sents, refs []sentence, rule ResolveRule, err error) {
	if jclaims != nil {
		sents := claimSentences(jclaims)
		if len(sents) > budget {
			return nil, nil, "", errTooManySentences
		}
		return sents, nil, ResolveID, nil
	}
	mc := a.markerContext(msg.Retrieval)
	sp, err := a.splitters.of(t)
	if err != nil {
		return nil, nil, "", err
	}
	sents, err = sp.split(ctx, msg.Content, mc, budget)
	if err != nil {
		return nil, nil, "", err
	}
	sents, refs = withoutReferences(sents, mc)
	rule = a.cfg.Resolve
	if len(msg.Citations) > 0 {
		// The provider said which span cites which chunk: audit those
		// spans, by chunk id, and the uncited sentences around them.
		sents, refs, rule = structuredSentences(msg, sents), nil, ResolveID
	} else {
		l, _ := lang.Get(t.code)
		sents = citationSpans(msg.Content, sents, func(s sentence) bool { return a.isFactual(s, t) }, l)
	}
	if len(sents)+len(refs) > budget {
		return nil, nil, "", errTooManySentences
	}
	return sents, refs, rule, nil
}

// reRefHeading is the heading of an answer's list of its sources.
var reRefHeading = regexp.MustCompile(`(?i)^[#*_\s]*(?:sources?|references?|citations?|bibliography|bronnen|bron|quellen|quelle|fuentes?|r[ée]f[ée]rences|referencias|referenties)[*_\s]*:?[*_\s]*$`)

// withoutReferences takes the answer's list of its sources ("Sources:\n[1]
// refund-policy.md", "Sources: [1] faq.md, [2] fees.md") out of its
// sentences: entries that name what a marker stands for are no claims,
// and audited as claims they fail for want of words. An entry is a cited
// line after such a heading, one whose words are only a chunk's source, a
// URL or a file name, or a heading followed by such names on its line.
// The entries are returned as refs: a marker in them that names no
// retrieved chunk is still fabricated.
func withoutReferences(sents []sentence, mc *markerContext) (out, refs []sentence) {
	out = sents[:0:0]
	list := false // inside a list of sources
	for _, s := range sents {
		heading := reRefHeading.MatchString(s.Plain)
		headed := len(s.Markers) > 0 && mc.headedList(s)
		entry := len(s.Markers) > 0 && (heading || headed || list && (s.ListItem || s.Markers[0].Start == s.Start) || mc.namesASource(s.Plain))
		list = heading || headed || list && entry
		switch {
		case entry:
			refs = append(refs, s)
		case !heading:
			out = append(out, s)
		}
	}
	for i := range out {
		out[i].Index = i
	}
	return out, refs
}

// reRefLead is the heading a list of sources opens its line with:
// "Sources:", "**Quellen:**".
var reRefLead = regexp.MustCompile(`(?i)^[#*_\s]*(?:sources?|references?|citations?|bronnen|bron|quellen|quelle|fuentes?|r[ée]f[ée]rences|referencias|referenties)[*_\s]*:[*_\s]*`)

// headedList reports whether a cited line is a heading and the sources it
// lists after it, "Sources: [1] refund-policy.md [2] shipping.md": between
// and after its markers, nothing but source names (namesASource).
func (mc *markerContext) headedList(s sentence) bool {
	loc := reRefLead.FindStringIndex(s.Text)
	if loc == nil || len(s.Markers) == 0 {
		return false
	}
	pos := loc[1]
	for _, mk := range s.Markers {
		at := mk.Start - s.Start
		if at < pos || !mc.namesASource(s.Text[pos:at]) {
			return false
		}
		pos = mk.End - s.Start
	}
	return mc.namesASource(s.Text[pos:])
}

// namesASource reports whether a cited line's words only name a source:
// nothing, a chunk's source or id, a URL or a file name.
func (mc *markerContext) namesASource(plain string) bool {
	p := strings.Trim(reListItem.ReplaceAllString(plain, ""), " .,;:-–—*_\"'()")
	switch {
	case p == "":
		return true
	case reNumberish.MatchString(p):
		return false // "1[1]." is a list's number glued to a marker, as before
	case mc.sources[p] || mc.ids[p]:
		return true
	case strings.Contains(p, "://") && !strings.ContainsAny(p, " \t"):
		return true
	}
	return !strings.ContainsAny(p, " \t") && idLike(p) && strings.Contains(p, ".") && !strings.ContainsAny(p, "0123456789")
}

// markerContext is what reading the markers of an answer over chunks needs.
func (a *Auditor) markerContext(chunks []readers.Chunk) *markerContext {
	mc := &markerContext{ids: make(map[string]bool, len(chunks)), sources: map[string]bool{}, chunks: len(chunks), rules: a.markers}
	for _, c := range chunks {
		if c.ID != "" {
			mc.ids[c.ID] = true
		}
		for _, s := range sourceNames(c.Source) {
			mc.sources[s] = true
		}
		mc.named = mc.named || strings.TrimSpace(c.Source) != ""
		mc.urls = mc.urls || strings.Contains(c.Source, "://")
	}
	return mc
}

// sourceNames are the names a citation may give a chunk's source by: as
// logged, its base name ("docs/faq.md": "faq.md"), and a URL without its
// trailing slash.
func sourceNames(source string) []string {
	source = strings.TrimSpace(source)
	if source == "" {
		return nil
	}
	names := []string{source}
	if t := strings.TrimRight(source, "/"); t != source && t != "" {
		names = append(names, t)
	}
	if i := strings.LastIndexAny(source, "/\\"); i >= 0 && i+1 < len(source) && !strings.Contains(source, "://") {
		names = append(names, source[i+1:])
	}
	return names
}

// structuredSentences turns a message's structured citations into the
// sentences to audit: each citation's span is a claim citing its chunks,
// and each split sentence that no citation overlaps is kept as well (it
// may be an uncited factual sentence). Sorted by position.
func structuredSentences(msg readers.Message, split []sentence) []sentence {
	var out []sentence
	for _, c := range msg.Citations {
		out = append(out, claimSentence(msg.Content[c.Start:c.End], c.Start, c.End, c.Marker, c.ChunkIDs))
	}
	// A sentence is covered when a citation starting before its end ends
	// after its start: with the citations by start and the furthest end
	// so far, one binary search per sentence instead of a loop over all.
	cits := slices.Clone(msg.Citations)
	slices.SortFunc(cits, func(x, y readers.Citation) int { return x.Start - y.Start })
	reach := make([]int, len(cits)) // reach[k]: the furthest end of cits[:k+1]
	for k, c := range cits {
		reach[k] = c.End
		if k > 0 {
			reach[k] = max(reach[k], reach[k-1])
		}
	}
	for _, s := range split {
		k := sort.Search(len(cits), func(k int) bool { return cits[k].Start >= s.End })
		if covered := k > 0 && reach[k-1] > s.Start; !covered {
			// Inline markers follow the log's own numbering (prompt
			// position, say), which the structured citations replace.
			s.Markers = nil
			out = append(out, s)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	for i := range out {
		out[i].Index = i
	}
	return out
}

// claimSentence is the sentence of a claim whose citation the log gives
// (a provider's span, a JSON claim) rather than a marker in its text.
func claimSentence(text string, start, end int, marker string, ids []string) sentence {
	plain := strings.TrimSpace(stripMarkdown(StripMarkers(text, FindMarkers(text, nil))))
	s := sentence{Start: start, End: end, Text: text, Plain: plain}
	if len(ids) > 0 {
		s.Markers = []Marker{{Raw: marker, Start: start, End: end, IDs: ids}}
	} // else: a claim with no evidence is an uncited sentence, not nothing
	return s
}
