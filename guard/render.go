package guard

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/lang"
	"github.com/ragaudit/ragaudit/readers"
)

// dropped renders content without the claims drops and checks what
// remains: ok when the policy serves it as it is. An answer in JSON or
// with a provider's citation spans is not re-rendered (its structure
// would break).
func (g *Guard) dropped(ctx context.Context, d *Decision, content string, v *Verdict, drops []int) (string, *Verdict, bool) {
	if strings.HasPrefix(strings.TrimSpace(content), "{") || len(d.req.Citations) > 0 && len(d.Attempts) == 0 {
		return "", nil, false
	}
	spans := make([][2]int, len(drops))
	for k, i := range drops {
		spans[k] = v.Claims[i].Span
	}
	rendered := withoutSpans(content, spans)
	if strings.TrimSpace(rendered) == "" {
		return "", nil, false
	}
	sv, took, err := g.check(ctx, &d.policy, d.req, rendered, nil)
	d.Latency += took
	if err != nil {
		return "", nil, false
	}
	if action, _ := decide(&d.policy, &sv); action != ActionPass && action != ActionAnnotate && action != ActionUnverifiable {
		return "", nil, false
	}
	return rendered, &sv, true
}

// reBulletOnly is a list item left with nothing but its bullet.
var reBulletOnly = regexp.MustCompile(`^\s*(?:[-*•+]|\d+[.)])\s*$`)

