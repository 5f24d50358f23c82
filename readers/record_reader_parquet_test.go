package readers

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet/file"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

func sampleRecords() []Record {
	s := 0.8
	return []Record{
		{ConversationID: "c-1", Tenant: "acme", Agent: "bot", Timestamp: time.Date(2026, 5, 12, 14, 3, 0, 0, time.UTC),
			Messages: []Message{
				{Role: "user", Content: "What is the refund window?"},
				{Role: "assistant", Content: "30 days [1].", Retrieval: []Chunk{{ID: "1", Source: "refund.md", Text: "Refunds within 30 days.", Score: &s}, {ID: "2", Text: "Other."}}},
				{Role: "user", Content: "Thanks"},
				{Role: "assistant", Content: "You're welcome."},
			}},
		{ConversationID: "c-2", Messages: []Message{{Role: "assistant", Content: "Unicode ✓ €127.50 [1].", Retrieval: []Chunk{{ID: "1", Text: "€127.50"}}}}},
	}
}

func writeParquet(t *testing.T, recs []Record) string {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewParquetWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "log.parquet", buf.Bytes())
}

func readParquet(t *testing.T, path string) ([]Record, []*SkipError, error) {
	t.Helper()
	var recs []Record
	var skips []*SkipError
	for rec, err := range Open(path, Options{}, nil) {
		var skip *SkipError
		switch {
		case errors.As(err, &skip):
			skips = append(skips, skip)
		case err != nil:
			return recs, skips, err
		default:
			rec.File, rec.Line = "", 0
			recs = append(recs, rec)
		}
	}
	return recs, skips, nil
}

func TestParquetRoundTrip(t *testing.T) {
	in := sampleRecords()
	p := writeParquet(t, in)
	if b, _ := os.ReadFile(p); !bytes.HasPrefix(b, []byte(parquetMagic)) {
		t.Fatal("written file does not start as Parquet does")
	}
	got, skips, err := readParquet(t, p)
	if err != nil || len(skips) != 0 {
		t.Fatalf("err %v, skips %v", err, skips)
	}
	if !reflect.DeepEqual(got, in) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, in)
	}
}

func TestParquetBadRowsAreSkippedByRow(t *testing.T) {
	// The flat layout, built with arrow directly, with bad rows 2 and 4.
	chunk := arrow.StructOf(arrow.Field{Name: "id", Type: arrow.BinaryTypes.String}, arrow.Field{Name: "text", Type: arrow.BinaryTypes.String})
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "conversation_id", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "turn", Type: arrow.PrimitiveTypes.Int64},
		{Name: "question", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "answer", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "retrieval", Type: arrow.ListOf(chunk), Nullable: true},
	}, nil)
	rows := []struct {
		id, answer *string
	}{{ptr("f-1"), ptr("Refunds take 30 days [1].")}, {nil, ptr("x")}, {ptr("f-1"), ptr("Express takes 2 days [1].")}, {ptr("f-2"), nil}, {ptr("f-3"), ptr("bad \xff utf8")}}
	p := writeTable(t, schema, func(b *array.RecordBuilder) {
		for i, r := range rows {
			appendNullable(b.Field(0).(*array.StringBuilder), r.id)
			b.Field(1).(*array.Int64Builder).Append(int64(i))
			b.Field(2).(*array.StringBuilder).Append("Q?")
			appendNullable(b.Field(3).(*array.StringBuilder), r.answer)
			lb := b.Field(4).(*array.ListBuilder)
			lb.Append(true)
			sb := lb.ValueBuilder().(*array.StructBuilder)
			sb.Append(true)
			sb.FieldBuilder(0).(*array.StringBuilder).Append("1")
			sb.FieldBuilder(1).(*array.StringBuilder).Append("Refunds take 30 days.")
		}
	})
	got, skips, err := readParquet(t, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1].Messages[1].Content != "Express takes 2 days [1]." || got[0].Messages[1].Retrieval[0].Text != "Refunds take 30 days." {
		t.Fatalf("records %+v", got)
	}
	want := []struct {
		row    int
		reason string
	}{{2, ReasonMissingField}, {4, ReasonMissingContent}, {5, ReasonInvalidUTF8}}
	if len(skips) != len(want) {
		t.Fatalf("skips %v", skips)
	}
	for i, w := range want {
		if skips[i].Line != w.row || skips[i].Reason != w.reason || skips[i].File != p {
			t.Errorf("skip %d = %v, want row %d %s", i, skips[i], w.row, w.reason)
		}
	}
}

