package audit

import "strings"

// A Markdown table in an answer ("| Basis | € 5 per maand [1] |") states
// one claim a row: the row's first cell names what its other cells say
// something of, and a marker in a row cites that row. Read as one
// paragraph, a table was one sentence whose two "[1]" markers made one
// citation, judged on every row's values at once.

// answerTables are the Markdown tables of an answer, by the lines they
// take: a header and a delimiter line state nothing of their own; each row
// line is a claim read with its table's header.
type answerTables struct {
	heads map[int]bool     // the start of each header and delimiter line
	rows  map[int][]string // the start of each row line: its table's header cells
}

// findAnswerTables reads the pipe tables of answer (markdownTables), with
// the offsets of their lines, trimmed as spans trims them.
func findAnswerTables(answer string) answerTables {
	var at answerTables
	if strings.IndexByte(answer, '|') < 0 {
		return at
	}
	ts, spans := markdownTables(answer)
	for i, t := range ts {
		if at.rows == nil {
			at.heads, at.rows = map[int]bool{}, map[int][]string{}
		}
		head := spans[i][0]
		at.heads[head] = true
		if nl := strings.IndexByte(answer[head:], '\n'); nl >= 0 {
			delim := trimSpan(answer, head+nl+1, len(answer))
			at.heads[delim[0]] = true
		}
		for _, r := range t.rows {
			at.rows[r.span[0]] = t.header
		}
	}
	return at
}

// line reports whether the line answer[pos:end] is a line of a table,
// and whether it is a row (else a header or delimiter).
func (at answerTables) line(answer string, pos, end int) (inTable, row bool) {
	if at.rows == nil {
		return false, false
	}
	start := trimSpan(answer, pos, end)[0]
	if _, ok := at.rows[start]; ok {
		return true, true
	}
	return at.heads[start], false
}

// rowClaim is the words a table row states, from its plain text (markers
// out, pipes in): its first cell after its header, the others as
// "header: cell", so the checks see the row's subject beside its values
// and each column's name ("Abonnement Basis; Opslag: 10 GB; Prijs: € 5
// per maand"). The subject follows its header without a colon: after a
// colon a capitalised word opens a sentence, and is read as no name.
// Empty cells are left out; a cell under no header (or an empty one) is
// read alone.
func rowClaim(header []string, plain string) string {
	cells := pipeCells(strings.TrimSpace(plain))
	parts := make([]string, 0, len(cells))
	for j, c := range cells {
		if c == "" {
			continue
		}
		switch {
		case j >= len(header) || header[j] == "":
		case j == 0:
			c = header[0] + " " + c // "Offre Essentiel": the subject a name inside the claim
		default:
			c = header[j] + ": " + c
		}
		parts = append(parts, c)
	}
	return strings.Join(parts, "; ")
}
