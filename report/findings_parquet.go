package report

import (
	"context"
	"fmt"
	"io"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"

	"github.com/ragaudit/ragaudit/audit"
	"github.com/ragaudit/ragaudit/internal/parquetrows"
)

// A sharded run writes its findings as Parquet, one file per unit and day
// (findings/day=2026-11-01/unit-000017.parquet, Hive partitioning, read
// by DuckDB, Spark, Trino): the public finding fields (findings.jsonl's,
// scores as exact doubles, lists as LIST<STRING>, signals as MAP<STRING,
// DOUBLE>), plus unit and row (ORDER BY unit, row is the one-machine
// order of findings.jsonl), the record's answers (turns), and what a
// review needs of a citation (evidence, its digest). The day is the
// partition, not a column.

var (
	strList = arrow.ListOf(arrow.BinaryTypes.String)
	// FindingsSchema is the Arrow schema of a findings Parquet file.
	FindingsSchema = arrow.NewSchema([]arrow.Field{
		{Name: "unit", Type: arrow.PrimitiveTypes.Int64},
		{Name: "row", Type: arrow.PrimitiveTypes.Int64},
		{Name: "conversation_id", Type: arrow.BinaryTypes.String},
		{Name: "tenant", Type: arrow.BinaryTypes.String},
		{Name: "agent", Type: arrow.BinaryTypes.String},
		{Name: "timestamp", Type: arrow.BinaryTypes.String},
		{Name: "source", Type: arrow.BinaryTypes.String},
		{Name: "message_index", Type: arrow.PrimitiveTypes.Int64},
		{Name: "sentence_index", Type: arrow.PrimitiveTypes.Int64},
		{Name: "turn", Type: arrow.PrimitiveTypes.Int64},
		{Name: "turns", Type: arrow.PrimitiveTypes.Int64},
		{Name: "sentence_number", Type: arrow.PrimitiveTypes.Int64},
		{Name: "char_start", Type: arrow.PrimitiveTypes.Int64},
		{Name: "char_end", Type: arrow.PrimitiveTypes.Int64},
		{Name: "sentence", Type: arrow.BinaryTypes.String},
		{Name: "marker", Type: arrow.BinaryTypes.String},
		{Name: "citation", Type: arrow.BinaryTypes.String},
		{Name: "chunk_id", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "resolved_by", Type: arrow.BinaryTypes.String},
		{Name: "verdict", Type: arrow.BinaryTypes.String},
		{Name: "sentence_verdict", Type: arrow.BinaryTypes.String},
		{Name: "answer_status", Type: arrow.BinaryTypes.String},
		{Name: "support_score", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "sentence_score", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "np_coverage", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "token_overlap", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "signals", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.PrimitiveTypes.Float64)},
		{Name: "np_found", Type: strList},
		{Name: "np_missing", Type: strList},
		{Name: "numbers_missing", Type: strList},
		{Name: "entities_missing", Type: strList},
		{Name: "matched_text", Type: arrow.BinaryTypes.String},
		{Name: "matched_start", Type: arrow.PrimitiveTypes.Int64},
		{Name: "matched_end", Type: arrow.PrimitiveTypes.Int64},
		{Name: "better_chunk_id", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "reasons", Type: strList},
		{Name: "language", Type: arrow.BinaryTypes.String},
		{Name: "chunk_language", Type: arrow.BinaryTypes.String},
		{Name: "unstated", Type: strList},
		{Name: "evidence", Type: arrow.BinaryTypes.String},
		{Name: "numbers_elsewhere", Type: strList},
	}, nil)
)

// ParquetFinding is one row of a findings Parquet file.
type ParquetFinding struct {
	Unit, Row   int
	Turn, Turns int // the finding's answer's turn, and the record's answers
	Evidence    string
	F           audit.Finding
}

// Turns numbers the finding's answer as the record did.
func (p *ParquetFinding) TurnsOf() Turns {
	of := make([]int, max(0, p.F.MessageIndex)+1)
	if p.F.MessageIndex >= 0 {
		of[p.F.MessageIndex] = p.Turn
	}
	return Turns{of: of, n: p.Turns}
}

