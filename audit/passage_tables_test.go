package audit

import (
	"slices"
	"strings"
	"testing"
)

const (
	plansMarkdown       = "Onze abonnementen:\n\n| Abonnement | Prijs per maand | Gebruikers |\n|---|---:|---|\n| Basic | € 9,90 | 1 |\n| Pro | € 19,90 | 5 |\n| Pro Plus | € 29,90 | 10 |\n\nPrijzen zijn inclusief btw."
	plansHTML           = "<p>Tarife</p><TABLE><tr><th>Tarif</th><th>Preis pro Monat</th></tr>\n<tr><td>Basic</td><td>9,90&nbsp;€</td></tr><tr><td><b>Premium</b></td><td>19,90 €</td></tr></TABLE>"
	plansStruckMarkdown = "| Abonnement | Prijs |\n|---|---|\n| Basic | € 9,90 |\n| Pro | ~~€ 9,90~~ € 14,90 |"
	plansStruckHTML     = "<table><tr><th>Tarif</th><th>Preis</th></tr><tr><td>Basic</td><td>9,90 €</td></tr><Tr><td>Premium</td><td><del>9,90 €</del> 14,90 €</td></tr></table>"
	plansColumns        = "| Feature | Starter | Team |\n|---|---|---|\n| Price per month | $12 | $30 |\n| Storage | 10 GB | 100 GB |"
)

// A value a table gives only in another row than the one the sentence
// names fails; the row it names, stating its own value, is shown.
func TestTableRows(t *testing.T) {
	runPassageCases(t, []passageCase{
		{"a price from another row of a Markdown table fails",
			"Het Pro-abonnement kost € 9,90 per maand [1].", plansMarkdown,
			[]string{"€ 9,90"}, "| Pro | € 19,90 | 5 |"},
		{"the named row's own price passes",
			"Het Pro-abonnement kost € 19,90 per maand [1].", plansMarkdown, nil, ""},
		{"a longer label names its row alone",
			"Pro Plus kost € 19,90 per maand [1].", plansMarkdown,
			[]string{"€ 19,90"}, "| Pro Plus | € 29,90 | 10 |"},
		{"the longer label's own price passes",
			"Pro Plus kost € 29,90 per maand [1].", plansMarkdown, nil, ""},
		{"a sentence naming two rows may state either's value",
			"Basic kost € 9,90 en Pro € 19,90 per maand [1].", plansMarkdown, nil, ""},
		{"a price from another row of an HTML table fails",
			"Der Premium-Tarif kostet 9,90 € im Monat [1].", plansHTML,
			[]string{"9,90 €"}, "<tr><td><b>Premium</b></td><td>19,90 €</td></tr>"},
		{"the HTML row's own price passes",
			"Der Premium-Tarif kostet 19,90 € im Monat [1].", plansHTML, nil, ""},
		{"a value from another column fails when the sentence names a column",
			"The Team plan costs $12 a month [1].", plansColumns,
			[]string{"$12"}, "| Price per month | $12 | $30 |"},
		{"the named column's own value passes",
			"The Team plan costs $30 a month [1].", plansColumns, nil, ""},
		{"a sentence naming no row or column is left to the prose rules",
			"Een abonnement kost vanaf € 9,90 per maand [1].", plansMarkdown, nil, ""},
		{"a price struck out in a Markdown row is no value of it",
			"Het Pro-abonnement kost € 9,90 per maand [1].", plansStruckMarkdown,
			[]string{"€ 9,90"}, "| Pro | ~~€ 9,90~~ € 14,90 |"},
		{"a price struck out in an HTML row is no value of it",
			"Der Premium-Tarif kostet 9,90 € im Monat [1].", plansStruckHTML,
			[]string{"9,90 €"}, "<Tr><td>Premium</td><td><del>9,90 €</del> 14,90 €</td></tr>"},
		{"the price a row states beside a struck one passes",
			"Der Premium-Tarif kostet 14,90 € im Monat [1].", plansStruckHTML, nil, ""},
		{"a value the prose also states is left to the prose rules",
			"Het Pro-abonnement kost € 9,90 per maand [1].",
			plansMarkdown + " In de eerste maand kost het Pro-abonnement € 9,90.", nil, ""},
	})
}

// Tables are read as rows with their spans in the chunk; text that only
// looks like a table is not one.
func TestTablesIn(t *testing.T) {
	cases := []struct {
		name, text string
		header     []string
		labels     []string // each row's first cell
	}{
		{"a Markdown table after prose", plansMarkdown,
			[]string{"Abonnement", "Prijs per maand", "Gebruikers"}, []string{"Basic", "Pro", "Pro Plus"}},
		{"an HTML table in upper case with tags in its cells", plansHTML,
			[]string{"Tarif", "Preis pro Monat"}, []string{"Basic", "Premium"}},
		{"an HTML table without a header row or closing tags",
			"<table><tr><td>Basic<td>9 €<tr><td>Pro<td>19 €</table>", nil, []string{"Basic", "Pro"}},
		{"pipes without a delimiter row are no table", "a | b\nc | d", nil, nil},
		{"a delimiter row without rows is no table", "| a | b |\n|---|---|", nil, nil},
		{"a track tag is no row", "<track src=x>", nil, nil},
		{"a table whose row tags are in mixed case is read", "<table><Tr><th>Plan<th>Price<tR><td>Basic<td>9 €</table>",
			[]string{"Plan", "Price"}, []string{"Basic"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tables, _ := tablesIn(tc.text, maskMarkup(tc.text))
			var labels []string
			var header []string
			for _, tb := range tables {
				header = tb.header
				for _, r := range tb.rows {
					labels = append(labels, r.cells[0])
					if row := tc.text[r.span[0]:r.span[1]]; !strings.Contains(row, r.cells[0]) {
						t.Errorf("row %q does not hold its label %q", row, r.cells[0])
					}
				}
			}
			if !slices.Equal(header, tc.header) || !slices.Equal(labels, tc.labels) {
				t.Errorf("header %q labels %q, want %q %q", header, labels, tc.header, tc.labels)
			}
		})
	}
}

// hasTable finds a row tag in any case, and a pipe, without a copy of the
// text: it runs on every cited chunk.
func TestHasTable(t *testing.T) {
	cases := []struct {
		name, text string
		want       bool
	}{
		{"a pipe may be a table", "a | b", true},
		{"a lower-case row tag may be a table", "<table><tr>", true},
		{"a mixed-case row tag may be a table", "<TABLE><Tr>", true},
		{"an upper-case row tag may be a table", "<TR>", true},
		{"prose with a tag but no row is none", "<p>Preis: <b>9 €</b></p>", false},
		{"a '<' at the end is none", "a <t", false},
		{"plain prose is none", "Der Tarif kostet 9 € im Monat.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := hasTable(c.text); got != c.want {
				t.Errorf("hasTable(%q) = %v, want %v", c.text, got, c.want)
			}
			if n := testing.AllocsPerRun(10, func() { hasTable(c.text) }); n != 0 {
				t.Errorf("hasTable(%q) allocates %v times", c.text, n)
			}
		})
	}
}
