package report

import (
	"bytes"
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
	"github.com/ragaudit/ragaudit/estimate"
)

// HTMLOptions are the parts of the report that are not results.
type HTMLOptions struct {
	GeneratedAt string // stated once; "" when pinned away (--reproducible)
	Model       audit.Model
	Embedder    string
	Resolve     string
}

// reasonLabel names a reason (audit.Reasons) or a verdict for people.
func reasonLabel(code string) string {
	if r, ok := audit.ReasonOf(code); ok {
		return r.Label
	}
	return strings.ReplaceAll(code, "_", " ")
}

//go:embed report.html.tmpl
var htmlTemplate string

var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"pct":     pct,
	"score":   func(s *audit.Score) string { return scoreCell(s) },
	"deref":   deref,
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
	"json":              prettyJSON,
	"checks":            func() []audit.Check { return audit.Checks },
	"signals":           func() []audit.Signal { return audit.Signals },
	"add":               func(a, b int) int { return a + b },
	"weight":            func(m audit.Model, n string) string { return fmt.Sprintf("%+.3f", m.Weights[n]) },
	"name":              visibleName,
	"display":           displayName,
	"reason":            reasonLabel,
	"accClass":          func(acc, bar float64) string { return rateClass(acc, bar, false) },
	"pctN":              pctN,
	"recallFloor":       func(a estimate.Agreement) string { return pct(recallFloor(a)) },
	"recallAdvice":      recallAdvice,
	"falseAlarmCeiling": func(a estimate.Agreement) string { return pct(falseAlarmCeiling(a)) },
	"known":             func(x estimate.Number) bool { return !math.IsNaN(float64(x)) },
	"num3":              numOrNA,
	"num":               func(x estimate.Number) float64 { return float64(x) },
	"add64":             func(a, b int64) int64 { return a + b },
	"lower":             strings.ToLower,
	"machineAgreement":  func() string { return MachineAgreement },
}).Parse(htmlTemplate))

type htmlData struct {
	S                     *Summary
	Opts                  HTMLOptions
	Cards                 []template.HTML // the failing cards rendered, worst first
	Failing, Omitted      int             // failing findings in all, and those not listed
	Share                 int             // the rows of each reason sure to be listed (reasonShare)
	Worst                 []ConversationFailures
	Counted               []tile // failing rows: each in exactly one tile
	Reasons               []tile // why citations are unsupported: tiles overlap
	Answers               []tile
	Skipped               []tile
	Filter                []tile // the reason filter's options
	Tenants, Agents, Days *dimension
	SmallGroup            int
	MaxTenants, MaxAgents int
	MaxDays               int
}

// tile is a count with its reason code (the filter value) and label, and
// for a failing reason how many of its rows the page lists (Listed <
// Count: the cap cut some, and the tile says so).
type tile struct {
	Code, Label string
	Count       int
	Listed      int
}

// WriteHTML renders the self-contained report: inline CSS and SVG, a
// little inline JavaScript for sorting and filtering (the page reads the
// same without it), everything from the logs escaped by html/template.
func WriteHTML(w io.Writer, s *Summary, h *HTMLCollector, opts HTMLOptions) error {
	listed := h.selected()
	d := htmlData{S: s, Opts: opts, Failing: h.failing, Omitted: h.failing - len(listed), SmallGroup: SmallGroup,
		MaxTenants: audit.MaxTenantGroups, MaxAgents: audit.MaxAgentGroups, MaxDays: audit.MaxDayGroups,
		Tenants: newDimension("tenant", s.Tenants, s.Bar), Agents: newDimension("agent", s.Agents, s.Bar),
		Days: newDimension("day", s.Days, s.Bar), Share: reasonShare(h.failures.n, len(h.codes))}
	d.Worst = h.worst.sorted()
	d.tiles(listed)
	cards := d.cards(listed)
	var err error
	if d.Cards, err = renderCards(cards); err != nil {
		return err
	}
	var page bytes.Buffer
	if err := tmpl.Execute(&page, d); err != nil {
		return err
	}
	_, err = w.Write(neutraliseControls(neutraliseBidi(page.Bytes())))
	return err
}

