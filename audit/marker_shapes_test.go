package audit

import (
	"reflect"
	"slices"
	"testing"

	"github.com/ragaudit/ragaudit/readers"
)

// TestMarkerShapes reads the marker shapes models write in the wild, and
// the text shaped like them that is no citation.
func TestMarkerShapes(t *testing.T) {
	two := twoChunks()
	runMarkerShapes(t, []markerShapeCase{
		{name: "an id of an unfamiliar shape is a marker", in: "Members ship free [kb-acme-members-0001].",
			raw: []string{"[kb-acme-members-0001]"}, cites: [][]string{{"kb-acme-members-0001"}}},
		{name: "an id left with its template's placeholder is a marker", in: "Members ship free [kb-oud-{i}].",
			raw: []string{"[kb-oud-{i}]"}, cites: [][]string{{"kb-oud-{i}"}}},
		{name: "an unbalanced brace is no id", in: "Members ship free [kb-oud-{i].", raw: nil},
		{name: "an id with an underscore is a marker", in: "Members ship free [doc_1].", raw: []string{"[doc_1]"}, cites: [][]string{{"doc_1"}}},
		{name: "a file name in brackets is a marker", in: "Members ship free [faq.md].", raw: []string{"[faq.md]"}, cites: [][]string{{"faq.md"}}},
		{name: "a source label names a file", in: "Members ship free [source: faq.md].", raw: []string{"[source: faq.md]"}, cites: [][]string{{"faq.md"}}},
		{name: "a source label in brackets names a position", in: "Members ship free [Source 2].", raw: []string{"[Source 2]"}, cites: [][]string{{"2"}}},
		{name: "a source label in parentheses is a marker", in: "Members ship free (Source 2).", raw: []string{"(Source 2)"}, cites: [][]string{{"2"}}},
		{name: "several sources in one label", in: "Members ship free (Sources 1, 2).", raw: []string{"(Sources 1, 2)"}, cites: [][]string{{"1", "2"}}},
		{name: "a number in parentheses where citations sit", in: "Members ship free (2).", mc: two, raw: []string{"(2)"}, cites: [][]string{{"2"}}},
		{name: "a number in parentheses past the chunks retrieved is a marker (fabricated)", in: "Members ship free (7).", mc: two, raw: []string{"(7)"}, cites: [][]string{{"7"}}},
		{name: "a paragraph number glued to an article's is counted, not read", in: "Processing rests on Article 6(7).", mc: two, unread: []string{"(n)"}},
		{name: "a number in CJK brackets past the chunks retrieved is a marker (fabricated)", in: "Members ship free 【7】.", mc: two, raw: []string{"【7】"}, cites: [][]string{{"7"}}},
		{name: "a number in parentheses beside bracket markers is counted, not read", in: "Members ship free (1). Returns [2].", mc: two,
			raw: []string{"[2]"}, cites: [][]string{{"2"}}, unread: []string{"(n)"}},
		{name: "an enumeration in parentheses is no marker", in: "(1) Open the box. (2) Lift the lid.", mc: two},
		{name: "a grade range in parentheses is no marker", in: "A high school (9-12).", mc: two},
		{name: "superscripts are markers", in: "Returns take 30 days¹.", mc: two, raw: []string{"¹"}, cites: [][]string{{"1"}}},
		{name: "two superscript digits over two chunks cite both", in: "Returns take 30 days¹².", mc: two, raw: []string{"¹²"}, cites: [][]string{{"1", "2"}}},
		{name: "a superscript number a chunk has is one citation", in: "Returns take 30 days¹².", mc: &markerContext{chunks: 12},
			raw: []string{"¹²"}, cites: [][]string{{"12"}}},
		{name: "a superscript number whose digits are not all chunks is one citation", in: "Returns take 30 days¹⁷.", mc: &markerContext{chunks: 5},
			raw: []string{"¹⁷"}, cites: [][]string{{"17"}}},
		{name: "superscripts with a comma", in: "Returns take 30 days¹,².", mc: two, raw: []string{"¹,²"}, cites: [][]string{{"1", "2"}}},
		{name: "an exponent is no marker", in: "It holds 10⁶ items in 2 m² and x².", mc: two},
		{name: "an HTML superscript is a marker", in: "Returns take 30 days<sup>1</sup>.", raw: []string{"<sup>1</sup>"}, cites: [][]string{{"1"}}},
		{name: "an HTML superscript around a bracket is one marker", in: "Returns take 30 days<sup>[1]</sup>.", raw: []string{"<sup>[1]</sup>"}, cites: [][]string{{"1"}}},
		{name: "a caret before a bracket belongs to the marker", in: "Returns take 30 days^[1].", raw: []string{"^[1]"}, cites: [][]string{{"1"}}},
		{name: "a 0-based ID marker", in: "Returns take 30 days [ID:0].", raw: []string{"[ID:0]"}, cites: [][]string{{"ID:0"}}},
		{name: "editorial brackets stay words", in: "He said [sic] it [citation needed] [x] [TODO] [e.g.].", raw: nil},
		{name: "an index glued to a word is no marker", in: "Use items[k-1] to read it.", raw: nil},
		{name: "a marker inside inline code is no marker", in: "Call `get[ref-a1b2c3d4]` first [1].", raw: []string{"[1]"}, cites: [][]string{{"1"}}},
		{name: "a bracketed id mid-sentence before a lower-case word is no marker", in: "Set [mode-2] to fast.", raw: nil},
		{name: "an unread file_search marker is counted", in: "Returns take 30 days【no source here】.", unread: []string{"【…】"}},
	})
}

