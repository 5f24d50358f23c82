package readers

import (
	"fmt"
	"io"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"

	"github.com/ragaudit/ragaudit/internal/parquetrows"
)

// Arrow types of the canonical Parquet layout. Every column after the
// first version's (role, content, retrieval id/source/text/score) is
// nullable, so files written without them read as before.
var (
	vectorType = arrow.ListOf(arrow.PrimitiveTypes.Float32)
	chunkType  = arrow.StructOf(
		arrow.Field{Name: "id", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "source", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "text", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "score", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		arrow.Field{Name: "text_status", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "embedding", Type: vectorType, Nullable: true},
	)
	citationType = arrow.StructOf(
		arrow.Field{Name: "marker", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "start", Type: arrow.PrimitiveTypes.Int64},
		arrow.Field{Name: "end", Type: arrow.PrimitiveTypes.Int64},
		arrow.Field{Name: "chunk_ids", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
		arrow.Field{Name: "text", Type: arrow.BinaryTypes.String, Nullable: true},
	)
)

// CanonicalSchema is the Arrow schema of canonical records in Parquet.
// Citation spans are in offset_unit (convert writes utf8: byte offsets).
var CanonicalSchema = arrow.NewSchema([]arrow.Field{
	{Name: "conversation_id", Type: arrow.BinaryTypes.String},
	{Name: "tenant", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "agent", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "timestamp", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "messages", Type: arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "role", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "content", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "retrieval", Type: arrow.ListOf(chunkType), Nullable: true},
		arrow.Field{Name: "offset_unit", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "citations", Type: arrow.ListOf(citationType), Nullable: true},
		arrow.Field{Name: "embedding", Type: vectorType, Nullable: true},
	))},
	{Name: "warnings", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
}, nil)

// parquetRowGroup is the rows per row group: damage to one costs those
// rows (each counted as skipped), not the file, and readers (ours
// included) never need a large row group in memory.
const parquetRowGroup = 500

type parquetWriter struct{ *parquetrows.Writer }

// NewParquetWriter writes canonical records as Parquet (zstd, row groups
// of 500 conversations; smaller ones read at half the speed).
func NewParquetWriter(w io.Writer) (Writer, error) {
	return newParquetWriter(w, parquetRowGroup)
}

func newParquetWriter(w io.Writer, rows int) (*parquetWriter, error) {
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Zstd),
		parquet.WithMaxRowGroupLength(int64(rows)), parquet.WithCreatedBy("ragaudit"))
	pw, err := parquetrows.New(w, CanonicalSchema, props, rows)
	if err != nil {
		return nil, err
	}
	return &parquetWriter{pw}, nil
}

func (p *parquetWriter) Write(rec *Record) error {
	// Every field of a Record has a column; a citation that does not lie
	// on the content's character boundaries could not be read back, so it
	// is refused here rather than written.
	if err := checkWritableTime(rec); err != nil {
		return err
	}
	for i, m := range rec.Messages {
		for k, c := range m.Citations {
			if _, _, err := SpanToBytes(m.Content, c.Start, c.End, "utf8"); err != nil {
				return fmt.Errorf("%s:%d: conversation %q, messages[%d].citations[%d]: %v: cannot be written", rec.File, rec.Line, rec.ConversationID, i, k, err)
			}
		}
	}
	b := p.B
	b.Field(0).(*array.StringBuilder).Append(rec.ConversationID)
	appendOpt(b.Field(1).(*array.StringBuilder), rec.Tenant)
	appendOpt(b.Field(2).(*array.StringBuilder), rec.Agent)
	ts := ""
	if !rec.Timestamp.IsZero() {
		ts = rec.Timestamp.Format(time.RFC3339Nano)
	}
	appendOpt(b.Field(3).(*array.StringBuilder), ts)
	ml := b.Field(4).(*array.ListBuilder)
	ml.Append(true)
	ms := ml.ValueBuilder().(*array.StructBuilder)
	for _, m := range rec.Messages {
		appendMessage(ms, m)
	}
	warnings := rec.Warnings
	if len(warnings) == 0 {
		warnings = nil // null, as for a record without warnings
	}
	appendStrings(b.Field(5).(*array.ListBuilder), warnings)
	return p.EndRow()
}

// appendMessage appends one message to the messages' struct builder.
func appendMessage(ms *array.StructBuilder, m Message) {
	ms.Append(true)
	ms.FieldBuilder(0).(*array.StringBuilder).Append(m.Role)
	ms.FieldBuilder(1).(*array.StringBuilder).Append(m.Content)
	rl := ms.FieldBuilder(2).(*array.ListBuilder)
	switch {
	case len(m.Retrieval) == 0 && (m.Role != "assistant" || m.NoRetrievalLogged):
		rl.AppendNull() // not logged; an empty list is "nothing retrieved"
	default:
		rl.Append(true)
		rs := rl.ValueBuilder().(*array.StructBuilder)
		for _, c := range m.Retrieval {
			rs.Append(true)
			rs.FieldBuilder(0).(*array.StringBuilder).Append(c.LoggedID())
			appendOpt(rs.FieldBuilder(1).(*array.StringBuilder), c.Source)
			if c.Text == "" && c.Keys != nil {
				rs.FieldBuilder(2).(*array.StringBuilder).AppendNull() // logged without text, not empty text
			} else {
				rs.FieldBuilder(2).(*array.StringBuilder).Append(c.Text)
			}
			if c.Score != nil {
				rs.FieldBuilder(3).(*array.Float64Builder).Append(*c.Score)
			} else {
				rs.FieldBuilder(3).(*array.Float64Builder).AppendNull()
			}
			appendOpt(rs.FieldBuilder(4).(*array.StringBuilder), c.LoggedStatus())
			appendVector(rs.FieldBuilder(5).(*array.ListBuilder), c.Embedding)
		}
	}
	cl := ms.FieldBuilder(4).(*array.ListBuilder)
	if len(m.Citations) == 0 {
		appendOpt(ms.FieldBuilder(3).(*array.StringBuilder), "")
		cl.AppendNull()
	} else {
		ms.FieldBuilder(3).(*array.StringBuilder).Append("utf8")
		cl.Append(true)
		cs := cl.ValueBuilder().(*array.StructBuilder)
		for _, c := range m.Citations {
			cs.Append(true)
			appendOpt(cs.FieldBuilder(0).(*array.StringBuilder), c.Marker)
			cs.FieldBuilder(1).(*array.Int64Builder).Append(int64(c.Start))
			cs.FieldBuilder(2).(*array.Int64Builder).Append(int64(c.End))
			appendStrings(cs.FieldBuilder(3).(*array.ListBuilder), c.ChunkIDs)
			cs.FieldBuilder(4).(*array.StringBuilder).Append(m.Content[c.Start:c.End])
		}
	}
	appendVector(ms.FieldBuilder(5).(*array.ListBuilder), m.Embedding)
}

// appendStrings appends a list of strings, null for none.
func appendStrings(b *array.ListBuilder, v []string) {
	if v == nil {
		b.AppendNull()
		return
	}
	b.Append(true)
	for _, x := range v {
		b.ValueBuilder().(*array.StringBuilder).Append(x)
	}
}

func appendVector(b *array.ListBuilder, v []float32) {
	if v == nil {
		b.AppendNull()
		return
	}
	b.Append(true)
	b.ValueBuilder().(*array.Float32Builder).AppendValues(v, nil)
}

func appendOpt(b *array.StringBuilder, s string) {
	if s == "" {
		b.AppendNull()
		return
	}
	b.Append(s)
}
