package audit

import (
	"strings"

	"github.com/ragaudit/ragaudit/lang"
)

// table is a Markdown or HTML table of a chunk read as rows: a value in a
// row is a value of the row's label (its first cell) and of its column's
// header. The chunk's text is left as it is; rows keep their spans in it.
// Cells are read from the text with its markup masked (maskMarkup), so
// what is struck out ("<del>€ 19,90</del>", "~~€ 9,90~~") is no value.
type table struct {
	text   string   // the chunk the table is in
	header []string // the header row's cells; nil when the table has none
	rows   []tableRow
	// vals caches values for the language valsOf: every claim citing the
	// chunk reads the same cells, so they are read once, not per claim.
	vals   tableValues
	valsOf *lang.Language
}

// tableRow is a row of a table below its header.
type tableRow struct {
	span  [2]int   // the row in the chunk's text
	cells []string // as read from the masked text: tags out, entities decoded, trimmed
}

// hasTable is a cheap test that text may hold a table: a pipe or a "<tr"
// in any case, found without a copy of text.
func hasTable(text string) bool {
	if strings.IndexByte(text, '|') >= 0 {
		return true
	}
	for i := 0; ; i++ {
		k := strings.IndexByte(text[i:], '<')
		if k < 0 || i+k+2 >= len(text) {
			return false
		}
		i += k
		if text[i+1]|0x20 == 't' && text[i+2]|0x20 == 'r' {
			return true
		}
	}
}

// tablesIn reads the tables of text, Markdown then HTML, with the spans
// they take in it; masked is maskMarkup(text), the same length, which
// their cells are read from.
func tablesIn(text, masked string) ([]table, [][2]int) {
	if !hasTable(text) {
		return nil, nil
	}
	ts, spans := markdownTables(masked)
	is, ispans := inlineTables(masked, spans)
	ts, spans = append(ts, is...), append(spans, ispans...)
	for i := range ts {
		ts[i].text = text
	}
	hs, hspans := htmlTables(text, masked)
	return append(ts, hs...), append(spans, hspans...)
}

// inlineTables reads pipe tables flattened onto one line, their rows
// parted by semicolons, as chunkers write a table of a page: "Option |
// Price | When: Standard | free | 3-5 days; Express | £4.95 | next day".
// A header before a colon opens the first row ("Option | Price | When:"),
// after the line's prose; the last cell ends at a full stop a capital
// follows. Two rows or more of the same number of cells, two or more,
// make a table; a line inside a Markdown table (skip) is not read again.
func inlineTables(text string, skip [][2]int) ([]table, [][2]int) {
	var out []table
	var spans [][2]int
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		inside := false
		for _, sp := range skip {
			inside = inside || start >= sp[0] && start < sp[1]
		}
		if !inside && strings.Count(text[start:end], "|") >= 2 && strings.IndexByte(text[start:end], ';') >= 0 {
			if t, sp, ok := inlineTable(text, start, end); ok {
				out, spans = append(out, t), append(spans, sp)
			}
		}
		start = end + 1
	}
	return out, spans
}

// inlineTable reads the flattened table of the line text[start:end], if
// it holds one (inlineTables).
func inlineTable(text string, start, end int) (table, [2]int, bool) {
	var segs [][2]int // the line's parts between semicolons
	for from := start; from <= end; {
		to := strings.IndexByte(text[from:end], ';')
		if to < 0 {
			to = end - from
		}
		segs = append(segs, trimmedSpan(text, from, from+to))
		from += to + 1
	}
	var t table
	for _, sg := range segs {
		if !strings.Contains(text[sg[0]:sg[1]], "|") {
			if len(t.rows) > 0 {
				break
			}
			continue
		}
		if len(t.rows) == 0 && t.header == nil {
			// "Delivery options. Option | Price: Standard | free"
			seg := text[sg[0]:sg[1]]
			if c := strings.LastIndex(seg, ": "); c >= 0 && strings.Contains(seg[:c], "|") && strings.Contains(seg[c:], "|") {
				head := seg[:c]
				if dot := strings.LastIndex(head, ". "); dot >= 0 {
					head = head[dot+2:]
				}
				t.header = pipeCells(head)
				sg = trimmedSpan(text, sg[0]+c+2, sg[1])
			}
		}
		ended := false
		if dot := proseAfter(text[sg[0]:sg[1]]); dot >= 0 {
			sg[1], ended = sg[0]+dot, true // "… | £45. Every plan covers …"
		}
		cells := pipeCells(strings.TrimSuffix(text[sg[0]:sg[1]], "."))
		if len(cells) < 2 || len(t.rows) > 0 && len(cells) != len(t.rows[0].cells) {
			break
		}
		t.rows = append(t.rows, tableRow{sg, cells})
		if ended {
			break
		}
	}
	if len(t.rows) < 2 || t.header != nil && len(t.header) != len(t.rows[0].cells) {
		return table{}, [2]int{}, false
	}
	return t, [2]int{t.rows[0].span[0], t.rows[len(t.rows)-1].span[1]}, true
}

// proseAfter is where the last cell of seg ends when a sentence follows
// it: the offset of a full stop that a space and a capital letter follow;
// -1 when none does.
func proseAfter(seg string) int {
	for i := 0; i+2 < len(seg); i++ {
		if seg[i] == '.' && seg[i+1] == ' ' && seg[i+2] >= 'A' && seg[i+2] <= 'Z' {
			return i
		}
	}
	return -1
}