// A Markdown link cites the page it links when a chunk was retrieved from
// it; among chunks from pages, a link to another page is fabricated or,
// in prose, counted; among chunks with no URL, it is read by its text and
// counted.
func TestLinksCiteThePagesRetrieved(t *testing.T) {
	two := twoChunks()
	noURLs := &markerContext{chunks: 2, ids: map[string]bool{}, sources: map[string]bool{"faq.md": true}, named: true}
	runMarkerShapes(t, []markerShapeCase{
		{name: "a link to a retrieved page is a marker", in: "Returns take 30 days [policy](https://acme.example/returns).", mc: two,
			raw: []string{"[policy](https://acme.example/returns)"}, cites: [][]string{{"https://acme.example/returns"}}},
		{name: "a numbered link to a retrieved page cites the page, not the number", in: "Returns take 30 days [1](https://acme.example/returns/).", mc: two,
			raw: []string{"[1](https://acme.example/returns/)"}, cites: [][]string{{"https://acme.example/returns"}}},
		{name: "a numbered link to a page not retrieved is a fabricated citation", in: "Returns take 30 days [1](https://acme.example/old).", mc: two,
			raw: []string{"[1](https://acme.example/old)"}, cites: [][]string{{"https://acme.example/old"}}},
		{name: "a link named by a source word to a page not retrieved is a fabricated citation", in: "Een abonnement kost € 29 ([bron](https://acme.example/old)).", mc: two,
			raw: []string{"[bron](https://acme.example/old)"}, cites: [][]string{{"https://acme.example/old"}}},
		{name: "a prose link to a page not retrieved is counted, not read", in: "See [our help centre](https://acme.example/help).", mc: two,
			unread: []string{"[text](url)"}},
		{name: "a file name linking a page not retrieved is counted, not read", in: "See [guide.pdf](https://acme.example/guide.pdf).", mc: two,
			unread: []string{"[text](url)"}},
		{name: "a numbered link among chunks with no URL is read by its number and counted", in: "Returns take 30 days [1](https://acme.example/r).", mc: noURLs,
			raw: []string{"[1](https://acme.example/r)"}, cites: [][]string{{"1"}}, unread: []string{"[…](url)"}},
		{name: "a prose link among chunks with no URL is counted", in: "See [our help centre](https://acme.example/help).", mc: noURLs,
			unread: []string{"[…](url)"}},
		{name: "a link to a page inside the site is a link", in: "See [the table](#prices).", mc: two},
	})
}

