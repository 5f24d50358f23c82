package report

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ragaudit/ragaudit/audit"
)

// Severity orders failing findings for people: the worst first. A
// fabricated citation is worse than a contradiction (a wrong number, a
// flipped negation, a swapped name), which is worse than a chunk that
// merely does not state the sentence, which is worse than a sentence with
// no citation. Findings that are not failures have severity 0.
func Severity(f *audit.Finding) int {
	switch f.Verdict {
	case audit.Fabricated:
		return 4
	case audit.Unsupported:
		if slices.ContainsFunc(f.Reasons, contradiction) {
			return 3
		}
		return 2
	case audit.Uncited:
		return 1
	}
	return 0
}

// contradiction reports whether a reason is a decisive signal's: a
// wrong number, a flipped negation, a swapped name.
func contradiction(code string) bool {
	r, ok := audit.ReasonOf(code)
	return ok && r.Decisive
}

// Worse reports whether a is to be shown before b: higher severity, then
// lower support score, then input order (seq).
func Worse(a, b *audit.Finding, seqA, seqB int) bool {
	if sa, sb := Severity(a), Severity(b); sa != sb {
		return sa > sb
	}
	pa, pb := scoreOf(a), scoreOf(b)
	if pa != pb {
		return pa < pb
	}
	return seqA < seqB
}

func scoreOf(f *audit.Finding) float64 {
	if f.SupportScore == nil {
		return -1
	}
	return float64(*f.SupportScore)
}

// Explain says in words why a finding fails, from what the finding
// carries and the words of its reasons (audit.Reasons): `"€15.00" is not
// in chunk 1`. It is "" for a finding that does not fail.
func Explain(f *audit.Finding) string {
	if Severity(f) == 0 {
		return ""
	}
	var parts, beside []string
	for _, code := range f.Reasons {
		switch r, ok := audit.ReasonOf(code); {
		case !ok || r.Says == "" || refinedIn(f.Reasons, code): // a kind of it says it in its place
		case r.Beside:
			beside = append(beside, say(r, f))
		default:
			parts = append(parts, say(r, f))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, say(plainReason(f.Verdict), f))
	}
	return strings.Join(append(parts, beside...), "; ")
}

// refinedIn reports whether codes hold a refinement of code with words of
// its own ("opposite_word" of "negation_mismatch").
func refinedIn(codes []string, code string) bool {
	return slices.ContainsFunc(codes, func(c string) bool {
		r, ok := audit.ReasonOf(c)
		return ok && r.Of == code && r.Says != ""
	})
}

// plainReason is the first reason of a verdict that is neither a decisive
// signal's nor said beside another: why it fails when nothing else says.
func plainReason(verdict string) audit.Reason {
	for _, r := range audit.Reasons {
		if r.Verdict == verdict && r.Says != "" && !r.Decisive && !r.Beside {
			return r
		}
	}
	return audit.Reason{}
}

// say fills the words of a reason with what the finding carries.
func say(r audit.Reason, f *audit.Finding) string {
	chunk, better, support := "the cited chunk", "", ""
	if f.ChunkID != nil {
		chunk = "chunk " + quoteIfNeeded(Printable(*f.ChunkID))
	}
	if f.BetterChunkID != nil {
		better = "chunk " + quoteIfNeeded(Printable(*f.BetterChunkID))
	}
	if f.SupportScore != nil {
		support = fmt.Sprintf(" (support %.2f)", float64(*f.SupportScore))
	}
	var missing []string
	if r.Missing != nil {
		missing = r.Missing(f)
	}
	words, instead := r.Says, ""
	switch {
	case len(missing) == 0 && r.Unlisted != "":
		words = r.Unlisted
	case r.Contrast != "":
		if instead = counterpart(missing, f.MatchedText); instead != "" {
			words = r.Contrast
		} else if around := writtenAround(missing, f.MatchedText); around != "" {
			// The figure is there, with a bound, a subject or a unit the
			// sentence does not give it: "not in the chunk" would be false.
			words, instead = "{chunk} gives {missing} otherwise: {instead}", around
		}
	}
	elsewhere := ""
	if words == r.Says && r.Elsewhere != "" && len(missing) > 0 {
		// What the chunk writes, of something else, is not "not in it".
		var absent, written []string
		for _, m := range missing {
			if slices.Contains(f.NumbersElsewhere, m) {
				written = append(written, m)
			} else {
				absent = append(absent, m)
			}
		}
		switch {
		case len(absent) == 0:
			words = r.Elsewhere
		case len(written) > 0:
			missing = absent
			elsewhere = "; " + strings.NewReplacer("{chunk}", "it", "{missing}", quoteList(written)).Replace(r.Elsewhere)
		}
	}
	return strings.NewReplacer("{chunk}", chunk, "{better}", better, "{support}", support, "{instead}", instead,
		"{missing}", quoteList(missing), "{is}", isAre(len(missing))).Replace(words) + elsewhere
}

