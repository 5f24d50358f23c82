package report

import (
	"bytes"
	"container/heap"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"maps"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
)

// DefaultMaxFailures caps the failing citations listed in report.html;
// findings.csv always has them all.
const DefaultMaxFailures = 500

// worstConversations is how many conversations the report ranks.
const worstConversations = 20

// Failure is one failing row of the report: the finding, the chunk it
// cites and, for a misattribution, the chunk that would support it.
type Failure struct {
	F          audit.Finding
	ChunkText  string
	BetterText string
}

// ConversationFailures ranks a conversation by its failing citations.
type ConversationFailures struct {
	ConversationID, Tenant, Agent, Source string
	Failures, Citations                   int
	seq                                   int
}

// HTMLCollector gathers, while the audit streams, what the HTML report
// shows beyond the summary: the first failing rows (capped) with their
// chunk texts, and the worst conversations. Memory is bounded by the cap.
type HTMLCollector struct {
	max      int
	failures []Failure
	omitted  int
	worst    convHeap
	seq      int
}

// NewHTMLCollector keeps at most max failing rows (0: DefaultMaxFailures).
func NewHTMLCollector(max int) *HTMLCollector {
	if max <= 0 {
		max = DefaultMaxFailures
	}
	return &HTMLCollector{max: max}
}

// Add takes one audited record, in output order.
func (h *HTMLCollector) Add(res *audit.Result) {
	h.seq++
	cf := ConversationFailures{ConversationID: res.Record.ConversationID, Tenant: res.Record.Tenant,
		Agent: res.Record.Agent, seq: h.seq}
	for i := range res.Findings {
		f := &res.Findings[i]
		if f.Cited() {
			cf.Citations++
			cf.Source = f.Source
		}
		if !failing(f) {
			continue
		}
		cf.Failures++
		if cf.Source == "" {
			cf.Source = f.Source
		}
		if len(h.failures) >= h.max {
			h.omitted++
			continue
		}
		h.failures = append(h.failures, Failure{F: *f,
			ChunkText:  chunkText(res, f.MessageIndex, f.ChunkID),
			BetterText: chunkText(res, f.MessageIndex, f.BetterChunkID)})
	}
	if cf.Failures == 0 {
		return
	}
	if len(h.worst) < worstConversations {
		heap.Push(&h.worst, cf)
	} else if h.worst.lessX(cf) {
		h.worst[0] = cf
		heap.Fix(&h.worst, 0)
	}
}

func failing(f *audit.Finding) bool {
	switch f.Verdict {
	case audit.Unsupported, audit.Fabricated, audit.Uncited:
		return true
	}
	return false
}

func chunkText(res *audit.Result, msg int, id *string) string {
	if id == nil || msg >= len(res.Record.Messages) {
		return ""
	}
	m := &res.Record.Messages[msg]
	if i := m.ChunkIndex(*id); i >= 0 {
		return m.Retrieval[i].Text
	}
	return ""
}

// convHeap is a min-heap of the worst conversations: the root is the
// least bad one kept, replaced when a worse one comes.
type convHeap []ConversationFailures

func (h convHeap) Len() int { return len(h) }
func (h convHeap) Less(i, j int) bool {
	return worse(h[j], h[i])
}