func TestParquetWithoutCanonicalColumnsIsAFileError(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.BinaryTypes.String}}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	b.Field(0).(*array.StringBuilder).Append("y")
	rec := b.NewRecord()
	var buf bytes.Buffer
	fw, _ := pqarrow.NewFileWriter(schema, &buf, nil, pqarrow.DefaultWriterProps())
	fw.Write(rec)
	fw.Close()
	p := writeFile(t, "other.parquet", buf.Bytes())
	_, _, err := readParquet(t, p)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "conversation_id") {
		t.Fatalf("err = %v", err)
	}
}

func TestTruncatedParquetIsAnError(t *testing.T) {
	p := writeParquet(t, sampleRecords())
	b, _ := os.ReadFile(p)
	cut := filepath.Join(t.TempDir(), "cut.parquet")
	os.WriteFile(cut, b[:len(b)/2], 0o644)
	if _, _, err := readParquet(t, cut); err == nil || !strings.Contains(err.Error(), cut) {
		t.Fatalf("err = %v", err)
	}
}

func TestJSONLWriterRoundTrip(t *testing.T) {
	in := sampleRecords()
	var buf bytes.Buffer
	w := NewJSONLWriter(&buf)
	for i := range in {
		w.Write(&in[i])
	}
	w.Close()
	p := writeFile(t, "log.jsonl", buf.Bytes())
	got, skips, err := readParquet(t, p) // Open dispatches to JSONL
	if err != nil || len(skips) != 0 || !reflect.DeepEqual(got, in) {
		t.Fatalf("err %v skips %v\n got %+v", err, skips, got)
	}
}

func ptr(s string) *string { return &s }

func appendNullable(b *array.StringBuilder, s *string) {
	if s == nil {
		b.AppendNull()
		return
	}
	b.Append(*s)
}

// parquetBytes is a small valid Parquet file of n conversations.
func parquetBytes(t testing.TB, n int) []byte {
	return parquetGroups(t, n, parquetRowGroup)
}