// Source labels in the five languages ragaudit reads, and what only looks
// like one.
func TestSourceLabelShapes(t *testing.T) {
	runMarkerShapes(t, []markerShapeCase{
		{name: "a Dutch source label in parentheses is a marker", in: "U kunt binnen 30 dagen retourneren (Bron 1).", raw: []string{"(Bron 1)"}, cites: [][]string{{"1"}}},
		{name: "a Dutch source label in brackets names a file", in: "U kunt binnen 30 dagen retourneren [bron: retourbeleid.md].",
			raw: []string{"[bron: retourbeleid.md]"}, cites: [][]string{{"retourbeleid.md"}}},
		{name: "a Dutch plural label names several", in: "Retourneren is gratis (Bronnen 1, 2).", raw: []string{"(Bronnen 1, 2)"}, cites: [][]string{{"1", "2"}}},
		{name: "a German source label in parentheses is a marker", in: "Die Lieferung ist kostenlos (Quelle 2).", raw: []string{"(Quelle 2)"}, cites: [][]string{{"2"}}},
		{name: "a German reference label in brackets names a file", in: "Die Lieferung ist kostenlos [Referenz: versand.md].",
			raw: []string{"[Referenz: versand.md]"}, cites: [][]string{{"versand.md"}}},
		{name: "a French label with a space before its colon is a marker", in: "La livraison est gratuite [source : livraison.md].",
			raw: []string{"[source : livraison.md]"}, cites: [][]string{{"livraison.md"}}},
		{name: "a French reference label with an accent is a marker", in: "La livraison est gratuite (Référence 1).", raw: []string{"(Référence 1)"}, cites: [][]string{{"1"}}},
		{name: "a Spanish source label in parentheses is a marker", in: "El envío es gratuito (Fuente 2).", raw: []string{"(Fuente 2)"}, cites: [][]string{{"2"}}},
		{name: "a Spanish reference label in brackets is a marker", in: "El envío es gratuito [referencia: envios.md].",
			raw: []string{"[referencia: envios.md]"}, cites: [][]string{{"envios.md"}}},
		{name: "a source label naming no chunk in parentheses is counted, not read", in: "Die Lieferung ist kostenlos (Quelle: Handbuch).",
			unread: []string{"(source: …)"}},
		{name: "a source label naming no chunk in brackets is counted, not read", in: "Retourneren is gratis [bron: onze website].",
			unread: []string{"[source: …]"}},
		{name: "an editor's note with a source word stays words", in: "Returns are free [Source needed]."},
		{name: "a source word opening an aside stays words", in: "Dat is een bron (bron van inkomsten) voor ons."},
	})
}

// A superscript after an integer or a length is an exponent; after an
// amount, a word or another unit, a footnote.
func TestSuperscriptsAfterNumbers(t *testing.T) {
	two := twoChunks()
	runMarkerShapes(t, []markerShapeCase{
		{name: "a power of an integer is an exponent", in: "Er passen 2³ dozen in de kast.", mc: two},
		{name: "a superscript after an amount with cents is a citation", in: "Het abonnement kost € 12,50¹. Bestellingen worden binnen 24 uur verzonden².",
			mc: two, raw: []string{"¹", "²"}, cites: [][]string{{"1"}, {"2"}}},
		{name: "a superscript after a dollar amount with cents is a citation", in: "The plan costs $9.99².", mc: two, raw: []string{"²"}, cites: [][]string{{"2"}}},
		{name: "a superscript after a whole amount with a currency before it is a citation", in: "Das Abo kostet € 12¹.", mc: two, raw: []string{"¹"}, cites: [][]string{{"1"}}},
		{name: "a superscript after a currency symbol written after the amount is a citation", in: "Das Abo kostet 19,90 €¹.", mc: two, raw: []string{"¹"}, cites: [][]string{{"1"}}},
		{name: "a superscript after a currency code is a citation", in: "Das Abo kostet 19,90 EUR¹.", mc: two, raw: []string{"¹"}, cites: [][]string{{"1"}}},
		{name: "a superscript after a thousands group is an exponent", in: "Er zijn 1.000² tegels.", mc: two},
		{name: "a superscript after an accented word is a citation", in: "Seule la franchise vous est facturée¹. Le vélo est remis à l'arrivée².",
			mc: two, raw: []string{"¹", "²"}, cites: [][]string{{"1"}, {"2"}}},
		{name: "a superscript after an hour is a citation", in: "L'agence ouvre à 13 h¹ et ferme à 18 h².", mc: two, raw: []string{"¹", "²"}, cites: [][]string{{"1"}, {"2"}}},
		{name: "a superscript after a mass is a citation", in: "Le colis pèse au plus 5 kg¹.", mc: two, raw: []string{"¹"}, cites: [][]string{{"1"}}},
		{name: "a power of a length or after a slash is an exponent", in: "Un local de 40 m², 3 cm³ et 9,81 m/s².", mc: two},
		{name: "a superscript after a word of two letters is a citation", in: "We pay the person it was addressed to¹. Die Frist beginnt mit dem Zugang zu².",
			mc: two, raw: []string{"¹", "²"}, cites: [][]string{{"1"}, {"2"}}},
	})
}

