package report

import (
	"bytes"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/estimate"
	"github.com/ragaudit/ragaudit/readers"
)

var day1 = time.Date(2026, 5, 12, 9, 0, 0, 0, time.UTC)

// answer is a record of one question and one answer with its retrieval.
func answer(id, tenant string, question, content string, chunks ...readers.Chunk) *audit.Result {
	return &audit.Result{Record: &readers.Record{ConversationID: id, Tenant: tenant, Agent: "bot", Timestamp: day1,
		Messages: []readers.Message{{Role: "user", Content: question}, {Role: "assistant", Content: content, Retrieval: chunks}}}}
}

// cite adds to res a finding on the sentence of its answer that starts
// with prefix (and ends at the next period).
func cite(res *audit.Result, prefix, verdict string, chunk *string, score float64, reasons ...string) *audit.Result {
	content := res.Record.Messages[1].Content
	a := strings.Index(content, prefix)
	b := a + strings.Index(content[a:], ".") + 1
	s := audit.Score(score)
	f := audit.Finding{ConversationID: res.Record.ConversationID, Tenant: res.Record.Tenant, Agent: res.Record.Agent,
		Timestamp: res.Record.Timestamp.Format(time.RFC3339), Source: "logs.jsonl:" + res.Record.ConversationID,
		MessageIndex: 1, SentenceIndex: strings.Count(content[:a], "."), Sentence: content[a:b],
		CharStart: utf8.RuneCountInString(content[:a]), CharEnd: utf8.RuneCountInString(content[:b]),
		ChunkID: chunk, Verdict: verdict, Reasons: reasons, SupportScore: &s}
	if len(reasons) > 0 && reasons[0] == "number_mismatch" {
		f.NumbersMissing = []string{"30 days"}
	}
	if verdict != audit.Uncited {
		f.Marker = "[1]"
		f.ResolvedBy = "id"
	}
	res.Findings = append(res.Findings, f)
	return res
}

func id(s string) *string { return &s }

