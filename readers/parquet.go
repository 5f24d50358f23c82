package readers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// parquetBatchRows is the record-batch size read from Parquet. pqarrow in
// v17 reads nothing at all with a batch size of 0, so it is always set.
const parquetBatchRows = 512

// parquetMagic starts (and ends) every Parquet file.
const parquetMagic = "PAR1"

// errParquetStdin: Parquet's footer is read first, so a pipe will not do.
var errParquetStdin = errors.New("Parquet cannot be read from stdin (it needs random access): pass the file")

// IsParquet reports whether path is a Parquet file (by its magic bytes).
func IsParquet(path string) bool {
	if path == Stdin {
		return false
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	magic := make([]byte, 4)
	_, err = io.ReadFull(f, magic)
	return err == nil && string(magic) == parquetMagic
}

// Parquet streams the records of a Parquet file of canonical records:
// either one conversation per row (conversation_id, tenant, agent,
// timestamp, messages: list<struct<role, content, retrieval:
// list<struct<id, source, text, score>>>>), or the flat layout, one
// assistant turn per row (conversation_id, turn, timestamp, question,
// answer, retrieval). It reads batch by batch with buffered streams, so
// memory does not follow the file or row-group size; every string kept is
// copied out of Arrow's buffers. Skips name the row (1-based) in Line.
func Parquet(path string, stats *FileStats) iter.Seq2[Record, error] {
	if stats == nil {
		stats = &FileStats{}
	}
	stats.Path = path
	return func(yield func(Record, error) bool) {
		if path == Stdin {
			yield(Record{}, errParquetStdin)
			return
		}
		sum, size, err := hashFile(path)
		if err != nil {
			yield(Record{}, err)
			return
		}
		stats.SHA256, stats.Bytes = sum, size

		// arrow panics on some damaged files (a bad page header, a corrupt
		// compressed page) instead of returning an error, and pqarrow
		// decodes struct columns on goroutines of its own, out of reach of
		// any recover. So each row group is first decoded column by column
		// here, under guard, and handed to pqarrow only when that worked:
		// Parquet input costs two decodes, and damage becomes a counted
		// loss naming the row, like any other bad input.
		var (
			pf   *file.Reader
			fr   *pqarrow.FileReader
			cols parquetCols
		)
		err = guard(func() error {
			props := parquet.NewReaderProperties(memory.DefaultAllocator)
			props.BufferedStreamEnabled = true
			props.BufferSize = 1 << 20
			var err error
			if pf, err = file.OpenParquetFile(path, false, file.WithReadProps(props)); err != nil {
				return fmt.Errorf("not a readable Parquet file: %w", err)
			}
			if fr, err = pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: parquetBatchRows}, memory.DefaultAllocator); err != nil {
				return err
			}
			s, err := fr.Schema()
			if err != nil {
				return err
			}
			cols, err = parquetColumns(s)
			return err
		})
		defer func() {
			if pf != nil {
				_ = guard(pf.Close)
			}
		}()
		if err != nil {
			yield(Record{}, fmt.Errorf("%s: %w", path, err))
			return
		}
		row := 0
		lost := func(err error) {
			stats.Skipped++
			detail := "Parquet data from this row on cannot be read: " + err.Error()
			if n := pf.NumRows(); n > int64(row) {
				detail = fmt.Sprintf("rows %d–%d of %d cannot be read (damaged file): %v", row+1, n, n, err)
			}
			yield(Record{}, &SkipError{File: path, Line: row + 1, Reason: ReasonTruncatedGzip, Detail: detail})
		}
		for g := 0; g < pf.NumRowGroups(); g++ {
			if err := guard(func() error { return checkRowGroup(pf.RowGroup(g)) }); err != nil {
				lost(err)
				return
			}
			var rr pqarrow.RecordReader
			if err := guard(func() (err error) {
				rr, err = fr.GetRecordReader(context.Background(), nil, []int{g})
				return err
			}); err != nil {
				lost(err)
				return
			}
			ok := func() bool {
				defer func() { _ = guard(func() error { rr.Release(); return nil }) }()
				for {
					var more bool
					if err := guard(func() error { more = rr.Next(); return nil }); err != nil {
						lost(err)
						return false
					}
					if !more {
						break
					}
					batch := rr.Record()
					for i := 0; i < int(batch.NumRows()); i++ {
						var rec Record
						var skip *SkipError
						if err := guard(func() error { rec, skip = cols.record(batch, i); return nil }); err != nil {
							lost(err)
							return false
						}
						row++
						if skip != nil {
							skip.File, skip.Line = path, row
							stats.Skipped++
							if !yield(Record{}, skip) {
								return false
							}
							continue
						}
						rec.File, rec.Line = path, row
						stats.Records++
						if !yield(rec, nil) {
							return false
						}
					}
				}
				if err := rr.Err(); err != nil && !errors.Is(err, io.EOF) {
					lost(err)
					return false
				}
				return true
			}()
			if !ok {
				return
			}
		}
	}
}