// lessX reports whether x is worse than the least bad conversation kept.
func (h *convHeap) lessX(x ConversationFailures) bool { return worse(x, (*h)[0]) }
func (h convHeap) Swap(i, j int)                      { h[i], h[j] = h[j], h[i] }
func (h *convHeap) Push(x any)                        { *h = append(*h, x.(ConversationFailures)) }
func (h *convHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// worse orders conversations: more failures, then a higher failure share,
// then earlier in the input.
func worse(a, b ConversationFailures) bool {
	if a.Failures != b.Failures {
		return a.Failures > b.Failures
	}
	ra, rb := share(a), share(b)
	if ra != rb {
		return ra > rb
	}
	return a.seq < b.seq
}

func share(c ConversationFailures) float64 {
	if c.Citations == 0 {
		return 1
	}
	return float64(c.Failures) / float64(c.Citations)
}

// HTMLOptions are the parts of the report that are not results.
type HTMLOptions struct {
	GeneratedAt string // stated once; "" when pinned away (--reproducible)
	Model       audit.Model
	Embedder    string
	Resolve     string
}

//go:embed report.html.tmpl
var htmlTemplate string

var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":     func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) },
	"score":   func(s *audit.Score) string { return scoreCell(s) },
	"deref":   func(s *string) string { return deref(s) },
	"join":    strings.Join,
	"barsSVG": barsSVG,
	"histSVG": histSVG,
	"daysSVG": daysSVG,
	"sentenceMarks": func(f audit.Finding) []Segment {
		miss := append(append(append([]string(nil), f.NPMissing...), f.NumbersMissing...), f.EntitiesMissing...)
		var markers [][2]int // the sentence's own citation markers are never marked
		for _, m := range audit.FindMarkers(f.Sentence, nil) {
			markers = append(markers, [2]int{m.Start, m.End})
		}
		return marks(f.Sentence, "miss", miss, "", 0, 0, markers...)
	},
	"chunkMarks": func(f audit.Finding, text string) []Segment {
		return marks(text, "hit", f.NPFound, "span", f.MatchedStart, f.MatchedEnd)
	},
	"plainMarks": func(text string) []Segment { return []Segment{{Text: text}} },
	"json":       prettyJSON,
	"checks":     func() []audit.Check { return audit.Checks },
	"features":   func() []string { return audit.FeatureNames },
	"add":        func(a, b int) int { return a + b },
	"kind":       kind,
	"weight":     func(m audit.Model, n string) string { return fmt.Sprintf("%+.3f", m.Weights[n]) },
	"accClass": func(acc, bar float64) string {
		if acc >= bar {
			return "ok"
		}
		return "bad"
	},
}).Parse(htmlTemplate))

type htmlData struct {
	S        *Summary
	Opts     HTMLOptions
	Failures []Failure
	Articles []template.HTML // Failures rendered, in order
	Omitted  int
	Worst    []ConversationFailures
	Reasons  []reasonCount
	Skipped  []reasonCount
}

type reasonCount struct {
	Name  string
	Count int
}

// WriteHTML renders the self-contained report: inline CSS and SVG, a
// little inline JavaScript for sorting and filtering, everything from the
// logs escaped by html/template.
func WriteHTML(w io.Writer, s *Summary, h *HTMLCollector, opts HTMLOptions) error {
	d := htmlData{S: s, Opts: opts, Failures: h.failures, Omitted: h.omitted}
	worst := append(convHeap(nil), h.worst...)
	for len(worst) > 0 {
		d.Worst = append(d.Worst, heap.Pop(&worst).(ConversationFailures))
	}
	for i, j := 0, len(d.Worst)-1; i < j; i, j = i+1, j-1 {
		d.Worst[i], d.Worst[j] = d.Worst[j], d.Worst[i]
	}
	c := s.Counts
	d.Reasons = []reasonCount{
		{"fabricated", c.CitationsByVerdict[audit.Fabricated]},
		{"unsupported", c.CitationsByVerdict[audit.Unsupported]},
		{"misattributed", c.ByReason["misattributed"]},
		{"number mismatch", c.ByReason["number_mismatch"]},
		{"negation flipped", c.ByReason["negation_mismatch"]},
		{"name mismatch", c.ByReason["entity_mismatch"]},
		{"weak co-citation", c.ByReason["weak_co_citation"]},
		{"uncited", c.UncitedFactual},
		{"answered below the retrieval floor", c.AnsweredBelowFloor},
		{"rejected answers (claims citing evidence not retrieved)", c.Rejected},
	}
	for _, r := range slices.Sorted(maps.Keys(c.SkippedByReason)) {
		d.Skipped = append(d.Skipped, reasonCount{r, c.SkippedByReason[r]})
	}
	var err error
	if d.Articles, err = renderFailures(h.failures); err != nil {
		return err
	}
	var page bytes.Buffer
	if err := tmpl.Execute(&page, d); err != nil {
		return err
	}
	_, err = w.Write(neutraliseBidi(page.Bytes()))
	return err
}