// markerShapeCase is a text, and the markers and look-alikes read in it.
type markerShapeCase struct {
	name   string
	in     string
	mc     *markerContext
	raw    []string
	cites  [][]string
	unread []string // shapes
}

func twoChunks() *markerContext {
	return &markerContext{chunks: 2, ids: map[string]bool{}, sources: map[string]bool{"faq.md": true, "https://acme.example/returns": true}, named: true, urls: true}
}

func runMarkerShapes(t *testing.T, cases []markerShapeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mc := tc.mc
			if mc == nil {
				mc = &markerContext{}
			}
			ms, unread := findMarkers(tc.in, mc)
			var raw []string
			var cites [][]string
			for _, m := range ms {
				raw, cites = append(raw, m.Raw), append(cites, m.IDs)
				if tc.in[m.Start:m.End] != m.Raw {
					t.Errorf("span %d:%d is %q, not %q", m.Start, m.End, tc.in[m.Start:m.End], m.Raw)
				}
			}
			var shapes []string
			for _, u := range unread {
				shapes = append(shapes, u.Shape)
			}
			if !reflect.DeepEqual(raw, tc.raw) || !reflect.DeepEqual(cites, tc.cites) || !reflect.DeepEqual(shapes, tc.unread) {
				t.Errorf("findMarkers(%q) = %q %q unread %q, want %q %q unread %q", tc.in, raw, cites, shapes, tc.raw, tc.cites, tc.unread)
			}
		})
	}
}