// FindingsParquet writes findings to one Parquet file (Snappy, row groups
// of findingsRowGroup rows).
type FindingsParquet struct{ *parquetrows.Writer }

const findingsRowGroup = 4096

// NewFindingsParquet writes to w (which it does not close).
func NewFindingsParquet(w io.Writer) (*FindingsParquet, error) {
	// Snappy and small pages: a unit of generated logs spans 300 days,
	// and each open day's file holds a compressor and a page buffer per
	// column; zstd's were most of a shard's time.
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Snappy),
		parquet.WithDataPageSize(64<<10), parquet.WithDictionaryPageSizeLimit(64<<10),
		parquet.WithMaxRowGroupLength(findingsRowGroup), parquet.WithCreatedBy("ragaudit"))
	pw, err := parquetrows.New(w, FindingsSchema, props, findingsRowGroup)
	if err != nil {
		return nil, err
	}
	return &FindingsParquet{pw}, nil
}

// Write appends one finding.
func (p *FindingsParquet) Write(r *ParquetFinding) error {
	f := &r.F
	b := p.B
	ints := []int{0: r.Unit, 1: r.Row, 7: f.MessageIndex, 8: f.SentenceIndex, 9: r.Turn, 10: r.Turns, 11: f.SentenceIndex + 1,
		12: f.CharStart, 13: f.CharEnd, 32: f.MatchedStart, 33: f.MatchedEnd}
	strs := map[int]string{2: f.ConversationID, 3: f.Tenant, 4: f.Agent, 5: f.Timestamp, 6: f.Source, 14: f.Sentence,
		15: f.Marker, 16: f.Citation, 18: f.ResolvedBy, 19: f.Verdict, 20: f.SentenceVerdict, 21: f.AnswerStatus,
		31: f.MatchedText, 36: f.Language, 37: f.ChunkLanguage, 39: r.Evidence}
	for i, v := range ints {
		if _, ok := FindingsSchema.Field(i).Type.(*arrow.Int64Type); ok {
			b.Field(i).(*array.Int64Builder).Append(int64(v))
		}
	}
	for i, v := range strs {
		b.Field(i).(*array.StringBuilder).Append(v)
	}
	appendOptString(b.Field(17).(*array.StringBuilder), f.ChunkID)
	appendOptString(b.Field(34).(*array.StringBuilder), f.BetterChunkID)
	for i, s := range []*audit.Score{f.SupportScore, f.SentenceScore, f.NPCoverage, f.TokenOverlap} {
		fb := b.Field(22 + i).(*array.Float64Builder)
		if s == nil {
			fb.AppendNull()
		} else {
			fb.Append(float64(*s))
		}
	}
	mb := b.Field(26).(*array.MapBuilder)
	mb.Append(true)
	for _, name := range sortedSignalNames(f.Signals) {
		mb.KeyBuilder().(*array.StringBuilder).Append(name)
		mb.ItemBuilder().(*array.Float64Builder).Append(float64(f.Signals[name]))
	}
	for i, l := range map[int][]string{27: f.NPFound, 28: f.NPMissing, 29: f.NumbersMissing, 30: f.EntitiesMissing, 35: f.Reasons, 38: f.Unstated, 40: f.NumbersElsewhere} {
		lb := b.Field(i).(*array.ListBuilder)
		lb.Append(true)
		for _, s := range l {
			lb.ValueBuilder().(*array.StringBuilder).Append(s)
		}
	}
	return p.EndRow()
}

func appendOptString(b *array.StringBuilder, s *string) {
	if s == nil {
		b.AppendNull()
		return
	}
	b.Append(*s)
}