// tiles fills the counts at the top of the page and the reason filter;
// listed are the cards the page lists.
func (d *htmlData) tiles(listed []Failure) {
	c := d.S.Counts
	by := c.CitationsByVerdict
	words := map[string]string{audit.Fabricated: "fabricated citations (no retrieved chunk matches)",
		audit.Unsupported: "unsupported citations", audit.Uncited: "uncited factual sentences"}
	count := map[string]int{audit.Fabricated: by[audit.Fabricated], audit.Unsupported: by[audit.Unsupported], audit.Uncited: c.UncitedFactual}
	for _, v := range failingVerdicts {
		d.Counted = append(d.Counted, tile{Code: v, Label: words[v], Count: count[v]})
	}
	for _, r := range unsupportedReasons() {
		if !r.Optional || c.ByReason[r.Code] > 0 {
			d.Reasons = append(d.Reasons, tile{Code: r.Code, Label: r.Label, Count: c.ByReason[r.Code]})
		}
	}
	for _, ts := range [][]tile{d.Counted, d.Reasons} {
		for i := range ts {
			for j := range listed {
				if hasCode(&listed[j].F, ts[i].Code) {
					ts[i].Listed++
				}
			}
		}
	}
	d.Answers = []tile{
		{Label: "answered below the retrieval floor", Count: c.AnsweredBelowFloor},
		{Label: "rejected answers (claims citing evidence not retrieved)", Count: c.Rejected},
		{Label: "honest refusals (not failures)", Count: c.Refusals},
		{Label: "input records skipped", Count: c.RecordsSkipped},
	}
	if c.RepeatedAnswers > 0 { // the whole conversation logged after every turn
		d.Answers = append(d.Answers, tile{Label: "answers repeated in later records of their conversation (audited once)", Count: c.RepeatedAnswers})
	}
	if c.RegeneratedAnswers > 0 { // a retry logged as a record of its own
		d.Answers = append(d.Answers, tile{Label: "answers given again to a question their conversation had answered otherwise (a retry or a regenerated answer; both audited)", Count: c.RegeneratedAnswers})
	}
	if c.FloorNotChecked > 0 { // a floor over chunks without scores
		d.Answers = slices.Insert(d.Answers, 1, tile{Label: "not checked against the retrieval floor (no chunk score)", Count: c.FloorNotChecked})
	}
	if n := sumCounts(c.FloorNotRead); n > 0 {
		d.Answers = append(d.Answers, tile{Label: "below the retrieval floor in a language the checks do not read (" + languageCounts(c.FloorNotRead) + "): answers or refusals, not known", Count: n})
	}
	if n := sumCounts(c.NotReadSentences); n > 0 {
		d.Answers = append(d.Answers, tile{Label: "uncited sentences in a language the checks do not read (" + languageCounts(c.NotReadSentences) + "): factual or not, not known", Count: n})
	}
	for _, r := range slices.Sorted(maps.Keys(c.SkippedByReason)) {
		d.Skipped = append(d.Skipped, tile{Code: r, Label: r, Count: c.SkippedByReason[r]})
	}
	d.Filter = append(append([]tile(nil), d.Counted...), d.Reasons...)
	for i := range d.Filter {
		d.Filter[i].Label = reasonLabel(d.Filter[i].Code)
	}
}

// cards gives each failure its rank and filter values, in order: a name
// without a row of its own gets a filter value here.
func (d *htmlData) cards(fs []Failure) []card {
	out := make([]card, len(fs))
	for i := range fs {
		f := &fs[i]
		out[i] = card{N: i + 1, Failure: f, Tenant: d.Tenants.valueOf(f.F.Tenant), Agent: d.Agents.valueOf(f.F.Agent),
			Day: d.Days.valueOf(f.Day), ReasonList: strings.Join(append([]string{f.F.Verdict}, f.F.Reasons...), " ")}
	}
	return out
}

// renderCards renders the failing cards, the bulk of the report, on all
// cores: the report is written after the audit, when nothing else runs.
// Each card is escaped by html/template in the context it has in the page
// (element content), so the page is the same as if rendered in one pass.
func renderCards(cs []card) ([]template.HTML, error) {
	out := make([]template.HTML, len(cs))
	errs := make([]error, len(cs))
	workers := min(runtime.GOMAXPROCS(0), max(1, len(cs)/16))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var b strings.Builder
			for i := w; i < len(cs); i += workers {
				b.Reset()
				cs[i].Explain = Explain(&cs[i].Failure.F)
				errs[i] = tmpl.ExecuteTemplate(&b, "failure", &cs[i])
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

func prettyJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err.Error()
	}
	return string(b)
}

// truncate bounds s to n code points, marking the cut with "…".
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return s[:byteOffset(s, n-1)] + "…"
}