// renderFailures renders the failing rows, the bulk of the report, on all
// cores: the report is written after the audit, when nothing else runs.
// Each row is escaped by html/template in the context it has in the page
// (element content), so the page is the same as if rendered in one pass.
func renderFailures(fs []Failure) ([]template.HTML, error) {
	out := make([]template.HTML, len(fs))
	errs := make([]error, len(fs))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(fs)/16))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var b strings.Builder
			for i := w; i < len(fs); i += workers {
				b.Reset()
				errs[i] = tmpl.ExecuteTemplate(&b, "failure", struct {
					N       int
					Failure *Failure
				}{i + 1, &fs[i]})
				out[i] = template.HTML(b.String())
			}
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// kind is the filter class of a failing row.
func kind(f audit.Finding) string {
	for _, r := range f.Reasons {
		if r == "misattributed" {
			return "misattributed"
		}
	}
	return f.Verdict
}

func prettyJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// Segment is a run of text with a highlight class ("" for none).
type Segment struct {
	Text  string
	Class string
}

// marks splits text into segments, marking every case-insensitive
// occurrence of each term with class, and the code-point span [from, to)
// (if to > from) with spanClass. Term marks win over the span; byte spans
// in skip are left unmarked.
func marks(text string, class string, terms []string, spanClass string, from, to int, skip ...[2]int) []Segment {
	// Classes by code (0 none, 1 span, 2 term): a string per byte was most
	// of the report's cost on long chunks.
	names := [...]string{"", spanClass, class}
	cls := make([]uint8, len(text))
	if to > from {
		end := byteOffset(text, to)
		for i := byteOffset(text, from); i < end; i++ {
			cls[i] = 1
		}
	}
	hay, fold := strings.ToLower(text), strings.ToLower
	if len(hay) != len(text) { // a case mapping changed byte lengths: match exactly
		hay, fold = text, func(s string) string { return s }
	}
	for _, t := range terms {
		t = fold(strings.TrimSpace(t))
		if t == "" {
			continue
		}
		for i := 0; ; {
			k := strings.Index(hay[i:], t)
			if k < 0 {
				break
			}
			a, b := i+k, i+k+len(t)
			// Whole words only: "30" is not marked inside "[1]30" or "1930".
			if (a == 0 || !isWordByte(hay[a-1])) && (b == len(hay) || !isWordByte(hay[b])) && !within(a, skip) {
				for j := a; j < b; j++ {
					cls[j] = 2
				}
			}
			i = a + 1
		}
	}
	var out []Segment
	start := 0
	for i := 1; i <= len(text); i++ {
		if i == len(text) || (names[cls[i]] != names[cls[start]] && utf8.RuneStart(text[i])) {
			out = append(out, Segment{Text: text[start:i], Class: names[cls[start]]})
			start = i
		}
	}
	return out
}

func byteOffset(s string, runes int) int {
	for i := range s {
		if runes == 0 {
			return i
		}
		runes--
	}
	return len(s)
}