// checkRowGroup decodes every value and level of a row group and returns
// the first error; run under guard, it turns arrow's panics on damaged
// data into errors on this goroutine.
func checkRowGroup(rg *file.RowGroupReader) error {
	const n = 1024
	def, rep := make([]int16, n), make([]int16, n)
	for j := 0; j < rg.NumColumns(); j++ {
		cr, err := rg.Column(j)
		if err != nil {
			return err
		}
		var read func() (int64, error)
		switch c := cr.(type) {
		case *file.ByteArrayColumnChunkReader:
			read = batchReader[parquet.ByteArray](c, def, rep)
		case *file.Int64ColumnChunkReader:
			read = batchReader[int64](c, def, rep)
		case *file.Int32ColumnChunkReader:
			read = batchReader[int32](c, def, rep)
		case *file.Float64ColumnChunkReader:
			read = batchReader[float64](c, def, rep)
		case *file.Float32ColumnChunkReader:
			read = batchReader[float32](c, def, rep)
		case *file.BooleanColumnChunkReader:
			read = batchReader[bool](c, def, rep)
		case *file.Int96ColumnChunkReader:
			read = batchReader[parquet.Int96](c, def, rep)
		case *file.FixedLenByteArrayColumnChunkReader:
			read = batchReader[parquet.FixedLenByteArray](c, def, rep)
		default:
			return fmt.Errorf("column %d: unsupported physical type %T", j, cr)
		}
		for cr.HasNext() {
			if t, err := read(); err != nil {
				return err
			} else if t == 0 {
				break
			}
		}
		if err := cr.Err(); err != nil {
			return err
		}
	}
	return nil
}

// batchReader returns a function that reads the next batch of a typed
// column chunk reader (arrow has one type per physical type, and no
// untyped ReadBatch) into scratch space, reporting the values read.
func batchReader[T any](c interface {
	ReadBatch(int64, []T, []int16, []int16) (int64, int, error)
}, def, rep []int16) func() (int64, error) {
	vals := make([]T, len(def))
	return func() (int64, error) {
		t, _, err := c.ReadBatch(int64(len(vals)), vals, def, rep)
		return t, err
	}
}

// guard runs f, turning a panic inside it into an error. Only calls into
// arrow are guarded, never yield: a panic of the consumer stays its own.
func guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("damaged Parquet data (%v)", r)
		}
	}()
	return f()
}

func hashFile(path string) (string, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}

// parquetCols locates the canonical columns in a file's schema.
type parquetCols struct {
	id, tenant, agent, ts int // -1 when absent
	warnings              int
	messages              int // canonical layout
	question, answer, ret int // flat layout
}

