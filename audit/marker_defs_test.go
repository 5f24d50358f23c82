package audit

import (
	"fmt"
	"testing"
)

// defsContext is two chunks with ids "1" and "2" from retour.md and
// prijzen.md; urls makes their sources pages instead.
func defsContext(urls bool) *markerContext {
	mc := &markerContext{chunks: 2, ids: map[string]bool{"1": true, "2": true}, sources: map[string]bool{"retour.md": true, "prijzen.md": true}, named: true}
	if urls {
		mc.sources = map[string]bool{"https://help.example.nl/retour": true, "https://help.example.nl/prijzen": true}
		mc.urls = true
	}
	return mc
}

// readAnswer is what the audit reads of an answer: each sentence's words,
// the ids its markers cite, and the shapes of the look-alikes in it.
func readAnswer(t *testing.T, in string, mc *markerContext) string {
	t.Helper()
	sents, err := testSplitter.split(t.Context(), in, mc, -1)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range sents {
		var ids, shapes []string
		for _, m := range s.Markers {
			ids = append(ids, m.IDs...)
		}
		for _, u := range s.Unread {
			shapes = append(shapes, u.Shape)
		}
		out = append(out, fmt.Sprintf("%q %q %q", s.Plain, ids, shapes))
	}
	return fmt.Sprint(out)
}

func TestAMarkerCitesWhatItsDefinitionNames(t *testing.T) {
	files, pages := defsContext(false), defsContext(true)
	noSources := &markerContext{chunks: 2, ids: map[string]bool{"1": true, "2": true}}
	cases := []struct {
		name, in string
		mc       *markerContext
		want     string
	}{
		{"a footnote right after the full stop cites the file its definition names", "Een Pro-abonnement kost € 39 per maand.[^1]\n\n[^1]: prijzen.md", files,
			`["Een Pro-abonnement kost € 39 per maand." ["prijzen.md"] []]`},
		{"footnotes with a space before them cite their files and the definitions are no claims",
			"Retouren zijn gratis [^1]. Een Pro-abonnement kost € 29 [^2].\n\n[^1]: retour.md\n[^2]: prijzen.md", files,
			`["Retouren zijn gratis." ["retour.md"] [] "Een Pro-abonnement kost € 29." ["prijzen.md"] []]`},
		{"a footnote whose definition names a file not retrieved cites that file, which is fabricated", "Het kost € 39.[^1]\n\n[^1]: oude-prijzen.md", files,
			`["Het kost € 39." ["oude-prijzen.md"] []]`},
		{"a footnote whose definition is a chunk's id cites that chunk", "Het kost € 39.[^a]\n\n[^a]: 2", files,
			`["Het kost € 39." ["2"] []]`},
		{"a footnote whose definition is a source label cites the source", "Het kost € 39.[^1]\n\n[^1]: Bron: prijzen.md", files,
			`["Het kost € 39." ["prijzen.md"] []]`},
		{"a footnote whose definition is prose is read as written", "Het kost € 39.[^1]\n\n[^1]: Zie de prijslijst voor alle details.", files,
			`["Het kost € 39." ["1"] []]`},
		{"a link reference that quotes is read as written and is no claim", "Het kost € 39 [2].\n\n[2]: \"Een Pro-abonnement kost € 29 per maand.\"", files,
			`["Het kost € 39." ["2"] []]`},
		{"a link reference to a retrieved page cites that page", "Het kost € 39 [1].\n\n[1]: https://help.example.nl/prijzen/", pages,
			`["Het kost € 39." ["https://help.example.nl/prijzen"] []]`},
		{"a link reference to a page not retrieved among chunks with pages is fabricated", "Het kost € 39 [1].\n\n[1]: https://help.example.nl/oud", pages,
			`["Het kost € 39." ["https://help.example.nl/oud"] []]`},
		{"a link reference to a page among chunks with no pages is read as written and counted", "Het kost € 39 [1].\n\n[1]: https://help.example.nl/prijzen", files,
			`["Het kost € 39." ["1"] ["[…](url)"]]`},
		{"a footnote naming a file among chunks with no sources is read as written and counted", "Het kost € 39.[^1]\n\n[^1]: prijzen.md", noSources,
			`["Het kost € 39." ["1"] ["[^n]: name"]]`},
		{"a footnote's definition does not remap a plain marker of the same label", "Retouren zijn gratis [^1]. Het kost € 39 [1].\n\n[^1]: retour.md", files,
			`["Retouren zijn gratis." ["retour.md"] [] "Het kost € 39." ["1"] []]`},
		{"a link reference after a footnote of the same label leaves the footnote its own", "Retouren zijn gratis [^1]. Het kost € 39 [1].\n\n[^1]: retour.md\n[1]: https://help.example.nl/prijzen/", pages,
			`["Retouren zijn gratis." ["retour.md"] [] "Het kost € 39." ["https://help.example.nl/prijzen"] []]`},
		{"two merged markers whose definitions cannot be matched are one look-alike", "Het kost € 39 [1][2].\n\n[1]: https://help.example.nl/prijzen\n[2]: https://help.example.nl/retour", files,
			`["Het kost € 39." ["1" "2"] ["[…](url)"]]`},
		{"a line that opens with its marker and goes on in prose is no definition", "[2]: een Pro-abonnement kost € 29 per maand.", files,
			`[": een Pro-abonnement kost € 29 per maand." ["2"] []]`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := readAnswer(t, tc.in, tc.mc); got != tc.want {
				t.Errorf("%q read as\n%s\nwant\n%s", tc.in, got, tc.want)
			}
		})
	}
}