// parquetGroups is n sample conversations as Parquet, in row groups of
// rows.
func parquetGroups(t testing.TB, n, rows int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := newParquetWriter(&buf, rows)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		rec := sampleRecords()[i%2]
		rec.ConversationID = fmt.Sprintf("c-%d", i)
		if err := w.Write(&rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readDamaged reads a Parquet file to the end and returns what it yielded.
// Reaching the end at all is the point: arrow panics on many damaged pages,
// some of them on its own goroutines.
func readDamaged(t testing.TB, path string) (records, skips int, fileErr error) {
	for _, err := range Open(path, Options{}, nil) {
		var skip *SkipError
		switch {
		case errors.As(err, &skip):
			if skip.Line < 1 || skip.Reason == "" {
				t.Fatalf("skip without a row or reason: %v", skip)
			}
			skips++
		case err != nil:
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("error does not name the file: %v", err)
			}
			fileErr = err
		default:
			records++
		}
	}
	return records, skips, fileErr
}

// parquetFlips is how many damaged copies TestDamagedParquet reads.
var parquetFlips = 150

// TestDamagedParquet flips bytes all over a valid file: every damaged copy
// is read to the end without a crash, and damage is reported, not passed
// off as a shorter clean read: unless the file cannot be opened at all,
// every row is read or counted as skipped.
func TestDamagedParquet(t *testing.T) {
	good := parquetBytes(t, 40)
	p := filepath.Join(t.TempDir(), "damaged.parquet")
	reported := 0
	for pos := 4; pos < len(good)-8; pos += max(1, len(good)/parquetFlips) {
		b := bytes.Clone(good)
		b[pos] ^= 0xff
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		recs, skips, fileErr := readDamaged(t, p)
		if fileErr == nil && recs+skips != 40 {
			t.Fatalf("flip at %d: %d records and %d skips from a 40-row file: every row is read or counted", pos, recs, skips)
		}
		if skips > 0 || fileErr != nil {
			reported++
		}
	}
	if reported < 20 {
		t.Fatalf("only %d damaged copies reported any damage", reported)
	}
}

// FuzzParquet feeds edits of valid Parquet files (splice: one small edit
// of a real file keeps inputs cheap to minimize), or insert alone, to the
// Parquet reader, from memory: no panic, every skip names its row, and no
// more rows come out than the footer announces.
func FuzzParquet(f *testing.F) {
	limit := decodeLimit
	decodeLimit = 2 * time.Second // a decoder that cannot end costs 2 s, not 60
	defer func() { decodeLimit = limit }()
	samples := [][]byte{parquetBytes(f, 3), parquetGroups(f, 2, 1)}
	for i := range samples {
		f.Add(uint8(i), uint16(0), uint8(0), []byte{})
	}
	f.Add(uint8(0), uint16(200), uint8(1), []byte{0xff})
	f.Fuzz(func(t *testing.T, sample uint8, at uint16, cut uint8, insert []byte) {
		data := insert
		if int(sample) < len(samples) {
			data = splice(samples[sample], at, cut, insert)
		}
		rows := 0
		_ = parquetRows("fuzz", bytes.NewReader(data), func() error { return nil }, func(rec Record, err error) bool {
			rows++
			var skip *SkipError
			if errors.As(err, &skip) && (skip.Line < 1 || skip.Line > rows || skip.Reason == "") {
				t.Fatalf("skip %d without its row or reason: %v", rows, skip)
			}
			return true
		})
		var n int64 = -1
		_ = guard(func() error { // arrow may panic on a damaged footer
			pf, err := file.NewParquetReader(bytes.NewReader(data))
			if err == nil {
				n = pf.NumRows()
			}
			return err
		})
		if n >= 0 && int64(rows) > n {
			t.Fatalf("%d rows read from a file of %d", rows, n)
		}
	})
}

// pandas writes categorical columns as dictionary-encoded strings (and
// stores the Arrow schema, so they read back as dictionaries).
func TestParquetDictionaryStrings(t *testing.T) {
	dict := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "conversation_id", Type: arrow.BinaryTypes.String},
		{Name: "tenant", Type: dict, Nullable: true},
		{Name: "answer", Type: arrow.BinaryTypes.String},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	for i, tenant := range []string{"acme", "globex", "acme"} {
		b.Field(0).(*array.StringBuilder).Append(fmt.Sprintf("d-%d", i))
		if err := b.Field(1).(*array.BinaryDictionaryBuilder).AppendString(tenant); err != nil {
			t.Fatal(err)
		}
		b.Field(2).(*array.StringBuilder).Append("An answer.")
	}
	rec := b.NewRecord()
	defer rec.Release()
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(schema, &buf, nil, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		t.Fatal(err)
	}
	if err := fw.Write(rec); err != nil {
		t.Fatal(err)
	}
	fw.Close()
	got, skips, err := readParquet(t, writeFile(t, "dict.parquet", buf.Bytes()))
	if err != nil || len(skips) != 0 {
		t.Fatalf("err %v, skips %v", err, skips)
	}
	var tenants []string
	for _, r := range got {
		tenants = append(tenants, r.Tenant)
	}
	if strings.Join(tenants, ",") != "acme,globex,acme" {
		t.Fatalf("tenants %v", tenants)
	}
}