// quoteList quotes up to three items: `"a", "b" and "c"`, `"a", "b", … (5)`.
func quoteList(items []string) string {
	if len(items) == 0 {
		return ""
	}
	q := make([]string, 0, 3)
	for i, it := range items {
		if i == 3 {
			return strings.Join(q, ", ") + fmt.Sprintf(", … (%d)", len(items))
		}
		q = append(q, `"`+Printable(it)+`"`)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

func isAre(n int) string {
	if n > 1 {
		return "are"
	}
	return "is"
}

// quoteIfNeeded quotes a chunk id that is not a plain word or number.
func quoteIfNeeded(id string) string {
	for _, r := range id {
		if !(r == '-' || r == '_' || r == '.' || r == '#' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return `"` + id + `"`
		}
	}
	return id
}

// reQuantity finds a quantity as written: an optional currency sign, a
// number, and the word after it.
var reQuantity = regexp.MustCompile(`([€$£¥]?)\s?(\d+(?:[.,]\d+)*)(?:\s?(%|[\p{L}]+))?`)

// counterpart finds what the chunk's best-matching passage states in place
// of the one missing quantity: the same currency or unit with another
// number ("30 days" missing, the passage says "90 days"). "" when there
// is not exactly one such quantity, or more than one is missing.
func counterpart(missing []string, window string) string {
	if len(missing) != 1 || window == "" {
		return ""
	}
	m := reQuantity.FindStringSubmatch(missing[0])
	if m == nil || m[1] == "" && m[3] == "" {
		return "" // a bare number: no unit to find it by
	}
	found := ""
	for _, at := range reQuantity.FindAllStringSubmatchIndex(window, -1) {
		c := make([]string, 4)
		for k := range c {
			if at[2*k] >= 0 {
				c[k] = window[at[2*k]:at[2*k+1]]
			}
		}
		// After a currency sign the next word is no unit ("€50 ship").
		if c[1] != m[1] || m[1] == "" && !strings.EqualFold(strings.TrimSuffix(c[3], "s"), strings.TrimSuffix(m[3], "s")) {
			continue
		}
		if c[2] == m[2] && signedBefore(window[:at[0]]) {
			// The passage writes the figure itself with a sign ("minus
			// 10 per cent" for "plus 10 per cent"): no other figure is
			// its counterpart.
			return ""
		}
		if c[2] == m[2] {
			// The passage writes the figure itself: what differs is its
			// bound or what it is said of, which writtenAround shows; any
			// other figure of its unit would be a guess ("1,500 km" for the
			// "3,500 km" of "between 1,500 and 3,500 km").
			return ""
		}
		if q := `"` + Printable(strings.TrimSpace(strings.TrimRight(c[0], ".,"))) + `"`; found == "" || found == q {
			found = q
		} else {
			return "" // two candidates: say nothing rather than guess
		}
	}
	return found
}

// signedBefore reports whether text ends with a sign of the figure after
// it: "+", "-", "−" or a word saying one ("minus", "plus", "min",
// "abzüglich", "zuzüglich", "moins", "menos", "más").
func signedBefore(text string) bool {
	text = strings.TrimRight(text, " ")
	if strings.HasSuffix(text, "+") || strings.HasSuffix(text, "-") || strings.HasSuffix(text, "−") {
		return true
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return false
	}
	switch strings.ToLower(words[len(words)-1]) {
	case "minus", "plus", "min", "abzüglich", "zuzüglich", "moins", "menos", "más":
		return true
	}
	return false
}

// writtenAround is the one missing item as the chunk's passage writes it,
// with up to three words before it and two after ("…covers up to €600 of
// dental…"), quoted; "" when more than one is missing or the passage does
// not hold it.
// figureAt is where figure stands in passage as a figure of its own: not
// inside a longer number ("5%" is not in "15%", "5" not in "2.5") nor
// glued to a word; -1 for nowhere.
func figureAt(passage, figure string) int {
	for from := 0; from <= len(passage)-len(figure); {
		i := strings.Index(passage[from:], figure)
		if i < 0 {
			return -1
		}
		at, end := from+i, from+i+len(figure)
		glued := func(b byte) bool { return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
		before := at > 0 && (glued(passage[at-1]) || (passage[at-1] == '.' || passage[at-1] == ',') && at > 1 && glued(passage[at-2]))
		after := end < len(passage) && (passage[end] >= '0' && passage[end] <= '9' || (passage[end] == '.' || passage[end] == ',') && end+1 < len(passage) && passage[end+1] >= '0' && passage[end+1] <= '9')
		if !before && !after {
			return at
		}
		from = at + 1
	}
	return -1
}

func writtenAround(missing []string, passage string) string {
	if len(missing) != 1 || missing[0] == "" {
		return ""
	}
	at := figureAt(passage, missing[0])
	if at < 0 {
		return ""
	}
	before := strings.Fields(passage[:at])
	after := strings.Fields(passage[at+len(missing[0]):])
	start, end := "", ""
	if len(before) > 3 {
		before, start = before[len(before)-3:], "…"
	}
	if len(after) > 2 {
		after, end = after[:2], "…"
	}
	text := strings.Join(append(append(before, missing[0]), after...), " ")
	// Glue the figure back to what touched it ("€600." stays "€600.").
	if at+len(missing[0]) < len(passage) && passage[at+len(missing[0])] != ' ' && len(after) > 0 {
		text = strings.Replace(text, missing[0]+" "+after[0], missing[0]+after[0], 1)
	}
	return `"` + Printable(start+text+end) + `"`
}