func parquetColumns(s *arrow.Schema) (parquetCols, error) {
	idx := func(name string) int {
		if is := s.FieldIndices(name); len(is) > 0 {
			return is[0]
		}
		return -1
	}
	c := parquetCols{id: idx("conversation_id"), tenant: idx("tenant"), agent: idx("agent"), ts: idx("timestamp"),
		messages: idx("messages"), question: idx("question"), answer: idx("answer"), ret: idx("retrieval"), warnings: idx("warnings")}
	if c.id < 0 {
		return c, errors.New(`no "conversation_id" column: not a canonical ragaudit table (see README, Parquet)`)
	}
	if c.messages < 0 && c.answer < 0 {
		return c, errors.New(`neither a "messages" column (one conversation per row) nor an "answer" column (one turn per row)`)
	}
	if c.messages >= 0 {
		if _, ok := s.Field(c.messages).Type.(*arrow.ListType); !ok {
			return c, fmt.Errorf(`column "messages" is %s, want list<struct<role, content, retrieval>>`, s.Field(c.messages).Type)
		}
	}
	return c, nil
}

func (c parquetCols) record(b arrow.Record, i int) (Record, *SkipError) {
	skip := func(reason, format string, args ...any) (Record, *SkipError) {
		return Record{}, &SkipError{Reason: reason, Detail: fmt.Sprintf(format, args...)}
	}
	var rec Record
	id, ok, err := stringAt(b.Column(c.id), i)
	switch {
	case err != nil:
		return Record{}, fieldSkip("conversation_id", err)
	case !ok || id == "":
		return skip(ReasonMissingField, "conversation_id is null or empty")
	}
	rec.ConversationID = id
	for _, f := range []struct {
		col int
		dst *string
	}{{c.tenant, &rec.Tenant}, {c.agent, &rec.Agent}} {
		if f.col >= 0 {
			v, _, err := stringAt(b.Column(f.col), i)
			if err != nil {
				return Record{}, fieldSkip(b.ColumnName(f.col), err)
			}
			*f.dst = v
		}
	}
	if c.ts >= 0 {
		ts, err := timeAt(b.Column(c.ts), i)
		if err != nil {
			return skip(ReasonBadTimestamp, "%v", err)
		}
		rec.Timestamp = ts
	}
	if c.warnings >= 0 {
		ws, err := stringsAt(b.Column(c.warnings), i)
		if err != nil {
			return Record{}, fieldSkip("warnings", err)
		}
		rec.Warnings = ws
	}
	if c.messages >= 0 && !b.Column(c.messages).IsNull(i) {
		msgs, skipErr := messagesAt(b.Column(c.messages).(*array.List), i, &rec.Warnings)
		if skipErr != nil {
			return Record{}, skipErr
		}
		rec.Messages = msgs
		for _, m := range msgs {
			if m.Role == "assistant" {
				return rec, nil
			}
		}
		return skip(ReasonNoAssistantTurn, "no assistant message to audit")
	}
	if c.answer < 0 {
		return skip(ReasonMissingField, "messages is null")
	}
	answer, ok, err := stringAt(b.Column(c.answer), i)
	if err != nil {
		return Record{}, fieldSkip("answer", err)
	}
	if !ok {
		return skip(ReasonMissingContent, "answer is null")
	}
	question := ""
	if c.question >= 0 {
		question, _, _ = stringAt(b.Column(c.question), i)
	}
	var chunks []Chunk
	if c.ret >= 0 {
		l, isList := b.Column(c.ret).(*array.List)
		if !isList {
			return skip(ReasonWrongType, "retrieval is %s, want list<struct<id, source, text, score>>", b.Column(c.ret).DataType())
		}
		var skipErr *SkipError
		if chunks, skipErr = chunksAt(l, i); skipErr != nil {
			return Record{}, skipErr
		}
	}
	rec.Messages = []Message{{Role: "user", Content: question}, {Role: "assistant", Content: answer, Retrieval: chunks}}
	return rec, nil
}