// richRecord has every field of a Record the audit uses: structured
// citations on multi-byte content (a marker, several chunk ids, one
// without), chunk text statuses, message and chunk embeddings, warnings.
func richRecord() Record {
	s := 0.5
	content := "Le délai est de 30 jours 😀. Les frais sont 5 €."
	second := strings.Index(content, "Les")
	return Record{ConversationID: "c-rich", Tenant: "acme", Timestamp: time.Date(2026, 5, 12, 14, 3, 0, 0, time.UTC),
		Warnings: []string{"gemini segment 3-9 (utf8 bytes) does not match its text"},
		Messages: []Message{
			{Role: "user", Content: "Délai ?"},
			{Role: "assistant", Content: content, Embedding: []float32{0.25, -1, 3},
				Retrieval: []Chunk{
					{ID: "a", Source: "s.md", Text: "Délai de 30 jours.", Score: &s, Status: TextFull, Embedding: []float32{1, 0}},
					{ID: "b", Text: "Frais…", Status: TextTruncated},
					{ID: "c", Status: TextAbsent},
					{ID: "d", Text: "[redacted]", Status: TextRedacted},
				},
				Citations: []Citation{
					{Start: 0, End: second - 1, ChunkIDs: []string{"a", "c"}, Marker: "gemini:groundingSupport"},
					{Start: second, End: len(content), ChunkIDs: []string{"b"}},
					{Start: second, End: second + 3},
				}},
		}}
}

// Parquet carries every field of a Record: reading back what convert
// wrote gives the same records, citations and warnings included.
func TestParquetRoundTripKeepsCitationsStatusesEmbeddingsAndWarnings(t *testing.T) {
	in := append(sampleRecords(), richRecord())
	got, skips, err := readParquet(t, writeParquet(t, in))
	if err != nil || len(skips) != 0 {
		t.Fatalf("err %v, skips %v", err, skips)
	}
	if !reflect.DeepEqual(got, in) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, in)
	}
}

// A citation whose span is not on the content's character boundaries
// cannot be read back: convert refuses it, naming the record, rather than
// write what would be dropped.
func TestParquetWriterRefusesACitationItCouldNotReadBack(t *testing.T) {
	rec := richRecord()
	rec.File, rec.Line = "in.json", 7
	rec.Messages[1].Citations[0].End = 5 // inside "é" (bytes 4-5)
	w, err := NewParquetWriter(&bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	err = w.Write(&rec)
	if err == nil || !strings.Contains(err.Error(), "in.json:7") || !strings.Contains(err.Error(), "c-rich") {
		t.Fatalf("error %v, want one naming in.json:7 and the conversation", err)
	}
}

// A file written before citations, statuses, embeddings and warnings had
// columns (testdata/parquet/v1-schema.parquet, ragaudit-canonical-v2 as
// convert wrote it then) reads as it did: three conversations, no
// citations.
func TestParquetOfTheFirstSchemaStillReads(t *testing.T) {
	got, skips, err := readParquet(t, filepath.Join("..", "testdata", "parquet", "v1-schema.parquet"))
	if err != nil || len(skips) != 0 || len(got) != 3 {
		t.Fatalf("%d records, skips %v, %v", len(got), skips, err)
	}
	for _, r := range got {
		for _, m := range r.Messages {
			if len(m.Citations) != 0 || m.Embedding != nil {
				t.Errorf("%s: a first-schema file has no citations or embeddings: %+v", r.ConversationID, m)
			}
		}
	}
}

// An unknown text_status is not guessed at: the record is skipped as
// wrong_field_type, naming the field and the allowed values; the known
// ones are read in any case.
func TestTextStatusMustBeKnown(t *testing.T) {
	cases := []struct {
		name, status, want, reason string
	}{
		{"a known status is kept", "truncated", TextTruncated, ""},
		{"case and spaces do not matter", " Redacted ", TextRedacted, ""},
		{"no status is no status", "", "", ""},
		{"an unknown status skips the record", "banana", "", ReasonWrongType},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			line := `{"conversation_id":"c","messages":[{"role":"assistant","content":"a [1].","retrieval":[{"id":"1","text":"a","text_status":"` + tc.status + `"}]}]}`
			flat := `{"conversation_id":"c","answer":"a [1].","retrieval":[{"id":"1","text":"a","text_status":"` + tc.status + `"}]}`
			recs, skips := openAll(t, writeFile(t, "s.jsonl", []byte(line+"\n"+flat+"\n")), Options{})
			pq := []Record{{ConversationID: "c", Messages: []Message{{Role: "assistant", Content: "a [1].", Retrieval: []Chunk{{ID: "1", Text: "a", Status: tc.status}}}}}}
			precs, pskips, err := readParquet(t, writeParquet(t, pq))
			if err != nil {
				t.Fatal(err)
			}
			recs, skips = append(recs, precs...), append(skips, pskips...)
			if tc.reason == "" {
				if len(skips) != 0 || len(recs) != 3 {
					t.Fatalf("%d records, skips %v", len(recs), skips)
				}
				for _, r := range recs {
					if got := r.Messages[len(r.Messages)-1].Retrieval[0].Status; got != tc.want {
						t.Errorf("status %q, want %q", got, tc.want)
					}
				}
				return
			}
			if len(recs) != 0 || len(skips) != 3 {
				t.Fatalf("%d records, %d skips, want 3 skips", len(recs), len(skips))
			}
			for _, s := range skips {
				if s.Reason != tc.reason || !strings.Contains(s.Detail, "text_status") || !strings.Contains(s.Detail, "full, truncated, absent or redacted") || s.Line < 1 {
					t.Errorf("skip %v, want %s naming text_status and the allowed values", s, tc.reason)
				}
			}
		})
	}
}