// render runs the results through a tally and a collector keeping max
// cards, and returns report.html.
func render(t *testing.T, max int, results ...*audit.Result) string {
	t.Helper()
	tally, h := audit.NewTally(), NewHTMLCollector(max)
	for _, r := range results {
		tally.Read()
		tally.Add(r)
		h.Add(r, TurnsOf(r.Record))
	}
	s := NewSummary("test", tally, 0.9, nil, nil)
	s.Decide()
	var b bytes.Buffer
	if err := WriteHTML(&b, &s, h, HTMLOptions{Resolve: "auto"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// cards returns the failing cards of a page, in order.
func cards(page string) []string {
	return regexp.MustCompile(`(?s)<article class="failure.*?</article>`).FindAllString(page, -1)
}

const refund = "Refunds are accepted within 90 days of delivery."

func TestAFailingCardShowsTheQuestionTheAnswerAroundTheSentenceAndTheReason(t *testing.T) {
	res := cite(answer("c-1", "acme", "How long can I return an item?",
		"Thanks for asking. Refunds are accepted within 30 days [1]. Store credit after that [1].",
		readers.Chunk{ID: "1", Text: refund}),
		"Refunds", audit.Unsupported, id("1"), 0.2, "number_mismatch")
	page := render(t, 0, res)
	cs := cards(page)
	if len(cs) != 1 {
		t.Fatalf("%d cards, want 1", len(cs))
	}
	for _, want := range []string{
		`How long can I return an item?`,
		`Thanks for asking. <mark class="sent">Refunds are accepted within 30 days [1].</mark> Store credit after that [1].`,
		`sentence 2`,
		`<b>Why:</b> &#34;30 days&#34; is not in chunk 1`,
		`At sentence 2, marker [1] → chunk 1`,
	} {
		if !strings.Contains(cs[0], want) {
			t.Errorf("the card lacks %q:\n%s", want, cs[0])
		}
	}
}

func TestTheAnswerAroundALongSentenceIsBounded(t *testing.T) {
	long := strings.Repeat("word ", 400)
	before, span, after := around(long+"The sentence."+long, 2000, 2013)
	if span != "The sentence." {
		t.Fatalf("span %q", span)
	}
	for _, s := range []string{before, after} {
		if n := utf8.RuneCountInString(s); n > contextRunes+1 || !strings.Contains(s, "…") {
			t.Errorf("context of %d runes without a cut mark: %q…", n, s[:20])
		}
	}
	if b, s, a := around("short", 3, 99); b != "sho" || s != "rt" || a != "" {
		t.Errorf("a span past the end is clamped: %q %q %q", b, s, a)
	}
	if b, s, a := around("short", 9, 12); b+s+a != "" {
		t.Errorf("a span outside the content gives nothing: %q %q %q", b, s, a)
	}
}

func TestAFabricatedCardListsTheRetrievedIDsUpToTwenty(t *testing.T) {
	var chunks []readers.Chunk
	for i := range 25 {
		chunks = append(chunks, readers.Chunk{ID: fmt.Sprintf("doc-%02d", i), Text: refund})
	}
	chunks[1].ID = "" // shown by position
	res := cite(answer("c-1", "acme", "q?", "Refunds are accepted within 90 days [doc-99].", chunks...),
		"Refunds", audit.Fabricated, nil, 0, "citation_not_retrieved")
	c := cards(render(t, 0, res))[0]
	for _, want := range []string{"Retrieved for this answer: <code>doc-00</code><code>#2</code>", "<code>doc-19</code> … and 5 more"} {
		if !strings.Contains(c, want) {
			t.Errorf("the card lacks %q:\n%s", want, c)
		}
	}
	if strings.Contains(c, "doc-20") {
		t.Error("the card lists more than 20 retrieved ids")
	}
}

func TestCardsAreOrderedBySeverityAndTheCapKeepsTheWorst(t *testing.T) {
	content := "Uncited claim of 5 euros. Weak one [1]. Fabricated one [1]. Contradicted one [1]. Vague one [1]."
	res := answer("c-1", "acme", "q?", content, readers.Chunk{ID: "1", Text: refund})
	cite(res, "Uncited", audit.Uncited, nil, 0, "no_citation")
	cite(res, "Weak", audit.Unsupported, id("1"), 0.4, "low_similarity")
	cite(res, "Fabricated", audit.Fabricated, nil, 0, "citation_not_retrieved")
	cite(res, "Contradicted", audit.Unsupported, id("1"), 0.6, "number_mismatch")
	cite(res, "Vague", audit.Unsupported, id("1"), 0.1, "low_similarity")
	order := func(page string) []string {
		var out []string
		for _, c := range cards(page) {
			out = append(out, regexp.MustCompile(`<mark class="sent">(\w+)`).FindStringSubmatch(c)[1])
		}
		return out
	}
	if got, want := order(render(t, 0, res)), []string{"Fabricated", "Contradicted", "Vague", "Weak", "Uncited"}; !slices.Equal(got, want) {
		t.Errorf("cards in order %v, want %v (severity, then the lowest support score)", got, want)
	}
	page := render(t, 2, res)
	if got, want := order(page), []string{"Fabricated", "Contradicted"}; !slices.Equal(got, want) {
		t.Errorf("with a cap of 2 the cards are %v, want the two worst %v", got, want)
	}
	if !strings.Contains(page, "<b>3 more failing rows are not listed here</b>") {
		t.Error("the page does not say that 3 rows were left out")
	}
}

func TestTheFailureTilesSayWhichCountsOverlap(t *testing.T) {
	res := answer("c-1", "acme", "q?", "Refunds within 30 days for 5 euros [1].", readers.Chunk{ID: "1", Text: refund})
	cite(res, "Refunds", audit.Unsupported, id("1"), 0.1, "number_mismatch", "low_similarity", "misattributed")
	page := render(t, 0, res)
	tiles := page[strings.Index(page, `id="tiles-reasons"`):strings.Index(page, `id="tiles-answers"`)]
	for _, want := range []string{`href="#reason=number_mismatch"><b>1</b>number mismatch`, `href="#reason=low_similarity"><b>1</b>low similarity`, `<b>1</b>misattributed`} {
		if !strings.Contains(tiles, want) {
			t.Errorf("the reason tiles lack %q", want)
		}
	}
	if !strings.Contains(page, "these counts overlap") || !strings.Contains(page, `<a class="card" href="#reason=unsupported"><b>1</b>unsupported citations</a>`) {
		t.Error("the page does not separate the counts that partition the failures from those that overlap")
	}
}

func TestBreakdownRowsCarryTheirIntervalCountAndASmallMark(t *testing.T) {
	var rs []*audit.Result
	for i := range 40 {
		v := audit.Supported
		if i < 4 {
			v = audit.Unsupported
		}
		rs = append(rs, cite(answer(fmt.Sprintf("c-%d", i), "acme", "q?", "Refunds take 90 days [1].", readers.Chunk{ID: "1", Text: refund}),
			"Refunds", v, id("1"), 0.9))
	}
	rs = append(rs, cite(answer("c-x", "tiny", "q?", "Refunds take 90 days [1].", readers.Chunk{ID: "1", Text: refund}), "Refunds", audit.Supported, id("1"), 0.9))
	page := render(t, 0, rs...)
	table := page[strings.Index(page, `id="by-tenant"`):]
	table = table[:strings.Index(table, "</table>")]
	acme := audit.Wilson(36, 40)
	rows := strings.Split(table, "<tr")
	var acmeRow, tinyRow string
	for _, r := range rows {
		if strings.Contains(r, `href="#tenant=acme"`) {
			acmeRow = r
		}
		if strings.Contains(r, `href="#tenant=tiny"`) {
			tinyRow = r
		}
	}
	if want := fmt.Sprintf("%s–%s", pct(acme.Low), pct(acme.High)); !strings.Contains(acmeRow, want) || !strings.Contains(acmeRow, `<td class="num">40</td>`) {
		t.Errorf("the acme row lacks its interval %s or its count 40:\n%s", want, acmeRow)
	}
	if strings.Contains(acmeRow, "small") || !strings.Contains(tinyRow, `class="small"`) || !strings.Contains(tinyRow, `<span class="tag small"`) {
		t.Errorf("only the tenant with fewer than %d citations is marked small:\nacme %s\ntiny %s", SmallGroup, acmeRow, tinyRow)
	}
}

func TestCardsCarryTheFilterValuesOfTheirBreakdownRows(t *testing.T) {
	a := cite(answer("c-1", "acme", "q?", "Refunds take 30 days [1].", readers.Chunk{ID: "1", Text: refund}), "Refunds", audit.Unsupported, id("1"), 0.1, "number_mismatch")
	b := cite(answer("c-2", "globex", "q?", "Refunds take 30 days.", readers.Chunk{ID: "1", Text: refund}), "Refunds", audit.Uncited, nil, 0, "no_citation")
	page := render(t, 0, a, b)
	option := regexp.MustCompile(`<option value="(\w+)" data-name="acme">acme`).FindStringSubmatch(page)
	if option == nil {
		t.Fatal("no tenant filter option for acme")
	}
	cs := cards(page)
	if !strings.Contains(cs[0], `data-tenant="`+option[1]+`"`) || !strings.Contains(cs[0], `data-reasons="unsupported number_mismatch"`) {
		t.Errorf("acme's card does not carry its filter values (tenant %s):\n%s", option[1], cs[0][:200])
	}
	// globex has no cited sentence, so no row: it still gets a filter option.
	if !strings.Contains(page, `data-name="globex">globex (no cited sentence)</option>`) {
		t.Error("a tenant with only uncited sentences has no filter option")
	}
}

func TestTenantsPastTheCapAreOneRowLinkingToTheirCards(t *testing.T) {
	var rs []*audit.Result
	for i := range audit.MaxTenantGroups + 3 {
		rs = append(rs, cite(answer(fmt.Sprintf("c-%d", i), fmt.Sprintf("t%04d", i), "q?", "Refunds take 30 days [1].", readers.Chunk{ID: "1", Text: refund}),
			"Refunds", audit.Unsupported, id("1"), 0.1, "number_mismatch"))
	}
	page := render(t, 2*audit.MaxTenantGroups, rs...)
	if !strings.Contains(page, `<a href="#tenant-other" title="show the failing citations of these tenants">(other tenants)</a> <span class="mute">(3)</span>`) {
		t.Error("no row of the other tenants linking to their cards")
	}
	if !strings.Contains(page, "3 tenants past the first 1000 in the input are counted together") {
		t.Error("the page does not state the cap")
	}
	if n := strings.Count(page, `data-tenant="other"`); n != 3 {
		t.Errorf("%d cards of the other tenants, want 3", n)
	}
	if n := strings.Count(page, `<option value="g`); n != audit.MaxTenantGroups+2 { // and the one agent and day
		t.Errorf("%d named filter options, want %d", n, audit.MaxTenantGroups+2)
	}
}

func TestInvisibleAndControlCharactersFromTheLogsAreShown(t *testing.T) {
	res := cite(answer("c-1\u200b", "acme\u200b", "q?", "Refunds take 30 days [1]. \x1b[2KPASS\r.", readers.Chunk{ID: "1\u202e", Text: refund}),
		"Refunds", audit.Unsupported, id("1\u202e"), 0.1, "number_mismatch")
	page := render(t, 0, res)
	// A filter option keeps the name as it is, to match a link, in an
	// attribute nobody sees.
	shown := regexp.MustCompile(`data-name="[^"]*"`).ReplaceAllString(page, "")
	if i := strings.IndexAny(shown, "\u200b\u202e\x1b\r"); i >= 0 {
		t.Errorf("the page shows a raw invisible or control character from the logs: %q", shown[max(0, i-80):i+10])
	}
	for _, want := range []string{
		`acme<span class="esc" title="invisible character U+200B">\u200b</span>`,
		"<option value=\"g0\" data-name=\"acme\u200b\">acme\\u200b (small)</option>",
		`\x1b[2KPASS\x0d`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

func TestTheReportIsTheSameOnAnyNumberOfCores(t *testing.T) {
	var rs []*audit.Result
	for i := range 200 {
		rs = append(rs, cite(answer(fmt.Sprintf("c-%d", i), fmt.Sprintf("t%d", i%7), "q?", "Refunds take 30 days [1].", readers.Chunk{ID: "1", Text: refund}),
			"Refunds", audit.Unsupported, id("1"), float64(i%10)/10, "number_mismatch"))
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	one := render(t, 0, rs...)
	runtime.GOMAXPROCS(8)
	if many := render(t, 0, rs...); many != one {
		t.Error("report.html differs between 1 and 8 cores")
	}
}

func TestChartsHaveAxesAndLabelledBars(t *testing.T) {
	long := strings.Repeat("a very long tenant name ", 5)
	rows := newDimension("tenant", []audit.Group{{Name: long, Citations: 50, Supported: 40, Accuracy: 0.8}, {Name: "b", Citations: 3, Supported: 3, Accuracy: 1}}, 0.9).Rows
	svg := string(barsSVG(rows, 0.9))
	for _, want := range []string{">0%</text>", ">50%</text>", ">100%</text>", ">bar 90.0%</text>", "citation accuracy", "<title>" + long + ":", "n=3 · small", `class="ci"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the bar chart lacks %q", want)
		}
	}
	var many []audit.Group
	for i := range maxBars + 5 {
		many = append(many, audit.Group{Name: fmt.Sprint(i), Citations: 1})
	}
	if svg := string(barsSVG(newDimension("tenant", many, 0.9).Rows, 0.9)); strings.Count(svg, "<rect") != maxBars || !strings.Contains(svg, "the 40 worst of 45") {
		t.Errorf("a chart of %d groups does not say it shows the %d worst", len(many), maxBars)
	}
	if !strings.Contains(svg, "…</text>") {
		t.Error("a name too long for the label column is not shortened with a mark")
	}
	days := newDimension("day", []audit.Group{{Name: "2026-05-01", Citations: 40, Supported: 40, Accuracy: 1},
		{Name: "2026-05-10", Citations: 40, Supported: 20, Accuracy: 0.5}, {Name: audit.NoDate, Citations: 1}}, 0.9)
	d := string(days.Chart)
	if n := strings.Count(d, "<rect"); n != 2 {
		t.Errorf("%d day columns, want 2 (the undated group is in the table only)", n)
	}
	x := regexp.MustCompile(`<rect x="([\d.]+)"`).FindAllStringSubmatch(d, -1)
	if len(x) == 2 && x[1][1] == x[0][1] {
		t.Error("the days are not placed on a time axis")
	}
	for _, want := range []string{">2026-05-01</text>", ">2026-05-10</text>", ">bar 90.0%</text>", ">100%</text>"} {
		if !strings.Contains(d, want) {
			t.Errorf("the day chart lacks %q", want)
		}
	}
}

func TestALongChunkIsCutAroundItsBestMatchingWindow(t *testing.T) {
	text := strings.Repeat("filler words here. ", 300) + "Refunds within 90 days." + strings.Repeat(" more filler text.", 300)
	from := utf8.RuneCountInString(text[:strings.Index(text, "Refunds")])
	to := from + utf8.RuneCountInString("Refunds within 90 days.")
	got, shift := clipAround(text, from, to)
	if n := utf8.RuneCountInString(got); n > maxChunkRunes+2 || !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") {
		t.Fatalf("clipped to %d runes, marks %q…%q", n, got[:6], got[len(got)-6:])
	}
	r := []rune(got)
	if window := string(r[from-shift : to-shift]); window != "Refunds within 90 days." {
		t.Errorf("the shifted window reads %q", window)
	}
	if short, shift := clipAround("Refunds within 90 days.", 0, 7); short != "Refunds within 90 days." || shift != 0 {
		t.Errorf("a short chunk is changed: %q %d", short, shift)
	}
}

func TestAKeptCardHoldsNoPartOfItsRecord(t *testing.T) {
	long := strings.Repeat("Some long answer text. ", 5000)
	content := long + "Refunds are accepted within 30 days [1]. " + long
	chunk := strings.Repeat("chunk text ", 5000)
	res := cite(answer("c-1", "acme", strings.Repeat("why? ", 1000), content, readers.Chunk{ID: "1", Text: chunk}),
		"Refunds", audit.Unsupported, id("1"), 0.2, "number_mismatch")
	h := NewHTMLCollector(1)
	h.Add(res, TurnsOf(res.Record))
	fl := h.failures.items[0]
	inside := func(s, of string) bool {
		if len(s) == 0 {
			return false
		}
		p, a := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(of)))
		return p >= a && p < a+uintptr(len(of))
	}
	for name, s := range map[string]string{"sentence": fl.Sentence, "finding's sentence": fl.F.Sentence, "before": fl.Before,
		"after": fl.After, "question": fl.Question, "chunk": fl.ChunkText} {
		if inside(s, content) || inside(s, chunk) || inside(s, res.Record.Messages[0].Content) {
			t.Errorf("the card's %s is part of the record: it keeps the record alive", name)
		}
		if n := utf8.RuneCountInString(s); n > maxChunkRunes+2 {
			t.Errorf("the card's %s has %d runes", name, n)
		}
	}
}

func TestTheHeadlineShowsTheRunsStatus(t *testing.T) {
	res := cite(answer("c-1", "acme", "q?", "Refunds take 30 days [1].", readers.Chunk{ID: "1", Text: refund}), "Refunds", audit.Unsupported, id("1"), 0.1, "number_mismatch")
	headline := func(edit func(s *Summary)) string {
		tally := audit.NewTally()
		tally.Read()
		tally.Add(res)
		s := NewSummary("test", tally, 0.9, nil, nil)
		if edit != nil {
			edit(&s)
		}
		s.Decide()
		var b bytes.Buffer
		if err := WriteHTML(&b, &s, NewHTMLCollector(0), HTMLOptions{}); err != nil {
			t.Fatal(err)
		}
		page := b.String()
		return page[strings.Index(page, `<section class="headline"`):strings.Index(page, `<h2 id="failures-by-class">`)]
	}
	cases := []struct {
		name string
		edit func(s *Summary)
		want []string
	}{
		{"a machine rate below the bar is undecided and says it is not verified", nil,
			[]string{`id="headline-accuracy">0.0%<`, `id="headline-verdict">INCONCLUSIVE<br><small id="below-bar">below the bar</small><`, `<b>Why INCONCLUSIVE:</b> the machine&#39;s rate 0.0% is below the bar 90.0%`, `id="not-verified"`}},
		{"accepted, a machine rate below the bar fails and says it is not verified", func(s *Summary) { s.acceptMachine = true },
			[]string{`id="headline-accuracy">0.0%<`, `id="headline-verdict">FAIL<`, `<b>Why FAIL:</b> citation accuracy 0.0% is below the bar 90.0%`, `id="not-verified"`}},
		{"a machine rate whose interval reaches below the bar is INCONCLUSIVE and says why under the headline", func(s *Summary) {
			s.Bar, s.CitationAccuracy, s.CI95Low, s.CI95High = 0.9, 0.93, 0.83, 0.97
		}, []string{`id="headline-verdict">INCONCLUSIVE<`, `<b>Why INCONCLUSIVE:</b> the machine&#39;s rate clears the bar, but it is the machine&#39;s verdicts, not a verified rate: they miss unsupported citations that read close to their chunks, so the true rate can be lower, and even their 95% interval (83.0%–97.0%), which covers only the sampling of citations, reaches below the bar 90.0%`,
			`<div class="figure" id="headline-accuracy">93.0%<`}}, // no pass colour on a rate that decides nothing
		{"nothing to measure is NO_DATA, not a rate of 0", func(s *Summary) { s.Counts = audit.Counts{} },
			[]string{`id="headline-accuracy">n/a<`, `class="verdict no_data" id="headline-verdict">NO_DATA<`, `<b>Why NO_DATA:</b>`}},
		{"a verified rate leads, with its decision", func(s *Summary) {
			s.Verified = &Verified{Result: estimate.Result{Estimate: estimate.Estimate{Rate: 0.85, Low: 0.8, High: 0.9, Lower: 0.81, Upper: 0.95, Decision: estimate.Inconclusive}}}
		}, []string{`id="headline-accuracy">85.0%<`, `verified citation accuracy · 95 % CI 80.0%–90.0%`, `id="headline-verdict">INCONCLUSIVE<`, `id="verified"`, `The machine's own rate is 0.0%`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := headline(tc.edit)
			for _, want := range tc.want {
				if !strings.Contains(h, want) {
					t.Errorf("the headline lacks %q:\n%s", want, h)
				}
			}
		})
	}
}

// The cap is shared: a reason whose rows are all less severe than the
// cap's worst still gets its share of cards (worst first), so that its
// count never opens an empty list, and each tile says what the cap cut.
func TestTheCapGivesEveryReasonItsShare(t *testing.T) {
	var results []*audit.Result
	for i := range 2000 {
		results = append(results, cite(answer(fmt.Sprintf("fab-%d", i), "acme", "q?", "The fee is €9 [7].", readers.Chunk{ID: "1", Text: refund}),
			"The fee", audit.Fabricated, nil, 0, "citation_not_retrieved"))
	}
	for i := range 30 {
		results = append(results, cite(answer(fmt.Sprintf("low-%d", i), "acme", "q?", "Returns are easy [1].", readers.Chunk{ID: "1", Text: refund}),
			"Returns", audit.Unsupported, id("1"), 0.01*float64(i), "low_similarity"))
	}
	count := func(cs []string, reason string) int {
		n := 0
		for _, c := range cs {
			if strings.Contains(c, `data-reasons="`+reason) || strings.Contains(c, " "+reason+`"`) || strings.Contains(c, " "+reason+" ") {
				n++
			}
		}
		return n
	}
	cases := []struct {
		name                  string
		cap, fab, unsupported int
		fabTile, lowTile      string
	}{
		{"all 30 of the smaller reason are listed beside 470 of the larger", 500, 470, 30,
			"2000</b>fabricated citations (no retrieved chunk matches)<small class=\"cut\">470 listed below (its worst); all in findings.csv</small>",
			"30</b>low similarity</a>"},
		{"under a small cap the smaller reason keeps its share", 50, 45, 5,
			"2000</b>fabricated citations (no retrieved chunk matches)<small class=\"cut\">45 listed below",
			"30</b>low similarity<small class=\"cut\">5 listed below (its worst); all in findings.csv</small>"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			page := render(t, tc.cap, results...)
			cs := cards(page)
			if len(cs) != tc.cap || count(cs, "fabricated") != tc.fab || count(cs, "unsupported") != tc.unsupported {
				t.Errorf("%d cards: %d fabricated, %d unsupported; want %d, %d", len(cs), count(cs, "fabricated"), count(cs, "unsupported"), tc.fab, tc.unsupported)
			}
			for _, want := range []string{tc.fabTile, tc.lowTile} {
				if !strings.Contains(page, want) {
					t.Errorf("no tile %q", want)
				}
			}
			// A share is the reason's worst rows: the lowest support scores.
			if last := fmt.Sprintf("conversation low-%d<", tc.unsupported-1); !strings.Contains(page, last) ||
				strings.Contains(page, fmt.Sprintf("conversation low-%d<", tc.unsupported)) && tc.unsupported < 30 {
				t.Errorf("the smaller reason's share is not its %d worst rows", tc.unsupported)
			}
		})
	}
}