func messagesAt(l *array.List, i int, warnings *[]string) ([]Message, *SkipError) {
	st, ok := l.ListValues().(*array.Struct)
	if !ok {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: "messages is not a list of structs"}
	}
	role, content, ret := structField(st, "role"), structField(st, "content"), structField(st, "retrieval")
	unit, cits, emb := structField(st, "offset_unit"), structField(st, "citations"), structField(st, "embedding")
	if role == nil {
		return nil, &SkipError{Reason: ReasonMissingField, Detail: `messages have no "role" field`}
	}
	start, end := l.ValueOffsets(i)
	msgs := make([]Message, 0, end-start)
	for k := int(start); k < int(end); k++ {
		var m Message
		var ok bool
		var err error
		if m.Role, ok, err = stringAt(role, k); err != nil {
			return nil, fieldSkip(fmt.Sprintf("messages[%d].role", k-int(start)), err)
		} else if !ok || m.Role == "" {
			return nil, &SkipError{Reason: ReasonMissingField, Detail: fmt.Sprintf("messages[%d] has no role", k-int(start))}
		}
		m.Role = normalRole(m.Role)
		if content != nil {
			m.Content, ok, err = stringAt(content, k)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].content", k-int(start)), err)
			}
		}
		if m.Role == "assistant" && (content == nil || !ok) {
			return nil, &SkipError{Reason: ReasonMissingContent, Detail: fmt.Sprintf("messages[%d] (assistant) has no content", k-int(start))}
		}
		if ret != nil && !ret.IsNull(k) {
			rl, isList := ret.(*array.List)
			if !isList {
				return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("messages.retrieval is %s, want a list", ret.DataType())}
			}
			var skip *SkipError
			if m.Retrieval, skip = chunksAt(rl, k); skip != nil {
				return nil, skip
			}
		}
		n := k - int(start)
		var err2 error
		if emb != nil {
			if m.Embedding, err2 = vectorAt(emb, k); err2 != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].embedding", n), err2)
			}
		}
		if cits != nil && !cits.IsNull(k) {
			u := ""
			if unit != nil {
				if u, _, err2 = stringAt(unit, k); err2 != nil {
					return nil, fieldSkip(fmt.Sprintf("messages[%d].offset_unit", n), err2)
				}
			}
			in, skip := citationsAt(cits, k, n)
			if skip != nil {
				return nil, skip
			}
			var err error
			if m.Citations, *warnings, err = convertCitations(m.Content, u, in, n, *warnings); err != nil {
				return nil, &SkipError{Reason: ReasonWrongType, Detail: err.Error()}
			}
		}
		msgs = append(msgs, m)
	}
	return msgs, nil
}