// writeTable writes one Arrow record batch as a Parquet file.
func writeTable(t *testing.T, schema *arrow.Schema, fill func(b *array.RecordBuilder)) string {
	t.Helper()
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	fill(b)
	rec := b.NewRecord()
	defer rec.Release()
	var buf bytes.Buffer
	fw, err := pqarrow.NewFileWriter(schema, &buf, nil, pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := fw.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := fw.Close(); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "t.parquet", buf.Bytes())
}

// A role column of another type is a wrong type, not a missing role.
func TestParquetRoleOfTheWrongTypeIsAWrongType(t *testing.T) {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "conversation_id", Type: arrow.BinaryTypes.String},
		{Name: "messages", Type: arrow.ListOf(arrow.StructOf(
			arrow.Field{Name: "role", Type: arrow.FixedWidthTypes.Boolean},
			arrow.Field{Name: "content", Type: arrow.BinaryTypes.String}))},
	}, nil)
	p := writeTable(t, schema, func(b *array.RecordBuilder) {
		b.Field(0).(*array.StringBuilder).Append("c")
		ml := b.Field(1).(*array.ListBuilder)
		ml.Append(true)
		ms := ml.ValueBuilder().(*array.StructBuilder)
		ms.Append(true)
		ms.FieldBuilder(0).(*array.BooleanBuilder).Append(true)
		ms.FieldBuilder(1).(*array.StringBuilder).Append("A.")
	})
	got, skips, err := readParquet(t, p)
	if err != nil || len(got) != 0 || len(skips) != 1 {
		t.Fatalf("records %d, skips %v, %v", len(got), skips, err)
	}
	if s := skips[0]; s.Reason != ReasonWrongType || !strings.Contains(s.Detail, "messages[0].role") || !strings.Contains(s.Detail, "want a string") {
		t.Errorf("skip %v, want %s naming messages[0].role", s, ReasonWrongType)
	}
}

// An empty claim span in Parquet skips its record as in JSONL.
func TestParquetEmptyClaimSpanSkipsTheRecord(t *testing.T) {
	rec := richRecord()
	c := &rec.Messages[1].Citations[0]
	c.End = c.Start
	got, skips, err := readParquet(t, writeParquet(t, []Record{rec}))
	if err != nil || len(got) != 0 || len(skips) != 1 {
		t.Fatalf("records %d, skips %v, %v", len(got), skips, err)
	}
	if s := skips[0]; s.Reason != ReasonWrongType || !strings.Contains(s.Detail, "empty span") {
		t.Errorf("skip %v, want %s: empty span", s, ReasonWrongType)
	}
}