func TestCustomMarkerRules(t *testing.T) {
	rules, err := ParseMarkerRules([]string{`\{\{cite:(\w+)\}\}`, `<<(?P<id>[a-z]+)>>`})
	if err != nil {
		t.Fatal(err)
	}
	in := "Refunds take 30 days {{cite:abc}}. Credit after <<xyz>>. Shipping [1]."
	ms, _ := findMarkers(in, &markerContext{rules: rules})
	var got [][]string
	for _, m := range ms {
		got = append(got, append([]string{m.Raw}, m.IDs...))
	}
	want := [][]string{{"{{cite:abc}}", "abc"}, {"<<xyz>>", "xyz"}, {"[1]", "1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, bad := range []string{`(a)(b)`, `x*`, `[`} {
		if _, err := ParseMarkerRules([]string{bad}); err == nil {
			t.Errorf("ParseMarkerRules(%q) took it", bad)
		}
	}
}

func TestMarkerTextIsNoneOfTheClaimsWords(t *testing.T) {
	for _, in := range []string{
		"Members get free shipping [kb-acme-members-0001].",
		"Members get free shipping (Source 2).",
		"Members get free shipping¹².",
		"Members get free shipping [1](https://acme.example/kb/0001).",
		"Members get free shipping (7). Returns [1].",
	} {
		sents, err := testSplitter.split(t.Context(), in, &markerContext{chunks: 2}, -1)
		if err != nil {
			t.Fatal(err)
		}
		if got := sents[0].Plain; got != "Members get free shipping." {
			t.Errorf("%q: the claim is %q", in, got)
		}
	}
}

// TestResolveShapes resolves the ids the shapes carry.
func TestResolveShapes(t *testing.T) {
	chunks := []readers.Chunk{{ID: "a", Source: "kb/returns.md"}, {ID: "b", Source: "https://acme.example/members/"}, {ID: "c"}}
	r := newResolver(chunks)
	cases := []struct {
		name, id string
		rule     ResolveRule
		want     int
	}{
		{name: "a file name resolves to the chunk of that source", id: "returns.md", rule: ResolveAuto, want: 0},
		{name: "a URL resolves to its chunk", id: "https://acme.example/members", rule: ResolveAuto, want: 1},
		{name: "a source name is no id", id: "returns.md", rule: ResolveID, want: -1},
		{name: "ID:0 is the first chunk", id: "ID:0", rule: ResolveAuto, want: 0},
		{name: "ID:3 past the chunks is fabricated", id: "ID:3", rule: ResolveAuto, want: -1},
		{name: "position0 reads 0 as the first chunk", id: "0", rule: ResolvePosition0, want: 0},
		{name: "position0 reads 2 as the third chunk", id: "2", rule: ResolvePosition0, want: 2},
		{name: "an unknown id of any shape is fabricated", id: "kb-acme-members-0001", rule: ResolveAuto, want: -1},
	}
	for _, tc := range cases {
		if got, _ := r.resolve(tc.rule, tc.id); got != tc.want {
			t.Errorf("%s: resolve(%s, %q) = %d, want %d", tc.name, tc.rule, tc.id, got, tc.want)
		}
	}
}

func TestZeroBasedAnswers(t *testing.T) {
	lettered := newResolver([]readers.Chunk{{ID: "a"}, {ID: "b"}})
	if zero, unclear := lettered.zeroBasedAnswer(ResolveAuto, []string{"0", "1"}); !zero || unclear {
		t.Errorf("an answer citing [0] among lettered chunks: zero %v unclear %v, want it read from 0", zero, unclear)
	}
	numbered := newResolver([]readers.Chunk{{ID: "1"}, {ID: "2"}})
	if zero, unclear := numbered.zeroBasedAnswer(ResolveAuto, []string{"0", "1"}); zero || !unclear {
		t.Errorf("an answer citing [0] among chunks 1 and 2: zero %v unclear %v, want it unclear", zero, unclear)
	}
	if zero, unclear := lettered.zeroBasedAnswer(ResolveAuto, []string{"1", "2"}); zero || unclear {
		t.Errorf("an answer not citing [0]: zero %v unclear %v", zero, unclear)
	}
	if zero, _ := lettered.zeroBasedAnswer(ResolvePosition, []string{"0"}); zero {
		t.Error("--resolve position is 1-based whatever the answer cites")
	}
}

// Full-width and CJK square brackets are read as "[…]": models writing
// for East Asian users, or copying their prompts, cite "［1］".
func TestWideSquareBrackets(t *testing.T) {
	ids := map[string]bool{"1": true, "2": true}
	cases := []struct {
		name, text string
		raw        []string
		cites      [][]string
	}{
		{"a full-width bracket cites", "Returns are accepted within 30 days［1］.", []string{"［1］"}, [][]string{{"1"}}},
		{"full-width brackets side by side are one group", "Returns take 30 days［1］［2］.", []string{"［1］［2］"}, [][]string{{"1", "2"}}},
		{"a full-width list cites each", "Returns take 30 days［1, 2］.", []string{"［1, 2］"}, [][]string{{"1", "2"}}},
		{"a tortoise-shell bracket cites", "Returns take 30 days〔2〕.", []string{"〔2〕"}, [][]string{{"2"}}},
		{"a white lenticular bracket cites", "Returns take 30 days〖1〗.", []string{"〖1〗"}, [][]string{{"1"}}},
		{"a full-width bracket of words is no citation", "The form［see below］is long.", nil, nil},
		{"an unclosed full-width bracket is no citation", "Returns take 30 days［1.", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ms := FindMarkers(tc.text, ids)
			var raw []string
			var cites [][]string
			for _, m := range ms {
				raw, cites = append(raw, m.Raw), append(cites, m.IDs)
			}
			if !slices.Equal(raw, tc.raw) || !slices.EqualFunc(cites, tc.cites, slices.Equal) {
				t.Errorf("markers %q citing %v, want %q citing %v", raw, cites, tc.raw, tc.cites)
			}
		})
	}
}