// ReadFindingsParquet calls each for every row of a findings Parquet file,
// in the file's order.
func ReadFindingsParquet(ctx context.Context, r parquet.ReaderAtSeeker, each func(*ParquetFinding) error) error {
	pf, err := file.NewParquetReader(r)
	if err != nil {
		return err
	}
	defer pf.Close()
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: 1024}, memory.DefaultAllocator)
	if err != nil {
		return err
	}
	if len(fr.Manifest.Fields) != len(FindingsSchema.Fields()) {
		return fmt.Errorf("not a findings file of this ragaudit (%d columns)", len(fr.Manifest.Fields))
	}
	for i, f := range fr.Manifest.Fields {
		if want := FindingsSchema.Field(i); f.Field.Name != want.Name || !arrow.TypeEqual(f.Field.Type, want.Type) {
			return fmt.Errorf("not a findings file of this ragaudit (column %d is %s %s, not %s %s)", i, f.Field.Name, f.Field.Type, want.Name, want.Type)
		}
	}
	rr, err := fr.GetRecordReader(ctx, nil, nil)
	if err != nil {
		return err
	}
	defer rr.Release()
	for rr.Next() {
		rec := rr.Record()
		for i := range int(rec.NumRows()) {
			row := findingOfRow(rec, i)
			if err := each(&row); err != nil {
				return err
			}
		}
	}
	if err := rr.Err(); err != nil && err != io.EOF { // arrow ends a record reader with io.EOF
		return err
	}
	return nil
}

// findingOfRow reads row i of a record batch of FindingsSchema.
func findingOfRow(rec arrow.Record, i int) ParquetFinding {
	num := func(c int) int { return int(rec.Column(c).(*array.Int64).Value(i)) }
	str := func(c int) string { return rec.Column(c).(*array.String).Value(i) }
	optStr := func(c int) *string {
		a := rec.Column(c).(*array.String)
		if a.IsNull(i) {
			return nil
		}
		s := a.Value(i)
		return &s
	}
	score := func(c int) *audit.Score {
		a := rec.Column(c).(*array.Float64)
		if a.IsNull(i) {
			return nil
		}
		s := audit.Score(a.Value(i))
		return &s
	}
	list := func(c int) []string {
		a := rec.Column(c).(*array.List)
		from, to := a.ValueOffsets(i)
		vals := a.ListValues().(*array.String)
		out := make([]string, 0, to-from)
		for k := from; k < to; k++ {
			out = append(out, vals.Value(int(k)))
		}
		return out
	}
	m := rec.Column(26).(*array.Map)
	from, to := m.ValueOffsets(i)
	keys, items := m.Keys().(*array.String), m.Items().(*array.Float64)
	signals := make(map[string]audit.Score, to-from)
	for k := from; k < to; k++ {
		signals[keys.Value(int(k))] = audit.Score(items.Value(int(k)))
	}
	f := audit.Finding{ConversationID: str(2), Tenant: str(3), Agent: str(4), Timestamp: str(5), Source: str(6),
		MessageIndex: num(7), SentenceIndex: num(8), CharStart: num(12), CharEnd: num(13), Sentence: str(14),
		Marker: str(15), Citation: str(16), ChunkID: optStr(17), ResolvedBy: str(18), Verdict: str(19),
		SentenceVerdict: str(20), AnswerStatus: str(21), SupportScore: score(22), SentenceScore: score(23),
		NPCoverage: score(24), TokenOverlap: score(25), Signals: signals, NPFound: list(27), NPMissing: list(28),
		NumbersMissing: list(29), EntitiesMissing: list(30), MatchedText: str(31), MatchedStart: num(32),
		MatchedEnd: num(33), BetterChunkID: optStr(34), Reasons: list(35), Language: str(36), ChunkLanguage: str(37),
		Unstated: list(38)}
	if l := list(40); len(l) > 0 { // omitted when empty, as findings.jsonl does
		f.NumbersElsewhere = l
	}
	return ParquetFinding{Unit: num(0), Row: num(1), Turn: num(9), Turns: num(10), Evidence: str(39), F: f}
}

func sortedSignalNames(m map[string]audit.Score) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