// markdownTables reads pipe tables: a header line, a delimiter line
// ("|---|:--:|") and the lines with a pipe that follow. It is given the
// masked text: a pipe struck out is none.
func markdownTables(text string) ([]table, [][2]int) {
	var lines [][2]int
	for start := 0; start <= len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		lines = append(lines, trimmedSpan(text, start, end))
		start = end + 1
	}
	var out []table
	var spans [][2]int
	for i := 0; i+1 < len(lines); i++ {
		head, delim := text[lines[i][0]:lines[i][1]], text[lines[i+1][0]:lines[i+1][1]]
		if !strings.Contains(head, "|") || !isDelimiterRow(delim) {
			continue
		}
		t := table{text: text, header: pipeCells(head)}
		j := i + 2
		for ; j < len(lines) && strings.Contains(text[lines[j][0]:lines[j][1]], "|"); j++ {
			t.rows = append(t.rows, tableRow{lines[j], pipeCells(text[lines[j][0]:lines[j][1]])})
		}
		if len(t.rows) > 0 {
			out = append(out, t)
			spans = append(spans, [2]int{lines[i][0], lines[j-1][1]})
		}
		i = j - 1
	}
	return out, spans
}

// trimmedSpan is text[start:end] without its surrounding white space.
func trimmedSpan(text string, start, end int) [2]int {
	for start < end && strings.IndexByte(" \t\r", text[start]) >= 0 {
		start++
	}
	for end > start && strings.IndexByte(" \t\r", text[end-1]) >= 0 {
		end--
	}
	return [2]int{start, end}
}

// isDelimiterRow reports whether line is a pipe table's delimiter row.
func isDelimiterRow(line string) bool {
	return strings.Contains(line, "|") && strings.Contains(line, "-") &&
		strings.Trim(line, "|-: \t") == ""
}

// pipeCells splits a Markdown table line at its pipes.
func pipeCells(line string) []string {
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cells := strings.Split(line, "|")
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
	}
	return cells
}

// htmlTables reads <table> elements: their <tr> rows of <td> and <th>
// cells, the first row of <th> cells alone as the header. Tags are
// matched without regard to case; an unclosed row ends where the next
// begins. Tags are read in text; cells in masked (tablesIn).
func htmlTables(text, masked string) ([]table, [][2]int) {
	lower := asciiLower(text) // the same length: offsets hold in text
	var out []table
	var spans [][2]int
	for at := 0; ; {
		start := tagAt(lower, at, "<tr")
		if start < 0 {
			return out, spans
		}
		tableEnd := strings.Index(lower[start:], "</table")
		if tableEnd < 0 {
			tableEnd = len(text)
		} else {
			tableEnd += start
		}
		t := table{text: text}
		for r := start; r >= 0 && r < tableEnd; {
			next := tagAt(lower[:tableEnd], r+3, "<tr")
			end := tableEnd
			if next >= 0 {
				end = next
			}
			if c := strings.Index(lower[r:end], "</tr>"); c >= 0 {
				end = r + c + len("</tr>")
			}
			cells, heads := htmlCells(masked, lower, r, end)
			if heads == len(cells) && t.header == nil && len(t.rows) == 0 {
				t.header = cells
			} else if len(cells) > 0 {
				t.rows = append(t.rows, tableRow{[2]int{r, end}, cells})
			}
			r = next
		}
		if len(t.rows) > 0 {
			out = append(out, t)
			spans = append(spans, [2]int{start, tableEnd})
		}
		at = tableEnd
	}
}

// htmlCells reads the cells of the row lower[start:end] from masked at
// the same offsets, and how many of them are <th>.
func htmlCells(masked, lower string, start, end int) ([]string, int) {
	var cells []string
	heads := 0
	for at := start; ; {
		td, th := tagAt(lower[:end], at, "<td"), tagAt(lower[:end], at, "<th")
		c := td
		if c < 0 || th >= 0 && th < td {
			c = th
		}
		if c < 0 {
			return cells, heads
		}
		if c == th {
			heads++
		}
		open := strings.IndexByte(lower[c:end], '>')
		if open < 0 {
			return cells, heads
		}
		body := c + open + 1
		stop := end
		for _, tag := range []string{"</td", "</th", "<td", "<th"} {
			if k := strings.Index(lower[body:end], tag); k >= 0 && body+k < stop {
				stop = body + k
			}
		}
		cells = append(cells, strings.TrimSpace(masked[body:stop]))
		at = stop
	}
}

// tagAt is the offset of the first tag named by open ("<tr") at or after
// from, or -1: open followed by '>' or white space (not "<track").
func tagAt(lower string, from int, open string) int {
	for from < len(lower) {
		k := strings.Index(lower[from:], open)
		if k < 0 {
			return -1
		}
		k += from
		if e := k + len(open); e < len(lower) && strings.IndexByte("> \t\r\n", lower[e]) >= 0 {
			return k
		}
		from = k + 1
	}
	return -1
}

// asciiLower is s with its ASCII letters lower-cased, byte for byte.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// outsideTables is text with its tables blanked out (spaces, offsets
// kept): the prose around them.
func outsideTables(text string, spans [][2]int) string {
	b := []byte(text)
	for _, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			b[i] = ' '
		}
	}
	return string(b)
}