// Timestamps in Parquet: Unix times in an integer column are read by
// magnitude (no int64 is out of range then), and a Timestamp column out of
// 1970–9999 skips its row.
func TestParquetTimestampColumns(t *testing.T) {
	cases := []struct {
		name  string
		typ   arrow.DataType
		vals  []int64
		skips int
	}{
		{"int64 seconds and milliseconds", arrow.PrimitiveTypes.Int64, []int64{1715522580, 1715522580000}, 0},
		{"timestamp[s], one past the year 9999", arrow.FixedWidthTypes.Timestamp_s, []int64{1715522580, 253402300800, 1715522580}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			schema := arrow.NewSchema([]arrow.Field{
				{Name: "conversation_id", Type: arrow.BinaryTypes.String},
				{Name: "timestamp", Type: tc.typ},
				{Name: "answer", Type: arrow.BinaryTypes.String},
			}, nil)
			p := writeTable(t, schema, func(b *array.RecordBuilder) {
				for _, v := range tc.vals {
					b.Field(0).(*array.StringBuilder).Append("c")
					switch tb := b.Field(1).(type) {
					case *array.Int64Builder:
						tb.Append(v)
					case *array.TimestampBuilder:
						tb.Append(arrow.Timestamp(v))
					}
					b.Field(2).(*array.StringBuilder).Append("A.")
				}
			})
			got, skips, err := readParquet(t, p)
			if err != nil || len(got) != len(tc.vals)-tc.skips || len(skips) != tc.skips {
				t.Fatalf("records %d, skips %v, %v", len(got), skips, err)
			}
			want := time.Date(2024, 5, 12, 14, 3, 0, 0, time.UTC)
			for _, r := range got {
				if !r.Timestamp.Equal(want) {
					t.Errorf("timestamp %v, want %v", r.Timestamp, want)
				}
			}
			for _, s := range skips {
				if s.Line != 2 || s.Reason != ReasonBadTimestamp || !strings.Contains(s.Detail, "out of range") {
					t.Errorf("skip %v, want row 2 %s out of range", s, ReasonBadTimestamp)
				}
			}
		})
	}
}

// flipInRowGroup flips one bit in the middle of the largest column chunk
// of row group g.
func flipInRowGroup(t *testing.T, data []byte, g int) []byte {
	t.Helper()
	pf, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	rg := pf.MetaData().RowGroup(g)
	var at, size int64
	for j := 0; j < rg.NumColumns(); j++ {
		cc, err := rg.ColumnChunk(j)
		if err != nil {
			t.Fatal(err)
		}
		if cc.TotalCompressedSize() > size {
			at, size = cc.DataPageOffset(), cc.TotalCompressedSize()
		}
	}
	out := bytes.Clone(data)
	out[at+size/2] ^= 0x10
	return out
}

// One flipped bit in a row group costs the rows of that group only, each
// counted as a skipped record naming its row and the group's rows, and the
// other groups are read (it used to cost all 2,000 rows as one skip).
// convert's row groups hold 500 conversations; a file written as one
// group of 2,000 loses all 2,000, each counted.
func TestADamagedRowGroupCostsItsOwnRowsEachCounted(t *testing.T) {
	cases := []struct {
		name      string
		data      []byte
		group     int
		lost      [2]int // first and last row lost, 1-based
		groupRows string
	}{
		{"convert's row groups of 500", parquetBytes(t, 2000), 1, [2]int{501, 1000}, "rows 501–1000"},
		{"one row group of 2,000", parquetGroups(t, 2000, 2000), 0, [2]int{1, 2000}, "rows 1–2000"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stats := &FileStats{}
			o := collect(Open(writeFile(t, "damaged.parquet", flipInRowGroup(t, tc.data, tc.group)), Options{}, stats))
			if o.fatal != nil || len(o.records)+len(o.skips) != 2000 || stats.Records+stats.Skipped != 2000 {
				t.Fatalf("%d records, %d skips, error %v: want 2,000 rows accounted for", len(o.records), len(o.skips), o.fatal)
			}
			if len(o.skips) != tc.lost[1]-tc.lost[0]+1 {
				t.Fatalf("%d rows skipped, want rows %d–%d", len(o.skips), tc.lost[0], tc.lost[1])
			}
			for i, s := range o.skips {
				if s.Line != tc.lost[0]+i || s.Reason != ReasonTruncatedGzip || !strings.Contains(s.Detail, tc.groupRows) {
					t.Fatalf("skip %d: %v; want row %d, %s, naming %s", i, s, tc.lost[0]+i, ReasonTruncatedGzip, tc.groupRows)
				}
			}
			for _, r := range o.records {
				if r.Line >= tc.lost[0] && r.Line <= tc.lost[1] {
					t.Fatalf("row %d read from the damaged group", r.Line)
				}
			}
		})
	}
}