// barsSVG draws accuracy per group as horizontal bars with the bar line.
func barsSVG(groups []audit.Group, bar float64) template.HTML {
	const w, rowH, labelW = 520, 18, 170
	n := min(len(groups), 40)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="citation accuracy by group" width="%d" height="%d" viewBox="0 0 %d %d">`, w, n*rowH+20, w, n*rowH+20)
	plot := float64(w - labelW - 60)
	for i, g := range groups[:n] {
		y := i*rowH + 4
		cls := "ok"
		if g.Accuracy < bar {
			cls = "bad"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="lbl">%s</text>`, labelW-6, y+12, template.HTMLEscapeString(truncate(g.Name, 26)))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" class="%s"/>`, labelW, y, math.Max(1, plot*g.Accuracy), rowH-5, cls)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="val">%.1f%% (%d)</text>`, float64(labelW)+plot*g.Accuracy+4, y+12, 100*g.Accuracy, g.Citations)
	}
	x := float64(labelW) + plot*bar
	fmt.Fprintf(&b, `<line x1="%.1f" y1="0" x2="%.1f" y2="%d" class="barline"/>`, x, x, n*rowH+6)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="val">bar %.0f%%</text>`, x-20, n*rowH+18, 100*bar)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// daysSVG draws accuracy per day as thin columns, every day of the period
// (a year fits), with the bar line; hovering a column names it.
func daysSVG(days []audit.Group, bar float64) template.HTML {
	const w, h, pad = 1000, 130, 30
	if len(days) == 0 {
		return ""
	}
	cw := float64(w-2*pad) / float64(len(days))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="citation accuracy by day" width="100%%" height="%d" viewBox="0 0 %d %d" preserveAspectRatio="none">`, h+24, w, h+24)
	for i, d := range days {
		hh := float64(h-10) * d.Accuracy
		cls := "ok"
		if d.Accuracy < bar {
			cls = "bad"
		}
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" class="%s"><title>%s: %.1f%% of %d</title></rect>`,
			float64(pad)+float64(i)*cw, float64(h)-hh, math.Max(cw-1, 0.5), hh, cls, template.HTMLEscapeString(d.Name), 100*d.Accuracy, d.Citations)
	}
	y := float64(h) - float64(h-10)*bar
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" class="barline"/>`, pad, y, w-pad, y)
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="val">%s</text>`, pad, h+16, template.HTMLEscapeString(days[0].Name))
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="val" text-anchor="end">%s</text>`, w-pad, h+16, template.HTMLEscapeString(days[len(days)-1].Name))
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// histSVG draws the support-score histogram of supported and unsupported
// citations with the model's threshold.
func histSVG(hist map[string][]int, threshold float64) template.HTML {
	const w, h, pad = 520, 160, 24
	sup, uns := hist[audit.Supported], hist[audit.Unsupported]
	if len(sup) == 0 {
		return ""
	}
	peak := 1
	for i := range sup {
		peak = max(peak, sup[i], uns[i])
	}
	bw := float64(w-2*pad) / float64(len(sup))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="support score histogram" width="%d" height="%d" viewBox="0 0 %d %d">`, w, h+30, w, h+30)
	for i := range sup {
		x := float64(pad) + float64(i)*bw
		for k, v := range []int{sup[i], uns[i]} {
			hh := float64(h-pad) * float64(v) / float64(peak)
			cls := []string{"ok", "bad"}[k]
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" class="%s"><title>%s %.2f–%.2f: %d</title></rect>`,
				x+float64(k)*bw/2, float64(h)-hh, bw/2-1, hh, cls, []string{"supported", "unsupported"}[k], float64(i)/float64(len(sup)), float64(i+1)/float64(len(sup)), v)
		}
	}
	tx := float64(pad) + threshold*float64(w-2*pad)
	fmt.Fprintf(&b, `<line x1="%.1f" y1="10" x2="%.1f" y2="%d" class="barline"/>`, tx, tx, h)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="val">threshold %.2f</text>`, tx-30, h+14, threshold)
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="val">0</text><text x="%d" y="%d" class="val">1</text>`, pad, h+28, w-pad-6, h+28)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func within(i int, spans [][2]int) bool {
	for _, sp := range spans {
		if i >= sp[0] && i < sp[1] {
			return true
		}
	}
	return false
}
