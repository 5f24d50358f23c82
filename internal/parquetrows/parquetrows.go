// Package parquetrows buffers the rows of a Parquet file written by arrow:
// the columns of a schema are appended to a record builder, and every
// Rows rows the builder is written as a row group. The canonical log
// writer (readers) and the findings writer (report) share it.
package parquetrows

import (
	"io"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// Writer appends rows to B and writes them to the file every Rows rows.
type Writer struct {
	B    *array.RecordBuilder // the columns of the row being written
	fw   *pqarrow.FileWriter
	rows int // per row group
	n    int // rows in B
}

// New writes schema's rows to w (which it does not close) with props, a
// row group every rows rows.
func New(w io.Writer, schema *arrow.Schema, props *parquet.WriterProperties, rows int) (*Writer, error) {
	// pqarrow closes a sink that is an io.Closer; the caller owns w.
	fw, err := pqarrow.NewFileWriter(schema, struct{ io.Writer }{w}, props, pqarrow.DefaultWriterProps())
	if err != nil {
		return nil, err
	}
	return &Writer{B: array.NewRecordBuilder(memory.DefaultAllocator, schema), fw: fw, rows: rows}, nil
}

// EndRow counts the row just appended to B, writing a row group when
// there are Rows of them.
func (p *Writer) EndRow() error {
	if p.n++; p.n == p.rows {
		return p.flush()
	}
	return nil
}

func (p *Writer) flush() error {
	if p.n == 0 {
		return nil
	}
	rec := p.B.NewRecord()
	defer rec.Release()
	p.n = 0
	return p.fw.WriteBuffered(rec)
}

// Close writes what is buffered and the file's footer.
func (p *Writer) Close() error {
	if err := p.flush(); err != nil {
		return err
	}
	p.B.Release()
	return p.fw.Close()
}
