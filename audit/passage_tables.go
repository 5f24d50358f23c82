package audit

import (
	"slices"
	"strings"
	"unicode"
)

// tableContradicts is passageContradicts for a chunk's tables: the claim's
// quantities that a table gives only in rows (or columns) the claim does
// not name, where a row it names states another value of the same kind.
// "Het Pro-abonnement kost € 9,90" against "| Basic | € 9,90 |" and
// "| Pro | € 19,90 |". A row is named when the sentence holds every word
// of its label (first cell), a column when it holds every word of its
// header; a cell is the claim's when it is in a named row (if any is
// named) and a named column (if any is). A value the chunk also states
// outside its tables is left to the prose rules.
//
// It returns them with the chunk text and the span of the row that states
// the other value; no span when there are none.
func tableContradicts(c *claim, ev *evidence, missing []string) ([]string, string, [2]int) {
	if len(ev.tables) == 0 {
		return nil, "", [2]int{}
	}
	words := map[string]bool{}
	for _, w := range nameWords(c.plain) {
		words[w] = true
	}
	var out []string
	var text string
	var at [2]int
	for i := range ev.tables {
		t := &ev.tables[i]
		rows, cols := t.named(words)
		if rows == nil && cols == nil {
			continue
		}
		v := t.values(ev.tongue)
		for _, q := range c.quantities {
			if q.Weak || slices.Contains(missing, q.Raw) || slices.Contains(out, q.Raw) || ev.proseIndex().supports(q) {
				continue
			}
			if r := v.rival(c, q, rows, cols); r >= 0 {
				out = append(out, q.Raw)
				if text == "" {
					text, at = t.text, t.rows[r].span
				}
			}
		}
	}
	return out, text, at
}

// named is the rows and columns of t the sentence's words name (nil:
// none). A label whose words are all in another named label's is not
// named: "Pro Plus" names the row "Pro Plus", not also "Pro".
func (t *table) named(words map[string]bool) (rows, cols []bool) {
	mark := func(labels []string) []bool {
		var hit []bool
		var kept [][]string
		for i, l := range labels {
			lw := nameWords(l)
			if !slices.ContainsFunc(lw, hasLetter) || slices.ContainsFunc(lw, func(w string) bool { return !words[w] }) {
				continue
			}
			if hit == nil {
				hit, kept = make([]bool, len(labels)), make([][]string, len(labels))
			}
			hit[i], kept[i] = true, lw
		}
		for i := range hit {
			for j := range hit {
				if i != j && hit[j] && len(kept[i]) < len(kept[j]) && subset(kept[i], kept[j]) {
					hit[i] = false
				}
			}
		}
		return hit
	}
	labels := make([]string, len(t.rows))
	for i, r := range t.rows {
		labels[i] = r.cells[0]
	}
	rows = mark(labels)
	if len(t.header) > 1 {
		cols = mark(append([]string{""}, t.header[1:]...)) // the label column holds no values
	}
	return rows, cols
}

// tableValues is what each value cell of a table states (cells past the
// first of each row), by row and column.
type tableValues [][]statedIn

func (t *table) values(tg tongue) tableValues {
	if t.vals != nil && t.valsOf == tg.l {
		return t.vals
	}
	v := make(tableValues, len(t.rows))
	for i, r := range t.rows {
		v[i] = make([]statedIn, len(r.cells))
		for j, cell := range r.cells[1:] {
			qs, idx := scannedIn(tg.l, cell)
			v[i][j+1] = statedIn{qs, idx}
		}
	}
	t.vals, t.valsOf = v, tg.l
	return v
}

// rival is the row of a cell of the claim's that states another value of
// q's kind, when no cell of the claim's states q and another cell does;
// -1 otherwise.
func (v tableValues) rival(c *claim, q quantity, rows, cols []bool) int {
	in := func(b []bool, i int) bool { return b == nil || i < len(b) && b[i] }
	elsewhere, rival := false, -1
	for r, row := range v {
		for j := 1; j < len(row); j++ {
			ours := in(rows, r) && in(cols, j)
			switch {
			case row[j].index.supports(q):
				if ours {
					return -1
				}
				elsewhere = true
			case ours && rival < 0 && slices.ContainsFunc(row[j].all, func(w quantity) bool { return rivals(q, w) && !claims(c, w) }):
				rival = r
			}
		}
	}
	if !elsewhere {
		return -1
	}
	return rival
}

// nameWords is the lower-cased runs of letters and digits of s: "Pro" and
// "abonnement" of "Het Pro-abonnement".
func nameWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

func hasLetter(w string) bool { return strings.IndexFunc(w, unicode.IsLetter) >= 0 }

// subset reports whether every word of a is in b.
func subset(a, b []string) bool {
	return !slices.ContainsFunc(a, func(w string) bool { return !slices.Contains(b, w) })
}