func chunksAt(l *array.List, i int) ([]Chunk, *SkipError) {
	if l.IsNull(i) {
		return nil, nil
	}
	st, ok := l.ListValues().(*array.Struct)
	if !ok {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: "retrieval is not a list of structs"}
	}
	id, src, text, score := structField(st, "id"), structField(st, "source"), structField(st, "text"), structField(st, "score")
	status, emb := structField(st, "text_status"), structField(st, "embedding")
	start, end := l.ValueOffsets(i)
	if start == end {
		return nil, nil
	}
	out := make([]Chunk, 0, end-start)
	for k := int(start); k < int(end); k++ {
		var c Chunk
		var err error
		for _, f := range []struct {
			arr  arrow.Array
			dst  *string
			name string
		}{{id, &c.ID, "id"}, {src, &c.Source, "source"}, {text, &c.Text, "text"}} {
			if f.arr != nil {
				if *f.dst, _, err = stringAt(f.arr, k); err != nil {
					return nil, fieldSkip(fmt.Sprintf("retrieval[%d].%s", k-int(start), f.name), err)
				}
			}
		}
		if score != nil && !score.IsNull(k) {
			switch a := score.(type) {
			case *array.Float64:
				v := a.Value(k)
				c.Score = &v
			case *array.Float32:
				v := float64(a.Value(k))
				c.Score = &v
			default:
				return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("retrieval.score is %s, want a float", score.DataType())}
			}
		}
		if status != nil {
			s, _, err := stringAt(status, k)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("retrieval[%d].text_status", k-int(start)), err)
			}
			if c.Status, err = textStatus(s); err != nil {
				return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("retrieval[%d].text_status: %v", k-int(start), err)}
			}
		}
		if emb != nil {
			if c.Embedding, err = vectorAt(emb, k); err != nil {
				return nil, fieldSkip(fmt.Sprintf("retrieval[%d].embedding", k-int(start)), err)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// citationsAt reads the structured citations of message n (at row k of
// the message values) as the JSONL reader's wire form, spans unconverted.
func citationsAt(a arrow.Array, k, n int) ([]jsonCitation, *SkipError) {
	bad := func(format string, args ...any) ([]jsonCitation, *SkipError) {
		return nil, &SkipError{Reason: ReasonWrongType, Detail: fmt.Sprintf("messages[%d].citations", n) + fmt.Sprintf(format, args...)}
	}
	l, ok := a.(*array.List)
	if !ok {
		return bad(" is %s, want list<struct<marker, start, end, chunk_ids, text>>", a.DataType())
	}
	st, ok := l.ListValues().(*array.Struct)
	if !ok {
		return bad(" is not a list of structs")
	}
	marker, s, e, ids, text := structField(st, "marker"), structField(st, "start"), structField(st, "end"), structField(st, "chunk_ids"), structField(st, "text")
	start, end := l.ValueOffsets(k)
	var out []jsonCitation
	for j := int(start); j < int(end); j++ {
		var c jsonCitation
		var err error
		if marker != nil {
			if c.Marker, _, err = stringAt(marker, j); err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].citations[%d].marker", n, j-int(start)), err)
			}
		}
		a, aok := intAt(s, j)
		b, bok := intAt(e, j)
		if aok || bok { // one bound alone is a span without the other
			c.ClaimSpan = &jsonSpan{}
			if aok {
				c.ClaimSpan.Start = &a
			}
			if bok {
				c.ClaimSpan.End = &b
			}
		}
		if text != nil {
			t, ok, err := stringAt(text, j)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].citations[%d].text", n, j-int(start)), err)
			}
			if ok {
				c.Text = &t
			}
		}
		if ids != nil {
			vs, err := stringsAt(ids, j)
			if err != nil {
				return nil, fieldSkip(fmt.Sprintf("messages[%d].citations[%d].chunk_ids", n, j-int(start)), err)
			}
			for _, v := range vs {
				c.ChunkIDs = append(c.ChunkIDs, flexString(v))
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// intAt returns an integer column value (ok false when null or absent).
func intAt(a arrow.Array, i int) (int, bool) {
	if a == nil || a.IsNull(i) {
		return 0, false
	}
	switch a := a.(type) {
	case *array.Int64:
		return int(a.Value(i)), true
	case *array.Int32:
		return int(a.Value(i)), true
	}
	return 0, false
}

// stringsAt reads a list<string> value (nil when null or empty).
func stringsAt(a arrow.Array, i int) ([]string, error) {
	if a.IsNull(i) {
		return nil, nil
	}
	l, ok := a.(*array.List)
	if !ok {
		return nil, fmt.Errorf("is %s, want a list of strings", a.DataType())
	}
	start, end := l.ValueOffsets(i)
	var out []string
	for k := int(start); k < int(end); k++ {
		s, _, err := stringAt(l.ListValues(), k)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// vectorAt reads a list<float> value (nil when null).
func vectorAt(a arrow.Array, i int) ([]float32, error) {
	if a.IsNull(i) {
		return nil, nil
	}
	l, ok := a.(*array.List)
	if !ok {
		return nil, fmt.Errorf("is %s, want a list of floats", a.DataType())
	}
	start, end := l.ValueOffsets(i)
	out := make([]float32, 0, end-start)
	switch v := l.ListValues().(type) {
	case *array.Float32:
		out = append(out, v.Float32Values()[start:end]...)
	case *array.Float64:
		for _, x := range v.Float64Values()[start:end] {
			out = append(out, float32(x))
		}
	default:
		return nil, fmt.Errorf("is %s, want a list of floats", a.DataType())
	}
	return out, nil
}

func structField(st *array.Struct, name string) arrow.Array {
	if i, ok := st.DataType().(*arrow.StructType).FieldIdx(name); ok {
		return st.Field(i)
	}
	return nil
}

var errInvalidUTF8 = errors.New("invalid UTF-8")

// fieldSkip turns a column error into a skip: invalid UTF-8 or a wrong type.
func fieldSkip(field string, err error) *SkipError {
	if errors.Is(err, errInvalidUTF8) {
		return &SkipError{Reason: ReasonInvalidUTF8, Detail: field + ": invalid UTF-8"}
	}
	return &SkipError{Reason: ReasonWrongType, Detail: field + ": " + err.Error()}
}

// stringAt returns a copy of the text at row i (ok false when null).
// Integers are accepted as text: ids are often numeric.
func stringAt(a arrow.Array, i int) (string, bool, error) {
	if a.IsNull(i) {
		return "", false, nil
	}
	var s string
	switch a := a.(type) {
	case *array.String:
		s = strings.Clone(a.Value(i))
	case *array.LargeString:
		s = strings.Clone(a.Value(i))
	case *array.Binary:
		s = string(a.Value(i))
	case *array.Dictionary: // pandas writes categorical columns so
		return stringAt(a.Dictionary(), a.GetValueIndex(i))
	case *array.Int64:
		return fmt.Sprint(a.Value(i)), true, nil
	case *array.Int32:
		return fmt.Sprint(a.Value(i)), true, nil
	default:
		return "", false, fmt.Errorf("is %s, want a string", a.DataType())
	}
	if !utf8.ValidString(s) {
		return "", false, errInvalidUTF8
	}
	return s, true, nil
}

func timeAt(a arrow.Array, i int) (time.Time, error) {
	if a.IsNull(i) {
		return time.Time{}, nil
	}
	switch a := a.(type) {
	case *array.Timestamp:
		unit := a.DataType().(*arrow.TimestampType).Unit
		t, err := inRange(a.Value(i).ToTime(unit).UTC())
		if err != nil {
			return time.Time{}, fmt.Errorf("timestamp %v", err)
		}
		return t, nil
	default:
		s, _, err := stringAt(a, i)
		if err != nil {
			return time.Time{}, fmt.Errorf("timestamp %v", err)
		}
		if s == "" {
			return time.Time{}, nil
		}
		t, err := ParseTimestamp(s)
		if err != nil {
			return time.Time{}, fmt.Errorf("timestamp: %v", err)
		}
		return t, nil
	}
}

// Open streams the records of path in whatever supported format it is:
// Parquet (by its magic bytes), a provider response format (by its
// content, or opts.Format), or JSONL (plain or gzip; "-" is stdin).
func Open(path string, opts Options, stats *FileStats) iter.Seq2[Record, error] {
	if len(opts.Mappings) > 0 && !IsParquet(path) {
		return Mapped(path, opts.Mappings, opts.MappingName, opts, stats)
	}
	switch opts.Format {
	case "", "auto":
		if IsParquet(path) {
			return Parquet(path, stats)
		}
		if seq, ok := OpenDocument(path, &opts, stats); ok {
			return seq
		}
	case "parquet":
		return Parquet(path, stats)
	case "jsonl":
	default:
		seq, ok := OpenDocument(path, &opts, stats)
		if !ok {
			return func(yield func(Record, error) bool) {
				yield(Record{}, fmt.Errorf("%s: not readable as --format %s (one JSON document, or one per line)", path, opts.Format))
			}
		}
		return seq
	}
	return JSONL(path, opts, stats)
}
