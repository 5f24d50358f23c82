package report

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ragaudit/ragaudit/audit"
)

// FindingsJSONL writes one finding per line.
type FindingsJSONL struct {
	w   *bufio.Writer
	buf []byte
}

// NewFindingsJSONL writes to w; call Flush at the end.
func NewFindingsJSONL(w io.Writer) *FindingsJSONL {
	return &FindingsJSONL{w: bufio.NewWriterSize(w, 256<<10)}
}

// Write appends a record's findings; turns numbers its answers (TurnsOf).
// Lists are [] rather than null, so consumers need one code path.
func (j *FindingsJSONL) Write(fs []audit.Finding, turns Turns) error {
	for i := range fs {
		var err error
		if j.buf, err = appendFinding(j.buf[:0], &fs[i], turns.Turn(fs[i].MessageIndex)); err != nil {
			return err
		}
		if _, err := j.w.Write(j.buf); err != nil {
			return err
		}
	}
	return nil
}

// Flush writes buffered data.
func (j *FindingsJSONL) Flush() error { return j.w.Flush() }

// CSVHeader is the column order of findings.csv: the JSONL names, with
// each signal in a column of its own ("signal_" + name).
var CSVHeader = append([]string{
	"conversation_id", "tenant", "agent", "timestamp", "source", "message_index", "sentence_index", "turn", "sentence_number",
	"char_start", "char_end", "sentence", "marker", "citation", "chunk_id", "resolved_by",
	"verdict", "sentence_verdict", "answer_status", "support_score", "sentence_score", "np_coverage", "token_overlap",
	"np_found", "np_missing", "numbers_missing", "entities_missing", "matched_text", "matched_start", "matched_end",
	"better_chunk_id", "reasons", "unstated",
}, signalColumns()...)

func signalColumns() []string {
	var cols []string
	for _, s := range audit.Signals {
		cols = append(cols, "signal_"+s.Name)
	}
	return cols
}

// FindingsCSV writes findings as CSV, safe to open in a spreadsheet. Rows
// are encoded as encoding/csv encodes them (comma, LF line ends), into a
// buffer reused from row to row: its Writer was a twentieth of the audit.
type FindingsCSV struct {
	w   *bufio.Writer
	buf []byte
	row []string
}

// NewFindingsCSV writes the header to w.
func NewFindingsCSV(w io.Writer) (*FindingsCSV, error) {
	c := &FindingsCSV{w: bufio.NewWriterSize(w, 256<<10)}
	return c, c.writeRow(CSVHeader)
}

// Write appends a record's findings; turns numbers its answers (TurnsOf).
func (c *FindingsCSV) Write(fs []audit.Finding, turns Turns) error {
	for i := range fs {
		f := &fs[i]
		p := turns.Place(f)
		chunk, better := "", ""
		if f.ChunkID != nil {
			chunk = *f.ChunkID
		}
		if f.BetterChunkID != nil {
			better = *f.BetterChunkID
		}
		row := append(c.row[:0],
			f.ConversationID, f.Tenant, f.Agent, f.Timestamp, f.Source,
			strconv.Itoa(f.MessageIndex), strconv.Itoa(f.SentenceIndex), strconv.Itoa(p.Turn), strconv.Itoa(p.Sentence),
			strconv.Itoa(f.CharStart), strconv.Itoa(f.CharEnd),
			f.Sentence, f.Marker, f.Citation, chunk, f.ResolvedBy,
			f.Verdict, f.SentenceVerdict, f.AnswerStatus,
			scoreCell(f.SupportScore), scoreCell(f.SentenceScore), scoreCell(f.NPCoverage), scoreCell(f.TokenOverlap),
			strings.Join(f.NPFound, " | "), strings.Join(f.NPMissing, " | "),
			strings.Join(f.NumbersMissing, " | "), strings.Join(f.EntitiesMissing, " | "),
			f.MatchedText, strconv.Itoa(f.MatchedStart), strconv.Itoa(f.MatchedEnd),
			better, strings.Join(f.Reasons, " | "), strings.Join(f.Unstated, " | "),
		)
		for i := range row {
			// Control characters are shown as escapes, as on the
			// terminal: `cat findings.csv` must not run what the logs hold.
			row[i] = SafeCell(PrintableText(row[i]))
		}
		c.row = row
		// The signals are formatted straight into the row.
		b := appendCSVRecord(c.buf[:0], row)
		b = b[:len(b)-1]
		for _, s := range audit.Signals {
			b = append(b, ',')
			if v, ok := f.Signals[s.Name]; ok {
				b = appendScoreCell(b, v)
			}
		}
		c.buf = append(b, '\n')
		if _, err := c.w.Write(c.buf); err != nil {
			return err
		}
	}
	return nil
}

// appendScoreCell appends the cell of SafeCell(v.String()): a formatted
// number never needs quotes.
func appendScoreCell(b []byte, v audit.Score) []byte {
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], float64(v), 'f', 4, 64)
	if formulaLead(string(s)) {
		b = append(b, '\'')
	}
	return append(b, s...)
}

func (c *FindingsCSV) writeRow(row []string) error {
	c.buf = appendCSVRecord(c.buf[:0], row)
	_, err := c.w.Write(c.buf)
	return err
}

// Flush writes buffered data.
func (c *FindingsCSV) Flush() error { return c.w.Flush() }

// appendCSVRecord appends record as encoding/csv's Writer writes it with
// its defaults (Comma ',', UseCRLF false).
func appendCSVRecord(b []byte, record []string) []byte {
	for n, field := range record {
		if n > 0 {
			b = append(b, ',')
		}
		if !csvNeedsQuotes(field) {
			b = append(b, field...)
			continue
		}
		b = append(b, '"')
		for i := 0; i < len(field); i++ {
			if field[i] == '"' {
				b = append(b, '"')
			}
			b = append(b, field[i])
		}
		b = append(b, '"')
	}
	return append(b, '\n')
}

// csvNeedsQuotes is encoding/csv's fieldNeedsQuotes for Comma ','.
func csvNeedsQuotes(field string) bool {
	if field == "" {
		return false
	}
	if field == `\.` {
		return true
	}
	for i := 0; i < len(field); i++ {
		switch field[i] {
		case '\n', '\r', '"', ',':
			return true
		}
	}
	r1, _ := utf8.DecodeRuneInString(field)
	return unicode.IsSpace(r1)
}

func scoreCell(s *audit.Score) string {
	if s == nil {
		return ""
	}
	return s.String()
}

// SafeCell neutralises spreadsheet formulas: a cell that begins with =, +,
// -, @, tab or carriage return (also after blanks or quotes, see
// formulaLead) is prefixed with a single quote (OWASP's advice), so
// "=HYPERLINK(…)" from a log is shown, never run.
func SafeCell(s string) string {
	if formulaLead(s) {
		return "'" + s
	}
	return s
}

// formulaLead reports whether a spreadsheet could read cell s as a
// formula: it begins with =, +, -, @, tab or carriage return, or with one
// of =+-@ (or its fullwidth form) after blanks, quotes or a byte order
// mark, which some spreadsheets skip on import.
func formulaLead(s string) bool {
	if s != "" && (s[0] == '\t' || s[0] == '\r') {
		return true
	}
	for _, r := range s {
		switch r {
		case '=', '+', '-', '@', '＝', '＋', '－', '＠':
			return true
		case '"', '\'', '\ufeff':
			continue
		}
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return false
}