// withoutSpans removes spans (code points, with their markers) and the
// blanks after them, then lines left empty of all but a bullet; the other
// markers keep their numbers.
func withoutSpans(content string, spans [][2]int) string {
	runes := []rune(content)
	keep := make([]bool, len(runes))
	for i := range keep {
		keep[i] = true
	}
	for _, s := range spans {
		a, b := max(0, s[0]), min(len(runes), s[1])
		for i := a; i < b; i++ {
			keep[i] = false
		}
		for j := b; j < len(runes) && (runes[j] == ' ' || runes[j] == '\t'); j++ {
			keep[j] = false
		}
	}
	var b strings.Builder
	for i, r := range runes {
		if keep[i] {
			b.WriteRune(r)
		}
	}
	var lines []string
	for _, line := range strings.Split(b.String(), "\n") {
		line = strings.TrimRight(line, " \t")
		if reBulletOnly.MatchString(line) {
			continue
		}
		lines = append(lines, line)
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// feedback quotes each dropped claim back to the model, its markers
// removed: one another retrieved chunk supports (misattributed: what the
// cited chunk lacks, it states) is to cite that chunk; any other is not
// to be asserted without a source.
func feedback(v *Verdict, drops []int) []string {
	out := []string{}
	for _, i := range drops {
		c := &v.Claims[i]
		text := strings.TrimSpace(audit.StripMarkers(c.Text, audit.FindMarkers(c.Text, nil)))
		if c.BetterChunkID != nil && slices.Contains(c.Classes, ClassMisattributed) {
			out = append(out, "Cite ["+*c.BetterChunkID+"], not "+strings.Join(c.Markers, " ")+", for «"+text+"»: that chunk states it")
			continue
		}
		out = append(out, "Do not assert this without a source: «"+text+"»")
	}
	return out
}

// fallback serves the policy's fallback: the closest retrieved passage,
// verbatim, quoted with its citation, and checked like any answer (it
// must read as a refusal whose quote the chunk supports); else the
// refusal. A person should look at it either way.
func (g *Guard) fallback(ctx context.Context, d *Decision) {
	p := &d.policy
	d.HumanReview = true
	code := d.language(nil, "")
	passage, marker, source, ok := closestPassage(d)
	if !ok {
		d.finish(ActionFallback, p.refusalIn(code), nil)
		return
	}
	text := renderFallback(p.fallbackIn(code), passage, marker, source, d.req.Question)
	v, took, err := g.check(ctx, p, d.req, text, nil)
	d.Latency += took
	if err != nil || !quotesSupported(&v) {
		d.finish(ActionFallback, p.refusalIn(code), nil)
		return
	}
	d.finish(ActionFallback, text, &v)
}

func renderFallback(template, passage, marker, source, question string) string {
	return strings.NewReplacer("{passage}", passage, "{marker}", marker, "{source}", source, "{question}", question).Replace(template)
}

// quotesSupported reports whether a fallback reads as a refusal whose
// every quote is supported by the chunk it cites.
func quotesSupported(v *Verdict) bool {
	if v.Status != audit.Refusal || len(v.Claims) == 0 {
		return false
	}
	for i := range v.Claims {
		if v.Claims[i].Verdict != audit.Supported {
			return false
		}
	}
	return true
}

// maxWholeQuote is the longest chunk a fallback quotes whole.
const maxWholeQuote = 400

// closestPassage is the best-matching passage of any attempt's citations
// (the highest support score among citations of a retrieved chunk with
// text): its text as the chunk has it, the marker citing it and the
// chunk's source.
func closestPassage(d *Decision) (passage, marker, source string, ok bool) {
	// A claim another retrieved chunk supports is quoted from that chunk,
	// whole where it is short, not from the chunk it cited.
	for _, a := range d.Attempts {
		for i := range a.Verdict.Findings {
			f := &a.Verdict.Findings[i]
			if f.BetterChunkID == nil {
				continue
			}
			if idx := (&readers.Message{Retrieval: d.req.Retrieval}).ChunkIndex(*f.BetterChunkID); idx >= 0 {
				if text := strings.TrimSpace(d.req.Retrieval[idx].Text); utf8.RuneCountInString(text) <= maxWholeQuote {
					return text, "[" + *f.BetterChunkID + "]", d.req.Retrieval[idx].Source, true
				}
			}
		}
	}
	best := -1.0
	for _, a := range d.Attempts {
		for i := range a.Verdict.Findings {
			f := &a.Verdict.Findings[i]
			if f.ChunkID == nil || f.SupportScore == nil || f.Verdict == audit.Fabricated || f.MatchedEnd <= f.MatchedStart || float64(*f.SupportScore) <= best {
				continue
			}
			idx := (&readers.Message{Retrieval: d.req.Retrieval}).ChunkIndex(*f.ChunkID)
			if idx < 0 {
				continue
			}
			runes := []rune(d.req.Retrieval[idx].Text)
			if f.MatchedEnd > len(runes) {
				continue
			}
			text := strings.TrimSpace(string(runes[f.MatchedStart:f.MatchedEnd]))
			if len([]rune(text)) < 8 {
				continue
			}
			best = float64(*f.SupportScore)
			passage, marker, source, ok = text, "["+f.Citation+"]", d.req.Retrieval[idx].Source, true
		}
	}
	return passage, marker, source, ok
}

// textProbes are a passage and its chunk in each language the audit has
// tables for: a policy's texts are checked against the one they are
// written in (written for this check).
var textProbes = []struct{ code, passage, rest, question string }{
	{"en", "Refunds are accepted within 30 days of delivery.", " Store credit is issued after that.", "What is the refund window?"},
	{"de", "Rückerstattungen werden innerhalb von 30 Tagen nach der Lieferung angenommen.", " Danach gibt es eine Gutschrift.", "Wie lange kann ich zurückgeben?"},
	{"fr", "Les remboursements sont acceptés dans les 30 jours suivant la livraison.", " Ensuite, un avoir est émis.", "Quel est le délai de remboursement ?"},
	{"nl", "Terugbetalingen worden binnen 30 dagen na de levering geaccepteerd.", " Daarna volgt een tegoedbon.", "Hoe lang kan ik retourneren?"},
	{"es", "Los reembolsos se aceptan dentro de los 30 días posteriores a la entrega.", " Después se emite un vale.", "¿Cuál es el plazo de reembolso?"},
}

// checkTexts checks that each policy's own refusal reads as a refusal and
// its own fallback as a refusal quoting a supported passage, as the audit
// reads them back (over a passage in English, German, French, Dutch or
// Spanish: the language they are written in): else a decision log would
// count the guard's own texts as failures. The default texts, one per
// language, are lang's [no-source] and read back so in their language
// (the guard's and lang's tests hold them to it).
func (g *Guard) checkTexts() error {
	for _, t := range append([]string{""}, sortedKeys(g.policies)...) {
		p, _ := g.Policy(t)
		if p.Refusal == "" && p.Fallback == "" {
			continue
		}
		p.Timeout = max(p.Timeout, 10*time.Second) // a tight budget is for answers, not this check
		whys := map[string]string{}
		for _, probe := range textProbes {
			why := g.textsRead(&p, t, probe.passage, probe.rest, probe.question)
			if why == "" {
				whys = nil
				break
			}
			whys[probe.code] = why
		}
		if whys == nil {
			continue
		}
		// Say what the probe in the texts' own language found.
		why, ok := whys[audit.LanguageOf(placeholders.Replace(p.Refusal+" "+p.Fallback))]
		if !ok {
			why = whys["en"]
		}
		name := "the default policy"
		if t != "" {
			name = fmt.Sprintf("the policy of tenant %q", t)
		}
		return fmt.Errorf("%s: %s", name, why)
	}
	return nil
}

// placeholders are the fallback's, which are no words of its language.
var placeholders = strings.NewReplacer("{passage}", "", "{marker}", "", "{source}", "", "{question}", "")

// textsRead says what is wrong with p's own texts over one probe ("":
// nothing).
func (g *Guard) textsRead(p *Policy, tenant, passage, rest, question string) string {
	chunk := Chunk{ID: "1", Source: "policy.md", Text: passage + rest}
	r := Request{ConversationID: "policy-check", Tenant: tenant, Question: question, Retrieval: []Chunk{chunk}}
	if p.Refusal != "" {
		v, _, err := g.check(context.Background(), p, r, p.Refusal, nil)
		if err != nil {
			return err.Error()
		}
		if v.Status != audit.Refusal {
			return fmt.Sprintf("refusal %q does not read as a refusal%s (the audit would count it as an answer): say that no confident source was found, as %s",
				p.Refusal, inLanguage(v.Language), refusalsLike(v.Language))
		}
	}
	if p.Fallback == "" {
		return ""
	}
	text := renderFallback(p.Fallback, passage, "[1]", chunk.Source, question)
	v, _, err := g.check(context.Background(), p, r, text, nil)
	if err != nil {
		return err.Error()
	}
	if !quotesSupported(&v) {
		return fmt.Sprintf("fallback %q does not read back as a refusal quoting a supported passage (status %s): begin with a refusal, as %s, and put {marker} right after the quoted {passage}",
			p.Fallback, v.Status, refusalsLike(v.Language))
	}
	return ""
}

// inLanguage is " in German" for a language the audit has tables for.
func inLanguage(code string) string {
	if l, ok := lang.Get(code); ok {
		return " in " + l.Name
	}
	return ""
}

// refusalsLike names the refusals the audit reads in language code, for a
// person to write one: its examples, and where its phrases are.
func refusalsLike(code string) string {
	l, ok := lang.Get(code)
	if !ok {
		l, _ = lang.Get("en")
		return fmt.Sprintf("the audit reads refusals only in %s (%s is not one), such as %s", supportedNames(), lang.Name(code), quoted(l.RefusalExamples))
	}
	return fmt.Sprintf("the audit's %s refusals do (lang/data/%s.txt [refusal]), such as %s", l.Name, l.Code, quoted(append([]string{l.NoSource}, l.RefusalExamples...)))
}

func quoted(texts []string) string {
	q := make([]string, len(texts))
	for i, t := range texts {
		q[i] = fmt.Sprintf("%q", t)
	}
	return strings.Join(q, ", ")
}

// supportedNames is "Dutch, English, French, German or Spanish".
func supportedNames() string {
	var names []string
	for _, code := range lang.Supported() {
		names = append(names, lang.Name(code))
	}
	slices.Sort(names)
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func sortClasses(cs []Class) {
	slices.SortFunc(cs, func(a, b Class) int { return slices.Index(Classes, a) - slices.Index(Classes, b) })
}
