package audit

import "testing"

// A number paired with a source, a source with a page, and <cite> are
// markers; braces, a file name in parentheses and a source word inside
// an aside are counted, never read.
func TestMarkerFormsThatPairANumberWithASource(t *testing.T) {
	files := defsContext(false)
	noSources := &markerContext{chunks: 2, ids: map[string]bool{"1": true, "2": true}}
	runMarkerShapes(t, []markerShapeCase{
		{name: "a number and a dagger before a retrieved file cite the file", in: "Het kost € 39 [2†prijzen.md].", mc: files,
			raw: []string{"[2†prijzen.md]"}, cites: [][]string{{"prijzen.md"}}},
		{name: "a number and a dagger before a word cite the number", in: "Het kost € 39 [2†source].", mc: files,
			raw: []string{"[2†source]"}, cites: [][]string{{"2"}}},
		{name: "a lenticular bracket with a number and a dagger cites the file", in: "Het kost € 39【2†prijzen.md】.", mc: files,
			raw: []string{"【2†prijzen.md】"}, cites: [][]string{{"prijzen.md"}}},
		{name: "a number and a retrieved file after a colon cite the file", in: "Het kost € 39 [2:prijzen.md].", mc: files,
			raw: []string{"[2:prijzen.md]"}, cites: [][]string{{"prijzen.md"}}},
		{name: "a number and a file not retrieved after a colon are kept whole, fabricated", in: "Het kost € 39 [2:oud.md].", mc: files,
			raw: []string{"[2:oud.md]"}, cites: [][]string{{"2:oud.md"}}},
		{name: "a number and a file among chunks with no source cite the number", in: "Het kost € 39 [2:prijzen.md].", mc: noSources,
			raw: []string{"[2:prijzen.md]"}, cites: [][]string{{"2"}}},
		{name: "a retrieved file with a page cites the file", in: "Het kost € 39 [prijzen.md, p. 2].", mc: files,
			raw: []string{"[prijzen.md, p. 2]"}, cites: [][]string{{"prijzen.md"}}},
		{name: "a file not retrieved with a page is a citation of that file", in: "Es kostet 39 € [preise.pdf, S. 4].", mc: files,
			raw: []string{"[preise.pdf, S. 4]"}, cites: [][]string{{"preise.pdf"}}},
		{name: "a number in a cite tag is a marker", in: "Het kost € 39 <cite>2</cite>.", mc: files,
			raw: []string{"<cite>2</cite>"}, cites: [][]string{{"2"}}},
		{name: "a retrieved file in a cite tag is a marker", in: "Het kost € 39 <cite>prijzen.md</cite>.", mc: files,
			raw: []string{"<cite>prijzen.md</cite>"}, cites: [][]string{{"prijzen.md"}}},
		{name: "the title of a work in a cite tag is no marker", in: "Zie <cite>Het Prijzenboek</cite> voor meer.", mc: files},
		{name: "a number in braces is counted, not read", in: "Het kost € 39 {2}.", mc: files, unread: []string{"{n}"}},
		{name: "a labelled number in braces is counted, not read", in: "Het kost € 39 {src:2}.", mc: files, unread: []string{"{n}"}},
		{name: "an id in odd brackets is counted, not read", in: "Het kost € 39 ⟦KB§gym§0007⟧.", mc: files, unread: []string{"⟦…⟧"}},
		{name: "a word in odd brackets is no look-alike", in: "Kies het pakket 《Premium》.", mc: files},
		{name: "an id in odd brackets mid-sentence is no look-alike", in: "De code ⟦A7⟧ staat op de kaart.", mc: files},
		{name: "a placeholder in braces mid-sentence is no look-alike", in: "Vul {1} in als naam.", mc: files},
		{name: "a file name in parentheses is counted, not read", in: "Het kost € 39 (prijzen.md).", mc: files, unread: []string{"(faq.md)"}},
		{name: "a source word inside an aside is counted, not read", in: "Het kost € 39 (zie bron 2).", mc: files, unread: []string{"(… source n)"}},
		{name: "an aside with a source word and no number stays words", in: "Het kost € 39 (zie de bron).", mc: files},
		{name: "a template's double braces naming a retrieved file cite it", in: "Het kost € 39 {{bron:prijzen.md}}.", mc: files,
			raw: []string{"{{bron:prijzen.md}}"}, cites: [][]string{{"prijzen.md"}}},
		{name: "a template's double braces with a source label cite what they name, retrieved or not", in: "Het kost € 39 {{bron:oud.md}}.", mc: files,
			raw: []string{"{{bron:oud.md}}"}, cites: [][]string{{"oud.md"}}},
		{name: "a retrieved id in double braces is a marker", in: "Het kost € 39 {{2}}.", mc: files,
			raw: []string{"{{2}}"}, cites: [][]string{{"2"}}},
		{name: "a placeholder in double braces at a sentence's end is counted, not read", in: "Bedankt voor je vraag, {{naam}}.", mc: files, unread: []string{"{{…}}"}},
		{name: "a placeholder in double braces mid-sentence is no look-alike", in: "Hallo {{naam}}, je pakket komt morgen.", mc: files},
	})
}