// A page header whose sizes do not fit its column chunk is damage found
// before arrow reads the page: arrow allocates the size a header states,
// and one inserted byte made a 4 KB file take 12 GB.
func TestAPageHeaderThatLiesIsDamage(t *testing.T) {
	data := splice(parquetGroups(t, 2, 1), 22, 0, []byte{0xc0})
	var skips []*SkipError
	err := parquetRows("damaged.parquet", bytes.NewReader(data), func() error { return nil }, func(rec Record, err error) bool {
		var skip *SkipError
		if errors.As(err, &skip) {
			skips = append(skips, skip)
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(skips) == 0 || !strings.Contains(skips[0].Detail, "damaged page header") {
		t.Fatalf("skips %v, want the first row group's rows counted as a damaged page header", skips)
	}
}

// A page header longer than the first read (statistics carry min and max
// values) is read whole, not taken for damage.
func TestALongPageHeaderIsReadWhole(t *testing.T) {
	varint := func(v uint64) []byte { return binary.AppendUvarint(nil, v) }
	zz := func(v int64) []byte { return varint(uint64(v<<1) ^ uint64(v>>63)) }
	var h []byte
	h = append(append(h, 0x15), zz(0)...)   // 1: type
	h = append(append(h, 0x15), zz(100)...) // 2: uncompressed_page_size
	h = append(append(h, 0x15), zz(100)...) // 3: compressed_page_size
	h = append(append(h, 0x28), varint(10000)...)
	h = append(h, bytes.Repeat([]byte{'x'}, 10000)...) // 5: 10 kB, as min/max statistics can be
	h = append(h, 0)
	page := append(h, make([]byte, 100)...)
	if err := walkPages(bytes.NewReader(page), int64(len(page)), 100, 0); err != nil {
		t.Fatalf("a valid 10 kB page header: %v", err)
	}
	if err := walkPages(bytes.NewReader(page), int64(len(page)), 99, 0); err == nil {
		t.Fatal("a page larger than its column chunk's uncompressed size passed")
	}
	if err := walkPages(bytes.NewReader(page[:5000]), 5000, 100, 0); err == nil {
		t.Fatal("a header cut short passed")
	}
	// parquet-mr 1.2.8 and older left the dictionary page's header out of
	// the chunk's size (PARQUET-816): with arrow's 100 bytes of slack the
	// chunk is read whole, without them its last page runs past.
	hdr := func(u, c int64) []byte {
		h := append(append([]byte{0x15}, zz(0)...), 0x15)
		h = append(append(h, zz(u)...), 0x15)
		return append(append(h, zz(c)...), 0)
	}
	dict := append(hdr(4, 4), make([]byte, 4)...)
	small := append(dict, append(hdr(100, 100), make([]byte, 100)...)...)
	footer := int64(len(small) - len(hdr(4, 4)))
	if err := walkPages(bytes.NewReader(small), footer, 104, 0); err == nil {
		t.Fatal("a chunk longer than its footer says passed without slack")
	}
	if err := walkPages(bytes.NewReader(small), footer, 104, 100); err != nil {
		t.Fatalf("an old parquet-mr chunk with slack: %v", err)
	}
}

// A damaged page on which arrow's decoder spins forever (one byte of a
// required column's page) is damage once decodeLimit has passed: its rows
// and the rest of the file are counted as skipped, and the read ends.
func TestADecoderThatCannotEndIsDamage(t *testing.T) {
	limit := decodeLimit
	decodeLimit = 500 * time.Millisecond
	defer func() { decodeLimit = limit }()
	data := splice(parquetBytes(t, 3), 62, 1, []byte{0x0e})
	var rows int
	var skips []*SkipError
	err := parquetRows("hang.parquet", bytes.NewReader(data), func() error { return nil }, func(rec Record, err error) bool {
		var skip *SkipError
		if errors.As(err, &skip) {
			skips = append(skips, skip)
		} else if err == nil {
			rows++
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if rows+len(skips) != 3 || len(skips) == 0 || !strings.Contains(skips[0].Detail, "did not end") {
		t.Fatalf("%d rows, skips %v: want the 3 rows each read or counted, the hung group's as not ending", rows, skips)
	}
}
